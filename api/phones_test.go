package api_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"lifeline"
	"lifeline/api"
	"lifeline/ingest"
	"lifeline/internal/ratelimit"
)

// phoneFixture reads a payload the apps' documentation gives (see
// ingest/phone/testdata/README.md).
func phoneFixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "ingest", "phone", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

type pairedPhone struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	Token string `json:"token"`
}

// secret is the one-field credential of Overland and OsmAnd.
func (p pairedPhone) secret() string { return p.ID + "." + p.Token }

func pairPhone(t *testing.T, c *client) pairedPhone {
	t.Helper()
	var p pairedPhone
	resp := c.do("POST", "/api/devices", map[string]any{"name": "My phone", "kind": "phone"})
	if resp.status != http.StatusCreated {
		t.Fatalf("pair phone: %d %s", resp.status, resp.body)
	}
	resp.json(t, &p)
	if p.Kind != "phone" || p.Token == "" {
		t.Fatalf("paired = %+v", p)
	}
	return p
}

// appSend is a request from a phone app: no cookies, no browser headers.
func (a *testApp) appSend(method, path, body string, headers ...string) response {
	a.t.Helper()
	return a.newClient().do(method, path, body, append([]string{"Origin", "", "Sec-Fetch-Site", ""}, headers...)...)
}

func (a *testApp) setClock(ts string) {
	now, err := time.Parse(time.RFC3339, ts)
	if err != nil {
		a.t.Fatal(err)
	}
	a.now.Store(&now)
}

type storedFix struct {
	Latitude, Longitude float64
	Accuracy            *float64
	Timestamp           time.Time
	BatteryLevel        *int
	Source              string
	DeviceID            string
}

// requireNoFixes fails when c's user has any stored fix.
func requireNoFixes(t *testing.T, c *client, why string) {
	t.Helper()
	if got := locations(t, c); len(got) != 0 {
		t.Errorf("%s stored %d fixes: %+v", why, len(got), got)
	}
}

func locations(t *testing.T, c *client) []storedFix {
	t.Helper()
	var list []storedFix
	c.do("GET", "/api/gps/locations?limit=1000", nil).json(t, &list)
	return list
}

func basicAuth(id, token string) string {
	req, _ := http.NewRequest("GET", "/", nil)
	req.SetBasicAuth(id, token)
	return req.Header.Get("Authorization")
}

