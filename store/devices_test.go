package store_test

import (
	"context"
	"testing"
	"time"

	"lifeline"
	"lifeline/store"
	"lifeline/store/storetest"
)

func TestDeviceAlertsOncePerDischargeAndSilence(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	var userID int64
	db.Pool.QueryRow(ctx, `INSERT INTO users (email, timezone) VALUES ('w@example.org', 'Europe/London') RETURNING id`).Scan(&userID)
	_, hash := lifeline.NewDeviceToken()
	d := &lifeline.Device{ID: lifeline.NewDeviceID(), UserID: userID, Name: "Left wrist"}
	if err := db.CreateDevice(ctx, d, hash); err != nil {
		t.Fatal(err)
	}
	// A phone that reports low and then falls silent raises nothing.
	phone := &lifeline.Device{ID: lifeline.NewDeviceID(), UserID: userID, Name: "Pixel", Kind: lifeline.DevicePhone}
	if err := db.CreateDevice(ctx, phone, hash); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	phoneLow := []lifeline.BatteryReading{{UserID: userID, DeviceID: phone.ID, Seq: 1, TS: now, Battery: 5, ReceivedAt: now}}
	if err := db.WriteFixes(ctx, nil, phoneLow, lifeline.ActivityOf(nil, phoneLow)); err != nil {
		t.Fatal(err)
	}
	seq := int64(0)
	report := func(at time.Time, level int, charging bool) {
		seq++
		readings := []lifeline.BatteryReading{{UserID: userID, DeviceID: d.ID, Seq: seq, TS: at, Battery: level, Charging: charging, ReceivedAt: at}}
		err := db.WriteFixes(ctx, nil, readings, lifeline.ActivityOf(nil, readings))
		if err != nil {
			t.Fatal(err)
		}
	}
	sweep := func(at time.Time) int {
		raised, err := db.RaiseDeviceAlerts(ctx, at)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range raised {
			if a.DeviceID != nil && *a.DeviceID == phone.ID {
				t.Errorf("a phone raised %s: %q", a.Type, a.Message)
			}
			if a.UserID != userID || a.Link != "/gps" {
				t.Errorf("raised %+v", a)
			}
		}
		return len(raised)
	}
	count := func(kind string) int {
		var n int
		db.Pool.QueryRow(ctx, `SELECT count(*) FROM alerts WHERE user_id = $1 AND type = $2`, userID, kind).Scan(&n)
		return n
	}

	report(now, 40, false)
	if n := sweep(now); n != 0 {
		t.Fatalf("a healthy device raised %d alerts", n)
	}
	report(now.Add(time.Minute), 15, false)
	sweep(now.Add(time.Minute))
	report(now.Add(2*time.Minute), 14, false)
	sweep(now.Add(2 * time.Minute))
	if got := count("low_battery"); got != 1 {
		t.Errorf("one discharge raised %d low_battery alerts, want 1", got)
	}
	report(now.Add(3*time.Minute), 16, true) // charged
	sweep(now.Add(3 * time.Minute))
	report(now.Add(4*time.Minute), 12, false) // the next discharge
	sweep(now.Add(4 * time.Minute))
	if got := count("low_battery"); got != 2 {
		t.Errorf("two discharges raised %d low_battery alerts, want 2", got)
	}

	// Silent for 10 minutes with a 30 s interval: offline, once.
	silentAt := now.Add(14 * time.Minute)
	sweep(silentAt)
	sweep(silentAt.Add(time.Minute))
	if got := count("device_offline"); got != 1 {
		t.Errorf("one silence raised %d device_offline alerts, want 1", got)
	}
	var message string
	db.Pool.QueryRow(ctx, `SELECT message FROM alerts WHERE type = 'device_offline'`).Scan(&message)
	if message != `Your bracelet "Left wrist" has not reported since 12:04 PM. It may be out of range, switched off or out of battery.` {
		t.Errorf("message = %q (the time is London's)", message)
	}
	report(silentAt.Add(2*time.Minute), 60, false) // back, then silent again
	sweep(silentAt.Add(20 * time.Minute))
	if got := count("device_offline"); got != 2 {
		t.Errorf("a second silence raised %d device_offline alerts in all, want 2", got)
	}
}

func TestCreateDevicesPairsAllOrNone(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	var userID int64
	db.Pool.QueryRow(ctx, `INSERT INTO users (email, timezone) VALUES ('load@example.org', 'UTC') RETURNING id`).Scan(&userID)

	const n = 2000
	batch := make([]store.NewDevice, n)
	tokens := make([]string, n)
	for i := range batch {
		token, hash := lifeline.NewDeviceToken()
		tokens[i] = token
		batch[i] = store.NewDevice{Device: &lifeline.Device{ID: lifeline.NewDeviceID(), UserID: userID, Name: "Load"}, TokenHash: hash}
	}
	batch[n-1].Device.Kind = lifeline.DevicePhone
	if err := db.CreateDevices(ctx, batch); err != nil {
		t.Fatal(err)
	}
	list, err := db.FindDevices(ctx, userID)
	if err != nil || len(list) != n {
		t.Fatalf("FindDevices: %d devices, %v", len(list), err)
	}
	for _, i := range []int{0, n / 2, n - 1} {
		c, err := db.DeviceCredentials(ctx, batch[i].Device.ID)
		if err != nil || c.UserID != userID || string(c.TokenHash) != string(lifeline.HashDeviceToken(tokens[i])) {
			t.Errorf("device %d credentials = %+v, %v", i, c, err)
		}
	}
	if got, _ := db.FindDevice(ctx, userID, batch[n-1].Device.ID); got == nil || got.Kind != lifeline.DevicePhone {
		t.Errorf("the phone in the batch = %+v", got)
	}

	// A batch with one device that is already paired pairs none of them.
	fresh := store.NewDevice{Device: &lifeline.Device{ID: lifeline.NewDeviceID(), UserID: userID, Name: "Fresh"}, TokenHash: batch[0].TokenHash}
	if err := db.CreateDevices(ctx, []store.NewDevice{fresh, batch[0]}); err == nil {
		t.Fatal("a batch repeating a paired device was accepted")
	}
	if _, err := db.DeviceCredentials(ctx, fresh.Device.ID); err == nil {
		t.Error("the good device of a refused batch was paired")
	}
}
