package api_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"lifeline/api"
)

func TestRegisterValidation(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	valid := func() map[string]any {
		return map[string]any{"email": uniqueEmail("new"), "password": goodPassword, "firstName": "Ana", "lastName": "Lopez", "timezone": "America/New_York"}
	}
	with := func(k string, v any) map[string]any { b := valid(); b[k] = v; return b }
	tests := []struct {
		name      string
		body      any
		wantField string
		wantText  string
	}{
		{"email without a domain", with("email", "ana@"), "email", "Enter a valid email address."},
		{"email with a display name", with("email", "Ana <ana@example.org>"), "email", "Enter a valid email address."},
		{"password too short", with("password", "short"), "password", "Use at least 10 characters."},
		{"common password", with("password", "Password123"), "password", "too common"},
		{"one repeated character", with("password", "aaaaaaaaaaaa"), "password", "too common"},
		{"password holding the email", map[string]any{"email": "rosalind@example.org", "password": "rosalind-2026!", "firstName": "R"}, "password", "should not contain your email"},
		{"missing first name", with("firstName", "   "), "firstName", "First name is required."},
		{"unknown time zone", with("timezone", "Mars/Olympus"), "timezone", "Unknown time zone."},
		{"unknown field", `{"email":"a@b.co","password":"x","surname":"y"}`, "", `unknown field "surname"`},
		{"trailing data", `{"email":"a@b.co"} {}`, "", "a single JSON value"},
		{"not JSON", `email=a@b.co`, "", "not valid JSON"},
		{"wrong type", `{"email": 5}`, "", `"email" has the wrong type`},
		{"empty body", ``, "", "empty"},
		{"oversized body", `{"email":"` + strings.Repeat("a", 1<<20) + `"}`, "", "too large"},
	}
	c := app.newClient()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := c.do("POST", "/api/auth/register", tt.body)
			if resp.status != http.StatusBadRequest {
				t.Fatalf("status = %d, want 400: %s", resp.status, resp.body)
			}
			code, message, fields := resp.errorBody(t)
			got := message
			if tt.wantField != "" {
				got = fields[tt.wantField]
			}
			if code != "invalid" || !strings.Contains(got, tt.wantText) {
				t.Errorf("error %q, message %q, fields %v; want %q", code, message, fields, tt.wantText)
			}
		})
	}
	t.Run("a non-JSON content type", func(t *testing.T) {
		resp := c.do("POST", "/api/auth/register", `{}`, "Content-Type", "text/plain")
		if resp.status != http.StatusBadRequest {
			t.Errorf("status = %d, want 400", resp.status)
		}
	})
}

func TestRegisterSignsInAndRefusesATakenEmail(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c := app.newClient()
	resp := c.do("POST", "/api/auth/register", map[string]string{
		"email": "  Ana.Lopez@Example.ORG ", "password": goodPassword, "firstName": " Ana ", "lastName": "Lopez", "timezone": "Pacific/Kiritimati",
	})
	if resp.status != http.StatusCreated {
		t.Fatalf("register = %d: %s", resp.status, resp.body)
	}
	var me struct {
		ID                                   int64
		Email, FirstName, LastName, Timezone string
		HasPassword                          bool
	}
	c.do("GET", "/api/auth/user", nil).json(t, &me)
	if me.Email != "ana.lopez@example.org" || me.FirstName != "Ana" || me.Timezone != "Pacific/Kiritimati" || !me.HasPassword {
		t.Errorf("signed-in user = %+v; want the normalised account", me)
	}

	again := app.newClient().do("POST", "/api/auth/register", map[string]string{
		"email": "ANA.LOPEZ@example.org", "password": goodPassword, "firstName": "Other",
	})
	if code, msg, _ := again.errorBody(t); again.status != http.StatusConflict || code != "conflict" || !strings.Contains(msg, "already exists") {
		t.Errorf("second registration = %d %q %q, want 409 'already exists'", again.status, code, msg)
	}
}

func TestUnauthorizedAnswers(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c := app.newClient()
	for _, r := range []struct{ method, path string }{
		{"GET", "/api/auth/user"}, {"PATCH", "/api/auth/user"}, {"POST", "/api/auth/password"},
		{"GET", "/api/account/export"}, {"DELETE", "/api/account"},
	} {
		t.Run(r.method+" "+r.path, func(t *testing.T) {
			resp := c.do(r.method, r.path, `{}`)
			if resp.status != http.StatusUnauthorized || !strings.Contains(string(resp.body), "Unauthorized") {
				t.Errorf("= %d %s; want 401 containing Unauthorized", resp.status, resp.body)
			}
		})
	}
}

