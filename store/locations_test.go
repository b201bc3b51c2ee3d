package store_test

import (
	"context"
	"testing"
	"time"

	"lifeline"
	"lifeline/store"
	"lifeline/store/storetest"
)

// pairedUser adds a user with one bracelet.
func pairedUser(t *testing.T, db *store.DB, email string) (userID int64, deviceID string) {
	t.Helper()
	ctx := context.Background()
	if err := db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ($1) RETURNING id`, email).Scan(&userID); err != nil {
		t.Fatal(err)
	}
	_, hash := lifeline.NewDeviceToken()
	d := &lifeline.Device{ID: lifeline.NewDeviceID(), UserID: userID, Name: "Bracelet"}
	if err := db.CreateDevice(ctx, d, hash); err != nil {
		t.Fatal(err)
	}
	return userID, d.ID
}

func braceletFix(userID int64, deviceID string, seq int64) lifeline.Fix {
	at := time.Date(2026, 11, 22, 12, 0, int(seq), 0, time.UTC)
	return lifeline.Fix{UserID: userID, DeviceID: deviceID, Source: lifeline.SourceBracelet, Seq: seq, TS: at, Lat: 51.5, Lon: -0.1, ReceivedAt: at}
}

func TestWriteFixesRefusesStrayFixes(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	alice, aliceDevice := pairedUser(t, db, "alice@example.org")
	bob, _ := pairedUser(t, db, "bob@example.org")
	good := braceletFix(alice, aliceDevice, 1)

	tests := []struct {
		name  string
		stray lifeline.Fix
	}{
		{"a fix filed under a user who does not own the device", braceletFix(bob, aliceDevice, 2)},
		{"a fix of a device that does not exist", braceletFix(alice, "brc_nosuchdevice00", 3)},
		{"a manual fix of a user who does not exist", lifeline.Fix{UserID: bob + 1000, Source: lifeline.SourceBrowser, TS: good.TS, ReceivedAt: good.TS}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := db.WriteFixes(ctx, []lifeline.Fix{good, tt.stray}, nil, nil)
			if lifeline.ErrorCode(err) != lifeline.EINVALID {
				t.Fatalf("WriteFixes = %v, want EINVALID", err)
			}
			var n int
			db.Pool.QueryRow(ctx, `SELECT count(*) FROM locations`).Scan(&n)
			if n != 0 {
				t.Fatalf("%d rows stored from a refused batch, want none", n)
			}
		})
	}

	t.Run("the good fix alone is stored, once however often it is sent", func(t *testing.T) {
		for range 2 {
			if err := db.WriteFixes(ctx, []lifeline.Fix{good, good}, nil, nil); err != nil {
				t.Fatal(err)
			}
		}
		var n int
		db.Pool.QueryRow(ctx, `SELECT count(*) FROM locations WHERE user_id = $1`, alice).Scan(&n)
		if n != 1 {
			t.Fatalf("stored %d rows, want 1", n)
		}
	})
}

func TestDeleteUserWaitsForFixBatchesInFlight(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	user, device := pairedUser(t, db, "leaving@example.org")

	// A batch in flight holds the gate shared until it commits.
	batch, err := db.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := batch.Exec(ctx, `SELECT pg_advisory_xact_lock_shared($1)`, int64(store.IngestGate)); err != nil {
		t.Fatal(err)
	}
	deleted := make(chan error, 1)
	go func() { deleted <- db.DeleteUser(ctx, user) }()
	select {
	case err := <-deleted:
		t.Fatalf("DeleteUser returned (%v) while a fix batch was in flight", err)
	case <-time.After(300 * time.Millisecond):
	}
	if _, err := batch.Exec(ctx, `INSERT INTO locations (user_id, device_id, source, ts, seq, latitude, longitude)
		VALUES ($1, $2, 'bracelet', now(), 1, 0, 0)`, user, device); err != nil {
		t.Fatal(err)
	}
	if err := batch.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-deleted; err != nil {
		t.Fatal(err)
	}

	// The batch's fix went with the user; a batch after the deletion is refused.
	var n int
	db.Pool.QueryRow(ctx, `SELECT count(*) FROM locations WHERE user_id = $1`, user).Scan(&n)
	if n != 0 {
		t.Errorf("%d fixes of the deleted user left", n)
	}
	if err := db.WriteFixes(ctx, []lifeline.Fix{braceletFix(user, device, 2)}, nil, nil); lifeline.ErrorCode(err) != lifeline.EINVALID {
		t.Errorf("a fix of the deleted user's bracelet: %v, want EINVALID", err)
	}
}

// TestFixSources: every source is stored and read back as written, a phone
// app's re-sent fix (Seq 0, same time) is stored once, and a browser fix
// stored as 'manual' before migration 0016 reads back as 'browser'.
func TestFixSources(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	user, device := pairedUser(t, db, "sources@example.org")
	at := func(s int) time.Time { return time.Date(2026, 11, 22, 12, 0, s, 0, time.UTC) }
	fixes := []lifeline.Fix{braceletFix(user, device, 1)}
	for i, source := range []string{lifeline.SourceOwnTracks, lifeline.SourceOverland, lifeline.SourceOsmAnd} {
		fixes = append(fixes, lifeline.Fix{UserID: user, DeviceID: device, Source: source, TS: at(10 + i), Lat: 51.5, Lon: -0.1, ReceivedAt: at(10 + i)})
	}
	fixes = append(fixes, lifeline.Fix{UserID: user, Source: lifeline.SourceBrowser, TS: at(20), Lat: 51.5, Lon: -0.1, ReceivedAt: at(20)})
	for range 2 {
		if err := db.WriteFixes(ctx, fixes, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Pool.Exec(ctx, `INSERT INTO locations (user_id, source, ts, latitude, longitude) VALUES ($1, 'manual', $2, 1, 1)`, user, at(30)); err != nil {
		t.Fatal(err)
	}
	list, err := db.FindFixes(ctx, user, lifeline.FixFilter{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range list {
		got = append(got, l.Source)
	}
	// Newest first; the browser fix was written twice (browser fixes are
	// never duplicates of each other), the device fixes once.
	want := []string{"browser", "browser", "browser", "osmand", "overland", "owntracks", "bracelet"}
	if len(got) != len(want) {
		t.Fatalf("sources = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("sources = %v, want %v", got, want)
		}
	}
}

func TestFixMotionIsStored(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	user, device := pairedUser(t, db, "motion@example.org")
	num := func(v float64) *float64 { return &v }
	phone := braceletFix(user, device, 0)
	phone.Source, phone.Altitude, phone.Speed, phone.Course = lifeline.SourceOwnTracks, num(-12.5), num(13.9), num(359.5)
	bracelet := braceletFix(user, device, 1)

	tests := []struct {
		name                    string
		fix                     lifeline.Fix
		altitude, speed, course *float64
	}{
		{"a phone fix keeps its altitude, speed and course", phone, num(-12.5), num(13.9), num(359.5)},
		{"a bracelet fix has none", bracelet, nil, nil, nil},
	}
	if err := db.WriteFixes(ctx, []lifeline.Fix{phone, bracelet}, nil, nil); err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var altitude, speed, course *float64
			err := db.Pool.QueryRow(ctx, `SELECT altitude, speed, course FROM locations WHERE device_id = $1 AND ts = $2 AND seq = $3`,
				device, tt.fix.TS, tt.fix.Seq).Scan(&altitude, &speed, &course)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				name      string
				got, want *float64
			}{{"altitude", altitude, tt.altitude}, {"speed", speed, tt.speed}, {"course", course, tt.course}} {
				if (c.got == nil) != (c.want == nil) || c.got != nil && *c.got != *c.want {
					t.Errorf("%s = %v, want %v", c.name, deref(c.got), deref(c.want))
				}
			}
		})
	}

	t.Run("a course past 360 degrees is refused as data", func(t *testing.T) {
		bad := braceletFix(user, device, 2)
		bad.Course = num(361)
		if err := db.WriteFixes(ctx, []lifeline.Fix{bad}, nil, nil); lifeline.ErrorCode(err) != lifeline.EINVALID {
			t.Fatalf("WriteFixes = %v, want EINVALID", err)
		}
	})
}

func deref(v *float64) any {
	if v == nil {
		return nil
	}
	return *v
}
