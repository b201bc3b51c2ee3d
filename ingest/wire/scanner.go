package wire

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

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
