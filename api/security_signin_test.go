package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"lifeline"
	"lifeline/api"
)

// Sign-in limits (lifeline.DefaultSignInLimits) against the real server and
// database, with the test's clock standing in for an hour of guessing.

func trustProxies(list string) func(*api.Config) {
	return func(c *api.Config) {
		proxies, err := api.ParseTrustedProxies(list)
		if err != nil {
			panic(err)
		}
		c.TrustedProxies = proxies
	}
}

// from is the X-Forwarded-For header a trusted proxy adds for a client.
func from(addr string) []string { return []string{"X-Forwarded-For", addr} }

// postLogin is one sign-in attempt through the trusted proxy for client,
// safe to call from many goroutines.
func postLogin(app *testApp, email, password, client string) (int, error) {
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	req, err := http.NewRequest("POST", app.url+"/api/auth/login", bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("X-Forwarded-For", client)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

func retryAfter(t *testing.T, r response) time.Duration {
	t.Helper()
	seconds, err := strconv.Atoi(r.header.Get("Retry-After"))
	if err != nil || seconds < 1 {
		t.Fatalf("429 with Retry-After %q, want whole seconds", r.header.Get("Retry-After"))
	}
	return time.Duration(seconds) * time.Second
}

// requireTooMany checks a 429 tells the person, kindly, when to try again.
func requireTooMany(t *testing.T, r response, when string) {
	t.Helper()
	if r.status != http.StatusTooManyRequests {
		t.Fatalf("status %d, want 429: %s", r.status, r.body)
	}
	code, msg, _ := r.errorBody(t)
	if want := "Too many sign-in attempts. Try again in " + when + "."; code != "too_many_requests" || msg != want {
		t.Errorf("429 body %s %q, want too_many_requests %q", code, msg, want)
	}
}

// TestOneClientGetsFewerThan100GuessesAnHour: an attacker at one address
// guessing one account as fast as the limits allow (waiting exactly each
// Retry-After) for an hour. Throughout, the owner, from the same address,
// signs in from their known browser.
func TestOneClientGetsFewerThan100GuessesAnHour(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	owner, email := app.registerUser("Olga")
	attacker := app.newClient()
	end := app.now.Load().Add(time.Hour)
	guesses, refusals, ownerTried := 0, 0, false
	for app.now.Load().Before(end) {
		resp := login(app, attacker, email, fmt.Sprintf("guess number %d", guesses))
		switch resp.status {
		case http.StatusUnauthorized:
			guesses++
		case http.StatusTooManyRequests:
			refusals++
			app.advance(retryAfter(t, resp))
		default:
			t.Fatalf("guess %d: status %d %s", guesses, resp.status, resp.body)
		}
		if guesses == 12 && !ownerTried { // deep in the back-off: the owner is not locked out
			ownerTried = true
			if got := login(app, owner, email, goodPassword); got.status != http.StatusOK {
				t.Fatalf("the owner's known browser during the attack = %d %s, want 200", got.status, got.body)
			}
		}
	}
	t.Logf("one address made %d guesses in an hour (%d times told to wait)", guesses, refusals)
	if guesses >= 100 {
		t.Errorf("%d guesses in an hour from one address, want fewer than 100", guesses)
	}
	if guesses < lifeline.DefaultSignInLimits.FreeFailures {
		t.Errorf("only %d guesses: the loop did not run", guesses)
	}
	if got := login(app, owner, email, goodPassword); got.status != http.StatusOK {
		t.Errorf("the owner's known browser after the attack = %d, want 200", got.status)
	}
	// A new browser at the attacked address waits like the attacker: the
	// back-off is per (account, address), and it is not the owner's device.
	for login(app, attacker, email, "one more guess").status == http.StatusUnauthorized {
	}
	requireTooMany(t, login(app, app.newClient(), email, goodPassword), "15 minutes")
}

// TestDistributedAttackHitsTheAccountCeiling: 25 addresses behind a
// trusted proxy guess at one account at the same time, each taking its 5
// free guesses; together they get exactly the account's ceiling of 100,
// after which unknown browsers wait and the owner's known browser still
// signs in, even from an attacking address.
func TestDistributedAttackHitsTheAccountCeiling(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, trustProxies("127.0.0.1, ::1"))
	owner := app.newClient()
	email := uniqueEmail("dora")
	if resp := owner.do("POST", "/api/auth/register", map[string]string{"email": email, "password": goodPassword, "firstName": "Dora"}, from("192.0.2.10")...); resp.status != http.StatusCreated {
		t.Fatalf("register = %d %s", resp.status, resp.body)
	}
	l := lifeline.DefaultSignInLimits
	const bots = 25
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		statuses = map[int]int{}
		inFlight = make(chan struct{}, 4) // each check takes 19 MiB
	)
	for bot := range bots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for guess := range l.FreeFailures {
				inFlight <- struct{}{}
				status, err := postLogin(app, email, fmt.Sprintf("bot %d guess %d", bot, guess), fmt.Sprintf("198.51.100.%d", bot+1))
				<-inFlight
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				statuses[status]++
				mu.Unlock()
				if status != http.StatusUnauthorized {
					return
				}
			}
		}()
	}
	wg.Wait()
	t.Logf("%d addresses at once: %v", bots, statuses)
	if statuses[http.StatusUnauthorized] != l.AccountCeiling || len(statuses) != 2 || statuses[http.StatusTooManyRequests] == 0 {
		t.Fatalf("statuses %v, want exactly %d guesses (the ceiling), the rest 429", statuses, l.AccountCeiling)
	}

	fresh := login(app, app.newClient(), email, goodPassword, from("192.0.2.99")...)
	requireTooMany(t, fresh, "36 seconds")
	if got := login(app, owner, email, goodPassword, from("198.51.100.1")...); got.status != http.StatusOK {
		t.Errorf("the owner's known browser during the attack = %d %s, want 200", got.status, got.body)
	}
	if _, other := app.registerUser("Bystander"); login(app, app.newClient(), other, goodPassword, from("192.0.2.99")...).status != http.StatusOK {
		t.Error("another account was caught by this account's ceiling")
	}
	app.advance(time.Hour)
	if got := login(app, app.newClient(), email, goodPassword, from("192.0.2.99")...); got.status != http.StatusOK {
		t.Errorf("an unknown browser an hour after the attack = %d, want 200", got.status)
	}
}

