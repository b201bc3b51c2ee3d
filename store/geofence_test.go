package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"lifeline"
	"lifeline/store/storetest"
)

// The wearer's "I'm okay" to a geofence alert is written onto the engine's
// state in the answer's transaction, for the alert the state last raised
// only; the engine's own writes keep it until it raises the next alert.
func TestAnswerOkayEndsTheCooldownOnTheEnginesState(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC)
	wearer, _, device := careCircle(t, db, now)
	radius := 100.0
	zone := &lifeline.Zone{UserID: wearer, Name: "Murphy's Bar", Type: lifeline.ZoneAvoid, Shape: lifeline.ShapeCircle,
		Latitude: 51.5, Longitude: -0.12, Radius: &radius, IsActive: true}
	if err := db.CreateZone(ctx, zone); err != nil {
		t.Fatal(err)
	}
	detected := now.Add(-2*time.Minute + 123456*time.Microsecond)
	raise := func(key string, at time.Time, deviceID string) *lifeline.Alert {
		t.Helper()
		a, err := db.RaiseAlert(ctx, wearer, lifeline.NewAlert{Type: lifeline.AlertZoneEntered, Message: "You entered.", Link: "/gps",
			DedupKey: key, ZoneID: zone.ID, DeviceID: deviceID,
			Evidence: []byte(fmt.Sprintf(`{"rule":"r","marginM":10,"fixes":[],"detectedAt":%q}`, at.Format(time.RFC3339Nano)))})
		if err != nil || a == nil {
			t.Fatalf("raise: %v, %v", a, err)
		}
		return a
	}
	state := func(key string) *lifeline.GeofenceState {
		t.Helper()
		s, err := db.FindGeofenceState(ctx, key, zone.ID)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	save := func(s lifeline.GeofenceState) {
		t.Helper()
		if err := db.SaveGeofenceStates(ctx, []lifeline.GeofenceState{s}); err != nil {
			t.Fatal(err)
		}
	}
	browser := lifeline.GeofenceDeviceKey("", wearer)
	for _, key := range []string{device.ID, browser} {
		save(lifeline.GeofenceState{DeviceKey: key, ZoneID: zone.ID, UserID: wearer, Inside: true, Since: detected, LastFixTS: detected, LastAlertAt: detected})
	}
	if _, err := db.FindGeofenceState(ctx, "brc_nothere", zone.ID); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Fatalf("no state: %v", err)
	}

	older := raise("older", detected.Add(-20*time.Minute), device.ID)
	if _, err := db.AnswerOkay(ctx, wearer, older.ID, now); err != nil {
		t.Fatal(err)
	}
	if s := state(device.ID); !s.OkayAt.IsZero() {
		t.Fatalf("an answer to an older alert was taken: %+v", s)
	}
	last := raise("last", detected, device.ID)
	if _, err := db.AnswerOkay(ctx, wearer, last.ID, now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if s := state(device.ID); !s.OkayAt.Equal(now.Add(time.Minute)) {
		t.Fatalf("answered: %+v", s)
	}
	if s := state(browser); !s.OkayAt.IsZero() {
		t.Fatalf("the bracelet's answer reached the browser's state: %+v", s)
	}
	manual := raise("browser", detected, "")
	if _, err := db.AnswerOkay(ctx, wearer, manual.ID, now.Add(2*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if s := state(browser); !s.OkayAt.Equal(now.Add(2 * time.Minute)) {
		t.Fatalf("the browser's fixes' alert answered: %+v", s)
	}

	// The engine, not told yet, writes the state for its next fix: the
	// answer stays. Its next alert replaces it.
	s := state(device.ID)
	s.OkayAt, s.LastFixTS = time.Time{}, detected.Add(time.Minute)
	save(*s)
	if got := state(device.ID); !got.OkayAt.Equal(now.Add(time.Minute)) || !got.LastFixTS.Equal(s.LastFixTS) {
		t.Fatalf("the engine's write lost the answer: %+v", got)
	}
	s.LastAlertAt = detected.Add(5 * time.Minute)
	save(*s)
	if got := state(device.ID); !got.OkayAt.IsZero() {
		t.Fatalf("the next alert kept the old answer: %+v", got)
	}
	// An alert with no engine evidence (or none at all) is answered as
	// before.
	plain, _ := db.RaiseAlert(ctx, wearer, lifeline.NewAlert{Type: lifeline.AlertZoneEntered, Message: "m", Link: "/gps", DedupKey: "plain", ZoneID: zone.ID, DeviceID: device.ID})
	if a, err := db.AnswerOkay(ctx, wearer, plain.ID, now); err != nil || a.OkayAt == nil {
		t.Fatalf("answer: %+v, %v", a, err)
	}
}
