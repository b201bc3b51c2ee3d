package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"lifeline"
	"lifeline/delivery"
)

// sosCircle is a wearer and a supporter with the SOS scope, the location
// during an alert and, with phone, "Let them call or text me".
func sosCircle(t *testing.T, app *testApp, phone bool) (wearer, sam *client, link int64) {
	t.Helper()
	wearer, _ = app.registerUser("Jo")
	sam, _ = app.registerUser("Sam")
	link, token := invite(t, wearer, "Sam", "")
	accept(t, sam, token)
	grant(t, wearer, link, map[string]any{"alerts": []string{"sos"}, "location": "during_alert", "locationWindowMinutes": 60, "phone": phone})
	return wearer, sam, link
}

// drainOutbox runs a delivery worker until nothing is pending.
func drainOutbox(t *testing.T, app *testApp) {
	t.Helper()
	worker := delivery.NewWorker(delivery.Config{Outbox: app.db, AllowPrivateWebhooks: true, Logger: slog.New(slog.DiscardHandler)})
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		worker.RunOnce(context.Background())
		var pending int
		if err := app.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM outbox WHERE state = 'pending'`).Scan(&pending); err != nil || pending == 0 {
			return
		}
	}
	t.Fatal("the outbox did not drain")
}

func TestSOSTakesThePositionTheBrowserHas(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	cases := []struct {
		name   string
		body   any // nil: no body at all
		status int
		fields []string // the fields a 400 names
		stored *[2]float64
	}{
		{name: "no body, as the bracelet's path and older pages send", status: http.StatusCreated},
		{name: "an empty object", body: map[string]any{}, status: http.StatusCreated},
		{name: "a position", body: map[string]any{"latitude": 51.5007, "longitude": -0.1246, "accuracy": 12}, status: http.StatusCreated, stored: &[2]float64{51.5007, -0.1246}},
		{name: "a position without accuracy", body: map[string]any{"latitude": -33.8568, "longitude": 151.2153}, status: http.StatusCreated, stored: &[2]float64{-33.8568, 151.2153}},
		{name: "latitude out of range", body: map[string]any{"latitude": 91, "longitude": 0}, status: http.StatusBadRequest, fields: []string{"latitude"}},
		{name: "longitude without latitude", body: map[string]any{"longitude": 10}, status: http.StatusBadRequest, fields: []string{"latitude"}},
		{name: "accuracy alone", body: map[string]any{"accuracy": 5}, status: http.StatusBadRequest, fields: []string{"latitude", "longitude"}},
		{name: "negative accuracy", body: map[string]any{"latitude": 1, "longitude": 1, "accuracy": -1}, status: http.StatusBadRequest, fields: []string{"accuracy"}},
		{name: "accuracy beyond 100 km", body: map[string]any{"latitude": 1, "longitude": 1, "accuracy": 100001}, status: http.StatusBadRequest, fields: []string{"accuracy"}},
		{name: "a number as text", body: map[string]any{"latitude": "51.5", "longitude": 0}, status: http.StatusBadRequest},
		{name: "another field", body: map[string]any{"latitude": 1, "longitude": 1, "altitude": 30}, status: http.StatusBadRequest},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			wearer, _ := app.registerUser("Jo")
			resp := wearer.do("POST", "/api/sos", tc.body)
			if resp.status != tc.status {
				t.Fatalf("POST /api/sos = %d %s, want %d", resp.status, resp.body, tc.status)
			}
			var open map[string]any
			wearer.do("GET", "/api/sos", nil).json(t, &open)
			if (open != nil) != (tc.status == http.StatusCreated) {
				t.Errorf("GET /api/sos = %v after a %d: an SOS stands only when it was accepted", open, resp.status)
			}
			if tc.status == http.StatusBadRequest {
				_, msg, fields := resp.errorBody(t)
				for _, f := range tc.fields {
					if fields[f] == "" {
						t.Errorf("the 400 (%q, %v) does not name %s", msg, fields, f)
					}
				}
			}
			var latest *struct {
				Latitude, Longitude float64
				Source              string
			}
			wearer.do("GET", "/api/gps/latest", nil).json(t, &latest)
			switch {
			case tc.stored == nil && latest != nil:
				t.Errorf("a position was stored: %+v", latest)
			case tc.stored != nil && (latest == nil || latest.Latitude != tc.stored[0] || latest.Longitude != tc.stored[1] || latest.Source != "browser"):
				t.Errorf("latest position %+v, want %v from the browser", latest, *tc.stored)
			}
		})
	}
}

// One press stands for a minute from when it was made, not for the clock's
// minute: presses seconds apart across a minute's end tell supporters once,
// two presses at the same moment too, and a press a minute on tells them
// again.
func TestSOSRepeatWindowSlides(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, _, _ := sosCircle(t, app, false)
	sosAlerts := func() int {
		var n int
		if err := app.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM alerts WHERE type = 'sos'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	app.advance(50 * time.Second) // 09:00:50
	steps := []struct {
		after  time.Duration
		status int
		alerts int
	}{
		{0, http.StatusCreated, 1},
		{15 * time.Second, http.StatusConflict, 1}, // 09:01:05: another minute of the clock, the same press
		{44 * time.Second, http.StatusConflict, 1}, // 59 s after the first
		{time.Second, http.StatusCreated, 2},       // a minute after it
	}
	for i, s := range steps {
		app.advance(s.after)
		if resp := wearer.do("POST", "/api/sos", nil); resp.status != s.status {
			t.Fatalf("press %d = %d %s, want %d", i+1, resp.status, resp.body, s.status)
		}
		if n := sosAlerts(); n != s.alerts {
			t.Fatalf("after press %d the wearer has %d SOS alerts, want %d", i+1, n, s.alerts)
		}
	}

	app.advance(5 * time.Minute)
	statuses := make(chan int, 2)
	for range 2 {
		go func() { statuses <- wearer.do("POST", "/api/sos", nil).status }()
	}
	if a, b := <-statuses, <-statuses; a+b != http.StatusCreated+http.StatusConflict {
		t.Errorf("two presses at once = %d and %d, want one 201 and one 409", a, b)
	}
	if n := sosAlerts(); n != 3 {
		t.Errorf("two presses at once raised %d SOS alerts, want one", n-2)
	}
}

// The SOS's position is the wearer's latest fix before any delivery is
// claimed: a supporter whose grant shows it gets where they are now, not
// the fix of a few minutes ago.
func TestSOSMessagesCarryThePositionSentWithIt(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, sam, _ := sosCircle(t, app, false)
	hook := startHook(t)
	if resp := sam.do("POST", "/api/channels", map[string]any{"kind": "webhook", "address": hook.URL}); resp.status != http.StatusCreated {
		t.Fatalf("channel = %d %s", resp.status, resp.body)
	}
	wearer.do("POST", "/api/gps/location", map[string]any{"latitude": 51.4, "longitude": -0.3, "accuracy": 30})
	app.advance(3 * time.Minute)
	if resp := wearer.do("POST", "/api/sos", map[string]any{"latitude": 51.5007, "longitude": -0.1246, "accuracy": 9}); resp.status != http.StatusCreated {
		t.Fatalf("SOS = %d %s", resp.status, resp.body)
	}
	drainOutbox(t, app)
	got := hook.bodies()
	if len(got) != 1 {
		t.Fatalf("%d webhook posts, want the SOS", len(got))
	}
	var m delivery.Message
	if err := json.Unmarshal([]byte(got[0]), &m); err != nil || m.Location == nil {
		t.Fatalf("SOS webhook %s (%v), want the position", got[0], err)
	}
	if m.Location.Latitude != 51.5007 || m.Location.Longitude != -0.1246 || !strings.Contains(m.Body, "51.50070, -0.12460") {
		t.Errorf("SOS webhook position %+v, body %q: want the position sent with the SOS", m.Location, m.Body)
	}
	if p := supported(t, sam); p[0].Location == nil || p[0].Location.Latitude != 51.5007 {
		t.Errorf("People I support shows %+v, want the SOS's position", p[0].Location)
	}
}

// hook is a webhook receiver that records the bodies posted to it.
type hook struct {
	URL  string
	body chan string
}

func startHook(t *testing.T) *hook {
	t.Helper()
	h := &hook{body: make(chan string, 64)}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		h.body <- string(b)
	}))
	t.Cleanup(srv.Close)
	h.URL = srv.URL
	return h
}

// bodies returns what was posted so far.
func (h *hook) bodies() []string {
	var out []string
	for {
		select {
		case b := <-h.body:
			out = append(out, b)
		default:
			return out
		}
	}
}

func TestSafeNowClosesTheSOS(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, sam, _ := sosCircle(t, app, false)
	other, _ := app.registerUser("Olive")
	hook := startHook(t)
	sam.do("POST", "/api/channels", map[string]any{"kind": "webhook", "address": hook.URL})

	var raised struct {
		Alert        struct{ ID int64 }
		SharingUntil time.Time
		Supporters   int
	}
	resp := wearer.do("POST", "/api/sos", nil)
	resp.json(t, &raised)
	if resp.status != http.StatusCreated || raised.Supporters != 1 {
		t.Fatalf("SOS = %d %s", resp.status, resp.body)
	}
	var open struct {
		Alert struct {
			ID        int64
			CreatedAt time.Time
		}
		SharingUntil time.Time
	}
	wearer.do("GET", "/api/sos", nil).json(t, &open)
	if open.Alert.ID != raised.Alert.ID || !open.SharingUntil.Equal(open.Alert.CreatedAt.Add(lifeline.SOSWindow)) || !raised.SharingUntil.Equal(open.SharingUntil) {
		t.Fatalf("GET /api/sos = %+v, want the SOS shared until an hour after it began", open)
	}
	drainOutbox(t, app)
	if p := supported(t, sam); p[0].SOS == nil || p[0].SOS.ResolvedAt != nil || !strings.Contains(p[0].SOS.Title, "is asking for help now") {
		t.Fatalf("the supporter sees %+v, want the open SOS", p[0].SOS)
	}
	safe := fmt.Sprintf("/api/sos/%d/safe", raised.Alert.ID)

	refused := []struct {
		name string
		c    *client
		path string
	}{
		{"another person's SOS", other, safe},
		{"the supporter, for the wearer", sam, safe},
		{"an id that is no alert", wearer, "/api/sos/999999/safe"},
		{"an id that is no number", wearer, "/api/sos/first/safe"},
	}
	for _, tc := range refused {
		t.Run("refuses "+tc.name, func(t *testing.T) {
			if resp := tc.c.do("POST", tc.path, nil); resp.status != http.StatusNotFound {
				t.Errorf("= %d %s, want 404", resp.status, resp.body)
			}
		})
	}
	t.Run("refuses an alert that is no SOS", func(t *testing.T) {
		a, err := app.alerts.RaiseAlert(context.Background(), userID(t, wearer),
			lifeline.NewAlert{Type: lifeline.AlertMilestone, Message: lifeline.MilestoneMessage(7), DedupKey: "7"})
		if err != nil {
			t.Fatal(err)
		}
		if resp := wearer.do("POST", fmt.Sprintf("/api/sos/%d/safe", a.ID), nil); resp.status != http.StatusNotFound {
			t.Errorf("= %d %s, want 404", resp.status, resp.body)
		}
	})
	if p := supported(t, sam); p[0].SOS == nil || p[0].SOS.ResolvedAt != nil {
		t.Fatalf("after the refusals the supporter sees %+v, want it still open", p[0].SOS)
	}

	app.advance(20 * time.Minute)
	var first, again struct {
		ResolvedAt *time.Time
		Resolution string
	}
	for i, dst := range []any{&first, &again} {
		resp := wearer.do("POST", safe, nil)
		if resp.status != http.StatusOK {
			t.Fatalf("I'm safe now (%d) = %d %s", i+1, resp.status, resp.body)
		}
		resp.json(t, dst)
	}
	if first.ResolvedAt == nil || !first.ResolvedAt.Equal(*app.now.Load()) || first.Resolution != lifeline.SOSResolution {
		t.Fatalf("I'm safe now = %+v", first)
	}
	if again.ResolvedAt == nil || !again.ResolvedAt.Equal(*first.ResolvedAt) {
		t.Errorf("closing it again moved it: %+v, then %+v", first, again)
	}
	if resp := wearer.do("GET", "/api/sos", nil); string(resp.body) != "null\n" && string(resp.body) != "null" {
		t.Errorf("GET /api/sos after I'm safe now = %s, want null", resp.body)
	}
	p := supported(t, sam)
	if s := p[0].SOS; s == nil || s.ResolvedAt == nil || s.Title != "Jo Tester says they're safe now" || s.Message != "Good news: Jo Tester says they're safe now (9:20 AM)." {
		t.Fatalf("the supporter sees %+v, want the closed SOS in a short line", p[0].SOS)
	}
	drainOutbox(t, app)
	var lines []delivery.Message
	for _, b := range hook.bodies() {
		var m delivery.Message
		if err := json.Unmarshal([]byte(b), &m); err != nil {
			t.Fatal(err)
		}
		if m.ResolvedAt != nil {
			lines = append(lines, m)
		}
	}
	if len(lines) != 1 || lines[0].Body != `Good news: "Jo Tester" says they're safe now (9:20 AM).` || lines[0].Location != nil {
		t.Errorf("the webhook got %+v, want one short line without a position", lines)
	}
	app.advance(closedSOSShown + time.Minute)
	if p := supported(t, sam); p[0].SOS != nil {
		t.Errorf("a day later the supporter still sees %+v", p[0].SOS)
	}
}

