package wire

import (
	"bytes"
	"fmt"
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

// decoder reads one packet. Problems with the JSON itself are returned at
// once, as they make the rest unreadable; problems with the content are
// kept in err (the first one wins) while reading goes on, so a payload that
// is not well-formed JSON is always reported as bad_json.
//
// Its methods are split by concern: scanner.go reads JSON (values, strings,
// numbers, skipping what is not needed), packets.go the shapes of packets
// (one object, an array of fixes) and fields.go the contract's rules for
// each field's value.
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
