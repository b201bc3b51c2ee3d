package wire

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"time"
	"unicode/utf8"
)

// DecodePositions decodes a position packet received at now: one fix, or a
// buffer of 1 to MaxBatch fixes, in the order sent. Any broken rule of the
// contract rejects the whole packet with an *Error.
func DecodePositions(payload []byte, now time.Time, limits Limits) ([]Fix, error) {
	var d decoder
	if err := d.init("position", payload, now, limits); err != nil {
		return nil, err
	}
	var fixes []Fix
	var err *Error
	switch d.b[d.i] {
	case '{':
		fixes, err = d.singleFix()
	case '[':
		fixes, err = d.fixArray()
	default:
		err = d.notObject(1)
	}
	if err := d.result(err); err != nil {
		return nil, err
	}
	return fixes, nil
}

// DecodeBattery decodes a battery packet received at now.
func DecodeBattery(payload []byte, now time.Time, limits Limits) (Battery, error) {
	var d decoder
	if err := d.init("battery", payload, now, limits); err != nil {
		return Battery{}, err
	}
	var f fields
	if err := d.result(d.packetObject(1, batteryFields, batteryFields, &f)); err != nil {
		return Battery{}, err
	}
	return Battery{Seq: f.seq, TS: f.ts, Bat: f.bat, Charging: f.charging}, nil
}

// DecodeConfig decodes a config packet, as a bracelet (or the simulator)
// receives it. Payloads longer than DefaultMaxPayload are rejected.
func DecodeConfig(payload []byte) (Config, error) {
	var d decoder
	if err := d.init("config", payload, time.Time{}, Limits{}); err != nil {
		return Config{}, err
	}
	var f fields
	if err := d.result(d.packetObject(1, fInterval, fInterval, &f)); err != nil {
		return Config{}, err
	}
	return Config{IntervalS: f.interval}, nil
}

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

// minFixLen is the length of the shortest fix, {"seq":0,"ts":0,"lat":0,"lon":0},
// with the comma after it: it bounds how many fixes a payload can hold.
const minFixLen = 34

// decoder reads one packet. Problems with the JSON itself are returned at
// once, as they make the rest unreadable; problems with the content are
// kept in err (the first one wins) while reading goes on, so a payload that
// is not well-formed JSON is always reported as bad_json.
type decoder struct {
	b      []byte
	i      int
	packet string
	index  int // the position array element being read, or -1
	limits Limits
	lo, hi time.Time // the accepted range of ts
	err    *Error
}

func (d *decoder) init(packet string, payload []byte, now time.Time, limits Limits) *Error {
	limits = limits.withDefaults()
	d.b, d.packet, d.index, d.limits = payload, packet, -1, limits
	d.lo, d.hi = now.Add(-limits.MaxAge), now.Add(limits.MaxFuture)
	switch {
	case len(payload) > limits.MaxPayload:
		return &Error{Reason: ReasonOversize, Packet: packet, Index: -1,
			Detail: fmt.Sprintf("payload of %d bytes exceeds %d", len(payload), limits.MaxPayload)}
	case bytes.HasPrefix(payload, []byte("\xef\xbb\xbf")):
		return d.syntax("payload starts with a byte order mark")
	case !utf8.Valid(payload):
		return d.syntax("payload is not UTF-8")
	}
	d.ws()
	if d.i == len(d.b) {
		return d.syntax("empty payload")
	}
	return nil
}

// result is the outcome of reading the packet's value, given the syntax
// error that stopped the reading, if any: that error, else data after the
// value, else the first content error, else nil.
func (d *decoder) result(err *Error) error {
	if err != nil {
		return err
	}
	d.ws()
	if d.i != len(d.b) {
		d.index = -1
		return d.syntax("data after the JSON value")
	}
	if d.err != nil {
		return d.err
	}
	return nil
}

func (d *decoder) syntax(detail string) *Error {
	return &Error{Reason: ReasonBadJSON, Packet: d.packet, Index: d.index,
		Detail: fmt.Sprintf("%s at byte %d", detail, d.i)}
}

// fail records a content error, unless there is one already.
func (d *decoder) fail(reason string, f field, format string, args ...any) {
	if d.err == nil {
		d.err = &Error{Reason: reason, Packet: d.packet, Index: d.index, Field: f.String(),
			Detail: fmt.Sprintf(format, args...)}
	}
}

// notObject reads a value that should have been an object and records that
// it was not.
func (d *decoder) notObject(depth int) *Error {
	tok, err := d.value(depth)
	if err != nil {
		return err
	}
	d.fail(ReasonNotObject, 0, "want a JSON object, got %s", tok.describe())
	return nil
}