// closedSOSShown mirrors api's: how long a closed SOS stays on the
// supporter's screen.
const closedSOSShown = 24 * time.Hour

// TestSOSOnTheSupporterScreenOverTime: the title says "now" only during
// the SOS window, and the time it began after it.
func TestSOSOnTheSupporterScreenOverTime(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	app.useRealClock() // the SOS begins at the database's clock
	wearer, sam, _ := sosCircle(t, app, false)
	var raised struct{ Alert struct{ CreatedAt time.Time } }
	wearer.do("POST", "/api/sos", nil).json(t, &raised)
	began := raised.Alert.CreatedAt
	for _, tc := range []struct {
		after time.Duration
		title string
	}{
		{time.Minute, "Jo Tester is asking for help now"},
		{lifeline.SOSWindow - time.Minute, "Jo Tester is asking for help now"},
		{lifeline.SOSWindow + time.Minute, "Jo Tester asked for help at " + began.In(time.UTC).Format(sameDayOr(began, began.Add(lifeline.SOSWindow+time.Minute), "3:04 PM", "3:04 PM on Mon 2 Jan"))},
		{3 * 24 * time.Hour, "Jo Tester asked for help at " + began.In(time.UTC).Format("3:04 PM on Mon 2 Jan")},
	} {
		at := began.Add(tc.after)
		app.now.Store(&at)
		p := supported(t, sam)
		if p[0].SOS == nil || p[0].SOS.Title != tc.title {
			t.Errorf("%v after it began the supporter sees %+v, want %q", tc.after, p[0].SOS, tc.title)
		}
	}
}

