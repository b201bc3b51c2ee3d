// Package phone decodes what phone tracking apps send: OwnTracks (_type
// location JSON, over HTTP or MQTT), Overland (a batch of GeoJSON Point
// features) and the OsmAnd protocol of Traccar Client and GPSLogger (query
// or form parameters, or the JSON body Traccar Client 9 posts). The
// decoders are pure: bytes and a clock in, fixes or a *Error out.
//
// Keep the fix, drop the field. Only a position or a time Lifeline cannot
// use refuses a fix: one missing, malformed or out of range, 0, 0 (what apps
// send without a fix), an accuracy the phone marked invalid (negative) or so
// large it locates nothing, a time too far ahead of the server's clock or
// older than the retention window. An optional value the app sets to its
// "not known" sentinel (iOS reports an unknown course, speed or vertical
// accuracy as -1), out of range, of the wrong type, or a field the protocol
// does not define, is dropped: the fix is stored without it, and the drop is
// reported (Batch.Dropped) so the server can count and show it. The value
// rules are the bracelet wire contract's (ingest/wire) where it has them.
package phone

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"lifeline"
	"lifeline/ingest/wire"
)

// Fix is one position as a phone app reported it. Optional values are nil
// when the app did not send them, or sent one that was dropped.
type Fix struct {
	TS       time.Time
	Lat, Lon float64
	Accuracy *float64 // metres, (0, wire.MaxAccuracy]
	Altitude *float64 // metres above sea level
	Speed    *float64 // metres per second
	Course   *float64 // degrees from north, [0, 360]
	Battery  *int     // percent, [0, 100]
	Charging *bool    // nil when the app does not know
	// Trigger is what made the app report, in its own words (OwnTracks'
	// t: "p" ping, "u" manual, "c" region, …); empty when not sent.
	Trigger string
}

// Batch is what one message held: the fixes to store, the points of a
// batch refused one by one (Overland; the single-fix protocols refuse with
// an error instead), and the optional values left out of the fixes.
type Batch struct {
	Fixes   []Fix
	Refused []*Error
	Dropped []lifeline.FieldDrop
}

// Limits bound timestamps around the receive time, as for bracelets.
type Limits struct {
	Now       time.Time
	MaxFuture time.Duration // default wire.DefaultMaxFuture
	MaxAge    time.Duration // default wire.DefaultMaxAge
}

func (l Limits) window() (lo, hi time.Time) {
	if l.MaxFuture <= 0 {
		l.MaxFuture = wire.DefaultMaxFuture
	}
	if l.MaxAge <= 0 {
		l.MaxAge = wire.DefaultMaxAge
	}
	return l.Now.Add(-l.MaxAge), l.Now.Add(l.MaxFuture)
}

// MaxBatch is the most points one request may carry (Overland sends at
// most 1,000).
const MaxBatch = 1000

// MaxSpeed is the fastest a phone's owner can move, in metres per second
// (an airliner flies at about 250).
const MaxSpeed = 1000

// maxDropKinds bounds the distinct (field, reason) pairs one message
// reports: unknown field names come from outside. GPSLogger's %ALL sends
// 21 parameters the OsmAnd protocol does not define.
const maxDropKinds = 32

// Error is a refused payload: Field names what was wrong in the app's own
// terms ("locations[3].properties.timestamp"), Message says why.
type Error struct {
	Field   string
	Message string
}

func (e *Error) Error() string {
	if e.Field == "" {
		return e.Message
	}
	return e.Field + ": " + e.Message
}

func fail(field, format string, args ...any) *Error {
	return &Error{Field: field, Message: fmt.Sprintf(format, args...)}
}

// drops gathers a message's dropped values by field and reason.
type drops struct{ list []lifeline.FieldDrop }

func (d *drops) add(field, reason string) {
	field = strings.ToValidUTF8(field[:min(len(field), 64)], "")
	if len(d.list) >= maxDropKinds-1 && d.find(field, reason) < 0 {
		field = "…" // the rest, together
	}
	switch i := d.find(field, reason); {
	case i >= 0:
		d.list[i].Count++
	case len(d.list) < maxDropKinds:
		d.list = append(d.list, lifeline.FieldDrop{Field: field, Reason: reason, Count: 1})
	default:
		d.list[maxDropKinds-1].Count++
	}
}

