package main

import (
	"bytes"
	"crypto/tls"
	"fmt"
	"io"
	"net/http"
	"time"
)

// httpSender sends the phone apps' HTTP requests for every device over one
// pool of kept-alive connections, as many as requests in flight at once.
type httpSender struct {
	base   string // --api
	client *http.Client
}

func newHTTPSender(base string, conns int, insecure bool) *httpSender {
	transport := &http.Transport{
		MaxIdleConns: conns, MaxIdleConnsPerHost: conns, IdleConnTimeout: 90 * time.Second,
		TLSClientConfig: &tls.Config{InsecureSkipVerify: insecure, MinVersion: tls.VersionTLS12},
	}
	return &httpSender{base: base, client: &http.Client{Transport: transport, Timeout: 30 * time.Second}}
}

// httpToken is a request in flight, settled like a paho publish token: done
// when the answer is in, with an error unless it was a 200 (which the
// server sends only once the fixes are stored).
type httpToken struct {
	done chan struct{}
	err  error
}

func (t *httpToken) Wait() bool { <-t.done; return true }

func (t *httpToken) WaitTimeout(d time.Duration) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-t.done:
		return true
	case <-timer.C:
		return false
	}
}

func (t *httpToken) Done() <-chan struct{} { return t.done }
func (t *httpToken) Error() error          { return t.err }

// send posts fixes as the protocol's app would, in the background.
func (h *httpSender) send(p protocol, cred credential, fixes []pendingFix) *httpToken {
	t := &httpToken{done: make(chan struct{})}
	req, err := h.request(p, cred, fixes)
	if err != nil {
		t.err = err
		close(t.done)
		return t
	}
	go func() {
		defer close(t.done)
		resp, err := h.client.Do(req)
		if err != nil {
			t.err = err
			return
		}
		_, _ = io.Copy(io.Discard, resp.Body) // read to the end, so the connection is kept
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.err = fmt.Errorf("%s %s: HTTP %d", req.Method, req.URL.Path, resp.StatusCode)
		}
	}()
	return t
}

func (h *httpSender) request(p protocol, cred credential, fixes []pendingFix) (*http.Request, error) {
	var req *http.Request
	var err error
	switch p {
	case protoOwnTracksHTTP:
		req, err = http.NewRequest(http.MethodPost, h.base+"/api/ingest/owntracks", bytes.NewReader(ownTracksLocation(&fixes[0])))
		if err == nil {
			req.SetBasicAuth(cred.ID, cred.Token)
			req.Header.Set("X-Limit-U", cred.ID)
			req.Header.Set("X-Limit-D", "sim")
		}
	case protoOverland:
		req, err = http.NewRequest(http.MethodPost, h.base+"/api/ingest/overland", bytes.NewReader(overlandBatch(fixes)))
		if err == nil {
			req.Header.Set("Authorization", "Bearer "+cred.ID+"."+cred.Token)
		}
	case protoOsmAnd:
		req, err = http.NewRequest(http.MethodGet, h.base+"/api/ingest/osmand?"+osmandQuery(cred.ID+"."+cred.Token, &fixes[0]), nil)
	default:
		return nil, fmt.Errorf("%s is not an HTTP protocol", p)
	}
	if err == nil && req.Method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
	}
	return req, err
}
