package geofence

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/paulmach/orb"

	"lifeline"
)

// ZoneType is what a zone is for.
type ZoneType string

// Zone types.
const (
	ZoneSafe  ZoneType = "safe"  // the user should be here (leaving it alerts)
	ZoneAvoid ZoneType = "avoid" // the user should stay away (entering it alerts)
)

// Limits that ValidateZone enforces (and the zones table repeats).
const (
	MaxNameLength   = 80
	MinRadiusM      = 10
	MaxRadiusM      = 50000
	MaxVertices     = 500 // per zone, over all rings, not counting each ring's closing point
	MaxDwellMinutes = 1440
	MaxConfirmFixes = 20
	MaxConfirmSecs  = 3600
	MaxGeoJSONBytes = 256 << 10
)

// Zone is a user's safe or avoid zone. Exactly one of Circle and Polygon is
// set.
type Zone struct {
	ID, UserID int64
	Name       string
	Type       ZoneType
	Active     bool

	Circle *Circle
	// Polygon is in GeoJSON order (longitude, latitude); holes allowed. A
	// zone across the antimeridian may be one ring whose longitudes jump
	// from 179.9 to -179.9, or two polygons split at ±180: both work.
	Polygon orb.MultiPolygon

	// DwellMinutes (avoid zones only): alert only after this long inside;
	// 0 alerts on entry.
	DwellMinutes int
	// Schedule (safe zones only): the user should be inside during it.
	Schedule *Schedule
	// Per-zone confirmation overrides; 0 uses the engine's Config.
	ConfirmFixes   int
	ConfirmSeconds int
}

// Circle is a centre (longitude, latitude) and a radius in metres, measured
// on the WGS84 ellipsoid.
type Circle struct {
	Center  orb.Point
	RadiusM float64
}

// NewCircle is a circle around a latitude and longitude, for callers that
// do not speak orb.
func NewCircle(lat, lon, radiusM float64) *Circle {
	return &Circle{Center: orb.Point{lon, lat}, RadiusM: radiusM}
}

// Schedule is a daily window of wall-clock times in Location: Start and End
// are times of day (since local midnight as a clock shows it, so 22:00 means
// 22:00 on the clock on DST days too). End before Start wraps midnight
// (22:00-06:00). A nil Location means UTC.
type Schedule struct {
	Start, End time.Duration
	Location   *time.Location
}

// ValidateZone checks a zone as the API receives it: a name of 1..80
// characters, a known type, exactly one geometry, a circle's radius of
// 10..50,000 m, a polygon's closed, non-self-intersecting rings of at most
// 500 vertices in all, coordinates in range, and rules that fit the type.
// It returns a *lifeline.Error with code EINVALID whose Fields are keyed by
// the API's field names (name, type, latitude, longitude, radius, polygon,
// dwellMinutes, schedule, confirmFixes, confirmSeconds).
func ValidateZone(z Zone) error {
	v := validation{}
	name := strings.TrimSpace(z.Name)
	switch n := utf8.RuneCountInString(name); {
	case !utf8.ValidString(z.Name):
		v.add("name", "Name must be valid text.")
	case n == 0:
		v.add("name", "Give the zone a name.")
	case n > MaxNameLength:
		v.add("name", fmt.Sprintf("Name must be at most %d characters (it has %d).", MaxNameLength, n))
	case !lifeline.IsPlainText(z.Name):
		v.add("name", lifeline.PlainTextProblem)
	}
	if z.Type != ZoneSafe && z.Type != ZoneAvoid {
		v.add("type", `Type must be "safe" or "avoid".`)
	}
	switch {
	case z.Circle != nil && z.Polygon != nil:
		v.add("polygon", "A zone is either a circle or a polygon, not both.")
	case z.Circle != nil:
		validateCircle(&v, z.Circle)
	case z.Polygon != nil:
		if msg := validatePolygon(z.Polygon); msg != "" {
			v.add("polygon", msg)
		}
	default:
		v.add("polygon", "Draw the zone: a circle (centre and radius) or a polygon.")
	}
	switch {
	case z.DwellMinutes < 0 || z.DwellMinutes > MaxDwellMinutes:
		v.add("dwellMinutes", fmt.Sprintf("Dwell time must be between 1 and %d minutes.", MaxDwellMinutes))
	case z.DwellMinutes > 0 && z.Type != ZoneAvoid:
		v.add("dwellMinutes", "Only avoid zones have a dwell time.")
	}
	if s := z.Schedule; s != nil {
		switch {
		case z.Type != ZoneSafe:
			v.add("schedule", "Only safe zones have a schedule.")
		case s.Start < 0 || s.Start >= 24*time.Hour || s.End < 0 || s.End >= 24*time.Hour:
			v.add("schedule", "Schedule times must be times of day between 00:00 and 23:59.")
		case s.Start == s.End:
			v.add("schedule", "The schedule must start and end at different times.")
		}
	}
	if z.ConfirmFixes < 0 || z.ConfirmFixes > MaxConfirmFixes {
		v.add("confirmFixes", fmt.Sprintf("Confirmation must be between 1 and %d fixes.", MaxConfirmFixes))
	}
	if z.ConfirmSeconds < 0 || z.ConfirmSeconds > MaxConfirmSecs {
		v.add("confirmSeconds", fmt.Sprintf("Confirmation time must be between 0 and %d seconds.", MaxConfirmSecs))
	}
	return v.err()
}

