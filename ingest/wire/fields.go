package wire

import (
	"math"
	"strconv"
	"time"
)

// A field is one known packet field, as a bit so that sets of them are masks.
type field uint8

const (
	fSeq field = 1 << iota
	fTS
	fLat
	fLon
	fAcc
	fBat
	fCharging
	fInterval
)

// The fields each packet knows, and the ones it requires.
const (
	positionFields   = fSeq | fTS | fLat | fLon | fAcc | fBat
	positionRequired = fSeq | fTS | fLat | fLon
	batteryFields    = fSeq | fTS | fBat | fCharging
)

var fieldNames = [...]string{"seq", "ts", "lat", "lon", "acc", "bat", "charging", "interval_s"}

func (f field) String() string {
	for i, name := range fieldNames {
		if f == 1<<i {
			return name
		}
	}
	return ""
}

func lookupField(name []byte) field {
	switch string(name) {
	case "seq":
		return fSeq
	case "ts":
		return fTS
	case "lat":
		return fLat
	case "lon":
		return fLon
	case "acc":
		return fAcc
	case "bat":
		return fBat
	case "charging":
		return fCharging
	case "interval_s":
		return fInterval
	}
	return 0
}

// fields holds the decoded values of one packet object.
type fields struct {
	seq      uint64
	ts       time.Time
	lat, lon float64
	acc      float64
	bat      int
	charging bool
	interval int
	have     field // the fields present with a non-null value
}

// field checks and stores the value of one known field.
func (d *decoder) field(fld field, tok token, f *fields) {
	if tok.kind == tokNull {
		return // the same as absent
	}
	switch fld {
	case fSeq:
		if v, ok := d.integer(fld, tok, ReasonBadSeq, 0, MaxSeq); ok {
			f.seq = v
		}
	case fTS:
		ts, ok := d.timestamp(tok)
		if !ok {
			return
		}
		if ts.After(d.hi) {
			d.fail(ReasonTSFuture, fld, "%s is more than %s ahead of the receive time", ts.Format(time.RFC3339Nano), d.limits.MaxFuture)
			return
		}
		if ts.Before(d.lo) {
			d.fail(ReasonTSTooOld, fld, "%s is older than the retention window of %s", ts.Format(time.RFC3339Nano), d.limits.MaxAge)
			return
		}
		f.ts = ts
	case fLat:
		if v, ok := d.float(fld, tok, ReasonLatRange, -90, 90); ok {
			f.lat = v
		}
	case fLon:
		if v, ok := d.float(fld, tok, ReasonLonRange, -180, 180); ok {
			f.lon = v
		}
	case fAcc:
		if v, ok := d.float(fld, tok, ReasonAccRange, 0, MaxAccuracy); ok {
			f.acc = v
		}
	case fBat:
		if v, ok := d.integer(fld, tok, ReasonBatRange, 0, 100); ok {
			f.bat = int(v)
		}
	case fCharging:
		if tok.kind != tokBool {
			d.fail(ReasonBadCharging, fld, "want true or false, got %s", tok.describe())
			return
		}
		f.charging = tok.bool
	case fInterval:
		if v, ok := d.integer(fld, tok, ReasonBadInterval, 1, MaxIntervalS); ok {
			f.interval = int(v)
		}
	}
	if d.err == nil {
		f.have |= fld
	}
}

// integer checks that tok is an integer literal in [lo, hi] (lo >= 0).
func (d *decoder) integer(fld field, tok token, reason string, lo, hi uint64) (uint64, bool) {
	if tok.kind != tokNumber {
		d.fail(reason, fld, "want an integer, got %s", tok.describe())
		return 0, false
	}
	if !tok.integer {
		d.fail(reason, fld, "%s is not an integer", quote(string(tok.raw)))
		return 0, false
	}
	v, neg, ok := parseUint(tok.raw)
	switch {
	case neg && v != 0:
		d.fail(reason, fld, "%s is negative", quote(string(tok.raw)))
	case !ok || v > hi || v < lo:
		d.fail(reason, fld, "%s is outside [%d, %d]", quote(string(tok.raw)), lo, hi)
	default:
		return v, true
	}
	return 0, false
}

// float checks that tok is a number in [lo, hi].
func (d *decoder) float(fld field, tok token, reason string, lo, hi float64) (float64, bool) {
	if tok.kind != tokNumber {
		d.fail(reason, fld, "want a number, got %s", tok.describe())
		return 0, false
	}
	v, err := strconv.ParseFloat(string(tok.raw), 64)
	if err != nil || !(lo <= v && v <= hi) { // written so that NaN fails too
		d.fail(reason, fld, "%s is outside [%g, %g]", quote(string(tok.raw)), lo, hi)
		return 0, false
	}
	if v == 0 {
		v = 0 // no negative zero
	}
	return v, true
}

// timestamp reads ts: epoch milliseconds or an RFC 3339 string.
func (d *decoder) timestamp(tok token) (time.Time, bool) {
	switch tok.kind {
	case tokNumber:
		if !tok.integer {
			d.fail(ReasonBadTS, fTS, "%s is not whole epoch milliseconds", quote(string(tok.raw)))
			return time.Time{}, false
		}
		v, neg, ok := parseUint(tok.raw)
		if neg && v != 0 || !ok || v > math.MaxInt64 {
			d.fail(ReasonBadTS, fTS, "%s is not epoch milliseconds", quote(string(tok.raw)))
			return time.Time{}, false
		}
		return time.UnixMilli(int64(v)).UTC(), true
	case tokString:
		s := tok.raw
		if tok.esc {
			s = unescape(s)
		}
		t, ok := parseRFC3339(s)
		if !ok {
			d.fail(ReasonBadTS, fTS, "%s is not an RFC 3339 date-time", quote(string(s)))
			return time.Time{}, false
		}
		return t.Truncate(time.Microsecond), true
	}
	d.fail(ReasonBadTS, fTS, "want epoch milliseconds or an RFC 3339 string, got %s", tok.describe())
	return time.Time{}, false
}

// parseUint parses an integer literal (already checked as JSON): its
// magnitude, whether it has a minus sign, and false if it overflows uint64.
func parseUint(raw []byte) (v uint64, neg bool, ok bool) {
	if len(raw) > 0 && raw[0] == '-' {
		neg, raw = true, raw[1:]
	}
	for _, c := range raw {
		digit := uint64(c - '0')
		if v > (math.MaxUint64-digit)/10 {
			return 0, neg, false
		}
		v = v*10 + digit
	}
	return v, neg, true
}
