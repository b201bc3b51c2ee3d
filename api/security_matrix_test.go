package api_test

// The security suite's route matrix: one entry per route the router serves,
// found by walking it, so a new route without an entry fails
// TestEveryRouteIsInTheSecurityMatrix. The isolation, cross-site,
// malformed-JSON and SQL-injection tests all iterate over this table.

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"lifeline"
	"lifeline/api"
)

// owned names the kind of user A's resource a route's {id} refers to.
type owned string

const (
	notOwned   owned = ""
	ownSymptom owned = "symptom"
	ownCheckIn owned = "check-in"
	ownZone    owned = "zone"
	ownDevice  owned = "device"
	ownContact owned = "contact"
	ownAlert   owned = "alert"
	ownContent owned = "content" // shared published content: a slug, not A's
	// The care circle: A's link to a supporter, A's channel, and a link
	// where A is someone else's supporter.
	ownSupporter owned = "supporter"
	ownChannel   owned = "channel"
	ownSupported owned = "supported"
	// A's share link.
	ownShare        owned = "share"
	ownEmailChannel owned = "email channel"
	// A's gentle ask, and one that came to A as a supporter.
	ownAsk     owned = "ask"
	ownAskToMe owned = "ask to me"
	// A note a supporter of A's sent A.
	ownNote owned = "note"
	// A's questionnaire response.
	ownMeasure owned = "measure"
)

// routeSpec is what the security tests need to know about one route.
type routeSpec struct {
	// public routes work signed out; every other one answers 401.
	public bool
	// id is what {id} in the path names.
	id owned
	// body builds a valid JSON body (nil: the route reads none). tag is put
	// into free-text fields so the data can be recognised.
	body func(tag string) map[string]any
	// echoes: a 2xx answer holds the stored strings, so an accepted string
	// can be read back.
	echoes bool
	// reset runs before each injection attempt (e.g. today's check-in
	// exists after the first one).
	reset func(t *testing.T, app *testApp, userID int64)
	// query lists the query parameters the route reads as strings.
	query []string
	// endsSession: the route signs its caller out (logout, delete account).
	endsSession bool
	// stream: an SSE stream, tested with openStream.
	stream bool
	// device: a phone app's ingest route, authenticated by a device token
	// (never a session) and exempt from the cross-origin check; its own
	// tests (phones_test.go) cover its input and credentials. Without a
	// token it answers 401, as protected routes do.
	device bool
	// anyOrigin: a public route whose token is the only proof and does one
	// thing (a one-tap claim link), left out of the cross-origin check so
	// ntfy's action button can post it; security_csrf_test.go checks that
	// a cross-site request still reaches nothing without a token.
	anyOrigin bool
}

func checkInSpecBody(tag string) map[string]any {
	return map[string]any{
		"mood": 6, "moodDescription": tag + " mood", "cravingIntensity": 3,
		"triggers": []string{"stress"}, "triggerDescription": tag + " trigger text",
		"substanceUse": false, "substanceDetails": tag + " details", "copingStrategies": []string{"breathing"}, "notes": tag + " notes",
	}
}

func symptomSpecBody(tag string) map[string]any {
	return map[string]any{
		"physicalSymptom": "Headache", "physicalSeverity": 5, "mentalSymptom": "Anxiety", "mentalSeverity": 4,
		"duration": "1-4 hours", "notes": tag + " notes",
	}
}

func measureSpecBody(tag string) map[string]any {
	return map[string]any{"instrument": "gad7", "answers": []any{1, 1, 1, 1, 1, 0, 0, nil}, "note": tag + " note"}
}

func zoneSpecBody(tag string) map[string]any {
	return map[string]any{"name": tag + " bar", "type": "avoid", "shape": "circle", "latitude": 37.78, "longitude": -122.41, "radius": 150, "isActive": true}
}