type fixWithOptional struct {
	fix [1]Fix
	opt optional
}

type optional struct {
	acc float64
	bat int
}

func (d *decoder) singleFix() ([]Fix, *Error) {
	var f fields
	if err := d.packetObject(1, positionFields, positionRequired, &f); err != nil || d.err != nil {
		return nil, err
	}
	// One allocation holds the fix and whatever its pointers point to.
	one := &fixWithOptional{}
	one.fix[0] = f.fix(&one.opt)
	return one.fix[:], nil
}

func (d *decoder) fixArray() ([]Fix, *Error) {
	d.i++ // [
	d.ws()
	if d.i == len(d.b) {
		return nil, d.syntax("unexpected end of JSON")
	}
	if d.b[d.i] == ']' {
		d.i++
		d.fail(ReasonEmptyArray, 0, "an array of fixes must hold at least one")
		return nil, nil
	}
	// Size everything once: the optional values of all fixes share one
	// allocation and the fixes another.
	fixes := make([]Fix, 0, min(MaxBatch, len(d.b)/minFixLen+1))
	var opts []optional
	for idx := 0; ; idx++ {
		d.index = idx
		d.ws()
		if d.i == len(d.b) {
			return nil, d.syntax("unexpected end of JSON")
		}
		switch {
		case d.err != nil:
			// The packet is rejected already: only check that it is JSON.
			if _, err := d.value(2); err != nil {
				return nil, err
			}
		case idx == MaxBatch:
			d.fail(ReasonTooMany, 0, "an array holds at most %d fixes", MaxBatch)
			if _, err := d.value(2); err != nil {
				return nil, err
			}
		case d.b[d.i] != '{':
			if err := d.notObject(2); err != nil {
				return nil, err
			}
		default:
			var f fields
			if err := d.packetObject(2, positionFields, positionRequired, &f); err != nil {
				return nil, err
			}
			if d.err == nil {
				var opt *optional
				if f.have&(fAcc|fBat) != 0 {
					if len(opts) == 0 {
						opts = make([]optional, max(1, cap(fixes)-len(fixes)))
					}
					opt, opts = &opts[0], opts[1:]
				}
				fixes = append(fixes, f.fix(opt))
			}
		}
		d.ws()
		if d.i == len(d.b) {
			return nil, d.syntax("unexpected end of JSON")
		}
		switch d.b[d.i] {
		case ',':
			d.i++
		case ']':
			d.i++
			d.index = -1
			return fixes, nil
		default:
			return nil, d.syntax("want , or ] after an array element")
		}
	}
}

// fix builds the Fix, with its optional values stored in opt.
func (f *fields) fix(opt *optional) Fix {
	fix := Fix{Seq: f.seq, TS: f.ts, Lat: f.lat, Lon: f.lon}
	if f.have&fAcc != 0 {
		opt.acc = f.acc
		fix.Acc = &opt.acc
	}
	if f.have&fBat != 0 {
		opt.bat = f.bat
		fix.Bat = &opt.bat
	}
	return fix
}

// packetObject reads the packet object at d.i, depth levels deep, decoding
// the known fields into f and skipping the others.
func (d *decoder) packetObject(depth int, known, required field, f *fields) *Error {
	if d.b[d.i] != '{' {
		return d.notObject(depth)
	}
	d.i++
	var seen field
	var unknown unknownKeys
	d.ws()
	if d.i < len(d.b) && d.b[d.i] == '}' {
		d.i++
	} else {
		for {
			name, esc, err := d.key()
			if err != nil {
				return err
			}
			if esc {
				name = unescape(name)
			}
			fld := lookupField(name) & known
			if d.err == nil {
				if fld != 0 && seen&fld != 0 || fld == 0 && unknown.seen(name) {
					d.fail(ReasonDuplicateKey, fld, "field %s appears twice", quote(string(name)))
				}
			}
			seen |= fld
			tok, err := d.value(depth + 1)
			if err != nil {
				return err
			}
			if fld != 0 && d.err == nil {
				d.field(fld, tok, f)
			}
			d.ws()
			if d.i == len(d.b) {
				return d.syntax("unexpected end of JSON")
			}
			if d.b[d.i] == '}' {
				d.i++
				break
			}
			if d.b[d.i] != ',' {
				return d.syntax("want , or } after an object member")
			}
			d.i++
		}
	}
	if missing := required &^ f.have; missing != 0 && d.err == nil {
		first := missing & -missing
		d.fail(ReasonMissingField, first, "required field %s is missing or null", quote(first.String()))
	}
	return nil
}

