package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// shareLink is POST /api/share-links' answer.
type shareLink struct {
	Link struct {
		ID        int64
		ExpiresAt time.Time
		OpenCount int
		OpenedAt  []time.Time
	}
	Token string
	URL   string
}

func createShare(t *testing.T, c *client, hours int) shareLink {
	t.Helper()
	resp := c.do("POST", "/api/share-links", map[string]any{"hours": hours})
	if resp.status != http.StatusCreated {
		t.Fatalf("create share link = %d %s", resp.status, resp.body)
	}
	var s shareLink
	resp.json(t, &s)
	return s
}

// viewShare opens a link as a stranger's browser would: no session.
func viewShare(app *testApp, token string, refresh bool) response {
	return app.newClient().do("POST", "/api/share/view", map[string]any{"token": token, "refresh": refresh})
}

func TestShareLinkShowsOnlyTheLatestPositionUntilItEnds(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, email := app.registerUser("Alex")
	other, _ := app.registerUser("Otto")

	s := createShare(t, wearer, 8)
	if !strings.HasSuffix(s.URL, "/share#token="+s.Token) || !strings.HasPrefix(s.URL, app.url) {
		t.Errorf("url %q: want the request's origin and the token in the fragment", s.URL)
	}
	if want := app.now.Load().Add(8 * time.Hour); !s.Link.ExpiresAt.Equal(want) {
		t.Errorf("expiresAt = %v, want %v", s.Link.ExpiresAt, want)
	}

	// Before any fix: the name and "no position yet".
	resp := viewShare(app, s.Token, false)
	if resp.status != http.StatusOK {
		t.Fatalf("view = %d %s", resp.status, resp.body)
	}
	if got := string(resp.body); !strings.Contains(got, `"location":null`) || !strings.Contains(got, `"firstName":"Alex"`) {
		t.Errorf("before any fix: %s", got)
	}

	// Two fixes: only the latest shows, with nothing about the device.
	for _, lat := range []float64{51.5001, 51.5007} {
		if r := wearer.do("POST", "/api/gps/location", map[string]any{"latitude": lat, "longitude": -0.1246, "accuracy": 9}); r.status >= 300 {
			t.Fatalf("share location = %d %s", r.status, r.body)
		}
		app.advance(time.Second)
	}
	resp = viewShare(app, s.Token, true)
	var view map[string]any
	resp.json(t, &view)
	if len(view) != 3 || view["firstName"] != "Alex" || view["expiresAt"] == nil {
		t.Errorf("the answer holds more or less than name, location and end: %s", resp.body)
	}
	loc, _ := view["location"].(map[string]any)
	if len(loc) != 3 || loc["latitude"] != 51.5007 || loc["timestamp"] == nil {
		t.Errorf("location = %v, want only the latest latitude, longitude and time", loc)
	}
	for _, secret := range []string{email, "Tester", "accuracy", "battery", "deviceId", "source", "51.5001", "id"} {
		if strings.Contains(string(resp.body), secret) {
			t.Errorf("the public answer shows %q: %s", secret, resp.body)
		}
	}
	if resp.header.Get("Cache-Control") != "no-store" {
		t.Errorf("Cache-Control = %q", resp.header.Get("Cache-Control"))
	}

	// The wearer sees the open (the refresh is not one), newest first.
	app.advance(time.Minute)
	viewShare(app, s.Token, false)
	var list []struct {
		ID        int64
		OpenCount int
		OpenedAt  []time.Time
	}
	wearer.do("GET", "/api/share-links", nil).json(t, &list)
	if len(list) != 1 || list[0].OpenCount != 2 || len(list[0].OpenedAt) != 2 || !list[0].OpenedAt[0].After(list[0].OpenedAt[1]) {
		t.Errorf("list = %+v, want one link opened twice, newest first", list)
	}
	var others []any
	other.do("GET", "/api/share-links", nil).json(t, &others)
	if len(others) != 0 {
		t.Errorf("another account lists %v", others)
	}
}