func contactSpecBody(tag string) map[string]any {
	return map[string]any{"name": tag + " sponsor", "phone": "555-0100", "relationship": "sponsor", "isEmergency": false}
}

func safetyPlanSpecBody(tag string) map[string]any {
	return map[string]any{
		"warningSigns": []string{tag + " poor sleep"}, "copingStrategies": []string{tag + " walk"}, "distractionPeoplePlaces": []string{tag + " park"},
		"helpPeople": []string{tag + " sister"}, "professionals": []map[string]string{{"name": tag + " Dr Lee", "phone": "555-0101"}},
		"environmentSafety": []string{tag + " lock"}, "reasonsForLiving": []string{tag + " kids"},
	}
}

func copingPlanSpecBody(tag string) map[string]any {
	return map[string]any{
		"warningSigns": []string{tag + " irritable"}, "triggersToAvoid": []string{tag + " bars"}, "copingActions": []string{tag + " call"},
		"peopleToCall": []map[string]string{{"name": tag + " Sam", "phone": "555-0102"}}, "safePlaces": []string{tag + " library"},
	}
}

// pushChannelSpecBody is a push channel: a browser's
// PushSubscription.toJSON() with a fresh key and an endpoint of its own.
func pushChannelSpecBody(tag string) map[string]any {
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	return map[string]any{
		"kind":    "push",
		"address": "https://push.example.org/" + url.PathEscape(tag) + fmt.Sprint(emailSeq.Add(1)),
		"keys":    map[string]string{"p256dh": base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()), "auth": "BTBZMqHH6r4Tts7J_aSIgg"},
		"label":   tag + " browser",
	}
}

func deleteTodaysCheckIns(t *testing.T, app *testApp, userID int64) {
	t.Helper()
	if _, err := app.db.Pool.Exec(context.Background(), `DELETE FROM check_ins WHERE user_id = $1`, userID); err != nil {
		t.Fatal(err)
	}
}

