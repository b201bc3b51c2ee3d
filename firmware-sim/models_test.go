package main

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"lifeline/ingest/wire"
)

func TestOffsetAndDistance(t *testing.T) {
	tests := []struct {
		name             string
		lat, lon         float64
		north, east      float64
		wantNear, within float64
	}{
		{"a kilometre north in San Francisco", 37.7749, -122.4194, 1000, 0, 1000, 1},
		{"a kilometre east in San Francisco", 37.7749, -122.4194, 0, 1000, 1000, 1},
		{"diagonal near the equator", 0.5, 10, 300, -400, 500, 0.5},
		{"far north, where longitude degrees are short", 78.2, 15.6, 200, 200, 282.8, 0.5},
		{"across the date line", 10, 179.9999, 0, 100, 100, 0.5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lat, lon := offset(tt.lat, tt.lon, tt.north, tt.east)
			if lon < -180 || lon > 180 || lat < -90 || lat > 90 {
				t.Fatalf("offset gave (%g, %g), out of range", lat, lon)
			}
			if d := distance(tt.lat, tt.lon, lat, lon); math.Abs(d-tt.wantNear) > tt.within {
				t.Errorf("moved %.2f m, want %.2f ± %.2f", d, tt.wantNear, tt.within)
			}
		})
	}
}

// TestGPSNoise: the reported accuracy stays within 3-30 m, and the position
// error is consistent with it: about 68% of fixes fall within their accuracy
// radius, as a real receiver's 68% accuracy means.
func TestGPSNoise(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3, 42, 1000} {
		t.Run("seed "+strconv.FormatUint(seed, 10), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 7))
			g := newGPSNoise(rng)
			const n = 20000
			within, sumAcc := 0, 0.0
			lo, hi := math.Inf(1), math.Inf(-1)
			for range n {
				north, east, acc := g.sample(rng)
				if acc < minAccuracy || acc > maxAccuracy {
					t.Fatalf("accuracy %g outside [%g, %g]", acc, minAccuracy, maxAccuracy)
				}
				lo, hi = min(lo, acc), max(hi, acc)
				sumAcc += acc
				if math.Hypot(north, east) <= acc {
					within++
				}
			}
			if frac := float64(within) / n; math.Abs(frac-0.68) > 0.02 {
				t.Errorf("%.3f of errors within the accuracy radius, want 0.68 ± 0.02", frac)
			}
			if hi-lo < 10 {
				t.Errorf("accuracy only ranged %g-%g m: the sky view should change", lo, hi)
			}
		})
	}
}

func TestBattery(t *testing.T) {
	tests := []struct {
		name         string
		start        battery
		fixes        int
		charge       time.Duration // then on the charger for this long
		wantPercent  int
		wantCharging bool
	}{
		{"drains per fix", battery{level: 80, chargeBelow: 20, drainPerFix: 0.5, chargePerMin: 2}, 20, 0, 70, false},
		{"goes on the charger at its threshold", battery{level: 30, chargeBelow: 20, drainPerFix: 1, chargePerMin: 2}, 10, 0, 20, true},
		{"does not drain while charging", battery{level: 30, chargeBelow: 20, drainPerFix: 1, chargePerMin: 2}, 50, 0, 20, true},
		{"charges by the minute", battery{level: 30, chargeBelow: 20, drainPerFix: 1, chargePerMin: 2}, 10, 15 * time.Minute, 50, true},
		{"comes off the charger when full", battery{level: 30, chargeBelow: 20, drainPerFix: 1, chargePerMin: 2}, 10, 3 * time.Hour, 100, false},
		{"never below zero", battery{level: 2, chargeBelow: 0, drainPerFix: 1, chargePerMin: 0}, 10, 0, 0, false},
		{"no charge rate: never charges", battery{level: 10, chargeBelow: 20, drainPerFix: 1, chargePerMin: 0}, 5, time.Hour, 5, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.start
			for range tt.fixes {
				b.fix()
			}
			b.elapse(tt.charge)
			if b.percent() != tt.wantPercent || b.charging != tt.wantCharging {
				t.Errorf("got %d%% charging=%v, want %d%% charging=%v", b.percent(), b.charging, tt.wantPercent, tt.wantCharging)
			}
		})
	}
}

