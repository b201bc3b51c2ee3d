package wire

import (
	"math"
	"strconv"
)

// EncodePosition encodes a position packet: one fix as an object, several
// (or none) as an array. It writes the values as given, without checking
// them: a non-finite float is written as NaN, Infinity or -Infinity, which is
// not JSON, and zero fixes as [], both of which DecodePositions rejects.
func EncodePosition(fixes ...Fix) []byte {
	b := make([]byte, 0, 2+len(fixes)*96)
	if len(fixes) == 1 {
		return appendFix(b, fixes[0])
	}
	b = append(b, '[')
	for i, f := range fixes {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendFix(b, f)
	}
	return append(b, ']')
}

func appendFix(b []byte, f Fix) []byte {
	b = append(b, `{"seq":`...)
	b = strconv.AppendUint(b, f.Seq, 10)
	b = append(b, `,"ts":`...)
	b = strconv.AppendInt(b, f.TS.UnixMilli(), 10)
	b = append(b, `,"lat":`...)
	b = appendFloat(b, f.Lat)
	b = append(b, `,"lon":`...)
	b = appendFloat(b, f.Lon)
	if f.Acc != nil {
		b = append(b, `,"acc":`...)
		b = appendFloat(b, *f.Acc)
	}
	if f.Bat != nil {
		b = append(b, `,"bat":`...)
		b = strconv.AppendInt(b, int64(*f.Bat), 10)
	}
	return append(b, '}')
}

// EncodeBattery encodes a battery packet, values as given.
func EncodeBattery(p Battery) []byte {
	b := make([]byte, 0, 80)
	b = append(b, `{"seq":`...)
	b = strconv.AppendUint(b, p.Seq, 10)
	b = append(b, `,"ts":`...)
	b = strconv.AppendInt(b, p.TS.UnixMilli(), 10)
	b = append(b, `,"bat":`...)
	b = strconv.AppendInt(b, int64(p.Bat), 10)
	b = append(b, `,"charging":`...)
	b = strconv.AppendBool(b, p.Charging)
	return append(b, '}')
}

// EncodeConfig encodes a config packet, values as given.
func EncodeConfig(c Config) []byte {
	b := make([]byte, 0, 24)
	b = append(b, `{"interval_s":`...)
	b = strconv.AppendInt(b, int64(c.IntervalS), 10)
	return append(b, '}')
}

// appendFloat writes v the way encoding/json does: the shortest text that
// reads back as the same float64.
func appendFloat(b []byte, v float64) []byte {
	switch {
	case math.IsNaN(v):
		return append(b, "NaN"...)
	case math.IsInf(v, 1):
		return append(b, "Infinity"...)
	case math.IsInf(v, -1):
		return append(b, "-Infinity"...)
	}
	format := byte('f')
	if abs := math.Abs(v); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, v, format, -1, 64)
	if format == 'e' {
		// 1e-07 → 1e-7, as encoding/json writes it.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}