// TestForwardedForIsBelievedOnlyFromTrustedProxies: the test's requests
// come from 127.0.0.1. Trusted, X-Forwarded-For names the client (its
// right-most untrusted hop); untrusted, the header is ignored: rotating it
// buys no fresh back-off and the session records the real address.
func TestForwardedForIsBelievedOnlyFromTrustedProxies(t *testing.T) {
	t.Parallel()
	free := lifeline.DefaultSignInLimits.FreeFailures
	sessionIP := func(app *testApp, c *client) string {
		t.Helper()
		var ip string
		if err := app.db.Pool.QueryRow(context.Background(), `SELECT host(ip) FROM sessions WHERE token_hash = $1`, sha(c.sessionToken())).Scan(&ip); err != nil {
			t.Fatal(err)
		}
		return ip
	}
	for _, tt := range []struct {
		name, trusted string
		wantIP        string
		rotationHelps bool
	}{
		{"no trusted proxies", "", "127.0.0.1", false},
		{"a remote outside the trusted list", "10.0.0.0/8", "127.0.0.1", false},
		{"a trusted remote", "127.0.0.1", "198.51.100.7", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			app := newTestApp(t, trustProxies(tt.trusted))
			_, email := app.registerUser("Xena")
			c := app.newClient()
			if got := login(app, c, email, goodPassword, "X-Forwarded-For", "192.0.2.66, 198.51.100.7"); got.status != http.StatusOK {
				t.Fatalf("sign-in = %d", got.status)
			}
			if ip := sessionIP(app, c); ip != tt.wantIP {
				t.Errorf("session address %s, want %s", ip, tt.wantIP)
			}
			var last response
			for i := range free + 1 {
				last = login(app, app.newClient(), email, "spoofed guess", "X-Forwarded-For", fmt.Sprintf("203.0.113.%d", i+1))
			}
			if rotated := last.status == http.StatusUnauthorized; rotated != tt.rotationHelps {
				t.Errorf("guess %d with a new X-Forwarded-For each time = %d; header believed = %v, want %v", free+1, last.status, rotated, tt.rotationHelps)
			}
		})
	}
}

