package geofence

import (
	"fmt"
	"math"

	"github.com/paulmach/orb"
)

// vec is a position in a polygon's unwrapped frame: x is longitude in
// degrees, continuous across the antimeridian (it may exceed ±180), y is
// latitude in degrees. GeoJSON edges are straight lines in longitude and
// latitude, so every test on edges (crossing, distance in a local
// projection, which is affine in these coordinates) is exact in this frame.
type vec struct{ x, y float64 }

// ring is a closed ring in poly.pts: points start..end-1, the last repeating
// the first.
type ring struct {
	start, end int
	part       int
	hole       bool
}

// poly is a zone polygon in its unwrapped frame.
type poly struct {
	lonC  float64 // the frame's reference longitude (raw, in [-180, 180])
	pts   []vec
	raw   []float64 // raw longitude of each point (to find antimeridian seams)
	rings []ring
	// seam[i] marks the edge pts[i]→pts[i+1] as an internal seam where a
	// zone split at the antimeridian continues on the other side: not a
	// boundary, so never the nearest edge. nil when the zone has none.
	seam                   []bool
	minX, minY, maxX, maxY float64
}

// wrap brings a longitude difference in [-360, 360] into [-180, 180).
func wrap(d float64) float64 {
	if d >= 180 {
		return d - 360
	}
	if d < -180 {
		return d + 360
	}
	return d
}

// unwrap places every ring in one continuous frame around the first
// position's longitude, dropping repeated consecutive positions. Rings must
// already be closed and in range. It returns a message for a person when the
// shape cannot be placed unambiguously.
func unwrap(mp orb.MultiPolygon) (*poly, string) {
	pg := &poly{lonC: mp[0][0][0][0], minX: math.Inf(1), minY: math.Inf(1), maxX: math.Inf(-1), maxY: math.Inf(-1)}
	for pi, p := range mp {
		for ri, r := range p {
			where := ringName(len(mp), pi, ri)
			start := len(pg.pts)
			x := pg.lonC // the previous position's unwrapped longitude
			for i, pt := range r {
				// Shift by whole turns only, so a raw longitude always maps
				// to the same number (180 and -180 meet exactly).
				nx := pt[0] + 360*math.Round((x-pt[0])/360)
				if i > 0 && math.Abs(nx-x) >= 180 {
					return nil, fmt.Sprintf("An edge of %s spans 180° of longitude, so its direction is ambiguous: add a corner in between.", where)
				}
				x = nx
				v := vec{x, pt[1]}
				if n := len(pg.pts); n > start && pg.pts[n-1] == v {
					continue
				}
				pg.pts = append(pg.pts, v)
				pg.raw = append(pg.raw, pt[0])
				pg.minX, pg.maxX = math.Min(pg.minX, v.x), math.Max(pg.maxX, v.x)
				pg.minY, pg.maxY = math.Min(pg.minY, v.y), math.Max(pg.maxY, v.y)
			}
			if len(pg.pts)-start < 4 {
				return nil, fmt.Sprintf("%s needs at least 3 distinct corners.", capitalize(where))
			}
			if pg.pts[len(pg.pts)-1] != pg.pts[start] {
				// Only possible when a ring winds around the globe.
				return nil, fmt.Sprintf("%s goes all the way around the world; a zone must not encircle a pole.", capitalize(where))
			}
			pg.rings = append(pg.rings, ring{start: start, end: len(pg.pts), part: pi, hole: ri > 0})
		}
	}
	if pg.maxX-pg.minX >= 180 {
		return nil, "The polygon spans 180° of longitude or more; draw a smaller zone."
	}
	pg.findSeams()
	return pg, ""
}

