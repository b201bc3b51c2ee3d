package lifeline

import (
	"math"
	"time"
)

// Device health states, as the GPS page shows them.
const (
	HealthNeverSeen   = "never_seen"   // paired, nothing received yet
	HealthOK          = "ok"           // reporting positions
	HealthNoGPSFix    = "no_gps_fix"   // alive (battery packets) but no recent position
	HealthOffline     = "offline"      // silent, battery was fine: out of range or switched off
	HealthBatteryDied = "battery_died" // silent after a very low battery
)

// Thresholds of device health.
const (
	// OfflineIntervals is how many reporting intervals of silence make a
	// device offline (at least MinOfflineAfter).
	OfflineIntervals = 4
	MinOfflineAfter  = 2 * time.Minute
	// DeadBattery is the level at or below which silence means "battery died".
	DeadBattery = 5
	// LowBattery raises a low_battery alert, once per discharge.
	LowBattery = 15
)

// OfflineAfter is how long a device may be silent before it is offline:
// OfflineIntervals of its reporting intervals, at least MinOfflineAfter.
// A positive fixed (the server's --offline-after) replaces the rule.
func OfflineAfter(intervalS int, fixed time.Duration) time.Duration {
	if fixed > 0 {
		return fixed
	}
	return max(time.Duration(intervalS)*time.Second*OfflineIntervals, MinOfflineAfter)
}

// DeviceHealth tells apart why a bracelet is or is not reporting; fixed is
// OfflineAfter's.
func DeviceHealth(d *Device, now time.Time, fixed time.Duration) string {
	after := OfflineAfter(d.IntervalS, fixed)
	switch {
	case d.LastSeenAt == nil:
		return HealthNeverSeen
	case now.Sub(*d.LastSeenAt) > after:
		if d.LastBattery != nil && *d.LastBattery <= DeadBattery {
			return HealthBatteryDied
		}
		return HealthOffline
	case d.LastFixAt == nil || now.Sub(*d.LastFixAt) > after:
		return HealthNoGPSFix
	}
	return HealthOK
}

// BatteryPoint is one battery level at a time.
type BatteryPoint struct {
	At       time.Time
	Level    int
	Charging bool
}

// EstimateBatteryLeft extrapolates the discharge since the battery last
// charged (or rose), by least squares over the points, newest last. It
// returns nil when there is too little to go on: under 3 points, under 20
// minutes of history, charging now, or no measurable drain.
func EstimateBatteryLeft(points []BatteryPoint) *time.Duration {
	start := 0
	for i := 1; i < len(points); i++ {
		if points[i].Charging || points[i].Level > points[i-1].Level {
			start = i
		}
	}
	run := points[start:]
	if len(run) < 3 || run[len(run)-1].Charging || run[len(run)-1].At.Sub(run[0].At) < 20*time.Minute {
		return nil
	}
	// Fit level = a + b*hours.
	var sx, sy, sxx, sxy float64
	t0 := run[0].At
	for _, p := range run {
		x, y := p.At.Sub(t0).Hours(), float64(p.Level)
		sx, sy, sxx, sxy = sx+x, sy+y, sxx+x*x, sxy+x*y
	}
	n := float64(len(run))
	denominator := n*sxx - sx*sx
	if denominator == 0 {
		return nil
	}
	slope := (n*sxy - sx*sy) / denominator // percent per hour, negative while draining
	if slope >= -0.01 {
		return nil
	}
	hours := float64(run[len(run)-1].Level) / -slope
	if math.IsInf(hours, 0) || hours > 24*30 {
		return nil
	}
	left := time.Duration(hours * float64(time.Hour)).Round(time.Minute)
	return &left
}