// routeMatrix covers every route of api.NewServer. Keys are "METHOD
// pattern" as chi.Walk reports them; /metrics answers every method and is
// "ANY /metrics".
var routeMatrix = map[string]routeSpec{
	"GET /healthz":                {public: true},
	"GET /readyz":                 {public: true},
	"ANY /metrics":                {public: true},
	"GET /api/login":              {public: true, query: []string{"next"}},
	"GET /api/logout":             {public: true, endsSession: true},
	"GET /api/auth/config":        {public: true},
	"GET /api/auth/session":       {public: true},
	"GET /api/app-config":         {public: true},
	"GET /api/openapi.json":       {public: true},
	"GET /api/auth/oidc/start":    {public: true, query: []string{"next"}},
	"GET /api/auth/oidc/callback": {public: true, query: []string{"code", "state", "error"}},
	"POST /api/auth/register": {public: true, echoes: true, body: func(tag string) map[string]any {
		return map[string]any{"email": uniqueEmail("reg"), "password": goodPassword, "firstName": tag + " First", "lastName": tag + " Last", "timezone": "Europe/London"}
	}},
	"POST /api/auth/login": {public: true, body: func(tag string) map[string]any {
		return map[string]any{"email": "nobody." + tag + "@example.org", "password": "not the password " + tag}
	}},
	"POST /api/auth/password-reset": {public: true, body: func(tag string) map[string]any {
		return map[string]any{"email": "nobody." + tag + "@example.org"}
	}},
	"POST /api/auth/password-reset/confirm": {public: true, body: func(tag string) map[string]any {
		return map[string]any{"token": tag + "-token", "password": "a brand new passphrase " + tag}
	}},

	"GET /api/auth/user": {},
	"PATCH /api/auth/user": {echoes: true, body: func(tag string) map[string]any {
		return map[string]any{"firstName": tag + " First", "lastName": tag + " Last", "timezone": "Europe/London"}
	}},
	"POST /api/auth/password": {body: func(tag string) map[string]any {
		return map[string]any{"currentPassword": "not the current " + tag, "newPassword": "a brand new passphrase " + tag}
	}},
	"GET /api/account/export": {},
	"GET /api/export/fhir":    {query: []string{"include"}},
	"DELETE /api/account": {endsSession: true, body: func(tag string) map[string]any {
		return map[string]any{"password": "not the password " + tag, "confirm": ""}
	}},

	"GET /api/checkins":        {query: []string{"limit", "before", "from", "to"}},
	"POST /api/checkins":       {echoes: true, body: checkInSpecBody, reset: deleteTodaysCheckIns},
	"GET /api/checkins/today":  {},
	"GET /api/checkins/export": {query: []string{"from", "to"}},
	"PATCH /api/checkins/{id}": {id: ownCheckIn, echoes: true, body: func(tag string) map[string]any {
		return map[string]any{"notes": tag + " corrected", "substanceUse": false}
	}},
	"DELETE /api/checkins/{id}":   {id: ownCheckIn},
	"PUT /api/sober-date":         {body: func(string) map[string]any { return map[string]any{"date": "2026-03-01"} }},
	"GET /api/stats":              {},
	"GET /api/signals":            {},
	"POST /api/signals/not-now":   {body: func(string) map[string]any { return map[string]any{"kind": "cravings"} }},
	"GET /api/alerts":             {},
	"GET /api/alerts/{id}":        {id: ownAlert},
	"PATCH /api/alerts/{id}/read": {id: ownAlert},
	"POST /api/alerts/{id}/ok":    {id: ownAlert},
	"GET /api/sos":                {},
	"POST /api/sos":               {},
	"GET /api/sos/audience":       {},
	"POST /api/sos/{id}/safe":     {id: ownAlert},

	"GET /api/supporters":       {},
	"POST /api/supporters":      {echoes: true, body: func(tag string) map[string]any { return map[string]any{"label": tag + " sponsor"} }},
	"GET /api/supporters/views": {},
	"PUT /api/supporters/{id}/grant": {id: ownSupporter, body: func(string) map[string]any {
		return map[string]any{"checkIns": true, "alerts": []string{"avoid_zone", "sos"}, "location": "always"}
	}},
	"PUT /api/supporters/{id}/tier": {id: ownSupporter, body: func(string) map[string]any { return map[string]any{"tier": 2} }},
	"DELETE /api/supporters/{id}":   {id: ownSupporter},
	"POST /api/care/accept":         {body: func(tag string) map[string]any { return map[string]any{"token": tag + "-token"} }},
	"GET /api/supporting":           {},
	"GET /api/supporting/{id}":      {id: ownSupported},
	"GET /api/caseload":             {},
	// A supporter's steps on an alert (claims.go): the {id} is the victim's
	// own alert, which told no supporter, so every caller gets 404.
	"POST /api/supporting/alerts/{id}/claim":     {id: ownAlert},
	"POST /api/supporting/alerts/{id}/hand-back": {id: ownAlert},
	"POST /api/supporting/alerts/{id}/resolve": {id: ownAlert, body: func(tag string) map[string]any {
		return map[string]any{"note": tag + " called them"}
	}},
	"POST /api/claim-links/claim": {public: true, anyOrigin: true, body: func(tag string) map[string]any { return map[string]any{"token": tag + "-token"} }},
	"GET /api/asks/open":          {},
	"POST /api/asks": {body: func(tag string) map[string]any {
		return map[string]any{"supporters": []int64{1}, "note": tag + " rough evening"}
	}},
	"POST /api/asks/{id}/close":             {id: ownAsk},
	"GET /api/supporting/asks":              {},
	"POST /api/supporting/asks/{id}/answer": {id: ownAskToMe, body: func(string) map[string]any { return map[string]any{"answer": "will_call"} }},
	// Care notes (care_notes.go).
	"GET /api/supporting/{id}/notes":       {id: ownSupported},
	"POST /api/supporting/{id}/notes":      {id: ownSupported, body: func(tag string) map[string]any { return map[string]any{"body": tag + " thinking of you"} }},
	"GET /api/notes":                       {},
	"GET /api/notes/presets":               {},
	"PATCH /api/notes/{id}/read":           {id: ownNote},
	"PUT /api/supporters/{id}/notes-muted": {id: ownSupporter, body: func(string) map[string]any { return map[string]any{"muted": true} }},
	// The weekly digest (digests.go).
	"PUT /api/supporting/{id}/digest":      {id: ownSupported, body: func(string) map[string]any { return map[string]any{"digest": true} }},
	"POST /api/digest/unsubscribe":         {public: true, query: []string{"token"}},
	"GET /api/channels":                    {},
	"POST /api/channels":                   {body: func(tag string) map[string]any { return map[string]any{"kind": "email", "address": "me@example.org"} }},
	"PATCH /api/channels/{id}":             {id: ownChannel, body: func(string) map[string]any { return map[string]any{"enabled": false} }},
	"DELETE /api/channels/{id}":            {id: ownChannel},
	"POST /api/channels/{id}/test":         {id: ownChannel},
	"POST /api/channels/{id}/confirmation": {id: ownEmailChannel},
	"POST /api/channels/confirm":           {public: true, body: func(tag string) map[string]any { return map[string]any{"token": tag + "-token"} }},
	"GET /api/channels/pauses":             {},
	"POST /api/channels/{id}/resume":       {id: ownChannel},
	"GET /api/push/key":                    {},
	"GET /api/quiet-hours":                 {},
	"PUT /api/quiet-hours":                 {body: func(string) map[string]any { return map[string]any{"quietStart": 1320, "quietEnd": 420} }},
	"POST /api/care/invitation":            {public: true, body: func(tag string) map[string]any { return map[string]any{"token": tag + "-token"} }},
	"GET /api/share-links":                 {},
	"POST /api/share-links":                {body: func(string) map[string]any { return map[string]any{"hours": 1} }},
	"DELETE /api/share-links/{id}":         {id: ownShare},
	"POST /api/share/view":                 {public: true, body: func(tag string) map[string]any { return map[string]any{"token": tag + "-token"} }},
	"GET /api/escalation":                  {},
	"PUT /api/escalation": {body: func(string) map[string]any {
		return map[string]any{"avoidZone": "after", "avoidZoneMinutes": 30, "missedCheckinDays": 3, "device": "never"}
	}},

	"GET /api/devices": {},
	"POST /api/devices": {echoes: true, body: func(tag string) map[string]any {
		return map[string]any{"name": tag + " wrist"}
	}},
	"PATCH /api/devices/{id}": {id: ownDevice, echoes: true, body: func(tag string) map[string]any {
		return map[string]any{"name": tag + " renamed"}
	}},
	"DELETE /api/devices/{id}":      {id: ownDevice},
	"GET /api/devices/{id}/packets": {id: ownDevice},
	"POST /api/devices/{id}/watch":  {id: ownDevice},
	"POST /api/gps/location": {body: func(string) map[string]any {
		return map[string]any{"latitude": 51.5, "longitude": -0.12, "accuracy": 8}
	}},
	"GET /api/gps/locations":     {query: []string{"limit", "from", "to"}},
	"POST /api/ingest/owntracks": {device: true},
	"POST /api/ingest/overland":  {device: true},
	"GET /api/ingest/osmand":     {device: true},
	"POST /api/ingest/osmand":    {device: true},
	"GET /api/gps/latest":        {},
	"GET /api/events":            {stream: true},

	"GET /api/safe-zones":              {},
	"POST /api/safe-zones":             {echoes: true, body: zoneSpecBody},
	"PATCH /api/safe-zones/{id}":       {id: ownZone, echoes: true, body: func(tag string) map[string]any { return map[string]any{"name": tag + " renamed"} }},
	"DELETE /api/safe-zones/{id}":      {id: ownZone},
	"GET /api/crisis-contacts":         {},
	"POST /api/crisis-contacts":        {echoes: true, body: contactSpecBody},
	"PATCH /api/crisis-contacts/{id}":  {id: ownContact, echoes: true, body: func(tag string) map[string]any { return map[string]any{"name": tag + " renamed"} }},
	"DELETE /api/crisis-contacts/{id}": {id: ownContact},
	"GET /api/sponsor":                 {},
	"GET /api/safety-plan":             {},
	"PUT /api/safety-plan":             {echoes: true, body: safetyPlanSpecBody},
	"GET /api/coping-plan":             {},
	"PUT /api/coping-plan":             {echoes: true, body: copingPlanSpecBody},
	"POST /api/chatbot": {body: func(tag string) map[string]any {
		return map[string]any{"message": tag + " I feel cravings", "history": []map[string]string{{"role": "user", "content": tag + " earlier"}, {"role": "assistant", "content": tag + " reply"}}}
	}},

	"GET /api/measures":                   {},
	"GET /api/measures/instruments":       {},
	"GET /api/measures/responses":         {query: []string{"instrument", "limit"}},
	"POST /api/measures/responses":        {echoes: true, body: measureSpecBody},
	"PATCH /api/measures/responses/{id}":  {id: ownMeasure, echoes: true, body: func(tag string) map[string]any { return map[string]any{"note": tag + " edited"} }},
	"DELETE /api/measures/responses/{id}": {id: ownMeasure},
	"GET /api/measures/schedule":          {},
	"PUT /api/measures/schedule": {body: func(string) map[string]any {
		return map[string]any{"schedules": []any{map[string]any{"instrument": "bam", "everyDays": 7}}}
	}},
	"GET /api/symptoms":         {query: []string{"limit"}},
	"POST /api/symptoms":        {echoes: true, body: symptomSpecBody},
	"GET /api/symptoms/export":  {query: []string{"format"}},
	"GET /api/symptoms/trend":   {query: []string{"days"}},
	"GET /api/symptoms/{id}":    {id: ownSymptom},
	"PATCH /api/symptoms/{id}":  {id: ownSymptom, echoes: true, body: func(tag string) map[string]any { return map[string]any{"notes": tag + " edited"} }},
	"DELETE /api/symptoms/{id}": {id: ownSymptom},
	"GET /api/articles":         {query: []string{"category"}},
	"GET /api/articles/{id}":    {id: ownContent},
	"GET /api/blog":             {},
	"GET /api/blog/{id}":        {id: ownContent},
	"GET /api/statistics":       {},
}

