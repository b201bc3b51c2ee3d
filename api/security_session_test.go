package api_test

import (
	"context"
	"crypto/sha256"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"lifeline/api"
)

func withToken(app *testApp, token string) *client {
	c := app.newClient()
	c.http.Jar.SetCookies(mustURL(app.url), []*http.Cookie{{Name: "lifeline_session", Value: token, Path: "/"}})
	return c
}

func signedIn(app *testApp, token string) int {
	return withToken(app, token).do("GET", "/api/auth/user", nil).status
}

// TestSessionFixation: a token in the browser before sign-up or sign-in is
// never the one after it and never becomes valid; the browser's earlier
// session ends at sign-in; after logout the token is dead everywhere.
func TestSessionFixation(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	planted := "attacker-chosen-token-value-0123456789abcdef"

	browser := withToken(app, planted)
	email := uniqueEmail("fix")
	if resp := browser.do("POST", "/api/auth/register", map[string]string{"email": email, "password": goodPassword, "firstName": "Fay"}); resp.status != http.StatusCreated {
		t.Fatalf("register = %d %s", resp.status, resp.body)
	}
	afterSignUp := browser.sessionToken()
	if afterSignUp == planted || afterSignUp == "" {
		t.Fatalf("sign-up kept the planted token")
	}
	if got := signedIn(app, planted); got != http.StatusUnauthorized {
		t.Errorf("planted token after sign-up = %d, want 401", got)
	}

	if resp := browser.do("POST", "/api/auth/login", map[string]string{"email": email, "password": goodPassword}); resp.status != http.StatusOK {
		t.Fatalf("login = %d", resp.status)
	}
	afterSignIn := browser.sessionToken()
	if afterSignIn == afterSignUp {
		t.Fatal("signing in again kept the same token")
	}
	if got := signedIn(app, afterSignUp); got != http.StatusUnauthorized {
		t.Errorf("the browser's earlier token after a new sign-in = %d, want 401", got)
	}

	resp := browser.do("GET", "/api/logout", nil)
	if c := resp.header.Get("Set-Cookie"); !strings.Contains(c, "lifeline_session=;") || !strings.Contains(c, "Max-Age=0") {
		t.Errorf("logout Set-Cookie = %q, want the cookie cleared", c)
	}
	if got := signedIn(app, afterSignIn); got != http.StatusUnauthorized {
		t.Errorf("token after logout = %d, want 401", got)
	}
	var rows int
	app.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM sessions WHERE token_hash = $1`, sha(afterSignIn)).Scan(&rows)
	if rows != 0 {
		t.Error("logout left the session row in the database")
	}
}

func sha(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// TestSessionExpiryIsEnforcedFromTheStore ages sessions in the database
// (not by sleeping): past expires_at or idle past the idle lifetime, the
// cookie stops working and the row is removed.
func TestSessionExpiryIsEnforcedFromTheStore(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	now := *app.now.Load()
	tests := []struct {
		name string
		sql  string
		args []any
	}{
		{"past its absolute end", `UPDATE sessions SET created_at = $2::timestamptz - interval '31 days', expires_at = $2::timestamptz - interval '1 second' WHERE token_hash = $1`, []any{now}},
		{"idle for the idle lifetime", `UPDATE sessions SET last_seen_at = $2::timestamptz - interval '7 days' WHERE token_hash = $1`, []any{now}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, _ := app.registerUser("Eve")
			token := c.sessionToken()
			if got := signedIn(app, token); got != http.StatusOK {
				t.Fatalf("fresh session = %d", got)
			}
			tag, err := app.db.Pool.Exec(context.Background(), tt.sql, append([]any{sha(token)}, tt.args...)...)
			if err != nil || tag.RowsAffected() != 1 {
				t.Fatalf("age the session: %v %v", tag, err)
			}
			if got := signedIn(app, token); got != http.StatusUnauthorized {
				t.Errorf("aged session = %d, want 401", got)
			}
			var rows int
			app.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM sessions WHERE token_hash = $1`, sha(token)).Scan(&rows)
			if rows != 0 {
				t.Error("the expired session row was not removed")
			}
		})
	}

	t.Run("defaults: 30 days absolute, stored server-side and in the cookie", func(t *testing.T) {
		c := app.newClient()
		resp := c.do("POST", "/api/auth/register", map[string]string{"email": uniqueEmail("life"), "password": goodPassword, "firstName": "Lia"})
		if !strings.Contains(resp.header.Get("Set-Cookie"), "Max-Age="+strconv.Itoa(30*24*3600)) {
			t.Errorf("Set-Cookie = %q, want Max-Age 30 days", resp.header.Get("Set-Cookie"))
		}
		var created, expires time.Time
		app.db.Pool.QueryRow(context.Background(), `SELECT created_at, expires_at FROM sessions WHERE token_hash = $1`, sha(c.sessionToken())).Scan(&created, &expires)
		if expires.Sub(created) != 30*24*time.Hour {
			t.Errorf("stored lifetime = %v, want 720h", expires.Sub(created))
		}
	})
}

