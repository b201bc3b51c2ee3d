package geofence

import (
	"math"
	"testing"
	"time"

	"github.com/paulmach/orb"
)

// t0 is the tests' epoch: fix times, never the wall clock.
var t0 = time.Date(2025, 11, 22, 9, 0, 0, 0, time.UTC)

// offset moves (lon, lat) by metres east and north, in the local frame.
func offset(lon, lat, east, north float64) (float64, float64) {
	p := newPoint(lon, lat)
	x := lon + east/p.kx
	if x > 180 {
		x -= 360
	} else if x < -180 {
		x += 360
	}
	return x, lat + north/p.ky
}

// ringM builds a closed ring from corners given in metres (east, north) of
// an origin; ASCII drawings beside the tests use the same numbers.
func ringM(lon, lat float64, corners ...[2]float64) orb.Ring {
	r := make(orb.Ring, 0, len(corners)+1)
	for _, c := range corners {
		x, y := offset(lon, lat, c[0], c[1])
		r = append(r, orb.Point{x, y})
	}
	return append(r, r[0])
}

func circleZone(id, user int64, typ ZoneType, lon, lat, r float64) Zone {
	return Zone{ID: id, UserID: user, Name: "zone", Type: typ, Active: true,
		Circle: &Circle{Center: orb.Point{lon, lat}, RadiusM: r}}
}

// walker feeds one device's fixes to an engine, 30 s apart unless told.
type walker struct {
	t    *testing.T
	e    *Engine
	key  string
	user int64
	ts   time.Time
	all  []Event
}

func newWalker(t *testing.T, e *Engine, key string, user int64) *walker {
	return &walker{t: t, e: e, key: key, user: user, ts: t0}
}

// at sends a fix at (lon, lat) after step and returns its events.
func (w *walker) at(step time.Duration, lon, lat, acc float64) []Event {
	w.ts = w.ts.Add(step)
	ev := w.e.Process(Fix{DeviceKey: w.key, UserID: w.user, TS: w.ts, Lat: lat, Lon: lon, AccuracyM: acc}, nil)
	w.all = append(w.all, ev...)
	return ev
}

// step sends a fix 30 s later.
func (w *walker) step(lon, lat, acc float64) []Event { return w.at(30*time.Second, lon, lat, acc) }

func kinds(evs []Event) []string {
	var out []string
	for _, e := range evs {
		s := string(e.Kind)
		if e.Alert {
			s += "!"
		}
		if e.Suppressed {
			s += "(suppressed)"
		}
		if !e.OkayAt.IsZero() {
			s += "(after okay)"
		}
		out = append(out, s)
	}
	return out
}

func count(evs []Event, k EventKind) int {
	n := 0
	for _, e := range evs {
		if e.Kind == k {
			n++
		}
	}
	return n
}

// vincenty is the reference ellipsoidal distance (inverse problem, WGS84).
func vincenty(lon1, lat1, lon2, lat2 float64) float64 {
	const a, f = wgsA, wgsF
	b := a * (1 - f)
	L := (lon2 - lon1) * deg
	U1 := math.Atan((1 - f) * math.Tan(lat1*deg))
	U2 := math.Atan((1 - f) * math.Tan(lat2*deg))
	sinU1, cosU1 := math.Sincos(U1)
	sinU2, cosU2 := math.Sincos(U2)
	lambda := L
	var sinSigma, cosSigma, sigma, cos2Alpha, cos2SigmaM float64
	for i := 0; i < 200; i++ {
		sinL, cosL := math.Sincos(lambda)
		sinSigma = math.Sqrt(math.Pow(cosU2*sinL, 2) + math.Pow(cosU1*sinU2-sinU1*cosU2*cosL, 2))
		if sinSigma == 0 {
			return 0
		}
		cosSigma = sinU1*sinU2 + cosU1*cosU2*cosL
		sigma = math.Atan2(sinSigma, cosSigma)
		sinAlpha := cosU1 * cosU2 * sinL / sinSigma
		cos2Alpha = 1 - sinAlpha*sinAlpha
		cos2SigmaM = 0
		if cos2Alpha != 0 {
			cos2SigmaM = cosSigma - 2*sinU1*sinU2/cos2Alpha
		}
		C := f / 16 * cos2Alpha * (4 + f*(4-3*cos2Alpha))
		prev := lambda
		lambda = L + (1-C)*f*sinAlpha*(sigma+C*sinSigma*(cos2SigmaM+C*cosSigma*(-1+2*cos2SigmaM*cos2SigmaM)))
		if math.Abs(lambda-prev) < 1e-13 {
			break
		}
	}
	u2 := cos2Alpha * (a*a - b*b) / (b * b)
	A := 1 + u2/16384*(4096+u2*(-768+u2*(320-175*u2)))
	B := u2 / 1024 * (256 + u2*(-128+u2*(74-47*u2)))
	dSigma := B * sinSigma * (cos2SigmaM + B/4*(cosSigma*(-1+2*cos2SigmaM*cos2SigmaM)-
		B/6*cos2SigmaM*(-3+4*sinSigma*sinSigma)*(-3+4*cos2SigmaM*cos2SigmaM)))
	return b * A * (sigma - dSigma)
}
