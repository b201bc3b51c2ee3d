// Package phone decodes what phone tracking apps send over HTTP: OwnTracks
// (_type location JSON), Overland (a batch of GeoJSON Point features) and
// the OsmAnd protocol of Traccar Client and GPSLogger (query parameters, or
// the JSON body newer Traccar Client versions post). The decoders are pure:
// bytes and a clock in, fixes or a *Error out. They apply the bracelet wire
// contract's rules (coordinates in range, accuracy and battery in range,
// timestamps neither too far in the future nor past the retention window)
// and refuse fields the app's documentation does not list, so a payload is
// either understood completely or refused with the reason. A batch with one
// bad point is refused whole; the app keeps it and sends it again, and the
// reply says which point was wrong.
package phone

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"lifeline/ingest/wire"
)

// Fix is one position as a phone app reported it. Optional values are nil
// when the app did not send them.
type Fix struct {
	TS       time.Time
	Lat, Lon float64
	Accuracy *float64 // metres, [0, wire.MaxAccuracy]
	Altitude *float64 // metres above sea level
	Speed    *float64 // metres per second
	Course   *float64 // degrees from north, [0, 360]
	Battery  *int     // percent, [0, 100]
	Charging *bool    // nil when the app does not know
	// Trigger is what made the app report, in its own words (OwnTracks'
	// t: "p" ping, "u" manual, "c" region, …); empty when not sent.
	Trigger string
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

// decodeStrict decodes one JSON value into dst, refusing unknown fields and
// trailing data.
func decodeStrict(body []byte, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return jsonError(err)
	}
	if err := dec.Decode(&struct{}{}); !errors.Is(err, io.EOF) {
		return fail("", "the body must hold a single JSON object")
	}
	return nil
}

// jsonError turns encoding/json's errors into a *Error naming the field.
func jsonError(err error) *Error {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		return fail(typeErr.Field, "must be a JSON %s", typeErr.Type.Kind())
	case errors.As(err, &syntaxErr):
		return fail("", "malformed JSON at byte %d: %v", syntaxErr.Offset, syntaxErr)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return fail("", "the body is empty or cut short; send a JSON object")
	}
	if name, ok := unknownField(err.Error()); ok {
		return fail(name, "unknown field: the app's documentation does not list it")
	}
	return fail("", "malformed JSON: %v", err)
}

func unknownField(msg string) (string, bool) {
	const prefix = `json: unknown field "`
	if len(msg) > len(prefix)+1 && msg[:len(prefix)] == prefix {
		return msg[len(prefix) : len(msg)-1], true
	}
	return "", false
}

// check validates the fix's values against the contract's ranges.
func (f *Fix) check(prefix string, lim Limits) *Error {
	lo, hi := lim.window()
	switch {
	case !inRange(f.Lat, -90, 90):
		return fail(prefix+"lat", "latitude must be a number from -90 to 90")
	case !inRange(f.Lon, -180, 180):
		return fail(prefix+"lon", "longitude must be a number from -180 to 180")
	case f.TS.After(hi):
		return fail(prefix+"timestamp", "%s is more than %s ahead of the server's clock", f.TS.UTC().Format(time.RFC3339), hi.Sub(lim.Now))
	case f.TS.Before(lo):
		return fail(prefix+"timestamp", "%s is older than the %d-day retention window", f.TS.UTC().Format(time.RFC3339), int(lim.Now.Sub(lo).Hours()/24))
	case f.Accuracy != nil && !inRange(*f.Accuracy, 0, wire.MaxAccuracy):
		return fail(prefix+"accuracy", "accuracy must be a number of metres from 0 to %d", wire.MaxAccuracy)
	case f.Battery != nil && (*f.Battery < 0 || *f.Battery > 100):
		return fail(prefix+"battery", "battery must be a percentage from 0 to 100")
	case f.Course != nil && !inRange(*f.Course, 0, 360):
		return fail(prefix+"course", "course must be a number of degrees from 0 to 360")
	case f.Speed != nil && !inRange(*f.Speed, 0, math.MaxFloat64):
		return fail(prefix+"speed", "speed must be a number of at least 0")
	case f.Altitude != nil && !inRange(*f.Altitude, -20_000, 100_000):
		return fail(prefix+"altitude", "altitude must be a number of metres from -20000 to 100000")
	}
	return nil
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

func percent(level float64) *int {
	p := int(math.Round(level * 100))
	return &p
}