// TestPhoneAppsFixturesThroughTheServer sends each app's documented payload
// twice, as an app retrying after a lost reply would: each answer is the
// app's "stored" reply, the fix is stored once, and the GPS page's list
// shows it with its source and device.
func TestPhoneAppsFixturesThroughTheServer(t *testing.T) {
	t.Parallel()
	osmandQuery := strings.TrimSpace(phoneFixture(t, "osmand-query.txt"))
	tests := []struct {
		name, clock, source string
		send                func(app *testApp, p pairedPhone) response
		wantReply           string
		want                storedFix
	}{
		{"owntracks", "2017-06-15T06:38:00Z", "owntracks", func(app *testApp, p pairedPhone) response {
			return app.appSend("POST", "/api/ingest/owntracks", phoneFixture(t, "owntracks-location.json"),
				"Authorization", basicAuth(p.ID, p.Token), "Content-Type", "application/json", "X-Limit-U", "jane", "X-Limit-D", "iphone")
		}, "[]", storedFix{Latitude: 48.85833, Longitude: 2.29513, Timestamp: time.Unix(1497508651, 0)}},
		{"overland bearer", "2015-10-01T15:01:00Z", "overland", func(app *testApp, p pairedPhone) response {
			return app.appSend("POST", "/api/ingest/overland", phoneFixture(t, "overland-batch.json"),
				"Authorization", "Bearer "+p.secret(), "Content-Type", "application/json")
		}, `{"result":"ok"}`, storedFix{Latitude: 37.3318, Longitude: -122.030581, Timestamp: time.Date(2015, 10, 1, 15, 0, 0, 0, time.UTC)}},
		{"overland ?token=", "2015-10-01T15:01:00Z", "overland", func(app *testApp, p pairedPhone) response {
			return app.appSend("POST", "/api/ingest/overland?token="+url.QueryEscape(p.secret()), phoneFixture(t, "overland-batch.json"))
		}, `{"result":"ok"}`, storedFix{Latitude: 37.3318, Longitude: -122.030581, Timestamp: time.Date(2015, 10, 1, 15, 0, 0, 0, time.UTC)}},
		{"osmand GET", "2025-11-22T06:43:00Z", "osmand", func(app *testApp, p pairedPhone) response {
			return app.appSend("GET", "/api/ingest/osmand?id="+url.QueryEscape(p.secret())+"&"+osmandQuery, "")
		}, "", storedFix{Latitude: 51.5007, Longitude: -0.1246, Timestamp: time.Unix(1763793724, 0)}},
		{"osmand POST query", "2025-11-22T06:43:00Z", "osmand", func(app *testApp, p pairedPhone) response {
			return app.appSend("POST", "/api/ingest/osmand?id="+url.QueryEscape(p.secret())+"&"+osmandQuery, "")
		}, "", storedFix{Latitude: 51.5007, Longitude: -0.1246, Timestamp: time.Unix(1763793724, 0)}},
		{"osmand Traccar Client JSON", "2026-11-22T09:00:00Z", "osmand", func(app *testApp, p pairedPhone) response {
			body := strings.ReplaceAll(phoneFixture(t, "traccar-client-9-android.json"), "brc_phone.TOKEN", p.secret())
			return app.appSend("POST", "/api/ingest/osmand", body, "Content-Type", "application/json")
		}, "", storedFix{Latitude: 51.5007, Longitude: -0.1246, Timestamp: time.Date(2026, 11, 22, 8, 59, 0, 0, time.UTC)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			app := newTestApp(t)
			a, b := app.twoUsers()
			p := pairPhone(t, a)
			app.setClock(tt.clock)
			for range 2 {
				resp := tt.send(app, p)
				if resp.status != http.StatusOK || strings.TrimSpace(string(resp.body)) != tt.wantReply {
					t.Fatalf("= %d %q, want 200 %q", resp.status, resp.body, tt.wantReply)
				}
			}
			got := locations(t, a)
			if len(got) != 1 {
				t.Fatalf("stored %d fixes, want 1 (sent twice): %+v", len(got), got)
			}
			f := got[0]
			if f.Source != tt.source || f.DeviceID != p.ID || f.Latitude != tt.want.Latitude || f.Longitude != tt.want.Longitude || !f.Timestamp.Equal(tt.want.Timestamp) {
				t.Errorf("stored %+v, want %+v from %s %s", f, tt.want, tt.source, p.ID)
			}
			requireNoFixes(t, b, "another user's phone")
		})
	}
}

