package guard_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"lifeline"
	"lifeline/guard"
	"lifeline/live"
	"lifeline/store"
	"lifeline/store/storetest"
)

// node is one lifeline node's part in this: its live events (over the
// database's NOTIFY, like every node's), alerts published on them, and a
// guard.
type node struct {
	bus    *live.Bus
	alerts *live.Alerts
	raised chan live.Event // the alerts this node's subscribers saw
}

func newNode(t *testing.T, db *store.DB) *node {
	t.Helper()
	n := &node{bus: live.NewBus(db, slog.Default()), raised: make(chan live.Event, 16)}
	n.alerts = live.NewAlerts(db, n.bus, slog.Default())
	n.bus.OnUserEvent(func(e live.Event) {
		if e.Kind == live.KindAlert {
			n.raised <- e
		}
	})
	ctx, stop := context.WithCancel(context.Background())
	go n.bus.Listen(ctx)
	t.Cleanup(stop)
	return n
}

func (n *node) guard(t *testing.T, db *store.DB) *guard.Guard {
	t.Helper()
	g, err := guard.New(t.Context(), guard.Config{Zones: db, States: db, Alerts: n.alerts, Users: db, Events: n.bus})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// alert waits for the next alert this node raises.
func (n *node) alert(t *testing.T) lifeline.Alert {
	t.Helper()
	select {
	case e := <-n.raised:
		var a lifeline.Alert
		if err := json.Unmarshal(e.Data, &a); err != nil {
			t.Fatal(err)
		}
		return a
	case <-time.After(30 * time.Second):
		t.Fatal("no alert within 30 s")
	}
	return lifeline.Alert{}
}

// answered signals once this node's subscribers, the guard's first, have
// taken an "I'm okay" given on any node.
func (n *node) answered() <-chan struct{} {
	done := make(chan struct{}, 4)
	n.bus.OnAlertAnswered(func(context.Context, int64, int64, string) { done <- struct{}{} })
	return done
}

// The wearer answers "I'm okay" on an API node; the ingest node's guard,
// which holds the bracelet's state, lets the return into the avoid zone
// alert again (with its own escalation to the supporter), and so does it
// after a restart that came between the answer and the return. Without an
// answer the cool-down holds.
func TestReturnAfterImOkayAlertsAcrossNodesAndRestarts(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC) // 15:00 in London
	var wearer, supporter int64
	db.Pool.QueryRow(ctx, `INSERT INTO users (email, first_name, timezone) VALUES ('w@example.org', 'Wren', 'Europe/London') RETURNING id`).Scan(&wearer)
	db.Pool.QueryRow(ctx, `INSERT INTO users (email, first_name) VALUES ('s@example.org', 'Sam') RETURNING id`).Scan(&supporter)
	inv, err := db.InviteSupporter(ctx, wearer, "Sam", "", now)
	if err != nil {
		t.Fatal(err)
	}
	link, err := db.AcceptInvitation(ctx, &lifeline.User{ID: supporter, Email: "s@example.org"}, inv.Token, now)
	if err != nil {
		t.Fatal(err)
	}
	grant := lifeline.Grant{Alerts: []string{lifeline.ScopeAvoidZone}}
	grant.Validate()
	if _, err := db.SetGrant(ctx, wearer, link.LinkID, grant); err != nil {
		t.Fatal(err)
	}
	// Murphy's Bar, a circle of 100 m; the bracelet walks to its centre
	// and 400 m north of it, a fix every 30 s:
	//
	//	   * 400 m north: out
	//	   |
	//	 . | .
	//	.  *  .  Murphy's Bar: in
	//	 . . .
	bracelet, _ := braceletAndBar(t, db, wearer)
	lat, lon := barLat, barLon
	ts := now
	walk := func(g *guard.Guard, north float64) {
		acc := 5.0
		for range 3 {
			ts = ts.Add(30 * time.Second)
			g.ObserveFixes(ctx, []lifeline.Fix{{UserID: wearer, DeviceID: bracelet.ID, Source: "bracelet", TS: ts,
				Lat: lat + north/111_320, Lon: lon, Accuracy: &acc}})
		}
	}
	supporterSteps := func(alertID int64) int {
		a, err := db.FindAlert(ctx, wearer, alertID)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, d := range a.Deliveries {
			if d.Role == "supporter" && d.State == lifeline.DeliveryPending {
				n++
			}
		}
		return n
	}

	ingest, apiNode := newNode(t, db), newNode(t, db)
	answers := live.NewOkayAnswers(db, apiNode.bus, slog.Default())
	g := ingest.guard(t, db)
	heard := ingest.answered()

	walk(g, 0)
	first := ingest.alert(t)
	if first.Type != lifeline.AlertZoneEntered || !strings.HasPrefix(first.Message, `You entered "Murphy's Bar"`) || supporterSteps(first.ID) != 1 {
		t.Fatalf("first alert %+v", first)
	}
	if _, err := answers.AnswerOkay(ctx, wearer, first.ID, now.Add(2*time.Minute)); err != nil { // 15:02
		t.Fatal(err)
	}
	if supporterSteps(first.ID) != 0 {
		t.Fatal(`"I'm okay" left the supporter's step waiting`)
	}
	<-heard // the ingest node's guard has it

	walk(g, 400)
	walk(g, 0) // back within the cool-down
	second := ingest.alert(t)
	want := `You're back at "Murphy's Bar". You said you were okay at 3:02 PM — how are you doing now?`
	if second.Type != lifeline.AlertZoneEntered || !strings.HasPrefix(second.Message, want) {
		t.Fatalf("the return: %+v, want %q", second, want)
	}
	if supporterSteps(second.ID) != 1 {
		t.Errorf("the return has %d escalation steps of its own, want 1", supporterSteps(second.ID))
	}

	// The ingest node stops; the wearer answers meanwhile; it starts again.
	g.Close()
	if _, err := db.AnswerOkay(ctx, wearer, second.ID, now.Add(7*time.Minute)); err != nil { // 15:07
		t.Fatal(err)
	}
	g = ingest.guard(t, db)
	walk(g, 400)
	walk(g, 0)
	third := ingest.alert(t)
	if !strings.Contains(third.Message, "You said you were okay at 3:07 PM") || supporterSteps(third.ID) != 1 {
		t.Fatalf("the return after a restart: %+v", third)
	}

	// Nobody answers: out and back in, flapping at the edge, within the
	// cool-down, raises nothing more.
	walk(g, 400)
	walk(g, 0)
	walk(g, 400)
	walk(g, 0)
	g.Close() // works off every queued fix
	var n int
	db.Pool.QueryRow(ctx, `SELECT count(*) FROM alerts WHERE user_id = $1`, wearer).Scan(&n)
	if n != 3 {
		t.Errorf("%d alerts, want 3: an unanswered return within the cool-down alerted", n)
	}
	select {
	case e := <-ingest.raised:
		t.Errorf("an alert after the unanswered returns: %s", e.Data)
	default:
	}
}

