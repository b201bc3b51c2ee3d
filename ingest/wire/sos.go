package wire

import (
	"strconv"
	"time"
)

// SOS is a press of the bracelet's SOS button (a v1 addition to the
// contract): when it was pressed and, when the bracelet had a fix, where.
type SOS struct {
	Seq uint64    // per-device sequence number, at most math.MaxInt64; the fix's, when there is one
	TS  time.Time // when the button was pressed; UTC, at most microsecond precision
	Fix *Fix      // the position at the press (Seq and TS as above), nil when not sent
}

// The SOS packet's fields: a position's, all but bat, with lat and lon
// optional as a pair.
const (
	sosFields   = fSeq | fTS | fLat | fLon | fAcc
	sosRequired = fSeq | fTS
)

// DecodeSOS decodes an SOS packet received at now: {"seq", "ts"} and, when
// the bracelet has a fix, "lat" and "lon" (both or neither) with an
// optional "acc", under the same rules as a position fix.
func DecodeSOS(payload []byte, now time.Time, limits Limits) (SOS, error) {
	var d decoder
	if err := d.init("sos", payload, now, limits); err != nil {
		return SOS{}, err
	}
	var f fields
	err := d.packetObject(1, sosFields, sosRequired, &f)
	if err == nil && d.err == nil {
		switch pos := f.have & (fLat | fLon); {
		case pos == fLat:
			d.fail(ReasonMissingField, fLon, `"lat" without "lon": send both or neither`)
		case pos == fLon:
			d.fail(ReasonMissingField, fLat, `"lon" without "lat": send both or neither`)
		case pos == 0 && f.have&fAcc != 0:
			d.fail(ReasonMissingField, fLat, `"acc" without a position: send "lat" and "lon" with it`)
		}
	}
	if err := d.result(err); err != nil {
		return SOS{}, err
	}
	p := SOS{Seq: f.seq, TS: f.ts}
	if f.have&fLat != 0 {
		fix := f.fix(&optional{})
		p.Fix = &fix
	}
	return p, nil
}

// EncodeSOS encodes an SOS packet, values as given; the position is
// written when p.Fix is set (its Seq and TS are p's).
func EncodeSOS(p SOS) []byte {
	b := make([]byte, 0, 96)
	b = append(b, `{"seq":`...)
	b = strconv.AppendUint(b, p.Seq, 10)
	b = append(b, `,"ts":`...)
	b = strconv.AppendInt(b, p.TS.UnixMilli(), 10)
	if p.Fix != nil {
		b = append(b, `,"lat":`...)
		b = appendFloat(b, p.Fix.Lat)
		b = append(b, `,"lon":`...)
		b = appendFloat(b, p.Fix.Lon)
		if p.Fix.Acc != nil {
			b = append(b, `,"acc":`...)
			b = appendFloat(b, *p.Fix.Acc)
		}
	}
	return append(b, '}')
}
