package wire

import "bytes"

// minFixLen is the length of the shortest fix, {"seq":0,"ts":0,"lat":0,"lon":0},
// with the comma after it: it bounds how many fixes a payload can hold.
const minFixLen = 34

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

// fixWithOptional is a single fix and its optional values in one allocation.
type fixWithOptional struct {
	fix [1]Fix
	opt optional
}

// optional holds the values a fix's Acc and Bat point to.
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
