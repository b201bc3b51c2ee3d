package geofence

import (
	"math"
)

// WGS84 ellipsoid.
const (
	wgsA     = 6378137.0
	wgsF     = 1 / 298.257223563
	wgsE2    = wgsF * (2 - wgsF)
	meanR    = 6371008.8 // for the chord-to-arc correction only
	minR     = 6335439.0 // smallest radius of curvature (meridional, equator)
	deg      = math.Pi / 180
	farEdgeM = 2000 // beyond this, polygon distances are refined geodesically
)

// point is a fix prepared for distance tests. The trigonometry is done once
// per fix, and only when some zone needs it.
type point struct {
	lon, lat float64
	ready    bool
	kx, ky   float64 // metres per degree of longitude and latitude here
	x, y, z  float64 // ECEF, metres
}

func (p *point) prepare() {
	if p.ready {
		return
	}
	sinLat, cosLat := math.Sincos(p.lat * deg)
	sinLon, cosLon := math.Sincos(p.lon * deg)
	w := 1 - wgsE2*sinLat*sinLat
	n := wgsA / math.Sqrt(w)
	m := wgsA * (1 - wgsE2) / (w * math.Sqrt(w))
	p.kx, p.ky = n*cosLat*deg, m*deg
	p.x, p.y, p.z = n*cosLat*cosLon, n*cosLat*sinLon, n*(1-wgsE2)*sinLat
	p.ready = true
}

func newPoint(lon, lat float64) point {
	p := point{lon: lon, lat: lat}
	p.prepare()
	return p
}

// distanceM is the geodesic distance between two prepared points: the ECEF
// chord turned into an arc. Within 2 mm of the ellipsoidal geodesic
// (Vincenty) up to the 50 km a zone's radius can reach, at any latitude and
// across the antimeridian.
func distanceM(a, b *point) float64 {
	dx, dy, dz := a.x-b.x, a.y-b.y, a.z-b.z
	c := math.Sqrt(dx*dx + dy*dy + dz*dz)
	if c < 1000 {
		return c // the arc correction is below 1 µm
	}
	return 2 * meanR * math.Asin(math.Min(1, c/(2*meanR)))
}

// box is a lon/lat rectangle in [-180, 180] × [-90, 90].
type box struct{ minX, minY, maxX, maxY float64 }

func (b box) contains(lon, lat float64) bool {
	return b.minX <= lon && lon <= b.maxX && b.minY <= lat && lat <= b.maxY
}

// splitBox turns an unwrapped longitude range into one or two boxes within
// [-180, 180].
func splitBox(minX, minY, maxX, maxY float64) []box {
	switch {
	case maxX-minX >= 360:
		return []box{{-180, minY, 180, maxY}}
	case minX < -180:
		return []box{{minX + 360, minY, 180, maxY}, {-180, minY, maxX, maxY}}
	case maxX > 180:
		return []box{{minX, minY, 180, maxY}, {-180, minY, maxX - 360, maxY}}
	}
	return []box{{minX, minY, maxX, maxY}}
}

// circleBoxes bounds a circle generously (the index only narrows candidates).
func circleBoxes(lon, lat, r float64) []box {
	ang := r / minR * 1.01        // angular radius, rounded up
	dLat := ang/deg + 1e-6        // degrees
	if math.Abs(lat)+dLat >= 90 { // reaches a pole: every longitude
		return []box{{-180, math.Max(-90, lat-dLat), 180, math.Min(90, lat+dLat)}}
	}
	s := math.Sin(ang) / math.Cos(lat*deg)
	if s >= 1 {
		return []box{{-180, lat - dLat, 180, lat + dLat}}
	}
	dLon := math.Asin(s)/deg*1.01 + 1e-6
	return splitBox(lon-dLon, lat-dLat, lon+dLon, lat+dLat)
}

// circleDistance is the signed distance from p to the circle's edge:
// positive outside, negative inside.
func (z *zone) circleDistance(p *point) float64 {
	p.prepare()
	return distanceM(p, &z.center) - z.radius
}

// polygonDistance is the signed distance from p to the polygon's boundary
// (positive outside, negative inside). Inside is the even-odd rule over all
// rings in the unwrapped frame; distances are measured in a local
// projection centred on p (exact scale at p, so exact where accuracy
// matters), refined geodesically when the nearest edge is far.
func (z *zone) polygonDistance(p *point) float64 {
	p.prepare()
	pg := z.poly
	fx := pg.lonC + wrap(p.lon-pg.lonC) // p in the polygon's frame
	kx, ky := p.kx, p.ky
	in := false
	best := math.Inf(1)
	var bx, by float64
	pts := pg.pts
	for _, r := range pg.rings {
		ax, ay := (pts[r.start].x-fx)*kx, (pts[r.start].y-p.lat)*ky
		for i := r.start; i < r.end-1; i++ {
			bxx, byy := (pts[i+1].x-fx)*kx, (pts[i+1].y-p.lat)*ky
			if (ay > 0) != (byy > 0) && ax+(0-ay)*(bxx-ax)/(byy-ay) > 0 {
				in = !in
			}
			if pg.seam == nil || !pg.seam[i] {
				dx, dy := bxx-ax, byy-ay
				t := 0.0
				if l2 := dx*dx + dy*dy; l2 > 0 {
					t = -(ax*dx + ay*dy) / l2
					t = math.Max(0, math.Min(1, t))
				}
				cx, cy := ax+t*dx, ay+t*dy
				if d2 := cx*cx + cy*cy; d2 < best {
					best, bx, by = d2, cx, cy
				}
			}
			ax, ay = bxx, byy
		}
	}
	d := math.Sqrt(best)
	if d > farEdgeM && kx > 1e-3 {
		// Far from the edge the projection's scale drifts: measure to the
		// nearest point found on the ellipsoid instead.
		q := newPoint(p.lon+bx/kx, math.Max(-90, math.Min(90, p.lat+by/ky)))
		d = distanceM(p, &q)
	}
	if in {
		return -d
	}
	return d
}

// thickness is a polygon's size for the margin rule: 2·area/perimeter, which
// is the radius of a circle, half the side of a square and about the width
// of a long strip. Seams count towards neither.
func (pg *poly) thickness() float64 {
	lat := (pg.minY + pg.maxY) / 2
	p := newPoint(0, lat)
	area, perim := 0.0, 0.0
	for _, r := range pg.rings {
		a := math.Abs(pg.area(r)) * p.kx * p.ky
		if r.hole {
			a = -a
		}
		area += a
		for i := r.start; i < r.end-1; i++ {
			if pg.seam != nil && pg.seam[i] {
				continue
			}
			dx := (pg.pts[i+1].x - pg.pts[i].x) * p.kx
			dy := (pg.pts[i+1].y - pg.pts[i].y) * p.ky
			perim += math.Hypot(dx, dy)
		}
	}
	if perim == 0 || area <= 0 {
		return 0
	}
	return 2 * area / perim
}
