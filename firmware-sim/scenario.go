package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"sort"
	"time"
)

// The scenarios a run can play.
const (
	scenarioWander   = "wander"   // random walk at walking speed near a start point
	scenarioRoute    = "route"    // follows a GeoJSON LineString, back and forth
	scenarioApproach = "approach" // walks into a point or zone and back out, again and again
	scenarioOffline  = "offline"  // wanders; drops the connection for a while, buffering on flash
	scenarioSkew     = "skew"     // wanders with the device clock off by --skew
	scenarioFuzz     = "fuzz"     // wanders, and sends malformed and out-of-range packets too
	scenarioSOS      = "sos"      // wanders; presses the SOS button once, after its first fix is acknowledged
)

var scenarios = []string{scenarioWander, scenarioRoute, scenarioApproach, scenarioOffline, scenarioSkew, scenarioFuzz, scenarioSOS}

// A mover is where the wearer truly is; GPS noise is added on top.
type mover interface {
	// advance moves the wearer on by dt and returns the new position.
	advance(dt time.Duration) (lat, lon float64)
}

// maxStep bounds one movement step, so a device that was stalled (a slow
// connect, a paused process) does not teleport.
const maxStep = 10 * time.Minute

// wanderer is a correlated random walk: the heading drifts, and the walker
// turns back once it strays more than radius from home.
type wanderer struct {
	rng              *rand.Rand
	homeLat, homeLon float64
	lat, lon         float64
	heading          float64 // radians from north
	speed            float64 // metres per second
	radius           float64 // metres; 0: no bound
}

func newWanderer(rng *rand.Rand, lat, lon, speed, radius float64) *wanderer {
	return &wanderer{rng: rng, homeLat: lat, homeLon: lon, lat: lat, lon: lon, heading: rng.Float64() * 2 * math.Pi, speed: speed, radius: radius}
}

func (w *wanderer) advance(dt time.Duration) (float64, float64) {
	s := min(dt, maxStep).Seconds()
	if s <= 0 {
		return w.lat, w.lon
	}
	w.heading += w.rng.NormFloat64() * 0.5 * math.Sqrt(s)
	if w.radius > 0 && distance(w.homeLat, w.homeLon, w.lat, w.lon) > w.radius {
		w.heading = bearing(w.lat, w.lon, w.homeLat, w.homeLon) + w.rng.NormFloat64()*0.3
	}
	w.lat, w.lon = move(w.lat, w.lon, w.heading, w.speed*s)
	return w.lat, w.lon
}

// route is a path of points with the distance along it to each.
type route struct {
	lat, lon []float64
	along    []float64 // metres from the first point
}

func (r *route) length() float64 { return r.along[len(r.along)-1] }

// at is the point s metres along the route (clamped to its ends).
func (r *route) at(s float64) (float64, float64) {
	s = math.Max(0, math.Min(r.length(), s))
	i := sort.SearchFloat64s(r.along, s)
	if i == 0 {
		return r.lat[0], r.lon[0]
	}
	seg := r.along[i] - r.along[i-1]
	if seg == 0 {
		return r.lat[i], r.lon[i]
	}
	f := (s - r.along[i-1]) / seg
	return r.lat[i-1] + f*(r.lat[i]-r.lat[i-1]), r.lon[i-1] + f*(r.lon[i]-r.lon[i-1])
}

func newRoute(coords [][]float64) (*route, error) {
	r := &route{}
	for i, c := range coords {
		if len(c) < 2 {
			return nil, fmt.Errorf("point %d has %d coordinates, want [longitude, latitude]", i, len(c))
		}
		lon, lat := c[0], c[1]
		if math.IsNaN(lat) || lat < -90 || lat > 90 || math.IsNaN(lon) || lon < -180 || lon > 180 {
			return nil, fmt.Errorf("point %d [%g, %g] is not a [longitude, latitude] pair", i, lon, lat)
		}
		d := 0.0
		if i > 0 {
			d = r.along[i-1] + distance(r.lat[i-1], r.lon[i-1], lat, lon)
		}
		r.lat, r.lon, r.along = append(r.lat, lat), append(r.lon, lon), append(r.along, d)
	}
	if len(r.lat) < 2 || r.length() == 0 {
		return nil, errors.New("a route needs at least two distinct points")
	}
	return r, nil
}

