package api_test

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"lifeline/api"
)

// resetToken reads the token of the newest reset email still to be sent
// to the account with this email, "" when there is none.
func resetToken(t *testing.T, app *testApp, email string) string {
	t.Helper()
	var link string
	err := app.db.Pool.QueryRow(context.Background(), `
		SELECT coalesce(max(o.secret_link), '') FROM outbox o JOIN users u ON u.id = o.user_id
		WHERE u.email = $1 AND o.purpose = 'password_reset' AND o.state = 'pending'`, email).Scan(&link)
	if err != nil {
		t.Fatal(err)
	}
	if link == "" {
		return ""
	}
	_, token, ok := strings.Cut(link, "/reset-password#token=")
	if !ok {
		t.Fatalf("reset link %q", link)
	}
	return token
}

func askReset(c *client, email string) response {
	return c.do("POST", "/api/auth/password-reset", map[string]string{"email": email})
}

func confirmReset(c *client, token, password string) response {
	return c.do("POST", "/api/auth/password-reset/confirm", map[string]string{"token": token, "password": password})
}

// TestPasswordResetAnswersAlike: an address with an account, one without,
// and one whose account has no password get the same answer, and only the
// first is sent an email.
func TestPasswordResetAnswersAlike(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	_, known := app.registerUser("Kim")
	oidcOnly := uniqueEmail("oidc")
	if _, err := app.db.Pool.Exec(context.Background(), `
		INSERT INTO users (email, first_name, oidc_issuer, oidc_subject) VALUES ($1, 'Olu', 'https://id.example.org', 'sub-1')`, oidcOnly); err != nil {
		t.Fatal(err)
	}
	var answers []response
	for _, tc := range []struct {
		name, email string
		emailed     bool
	}{
		{"an account with a password", known, true},
		{"the same, typed in capitals with spaces", "  " + strings.ToUpper(known) + " ", true},
		{"no account", uniqueEmail("nobody"), false},
		{"an account that signs in through the identity provider", oidcOnly, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := askReset(app.newClient(), tc.email)
			if resp.status != http.StatusAccepted {
				t.Fatalf("ask = %d %s", resp.status, resp.body)
			}
			answers = append(answers, resp)
			if got := resetToken(t, app, strings.ToLower(strings.TrimSpace(tc.email))) != ""; got != tc.emailed {
				t.Errorf("emailed = %v, want %v", got, tc.emailed)
			}
		})
	}
	for _, a := range answers[1:] {
		if !bytes.Equal(a.body, answers[0].body) || a.header.Get("Content-Type") != answers[0].header.Get("Content-Type") {
			t.Errorf("answers differ: %q %q and %q %q", answers[0].header.Get("Content-Type"), answers[0].body, a.header.Get("Content-Type"), a.body)
		}
	}
	// The second request replaced the first link: one email waits.
	var pending int
	app.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM outbox WHERE purpose = 'password_reset' AND state = 'pending'`).Scan(&pending)
	if pending != 1 {
		t.Errorf("%d reset emails pending, want 1 (the newest)", pending)
	}
	if resp := askReset(app.newClient(), "not an address"); resp.status != http.StatusBadRequest {
		t.Errorf("a malformed address = %d, want 400", resp.status)
	}
}

// TestPasswordResetLink: the link sets a password that follows the
// registration rules, signs the account out everywhere and this browser in,
// and works once, within the hour, and only while it is the newest.
func TestPasswordResetLink(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	kim, email := app.registerUser("Kim")
	otherBrowser := app.newClient()
	if resp := otherBrowser.do("POST", "/api/auth/login", map[string]string{"email": email, "password": goodPassword}); resp.status != http.StatusOK {
		t.Fatalf("sign in = %d", resp.status)
	}

	askReset(app.newClient(), email)
	replaced := resetToken(t, app, email)
	askReset(app.newClient(), email)
	token := resetToken(t, app, email)
	opener := app.newClient()
	const newPassword = "a brand new passphrase"

	for _, tc := range []struct {
		name, token, password string
		status                int
		field                 string
	}{
		{"a replaced link", replaced, newPassword, http.StatusNotFound, ""},
		{"an unknown link", "nonsense", newPassword, http.StatusNotFound, ""},
		{"a short password", token, "short", http.StatusBadRequest, "password"},
		{"a common password", token, "password123", http.StatusBadRequest, "password"},
		{"the email in the password", token, "my " + strings.Split(email, "@")[0] + " pass", http.StatusBadRequest, "password"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := confirmReset(opener, tc.token, tc.password)
			if resp.status != tc.status {
				t.Fatalf("confirm = %d %s, want %d", resp.status, resp.body, tc.status)
			}
			code, message, fields := resp.errorBody(t)
			if tc.field != "" && fields[tc.field] == "" {
				t.Errorf("no %s field in %s %q %v", tc.field, code, message, fields)
			}
			if tc.status == http.StatusNotFound && !strings.Contains(message, "Ask for a new one") {
				t.Errorf("message %q", message)
			}
		})
	}

	resp := confirmReset(opener, token, newPassword)
	if resp.status != http.StatusOK {
		t.Fatalf("confirm = %d %s", resp.status, resp.body)
	}
	for name, c := range map[string]*client{"the browser that was signed in": kim, "another browser": otherBrowser} {
		if got := c.do("GET", "/api/auth/user", nil).status; got != http.StatusUnauthorized {
			t.Errorf("%s after the reset: %d, want 401", name, got)
		}
	}
	if got := opener.do("GET", "/api/auth/user", nil).status; got != http.StatusOK {
		t.Errorf("the browser that reset it: %d, want signed in", got)
	}
	for password, want := range map[string]int{goodPassword: http.StatusUnauthorized, newPassword: http.StatusOK} {
		if got := app.newClient().do("POST", "/api/auth/login", map[string]string{"email": email, "password": password}).status; got != want {
			t.Errorf("sign in with %q = %d, want %d", password, got, want)
		}
	}
	if resp := confirmReset(app.newClient(), token, "yet another passphrase"); resp.status != http.StatusNotFound {
		t.Errorf("the link a second time = %d, want 404", resp.status)
	}

	// A new link expires after the hour.
	askReset(app.newClient(), email)
	late := resetToken(t, app, email)
	app.advance(time.Hour + time.Second)
	if resp := confirmReset(app.newClient(), late, "an expired passphrase"); resp.status != http.StatusNotFound {
		t.Errorf("an expired link = %d, want 404", resp.status)
	}
}

// TestPasswordResetLimits: per address (whether or not it has an account)
// and per client address, 429 with Retry-After and words that say when.
func TestPasswordResetLimits(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		emails  func(i int) string
		allowed int
		message string
	}{
		{"one address", func(int) string { return "same@example.org" }, 3, "We've sent a few links to this address"},
		{"one connection, many addresses", func(i int) string { return uniqueEmail("many") }, 10, "Too many reset requests from this connection"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			app := newTestApp(t)
			c := app.newClient()
			for i := range tc.allowed {
				if resp := askReset(c, tc.emails(i)); resp.status != http.StatusAccepted {
					t.Fatalf("request %d = %d %s", i+1, resp.status, resp.body)
				}
			}
			resp := askReset(c, tc.emails(tc.allowed))
			if resp.status != http.StatusTooManyRequests || resp.header.Get("Retry-After") != "3600" {
				t.Fatalf("request past the limit = %d (Retry-After %q) %s", resp.status, resp.header.Get("Retry-After"), resp.body)
			}
			if _, message, _ := resp.errorBody(t); !strings.Contains(message, tc.message) || !strings.Contains(message, "60 minutes") {
				t.Errorf("message %q", message)
			}
		})
	}
}

// TestPasswordResetWithoutEmail: a server that cannot send email says so,
// alike for every address, and the sign-in page is told not to offer it.
func TestPasswordResetWithoutEmail(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, func(c *api.Config) { c.EmailEnabled = false })
	_, known := app.registerUser("Kim")
	for _, email := range []string{known, uniqueEmail("nobody")} {
		resp := askReset(app.newClient(), email)
		if _, message, _ := resp.errorBody(t); resp.status != http.StatusConflict || !strings.Contains(message, "can't send email") {
			t.Errorf("ask for %s = %d %q", email, resp.status, message)
		}
	}
	var cfg struct{ PasswordReset bool }
	app.newClient().do("GET", "/api/auth/config", nil).json(t, &cfg)
	if cfg.PasswordReset {
		t.Error("auth config offers a reset by email")
	}
}

// TestEmailedLinksIgnoreTheHostHeader: with no --public-url, a link the
// server emails points at the address it runs at, whatever Host the request
// named. Built from the Host header, anyone could ask a reset for someone
// else's address and have the email send them, token and all, to a site of
// the asker's.
func TestEmailedLinksIgnoreTheHostHeader(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	owner, email := app.registerUser("Noor")
	const forged = "evil.example"
	// The cookie jar files cookies under the URL's host; name the session outright.
	session := "lifeline_session=" + owner.sessionToken()

	if resp := owner.do("POST", "/api/channels", map[string]any{"kind": "email", "address": uniqueEmail("sam")}, "Host", forged, "Cookie", session); resp.status != http.StatusCreated {
		t.Fatalf("add an email channel with Host %s = %d %s", forged, resp.status, resp.body)
	}
	if resp := owner.do("POST", "/api/supporters", map[string]any{"label": "Ari", "email": uniqueEmail("ari")}, "Host", forged, "Cookie", session); resp.status != http.StatusCreated {
		t.Fatalf("invite a supporter by email with Host %s = %d %s", forged, resp.status, resp.body)
	}

	if resp := app.newClient().do("POST", "/api/auth/password-reset", map[string]string{"email": email}, "Host", forged); resp.status != http.StatusAccepted {
		t.Fatalf("ask for a reset with Host %s = %d %s", forged, resp.status, resp.body)
	}

	rows, err := app.db.Pool.Query(context.Background(), `
		SELECT o.purpose, o.secret_link FROM outbox o
		WHERE o.secret_link IS NOT NULL AND (o.user_id = (SELECT id FROM users WHERE email = $1))`, email)
	if err != nil {
		t.Fatal(err)
	}
	links := map[string]string{}
	for rows.Next() {
		var purpose, link string
		if err := rows.Scan(&purpose, &link); err != nil {
			t.Fatal(err)
		}
		links[purpose] = link
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	for _, purpose := range []string{"password_reset", "confirmation", "invitation"} {
		link, ok := links[purpose]
		switch {
		case !ok:
			t.Errorf("no %s email waits (links: %v)", purpose, links)
		case strings.Contains(link, forged):
			t.Errorf("the %s email links to %s, the request's Host: %s", purpose, forged, link)
		case !strings.HasPrefix(link, app.url+"/"):
			t.Errorf("the %s email's link %q does not start with the server's address %s", purpose, link, app.url)
		}
	}
}
