package api_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"lifeline"
	"lifeline/delivery"
)

// invite has the wearer invite someone (email "" for a link) and returns
// the link's id and token.
func invite(t *testing.T, wearer *client, label, email string) (int64, string) {
	t.Helper()
	resp := wearer.do("POST", "/api/supporters", map[string]any{"label": label, "email": email})
	if resp.status != http.StatusCreated {
		t.Fatalf("invite = %d %s", resp.status, resp.body)
	}
	var out struct {
		Supporter struct{ ID int64 }
		Token     string
		InviteURL string
	}
	resp.json(t, &out)
	if !strings.HasSuffix(out.InviteURL, "#token="+out.Token) {
		t.Errorf("inviteUrl %q does not carry the token in its fragment", out.InviteURL)
	}
	return out.Supporter.ID, out.Token
}

// accept has the supporter accept a token and returns the link's id.
func accept(t *testing.T, supporter *client, token string) int64 {
	t.Helper()
	resp := supporter.do("POST", "/api/care/accept", map[string]any{"token": token})
	if resp.status != http.StatusOK {
		t.Fatalf("accept = %d %s", resp.status, resp.body)
	}
	var p struct{ ID int64 }
	resp.json(t, &p)
	return p.ID
}

func grant(t *testing.T, wearer *client, linkID int64, g map[string]any) {
	t.Helper()
	if resp := wearer.do("PUT", fmt.Sprintf("/api/supporters/%d/grant", linkID), g); resp.status != http.StatusOK {
		t.Fatalf("grant = %d %s", resp.status, resp.body)
	}
}

// supportSomeone makes c the supporter of a new wearer and returns the
// link's id.
func supportSomeone(t *testing.T, app *testApp, c *client) int64 {
	t.Helper()
	wearer, _ := app.registerUser("Wendy")
	_, token := invite(t, wearer, "Friend", "")
	return accept(t, c, token)
}

// person is one entry of GET /api/supporting.
type person struct {
	ID       int64
	Name     string
	CheckIns map[string]any
	Alerts   []struct{ Type, Title, Message string }
	SOS      *struct {
		ID                   int64
		Type, Title, Message string
		ResolvedAt           *time.Time
	}
	Location *struct{ Latitude, Longitude float64 }
	// Signals: nil without the signals scope.
	Signals []struct{ Kind, Explanation string }
	Phone   *string
}

func supported(t *testing.T, c *client) []person {
	t.Helper()
	resp := c.do("GET", "/api/supporting", nil)
	if resp.status != http.StatusOK {
		t.Fatalf("GET /api/supporting = %d %s", resp.status, resp.body)
	}
	var list []person
	resp.json(t, &list)
	return list
}

