package geofence

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geo"
)

func TestDistanceMatchesVincenty(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	places := []struct {
		name     string
		lon, lat float64
	}{
		{"equator", 0, 0},
		{"San Francisco", -122.4194, 37.7749},
		{"Svalbard 78°N", 15.63, 78.22},
		{"near the north pole", 40, 89.95},
		{"south", 170, -77.8},
		{"antimeridian", 179.999, -16.5},
	}
	for _, pl := range places {
		t.Run(pl.name, func(t *testing.T) {
			for range 500 {
				bearing := rng.Float64() * 2 * math.Pi
				dist := rng.Float64() * 50000
				lon, lat := offset(pl.lon, pl.lat, dist*math.Sin(bearing), dist*math.Cos(bearing))
				if lat > 90 || lat < -90 {
					continue
				}
				a, b := newPoint(pl.lon, pl.lat), newPoint(lon, lat)
				got, want := distanceM(&a, &b), vincenty(pl.lon, pl.lat, lon, lat)
				if math.Abs(got-want) > 0.005 {
					t.Fatalf("distance (%v,%v)→(%v,%v) = %.3f m, Vincenty %.3f m", pl.lon, pl.lat, lon, lat, got, want)
				}
				// orb's haversine (a sphere of the equatorial radius) is up
				// to 0.7% off: 350 m on a 50 km radius. Hence the ellipsoid.
				if h := geo.DistanceHaversine(orb.Point{pl.lon, pl.lat}, orb.Point{lon, lat}); math.Abs(h-got) > 0.0075*got+0.01 {
					t.Fatalf("haversine %.2f vs %.2f", h, got)
				}
			}
		})
	}
}

func TestCircleDistance(t *testing.T) {
	for _, tt := range []struct {
		name            string
		lon, lat, r     float64
		east, north     float64 // the fix, in metres from the centre
		want, tolerance float64
	}{
		{"centre of a 100 m circle", -122.4194, 37.7749, 100, 0, 0, -100, 0.01},
		{"on the edge", -122.4194, 37.7749, 100, 0, 100, 0, 0.05},
		{"50 m outside, east", -122.4194, 37.7749, 100, 150, 0, 50, 0.05},
		{"78°N, 20 m inside, east", 15.63, 78.22, 500, 480, 0, -20, 0.05},
		{"78°N, 40 m outside, north", 15.63, 78.22, 500, 0, 540, 40, 0.05},
		{"across the antimeridian", 179.9995, 0, 200, 150, 0, -50, 0.05},
		{"50 km circle, 1 km outside", 10, 60, 50000, 0, -51000, 1000, 3}, // offset() is flat: ~2 m off at 51 km
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := New(Config{})
			z, err := e.compile(circleZone(1, 1, ZoneAvoid, tt.lon, tt.lat, tt.r))
			if err != nil {
				t.Fatal(err)
			}
			lon, lat := offset(tt.lon, tt.lat, tt.east, tt.north)
			p := point{lon: lon, lat: lat}
			got := z.distance(&p)
			if math.Abs(got-tt.want) > tt.tolerance {
				t.Errorf("distance = %.3f, want %.3f", got, tt.want)
			}
			if ref := vincenty(tt.lon, tt.lat, lon, lat) - tt.r; math.Abs(got-ref) > 0.005 {
				t.Errorf("distance = %.3f, Vincenty says %.3f", got, ref)
			}
			found := false
			for _, b := range z.boxes {
				found = found || b.contains(lon, lat)
			}
			if tt.want < 0 && !found {
				t.Errorf("a point inside is outside the circle's boxes %v", z.boxes)
			}
		})
	}
}

func TestPolygonDistance(t *testing.T) {
	const lon, lat = 13.4050, 52.5200 // Berlin
	// A 200 m square with a 100 m square hole (metres east, north):
	//
	//	(0,200) +------------------+ (200,200)
	//	        |                  |
	//	        |  (50,150)        |
	//	        |    +--------+    |
	//	        |    |  hole  |    |
	//	        |    +--------+    |
	//	        |        (150,50)  |
	//	  (0,0) +------------------+ (200,0)
	square := orb.MultiPolygon{{
		ringM(lon, lat, [2]float64{0, 0}, [2]float64{200, 0}, [2]float64{200, 200}, [2]float64{0, 200}),
		ringM(lon, lat, [2]float64{50, 50}, [2]float64{50, 150}, [2]float64{150, 150}, [2]float64{150, 50}),
	}}
	// An L (a concave ring):
	//
	//	(0,300) +-----+ (100,300)
	//	        |     |
	//	        |     | (100,100)
	//	        |     +--------+ (300,100)
	//	        |              |
	//	  (0,0) +--------------+ (300,0)
	ell := orb.MultiPolygon{{
		ringM(lon, lat, [2]float64{0, 0}, [2]float64{300, 0}, [2]float64{300, 100}, [2]float64{100, 100}, [2]float64{100, 300}, [2]float64{0, 300}),
	}}
	tests := []struct {
		name        string
		shape       orb.MultiPolygon
		east, north float64
		want        float64
	}{
		{"square: near the west edge", square, 10, 100, -10},
		{"square: between the edge and the hole", square, 25, 100, -25},
		{"square: in the hole is outside", square, 100, 100, 50},
		{"square: just inside the hole", square, 60, 100, 10},
		{"square: outside, east", square, 230, 100, 30},
		{"square: outside a corner", square, 230, 240, 50},
		{"L: in the corner's notch is outside", ell, 150, 150, 50},
		{"L: in the arm", ell, 50, 250, -50},
		{"L: far away (2.5 km), measured on the ellipsoid", ell, 0, 2800, 2500},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := New(Config{})
			z, err := e.compile(Zone{ID: 1, UserID: 1, Name: "p", Type: ZoneAvoid, Active: true, Polygon: tt.shape})
			if err != nil {
				t.Fatal(err)
			}
			x, y := offset(lon, lat, tt.east, tt.north)
			p := point{lon: x, lat: y}
			if got := z.distance(&p); math.Abs(got-tt.want) > 0.05+0.0005*math.Abs(tt.want) {
				t.Errorf("distance = %.3f, want %.3f", got, tt.want)
			}
		})
	}
}