// findSeams marks north-south edges on the antimeridian that another ring
// covers from the other side: the cut of a zone split in two at ±180.
func (pg *poly) findSeams() {
	onSeam := func(i int) bool {
		return math.Abs(pg.raw[i]) == 180 && math.Abs(pg.raw[i+1]) == 180 && pg.pts[i].x == pg.pts[i+1].x
	}
	for a, ra := range pg.rings {
		for i := ra.start; i < ra.end-1; i++ {
			if !onSeam(i) {
				continue
			}
			lo, hi := minmax(pg.pts[i].y, pg.pts[i+1].y)
			for b, rb := range pg.rings {
				if a == b {
					continue
				}
				for j := rb.start; j < rb.end-1; j++ {
					if !onSeam(j) || pg.pts[j].x != pg.pts[i].x {
						continue
					}
					lo2, hi2 := minmax(pg.pts[j].y, pg.pts[j+1].y)
					if math.Min(hi, hi2)-math.Max(lo, lo2) > 0 {
						if pg.seam == nil {
							pg.seam = make([]bool, len(pg.pts))
						}
						pg.seam[i] = true
					}
				}
			}
		}
	}
}

func minmax(a, b float64) (float64, float64) {
	if a < b {
		return a, b
	}
	return b, a
}

// check tests a placed polygon for the faults a person can draw: rings
// without area, rings that cross themselves or each other, holes outside
// their polygon or inside another hole, and polygons that overlap.
func (pg *poly) check(parts int) string {
	name := func(r ring) string {
		ri := 0
		if r.hole {
			for _, o := range pg.rings {
				if o.part == r.part && o.hole && o.start <= r.start {
					ri++
				}
			}
		}
		return ringName(parts, r.part, ri)
	}
	for a, ra := range pg.rings {
		for b := a; b < len(pg.rings); b++ {
			rb := pg.rings[b]
			for i := ra.start; i < ra.end-1; i++ {
				p1, p2 := pg.pts[i], pg.pts[i+1]
				j0 := rb.start
				if a == b {
					j0 = i + 1
				}
				for j := j0; j < rb.end-1; j++ {
					q1, q2 := pg.pts[j], pg.pts[j+1]
					if math.Max(p1.x, p2.x) < math.Min(q1.x, q2.x) || math.Max(q1.x, q2.x) < math.Min(p1.x, p2.x) ||
						math.Max(p1.y, p2.y) < math.Min(q1.y, q2.y) || math.Max(q1.y, q2.y) < math.Min(p1.y, p2.y) {
						continue
					}
					if a != b {
						if properCross(p1, p2, q1, q2) {
							return fmt.Sprintf("%s crosses %s.", capitalize(name(ra)), name(rb))
						}
						continue
					}
					n := ra.end - 1 - ra.start // edges in the ring
					ei, ej := i-ra.start, j-ra.start
					switch {
					case ej == ei+1: // p2 == q1
						if doublesBack(p1, p2, q2) {
							return fmt.Sprintf("%s crosses itself (it doubles back at corner %d).", capitalize(name(ra)), ej+1)
						}
					case ei == 0 && ej == n-1: // q2 == p1
						if doublesBack(q1, q2, p2) {
							return fmt.Sprintf("%s crosses itself (it doubles back at corner 1).", capitalize(name(ra)))
						}
					default:
						if touches(p1, p2, q1, q2) {
							return fmt.Sprintf("%s crosses itself (edges %d and %d meet).", capitalize(name(ra)), ei+1, ej+1)
						}
					}
				}
			}
		}
	}
	for _, r := range pg.rings {
		if math.Abs(pg.area(r)) < 1e-14 {
			return fmt.Sprintf("%s has no area.", capitalize(name(r)))
		}
	}
	// With no crossings, one ring lies inside another exactly when any of
	// its corners off the other's boundary does.
	inside := func(inner, outer ring) bool {
		for i := inner.start; i < inner.end-1; i++ {
			if pg.onRing(outer, pg.pts[i]) {
				continue
			}
			return pg.ringContains(outer, pg.pts[i])
		}
		return true // every corner on the other's boundary: treat as inside
	}
	for _, h := range pg.rings {
		if !h.hole {
			continue
		}
		for _, o := range pg.rings {
			switch {
			case o.part == h.part && !o.hole && !inside(h, o):
				return fmt.Sprintf("%s lies outside its polygon.", capitalize(name(h)))
			case o.part == h.part && o.hole && o.start != h.start && inside(h, o):
				return fmt.Sprintf("%s lies inside %s.", capitalize(name(h)), name(o))
			}
		}
	}
	for _, a := range pg.rings {
		for _, b := range pg.rings {
			if a.hole || b.hole || a.part == b.part || !inside(a, b) {
				continue
			}
			// a lies in b's outer ring: fine only within one of b's holes.
			inHole := false
			for _, h := range pg.rings {
				if h.part == b.part && h.hole && inside(a, h) {
					inHole = true
				}
			}
			if !inHole {
				return fmt.Sprintf("Polygon %d overlaps polygon %d.", a.part+1, b.part+1)
			}
		}
	}
	return ""
}