func (d *drops) find(field, reason string) int {
	return slices.IndexFunc(d.list, func(f lifeline.FieldDrop) bool { return f.Field == field && f.Reason == reason })
}

// object is a JSON object read value by value, so that one bad optional
// value is dropped without losing the others.
type object map[string]json.RawMessage

// readObject decodes body as exactly one JSON object.
func readObject(body []byte) (object, *Error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	var o object
	if err := dec.Decode(&o); err != nil {
		return nil, jsonError(err)
	}
	if o == nil {
		return nil, fail("", "the body must be a JSON object")
	}
	if err := dec.Decode(&struct{}{}); !errors.Is(err, io.EOF) {
		return nil, fail("", "the body must hold a single JSON object")
	}
	return o, nil
}

// has reports whether key holds a value other than null.
func (o object) has(key string) bool {
	raw, ok := o[key]
	return ok && string(raw) != "null"
}

// object reads a nested object; ok is false when it is missing or null.
func (o object) object(key string) (object, bool, *Error) {
	if !o.has(key) {
		return nil, false, nil
	}
	var nested object
	if err := json.Unmarshal(o[key], &nested); err != nil || nested == nil {
		return nil, false, fail(key, "must be a JSON object")
	}
	return nested, true, nil
}

// number reads a required number.
func (o object) number(key, field string) (float64, *Error) {
	if !o.has(key) {
		return 0, fail(field, "missing")
	}
	var v float64
	if err := json.Unmarshal(o[key], &v); err != nil {
		return 0, fail(field, "must be a JSON number")
	}
	return v, nil
}

// valueOf is what p points to, or T's zero value.
func valueOf[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}

// optional reads an optional value of type T (a number, a string, a
// boolean); a value of another type is dropped.
func optional[T any](o object, key, field string, d *drops) *T {
	if !o.has(key) {
		return nil
	}
	var v T
	if err := json.Unmarshal(o[key], &v); err != nil {
		d.add(field, lifeline.DropWrongType)
		return nil
	}
	return &v
}

// dropUnknown drops every key the protocol does not define (defined
// lists the ones it does, used or not).
func (o object) dropUnknown(prefix string, defined map[string]bool, d *drops) {
	for _, key := range slices.Sorted(maps.Keys(o)) {
		if !defined[key] {
			d.add(prefix+key, lifeline.DropUnknownField)
		}
	}
}

// jsonError turns encoding/json's errors into a *Error.
func jsonError(err error) *Error {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		if typeErr.Field == "" {
			return fail("", "the body must be a JSON object")
		}
		return fail(typeErr.Field, "must be a JSON %s", typeErr.Type.Kind())
	case errors.As(err, &syntaxErr):
		return fail("", "malformed JSON at byte %d: %v", syntaxErr.Offset, syntaxErr)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return fail("", "the body is empty or cut short; send a JSON object")
	}
	return fail("", "malformed JSON: %v", err)
}

// names says what an app calls each value of a fix, for its errors and
// drops.
type names struct {
	lat, lon, ts, accuracy, altitude, speed, course, battery string
}

// reading is one position as an app sent it, in the app's own units, before
// the rules: nil is "not sent".
type reading struct {
	names    names
	lat, lon float64
	ts       time.Time
	accuracy *float64 // metres
	altitude *float64 // metres
	// altitudeNotKnown: the app said its altitude is not valid (a negative
	// vertical accuracy).
	altitudeNotKnown bool
	speed            *float64 // in the app's unit; -1 is "not known"
	speedToMPS       float64  // 1 when the app sends metres per second
	course           *float64 // degrees; -1 is "not known"
	battery          *float64 // percent; -1 is "not known"
	charging         *bool
	trigger          string
}

