package lifeline_test

import (
	"testing"
	"time"

	"lifeline"
)

func TestDeviceActivitiesOnlyMoveForward(t *testing.T) {
	t0 := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	level := func(n int) *int { return &n }
	fix := func(ts, received int, battery *int) lifeline.Fix {
		return lifeline.Fix{DeviceID: "brc_a", TS: at(ts), ReceivedAt: at(received), Battery: battery}
	}
	reading := func(ts, received, battery int, charging bool) lifeline.BatteryReading {
		return lifeline.BatteryReading{DeviceID: "brc_a", TS: at(ts), ReceivedAt: at(received), Battery: battery, Charging: charging}
	}

	tests := []struct {
		name        string
		fixes       []lifeline.Fix
		batteries   []lifeline.BatteryReading
		seen, fixAt time.Time
		battery     *int
		charging    *bool
		devices     int
	}{
		{name: "a late fix moves nothing back", fixes: []lifeline.Fix{fix(10, 11, level(50)), fix(5, 12, level(60))},
			seen: at(12), fixAt: at(10), battery: level(50), devices: 1},
		{name: "a battery reading brings charging", fixes: []lifeline.Fix{fix(10, 10, level(50))}, batteries: []lifeline.BatteryReading{reading(20, 21, 45, true)},
			seen: at(21), fixAt: at(10), battery: level(45), charging: func() *bool { b := true; return &b }(), devices: 1},
		{name: "an older reading does not replace a newer fix battery", fixes: []lifeline.Fix{fix(30, 30, level(40))}, batteries: []lifeline.BatteryReading{reading(20, 31, 45, false)},
			seen: at(31), fixAt: at(30), battery: level(40), devices: 1},
		{name: "manual fixes have no device", fixes: []lifeline.Fix{{Source: lifeline.SourceBrowser, TS: at(1), ReceivedAt: at(1)}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			list := lifeline.ActivityOf(tt.fixes, tt.batteries)
			if len(list) != tt.devices {
				t.Fatalf("%d devices, want %d", len(list), tt.devices)
			}
			if tt.devices == 0 {
				return
			}
			a := list[0]
			if !a.SeenAt.Equal(tt.seen) || !a.FixAt.Equal(tt.fixAt) {
				t.Errorf("seen %v fix %v, want %v %v", a.SeenAt, a.FixAt, tt.seen, tt.fixAt)
			}
			if (a.Battery == nil) != (tt.battery == nil) || (a.Battery != nil && *a.Battery != *tt.battery) {
				t.Errorf("battery %v, want %v", deref(a.Battery), deref(tt.battery))
			}
			if (a.Charging == nil) != (tt.charging == nil) || (a.Charging != nil && *a.Charging != *tt.charging) {
				t.Errorf("charging %v, want %v", a.Charging, tt.charging)
			}
		})
	}
}

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}