func TestLogin(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	_, email := app.registerUser("Mina")
	tests := []struct {
		name       string
		email      string
		password   string
		wantStatus int
	}{
		{"right password", email, goodPassword, http.StatusOK},
		{"email in another case", strings.ToUpper(email), goodPassword, http.StatusOK},
		{"wrong password", email, "not the password at all", http.StatusUnauthorized},
		{"unknown email", "nobody@example.org", goodPassword, http.StatusUnauthorized},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := app.newClient().do("POST", "/api/auth/login", map[string]string{"email": tt.email, "password": tt.password})
			if resp.status != tt.wantStatus {
				t.Fatalf("status = %d, want %d: %s", resp.status, tt.wantStatus, resp.body)
			}
			if tt.wantStatus == http.StatusUnauthorized {
				// One message whichever part was wrong: no account probing.
				if _, msg, _ := resp.errorBody(t); msg != "Email or password is incorrect." {
					t.Errorf("message = %q", msg)
				}
			}
		})
	}
}

func TestSessionTokenIsRotatedAtSignIn(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	victim, email := app.registerUser("Vera")
	first := victim.sessionToken()

	// An attacker plants a token they know in the victim's browser.
	planted := "attacker-chosen-token-value-0123456789abcdef"
	victim.http.Jar.SetCookies(mustURL(app.url), []*http.Cookie{{Name: "lifeline_session", Value: planted, Path: "/"}})
	if resp := victim.do("POST", "/api/auth/login", map[string]string{"email": email, "password": goodPassword}); resp.status != http.StatusOK {
		t.Fatalf("login = %d", resp.status)
	}
	after := victim.sessionToken()
	if after == planted || after == first || after == "" {
		t.Fatalf("token after sign-in = %q; want a new one (planted %q, earlier %q)", after, planted, first)
	}
	for name, token := range map[string]string{"planted": planted, "earlier": first} {
		other := app.newClient()
		other.http.Jar.SetCookies(mustURL(app.url), []*http.Cookie{{Name: "lifeline_session", Value: token, Path: "/"}})
		if got := other.do("GET", "/api/auth/user", nil).status; name == "planted" && got != http.StatusUnauthorized {
			t.Errorf("the %s token still signs in: %d", name, got)
		}
	}
}

func TestSessionLifetimes(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, func(c *api.Config) { c.SessionIdle = 2 * time.Hour; c.SessionMax = 5 * time.Hour })
	c, _ := app.registerUser("Ida")
	status := func() int { return c.do("GET", "/api/auth/user", nil).status }

	for i := 0; i < 4; i++ { // used every 90 minutes: never idle for 2h
		app.advance(90 * time.Minute)
		want := http.StatusOK
		if i == 3 { // 6h after sign-in: past the absolute lifetime
			want = http.StatusUnauthorized
		}
		if got := status(); got != want {
			t.Fatalf("after %v: status %d, want %d", time.Duration(i+1)*90*time.Minute, got, want)
		}
	}

	idle, _ := app.registerUser("Ivo")
	app.advance(2*time.Hour + time.Second)
	if got := idle.do("GET", "/api/auth/user", nil).status; got != http.StatusUnauthorized {
		t.Errorf("after 2h idle: status %d, want 401", got)
	}
}

func TestLogoutEndsTheSessionOnTheServer(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Leo")
	token := c.sessionToken()
	resp := c.do("GET", "/api/logout", nil)
	if resp.status != http.StatusFound || resp.header.Get("Location") != "/" {
		t.Fatalf("logout = %d to %q, want 302 to /", resp.status, resp.header.Get("Location"))
	}
	replay := app.newClient()
	replay.http.Jar.SetCookies(mustURL(app.url), []*http.Cookie{{Name: "lifeline_session", Value: token, Path: "/"}})
	if got := replay.do("GET", "/api/auth/user", nil).status; got != http.StatusUnauthorized {
		t.Errorf("the signed-out token still works: %d", got)
	}
}

func TestCrossOriginStateChangesAreRefused(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Cleo")
	for _, r := range []struct{ method, path string }{
		{"POST", "/api/auth/login"}, {"POST", "/api/auth/register"}, {"PATCH", "/api/auth/user"},
		{"POST", "/api/auth/password"}, {"DELETE", "/api/account"},
	} {
		t.Run(r.method+" "+r.path, func(t *testing.T) {
			resp := c.do(r.method, r.path, `{}`, "Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site")
			if resp.status != http.StatusForbidden {
				t.Errorf("cross-site %s = %d, want 403", r.path, resp.status)
			}
		})
	}
	if got := c.do("GET", "/api/auth/user", nil).status; got != http.StatusOK {
		t.Errorf("the account was harmed: GET /api/auth/user = %d", got)
	}
}