func TestInvitations(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, _ := app.registerUser("Alex")
	sam, samEmail := app.registerUser("Sam")
	other, _ := app.registerUser("Olive")

	t.Run("an email invitation is only for that address", func(t *testing.T) {
		_, token := invite(t, wearer, "Sam", strings.ToUpper(samEmail))
		if resp := other.do("POST", "/api/care/accept", map[string]any{"token": token}); resp.status != http.StatusBadRequest {
			t.Fatalf("another account accepting = %d %s, want 400", resp.status, resp.body)
		}
		accept(t, sam, token)
	})
	t.Run("a token works once", func(t *testing.T) {
		_, token := invite(t, wearer, "Olive", "")
		accept(t, other, token)
		if resp := sam.do("POST", "/api/care/accept", map[string]any{"token": token}); resp.status != http.StatusNotFound {
			t.Fatalf("second accept = %d, want 404", resp.status)
		}
	})
	t.Run("the wearer cannot accept their own", func(t *testing.T) {
		_, token := invite(t, wearer, "Me", "")
		if resp := wearer.do("POST", "/api/care/accept", map[string]any{"token": token}); resp.status != http.StatusBadRequest {
			t.Fatalf("own accept = %d, want 400", resp.status)
		}
	})
	t.Run("an expired invitation is refused", func(t *testing.T) {
		id, token := invite(t, wearer, "Late", "")
		if _, err := app.db.Pool.Exec(context.Background(), `UPDATE care_links SET expires_at = invited_at + interval '1 ms' WHERE id = $1`, id); err != nil {
			t.Fatal(err)
		}
		app.advance(time.Second)
		if resp := sam.do("POST", "/api/care/accept", map[string]any{"token": token}); resp.status != http.StatusNotFound {
			t.Fatalf("late accept = %d, want 404", resp.status)
		}
	})
	t.Run("the token is stored only as a hash", func(t *testing.T) {
		_, token := invite(t, wearer, "Hash", "")
		var n int
		if err := app.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM care_links WHERE token_hash = convert_to($1, 'UTF8')`, token).Scan(&n); err != nil || n != 0 {
			t.Fatalf("plain token stored (%d, %v)", n, err)
		}
	})
	t.Run("a grant is off until ticked and validated", func(t *testing.T) {
		people := supported(t, sam)
		if len(people) != 1 || people[0].CheckIns != nil || people[0].Location != nil || len(people[0].Alerts) != 0 {
			t.Fatalf("a fresh supporter sees %+v", people)
		}
		id, _ := invite(t, wearer, "Bad", "")
		resp := wearer.do("PUT", fmt.Sprintf("/api/supporters/%d/grant", id), map[string]any{"checkInDetails": true, "alerts": []string{"everything"}, "location": "sometimes"})
		if resp.status != http.StatusBadRequest {
			t.Fatalf("a bad grant = %d, want 400", resp.status)
		}
		var e struct{ Fields map[string]string }
		resp.json(t, &e)
		for _, f := range []string{"alerts", "location", "checkInDetails"} {
			if e.Fields[f] == "" {
				t.Errorf("a bad grant's %s is not named: %v", f, e.Fields)
			}
		}
	})
}

// TestSupporterIsolationMatrix extends the isolation matrix with the
// supporter role: every route, sent by a supporter of user A (granted,
// out of scope, revoked) and by someone else's supporter, against A's
// resources, shows nothing outside the grant; only the granted supporter's
// "People I support" holds what A ticked.
func TestSupporterIsolationMatrix(t *testing.T) {
	t.Parallel()
	app := securityApp(t)
	a := newVictim(t, app)
	routes := walkRoutes(t, app.api)

	supporterOf := func(name string, g map[string]any) (*client, int64) {
		c, _ := app.registerUser(name)
		id, token := invite(t, a.client, name, "")
		accept(t, c, token)
		if g != nil {
			grant(t, a.client, id, g)
		}
		return c, id
	}
	full := map[string]any{"checkIns": true, "checkInDetails": true, "alerts": []string{"avoid_zone", "missed_checkin", "device", "sos"}, "location": "always", "signals": true}
	granted, _ := supporterOf("Granted", map[string]any{"checkIns": true, "alerts": []string{"sos"}, "location": "always", "measures": true, "signals": true})
	outOfScope, _ := supporterOf("Scopeless", nil)
	revoked, revokedLink := supporterOf("Revoked", full)
	if resp := a.do("DELETE", fmt.Sprintf("/api/supporters/%d", revokedLink), nil); resp.status != http.StatusNoContent {
		t.Fatalf("revoke = %d", resp.status)
	}
	elsewhere, _ := app.registerUser("Elsewhere")
	other, _ := app.registerUser("Otto")
	_, token := invite(t, other, "Friend", "")
	grant(t, other, accept(t, elsewhere, token), full)

	before := a.snapshot(t)

	// A shared a position at 48.8566, 2.3522 (newVictim).
	const coordinates = "48.8566"
	roles := []struct {
		name         string
		c            *client
		seesLocation bool
		seesCheckIns bool
		listed       bool
	}{
		{"granted", granted, true, true, true},
		{"out of scope", outOfScope, false, false, true},
		{"revoked", revoked, false, false, false},
		{"someone else's supporter", elsewhere, false, false, false},
	}
	for _, role := range roles {
		secrets := a.secrets()
		if !role.seesLocation {
			secrets = append(secrets, coordinates)
		}
		for _, r := range routes {
			// Public routes (register, login) would sign the supporter's
			// browser into another account; renaming themselves changes
			// how the wearer's list names them, by design.
			if r.spec.endsSession || r.spec.stream || r.spec.public || r.String() == "PATCH /api/auth/user" {
				continue
			}
			t.Run(role.name+"/"+r.String(), func(t *testing.T) {
				var body any
				if r.spec.body != nil {
					body = r.spec.body("supporter")
				}
				resp := role.c.do(r.method, r.pathFor(a), body)
				switch {
				case r.spec.id != notOwned:
					if resp.status != http.StatusNotFound {
						t.Errorf("= %d, want 404 for the wearer's resource: %.300s", resp.status, resp.body)
					}
				case resp.status >= 500:
					t.Errorf("= %d: %.300s", resp.status, resp.body)
				}
				if r.String() == "GET /api/supporting" && role.seesLocation {
					return // checked below, with what it must hold
				}
				for _, s := range secrets {
					if strings.Contains(string(resp.body), s) {
						t.Errorf("shows the wearer's %q:\n%.400s", s, resp.body)
					}
				}
			})
		}
		t.Run(role.name+"/the wearer's share link is reached only by its token", func(t *testing.T) {
			// Not by its id, as a token, from a signed-in supporter.
			resp := role.c.do("POST", "/api/share/view", map[string]any{"token": a.ids[ownShare]})
			if resp.status != http.StatusNotFound || strings.Contains(string(resp.body), coordinates) {
				t.Errorf("= %d %s, want 404", resp.status, resp.body)
			}
		})
		t.Run(role.name+"/People I support holds exactly the grant", func(t *testing.T) {
			var mine *person
			for _, p := range supported(t, role.c) {
				if strings.HasPrefix(p.Name, "Alice") {
					mine = &p
				}
			}
			if (mine != nil) != role.listed {
				t.Fatalf("listed = %v, want %v: %+v", mine != nil, role.listed, supported(t, role.c))
			}
			if mine == nil {
				return
			}
			if (mine.Location != nil) != role.seesLocation || (mine.CheckIns != nil) != role.seesCheckIns {
				t.Fatalf("sees location %v, check-ins %v; want %v, %v", mine.Location != nil, mine.CheckIns != nil, role.seesLocation, role.seesCheckIns)
			}
			if _, ok := mine.CheckIns["substanceUseReported"]; ok {
				t.Error("check-in details shown without the details scope")
			}
			if (mine.Signals != nil) != role.seesCheckIns { // the granted supporter has the signals scope too
				t.Errorf("sees signals %v, want %v", mine.Signals != nil, role.seesCheckIns)
			}
		})
		t.Run(role.name+"/the caseload holds exactly the grant", func(t *testing.T) {
			i := slices.IndexFunc(caseload(t, role.c), func(e caseloadEntry) bool { return strings.HasPrefix(e.Name, "Alice") })
			if (i >= 0) != role.listed {
				t.Fatalf("listed = %v, want %v", i >= 0, role.listed)
			}
			if i >= 0 && (caseload(t, role.c)[i].CheckIns != nil) != role.seesCheckIns {
				t.Fatalf("sees check-ins %v, want %v", !role.seesCheckIns, role.seesCheckIns)
			}
		})
	}
	t.Run("the wearer's audit log names who looked at what", func(t *testing.T) {
		resp := a.do("GET", "/api/supporters/views", nil)
		var views []struct{ Name, What string }
		resp.json(t, &views)
		seen := map[string]bool{}
		for _, v := range views {
			seen[v.Name+":"+v.What] = true
		}
		if !seen["Granted:location"] || !seen["Granted:checkins"] || !seen["Granted:signals"] || seen["Scopeless:location"] || seen["Revoked:location"] {
			t.Fatalf("audit log = %v", views)
		}
	})
	a.requireUnchanged(t, before)
}

// TestCareCircleFlow: a wearer grants avoid-zone alerts and location during
// alerts; nobody answers the alert within the (shortened) wait; the
// delivery worker takes the escalation step and emails the supporter's
// webhook; the supporter sees the alert and the position on "People I
// support"; "I'm okay" closes it; an SOS reaches them at once; a
// revocation leaves them nothing.
func TestCareCircleFlow(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	app.db.EscalateAfter = 200 * time.Millisecond
	wearer, _ := app.registerUser("Alex")
	sam, _ := app.registerUser("Sam")
	wearerID := userID(t, wearer)
	link, token := invite(t, wearer, "Sam", "")
	accept(t, sam, token)
	grant(t, wearer, link, map[string]any{"alerts": []string{"avoid_zone", "sos"}, "location": "during_alert", "locationWindowMinutes": 30})
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusOK) }))
	defer hook.Close()
	if resp := sam.do("POST", "/api/channels", map[string]any{"kind": "webhook", "address": hook.URL}); resp.status != http.StatusCreated {
		t.Fatalf("channel = %d %s", resp.status, resp.body)
	}
	worker := delivery.NewWorker(delivery.Config{Outbox: app.db, AllowPrivateWebhooks: true, Logger: slog.New(slog.DiscardHandler)})
	drain := func() {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			worker.RunOnce(context.Background())
			var pending int
			if err := app.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM outbox WHERE state = 'pending'`).Scan(&pending); err != nil || pending == 0 {
				return
			}
		}
		t.Fatal("the outbox did not drain")
	}
	wearer.do("POST", "/api/gps/location", map[string]any{"latitude": 51.5001, "longitude": -0.1203, "accuracy": 8})
	zone := wearer.do("POST", "/api/safe-zones", map[string]any{"name": "Rusty Anchor", "type": "avoid", "shape": "circle", "latitude": 51.5, "longitude": -0.12, "radius": 150, "isActive": true})
	var z struct{ ID int64 }
	zone.json(t, &z)
	ctx := context.Background()
	if _, err := app.db.Pool.Exec(ctx, `INSERT INTO geofence_state (device_key, zone_id, user_id, inside, since) VALUES ('manual:' || $2::bigint, $1, $2::bigint, true, now())
		ON CONFLICT (device_key, zone_id) DO UPDATE SET inside = true`, z.ID, wearerID); err != nil {
		t.Fatal(err)
	}
	raise := func(key string) int64 {
		a, err := app.alerts.RaiseAlert(ctx, wearerID, lifeline.NewAlert{Type: lifeline.AlertZoneEntered, Message: lifeline.ZoneEnteredMessage("Rusty Anchor", time.Now()), Link: "/gps", DedupKey: key, ZoneID: z.ID})
		if err != nil {
			t.Fatal(err)
		}
		return a.ID
	}

	first := raise("first")
	if p := supported(t, sam); len(p) != 1 || len(p[0].Alerts) != 0 || p[0].Location != nil {
		t.Fatalf("before the wait ran out the supporter sees %+v", p)
	}
	time.Sleep(app.db.EscalateAfter)
	drain()
	p := supported(t, sam)
	if len(p[0].Alerts) != 1 || !strings.Contains(p[0].Alerts[0].Message, `"Rusty Anchor"`) || p[0].Location == nil || p[0].Location.Latitude != 51.5001 {
		t.Fatalf("after the escalation the supporter sees %+v", p)
	}
	var alert struct {
		Deliveries []struct{ Recipient, Channel, State string }
	}
	wearer.do("GET", fmt.Sprintf("/api/alerts/%d", first), nil).json(t, &alert)
	if len(alert.Deliveries) != 2 || alert.Deliveries[0].State != "sent" || alert.Deliveries[1].State != "sent" || alert.Deliveries[0].Recipient != "Sam" {
		t.Errorf("the alert's deliveries = %+v, want Sam told in the app and by webhook", alert.Deliveries)
	}

	if resp := wearer.do("POST", fmt.Sprintf("/api/alerts/%d/ok", first), nil); resp.status != http.StatusOK || !strings.Contains(string(resp.body), `"okayAt"`) {
		t.Fatalf("I'm okay = %d %s", resp.status, resp.body)
	}
	if p := supported(t, sam); len(p[0].Alerts) != 0 || p[0].Location != nil {
		t.Fatalf("after I'm okay the supporter sees %+v", p)
	}

	resp := wearer.do("POST", "/api/sos", nil)
	var sos struct{ Supporters int }
	resp.json(t, &sos)
	if resp.status != http.StatusCreated || sos.Supporters != 1 {
		t.Fatalf("SOS = %d %s", resp.status, resp.body)
	}
	if again := wearer.do("POST", "/api/sos", nil); again.status != http.StatusConflict {
		t.Errorf("a second SOS within the minute = %d, want 409 (nobody told twice)", again.status)
	}
	drain()
	if p := supported(t, sam); len(p[0].Alerts) != 0 || p[0].SOS == nil || p[0].SOS.Type != "sos" || p[0].Location == nil {
		t.Fatalf("after the SOS the supporter sees %+v", p)
	}

	if resp := wearer.do("DELETE", fmt.Sprintf("/api/supporters/%d", link), nil); resp.status != http.StatusNoContent {
		t.Fatalf("revoke = %d", resp.status)
	}
	if p := supported(t, sam); len(p) != 0 {
		t.Fatalf("after the revocation the supporter sees %+v", p)
	}
	if resp := sam.do("GET", fmt.Sprintf("/api/supporting/%d", link), nil); resp.status != http.StatusNotFound {
		t.Fatalf("after the revocation GET /api/supporting/{id} = %d", resp.status)
	}
}