// route is one walked route with its matrix entry.
type route struct {
	method, pattern string
	spec            routeSpec
}

func (r route) String() string { return r.method + " " + r.pattern }

// stateChanging: browsers treat GET, HEAD and OPTIONS as safe (and so does
// the cross-origin check); everything else must be same-origin.
func (r route) stateChanging() bool {
	return r.method != http.MethodGet && r.method != http.MethodHead && r.method != http.MethodOptions
}

// walkRoutes lists every route of the server in a stable order; a route
// without a matrix entry fails the test.
func walkRoutes(t *testing.T, s *api.Server) []route {
	t.Helper()
	var routes []route
	err := chi.Walk(s.Handler().(chi.Routes), func(method, pattern string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		key := method + " " + pattern
		if pattern == "/metrics" {
			// Mounted for every method; GET and POST stand for them all
			// (CONNECT and TRACE are not requests a page can send).
			if method != http.MethodGet && method != http.MethodPost {
				return nil
			}
			key = "ANY /metrics"
		}
		spec, ok := routeMatrix[key]
		if !ok {
			t.Errorf("route %s has no entry in routeMatrix (api/security_matrix_test.go): add one so the security suite covers it", key)
			return nil
		}
		routes = append(routes, route{method: method, pattern: pattern, spec: spec})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(routes, func(i, j int) bool { return routes[i].String() < routes[j].String() })
	return routes
}

func TestEveryRouteIsInTheSecurityMatrix(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	walked := map[string]bool{}
	for _, r := range walkRoutes(t, app.api) {
		key := r.String()
		if r.pattern == "/metrics" {
			key = "ANY /metrics"
		}
		walked[key] = true
	}
	for key := range routeMatrix {
		if !walked[key] {
			t.Errorf("routeMatrix has %s, which the router does not serve: remove the stale entry", key)
		}
	}
}

// victim is user A with one of every kind of resource, each free-text
// field holding marker, so another user's answers can be searched for it.
type victim struct {
	*client
	id     int64
	email  string
	marker string
	ids    map[owned]string
}

func newVictim(t *testing.T, app *testApp) *victim {
	t.Helper()
	c, email := app.registerUser("Alice")
	v := &victim{client: c, id: userID(t, c), email: email, marker: fmt.Sprintf("alicesecret%d", emailSeq.Add(1)), ids: map[owned]string{}}
	create := func(path string, body any) map[string]any {
		t.Helper()
		resp := c.do("POST", path, body)
		if resp.status != http.StatusCreated {
			t.Fatalf("victim POST %s = %d %s", path, resp.status, resp.body)
		}
		var out map[string]any
		resp.json(t, &out)
		return out
	}
	idOf := func(m map[string]any) string {
		switch id := m["id"].(type) {
		case float64:
			return fmt.Sprint(int64(id))
		case string:
			return id
		}
		t.Fatalf("no id in %v", m)
		return ""
	}
	v.ids[ownCheckIn] = idOf(create("/api/checkins", checkInSpecBody(v.marker)))
	v.ids[ownSymptom] = idOf(create("/api/symptoms", symptomSpecBody(v.marker)))
	v.ids[ownZone] = idOf(create("/api/safe-zones", zoneSpecBody(v.marker)))
	v.ids[ownContact] = idOf(create("/api/crisis-contacts", contactSpecBody(v.marker)))
	v.ids[ownDevice] = idOf(create("/api/devices", map[string]any{"name": v.marker + " wrist"}))
	create("/api/gps/location", map[string]any{"latitude": 48.8566, "longitude": 2.3522, "accuracy": 7})
	for path, body := range map[string]map[string]any{"/api/safety-plan": safetyPlanSpecBody(v.marker), "/api/coping-plan": copingPlanSpecBody(v.marker)} {
		if resp := c.do("PUT", path, body); resp.status != http.StatusOK {
			t.Fatalf("victim PUT %s = %d %s", path, resp.status, resp.body)
		}
	}
	v.ids[ownAlert] = fmt.Sprint(raiseAlert(t, app, v.id, v.marker+" one week", v.marker))
	v.ids[ownContent] = "no-such-article"
	v.ids[ownSupporter] = fmt.Sprint(int64(create("/api/supporters", map[string]any{"label": v.marker + " sponsor"})["supporter"].(map[string]any)["id"].(float64)))
	v.ids[ownChannel] = idOf(create("/api/channels", map[string]any{"kind": "webhook", "address": "https://example.org/" + v.marker}))
	v.ids[ownEmailChannel] = idOf(create("/api/channels", map[string]any{"kind": "email", "address": v.marker + "@example.org"}))
	v.ids[ownSupported] = fmt.Sprint(supportSomeone(t, app, c))
	v.ids[ownShare] = idOf(create("/api/share-links", map[string]any{"hours": 8})["link"].(map[string]any))
	v.ids[ownAsk], v.ids[ownAskToMe] = victimAsks(t, app, v)
	v.ids[ownNote] = fmt.Sprint(noteTo(t, app, c, v.marker+" proud of you"))
	v.ids[ownMeasure] = idOf(create("/api/measures/responses", measureSpecBody(v.marker))["response"].(map[string]any))
	return v
}

// victimAsks has the victim ask a supporter of theirs for a call (the
// note holds the marker), and someone the victim supports ask them.
func victimAsks(t *testing.T, app *testApp, v *victim) (own, toMe string) {
	t.Helper()
	_, link := linkSupporter(t, app, v.client, "Helper")
	own = fmt.Sprint(askFor(t, v.client, link, v.marker+" rough evening"))
	wearer, _ := app.registerUser("Wendy")
	_, token := invite(t, wearer, "Friend", "")
	link = accept(t, v.client, token)
	return own, fmt.Sprint(askFor(t, wearer, link, "a quiet word"))
}

// secrets are strings of the victim's that no one else may ever see.
func (v *victim) secrets() []string {
	return []string{v.marker, v.email, v.ids[ownDevice]}
}

// snapshot is everything the victim can read about their own data; it
// must not change while others attack it.
func (v *victim) snapshot(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, path := range []string{
		"/api/auth/user", "/api/checkins", "/api/checkins/today", "/api/alerts", "/api/alerts/" + v.ids[ownAlert],
		"/api/devices", "/api/gps/locations", "/api/safe-zones", "/api/crisis-contacts", "/api/sponsor", "/api/safety-plan",
		"/api/coping-plan", "/api/symptoms", "/api/symptoms/" + v.ids[ownSymptom],
		"/api/supporters", "/api/channels", "/api/quiet-hours", "/api/escalation",
		"/api/supporting/" + v.ids[ownSupported], "/api/share-links", "/api/asks/open", "/api/supporting/asks", "/api/notes",
		"/api/measures", "/api/measures/responses?instrument=gad7", "/api/measures/schedule",
	} {
		resp := v.do("GET", path, nil)
		if resp.status != http.StatusOK {
			t.Fatalf("victim GET %s = %d %s", path, resp.status, resp.body)
		}
		out[path] = string(resp.body)
	}
	return out
}

func (v *victim) requireUnchanged(t *testing.T, before map[string]string) {
	t.Helper()
	after := v.snapshot(t)
	for path, was := range before {
		if after[path] != was {
			t.Errorf("the victim's %s changed:\nbefore %s\nafter  %s", path, was, after[path])
		}
	}
}

// pathFor fills {id} with the victim's resource of the route's kind.
func (r route) pathFor(v *victim) string {
	if r.pattern == "/metrics" {
		return "/metrics"
	}
	return strings.ReplaceAll(r.pattern, "{id}", v.ids[r.spec.id])
}

// requireTablesIntact checks every table the migrations made still exists.
func requireTablesIntact(t *testing.T, app *testApp, before []string) {
	t.Helper()
	if now := tableNames(t, app); strings.Join(now, ",") != strings.Join(before, ",") {
		t.Errorf("tables changed: before %v, after %v", before, now)
	}
}

func tableNames(t *testing.T, app *testApp) []string {
	t.Helper()
	rows, err := app.db.Pool.Query(context.Background(), `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	return names
}

func jsonBody(t *testing.T, v any) string {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

// securityApp is a test app whose per-client and per-user limits do not
// get in the way of hundreds of attack requests from one address.
func securityApp(t *testing.T) *testApp {
	return newTestApp(t, func(c *api.Config) { c.ChatLimit = 100000; c.SignupLimit = 100000 })
}

// raiseAlert stores an alert for the user and returns its id.
func raiseAlert(t *testing.T, app *testApp, userID int64, message, key string) int64 {
	t.Helper()
	ctx := context.Background()
	if _, err := app.alerts.RaiseAlert(ctx, userID, lifeline.NewAlert{Type: "milestone", Message: message, Link: "/", DedupKey: key}); err != nil {
		t.Fatal(err)
	}
	var id int64
	if err := app.db.Pool.QueryRow(ctx, `SELECT id FROM alerts WHERE user_id = $1 AND dedup_key = $2`, userID, key).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}