// TestSessionCookieFlags: HttpOnly and SameSite=Lax always, Secure when the
// public URL is https (also on the cookie that clears it); the token is 32
// random bytes and the database holds only its SHA-256.
func TestSessionCookieFlags(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		publicURL  string
		wantSecure bool
	}{{"", false}, {"http://localhost:8080", false}, {"https://lifeline.example.org", true}} {
		t.Run(tt.publicURL, func(t *testing.T) {
			app := newTestApp(t, func(c *api.Config) { c.PublicURL = tt.publicURL })
			c := app.newClient()
			resp := c.do("POST", "/api/auth/register", map[string]string{"email": uniqueEmail("flags"), "password": goodPassword, "firstName": "Flo"})
			cookies := map[string]string{"sign-in": resp.header.Get("Set-Cookie")}
			token := strings.TrimPrefix(strings.Split(cookies["sign-in"], ";")[0], "lifeline_session=")
			cookies["sign-out"] = withToken(app, token).do("GET", "/api/logout", nil).header.Get("Set-Cookie")
			for when, cookie := range cookies {
				for _, want := range []string{"HttpOnly", "SameSite=Lax", "Path=/"} {
					if !strings.Contains(cookie, want) {
						t.Errorf("%s Set-Cookie %q lacks %s", when, cookie, want)
					}
				}
				if got := strings.Contains(cookie, "Secure"); got != tt.wantSecure {
					t.Errorf("%s Set-Cookie %q: Secure = %v, want %v", when, cookie, got, tt.wantSecure)
				}
			}
			if len(token) != 43 {
				t.Errorf("token %q is not 32 bytes of base64url", token)
			}
			var raw int
			app.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM sessions WHERE token_hash = $1::bytea OR user_agent LIKE '%' || $2 || '%'`, []byte(token), token).Scan(&raw)
			if raw != 0 {
				t.Error("the raw token is stored")
			}
		})
	}
}

// TestDeletingTheAccountEndsItsSessions: every session of a deleted
// account stops working, on every device.
func TestDeletingTheAccountEndsItsSessions(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, email := app.registerUser("Dee")
	other := app.newClient()
	if r := other.do("POST", "/api/auth/login", map[string]string{"email": email, "password": goodPassword}); r.status != http.StatusOK {
		t.Fatal(r.status)
	}
	tokens := map[string]string{"this device": c.sessionToken(), "other device": other.sessionToken()}
	if r := c.do("DELETE", "/api/account", map[string]string{"password": goodPassword}); r.status != http.StatusNoContent {
		t.Fatalf("delete = %d %s", r.status, r.body)
	}
	for name, token := range tokens {
		if got := signedIn(app, token); got != http.StatusUnauthorized {
			t.Errorf("%s after deletion = %d, want 401", name, got)
		}
	}
}

func login(app *testApp, c *client, email, password string, headers ...string) response {
	return c.do("POST", "/api/auth/login", map[string]string{"email": email, "password": password}, headers...)
}

// An email no account can have (empty, or longer than any address) fails
// like any wrong sign-in and counts towards the client's limit, without
// an account count to store (its key would break the throttle's rules).
func TestLoginWithAnImpossibleEmail(t *testing.T) {
	t.Parallel()
	var logs strings.Builder
	app := newTestApp(t, func(c *api.Config) { c.Logger = slog.New(slog.NewTextHandler(&logs, nil)) })
	for _, email := range []string{"", strings.Repeat("a", 400) + "@example.org"} {
		if got := login(app, app.newClient(), email, "any password at all"); got.status != http.StatusUnauthorized {
			t.Errorf("email of %d characters: %d, want 401", len(email), got.status)
		}
	}
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("an impossible email logged an error:\n%s", logs.String())
	}
}