// TestPhoneCorpusThroughTheServer sends every payload of the corpus
// (ingest/phone/testdata/corpus.json: what the apps send, from their own
// source and documentation) through the server as its app does, each from
// its own phone: every one with a usable position is stored, with its
// fixes, and answered with the app's reply; the others are refused.
func TestPhoneCorpusThroughTheServer(t *testing.T) {
	t.Parallel()
	var corpus []struct {
		File, Protocol, Now, Refused string
		Fixes                        []struct{ Lat, Lon float64 }
	}
	if err := json.Unmarshal([]byte(phoneFixture(t, "corpus.json")), &corpus); err != nil {
		t.Fatal(err)
	}
	app := newTestApp(t)
	a, _ := app.twoUsers()
	for _, e := range corpus {
		t.Run(e.File, func(t *testing.T) {
			p := pairPhone(t, a)
			app.setClock(e.Now)
			payload := strings.ReplaceAll(strings.TrimSpace(phoneFixture(t, e.File)), "brc_phone.TOKEN", p.secret())
			var resp response
			switch {
			case e.Protocol == "owntracks":
				resp = app.appSend("POST", "/api/ingest/owntracks", payload, "Authorization", basicAuth(p.ID, p.Token))
			case e.Protocol == "overland":
				resp = app.appSend("POST", "/api/ingest/overland", payload, "Authorization", "Bearer "+p.secret())
			case strings.HasSuffix(e.File, ".json"):
				resp = app.appSend("POST", "/api/ingest/osmand", strings.Replace(payload, `"48241179"`, `"`+p.secret()+`"`, 1), "Content-Type", "application/json")
			default:
				if !strings.Contains(payload, "id=") {
					payload = "id=" + url.QueryEscape(p.secret()) + "&" + payload
				}
				resp = app.appSend("POST", "/api/ingest/osmand", payload, "Content-Type", "application/x-www-form-urlencoded")
			}
			if e.Refused != "" {
				if resp.status != http.StatusBadRequest || !strings.Contains(string(resp.body), e.Refused) {
					t.Errorf("= %d %s, want 400 naming %s", resp.status, resp.body, e.Refused)
				}
				return
			}
			if resp.status != http.StatusOK {
				t.Fatalf("= %d %s, want 200", resp.status, resp.body)
			}
			var stored []storedFix
			for _, f := range locations(t, a) {
				if f.DeviceID == p.ID {
					stored = append(stored, f)
				}
			}
			if len(stored) != len(e.Fixes) {
				t.Fatalf("stored %d fixes, want %d: %+v", len(stored), len(e.Fixes), stored)
			}
			for i, want := range e.Fixes { // the list is newest first
				if got := stored[len(stored)-1-i]; got.Latitude != want.Lat || got.Longitude != want.Lon {
					t.Errorf("fix %d at %v,%v, want %v,%v", i, got.Latitude, got.Longitude, want.Lat, want.Lon)
				}
			}
		})
	}
}