func TestLoginRedirectKeepsOnlyLocalNext(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	tests := []struct{ next, want string }{
		{"", "/login"},
		{"/", "/login"},
		{"/settings", "/login?next=%2Fsettings"},
		{"/education/12?tab=all", "/login?next=%2Feducation%2F12%3Ftab%3Dall"},
		{"https://evil.example", "/login"},
		{"//evil.example/x", "/login"},
		{`/\evil.example`, "/login"},
		{"javascript:alert(1)", "/login"},
		{"/ok\r\nSet-Cookie: x=1", "/login"},
		{"/%2Fevil.example ", "/login"}, // re-encoded to //evil.example%20 before the fix
	}
	c := app.newClient()
	for _, tt := range tests {
		t.Run(tt.next, func(t *testing.T) {
			resp := c.do("GET", "/api/login?next="+urlQueryEscape(tt.next), nil)
			if resp.status != http.StatusFound || resp.header.Get("Location") != tt.want {
				t.Errorf("= %d to %q, want 302 to %q", resp.status, resp.header.Get("Location"), tt.want)
			}
		})
	}
}

func TestProfileAndPassword(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, email := app.registerUser("Pia")
	other := app.newClient()
	if r := other.do("POST", "/api/auth/login", map[string]string{"email": email, "password": goodPassword}); r.status != http.StatusOK {
		t.Fatalf("second device sign-in = %d", r.status)
	}

	t.Run("profile update", func(t *testing.T) {
		var u struct{ FirstName, LastName, Timezone string }
		resp := c.do("PATCH", "/api/auth/user", map[string]string{"firstName": "Pia Maria", "timezone": "Asia/Tokyo"})
		resp.json(t, &u)
		if resp.status != http.StatusOK || u.FirstName != "Pia Maria" || u.LastName != "Tester" || u.Timezone != "Asia/Tokyo" {
			t.Errorf("PATCH = %d %+v", resp.status, u)
		}
		bad := c.do("PATCH", "/api/auth/user", map[string]string{"firstName": "", "timezone": "Local"})
		if _, _, fields := bad.errorBody(t); bad.status != http.StatusBadRequest || fields["firstName"] == "" || fields["timezone"] == "" {
			t.Errorf("invalid PATCH = %d %v, want 400 naming firstName and timezone", bad.status, fields)
		}
	})

	t.Run("wrong current password", func(t *testing.T) {
		resp := c.do("POST", "/api/auth/password", map[string]string{"currentPassword": "nope nope nope", "newPassword": "a brand new passphrase"})
		if _, _, fields := resp.errorBody(t); resp.status != http.StatusBadRequest || fields["currentPassword"] != "Current password is incorrect." {
			t.Errorf("= %d %v", resp.status, fields)
		}
	})

	t.Run("change signs out the other devices only", func(t *testing.T) {
		resp := c.do("POST", "/api/auth/password", map[string]string{"currentPassword": goodPassword, "newPassword": "a brand new passphrase"})
		if resp.status != http.StatusNoContent {
			t.Fatalf("= %d %s", resp.status, resp.body)
		}
		if got := c.do("GET", "/api/auth/user", nil).status; got != http.StatusOK {
			t.Errorf("this device: %d, want still signed in", got)
		}
		if got := other.do("GET", "/api/auth/user", nil).status; got != http.StatusUnauthorized {
			t.Errorf("other device: %d, want signed out", got)
		}
		if got := app.newClient().do("POST", "/api/auth/login", map[string]string{"email": email, "password": "a brand new passphrase"}).status; got != http.StatusOK {
			t.Errorf("sign-in with the new password = %d", got)
		}
	})
}

func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	for _, path := range []string{"/", "/api/auth/user", "/healthz"} {
		t.Run(path, func(t *testing.T) {
			h := app.newClient().do("GET", path, nil).header
			csp := h.Get("Content-Security-Policy")
			for _, want := range []string{"default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "img-src 'self' data: blob: https://tile.openstreetmap.org"} {
				if !strings.Contains(csp, want) {
					t.Errorf("CSP %q lacks %q", csp, want)
				}
			}
			if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "same-origin" {
				t.Errorf("headers = %v", h)
			}
		})
	}
}