func TestPolygonSizeAndMargin(t *testing.T) {
	const lon, lat = 2.35, 48.85
	e := New(Config{})
	// A 1000 m × 40 m strip: size 2·area/perimeter ≈ 38.5 m (about its
	// width), so the margin is the 5 m floor, not a tenth of its length.
	strip, err := e.compile(Zone{ID: 1, UserID: 1, Name: "street", Type: ZoneAvoid, Active: true, Polygon: orb.MultiPolygon{{
		ringM(lon, lat, [2]float64{0, 0}, [2]float64{1000, 0}, [2]float64{1000, 40}, [2]float64{0, 40}),
	}}})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(strip.sizeM-38.46) > 0.05 || strip.margin != 5 {
		t.Errorf("strip size %.2f margin %.2f", strip.sizeM, strip.margin)
	}
	for _, tt := range []struct{ r, margin float64 }{{10, 5}, {100, 10}, {300, 30}, {50000, 50}} {
		c, _ := e.compile(circleZone(2, 1, ZoneAvoid, lon, lat, tt.r))
		if c.margin != tt.margin {
			t.Errorf("radius %v: margin %v, want %v", tt.r, c.margin, tt.margin)
		}
	}
}

func TestAntimeridianGeometry(t *testing.T) {
	// Taveuni, Fiji, lies across 180°. The zone spans 179.9E..179.9W and
	// 16.75S..16.85S, given three ways:
	//
	//	179.9E         180         179.9W
	//	  +-------------+-------------+  16.75S
	//	  |   east      |     west    |
	//	  +-------------+-------------+  16.85S
	oneRing := orb.MultiPolygon{{{{179.9, -16.75}, {-179.9, -16.75}, {-179.9, -16.85}, {179.9, -16.85}, {179.9, -16.75}}}}
	split := orb.MultiPolygon{
		{{{179.9, -16.75}, {180, -16.75}, {180, -16.85}, {179.9, -16.85}, {179.9, -16.75}}},
		{{{-180, -16.75}, {-179.9, -16.75}, {-179.9, -16.85}, {-180, -16.85}, {-180, -16.75}}},
	}
	westFirst := orb.MultiPolygon{
		{{{-180, -16.75}, {-179.9, -16.75}, {-179.9, -16.85}, {-180, -16.85}, {-180, -16.75}}},
		{{{179.9, -16.75}, {180, -16.75}, {180, -16.85}, {179.9, -16.85}, {179.9, -16.75}}},
	}
	p := newPoint(180, -16.8)
	halfLat := 0.05 * p.ky // metres from the centre line to the north edge
	for name, shape := range map[string]orb.MultiPolygon{"one ring": oneRing, "split at 180": split, "split, west first": westFirst} {
		t.Run(name, func(t *testing.T) {
			if err := ValidateZone(Zone{Name: "Taveuni", Type: ZoneAvoid, Polygon: shape}); err != nil {
				t.Fatal(err)
			}
			e := New(Config{})
			z, err := e.compile(Zone{ID: 1, UserID: 1, Name: "Taveuni", Type: ZoneAvoid, Active: true, Polygon: shape})
			if err != nil {
				t.Fatal(err)
			}
			for _, tt := range []struct {
				lon, lat float64
				want     float64
			}{
				{179.9999, -16.8, -halfLat}, // beside the cut: the nearest edge is north or south, not the cut
				{-179.9999, -16.8, -halfLat},
				{180, -16.8, -halfLat},
				{-180, -16.8, -halfLat},
				{179.95, -16.7, 0.05 * p.ky}, // north, outside
				{-179.85, -16.8, 0.05 * p.kx},
				{179.85, -16.8, 0.05 * p.kx},
			} {
				q := point{lon: tt.lon, lat: tt.lat}
				if got := z.distance(&q); math.Abs(got-tt.want) > 0.005*math.Abs(tt.want) {
					t.Errorf("distance at (%v, %v) = %.1f, want %.1f", tt.lon, tt.lat, got, tt.want)
				}
			}
			hits := 0
			for _, b := range z.boxes {
				if b.contains(179.95, -16.8) || b.contains(-179.95, -16.8) {
					hits++
				}
			}
			if hits != 2 {
				t.Errorf("boxes %v should hold both sides", z.boxes)
			}
		})
	}
}

func TestCircleReachingThePole(t *testing.T) {
	e := New(Config{})
	z, err := e.compile(circleZone(1, 1, ZoneAvoid, 0, 89.99, 5000))
	if err != nil {
		t.Fatal(err)
	}
	p := point{lon: 180, lat: 89.99} // across the pole: 2.2 km away
	if d := z.distance(&p); d > -2700 || d < -2900 {
		t.Errorf("distance %.1f", d)
	}
	if len(z.boxes) != 1 || z.boxes[0].minX != -180 || z.boxes[0].maxY != 90 {
		t.Errorf("box %v should cover every longitude up to the pole", z.boxes)
	}
}