// TestPhoneIngestKeepsTheFix: an optional value a phone app cannot be
// trusted with is dropped and the fix stored; a batch stores its good
// points, refuses the bad one and is acknowledged; each request is in the
// tester view (its token blanked out), and the refused reports count on
// the device card, today only.
func TestPhoneIngestKeepsTheFix(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, func(c *api.Config) {
		log := ingest.NewPacketLog(ingest.PacketLogConfig{Refusals: c.Devices.(lifeline.RefusalStore), RefusalFlush: 10 * time.Millisecond})
		t.Cleanup(log.Close)
		c.Packets = log
	})
	a, _ := app.twoUsers()
	p := pairPhone(t, a)
	app.setClock("2026-11-22T09:00:00Z")
	owntracks := func(body string) response {
		return app.appSend("POST", "/api/ingest/owntracks", body, "Authorization", basicAuth(p.ID, p.Token))
	}
	if resp := owntracks(`{"_type":"location","lat":48.85833,"lon":2.29513,"tst":1795337940,"vel":-1,"cog":-1,"batt":"41","source":"fused","isAdmin":true}`); resp.status != http.StatusOK {
		t.Fatalf("a location with values to drop = %d %s, want 200", resp.status, resp.body)
	}
	if resp := app.appSend("GET", "/api/ingest/osmand?id="+url.QueryEscape(p.secret())+"&lat=48.86&lon=2.29&timestamp=1795337900&batery=80", ""); resp.status != http.StatusOK {
		t.Fatalf("an OsmAnd typo = %d %s, want 200", resp.status, resp.body)
	}
	for range 2 {
		if resp := owntracks(`{"_type":"location","lat":48.85833,"lon":2.29513,"tst":1795341600}`); resp.status != http.StatusBadRequest {
			t.Fatalf("a location an hour ahead = %d %s, want 400", resp.status, resp.body)
		}
	}
	batch := `{"locations":[` +
		`{"type":"Feature","geometry":{"type":"Point","coordinates":[2.29,48.87]},"properties":{"timestamp":"2026-11-22T08:58:00Z","speed":-1}},` +
		`{"type":"Feature","geometry":{"type":"Point","coordinates":[2.29,95]},"properties":{"timestamp":"2026-11-22T08:58:30Z"}}]}`
	if resp := app.appSend("POST", "/api/ingest/overland", batch, "Authorization", "Bearer "+p.secret()); resp.status != http.StatusOK || !strings.Contains(string(resp.body), `"ok"`) {
		t.Fatalf("a batch with one bad point = %d %s, want 200 ok", resp.status, resp.body)
	}
	if got := locations(t, a); len(got) != 3 {
		t.Errorf("stored %d fixes, want 3: %+v", len(got), got)
	}

	var packets []struct {
		Topic, Outcome, Reason, Detail, Excerpt string
		Fixes                                   int
		Dropped                                 []lifeline.FieldDrop
	}
	a.do("GET", "/api/devices/"+p.ID+"/packets", nil).json(t, &packets)
	if len(packets) != 5 {
		t.Fatalf("tester view holds %d requests, want 5: %+v", len(packets), packets)
	}
	for _, pk := range packets {
		if strings.Contains(pk.Excerpt, p.Token) {
			t.Errorf("the tester view shows the token: %s", pk.Excerpt)
		}
	}
	if b := packets[0]; b.Topic != "POST /api/ingest/overland" || b.Outcome != "accepted" || b.Fixes != 1 || b.Reason != "bad_overland" ||
		!strings.Contains(b.Detail, "locations[1].geometry.coordinates[1]") ||
		!slices.Equal(b.Dropped, []lifeline.FieldDrop{{Field: "properties.speed", Reason: lifeline.DropNotKnown, Count: 1}}) {
		t.Errorf("the batch in the tester view: %+v", b)
	}
	if r := packets[1]; r.Outcome != "rejected" || r.Reason != "bad_owntracks" || !strings.Contains(r.Detail, "ahead") {
		t.Errorf("the refused location in the tester view: %+v", r)
	}
	if o := packets[3]; o.Topic != "GET /api/ingest/osmand" || !strings.Contains(o.Excerpt, "[token]") ||
		!slices.Equal(o.Dropped, []lifeline.FieldDrop{{Field: "batery", Reason: lifeline.DropUnknownField, Count: 1}}) {
		t.Errorf("the OsmAnd request in the tester view: %+v", o)
	}
	if o := packets[4]; len(o.Dropped) != 4 { // source is the Android app's, and kept quiet
		t.Errorf("the first location dropped %v, want isAdmin, batt, vel and cog", o.Dropped)
	}

	type card struct {
		RefusedToday int
		LastRefusal  *lifeline.Refusal
	}
	devices := func() []card {
		var list []card
		a.do("GET", "/api/devices", nil).json(t, &list)
		return list
	}
	deadline := time.Now().Add(10 * time.Second)
	for devices()[0].RefusedToday < 3 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if d := devices()[0]; d.RefusedToday != 3 || d.LastRefusal == nil || d.LastRefusal.Reason != "bad_overland" ||
		!d.LastRefusal.At.Equal(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)) {
		t.Errorf("device card = %+v %+v, want 3 refused today, the latest the batch's point", d, d.LastRefusal)
	}
	app.advance(24 * time.Hour)
	if d := devices()[0]; d.RefusedToday != 0 || d.LastRefusal != nil {
		t.Errorf("the next day the card says %+v, want no refusals", d)
	}
}

// TestOwnTracksOtherTypesAreIgnored: lwt and friends get OwnTracks' empty
// reply and store nothing.
func TestOwnTracksOtherTypesAreIgnored(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	a, _ := app.twoUsers()
	p := pairPhone(t, a)
	for _, body := range []string{phoneFixture(t, "owntracks-lwt.json"), `{"_type":"transition","event":"enter","desc":"Home","tst":1,"wtst":1,"lat":1,"lon":2,"acc":5}`, `{"_type":"card","name":"Jane"}`} {
		resp := app.appSend("POST", "/api/ingest/owntracks", body, "Authorization", basicAuth(p.ID, p.Token))
		if resp.status != http.StatusOK || strings.TrimSpace(string(resp.body)) != "[]" {
			t.Errorf("%s = %d %s, want 200 []", body, resp.status, resp.body)
		}
	}
	requireNoFixes(t, a, "non-location messages")
}

