package store_test

import (
	"context"
	"testing"
	"time"

	"lifeline"
	"lifeline/migrations"
	"lifeline/store"
	"lifeline/store/storetest"
)

func TestRaiseMissedCheckinsOncePerUserPerLocalDay(t *testing.T) {
	url := storetest.NewURL(t)
	ctx := context.Background()
	open := func() *store.DB {
		db, err := store.Open(ctx, url, migrations.FS, store.TimescaleAuto)
		if err != nil {
			t.Fatal(err)
		}
		return db
	}
	db := open()
	users := map[string]int64{}
	for _, u := range []struct{ name, zone, created string }{
		{"london", "Europe/London", "2026-11-01T00:00:00Z"},
		{"checked-in", "Europe/London", "2026-11-01T00:00:00Z"},
		{"joined-tonight", "Europe/London", "2026-11-22T20:10:00Z"},
		{"kiritimati", "Pacific/Kiritimati", "2026-11-01T00:00:00Z"},
		{"pago-pago", "Pacific/Pago_Pago", "2026-11-01T00:00:00Z"},
		{"new-york", "America/New_York", "2026-11-01T00:00:00Z"},
	} {
		var id int64
		err := db.Pool.QueryRow(ctx, `INSERT INTO users (email, timezone, created_at) VALUES ($1, $2, $3) RETURNING id`,
			u.name+"@example.org", u.zone, u.created).Scan(&id)
		if err != nil {
			t.Fatal(err)
		}
		users[u.name] = id
	}
	checkIn := &lifeline.CheckIn{Date: date(t, "2026-11-22"), Mood: 6, CravingIntensity: 2}
	if err := db.CreateCheckIn(ctx, users["checked-in"], checkIn); err != nil {
		t.Fatal(err)
	}

	reminded := func(db *store.DB) map[string]int {
		got := map[string]int{}
		for name, id := range users {
			alerts, err := db.FindAlerts(ctx, id, 10)
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range alerts {
				if a.Type == "missed_checkin" {
					got[name]++
				}
			}
		}
		return got
	}

	// 20:30 in London: 10:30 tomorrow in Kiritimati, 09:30 in Pago Pago,
	// 15:30 in New York.
	evening := time.Date(2026, 11, 22, 20, 30, 0, 0, time.UTC)
	raised, err := db.RaiseMissedCheckins(ctx, evening, 20)
	if err != nil || len(raised) != 1 {
		t.Fatalf("first sweep raised %d (%v), want 1 (london only)", len(raised), err)
	}
	if a := raised[0]; a.UserID == 0 || a.ID == 0 || a.Type != lifeline.AlertMissedCheckin || a.Message != lifeline.MissedCheckinMessage || a.Link != "/checkin" {
		t.Errorf("raised %+v", a)
	}
	if n, _ := db.RaiseMissedCheckins(ctx, evening.Add(time.Minute), 20); len(n) != 0 {
		t.Errorf("a second sweep raised %d, want 0", len(n))
	}
	db.Close() // a restart
	db = open()
	defer db.Close()
	if n, _ := db.RaiseMissedCheckins(ctx, evening.Add(2*time.Minute), 20); len(n) != 0 {
		t.Errorf("after a restart a sweep raised %d, want 0", len(n))
	}

	// 07:30 UTC on the 23rd is 21:30 on the 23rd in Kiritimati and 20:30
	// on the 22nd in Pago Pago: both evenings have come.
	if n, _ := db.RaiseMissedCheckins(ctx, time.Date(2026, 11, 23, 7, 30, 0, 0, time.UTC), 20); len(n) != 2 {
		t.Errorf("the next sweep raised %d, want 2 (Kiritimati and Pago Pago)", len(n))
	}
	got := reminded(db)
	for name, want := range map[string]int{"london": 1, "checked-in": 0, "joined-tonight": 0, "kiritimati": 1, "pago-pago": 1, "new-york": 0} {
		if got[name] != want {
			t.Errorf("%s got %d reminders, want %d", name, got[name], want)
		}
	}
}

func date(t *testing.T, s string) lifeline.Date {
	t.Helper()
	d, err := lifeline.ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