// TestKnownDeviceCookie: set at sign-up and sign-in, HttpOnly, SameSite
// Strict, only for /api/auth, a year long, Secure when served over https;
// it counts only for the account and password it was signed for, and a
// known device is still limited by its own back-off (a stolen cookie buys
// no guesses).
func TestKnownDeviceCookie(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		publicURL  string
		wantSecure bool
	}{{"", false}, {"https://lifeline.example.org", true}} {
		t.Run("flags "+tt.publicURL, func(t *testing.T) {
			app := newTestApp(t, func(c *api.Config) { c.PublicURL = tt.publicURL })
			resp := app.newClient().do("POST", "/api/auth/register", map[string]string{"email": uniqueEmail("kay"), "password": goodPassword, "firstName": "Kay"})
			cookie := deviceSetCookie(resp)
			for _, want := range []string{"lifeline_device=", "HttpOnly", "SameSite=Strict", "Path=/api/auth", "Max-Age=" + strconv.Itoa(365*24*3600)} {
				if !strings.Contains(cookie, want) {
					t.Errorf("device Set-Cookie %q lacks %s", cookie, want)
				}
			}
			if got := strings.Contains(cookie, "Secure"); got != tt.wantSecure {
				t.Errorf("device Set-Cookie %q: Secure = %v, want %v", cookie, got, tt.wantSecure)
			}
		})
	}

	app := newTestApp(t)
	owner, email := app.registerUser("Kim")
	other, _ := app.registerUser("Lou")
	setCeiling(t, app, "account", email, lifeline.DefaultSignInLimits.AccountCeiling)
	if got := login(app, owner, email, goodPassword); got.status != http.StatusOK {
		t.Fatalf("the owner's browser at a full ceiling = %d, want 200", got.status)
	}
	if got := login(app, other, email, goodPassword); got.status != http.StatusTooManyRequests {
		t.Errorf("a browser known to another account = %d, want 429", got.status)
	}
	forged := app.newClient()
	device := deviceCookieOf(owner)
	forged.http.Jar.SetCookies(mustURL(app.url+"/api/auth"), []*http.Cookie{{Name: "lifeline_device", Value: device[:len(device)-2] + "AA", Path: "/api/auth"}})
	if got := login(app, forged, email, goodPassword); got.status != http.StatusTooManyRequests {
		t.Errorf("a forged device cookie = %d, want 429", got.status)
	}

	stolen := app.newClient()
	stolen.http.Jar.SetCookies(mustURL(app.url+"/api/auth"), []*http.Cookie{{Name: "lifeline_device", Value: device, Path: "/api/auth"}})
	for i := range lifeline.DefaultSignInLimits.FreeFailures {
		if got := login(app, stolen, email, "thief guess"); got.status != http.StatusUnauthorized {
			t.Fatalf("stolen cookie guess %d = %d, want 401", i+1, got.status)
		}
	}
	requireTooMany(t, login(app, stolen, email, "thief guess"), "1 second")
	// The same device shares that back-off; the owner waits a second.
	requireTooMany(t, login(app, owner, email, goodPassword), "1 second")
	app.advance(time.Second)
	if got := login(app, owner, email, goodPassword); got.status != http.StatusOK {
		t.Errorf("the owner a second later = %d, want 200", got.status)
	}

	// A new password makes every other browser unknown; the one that
	// changed it stays known.
	const newPassword = "a brand new passphrase"
	if got := owner.do("POST", "/api/auth/password", map[string]string{"currentPassword": goodPassword, "newPassword": newPassword}); got.status != http.StatusNoContent {
		t.Fatalf("password change = %d %s", got.status, got.body)
	}
	if got := login(app, stolen, email, newPassword); got.status != http.StatusTooManyRequests {
		t.Errorf("a device cookie from before the password change = %d, want 429 (unknown at a full ceiling)", got.status)
	}
	if got := login(app, owner, email, newPassword); got.status != http.StatusOK {
		t.Errorf("the browser that changed the password = %d, want 200", got.status)
	}
}

