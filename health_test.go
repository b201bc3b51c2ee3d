package lifeline_test

import (
	"testing"
	"time"

	"lifeline"
)

func TestDeviceHealth(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	ago := func(d time.Duration) *time.Time { t := now.Add(-d); return &t }
	level := func(n int) *int { return &n }
	tests := []struct {
		name  string
		d     lifeline.Device
		fixed time.Duration // --offline-after
		want  string
	}{
		{"never heard from", lifeline.Device{IntervalS: 30}, 0, lifeline.HealthNeverSeen},
		{"reporting", lifeline.Device{IntervalS: 30, LastSeenAt: ago(20 * time.Second), LastFixAt: ago(20 * time.Second), LastBattery: level(80)}, 0, lifeline.HealthOK},
		{"battery packets but no position", lifeline.Device{IntervalS: 30, LastSeenAt: ago(time.Minute), LastFixAt: ago(time.Hour)}, 0, lifeline.HealthNoGPSFix},
		{"never a position", lifeline.Device{IntervalS: 30, LastSeenAt: ago(time.Minute)}, 0, lifeline.HealthNoGPSFix},
		{"silent with a good battery", lifeline.Device{IntervalS: 30, LastSeenAt: ago(10 * time.Minute), LastFixAt: ago(10 * time.Minute), LastBattery: level(60)}, 0, lifeline.HealthOffline},
		{"silent after a dying battery", lifeline.Device{IntervalS: 30, LastSeenAt: ago(10 * time.Minute), LastBattery: level(3)}, 0, lifeline.HealthBatteryDied},
		{"a long interval is not offline yet", lifeline.Device{IntervalS: 600, LastSeenAt: ago(30 * time.Minute), LastFixAt: ago(30 * time.Minute)}, 0, lifeline.HealthOK},
		{"--offline-after replaces the rule", lifeline.Device{IntervalS: 30, LastSeenAt: ago(10 * time.Second), LastFixAt: ago(10 * time.Second)}, 5 * time.Second, lifeline.HealthOffline},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := lifeline.DeviceHealth(&tt.d, now, tt.fixed); got != tt.want {
				t.Errorf("DeviceHealth = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestEstimateBatteryLeft(t *testing.T) {
	start := time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)
	drain := func(from int, perHour float64, hours int, charging ...int) []lifeline.BatteryPoint {
		var ps []lifeline.BatteryPoint
		for i := 0; i <= hours*4; i++ { // every 15 minutes
			ps = append(ps, lifeline.BatteryPoint{At: start.Add(time.Duration(i) * 15 * time.Minute), Level: from - int(perHour*float64(i)/4)})
		}
		return ps
	}
	tests := []struct {
		name   string
		points []lifeline.BatteryPoint
		want   time.Duration // 0: no estimate
	}{
		{"steady 10% an hour from 100 to 60", drain(100, 10, 4), 6 * time.Hour},
		{"too little history", drain(100, 10, 4)[:2], 0},
		{"charging now", append(drain(50, 10, 2), lifeline.BatteryPoint{At: start.Add(3 * time.Hour), Level: 40, Charging: true}), 0},
		{"flat battery level", drain(70, 0, 3), 0},
		{"only the discharge after the last charge counts", append(drain(30, 20, 1), drain(90, 10, 3)...), 6 * time.Hour},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := lifeline.EstimateBatteryLeft(tt.points)
			switch {
			case tt.want == 0 && got != nil:
				t.Errorf("estimate = %v, want none", *got)
			case tt.want != 0 && (got == nil || (*got-tt.want).Abs() > 20*time.Minute):
				t.Errorf("estimate = %v, want about %v", got, tt.want)
			}
		})
	}
}