func TestShareLinkEnds(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		end  func(t *testing.T, app *testApp, wearer *client, s shareLink) string // the token to try
	}{
		{"unknown", func(*testing.T, *testApp, *client, shareLink) string { return "not-a-token-anyone-made" }},
		{"empty", func(*testing.T, *testApp, *client, shareLink) string { return "" }},
		{"expired", func(_ *testing.T, app *testApp, _ *client, s shareLink) string {
			app.advance(time.Hour + time.Second)
			return s.Token
		}},
		{"revoked", func(t *testing.T, _ *testApp, wearer *client, s shareLink) string {
			if r := wearer.do("DELETE", fmt.Sprintf("/api/share-links/%d", s.Link.ID), nil); r.status != http.StatusNoContent {
				t.Fatalf("revoke = %d %s", r.status, r.body)
			}
			return s.Token
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			app := newTestApp(t)
			wearer, _ := app.registerUser("Alex")
			wearer.do("POST", "/api/gps/location", map[string]any{"latitude": 51.5, "longitude": -0.12, "accuracy": 9})
			s := createShare(t, wearer, 1)
			resp := viewShare(app, tc.end(t, app, wearer, s), false)
			code, message, _ := resp.errorBody(t)
			if resp.status != http.StatusNotFound || code != "not_found" || !strings.Contains(message, "no longer shared") {
				t.Errorf("= %d %s, want the kind 404", resp.status, resp.body)
			}
			if strings.Contains(string(resp.body), "Alex") || strings.Contains(string(resp.body), "51.5") {
				t.Errorf("an ended link still shows something: %s", resp.body)
			}
			var list []any
			wearer.do("GET", "/api/share-links", nil).json(t, &list)
			if tc.name != "unknown" && tc.name != "empty" && len(list) != 0 {
				t.Errorf("an ended link is still listed: %v", list)
			}
		})
	}
}

func TestShareLinkRequests(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, _ := app.registerUser("Alex")
	other, _ := app.registerUser("Otto")
	s := createShare(t, wearer, 24)
	cases := []struct {
		name   string
		c      *client
		method string
		path   string
		body   any
		want   int
	}{
		{"hours must be 1, 8 or 24", wearer, "POST", "/api/share-links", map[string]any{"hours": 2}, http.StatusBadRequest},
		{"hours are required", wearer, "POST", "/api/share-links", map[string]any{}, http.StatusBadRequest},
		{"someone else's link cannot be revoked", other, "DELETE", fmt.Sprintf("/api/share-links/%d", s.Link.ID), nil, http.StatusNotFound},
		{"an unknown link", wearer, "DELETE", "/api/share-links/999999", nil, http.StatusNotFound},
		{"a malformed id", wearer, "DELETE", "/api/share-links/abc", nil, http.StatusNotFound},
		{"signed out cannot list", app.newClient(), "GET", "/api/share-links", nil, http.StatusUnauthorized},
		{"signed out cannot create", app.newClient(), "POST", "/api/share-links", map[string]any{"hours": 1}, http.StatusUnauthorized},
		{"the owner revokes", wearer, "DELETE", fmt.Sprintf("/api/share-links/%d", s.Link.ID), nil, http.StatusNoContent},
		{"a second revoke", wearer, "DELETE", fmt.Sprintf("/api/share-links/%d", s.Link.ID), nil, http.StatusNotFound},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if resp := tc.c.do(tc.method, tc.path, tc.body); resp.status != tc.want {
				t.Errorf("%s %s = %d %s, want %d", tc.method, tc.path, resp.status, resp.body, tc.want)
			}
		})
	}
	t.Run("at most 10 live links", func(t *testing.T) {
		for range 10 {
			createShare(t, other, 1)
		}
		if resp := other.do("POST", "/api/share-links", map[string]any{"hours": 1}); resp.status != http.StatusConflict {
			t.Errorf("the 11th = %d %s, want 409", resp.status, resp.body)
		}
	})
}

func TestShareViewIsRateLimitedPerAddress(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, _ := app.registerUser("Alex")
	s := createShare(t, wearer, 1)
	var last response
	for i := range 31 {
		last = viewShare(app, fmt.Sprintf("guess-%d", i), false)
	}
	if last.status != http.StatusTooManyRequests || last.header.Get("Retry-After") == "" {
		t.Fatalf("after 30 unknown tokens = %d %s, want 429 with Retry-After", last.status, last.body)
	}
	if resp := viewShare(app, s.Token, false); resp.status != http.StatusTooManyRequests {
		t.Errorf("a good token from the blocked address = %d, want 429", resp.status)
	}
	app.advance(16 * time.Minute)
	if resp := viewShare(app, s.Token, false); resp.status != http.StatusOK {
		t.Errorf("after the block = %d %s, want 200 (the hour's link is still live)", resp.status, resp.body)
	}
}