func TestBatteryCycles(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	b := newBattery(rng, 0.05, 1.5)
	charges, wasCharging := 0, false
	for range 3 * 2880 { // three days of fixes every 30 s
		b.elapse(30 * time.Second)
		b.fix()
		if p := b.percent(); p < 0 || p > 100 {
			t.Fatalf("battery at %d%%", p)
		}
		if b.charging && !wasCharging {
			charges++
		}
		wasCharging = b.charging
	}
	if charges < 2 || charges > 5 {
		t.Errorf("%d charging periods in three days, want a daily rhythm", charges)
	}
}

func TestWanderer(t *testing.T) {
	tests := []struct {
		name          string
		speed, radius float64
		step          time.Duration
	}{
		{"walking, 30 s fixes", 1.4, 1000, 30 * time.Second},
		{"walking, 1 s fixes", 1.4, 500, time.Second},
		{"jogging, unbounded", 3, 0, 10 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, 4))
			w := newWanderer(rng, 37.7749, -122.4194, tt.speed, tt.radius)
			lat, lon := w.lat, w.lon
			for range 2000 {
				nlat, nlon := w.advance(tt.step)
				if d := distance(lat, lon, nlat, nlon); math.Abs(d-tt.speed*tt.step.Seconds()) > 0.01 {
					t.Fatalf("moved %.2f m in %v at %g m/s", d, tt.step, tt.speed)
				}
				lat, lon = nlat, nlon
				if far := distance(w.homeLat, w.homeLon, lat, lon); tt.radius > 0 && far > tt.radius+tt.speed*tt.step.Seconds()*3 {
					t.Fatalf("strayed %.0f m from home, radius %g", far, tt.radius)
				}
			}
		})
	}
}

func TestWandererCapsLongGaps(t *testing.T) {
	w := newWanderer(rand.New(rand.NewPCG(1, 1)), 0, 0, 1.4, 0)
	lat, lon := w.advance(24 * time.Hour)
	if d := distance(0, 0, lat, lon); d > 1.4*maxStep.Seconds()+1 {
		t.Errorf("a day-long gap moved the wearer %.0f m", d)
	}
}

func TestLoadRoute(t *testing.T) {
	dir := t.TempDir()
	line := `{"type":"LineString","coordinates":[[-122.42,37.77],[-122.41,37.77],[-122.41,37.78]]}`
	tests := []struct {
		name, body string
		wantErr    string // "" for a good route
	}{
		{"bare LineString", line, ""},
		{"Feature", `{"type":"Feature","properties":{},"geometry":` + line + `}`, ""},
		{"FeatureCollection, first LineString", `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]}},{"type":"Feature","geometry":` + line + `}]}`, ""},
		{"MultiLineString", `{"type":"MultiLineString","coordinates":[[[-122.42,37.77],[-122.41,37.77]],[[-122.41,37.78]]]}`, ""},
		{"not JSON", `hello`, "not GeoJSON"},
		{"a Point", `{"type":"Point","coordinates":[1,2]}`, "want a LineString"},
		{"one point", `{"type":"LineString","coordinates":[[1,2]]}`, "at least two distinct points"},
		{"latitude out of range", `{"type":"LineString","coordinates":[[1,2],[1,95]]}`, "not a [longitude, latitude] pair"},
		{"a coordinate missing", `{"type":"LineString","coordinates":[[1,2],[3]]}`, "want [longitude, latitude]"},
		{"no LineString in the collection", `{"type":"FeatureCollection","features":[]}`, "holds no LineString"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_")+".geojson")
			os.WriteFile(path, []byte(tt.body), 0o644)
			r, err := loadRoute(path)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				if got := r.length(); got < 1500 || got > 2100 {
					t.Errorf("route is %.0f m long, want about 1990", got)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("error %v, want one containing %q", err, tt.wantErr)
			}
		})
	}
	if _, err := loadRoute(filepath.Join(dir, "missing.geojson")); err == nil {
		t.Error("a missing file loaded")
	}
}

