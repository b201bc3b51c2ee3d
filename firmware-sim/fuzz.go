package main

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"lifeline/ingest/wire"
)

// fuzzPacket is a packet the server must reject: acknowledged (MQTT 3.1.1
// has no negative PUBACK) but never stored.
type fuzzPacket struct {
	name    string
	kind    wire.Kind // position or battery
	payload []byte
}

// fuzzer makes bad packets: half from the contract's shared fixtures, half
// generated (out-of-range values, clocks far off, oversize, garbage). Every
// packet is run through the server's own decoder first and kept only if it
// is rejected a minute either side of now, so the fuzz scenario never sends
// something the server could store.
type fuzzer struct {
	fixtures []fuzzPacket
}

// fuzzMaxPayload keeps oversize packets under the broker's MQTT packet
// limit (128 KiB), so they reach the decoder instead of ending the
// connection.
const fuzzMaxPayload = 100 << 10

func newFuzzer(now time.Time) *fuzzer {
	f := &fuzzer{}
	for _, fx := range wire.Fixtures {
		p := fuzzPacket{name: "fixture: " + fx.Name, kind: fx.Kind, payload: fx.Payload}
		if fx.Reason != "" && len(fx.Payload) <= fuzzMaxPayload && rejected(p, now) {
			f.fixtures = append(f.fixtures, p)
		}
	}
	return f
}

// rejected reports whether the server's decoder refuses p at now, give or
// take a minute of clock difference.
func rejected(p fuzzPacket, now time.Time) bool {
	for _, at := range []time.Time{now.Add(-time.Minute), now, now.Add(time.Minute)} {
		var err error
		switch p.kind {
		case wire.KindPosition:
			_, err = wire.DecodePositions(p.payload, at, wire.Limits{})
		case wire.KindBattery:
			_, err = wire.DecodeBattery(p.payload, at, wire.Limits{})
		default:
			return false
		}
		if err == nil {
			return false
		}
	}
	return true
}

// next returns a bad packet about a device at (lat, lon) at now.
func (f *fuzzer) next(rng *rand.Rand, seq uint64, now time.Time, lat, lon float64) fuzzPacket {
	for {
		var p fuzzPacket
		if len(f.fixtures) > 0 && rng.IntN(2) == 0 {
			p = f.fixtures[rng.IntN(len(f.fixtures))]
		} else {
			p = generateBad(rng, seq, now, lat, lon)
		}
		if rejected(p, now) {
			return p
		}
	}
}

func generateBad(rng *rand.Rand, seq uint64, now time.Time, lat, lon float64) fuzzPacket {
	acc, bat := 10.0, 50
	fix := wire.Fix{Seq: seq, TS: now, Lat: lat, Lon: lon, Acc: &acc, Bat: &bat}
	over := func(limit float64) float64 { return limit + 1e-6 + rng.Float64()*limit }
	pos := func(name string, f wire.Fix) fuzzPacket {
		return fuzzPacket{name: name, kind: wire.KindPosition, payload: wire.EncodePosition(f)}
	}
	raw := func(name string, payload string) fuzzPacket {
		return fuzzPacket{name: name, kind: wire.KindPosition, payload: []byte(payload)}
	}
	valid := string(wire.EncodePosition(fix))
	switch rng.IntN(16) {
	case 0:
		fix.Lat = over(90) * sign(rng)
		return pos("lat out of range", fix)
	case 1:
		fix.Lon = over(180) * sign(rng)
		return pos("lon out of range", fix)
	case 2:
		acc = -1 - rng.Float64()*100
		return pos("negative accuracy", fix)
	case 3:
		acc = over(wire.MaxAccuracy)
		return pos("accuracy beyond the limit", fix)
	case 4:
		bat = 101 + rng.IntN(1000)
		return pos("battery above 100", fix)
	case 5:
		fix.TS = now.Add(time.Hour + time.Duration(rng.Int64N(int64(365*24*time.Hour))))
		return pos("ts in the future", fix)
	case 6:
		fix.TS = now.Add(-wire.DefaultMaxAge - time.Hour - time.Duration(rng.Int64N(int64(365*24*time.Hour))))
		return pos("ts older than retention", fix)
	case 7:
		fix.Lat = math.NaN()
		return pos("NaN latitude", fix)
	case 8:
		fix.Lon = math.Inf(1)
		return pos("infinite longitude", fix)
	case 9:
		return raw("truncated", valid[:1+rng.IntN(len(valid)-2)])
	case 10:
		b := make([]byte, 1+rng.IntN(200))
		for i := range b {
			b[i] = byte(rng.UintN(256))
		}
		return fuzzPacket{name: "random bytes", kind: wire.KindPosition, payload: b}
	case 11:
		pad := wire.DefaultMaxPayload + 1 + rng.IntN(fuzzMaxPayload-wire.DefaultMaxPayload-len(valid)-16)
		return raw("oversize", valid[:len(valid)-1]+`,"pad":"`+strings.Repeat("x", pad)+`"}`)
	case 12:
		fixes := make([]wire.Fix, wire.MaxBatch+1+rng.IntN(20))
		for i := range fixes {
			fixes[i] = wire.Fix{Seq: seq, TS: now, Lat: lat, Lon: lon}
		}
		return fuzzPacket{name: "too many fixes", kind: wire.KindPosition, payload: wire.EncodePosition(fixes...)}
	case 13:
		return raw("empty array", "[]")
	case 14:
		return raw("seq not a number", strings.Replace(valid, `"seq":`+strconv.FormatUint(seq, 10), `"seq":"`+strconv.FormatUint(seq, 10)+`"`, 1))
	default:
		p := wire.EncodeBattery(wire.Battery{Seq: seq, TS: now, Bat: 101 + rng.IntN(100)})
		return fuzzPacket{name: "battery above 100", kind: wire.KindBattery, payload: p}
	}
}

func sign(rng *rand.Rand) float64 {
	if rng.IntN(2) == 0 {
		return -1
	}
	return 1
}
