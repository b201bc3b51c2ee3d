package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"lifeline/internal/bench/apiclient"
)

// apiClient speaks to the Lifeline HTTP API as a signed-in user: it pairs
// devices, looks up zones and reads back stored fixes for --verify.
type apiClient struct{ *apiclient.Client }

// apiError is an error answer from the API.
type apiError = apiclient.Error

func newAPIClient(raw string) (*apiClient, error) {
	c, err := apiclient.New(raw)
	if err != nil {
		return nil, err
	}
	return &apiClient{c}, nil
}

func (c *apiClient) do(ctx context.Context, method, path string, body, out any) error {
	return c.Do(ctx, method, path, body, out)
}

// awaitReady waits, up to within, until the server answers /readyz with
// 200. After a restart the broker accepts (and acknowledges the resent
// fixes) a moment before the API listens: a verify right after the last
// PUBACK would find nobody there.
func (c *apiClient) awaitReady(ctx context.Context, within time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, within)
	defer cancel()
	for {
		err := c.do(ctx, http.MethodGet, "/readyz", nil, nil)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("the API is not ready after %s: %w", within, err)
		case <-time.After(250 * time.Millisecond):
		}
	}
}

func (c *apiClient) login(ctx context.Context, email, password string) error {
	err := c.do(ctx, http.MethodPost, "/api/auth/login", map[string]string{"email": email, "password": password}, nil)
	var ae *apiError
	if errors.As(err, &ae) && (ae.Status == http.StatusUnauthorized || ae.Status == http.StatusBadRequest || ae.Status == http.StatusTooManyRequests) {
		return fmt.Errorf("cannot sign in to %s as %s: %s", c.Base, email, ae.Message)
	}
	return err
}

// pairDevice creates a device for the signed-in user: POST /api/devices.
func (c *apiClient) pairDevice(ctx context.Context, name, kind string) (credential, error) {
	var d struct{ ID, Name, Token string }
	if err := c.do(ctx, http.MethodPost, "/api/devices", map[string]string{"name": name, "kind": kind}, &d); err != nil {
		return credential{}, err
	}
	if d.ID == "" || d.Token == "" {
		return credential{}, errors.New("POST /api/devices: the answer has no id or token")
	}
	return credential{ID: d.ID, Token: d.Token, Name: d.Name}, nil
}

// zone is a user's zone as GET /api/safe-zones lists it.
type zone struct {
	ID        json.RawMessage `json:"id"` // a number or a string; not used
	Name      string          `json:"name"`
	Type      string          `json:"type"`
	Latitude  *float64        `json:"latitude"`
	Longitude *float64        `json:"longitude"`
	Radius    float64         `json:"radius"`
	IsActive  bool            `json:"isActive"`
}

// findZone looks a zone of the signed-in user up by name.
func (c *apiClient) findZone(ctx context.Context, name string) (target, error) {
	var zones []zone
	err := c.do(ctx, http.MethodGet, "/api/safe-zones", nil, &zones)
	var ae *apiError
	if errors.As(err, &ae) && (ae.Status == http.StatusNotFound || ae.Status == http.StatusMethodNotAllowed) {
		return target{}, fmt.Errorf("the server at %s has no zones API (GET /api/safe-zones answered %d): give the point with --target-lat and --target-lon instead", c.Base, ae.Status)
	}
	if err != nil {
		return target{}, err
	}
	var names []string
	for _, z := range zones {
		if strings.EqualFold(strings.TrimSpace(z.Name), strings.TrimSpace(name)) {
			if z.Latitude == nil || z.Longitude == nil {
				return target{}, fmt.Errorf("zone %q has no centre point: give --target-lat and --target-lon instead", z.Name)
			}
			return target{name: z.Name, lat: *z.Latitude, lon: *z.Longitude, radius: math.Max(0, z.Radius)}, nil
		}
		names = append(names, strconv.Quote(z.Name))
	}
	if len(names) == 0 {
		return target{}, fmt.Errorf("no zone named %q: the account has no zones yet", name)
	}
	return target{}, fmt.Errorf("no zone named %q; the account's zones are %s", name, strings.Join(names, ", "))
}

// location is a stored fix as GET /api/gps/locations lists it.
type location struct {
	ID        int64     `json:"id"`
	Latitude  float64   `json:"latitude"`
	Longitude float64   `json:"longitude"`
	Accuracy  *float64  `json:"accuracy"`
	Timestamp time.Time `json:"timestamp"`
	Battery   *int      `json:"batteryLevel"`
	Source    string    `json:"source"`
	DeviceID  string    `json:"deviceId"`
}

// maxPage is the most fixes GET /api/gps/locations returns at once.
const maxPage = 1000

// locations lists the stored fixes with from ≤ ts ≤ to, newest first, up to limit.
func (c *apiClient) locations(ctx context.Context, from, to time.Time, limit int) ([]location, error) {
	q := url.Values{}
	q.Set("limit", strconv.Itoa(limit))
	q.Set("from", from.UTC().Format(time.RFC3339Nano))
	q.Set("to", to.UTC().Format(time.RFC3339Nano))
	var list []location
	err := c.do(ctx, http.MethodGet, "/api/gps/locations?"+q.Encode(), nil, &list)
	return list, err
}

// eachLocation pages through every stored fix with from ≤ ts ≤ to, newest
// first. Each page asks for fixes up to the oldest time of the previous one
// (inclusive, as several fixes may share a millisecond), skipping the ones
// already seen.
func (c *apiClient) eachLocation(ctx context.Context, from, to time.Time, fn func(location)) error {
	var boundary map[int64]bool // IDs already seen at time `to`
	for {
		page, err := c.locations(ctx, from, to, maxPage)
		if err != nil {
			return err
		}
		fresh := 0
		for _, l := range page {
			if l.Timestamp.Equal(to) && boundary[l.ID] {
				continue
			}
			fresh++
			fn(l)
		}
		if len(page) < maxPage {
			return nil
		}
		if fresh == 0 {
			return fmt.Errorf("more than %d fixes share the time %s: cannot page through them with GET /api/gps/locations", maxPage, to.Format(time.RFC3339Nano))
		}
		oldest := page[len(page)-1].Timestamp
		if boundary == nil || !oldest.Equal(to) {
			boundary = map[int64]bool{}
		}
		for _, l := range page {
			if l.Timestamp.Equal(oldest) {
				boundary[l.ID] = true
			}
		}
		to = oldest
	}
}
