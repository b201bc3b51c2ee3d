package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestIsolationMatrix sends every route, as user B, against user A's
// resources: A's ids answer 404, A's data appears in none of B's answers,
// and A's data is unchanged afterwards. Signed out, every protected route
// answers 401.
func TestIsolationMatrix(t *testing.T) {
	t.Parallel()
	app := securityApp(t)
	a := newVictim(t, app)
	b, _ := app.registerUser("Bruno")
	routes := walkRoutes(t, app.api)
	before := a.snapshot(t)

	leaks := func(t *testing.T, what string, body []byte) {
		t.Helper()
		for _, s := range a.secrets() {
			if strings.Contains(string(body), s) {
				t.Errorf("%s shows user A's %q:\n%.400s", what, s, body)
			}
		}
	}
	var last []route // routes that end B's session go at the end
	for _, r := range routes {
		if r.spec.endsSession {
			last = append(last, r)
			continue
		}
		if r.spec.stream {
			continue // TestLiveEventsNeverCrossUsers
		}
		t.Run("other user/"+r.String(), func(t *testing.T) {
			var body any
			if r.spec.body != nil {
				body = r.spec.body("bruno")
			}
			resp := b.do(r.method, r.pathFor(a), body)
			switch {
			case r.spec.id != notOwned:
				if resp.status != http.StatusNotFound {
					t.Errorf("= %d, want 404 for another user's resource: %.300s", resp.status, resp.body)
				}
			case resp.status >= 500:
				t.Errorf("= %d: %.300s", resp.status, resp.body)
			}
			leaks(t, r.String(), resp.body)
		})
	}
	for _, r := range last {
		t.Run("other user/"+r.String(), func(t *testing.T) {
			var body any
			if r.spec.body != nil {
				body = map[string]any{"password": goodPassword} // B really deletes B's own account
			}
			if resp := b.do(r.method, r.pathFor(a), body); resp.status >= 400 {
				t.Errorf("= %d: %.300s", resp.status, resp.body)
			}
		})
	}
	a.requireUnchanged(t, before)

	for _, r := range routes {
		if r.spec.stream {
			continue
		}
		t.Run("signed out/"+r.String(), func(t *testing.T) {
			var body any
			if r.spec.body != nil {
				body = r.spec.body("nobody")
			}
			resp := app.newClient().do(r.method, r.pathFor(a), body) // a fresh browser: register signs in

			switch {
			case !r.spec.public:
				if resp.status != http.StatusUnauthorized || !strings.Contains(string(resp.body), "Unauthorized") {
					t.Errorf("= %d %.200s, want 401 Unauthorized", resp.status, resp.body)
				}
			case resp.status >= 500:
				t.Errorf("= %d: %.300s", resp.status, resp.body)
			}
			leaks(t, r.String()+" signed out", resp.body)
		})
	}
	if got := app.newClient().do("GET", "/api/events", nil); got.status != http.StatusUnauthorized {
		t.Errorf("signed-out GET /api/events = %d, want 401", got.status)
	}
	a.requireUnchanged(t, before)
}

// TestLiveEventsNeverCrossUsers: every kind of live event user A causes
// reaches A's stream and never B's, also when B resumes with a
// Last-Event-ID older than A's alerts.
func TestLiveEventsNeverCrossUsers(t *testing.T) {
	t.Parallel()
	app := securityApp(t)
	a, _ := app.registerUser("Alice")
	b, _ := app.registerUser("Bruno")
	idA := userID(t, a)
	streamA, streamB := a.openStream(t, ""), b.openStream(t, "")

	alertID := raiseAlert(t, app, idA, "alicesecret alert", "sse")
	next(t, streamA, "alert")
	if resp := a.do("POST", "/api/gps/location", map[string]any{"latitude": 48.85, "longitude": 2.35, "accuracy": 5}); resp.status != http.StatusCreated {
		t.Fatalf("share = %d", resp.status)
	}
	next(t, streamA, "location")
	if resp := a.do("POST", "/api/safe-zones", zoneSpecBody("alicesecret")); resp.status != http.StatusCreated {
		t.Fatalf("zone = %d %s", resp.status, resp.body)
	}
	next(t, streamA, "zone")
	none(t, streamB, 300*time.Millisecond)

	// B reconnects claiming to have seen events up to before A's alert.
	resumed := b.openStream(t, "0")
	none(t, resumed, 300*time.Millisecond)
	resumedAt := b.openStream(t, fmt.Sprint(alertID-1))
	none(t, resumedAt, 300*time.Millisecond)
}