// unknownKeys remembers the unknown field names of one object, to find
// duplicates. Devices send few, so a short list usually does.
type unknownKeys struct {
	n    int
	list [8][]byte
	set  map[string]struct{}
}

func (u *unknownKeys) seen(name []byte) bool {
	if u.set != nil {
		if _, ok := u.set[string(name)]; ok {
			return true
		}
		u.set[string(name)] = struct{}{}
		return false
	}
	for _, s := range u.list[:u.n] {
		if bytes.Equal(s, name) {
			return true
		}
	}
	if u.n < len(u.list) {
		u.list[u.n] = name
		u.n++
		return false
	}
	u.set = make(map[string]struct{}, 2*len(u.list))
	for _, s := range u.list {
		u.set[string(s)] = struct{}{}
	}
	u.set[string(name)] = struct{}{}
	return false
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

// A token is one JSON value as read: scalars with their text, containers
// only by kind (they are checked and skipped).
type token struct {
	kind    tokenKind
	raw     []byte // a number's text, or a string's content without the quotes
	esc     bool   // the string holds escapes
	integer bool   // the number has no fraction or exponent
	bool    bool   // the value of a boolean
}

type tokenKind uint8

const (
	tokNumber tokenKind = iota + 1
	tokString
	tokBool
	tokNull
	tokObject
	tokArray
)

func (t token) describe() string {
	switch t.kind {
	case tokNumber:
		return "the number " + quote(string(t.raw))
	case tokString:
		return "a string"
	case tokBool:
		return "a boolean"
	case tokNull:
		return "null"
	case tokObject:
		return "an object"
	case tokArray:
		return "an array"
	}
	return "nothing"
}

func (d *decoder) ws() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// value reads the JSON value at d.i (whitespace first), depth levels deep.
func (d *decoder) value(depth int) (token, *Error) {
	d.ws()
	if d.i == len(d.b) {
		return token{}, d.syntax("unexpected end of JSON")
	}
	switch d.b[d.i] {
	case '{':
		return token{kind: tokObject}, d.skip(depth)
	case '[':
		return token{kind: tokArray}, d.skip(depth)
	}
	return d.scalar()
}

// scalar reads the string, number or literal at d.i.
func (d *decoder) scalar() (token, *Error) {
	switch c := d.b[d.i]; {
	case c == '"':
		raw, esc, err := d.str()
		return token{kind: tokString, raw: raw, esc: esc}, err
	case c == 't':
		return token{kind: tokBool, bool: true}, d.literal("true")
	case c == 'f':
		return token{kind: tokBool}, d.literal("false")
	case c == 'n':
		return token{kind: tokNull}, d.literal("null")
	case c == '-' || '0' <= c && c <= '9':
		return d.number()
	default:
		return token{}, d.syntax(fmt.Sprintf("unexpected character %q", rune(c)))
	}
}

func (d *decoder) literal(lit string) *Error {
	if !bytes.HasPrefix(d.b[d.i:], []byte(lit)) {
		return d.syntax("invalid literal")
	}
	d.i += len(lit)
	return nil
}

// number reads a number with JSON's grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (d *decoder) number() (token, *Error) {
	start := d.i
	integer := true
	if d.b[d.i] == '-' {
		d.i++
	}
	switch {
	case d.i < len(d.b) && d.b[d.i] == '0':
		d.i++
	case d.digits() == 0:
		return token{}, d.syntax("invalid number")
	}
	if d.i < len(d.b) && d.b[d.i] == '.' {
		integer = false
		d.i++
		if d.digits() == 0 {
			return token{}, d.syntax("invalid number")
		}
	}
	if d.i < len(d.b) && (d.b[d.i] == 'e' || d.b[d.i] == 'E') {
		integer = false
		d.i++
		if d.i < len(d.b) && (d.b[d.i] == '+' || d.b[d.i] == '-') {
			d.i++
		}
		if d.digits() == 0 {
			return token{}, d.syntax("invalid number")
		}
	}
	return token{kind: tokNumber, raw: d.b[start:d.i], integer: integer}, nil
}

func (d *decoder) digits() int {
	start := d.i
	for d.i < len(d.b) && '0' <= d.b[d.i] && d.b[d.i] <= '9' {
		d.i++
	}
	return d.i - start
}