// Two ingest workers each run a guard; the broker hands a bracelet's fixes
// to one at a time (a NATS consumer's pin). The first confirms the entry
// into an avoid zone and alerts; then the second is handed the bracelet,
// still inside. Reloaded at the takeover, it knows the entry and its
// cool-down; without the reload, its copy of the state is as old as its
// start and it confirms the same entry again.
func TestATakeoverReloadsTheStateSoAnEntryAlertsOnce(t *testing.T) {
	for _, tc := range []struct {
		name   string
		reload bool
		alerts int
	}{
		{"reloaded at the takeover: one alert", true, 1},
		{"not reloaded: the entry alerted twice", false, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := storetest.NewDB(t)
			ctx := context.Background()
			var wearer int64
			db.Pool.QueryRow(ctx, `INSERT INTO users (email, first_name) VALUES ('w@example.org', 'Wren') RETURNING id`).Scan(&wearer)
			// The avoid zone of 100 m; every fix is at its centre:
			//
			//	 . . .
			//	.  *  .  every fix: in
			//	 . . .
			bracelet, zone := braceletAndBar(t, db, wearer)
			lat, lon := barLat, barLon
			n := newNode(t, db)
			first, second := n.guard(t, db), n.guard(t, db) // both started before the bracelet's first fix
			ts := time.Date(2026, 11, 27, 15, 0, 0, 0, time.UTC)
			walk := func(g *guard.Guard) {
				acc := 5.0
				for range 3 {
					ts = ts.Add(30 * time.Second)
					g.ObserveFixes(ctx, []lifeline.Fix{{UserID: wearer, DeviceID: bracelet.ID, Source: "bracelet", TS: ts, Lat: lat, Lon: lon, Accuracy: &acc}})
				}
			}

			walk(first)
			n.alert(t)
			first.Close() // the pinned worker dies; what it processed is saved
			if tc.reload {
				if err := second.Reload(ctx); err != nil {
					t.Fatal(err)
				}
			}
			walk(second)
			second.Close()
			var alerts int
			db.Pool.QueryRow(ctx, `SELECT count(*) FROM alerts WHERE user_id = $1 AND zone_id = $2`, wearer, zone.ID).Scan(&alerts)
			if alerts != tc.alerts {
				t.Errorf("%d alerts for one entry, want %d", alerts, tc.alerts)
			}
		})
	}
}

// Murphy's Bar, an avoid zone of 100 m around barLat, barLon.
const barLat, barLon = 51.5136, -0.1310

// braceletAndBar gives wearer a bracelet and Murphy's Bar to avoid.
func braceletAndBar(t *testing.T, db *store.DB, wearer int64) (*lifeline.Device, *lifeline.Zone) {
	t.Helper()
	ctx := context.Background()
	_, hash := lifeline.NewDeviceToken()
	bracelet := &lifeline.Device{ID: lifeline.NewDeviceID(), UserID: wearer, Name: "Left wrist"}
	if err := db.CreateDevice(ctx, bracelet, hash); err != nil {
		t.Fatal(err)
	}
	radius := 100.0
	zone := &lifeline.Zone{UserID: wearer, Name: "Murphy's Bar", Type: lifeline.ZoneAvoid, Shape: lifeline.ShapeCircle,
		Latitude: barLat, Longitude: barLon, Radius: &radius, IsActive: true}
	if err := db.CreateZone(ctx, zone); err != nil {
		t.Fatal(err)
	}
	return bracelet, zone
}