func deviceSetCookie(r response) string {
	for _, c := range r.header.Values("Set-Cookie") {
		if strings.HasPrefix(c, "lifeline_device=") {
			return c
		}
	}
	return ""
}

func deviceCookieOf(c *client) string {
	for _, ck := range c.http.Jar.Cookies(mustURL(c.app.url + "/api/auth/login")) {
		if ck.Name == "lifeline_device" {
			return ck.Value
		}
	}
	c.t.Fatal("the browser has no device cookie")
	return ""
}

// setCeiling sets a ceiling's level (scope account or client), as guesses
// from elsewhere leave it (TestDistributedAttackHitsTheAccountCeiling
// fills one for real).
func setCeiling(t *testing.T, app *testApp, scope, key string, level int) {
	t.Helper()
	stored, err := app.db.ThrottleDigest(context.Background(), key)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := app.db.Pool.Exec(context.Background(), `INSERT INTO signin_throttle (scope, key, failures, updated_at) VALUES ($1, $2, $3, $4)`,
		scope, stored, level, *app.now.Load()); err != nil {
		t.Fatal(err)
	}
}

// TestSignInLimitsGiveNothingAway: unknown emails are limited exactly like
// real accounts (no probing which exist); a success clears the address's
// back-off; one address spraying many accounts meets its own ceiling.
func TestSignInLimitsGiveNothingAway(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	l := lifeline.DefaultSignInLimits
	_, real := app.registerUser("Rea")
	ghost := uniqueEmail("ghost")
	for _, email := range []string{real, ghost} {
		var statuses []int
		for range l.FreeFailures + 1 {
			statuses = append(statuses, login(app, app.newClient(), email, "wrong guess").status)
		}
		if fmt.Sprint(statuses) != "[401 401 401 401 401 429]" {
			t.Errorf("%s: statuses %v, want 5 × 401 then 429", email, statuses)
		}
	}

	_, typist := app.registerUser("Cy")
	for range l.FreeFailures - 1 {
		login(app, app.newClient(), typist, "typo typo")
	}
	if got := login(app, app.newClient(), typist, goodPassword); got.status != http.StatusOK {
		t.Fatalf("right password after typos = %d", got.status)
	}
	var rows int
	account, err := app.db.ThrottleDigest(context.Background(), typist)
	if err != nil {
		t.Fatal(err)
	}
	app.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM signin_throttle WHERE scope = 'source' AND starts_with(key, $1 || ' ')`, account).Scan(&rows)
	if rows != 0 {
		t.Error("a successful sign-in did not clear the address's back-off")
	}

	t.Run("one address spraying many accounts", func(t *testing.T) {
		app := newTestApp(t)
		_, bystander := app.registerUser("Bo")
		// The address has sprayed all but two of its hour's failures.
		setCeiling(t, app, "client", "127.0.0.1", l.ClientCeiling-2)
		for i := range 2 {
			if got := login(app, app.newClient(), uniqueEmail("spray"), "Winter2026!!"); got.status != http.StatusUnauthorized {
				t.Fatalf("spray %d = %d, want 401", i+1, got.status)
			}
		}
		requireTooMany(t, login(app, app.newClient(), bystander, goodPassword), "1 minute")
		app.advance(time.Minute)
		if got := login(app, app.newClient(), bystander, goodPassword); got.status != http.StatusOK {
			t.Errorf("a minute later = %d, want 200", got.status)
		}
	})
}