// sameDayOr is layout when a and b fall on one day (UTC, the test
// supporter's zone), else otherDay: the SOS is raised at the real time,
// which may be just before midnight.
func sameDayOr(a, b time.Time, layout, otherDay string) string {
	if a.UTC().Format(time.DateOnly) == b.UTC().Format(time.DateOnly) {
		return layout
	}
	return otherDay
}

func TestSupportersSeeThePhoneOnlyWithTheGrant(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	for _, tc := range []struct {
		name  string
		grant bool
		phone string
		want  string // "" : null
	}{
		{"granted", true, " +1 555 010 2000 ", "+1 555 010 2000"},
		{"not granted", false, "+1 555 010 2000", ""},
		{"granted but none given", true, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wearer, sam, link := sosCircle(t, app, tc.grant)
			if resp := wearer.do("PATCH", "/api/auth/user", map[string]any{"phone": tc.phone}); resp.status != http.StatusOK {
				t.Fatalf("PATCH phone = %d %s", resp.status, resp.body)
			}
			for _, p := range []person{supported(t, sam)[0], onePerson(t, sam, link)} {
				got := ""
				if p.Phone != nil {
					got = *p.Phone
				}
				if got != tc.want || (tc.want == "" && p.Phone != nil) {
					t.Errorf("the supporter sees phone %v, want %q", p.Phone, tc.want)
				}
			}
			var views []struct{ What string }
			wearer.do("GET", "/api/supporters/views", nil).json(t, &views)
			logged := false
			for _, v := range views {
				logged = logged || v.What == "phone"
			}
			if logged != (tc.want != "") {
				t.Errorf("audit log %+v: the phone is logged only when it was shown", views)
			}
		})
	}
}

