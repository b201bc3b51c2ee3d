package api_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"lifeline"
)

// caseloadEntry is one entry of GET /api/caseload.
type caseloadEntry struct {
	ID     int64
	Name   string
	Need   string
	SOS    *struct{ AlertID int64 }
	Alerts *struct {
		Unclaimed, Mine, ClaimedByOthers int
		OldestUnclaimedAt                *time.Time
	}
	CheckIns *struct {
		CheckedInToday bool
		MissedLately   int
		DaysSinceLast  *int
	}
	Device *struct {
		Bracelets           int
		Offline, BatteryLow bool
	}
}

func caseload(t *testing.T, c *client) []caseloadEntry {
	t.Helper()
	resp := c.do("GET", "/api/caseload", nil)
	if resp.status != http.StatusOK {
		t.Fatalf("GET /api/caseload = %d %s", resp.status, resp.body)
	}
	var list []caseloadEntry
	resp.json(t, &list)
	return list
}

// TestCaseloadOrder: one supporter of many, each person in a different
// state; the caseload lists them by need, each part only within the grant.
func TestCaseloadOrder(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	ctx := context.Background()
	now := *app.now.Load()
	sam, _ := app.registerUser("Sam")
	samID := userID(t, sam)
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := app.db.Pool.Exec(ctx, sql, args...); err != nil {
			t.Fatal(err)
		}
	}
	type wearer struct {
		c    *client
		id   int64
		link int64
	}
	// person makes a wearer Sam supports with grant g (nil: nothing), who
	// joined ten days before the test's today.
	person := func(name string, g map[string]any) wearer {
		t.Helper()
		c, _ := app.registerUser(name)
		link, token := invite(t, c, "Sam", "")
		accept(t, sam, token)
		if g != nil {
			grant(t, c, link, g)
		}
		w := wearer{c, userID(t, c), link}
		exec(`UPDATE users SET created_at = $2 WHERE id = $1`, w.id, now.AddDate(0, 0, -10))
		return w
	}
	alertsOnly := func(scopes ...string) map[string]any { return map[string]any{"alerts": scopes} }
	// told raises an alert of w's and has it reach Sam.
	told := func(w wearer, typ, key string) int64 {
		t.Helper()
		a, err := app.alerts.RaiseAlert(ctx, w.id, lifeline.NewAlert{Type: typ, Message: "Battery at 9%.", Link: "/gps", DedupKey: key})
		if err != nil {
			t.Fatal(err)
		}
		drainOutbox(t, app)
		return a.ID
	}
	checkedIn := func(w wearer, daysAgo ...int) {
		for _, d := range daysAgo {
			exec(`INSERT INTO check_ins (user_id, local_date, mood, craving_intensity) VALUES ($1, $2, 6, 2)`, w.id, now.AddDate(0, 0, -d).Format(time.DateOnly))
		}
	}

	sosa := person("Sosa", alertsOnly("sos"))
	if resp := sosa.c.do("POST", "/api/sos", nil); resp.status != http.StatusCreated {
		t.Fatalf("SOS = %d %s", resp.status, resp.body)
	}
	drainOutbox(t, app)
	una := person("Una", alertsOnly("device"))
	told(una, lifeline.AlertLowBattery, "una")
	uri := person("Uri", alertsOnly("device"))
	told(uri, lifeline.AlertLowBattery, "uri")
	mina := person("Mina", alertsOnly("device"))
	exec(`UPDATE alerts SET claimed_by = $2, claimed_at = now() WHERE id = $1`, told(mina, lifeline.AlertLowBattery, "mina"), samID)
	otis := person("Otis", alertsOnly("device"))
	other, _ := app.registerUser("Olga")
	exec(`UPDATE alerts SET claimed_by = $2, claimed_at = now() WHERE id = $1`, told(otis, lifeline.AlertLowBattery, "otis"), userID(t, other))
	gina := person("Gina", alertsOnly("device"))
	told(gina, lifeline.AlertLowBattery, "gina")
	grant(t, gina.c, gina.link, alertsOnly("missed_checkin")) // narrowed since
	misty := person("Misty", map[string]any{"checkIns": true})
	checkedIn(misty, 3)
	milo := person("Milo", map[string]any{"checkIns": true})
	checkedIn(milo, 1, 2, 3, 5, 6, 7)
	tess := person("Tess", map[string]any{"checkIns": true})
	checkedIn(tess, 0, 1, 2, 3, 4, 5, 6, 7)
	dee := person("Dee", alertsOnly("device"))
	resp := dee.c.do("POST", "/api/devices", map[string]string{"name": "Left wrist"})
	var d struct{ ID string }
	resp.json(t, &d)
	exec(`UPDATE devices SET last_seen_at = $2, last_battery = 60 WHERE id = $1`, d.ID, now.Add(-time.Hour))
	abe := person("Abe", nil)
	rae := person("Rae", map[string]any{"checkIns": true, "alerts": []string{"sos", "device"}})
	told(rae, lifeline.AlertLowBattery, "rae")
	if resp := rae.c.do("DELETE", fmt.Sprintf("/api/supporters/%d", rae.link), nil); resp.status != http.StatusNoContent {
		t.Fatalf("revoke = %d", resp.status)
	}
	foreign, _ := app.registerUser("Fay")
	_, token := invite(t, foreign, "Otto", "")
	otto, _ := app.registerUser("Otto")
	accept(t, otto, token)

	list := caseload(t, sam)
	var names []string
	for _, e := range list {
		names = append(names, e.Name)
	}
	want := []string{"Sosa", "Una", "Uri", "Mina", "Misty", "Milo", "Dee", "Abe", "Gina", "Otis", "Tess"}
	if len(names) != len(want) {
		t.Fatalf("caseload = %v, want %v", names, want)
	}
	for i := range want {
		if names[i][:len(want[i])] != want[i] {
			t.Fatalf("caseload = %v, want %v", names, want)
		}
	}
	entry := func(w wearer) caseloadEntry {
		i := slices.IndexFunc(list, func(e caseloadEntry) bool { return e.ID == w.link })
		return list[i]
	}
	cases := []struct {
		name  string
		who   wearer
		check func(e caseloadEntry) bool
	}{
		{"an open SOS comes first, its alert counted as unclaimed", sosa, func(e caseloadEntry) bool {
			return e.Need == lifeline.NeedSOS && e.SOS != nil && e.Alerts.Unclaimed == 1 && e.CheckIns == nil && e.Device == nil
		}},
		{"an unclaimed alert, the oldest first", una, func(e caseloadEntry) bool {
			return e.Need == lifeline.NeedUnclaimed && e.Alerts.Unclaimed == 1 && e.Alerts.OldestUnclaimedAt != nil && e.SOS == nil
		}},
		{"the device scope without a bracelet shows none, not null", una, func(e caseloadEntry) bool {
			return e.Device != nil && e.Device.Bracelets == 0 && !e.Device.Offline
		}},
		{"an alert I claimed", mina, func(e caseloadEntry) bool {
			return e.Need == lifeline.NeedMine && e.Alerts.Mine == 1 && e.Alerts.Unclaimed == 0
		}},
		{"an alert someone else claimed needs nothing of me", otis, func(e caseloadEntry) bool {
			return e.Need == lifeline.NeedNone && e.Alerts.ClaimedByOthers == 1 && e.Alerts.Unclaimed == 0
		}},
		{"an alert whose kind the grant no longer covers is not counted", gina, func(e caseloadEntry) bool {
			return e.Need == lifeline.NeedNone && e.Alerts != nil && e.Alerts.Unclaimed == 0 && e.Device == nil
		}},
		{"missed check-ins, the longest silence first", misty, func(e caseloadEntry) bool {
			return e.Need == lifeline.NeedMissedCheckins && e.CheckIns.MissedLately == 6 && *e.CheckIns.DaysSinceLast == 3 && e.Alerts == nil
		}},
		{"one missed day", milo, func(e caseloadEntry) bool {
			return e.Need == lifeline.NeedMissedCheckins && e.CheckIns.MissedLately == 1 && *e.CheckIns.DaysSinceLast == 1 && !e.CheckIns.CheckedInToday
		}},
		{"every day checked in", tess, func(e caseloadEntry) bool {
			return e.Need == lifeline.NeedNone && e.CheckIns.MissedLately == 0 && *e.CheckIns.DaysSinceLast == 0 && e.CheckIns.CheckedInToday
		}},
		{"a bracelet silent for an hour", dee, func(e caseloadEntry) bool {
			return e.Need == lifeline.NeedDevice && e.Device.Bracelets == 1 && e.Device.Offline && !e.Device.BatteryLow
		}},
		{"nothing granted: every part null", abe, func(e caseloadEntry) bool {
			return e.Need == lifeline.NeedNone && e.SOS == nil && e.Alerts == nil && e.CheckIns == nil && e.Device == nil
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if e := entry(c.who); !c.check(e) {
				t.Errorf("%+v", e)
			}
		})
	}

	t.Run("the audit log has one line per viewing session of what the grant showed", func(t *testing.T) {
		caseload(t, sam)
		count := func(w wearer) map[string]int {
			rows, err := app.db.Pool.Query(ctx, `SELECT what, count(*) FROM care_views WHERE user_id = $1 GROUP BY what`, w.id)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]int{}
			for rows.Next() {
				var what string
				var n int
				rows.Scan(&what, &n)
				got[what] = n
			}
			return got
		}
		for _, c := range []struct {
			name string
			who  wearer
			want map[string]int
		}{
			{"Misty (check-ins)", misty, map[string]int{"checkins": 1}},
			{"Una (alerts)", una, map[string]int{"alerts": 1}},
			{"Abe (nothing granted)", abe, map[string]int{}},
			{"Rae (revoked)", rae, map[string]int{}},
		} {
			if got := count(c.who); fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("%s's audit log = %v, want %v", c.name, got, c.want)
			}
		}
	})
}