func TestSupporterExportAndDeletion(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, _ := app.registerUser("Alex")
	sam, _ := app.registerUser("Sam")
	link, token := invite(t, wearer, "Sam", "")
	accept(t, sam, token)

	var export struct{ Tables map[string][]map[string]any }
	sam.do("GET", "/api/account/export", nil).json(t, &export)
	if rows := export.Tables["care_links_as_supporter"]; len(rows) != 1 || int64(rows[0]["id"].(float64)) != link {
		t.Fatalf("the supporter's export holds %v, want the link", rows)
	}
	if resp := sam.do("DELETE", "/api/account", map[string]any{"password": goodPassword}); resp.status != http.StatusNoContent {
		t.Fatalf("delete = %d %s", resp.status, resp.body)
	}
	var left int
	if err := app.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM care_links WHERE id = $1`, link).Scan(&left); err != nil || left != 0 {
		t.Fatalf("%d links left after the supporter deleted their account (%v)", left, err)
	}
	var list []map[string]any
	wearer.do("GET", "/api/supporters", nil).json(t, &list)
	if len(list) != 0 {
		t.Fatalf("the wearer still lists %v", list)
	}
}

func TestInvitationPreviewNamesTheWearerOnly(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, _ := app.registerUser("Alex")
	_, used := invite(t, wearer, "Kim", "")
	kim, _ := app.registerUser("Kim")
	accept(t, kim, used)
	_, expired := invite(t, wearer, "Lee", "")
	app.advance(lifeline.InviteDays*24*time.Hour + time.Minute)
	wearer, _ = app.registerUser("Alex") // the first one's session ran out with the clock
	_, fresh := invite(t, wearer, "Max", "")

	tests := []struct {
		name, token  string
		status       int
		wantForEmail bool
	}{
		{"a link for whoever holds it", fresh, http.StatusOK, false},
		{"used", used, http.StatusNotFound, false},
		{"expired", expired, http.StatusNotFound, false},
		{"unknown", "no-such-token", http.StatusNotFound, false},
		{"empty", "", http.StatusNotFound, false},
		{"too long", strings.Repeat("x", 201), http.StatusNotFound, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := app.newClient().do("POST", "/api/care/invitation", map[string]any{"token": tt.token})
			if resp.status != tt.status {
				t.Fatalf("preview = %d %s, want %d", resp.status, resp.body, tt.status)
			}
			if tt.status != http.StatusOK {
				if !strings.Contains(string(resp.body), "This invitation is not valid any more.") {
					t.Errorf("body %s: want the kind message", resp.body)
				}
				return
			}
			var p map[string]any
			resp.json(t, &p)
			if len(p) != 3 || p["from"] != "Alex" || p["forEmail"] != tt.wantForEmail || p["expiresAt"] == nil {
				t.Errorf("preview = %s, want only the first name, the end and forEmail", resp.body)
			}
			if got := resp.header.Get("Cache-Control"); got != "no-store" {
				t.Errorf("Cache-Control = %q", got)
			}
		})
	}

	// Looking does not use the invitation up, and says whether it is tied to an address.
	_, tied := invite(t, wearer, "Ana", "ana@example.org")
	resp := app.newClient().do("POST", "/api/care/invitation", map[string]any{"token": tied})
	if !strings.Contains(string(resp.body), `"forEmail":true`) || strings.Contains(string(resp.body), "ana@example.org") {
		t.Errorf("tied invitation preview = %s: want forEmail and never the address", resp.body)
	}
	sam, _ := app.registerUser("Sam")
	accept(t, sam, fresh)
}
