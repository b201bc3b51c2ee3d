package api_test

import (
	"net/http"
	"strings"
	"testing"
)

// crossSite are the ways a request from another site arrives: a modern
// browser's Sec-Fetch-Site, a sibling subdomain, an older browser that
// sends only Origin, and a sandboxed frame (Origin "null").
var crossSite = []struct {
	name    string
	headers []string
}{
	{"Sec-Fetch-Site cross-site", []string{"Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site"}},
	{"Sec-Fetch-Site same-site", []string{"Origin", "https://evil.lifeline.example", "Sec-Fetch-Site", "same-site"}},
	{"Origin only", []string{"Origin", "https://evil.example", "Sec-Fetch-Site", ""}},
	{"Origin null", []string{"Origin", "null", "Sec-Fetch-Site", ""}},
}

// TestCrossSiteRequestsChangeNothing sends every state-changing route, with
// a valid body and the victim's cookie, from another site: each answers 403
// and the victim's data is unchanged. The same requests from the app's own
// pages (or a non-browser client) get past the check.
func TestCrossSiteRequestsChangeNothing(t *testing.T) {
	t.Parallel()
	app := securityApp(t)
	a := newVictim(t, app)
	before := a.snapshot(t)
	routes := walkRoutes(t, app.api)
	for _, r := range routes {
		if !r.stateChanging() || r.spec.device {
			continue
		}
		if r.spec.anyOrigin {
			for _, cs := range crossSite {
				t.Run(r.String()+"/"+cs.name+" reaches nothing without its token", func(t *testing.T) {
					if resp := a.do(r.method, r.pathFor(a), r.spec.body("csrf"), cs.headers...); resp.status != http.StatusNotFound {
						t.Fatalf("= %d %.300s, want 404", resp.status, resp.body)
					}
				})
			}
			continue
		}
		for _, cs := range crossSite {
			t.Run(r.String()+"/"+cs.name, func(t *testing.T) {
				var body any
				if r.spec.body != nil {
					body = r.spec.body("csrf")
				}
				if r.method == http.MethodDelete && r.pattern == "/api/account" {
					body = map[string]any{"password": goodPassword} // the real thing
				}
				resp := a.do(r.method, r.pathFor(a), body, cs.headers...)
				if resp.status != http.StatusForbidden {
					t.Fatalf("= %d %.300s, want 403", resp.status, resp.body)
				}
				if code, msg, _ := resp.errorBody(t); code != "forbidden" || msg != "Cross-origin request refused." {
					t.Errorf("body = %s", resp.body)
				}
			})
		}
	}
	a.requireUnchanged(t, before)

	// The check lets the app's own requests through (an invalid body: the
	// point is only that it is not refused as cross-site).
	other, _ := app.registerUser("Olga")
	for _, r := range routes {
		if !r.stateChanging() || r.spec.device {
			continue
		}
		for _, h := range [][]string{{"Sec-Fetch-Site", "same-origin"}, {"Origin", "", "Sec-Fetch-Site", ""}} {
			t.Run("allowed/"+r.String()+"/"+strings.Join(h, " "), func(t *testing.T) {
				var body any
				if r.spec.body != nil {
					body = `{"unknownField": true}`
				}
				if resp := other.do(r.method, r.pathFor(a), body, h...); resp.status == http.StatusForbidden {
					t.Errorf("= 403 for a same-origin request: %s", resp.body)
				}
			})
		}
	}
}

// TestCrossSiteLogoutIsIgnored: GET /api/logout is a browser navigation,
// so the cross-origin check (which lets GET through) does not cover it; a
// link on another site must not sign the user out.
func TestCrossSiteLogoutIsIgnored(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Lou")
	for _, cs := range []string{"cross-site", "same-site"} {
		resp := c.do("GET", "/api/logout", nil, "Origin", "", "Sec-Fetch-Site", cs, "Sec-Fetch-Mode", "navigate")
		if resp.status != http.StatusFound || resp.header.Get("Location") != "/" {
			t.Errorf("%s logout = %d to %q, want 302 to /", cs, resp.status, resp.header.Get("Location"))
		}
		if got := c.do("GET", "/api/auth/user", nil).status; got != http.StatusOK {
			t.Fatalf("after a %s navigation to /api/logout the user is signed out (%d)", cs, got)
		}
	}
	// The app's own link and a typed address still sign out.
	for _, site := range []string{"same-origin", "none"} {
		c, _ := app.registerUser("Lou")
		if resp := c.do("GET", "/api/logout", nil, "Origin", "", "Sec-Fetch-Site", site); resp.status != http.StatusFound {
			t.Fatalf("%s logout = %d", site, resp.status)
		}
		if got := c.do("GET", "/api/auth/user", nil).status; got != http.StatusUnauthorized {
			t.Errorf("%s logout left the session working (%d)", site, got)
		}
	}
}

// TestNoCORSForOtherOrigins: no route grants another origin access, to the
// preflight or to the request itself, so no other site can read answers.
func TestNoCORSForOtherOrigins(t *testing.T) {
	t.Parallel()
	app := securityApp(t)
	a := newVictim(t, app)
	for _, r := range walkRoutes(t, app.api) {
		if r.spec.stream {
			continue
		}
		t.Run(r.String(), func(t *testing.T) {
			preflight := a.do(http.MethodOptions, r.pathFor(a), nil,
				"Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site", "Sec-Fetch-Mode", "cors",
				"Access-Control-Request-Method", r.method, "Access-Control-Request-Headers", "content-type")
			// The status does not matter (/metrics answers 200 to anything):
			// without Access-Control-Allow-* the browser refuses.
			requireNoCORS(t, "preflight", preflight.header)
			if r.stateChanging() {
				return
			}
			get := a.do(r.method, r.pathFor(a), nil, "Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site", "Sec-Fetch-Mode", "cors")
			requireNoCORS(t, "request", get.header)
		})
	}
}

func requireNoCORS(t *testing.T, what string, h http.Header) {
	t.Helper()
	for name := range h {
		if strings.HasPrefix(strings.ToLower(name), "access-control-") {
			t.Errorf("%s answers %s: %q", what, name, h.Get(name))
		}
	}
}