func validateCircle(v *validation, c *Circle) {
	lon, lat := c.Center[0], c.Center[1]
	if !finite(lat) || lat < -90 || lat > 90 {
		v.add("latitude", "Latitude must be between -90 and 90.")
	}
	if !finite(lon) || lon < -180 || lon > 180 {
		v.add("longitude", "Longitude must be between -180 and 180.")
	}
	if !finite(c.RadiusM) || c.RadiusM < MinRadiusM || c.RadiusM > MaxRadiusM {
		v.add("radius", "Radius must be between 10 and 50,000 metres.")
	}
}

// validation collects per-field messages in the order found.
type validation struct {
	fields map[string]string
	first  string
}

func (v *validation) add(field, msg string) {
	if v.fields == nil {
		v.fields = map[string]string{}
	}
	if _, ok := v.fields[field]; ok {
		return
	}
	v.fields[field] = msg
	if v.first == "" {
		v.first = msg
	}
}

func (v *validation) err() error {
	switch len(v.fields) {
	case 0:
		return nil
	case 1:
		return &lifeline.Error{Code: lifeline.EINVALID, Message: v.first, Fields: v.fields}
	default:
		return &lifeline.Error{Code: lifeline.EINVALID, Message: "Please check the highlighted fields.", Fields: v.fields}
	}
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// validatePolygon returns "" for a usable polygon, or a message for a person.
func validatePolygon(mp orb.MultiPolygon) string {
	if len(mp) == 0 {
		return "The polygon has no rings."
	}
	total := 0
	for pi, p := range mp {
		if len(p) == 0 {
			return fmt.Sprintf("Polygon %d has no rings.", pi+1)
		}
		for ri, r := range p {
			where := ringName(len(mp), pi, ri)
			for i, pt := range r {
				lon, lat := pt[0], pt[1]
				if !finite(lat) || lat < -90 || lat > 90 || !finite(lon) || lon < -180 || lon > 180 {
					return fmt.Sprintf("Point %d of %s is out of range: longitude must be -180..180 and latitude -90..90.", i+1, where)
				}
			}
			if len(r) < 4 {
				return fmt.Sprintf("%s needs at least 3 corners and a closing point.", capitalize(where))
			}
			if !samePoint(r[0], r[len(r)-1]) {
				return fmt.Sprintf("%s is not closed: its last point must repeat its first.", capitalize(where))
			}
			total += len(r) - 1
		}
	}
	if total > MaxVertices {
		return fmt.Sprintf("The polygon has %d corners; at most %d are allowed.", total, MaxVertices)
	}
	pg, msg := unwrap(mp)
	if msg != "" {
		return msg
	}
	return pg.check(len(mp))
}

// samePoint compares positions the way GeoJSON closes rings: ±180 is one
// meridian.
func samePoint(a, b orb.Point) bool {
	return a[1] == b[1] && (a[0] == b[0] || math.Abs(a[0]-b[0]) == 360)
}

func ringName(parts, pi, ri int) string {
	s := "the outer ring"
	if ri > 0 {
		s = fmt.Sprintf("hole %d", ri)
	}
	if parts > 1 {
		s = fmt.Sprintf("%s of polygon %d", s, pi+1)
	}
	return s
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// ParseGeoJSON reads a GeoJSON Polygon or MultiPolygon geometry (the zones
// table's polygon column and the API's polygon field). Positions may carry
// an altitude, which is ignored. It does not validate the shape: call
// ValidateZone. Errors are *lifeline.Error with code EINVALID.
func ParseGeoJSON(data []byte) (orb.MultiPolygon, error) {
	bad := func(msg string) error {
		return &lifeline.Error{Code: lifeline.EINVALID, Message: msg, Fields: map[string]string{"polygon": msg}}
	}
	if len(data) > MaxGeoJSONBytes {
		return nil, bad("The polygon is too large.")
	}
	var g struct {
		Type        string          `json:"type"`
		Coordinates json.RawMessage `json:"coordinates"`
	}
	if err := json.Unmarshal(data, &g); err != nil {
		return nil, bad("The polygon must be a GeoJSON Polygon or MultiPolygon geometry.")
	}
	var parts [][][][]float64
	switch g.Type {
	case "Polygon":
		var p [][][]float64
		if err := json.Unmarshal(g.Coordinates, &p); err != nil {
			return nil, bad("The polygon's coordinates must be an array of rings of [longitude, latitude] positions.")
		}
		parts = [][][][]float64{p}
	case "MultiPolygon":
		if err := json.Unmarshal(g.Coordinates, &parts); err != nil {
			return nil, bad("The polygon's coordinates must be an array of polygons of rings of [longitude, latitude] positions.")
		}
	default:
		return nil, bad("The polygon must be a GeoJSON Polygon or MultiPolygon geometry.")
	}
	mp := make(orb.MultiPolygon, 0, len(parts))
	for _, p := range parts {
		poly := make(orb.Polygon, 0, len(p))
		for _, r := range p {
			ring := make(orb.Ring, 0, len(r))
			for _, pos := range r {
				if len(pos) < 2 || len(pos) > 3 {
					return nil, bad("Every polygon position must be [longitude, latitude].")
				}
				ring = append(ring, orb.Point{pos[0], pos[1]})
			}
			poly = append(poly, ring)
		}
		mp = append(mp, poly)
	}
	return mp, nil
}

// MarshalGeoJSON writes a zone polygon as a GeoJSON geometry: a Polygon for
// one part, a MultiPolygon otherwise.
func MarshalGeoJSON(mp orb.MultiPolygon) ([]byte, error) {
	if len(mp) == 1 {
		return json.Marshal(struct {
			Type        string      `json:"type"`
			Coordinates orb.Polygon `json:"coordinates"`
		}{"Polygon", mp[0]})
	}
	return json.Marshal(struct {
		Type        string           `json:"type"`
		Coordinates orb.MultiPolygon `json:"coordinates"`
	}{"MultiPolygon", mp})
}