// TestPhoneIngestRefusals: wrong credentials get 401, a payload that is
// not the protocol, or whose position or time cannot be used, a 400 that
// says what was wrong, and nothing is stored.
func TestPhoneIngestRefusals(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	a, b := app.twoUsers()
	p, other := pairPhone(t, a), pairPhone(t, b)
	revoked := pairPhone(t, a)
	if resp := a.do("DELETE", "/api/devices/"+revoked.ID, nil); resp.status != http.StatusNoContent {
		t.Fatalf("revoke: %d", resp.status)
	}
	app.setClock("2026-11-22T09:00:00Z")
	const good = `{"_type":"location","lat":48.85833,"lon":2.29513,"tst":1795337940}` // a minute ago
	overlandPoint := func(ts string, lat float64) map[string]any {
		return map[string]any{"type": "Feature", "geometry": map[string]any{"type": "Point", "coordinates": []float64{2.29513, lat}},
			"properties": map[string]any{"timestamp": ts}}
	}
	overland := func(points ...map[string]any) string {
		b, _ := json.Marshal(map[string]any{"locations": points})
		return string(b)
	}
	owntracks := func(body string, id, token string) response {
		return app.appSend("POST", "/api/ingest/owntracks", body, "Authorization", basicAuth(id, token))
	}
	tests := []struct {
		name       string
		send       func() response
		status     int
		wantInBody string
	}{
		{"owntracks wrong token", func() response { return owntracks(good, p.ID, other.Token) }, 401, "Unauthorized"},
		{"owntracks no credentials", func() response { return app.appSend("POST", "/api/ingest/owntracks", good) }, 401, "Unauthorized"},
		{"owntracks unknown device", func() response { return owntracks(good, "brc_nobody", p.Token) }, 401, "Unauthorized"},
		{"owntracks revoked device", func() response { return owntracks(good, revoked.ID, revoked.Token) }, 401, "Unauthorized"},
		{"owntracks malformed JSON", func() response { return owntracks(`{"_type":"location",`, p.ID, p.Token) }, 400, "cut short"},
		{"owntracks latitude out of range", func() response {
			return owntracks(`{"_type":"location","lat":91,"lon":2,"tst":1795337940}`, p.ID, p.Token)
		}, 400, "latitude must be"},
		{"owntracks from the future", func() response {
			return owntracks(`{"_type":"location","lat":1,"lon":2,"tst":1795341600}`, p.ID, p.Token)
		}, 400, "ahead of the server's clock"},
		{"owntracks oversized body", func() response {
			return owntracks(`{"_type":"location","tid":"`+strings.Repeat("x", 1<<20)+`"}`, p.ID, p.Token)
		}, 400, "too large"},
		{"overland wrong token", func() response {
			return app.appSend("POST", "/api/ingest/overland", overland(overlandPoint("2026-11-22T08:59:00Z", 48.8)), "Authorization", "Bearer "+p.ID+".nope")
		}, 401, "Unauthorized"},
		{"overland another user's device ID with my token", func() response {
			return app.appSend("POST", "/api/ingest/overland", overland(overlandPoint("2026-11-22T08:59:00Z", 48.8)), "Authorization", "Bearer "+other.ID+"."+p.Token)
		}, 401, "Unauthorized"},
		{"overland not a batch", func() response {
			return app.appSend("POST", "/api/ingest/overland", `{"points":[]}`, "Authorization", "Bearer "+p.secret())
		}, 400, "locations"},
		{"osmand id is only the device ID", func() response {
			return app.appSend("GET", "/api/ingest/osmand?id="+p.ID+"&lat=1&lon=2&timestamp=1795337940", "")
		}, 401, "Unauthorized"},
		{"osmand future", func() response {
			return app.appSend("GET", "/api/ingest/osmand?id="+url.QueryEscape(p.secret())+"&lat=1&lon=2&timestamp=1795341600", "")
		}, 400, "timestamp"},
		{"osmand 0, 0", func() response {
			return app.appSend("GET", "/api/ingest/osmand?id="+url.QueryEscape(p.secret())+"&lat=0&lon=0&timestamp=1795337940", "")
		}, 400, "no position"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := tt.send()
			if resp.status != tt.status || !bytes.Contains(resp.body, []byte(tt.wantInBody)) {
				t.Errorf("= %d %.300s, want %d mentioning %q", resp.status, resp.body, tt.status, tt.wantInBody)
			}
		})
	}
	requireNoFixes(t, a, "refused requests")
	requireNoFixes(t, b, "refused requests")
}

