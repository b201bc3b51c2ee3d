// Package apiclient speaks to the Lifeline HTTP API as a signed-in browser
// would, for the benchmark tools and the bracelet simulator: a cookie jar
// for the session, JSON in and out, and the Origin header the API's
// cross-origin protection wants on state-changing requests.
package apiclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"time"
)

// Client is one signed-in (or signing-in) user of one server.
type Client struct {
	Base   string       // scheme://host[:port], no trailing slash
	Origin string       // sent on state-changing requests (cross-origin protection)
	HTTP   *http.Client // its Jar holds the session
}

// Error is an error answer from the API.
type Error struct {
	Method, Path string
	Status       int
	Code         string
	Message      string
}

func (e *Error) Error() string {
	msg := e.Message
	if msg == "" {
		msg = http.StatusText(e.Status)
	}
	return fmt.Sprintf("%s %s: %d %s", e.Method, e.Path, e.Status, msg)
}

// New checks raw (the --api flag of the tools) and returns a client of
// it whose requests time out after a minute.
func New(raw string) (*Client, error) {
	u, err := url.Parse(strings.TrimRight(raw, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("--api %q is not an http:// or https:// URL such as http://localhost:8080", raw)
	}
	jar, _ := cookiejar.New(nil)
	origin := u.Scheme + "://" + u.Host
	return &Client{Base: origin + u.Path, Origin: origin, HTTP: &http.Client{Jar: jar, Timeout: time.Minute}}, nil
}

// Do sends body (if not nil) as JSON and decodes the answer into out (if
// not nil). An answer of 400 or more is an *Error; a server that cannot be
// reached is an error saying so.
func (c *Client) Do(ctx context.Context, method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.Base+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if method != http.MethodGet && method != http.MethodHead {
		req.Header.Set("Origin", c.Origin)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return fmt.Errorf("cannot reach the API at %s: %v", c.Base, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	if resp.StatusCode >= 400 {
		e := &Error{Method: method, Path: strings.SplitN(path, "?", 2)[0], Status: resp.StatusCode}
		var eb struct{ Error, Message string }
		if json.Unmarshal(data, &eb) == nil {
			e.Code, e.Message = eb.Error, eb.Message
		}
		return e
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			return fmt.Errorf("%s %s: unexpected answer: %v", method, path, err)
		}
	}
	return nil
}