func onePerson(t *testing.T, c *client, link int64) person {
	t.Helper()
	var p person
	resp := c.do("GET", fmt.Sprintf("/api/supporting/%d", link), nil)
	if resp.status != http.StatusOK {
		t.Fatalf("GET /api/supporting/%d = %d %s", link, resp.status, resp.body)
	}
	resp.json(t, &p)
	return p
}

func TestOwnPhoneNumber(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Jo")
	for _, tc := range []struct {
		name, phone, want string
		ok                bool
	}{
		{"with spaces and a plus", "  +44 20 7946 0958 ", "+44 20 7946 0958", true},
		{"as written, letters and all", "555-0100 ext. 12", "555-0100 ext. 12", true},
		{"no digits", "call the desk", "", false},
		{"too long", strings.Repeat("5", 41), "", false},
		{"removed", "", "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := c.do("PATCH", "/api/auth/user", map[string]any{"phone": tc.phone})
			if !tc.ok {
				if _, _, fields := resp.errorBody(t); resp.status != http.StatusBadRequest || fields["phone"] == "" {
					t.Fatalf("= %d %s, want 400 naming the phone", resp.status, resp.body)
				}
				return
			}
			var u struct{ Phone string }
			resp.json(t, &u)
			if resp.status != http.StatusOK || u.Phone != tc.want {
				t.Fatalf("= %d %s, want phone %q", resp.status, resp.body, tc.want)
			}
		})
	}
}