func TestRouteWalker(t *testing.T) {
	r, err := newRoute([][]float64{{-122.42, 37.77}, {-122.41, 37.77}, {-122.41, 37.78}})
	if err != nil {
		t.Fatal(err)
	}
	w := &routeWalker{r: r, s: 0, dir: 1, speed: 10}
	n := r.length()
	for step := range 1000 {
		lat, lon := w.advance(time.Second)
		if w.s < 0 || w.s > n {
			t.Fatalf("step %d: %.1f m along a %.1f m route", step, w.s, n)
		}
		// Every position lies on one of the two legs.
		onFirst := math.Abs(lat-37.77) < 1e-9 && lon >= -122.42-1e-9 && lon <= -122.41+1e-9
		onSecond := math.Abs(lon+122.41) < 1e-9 && lat >= 37.77-1e-9 && lat <= 37.78+1e-9
		if !onFirst && !onSecond {
			t.Fatalf("step %d: (%g, %g) is off the route", step, lat, lon)
		}
	}
	// 1000 s at 10 m/s is five lengths or so: it must have turned round.
	w2 := &routeWalker{r: r, s: n - 5, dir: 1, speed: 10}
	w2.advance(time.Second)
	if w2.dir != -1 || math.Abs(w2.s-(n-5)) > 1e-9 {
		t.Errorf("at the end the walker should bounce back: s=%.1f dir=%g", w2.s, w2.dir)
	}
}

// TestApproacher: a device starts outside, walks into the target, stays,
// walks back out to where it started, and does it again.
func TestApproacher(t *testing.T) {
	tests := []struct {
		name   string
		target target
		from   float64
		speed  float64
		dwell  time.Duration
	}{
		{"a point", target{lat: 37.78, lon: -122.41}, 1000, 1.4, time.Minute},
		{"a 150 m zone", target{lat: 37.78, lon: -122.41, radius: 150}, 500, 1.4, 30 * time.Second},
		{"start closer than the zone's edge is moved out", target{lat: 37.78, lon: -122.41, radius: 400}, 100, 2, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newApproacher(rand.New(rand.NewPCG(9, 9)), tt.target, tt.from, tt.speed, tt.dwell)
			start := distance(tt.target.lat, tt.target.lon, a.lat, a.lon)
			if start <= tt.target.radius {
				t.Fatalf("starts %.0f m from the centre, inside the %g m zone", start, tt.target.radius)
			}
			var prevInside, wasInside, outAgain bool
			entries := 0
			step := 5 * time.Second
			for range int(4 * (2*start/tt.speed + 2*tt.dwell.Seconds()) / step.Seconds()) {
				lat, lon := a.advance(step)
				d := distance(tt.target.lat, tt.target.lon, lat, lon)
				if d > start+1 {
					t.Fatalf("wandered %.0f m away, beyond its start at %.0f m", d, start)
				}
				inside := d <= math.Max(tt.target.radius, 1)
				if inside && !prevInside {
					entries++
				}
				if wasInside && d >= start-1 {
					outAgain = true
				}
				prevInside, wasInside = inside, wasInside || inside
			}
			if entries < 2 || !outAgain {
				t.Errorf("entered %d time(s), back out at the start: %v; want in and out, again and again", entries, outAgain)
			}
		})
	}
}

// TestFuzzerPacketsAreAllRejected: whatever the fuzz scenario sends, the
// server's own decoder refuses, so nothing it sends can be stored.
func TestFuzzerPacketsAreAllRejected(t *testing.T) {
	now := time.Now()
	f := newFuzzer(now)
	if len(f.fixtures) < 50 {
		t.Fatalf("only %d of the shared fixtures kept", len(f.fixtures))
	}
	rng := rand.New(rand.NewPCG(5, 5))
	names := map[string]bool{}
	for i := range 3000 {
		p := f.next(rng, uint64(i), now, 37.77, -122.41)
		if !rejected(p, now) {
			t.Fatalf("%s: the decoder accepts %q", p.name, p.payload)
		}
		if len(p.payload) > fuzzMaxPayload {
			t.Fatalf("%s: %d bytes, above the broker's packet limit", p.name, len(p.payload))
		}
		names[p.name] = true
	}
	for _, want := range []string{"oversize", "lat out of range", "ts in the future", "random bytes", "too many fixes", "battery above 100"} {
		if !names[want] {
			t.Errorf("never generated %q", want)
		}
	}
	// A valid fixture is never used, even though its ts is in the retention window now.
	for _, p := range f.fixtures {
		for _, fx := range wire.Fixtures {
			if fx.Reason == "" && string(fx.Payload) == string(p.payload) {
				t.Errorf("valid fixture %q among the bad packets", fx.Name)
			}
		}
	}
}

// TestSampleRoute keeps the README's example route loadable.
func TestSampleRoute(t *testing.T) {
	r, err := loadRoute(filepath.Join("testdata", "embarcadero.geojson"))
	if err != nil {
		t.Fatal(err)
	}
	if n := r.length(); n < 1500 || n > 2500 {
		t.Errorf("the Embarcadero route is %.0f m, want about 2 km", n)
	}
}
