package wire

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"
)

// Fix is one position from a bracelet.
type Fix struct {
	Seq uint64    // per-device sequence number, at most math.MaxInt64
	TS  time.Time // when the fix was taken; UTC, at most microsecond precision
	Lat float64   // degrees, [-90, 90]
	Lon float64   // degrees, [-180, 180]
	Acc *float64  // accuracy radius in metres, [0, MaxAccuracy]; nil when not sent
	Bat *int      // battery percent, [0, 100]; nil when not sent
}

// Equal reports whether f and g hold the same values (pointers compared by
// what they point to, times by instant).
func (f Fix) Equal(g Fix) bool {
	return f.Seq == g.Seq && f.TS.Equal(g.TS) && f.Lat == g.Lat && f.Lon == g.Lon &&
		equalPtr(f.Acc, g.Acc) && equalPtr(f.Bat, g.Bat)
}

func equalPtr[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// Battery is one battery reading from a bracelet.
type Battery struct {
	Seq      uint64    // per-device sequence number, at most math.MaxInt64
	TS       time.Time // when the reading was taken; UTC, at most microsecond precision
	Bat      int       // percent, [0, 100]
	Charging bool
}

// Config is what the server tells a bracelet, retained on its config topic.
type Config struct {
	IntervalS int // seconds between fixes, [1, MaxIntervalS]
}

// Fixed by the contract.
const (
	MaxBatch    = 500 // fixes in one position packet
	MaxSeq      = math.MaxInt64
	MaxAccuracy = 100_000 // metres; a larger accuracy radius locates nothing
	// MaxDepth is how deeply JSON may nest in a packet, counting the packet's
	// own array and objects. It bounds the values of unknown fields.
	MaxDepth     = 32
	MaxIntervalS = 86_400
)

// Defaults of Limits.
const (
	DefaultMaxPayload = 64 << 10
	DefaultMaxFuture  = 5 * time.Minute
	DefaultMaxAge     = 400 * 24 * time.Hour
)

// Limits are the configurable bounds of the decoders. A zero or negative
// field means its default.
type Limits struct {
	MaxPayload int           // bytes; longer payloads are rejected unread
	MaxFuture  time.Duration // how far past the receive time ts may be
	MaxAge     time.Duration // how far before the receive time ts may be: the retention window
}

func (l Limits) withDefaults() Limits {
	if l.MaxPayload <= 0 {
		l.MaxPayload = DefaultMaxPayload
	}
	if l.MaxFuture <= 0 {
		l.MaxFuture = DefaultMaxFuture
	}
	if l.MaxAge <= 0 {
		l.MaxAge = DefaultMaxAge
	}
	return l
}

// Reasons a packet or topic is rejected: the Reason of an *Error. They are
// stable; metrics and dashboards use them as label values.
const (
	ReasonOversize     = "oversize"      // payload longer than Limits.MaxPayload
	ReasonBadJSON      = "bad_json"      // not well-formed UTF-8 JSON, or data after the value
	ReasonTooDeep      = "too_deep"      // JSON nested deeper than MaxDepth
	ReasonNotObject    = "not_object"    // a packet (or array element) that is not a JSON object
	ReasonEmptyArray   = "empty_array"   // a position array with no fixes
	ReasonTooMany      = "too_many"      // a position array with more than MaxBatch fixes
	ReasonDuplicateKey = "duplicate_key" // a field name twice in one object
	ReasonMissingField = "missing_field" // a required field absent or null
	ReasonBadSeq       = "bad_seq"       // seq not an integer in [0, MaxSeq]
	ReasonBadTS        = "bad_ts"        // ts neither epoch milliseconds nor RFC 3339
	ReasonTSFuture     = "ts_future"     // ts more than Limits.MaxFuture ahead
	ReasonTSTooOld     = "ts_too_old"    // ts older than Limits.MaxAge
	ReasonLatRange     = "lat_range"     // lat not a number in [-90, 90]
	ReasonLonRange     = "lon_range"     // lon not a number in [-180, 180]
	ReasonAccRange     = "acc_range"     // acc not a number in [0, MaxAccuracy]
	ReasonBatRange     = "bat_range"     // bat not an integer in [0, 100]
	ReasonBadCharging  = "bad_charging"  // charging not true or false
	ReasonBadInterval  = "bad_interval"  // interval_s not an integer in [1, MaxIntervalS]
	ReasonBadTopic     = "bad_topic"     // not a bracelet topic of a valid device id
)

// Reasons returns every Reason, for example to create each metric label
// up front so that a rejection rate starts from zero.
func Reasons() []string {
	return []string{
		ReasonOversize, ReasonBadJSON, ReasonTooDeep, ReasonNotObject, ReasonEmptyArray,
		ReasonTooMany, ReasonDuplicateKey, ReasonMissingField, ReasonBadSeq, ReasonBadTS,
		ReasonTSFuture, ReasonTSTooOld, ReasonLatRange, ReasonLonRange, ReasonAccRange,
		ReasonBatRange, ReasonBadCharging, ReasonBadInterval, ReasonBadTopic,
	}
}

// Error is why a packet or topic was rejected.
type Error struct {
	Reason string // one of the Reason constants
	Packet string // "position", "battery", "sos", "config" or "topic"
	Index  int    // the element of a position array, or -1 when not in an array
	Field  string // the JSON field, or "" when the problem is not in one field
	Detail string // what is wrong, in words
}

func (e *Error) Error() string {
	where := e.Packet
	if e.Index >= 0 {
		where += fmt.Sprintf("[%d]", e.Index)
	}
	if e.Field != "" {
		where += "." + e.Field
	}
	return fmt.Sprintf("wire: %s: %s (%s)", where, e.Detail, e.Reason)
}

// ReasonOf returns the Reason of err's *Error, "" for nil, and "internal"
// for any other error.
func ReasonOf(err error) string {
	var e *Error
	switch {
	case err == nil:
		return ""
	case errors.As(err, &e):
		return e.Reason
	default:
		return "internal"
	}
}

// quote quotes s for a message, shortened: payloads may hold long junk.
func quote(s string) string {
	const maxLen = 40
	if len(s) > maxLen {
		return strconv.Quote(s[:maxLen]) + "…"
	}
	return strconv.Quote(s)
}