func TestSecureCookieBehindHTTPS(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, func(c *api.Config) { c.PublicURL = "https://lifeline.example.org" })
	c := app.newClient()
	resp := c.do("POST", "/api/auth/register", map[string]string{"email": uniqueEmail("sec"), "password": goodPassword, "firstName": "Sam"})
	cookie := resp.header.Get("Set-Cookie")
	for _, want := range []string{"lifeline_session=", "HttpOnly", "Secure", "SameSite=Lax", "Path=/"} {
		if !strings.Contains(cookie, want) {
			t.Errorf("Set-Cookie %q lacks %q", cookie, want)
		}
	}
}

func TestSignupsPerClientAreLimited(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, func(c *api.Config) { c.SignupLimit = 3 })
	c := app.newClient()
	var statuses []int
	for i := 0; i < 4; i++ {
		statuses = append(statuses, c.do("POST", "/api/auth/register", map[string]string{
			"email": uniqueEmail("many"), "password": goodPassword, "firstName": "Many"}).status)
	}
	if statuses[1] != http.StatusCreated || statuses[3] != http.StatusTooManyRequests {
		t.Errorf("statuses = %v, want sign-ups then 429", statuses)
	}
}

// Each person chooses how long their location and battery history is kept;
// the account export shows the choice.
func TestHistoryRetentionChoice(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Ren")
	var u struct{ HistoryDays int }
	c.do("GET", "/api/auth/user", nil).json(t, &u)
	if u.HistoryDays != 400 {
		t.Fatalf("a new account keeps %d days, want the default 400", u.HistoryDays)
	}
	tests := []struct {
		days       int
		wantStatus int
		wantDays   int
	}{
		{30, http.StatusOK, 30},
		{7, http.StatusOK, 7},
		{14, http.StatusBadRequest, 7},
		{0, http.StatusBadRequest, 7},
		{401, http.StatusBadRequest, 7},
		{400, http.StatusOK, 400},
		{90, http.StatusOK, 90},
	}
	for _, tt := range tests {
		resp := c.do("PATCH", "/api/auth/user", map[string]int{"historyDays": tt.days})
		if resp.status != tt.wantStatus {
			t.Errorf("PATCH historyDays %d = %d, want %d", tt.days, resp.status, tt.wantStatus)
		}
		if tt.wantStatus == http.StatusBadRequest {
			if _, _, fields := resp.errorBody(t); fields["historyDays"] == "" {
				t.Errorf("PATCH historyDays %d: errors %v, want one for historyDays", tt.days, fields)
			}
		}
		c.do("GET", "/api/auth/user", nil).json(t, &u)
		if u.HistoryDays != tt.wantDays {
			t.Errorf("after PATCH historyDays %d the account keeps %d days, want %d", tt.days, u.HistoryDays, tt.wantDays)
		}
	}
	var export struct{ Tables map[string][]map[string]any }
	c.do("GET", "/api/account/export", nil).json(t, &export)
	if users := export.Tables["users"]; len(users) != 1 || users[0]["history_keep_days"] != float64(90) {
		t.Errorf("export users = %v, want history_keep_days 90", users)
	}
}

// TestAdvancedSwitch: the developer tools are off for a new account, and
// the choice is kept with the account (another device sees it).
func TestAdvancedSwitch(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, email := app.registerUser("Ada")
	other := app.newClient()
	if r := other.do("POST", "/api/auth/login", map[string]string{"email": email, "password": goodPassword}); r.status != http.StatusOK {
		t.Fatalf("second device sign-in = %d", r.status)
	}
	var u struct{ Advanced bool }
	c.do("GET", "/api/auth/user", nil).json(t, &u)
	if u.Advanced {
		t.Fatal("a new account has Advanced on, want off")
	}
	tests := []struct {
		name       string
		body       string
		wantStatus int
		want       bool
	}{
		{"turned on", `{"advanced": true}`, http.StatusOK, true},
		{"other fields leave it alone", `{"timezone": "Europe/Paris"}`, http.StatusOK, true},
		{"null leaves it alone", `{"advanced": null}`, http.StatusOK, true},
		{"not a boolean", `{"advanced": "yes"}`, http.StatusBadRequest, true},
		{"turned off", `{"advanced": false}`, http.StatusOK, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := c.do("PATCH", "/api/auth/user", tt.body)
			if resp.status != tt.wantStatus {
				t.Fatalf("PATCH %s = %d %s, want %d", tt.body, resp.status, resp.body, tt.wantStatus)
			}
			var seen struct{ Advanced bool }
			other.do("GET", "/api/auth/session", nil).json(t, &seen)
			if seen.Advanced != tt.want {
				t.Errorf("another device sees advanced %v, want %v", seen.Advanced, tt.want)
			}
		})
	}
}