// str reads the string at d.i: its content between the quotes, escapes not
// decoded, and whether it has any. The payload is known to be UTF-8.
func (d *decoder) str() (raw []byte, esc bool, err *Error) {
	d.i++ // "
	start := d.i
	for d.i < len(d.b) {
		c := d.b[d.i]
		switch {
		case c == '"':
			d.i++
			return d.b[start : d.i-1], esc, nil
		case c == '\\':
			esc = true
			if d.i+1 == len(d.b) {
				return nil, false, d.syntax("unterminated string")
			}
			switch d.b[d.i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				d.i += 2
			case 'u':
				if d.i+6 > len(d.b) || !isHex4(d.b[d.i+2:d.i+6]) {
					return nil, false, d.syntax(`invalid \u escape`)
				}
				d.i += 6
			default:
				return nil, false, d.syntax("invalid escape in string")
			}
		case c < 0x20:
			return nil, false, d.syntax("control character in string")
		default:
			d.i++
		}
	}
	return nil, false, d.syntax("unterminated string")
}

func isHex4(b []byte) bool {
	for _, c := range b {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// key reads an object member's name and the colon after it, leaving d.i at
// the start of the value.
func (d *decoder) key() ([]byte, bool, *Error) {
	d.ws()
	if d.i == len(d.b) || d.b[d.i] != '"' {
		return nil, false, d.syntax("want a field name")
	}
	name, esc, err := d.str()
	if err != nil {
		return nil, false, err
	}
	d.ws()
	if d.i == len(d.b) || d.b[d.i] != ':' {
		return nil, false, d.syntax("want : after a field name")
	}
	d.i++
	d.ws()
	if d.i == len(d.b) {
		return nil, false, d.syntax("unexpected end of JSON")
	}
	return name, esc, nil
}

// skip checks and steps over the object or array at d.i, which is depth
// levels deep. It keeps its own stack instead of recursing, so no input can
// exhaust the goroutine's stack.
func (d *decoder) skip(depth int) *Error {
	var open [MaxDepth]byte // the closing bracket of each open container
	n := 0
	for {
		// d.i is at the start of a value.
		switch c := d.b[d.i]; c {
		case '{', '[':
			if depth+n > MaxDepth {
				return &Error{Reason: ReasonTooDeep, Packet: d.packet, Index: d.index,
					Detail: fmt.Sprintf("JSON nested more than %d deep at byte %d", MaxDepth, d.i)}
			}
			open[n] = c + 2 // '{'+2 == '}', '['+2 == ']'
			n++
			d.i++
			d.ws()
			if d.i == len(d.b) {
				return d.syntax("unexpected end of JSON")
			}
			if d.b[d.i] != open[n-1] {
				if c == '{' {
					if _, _, err := d.key(); err != nil {
						return err
					}
				}
				continue
			}
			d.i++
			n--
		default:
			if _, err := d.scalar(); err != nil {
				return err
			}
		}
		// A value ended: close containers until one continues.
		for {
			if n == 0 {
				return nil
			}
			d.ws()
			if d.i == len(d.b) {
				return d.syntax("unexpected end of JSON")
			}
			if d.b[d.i] == open[n-1] {
				d.i++
				n--
				continue
			}
			if d.b[d.i] != ',' {
				return d.syntax("want , or a closing bracket")
			}
			d.i++
			if open[n-1] == '}' {
				if _, _, err := d.key(); err != nil {
					return err
				}
			} else {
				d.ws()
				if d.i == len(d.b) {
					return d.syntax("unexpected end of JSON")
				}
			}
			break
		}
	}
}

// unescape decodes the escapes of a JSON string's content, checked by str.
// A lone UTF-16 surrogate becomes U+FFFD, as in encoding/json.
func unescape(s []byte) []byte {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		if s[i] != '\\' {
			out = append(out, s[i])
			i++
			continue
		}
		switch c := s[i+1]; c {
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r := rune(hex4(s[i+2:]))
			i += 6
			if 0xD800 <= r && r < 0xDC00 && i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
				if r2 := rune(hex4(s[i+2:])); 0xDC00 <= r2 && r2 < 0xE000 {
					r = 0x10000 + (r-0xD800)<<10 + (r2 - 0xDC00)
					i += 6
				}
			}
			out = utf8.AppendRune(out, r) // a lone surrogate is written as U+FFFD
			continue
		default: // " \ /
			out = append(out, c)
		}
		i += 2
	}
	return out
}

func hex4(b []byte) int {
	v := 0
	for _, c := range b[:4] {
		switch {
		case c <= '9':
			v = v<<4 | int(c-'0')
		case c <= 'F':
			v = v<<4 | int(c-'A'+10)
		default:
			v = v<<4 | int(c-'a'+10)
		}
	}
	return v
}

// quote quotes s for a message, shortened: payloads may hold long junk.
func quote(s string) string {
	const maxLen = 40
	if len(s) > maxLen {
		return strconv.Quote(s[:maxLen]) + "…"
	}
	return strconv.Quote(s)
}