// loadRoute reads a GeoJSON LineString: a bare geometry, a Feature, or the
// first LineString of a FeatureCollection (a MultiLineString's lines are
// joined).
func loadRoute(path string) (*route, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("route: %w", err)
	}
	var doc geoJSON
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("route %s: not GeoJSON: %v", path, err)
	}
	coords, err := doc.line()
	if err != nil {
		return nil, fmt.Errorf("route %s: %v", path, err)
	}
	r, err := newRoute(coords)
	if err != nil {
		return nil, fmt.Errorf("route %s: %v", path, err)
	}
	return r, nil
}

type geoJSON struct {
	Type        string          `json:"type"`
	Coordinates json.RawMessage `json:"coordinates"`
	Geometry    *geoJSON        `json:"geometry"`
	Features    []geoJSON       `json:"features"`
}

func (g *geoJSON) line() ([][]float64, error) {
	switch g.Type {
	case "LineString":
		var c [][]float64
		if err := json.Unmarshal(g.Coordinates, &c); err != nil {
			return nil, fmt.Errorf("bad LineString coordinates: %v", err)
		}
		return c, nil
	case "MultiLineString":
		var lines [][][]float64
		if err := json.Unmarshal(g.Coordinates, &lines); err != nil {
			return nil, fmt.Errorf("bad MultiLineString coordinates: %v", err)
		}
		var c [][]float64
		for _, l := range lines {
			c = append(c, l...)
		}
		return c, nil
	case "Feature":
		if g.Geometry == nil {
			return nil, errors.New("the Feature has no geometry")
		}
		return g.Geometry.line()
	case "FeatureCollection":
		for _, f := range g.Features {
			if c, err := f.line(); err == nil {
				return c, nil
			}
		}
		return nil, errors.New("the FeatureCollection holds no LineString")
	}
	return nil, fmt.Errorf("want a LineString, found %q", g.Type)
}

// routeWalker walks a route at a steady speed, turning round at each end.
type routeWalker struct {
	r     *route
	s     float64 // metres along
	dir   float64 // +1 or -1
	speed float64
}

func newRouteWalker(rng *rand.Rand, r *route, speed float64) *routeWalker {
	dir := 1.0
	if rng.IntN(2) == 0 {
		dir = -1
	}
	return &routeWalker{r: r, s: rng.Float64() * r.length(), dir: dir, speed: speed}
}

func (w *routeWalker) advance(dt time.Duration) (float64, float64) {
	w.s += w.dir * w.speed * min(dt, maxStep).Seconds()
	n := w.r.length()
	for w.s < 0 || w.s > n { // bounce off the ends
		if w.s > n {
			w.s, w.dir = 2*n-w.s, -1
		} else {
			w.s, w.dir = -w.s, 1
		}
	}
	return w.r.at(w.s)
}

// target is where the approach scenario walks to: a point (radius 0) or a
// circular zone.
type target struct {
	name     string
	lat, lon float64
	radius   float64
}

// Phases of an approacher.
const (
	phaseIn = iota
	phaseInside
	phaseOut
	phaseOutside
)

// approacher starts outside the target, walks straight to its centre, stays
// a while, walks back out to where it started, waits, and does it again.
type approacher struct {
	t                  target
	startLat, startLon float64
	lat, lon           float64
	speed              float64
	dwell              time.Duration
	phase              int
	waited             time.Duration
}

func newApproacher(rng *rand.Rand, t target, from, speed float64, dwell time.Duration) *approacher {
	from = math.Max(from, t.radius+200)
	lat, lon := move(t.lat, t.lon, rng.Float64()*2*math.Pi, from)
	return &approacher{t: t, startLat: lat, startLon: lon, lat: lat, lon: lon, speed: speed, dwell: dwell}
}

func (a *approacher) advance(dt time.Duration) (float64, float64) {
	dt = min(dt, maxStep)
	for dt > 0 {
		switch a.phase {
		case phaseIn, phaseOut:
			toLat, toLon := a.t.lat, a.t.lon
			if a.phase == phaseOut {
				toLat, toLon = a.startLat, a.startLon
			}
			left := distance(a.lat, a.lon, toLat, toLon)
			step := a.speed * dt.Seconds()
			if step < left {
				a.lat, a.lon = move(a.lat, a.lon, bearing(a.lat, a.lon, toLat, toLon), step)
				return a.lat, a.lon
			}
			dt -= time.Duration(left / a.speed * float64(time.Second))
			a.lat, a.lon = toLat, toLon
			a.phase++
			a.waited = 0
		default: // waiting inside, or outside before the next approach
			if a.waited+dt < a.dwell {
				a.waited += dt
				return a.lat, a.lon
			}
			dt -= a.dwell - a.waited
			a.phase = (a.phase + 1) % 4
		}
	}
	return a.lat, a.lon
}
