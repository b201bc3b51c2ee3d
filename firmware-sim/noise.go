package main

import (
	"math"
	"math/rand/v2"
)

// The accuracy a simulated receiver reports, in metres.
const (
	minAccuracy = 3.0
	maxAccuracy = 30.0
)

// radius68 is the radius, in standard deviations of each axis, that holds 68%
// of a two-dimensional normal error: sqrt(-2 ln 0.32). Phones and GPS modules
// report accuracy as that 68% radius, so the simulated position error
// matches the accuracy each fix claims.
var radius68 = math.Sqrt(-2 * math.Log(1-0.68))

// gpsNoise is a receiver whose accuracy drifts between minAccuracy and
// maxAccuracy as the sky view changes (a random walk in log space), and whose
// position error is normal with that accuracy as its 68% radius.
type gpsNoise struct {
	logAcc float64
}

func newGPSNoise(rng *rand.Rand) gpsNoise {
	lo, hi := math.Log(minAccuracy), math.Log(12)
	return gpsNoise{logAcc: lo + rng.Float64()*(hi-lo)}
}

// sample returns the error of the next fix, north and east in metres, and
// the accuracy the receiver reports for it.
func (g *gpsNoise) sample(rng *rand.Rand) (north, east, acc float64) {
	lo, hi := math.Log(minAccuracy), math.Log(maxAccuracy)
	g.logAcc += rng.NormFloat64() * 0.15
	if g.logAcc < lo { // reflect, so the walk does not stick to a bound
		g.logAcc = 2*lo - g.logAcc
	}
	if g.logAcc > hi {
		g.logAcc = 2*hi - g.logAcc
	}
	g.logAcc = math.Max(lo, math.Min(hi, g.logAcc))
	acc = math.Round(math.Exp(g.logAcc)*10) / 10
	acc = math.Max(minAccuracy, math.Min(maxAccuracy, acc))
	sigma := acc / radius68
	return rng.NormFloat64() * sigma, rng.NormFloat64() * sigma, acc
}
