package main

import (
	"math"
	"math/rand/v2"
	"time"
)

// battery drains a little with every fix and, once it falls to chargeBelow,
// goes on the charger until full: the daily rhythm of a bracelet.
type battery struct {
	level        float64 // percent
	charging     bool
	chargeBelow  float64 // percent at which the wearer puts it on the charger
	drainPerFix  float64 // percent
	chargePerMin float64 // percent per minute on the charger
}

func newBattery(rng *rand.Rand, drainPerFix, chargePerMin float64) battery {
	return battery{
		level:        30 + rng.Float64()*70,
		chargeBelow:  10 + rng.Float64()*15,
		drainPerFix:  drainPerFix,
		chargePerMin: chargePerMin,
	}
}

// elapse charges the battery for the time since the last call.
func (b *battery) elapse(dt time.Duration) {
	if !b.charging || dt <= 0 {
		return
	}
	b.level += b.chargePerMin * dt.Minutes()
	if b.level >= 100 {
		b.level, b.charging = 100, false
	}
}

// fix spends the energy of taking and sending one fix.
func (b *battery) fix() {
	if b.charging {
		return
	}
	b.level = math.Max(0, b.level-b.drainPerFix)
	if b.level <= b.chargeBelow && b.chargePerMin > 0 {
		b.charging = true
	}
}

// percent is the level the bracelet reports, 0 to 100.
func (b *battery) percent() int {
	return int(math.Max(0, math.Min(100, math.Round(b.level))))
}