// area is the signed shoelace area of a ring in square degrees.
func (pg *poly) area(r ring) float64 {
	s := 0.0
	for i := r.start; i < r.end-1; i++ {
		a, b := pg.pts[i], pg.pts[i+1]
		s += (a.x - pg.pts[r.start].x) * (b.y - pg.pts[r.start].y)
		s -= (b.x - pg.pts[r.start].x) * (a.y - pg.pts[r.start].y)
	}
	return s / 2
}

func (pg *poly) onRing(r ring, p vec) bool {
	for i := r.start; i < r.end-1; i++ {
		if orient(pg.pts[i], pg.pts[i+1], p) == 0 && onSegment(pg.pts[i], pg.pts[i+1], p) {
			return true
		}
	}
	return false
}

func (pg *poly) ringContains(r ring, p vec) bool {
	in := false
	for i := r.start; i < r.end-1; i++ {
		a, b := pg.pts[i], pg.pts[i+1]
		if (a.y > p.y) != (b.y > p.y) && p.x < a.x+(p.y-a.y)*(b.x-a.x)/(b.y-a.y) {
			in = !in
		}
	}
	return in
}

func orient(a, b, c vec) float64 {
	return (b.x-a.x)*(c.y-a.y) - (b.y-a.y)*(c.x-a.x)
}

func sign(f float64) int {
	switch {
	case f > 0:
		return 1
	case f < 0:
		return -1
	}
	return 0
}

// onSegment reports whether p, collinear with a-b, lies within it.
func onSegment(a, b, p vec) bool {
	return math.Min(a.x, b.x) <= p.x && p.x <= math.Max(a.x, b.x) &&
		math.Min(a.y, b.y) <= p.y && p.y <= math.Max(a.y, b.y)
}

func properCross(p1, p2, q1, q2 vec) bool {
	return sign(orient(p1, p2, q1))*sign(orient(p1, p2, q2)) < 0 &&
		sign(orient(q1, q2, p1))*sign(orient(q1, q2, p2)) < 0
}

// touches reports whether two segments share any point.
func touches(p1, p2, q1, q2 vec) bool {
	o1, o2 := orient(p1, p2, q1), orient(p1, p2, q2)
	o3, o4 := orient(q1, q2, p1), orient(q1, q2, p2)
	if sign(o1)*sign(o2) < 0 && sign(o3)*sign(o4) < 0 {
		return true
	}
	return (o1 == 0 && onSegment(p1, p2, q1)) || (o2 == 0 && onSegment(p1, p2, q2)) ||
		(o3 == 0 && onSegment(q1, q2, p1)) || (o4 == 0 && onSegment(q1, q2, p2))
}

// doublesBack reports whether the path a→b→c turns back along itself.
func doublesBack(a, b, c vec) bool {
	return orient(a, b, c) == 0 && (a.x-b.x)*(c.x-b.x)+(a.y-b.y)*(c.y-b.y) > 0
}