// TestPhoneIngestIsMachineToMachine: no session and no same-origin headers
// are needed, a browser's cross-site headers change nothing, and a signed-in
// browser without a device token gets 401.
func TestPhoneIngestIsMachineToMachine(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	a, _ := app.twoUsers()
	p := pairPhone(t, a)
	app.setClock("2026-11-22T09:00:00Z")
	body := `{"_type":"location","lat":48.85833,"lon":2.29513,"tst":1795337940}`
	resp := app.appSend("POST", "/api/ingest/owntracks", body, "Authorization", basicAuth(p.ID, p.Token),
		"Origin", "https://elsewhere.example", "Sec-Fetch-Site", "cross-site")
	if resp.status != http.StatusOK {
		t.Errorf("cross-site headers: %d %s", resp.status, resp.body)
	}
	if resp := a.do("POST", "/api/ingest/owntracks", body); resp.status != http.StatusUnauthorized {
		t.Errorf("a session instead of a device token: %d %s", resp.status, resp.body)
	}
}

// TestPhoneIngestRateLimit: a phone gets the bracelets' per-device budget.
func TestPhoneIngestRateLimit(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, func(c *api.Config) { c.DeviceRate = ratelimit.Limit{PerSecond: 0.01, Burst: 2} })
	a, b := app.twoUsers()
	p, other := pairPhone(t, a), pairPhone(t, b)
	app.setClock("2026-11-22T09:00:00Z")
	send := func(p pairedPhone) int {
		return app.appSend("POST", "/api/ingest/owntracks", `{"_type":"lwt","tst":1}`, "Authorization", basicAuth(p.ID, p.Token)).status
	}
	if s1, s2, s3 := send(p), send(p), send(p); s1 != 200 || s2 != 200 || s3 != http.StatusTooManyRequests {
		t.Errorf("statuses %d %d %d, want 200 200 429", s1, s2, s3)
	}
	if s := send(other); s != http.StatusOK {
		t.Errorf("another device was limited too: %d", s)
	}
}

// TestOwnTracksPhoneEntersAvoidZone: fixes from OwnTracks over HTTP drive
// the geofence engine exactly as a bracelet's do; entering an avoid zone
// raises the same geofence_enter_avoid alert.
func TestOwnTracksPhoneEntersAvoidZone(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	a, b := app.twoUsers()
	p := pairPhone(t, a)
	var bar zone
	a.do("POST", "/api/safe-zones", map[string]any{"name": "Old bar", "type": "avoid", "latitude": 48.85833, "longitude": 2.29513, "radius": 100}).json(t, &bar)
	streamA, streamB := a.openStream(t, ""), b.openStream(t, "")

	var fix map[string]any
	if err := json.Unmarshal([]byte(phoneFixture(t, "owntracks-location.json")), &fix); err != nil {
		t.Fatal(err)
	}
	for i := range 3 { // three confirming fixes well inside, 30 s apart
		fix["tst"] = 1497508651 + 30*i
		body, _ := json.Marshal(fix)
		app.setClock(time.Unix(1497508651+int64(30*i)+5, 0).UTC().Format(time.RFC3339))
		if resp := app.appSend("POST", "/api/ingest/owntracks", string(body), "Authorization", basicAuth(p.ID, p.Token)); resp.status != http.StatusOK {
			t.Fatalf("fix %d: %d %s", i, resp.status, resp.body)
		}
	}
	e := next(t, streamA, "alert")
	if !strings.Contains(e.data, "geofence_enter_avoid") || !strings.Contains(e.data, "Old bar") {
		t.Fatalf("alert event = %+v", e)
	}
	none(t, streamB, 300*time.Millisecond)
	var alert struct {
		Type   string
		Link   string
		ZoneID *int64
	}
	a.do("GET", "/api/alerts/"+e.id, nil).json(t, &alert)
	if alert.Type != "geofence_enter_avoid" || alert.Link != "/gps" || alert.ZoneID == nil || *alert.ZoneID != bar.ID {
		t.Errorf("alert = %+v", alert)
	}
}