func TestSOSAudienceNamesKindsNeverAddresses(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, _ := app.registerUser("Jo")
	type channel struct {
		kind      string
		on        bool
		confirmed bool
	}
	email := channel{"email", true, true}
	ntfy := channel{"webhook", true, true}
	off := channel{"email", false, true}
	waiting := channel{"email", true, false} // its owner has not opened the confirmation link
	cases := []struct {
		label  string
		scopes []string
		push   bool
		with   []channel
		want   []string // nil: not in the audience
	}{
		{label: "Sam", scopes: []string{"sos"}, with: []channel{email, ntfy}, want: []string{"email", "webhook"}},
		{label: "Kim", scopes: []string{"sos", "avoid_zone"}, want: []string{}},
		{label: "Lee", scopes: []string{"avoid_zone"}, with: []channel{email}},
		{label: "Ash", scopes: []string{"sos"}, with: []channel{off}, want: []string{}},
		{label: "Ray", scopes: []string{"sos"}, push: true, with: []channel{off, email}, want: []string{"email", "push"}},
		{label: "Bo", scopes: []string{"sos"}, with: []channel{waiting}, want: []string{}},
	}
	for _, tc := range cases {
		c, _ := app.registerUser(tc.label)
		link, token := invite(t, wearer, tc.label, "")
		accept(t, c, token)
		grant(t, wearer, link, map[string]any{"alerts": tc.scopes})
		for i, ch := range tc.with {
			body := map[string]any{"kind": "email", "address": fmt.Sprintf("private-%s%d@example.org", tc.label, i)}
			if ch.kind == "webhook" {
				body = map[string]any{"kind": "webhook", "address": "https://ntfy.example.org/private-topic", "ntfy": true}
			}
			resp := c.do("POST", "/api/channels", body)
			var made struct{ ID int64 }
			resp.json(t, &made)
			if resp.status != http.StatusCreated {
				t.Fatalf("channel = %d %s", resp.status, resp.body)
			}
			if ch.kind == "email" && ch.confirmed {
				confirmChannel(t, app, made.ID)
			}
			if !ch.on {
				c.do("PATCH", fmt.Sprintf("/api/channels/%d", made.ID), map[string]any{"enabled": false})
			}
		}
		if tc.push {
			if resp := c.do("POST", "/api/channels", pushChannelSpecBody("private")); resp.status != http.StatusCreated {
				t.Fatalf("push subscription = %d %s", resp.status, resp.body)
			}
		}
	}

	resp := wearer.do("GET", "/api/sos/audience", nil)
	if resp.status != http.StatusOK {
		t.Fatalf("= %d %s", resp.status, resp.body)
	}
	if strings.Contains(string(resp.body), "private") || strings.Contains(string(resp.body), "example.org") {
		t.Errorf("the audience holds an address: %s", resp.body)
	}
	var got []struct {
		Label    string
		Channels []string
	}
	resp.json(t, &got)
	heard := map[string][]string{}
	for _, l := range got {
		heard[l.Label] = l.Channels
	}
	for _, tc := range cases {
		channels, in := heard[tc.label]
		if in != (tc.want != nil) || fmt.Sprint(channels) != fmt.Sprint(tc.want) {
			t.Errorf("%s: in the audience %v with %v, want %v", tc.label, in, channels, tc.want)
		}
	}
	if len(got) != 5 || got[0].Label != "Sam" {
		t.Errorf("audience %+v, want the five with the SOS scope, oldest link first", got)
	}

	// The wearer's own record of an SOS says what is true of how they hear.
	var raised struct{ Alert struct{ Message string } }
	wearer.do("POST", "/api/sos", nil).json(t, &raised)
	if want := "2 people are being told right now; 3 more will see it only when they open Lifeline."; !strings.Contains(raised.Alert.Message, want) {
		t.Errorf("the SOS says %q, want %q", raised.Alert.Message, want)
	}
}

