package store_test

import (
	"context"
	"testing"
	"time"

	"lifeline"
	"lifeline/store"
	"lifeline/store/storetest"
)

// careCircle makes a wearer (in London) with a bracelet and a supporter
// who may see every kind of alert, and returns their ids.
func careCircle(t *testing.T, db *store.DB, now time.Time) (wearer, supporter int64, device *lifeline.Device) {
	t.Helper()
	ctx := context.Background()
	db.Pool.QueryRow(ctx, `INSERT INTO users (email, first_name, timezone) VALUES ('w@example.org', 'Wren', 'Europe/London') RETURNING id`).Scan(&wearer)
	db.Pool.QueryRow(ctx, `INSERT INTO users (email, first_name) VALUES ('s@example.org', 'Sam') RETURNING id`).Scan(&supporter)
	_, hash := lifeline.NewDeviceToken()
	device = &lifeline.Device{ID: lifeline.NewDeviceID(), UserID: wearer, Name: "Left wrist"}
	if err := db.CreateDevice(ctx, device, hash); err != nil {
		t.Fatal(err)
	}
	inv, err := db.InviteSupporter(ctx, wearer, "Sam", "", now)
	if err != nil {
		t.Fatal(err)
	}
	link, err := db.AcceptInvitation(ctx, &lifeline.User{ID: supporter, Email: "s@example.org"}, inv.Token, now)
	if err != nil {
		t.Fatal(err)
	}
	grant := lifeline.Grant{Alerts: []string{lifeline.ScopeAvoidZone, lifeline.ScopeDevice, lifeline.ScopeSOS}}
	if err := grant.Validate(); err != nil {
		t.Fatal(err)
	}
	if _, err := db.SetGrant(ctx, wearer, link.LinkID, grant); err != nil {
		t.Fatal(err)
	}
	return wearer, supporter, device
}

// A device alert ends when its cause does, on the minute job's sweep: the
// alert is resolved in the owner's words, its waiting deliveries are
// skipped, supporters stop seeing it, and one sweep (of however many
// nodes) resolves it.
func TestDeviceAlertsResolveWhenTheirCauseEnds(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC) // 12:00 in London
	wearer, supporter, d := careCircle(t, db, now)
	seq := int64(0)
	report := func(at time.Time, level int, charging bool) {
		t.Helper()
		seq++
		readings := []lifeline.BatteryReading{{UserID: wearer, DeviceID: d.ID, Seq: seq, TS: at, Battery: level, Charging: charging, ReceivedAt: at}}
		if err := db.WriteFixes(ctx, nil, readings, lifeline.ActivityOf(nil, readings)); err != nil {
			t.Fatal(err)
		}
	}
	raise := func(at time.Time) []*lifeline.Alert {
		t.Helper()
		raised, err := db.RaiseDeviceAlerts(ctx, at)
		if err != nil {
			t.Fatal(err)
		}
		return raised
	}
	resolve := func(at time.Time) []*lifeline.Alert {
		t.Helper()
		resolved, err := db.ResolveDeviceAlerts(ctx, at)
		if err != nil {
			t.Fatal(err)
		}
		return resolved
	}
	seen := func() []*lifeline.Alert {
		t.Helper()
		alerts, err := db.SupportedAlerts(ctx, supporter, wearer, now.Add(-time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		return alerts
	}
	pending := func(alertID int64) (n int, reason string) {
		db.Pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE state = 'pending'), coalesce(max(last_error) FILTER (WHERE state = 'skipped'), '')
			FROM outbox WHERE alert_id = $1`, alertID).Scan(&n, &reason)
		return n, reason
	}

	// Silent from 12:00: offline at 12:03; the supporter's step is due at
	// once (no worker runs here: it waits).
	report(now, 60, false)
	if got := resolve(now); len(got) != 0 {
		t.Fatalf("nothing to resolve, resolved %d", len(got))
	}
	offline := raise(now.Add(3 * time.Minute))
	if len(offline) != 1 || offline[0].Type != lifeline.AlertDeviceOffline {
		t.Fatalf("raised %+v", offline)
	}
	markSent := func(alertID int64) { // the in-app step taken, as the worker would
		db.Pool.Exec(ctx, `UPDATE outbox SET state = 'sent', sent_at = $2 WHERE alert_id = $1 AND channel = 'app'`, alertID, now)
	}
	markSent(offline[0].ID)
	db.Pool.Exec(ctx, `INSERT INTO channels (user_id, kind, address) VALUES ($1, 'email', 'w@example.org')`, wearer)
	if got := seen(); len(got) != 1 {
		t.Fatalf("the supporter sees %d alerts, want the offline one", len(got))
	}
	if got := resolve(now.Add(4 * time.Minute)); len(got) != 0 {
		t.Fatalf("still silent, resolved %+v", got[0])
	}

	// Back at 12:07:30 (a battery packet counts): resolved at the next
	// sweep, as of the packet, once.
	back := now.Add(7*time.Minute + 30*time.Second)
	report(back, 58, false)
	resolved := resolve(back.Add(20 * time.Second))
	if len(resolved) != 1 || resolved[0].ID != offline[0].ID || resolved[0].ResolvedAt == nil || !resolved[0].ResolvedAt.Equal(back) ||
		resolved[0].Resolution != "Back since 12:07 PM." || resolved[0].UserID != wearer {
		t.Fatalf("resolved %d: %+v", len(resolved), *resolved[0])
	}
	if again := resolve(back.Add(time.Minute)); len(again) != 0 {
		t.Errorf("resolved twice: %+v", again)
	}
	if got := seen(); len(got) != 0 {
		t.Errorf("the supporter still sees %+v", got[0])
	}
	list, _ := db.FindAlerts(ctx, wearer, 10)
	if len(list) != 1 || list[0].ResolvedAt == nil || list[0].Resolution != "Back since 12:07 PM." || list[0].IsRead {
		t.Errorf("the wearer's list: %+v", list[0])
	}

	// A discharge: its alert's waiting steps are skipped, with the words,
	// when it charges.
	report(now.Add(10*time.Minute), 14, false)
	low := raise(now.Add(10 * time.Minute))
	if len(low) != 1 || low[0].Type != lifeline.AlertLowBattery {
		t.Fatalf("raised %+v", low)
	}
	if n, _ := pending(low[0].ID); n == 0 {
		t.Fatal("the low battery alert has no waiting delivery")
	}
	report(now.Add(11*time.Minute), 14, true)
	resolved = resolve(now.Add(11 * time.Minute))
	raise(now.Add(11 * time.Minute)) // the same sweep ends the discharge's claim
	if len(resolved) != 1 || resolved[0].Resolution != "Charging since 12:11 PM." {
		t.Fatalf("resolved %d: %+v", len(resolved), *resolved[0])
	}
	if n, reason := pending(low[0].ID); n != 0 || reason != "Charging since 12:11 PM." {
		t.Errorf("%d deliveries still waiting, skipped because %q", n, reason)
	}
	// The next discharge ends above the threshold without charging.
	report(now.Add(20*time.Minute), 15, false)
	low = raise(now.Add(20 * time.Minute))
	report(now.Add(21*time.Minute), 15, false)
	if got := resolve(now.Add(21 * time.Minute)); len(got) != 0 || len(low) != 1 {
		t.Fatalf("at the threshold: raised %d, resolved %d", len(low), len(got))
	}
	report(now.Add(22*time.Minute), 40, false)
	if got := resolve(now.Add(22 * time.Minute)); len(got) != 1 || got[0].Resolution != "Back to 40% at 12:22 PM." {
		t.Fatalf("resolved %+v", got)
	}
}
