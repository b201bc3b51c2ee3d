package geofence

import (
	"errors"
	"math"
	"time"

	"github.com/tidwall/rtree"
)

// zone is a compiled Zone: its geometry, the boxes the index holds it by,
// and the parameters of its rules.
type zone struct {
	Zone
	center   point // circles
	radius   float64
	poly     *poly // polygons
	boxes    []box
	sizeM    float64
	margin   float64
	confirmN int
	confirmT time.Duration
	dwell    time.Duration
	sched    schedCache
}

func (e *Engine) compile(z Zone) (*zone, error) {
	if err := ValidateZone(z); err != nil {
		return nil, err
	}
	c := &zone{Zone: z}
	if z.Circle != nil {
		c.center = newPoint(z.Circle.Center[0], z.Circle.Center[1])
		c.radius = z.Circle.RadiusM
		c.boxes = circleBoxes(z.Circle.Center[0], z.Circle.Center[1], c.radius)
		c.sizeM = c.radius
	} else {
		pg, msg := unwrap(z.Polygon)
		if msg != "" { // ValidateZone has refused it already
			return nil, errors.New(msg)
		}
		c.poly = pg
		c.boxes = splitBox(pg.minX, pg.minY, pg.maxX, pg.maxY)
		c.sizeM = pg.thickness()
	}
	c.margin = math.Max(e.cfg.MinMarginM, math.Min(e.cfg.MaxMarginM, e.cfg.MarginFraction*c.sizeM))
	c.confirmN = e.cfg.ConfirmFixes
	if z.ConfirmFixes > 0 {
		c.confirmN = z.ConfirmFixes
	}
	c.confirmT = time.Duration(e.cfg.ConfirmSeconds) * time.Second
	if z.ConfirmSeconds > 0 {
		c.confirmT = time.Duration(z.ConfirmSeconds) * time.Second
	}
	c.dwell = time.Duration(z.DwellMinutes) * time.Minute
	return c, nil
}

// distance is the signed distance in metres from p to the zone's edge:
// positive outside, negative inside.
func (z *zone) distance(p *point) float64 {
	if z.poly != nil {
		return z.polygonDistance(p)
	}
	return z.circleDistance(p)
}

func (e *Engine) unindex(z *zone) {
	u := e.users[z.UserID]
	if u == nil {
		return
	}
	for i, o := range u.zones {
		if o.ID == z.ID {
			u.zones = append(u.zones[:i], u.zones[i+1:]...)
			break
		}
	}
	if len(u.zones) == 0 {
		delete(e.users, z.UserID)
		e.gen++
		return
	}
	u.rebuild()
}

// userIndex finds a user's active zones under a point: a linear scan of
// their boxes for the handful most users have, an R-tree beyond treeMin.
type userIndex struct {
	zones     []*zone
	boxes     []zoneBox
	tree      *rtree.RTreeG[*zone]
	scheduled []*zone // safe zones with a schedule
}

const treeMin = 32

func (e *Engine) user(id int64) *userIndex {
	u := e.users[id]
	if u == nil {
		u = &userIndex{}
		e.users[id] = u
		e.gen++ // devices may have cached "no index"
	}
	return u
}

// userOf is the device's user's index, or nil, without a map lookup on the
// hot path.
func (e *Engine) userOf(d *device) *userIndex {
	if d.userGen != e.gen {
		d.user, d.userGen = e.users[d.userID], e.gen
	}
	return d.user
}

func (u *userIndex) rebuild() {
	u.boxes, u.scheduled, u.tree = u.boxes[:0], u.scheduled[:0], nil
	for _, z := range u.zones {
		for _, b := range z.boxes {
			u.boxes = append(u.boxes, zoneBox{b, z})
		}
		if z.Schedule != nil {
			u.scheduled = append(u.scheduled, z)
		}
	}
	if len(u.boxes) > treeMin {
		u.tree = &rtree.RTreeG[*zone]{}
		for _, b := range u.boxes {
			u.tree.Insert([2]float64{b.minX, b.minY}, [2]float64{b.maxX, b.maxY}, b.z)
		}
	}
}

// zoneBox is one of a zone's boxes, beside its zone for locality.
type zoneBox struct {
	box
	z *zone
}

// cand is a zone to evaluate for the current fix and its signed distance.
type cand struct {
	z *zone
	d float64
}

func appendCand(cs []cand, z *zone) []cand {
	for _, c := range cs {
		if c.z == z {
			return cs
		}
	}
	return append(cs, cand{z: z})
}

// search appends the user's zones whose boxes hold (lon, lat) to e.cands.
func (e *Engine) search(u *userIndex, lon, lat float64) {
	if u.tree != nil {
		u.tree.Search([2]float64{lon, lat}, [2]float64{lon, lat}, e.collect)
		if math.Abs(lon) == 180 { // one meridian, two numbers
			u.tree.Search([2]float64{-lon, lat}, [2]float64{-lon, lat}, e.collect)
		}
		return
	}
	for _, b := range u.boxes {
		if b.contains(lon, lat) || (math.Abs(lon) == 180 && b.contains(-lon, lat)) {
			e.cands = appendCand(e.cands, b.z)
		}
	}
}
