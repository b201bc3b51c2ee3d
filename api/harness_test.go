package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"lifeline/api"
	"lifeline/app/apptest"
	"lifeline/live"
	"lifeline/store"
	"lifeline/store/storetest"
)

// testApp is the real program (package app) in this process on a fresh
// database, without its periodic jobs and delivery worker, with a clock
// the test moves by hand.
type testApp struct {
	t   *testing.T
	url string
	api *api.Server
	db  *store.DB
	// bus is this node's live events; alerts raises alerts and publishes
	// them on it, as the running program does.
	bus    *live.Bus
	alerts *live.Alerts
	now    atomic.Pointer[time.Time]
}

func newTestApp(t *testing.T, configure ...func(*api.Config)) *testApp {
	t.Helper()
	return newTestAppOn(t, storetest.NewDB(t), configure...)
}

// newTestAppOn starts another node on an existing database, with its own
// live events listener, as a second server behind a load balancer.
func newTestAppOn(t *testing.T, db *store.DB, configure ...func(*api.Config)) *testApp {
	t.Helper()
	app := &testApp{t: t}
	start := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	app.now.Store(&start)
	cfg := apptest.Config()
	cfg.ContentDir = t.TempDir() // none: the content tests publish their own
	cfg.MapTileURL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
	// Receivers listen on loopback, as the e2e suite's --private-webhooks.
	cfg.PrivateWebhooks = true
	program := apptest.Start(t, cfg, apptest.Options{DB: db, WithoutWorkers: true, LocationEvery: 50 * time.Millisecond,
		API: func(c *api.Config) {
			c.WebApp = builtApp
			c.Now = func() time.Time { return *app.now.Load() }
			c.EmailEnabled = true // the outbox is read by the tests, not sent
			for _, f := range configure {
				f(c)
			}
		}})
	app.url, app.api, app.db, app.bus, app.alerts = program.URL(), program.API(), program.DB(), program.Bus(), program.Alerts()
	return app
}

// useRealClock sets the app's clock to the real time, for a test whose
// steps are due at the database's clock (the outbox, an SOS's start). Call
// it before signing anyone in: a session begun on the harness's fixed date
// is, by the real date, past the week a session may sit unused.
func (a *testApp) useRealClock() {
	now := time.Now()
	a.now.Store(&now)
}

func (a *testApp) advance(d time.Duration) {
	next := a.now.Load().Add(d)
	a.now.Store(&next)
}

// client is one browser: its own cookie jar, same-origin requests.
type client struct {
	t    *testing.T
	app  *testApp
	http *http.Client
}

func (a *testApp) newClient() *client {
	jar, _ := cookiejar.New(nil)
	return &client{t: a.t, app: a, http: &http.Client{
		Jar:       jar,
		Transport: contractTransport{t: a.t, host: mustURL(a.url).Host, base: http.DefaultTransport},
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}}
}

type response struct {
	status int
	header http.Header
	body   []byte
}

func (r response) json(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("response %d is not the JSON expected: %v\n%s", r.status, err, r.body)
	}
}

func (r response) errorBody(t *testing.T) (code, message string, fields map[string]string) {
	t.Helper()
	var e struct {
		Error   string            `json:"error"`
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields"`
	}
	r.json(t, &e)
	return e.Error, e.Message, e.Fields
}

// do sends a request as a browser page of this site would. body may be nil,
// a string (sent as is) or a value (sent as JSON).
func (c *client) do(method, path string, body any, headers ...string) response {
	c.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			c.t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, c.app.url+path, rd)
	if err != nil {
		c.t.Fatal(err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Origin", c.app.url)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i] == "Host" { // Go sends req.Host, not a Host header
			req.Host = headers[i+1]
			continue
		}
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := c.http.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return response{status: resp.StatusCode, header: resp.Header, body: raw}
}

func (c *client) sessionToken() string {
	for _, ck := range c.http.Jar.Cookies(mustURL(c.app.url)) {
		if ck.Name == "lifeline_session" {
			return ck.Value
		}
	}
	return ""
}

var emailSeq atomic.Int64

// uniqueEmail gives each registration its own address.
func uniqueEmail(name string) string {
	return fmt.Sprintf("%s.%d@example.org", name, emailSeq.Add(1))
}

const goodPassword = "correct horse battery staple"

// registerUser creates an account and returns its signed-in browser.
func (a *testApp) registerUser(firstName string) (*client, string) {
	a.t.Helper()
	c := a.newClient()
	email := uniqueEmail(strings.ToLower(firstName))
	resp := c.do("POST", "/api/auth/register", map[string]string{
		"email": email, "password": goodPassword, "firstName": firstName, "lastName": "Tester", "timezone": "Europe/London",
	})
	if resp.status != http.StatusCreated {
		a.t.Fatalf("register %s: %d %s", email, resp.status, resp.body)
	}
	return c, email
}

// twoUsers returns two signed-in people, A and B, for isolation tests.
func (a *testApp) twoUsers() (userA, userB *client) {
	a.t.Helper()
	userA, _ = a.registerUser("Alice")
	userB, _ = a.registerUser("Bruno")
	return userA, userB
}

// isolationCase is one request by user B against a resource of user A.
type isolationCase struct {
	method, path string
	body         any
}

// requireIsolated checks that user B gets 404 for each of user A's
// resources, never 403 (which would confirm the resource exists) and never
// success. Every data endpoint adds its routes here as it lands.
func requireIsolated(t *testing.T, other *client, cases []isolationCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			if got := other.do(tc.method, tc.path, tc.body); got.status != http.StatusNotFound {
				t.Errorf("another user's %s %s = %d, want 404: %s", tc.method, tc.path, got.status, got.body)
			}
		})
	}
}

func mustURL(raw string) *url.URL {
	u, err := url.Parse(raw)
	if err != nil {
		panic(err)
	}
	return u
}

func urlQueryEscape(s string) string { return url.QueryEscape(s) }