func TestOwnPhoneIsExportedAndErased(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, sam, _ := sosCircle(t, app, true)
	const phone = "+1 555 010 2000"
	if resp := wearer.do("PATCH", "/api/auth/user", map[string]any{"phone": phone}); resp.status != http.StatusOK {
		t.Fatalf("PATCH phone = %d %s", resp.status, resp.body)
	}
	var export struct{ Tables map[string][]map[string]any }
	wearer.do("GET", "/api/account/export", nil).json(t, &export)
	if users := export.Tables["users"]; len(users) != 1 || users[0]["phone"] != phone {
		t.Fatalf("the export's account row = %v, want the phone", export.Tables["users"])
	}
	if links := export.Tables["care_links"]; len(links) != 1 || links[0]["share_phone"] != true {
		t.Errorf("the export's care links = %v, want the phone grant", export.Tables["care_links"])
	}
	if resp := wearer.do("DELETE", "/api/account", map[string]any{"password": goodPassword}); resp.status != http.StatusNoContent {
		t.Fatalf("delete = %d %s", resp.status, resp.body)
	}
	var left int
	if err := app.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM users WHERE phone = $1`, phone).Scan(&left); err != nil || left != 0 {
		t.Fatalf("%d accounts still hold the number (%v)", left, err)
	}
	if p := supported(t, sam); len(p) != 0 {
		t.Errorf("the supporter still sees %+v", p)
	}
}

// TestSOSReachesOpenPagesLive: raising and closing an SOS reaches the
// supporter's open "People I support" and the wearer's other tabs at once,
// as an sos event on /api/events.
func TestSOSReachesOpenPagesLive(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, sam, link := sosCircle(t, app, false)
	samEvents := sam.openStream(t, "")
	otherTab := wearer.openStream(t, "")

	var raised struct{ Alert struct{ ID int64 } }
	wearer.do("POST", "/api/sos", nil).json(t, &raised)
	safe := fmt.Sprintf("/api/sos/%d/safe", raised.Alert.ID)
	for _, step := range []struct {
		name string
		do   func()
		open bool
	}{
		{"raised", func() {}, true},
		{"closed", func() { wearer.do("POST", safe, nil) }, false},
	} {
		step.do()
		var toSam, toWearer struct {
			AlertID, PersonID int64
			Open              bool
		}
		if err := json.Unmarshal([]byte(next(t, samEvents, "sos").data), &toSam); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(next(t, otherTab, "sos").data), &toWearer); err != nil {
			t.Fatal(err)
		}
		if toSam.PersonID != link || toSam.AlertID != 0 || toSam.Open != step.open {
			t.Errorf("%s: the supporter's page got %+v, want their link %d (and no alert id)", step.name, toSam, link)
		}
		if toWearer.AlertID != raised.Alert.ID || toWearer.Open != step.open {
			t.Errorf("%s: the wearer's other tab got %+v", step.name, toWearer)
		}
	}
}