// fix applies the rules: a position or time Lifeline cannot use refuses the
// fix; an optional value it cannot use is dropped.
func (r *reading) fix(lim Limits, d *drops) (Fix, *Error) {
	n := r.names
	lo, hi := lim.window()
	switch {
	case !inRange(r.lat, -90, 90):
		return Fix{}, fail(n.lat, "latitude must be a number from -90 to 90")
	case !inRange(r.lon, -180, 180):
		return Fix{}, fail(n.lon, "longitude must be a number from -180 to 180")
	case r.lat == 0 && r.lon == 0:
		return Fix{}, fail(n.lat, "0, 0 is what apps send when they have no position")
	case r.ts.After(hi):
		return Fix{}, fail(n.ts, "%s is more than %d minutes ahead of the server's clock; check the phone's date and time", r.ts.UTC().Format(time.RFC3339), int(hi.Sub(lim.Now).Minutes()))
	case r.ts.Before(lo):
		return Fix{}, fail(n.ts, "%s is older than the %d-day retention window", r.ts.UTC().Format(time.RFC3339), int(lim.Now.Sub(lo).Hours()/24))
	case r.accuracy != nil && *r.accuracy < 0:
		return Fix{}, fail(n.accuracy, "a negative accuracy means the phone marked this position as not valid")
	case r.accuracy != nil && *r.accuracy > wire.MaxAccuracy:
		return Fix{}, fail(n.accuracy, "more than %d metres: this position locates nothing", wire.MaxAccuracy)
	}
	f := Fix{TS: r.ts, Lat: r.lat, Lon: r.lon, Charging: r.charging, Trigger: r.trigger}
	if r.accuracy != nil {
		if *r.accuracy == 0 { // Android's Location.getAccuracy() without an accuracy
			d.add(n.accuracy, lifeline.DropNotKnown)
		} else {
			f.Accuracy = r.accuracy
		}
	}
	switch {
	case r.altitude == nil:
	case r.altitudeNotKnown:
		d.add(n.altitude, lifeline.DropNotKnown)
	case !inRange(*r.altitude, -20_000, 100_000):
		d.add(n.altitude, lifeline.DropOutOfRange)
	default:
		f.Altitude = r.altitude
	}
	if v := known(r.speed, n.speed, 0, MaxSpeed/r.speedFactor(), d); v != nil {
		mps := *v * r.speedFactor()
		f.Speed = &mps
	}
	f.Course = known(r.course, n.course, 0, 360, d)
	if v := known(r.battery, n.battery, 0, 100, d); v != nil {
		p := int(math.Round(*v))
		f.Battery = &p
	}
	return f, nil
}

func (r *reading) speedFactor() float64 {
	if r.speedToMPS == 0 {
		return 1
	}
	return r.speedToMPS
}

// known keeps v when it is in [lo, hi]; -1 is an app's "not known".
func known(v *float64, field string, lo, hi float64, d *drops) *float64 {
	switch {
	case v == nil:
		return nil
	case *v == -1:
		d.add(field, lifeline.DropNotKnown)
		return nil
	case !inRange(*v, lo, hi):
		d.add(field, lifeline.DropOutOfRange)
		return nil
	}
	return v
}

func inRange(v, lo, hi float64) bool { return !math.IsNaN(v) && v >= lo && v <= hi }

// parseTime reads ISO 8601 as the apps write it: RFC 3339, or with a
// colon-less offset ("2015-10-01T08:00:00-0700", Overland's example).
func parseTime(s string) (time.Time, bool) {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999Z0700"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// epoch turns seconds since 1970 into a time; values past year 5138 in
// seconds are taken as milliseconds (GPSLogger can send either).
func epoch(v float64) (time.Time, bool) {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
		return time.Time{}, false
	}
	if v >= 1e11 {
		v /= 1000
	}
	if v > 1e11 {
		return time.Time{}, false
	}
	// Fractions are kept to the microsecond, what PostgreSQL stores: a
	// float's last bits would otherwise turn .123 into .122999.
	sec, frac := math.Modf(v)
	return time.Unix(int64(sec), int64(math.Round(frac*1e6))*1e3).UTC(), true
}

// parseNumber reads a parameter's number; "NaN" and infinities are not
// numbers here.
func parseNumber(s string) (float64, bool) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false
	}
	return v, true
}
