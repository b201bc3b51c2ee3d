package wire_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"testing"
	"time"
	"unicode/utf8"

	"lifeline/ingest/wire"
)

// seed adds the payloads of the fixtures of one kind, and a few fragments.
func seed(f *testing.F, kind wire.Kind) {
	for _, fx := range wire.Fixtures {
		if fx.Kind == kind && len(fx.Payload) <= 4096 {
			f.Add(fx.Payload)
		}
	}
	for _, s := range []string{"", "{", "[", `{"`, `[{}]`, `{"ts":"`, `"\u`, "-", "0", "1e", "\xef\xbb\xbf{}"} {
		f.Add([]byte(s))
	}
}

// checkError checks a rejection: an *Error with a known reason and, when it
// says bad_json, a payload encoding/json rejects too.
func checkError(t *testing.T, payload []byte, err error) {
	t.Helper()
	var e *wire.Error
	if !errors.As(err, &e) {
		t.Fatalf("%q: error %v (%T) is not an *Error", payload, err, err)
	}
	if !slices.Contains(wire.Reasons(), e.Reason) {
		t.Fatalf("%q: unknown reason %q", payload, e.Reason)
	}
	if e.Reason == wire.ReasonBadJSON && json.Valid(payload) && utf8.Valid(payload) {
		t.Fatalf("%q: bad_json, but encoding/json reads it: %v", payload, err)
	}
	_ = err.Error()
}

// checkAccepted checks what encoding/json says of an accepted payload: that
// it is JSON, and that the decoded value of each field matches its own.
func checkAccepted(t *testing.T, payload []byte, count int) []map[string]any {
	t.Helper()
	if !json.Valid(payload) {
		t.Fatalf("%q: accepted, but encoding/json says it is not JSON", payload)
	}
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%q: encoding/json: %v", payload, err)
	}
	objects, ok := v.([]any)
	if !ok {
		objects = []any{v}
	}
	if len(objects) != count {
		t.Fatalf("%q: encoding/json reads %d objects, the decoder %d", payload, len(objects), count)
	}
	out := make([]map[string]any, len(objects))
	for i, o := range objects {
		out[i] = o.(map[string]any)
	}
	return out
}

func number(t *testing.T, payload []byte, obj map[string]any, key string) (float64, bool) {
	t.Helper()
	v, ok := obj[key]
	if !ok || v == nil {
		return 0, false
	}
	n, ok := v.(json.Number)
	if !ok {
		t.Fatalf("%q: accepted %s=%v, which is not a number", payload, key, v)
	}
	f, err := n.Float64()
	if err != nil {
		t.Fatalf("%q: accepted %s=%v: %v", payload, key, n, err)
	}
	return f, true
}

func checkTS(t *testing.T, payload []byte, ts time.Time) {
	t.Helper()
	lo, hi := wire.FixtureNow.Add(-wire.DefaultMaxAge), wire.FixtureNow.Add(wire.DefaultMaxFuture)
	if ts.Before(lo) || ts.After(hi) {
		t.Fatalf("%q: accepted ts %v outside [%v, %v]", payload, ts, lo, hi)
	}
	if ts.Location() != time.UTC || ts.Nanosecond()%1000 != 0 {
		t.Fatalf("%q: ts %v is not UTC with whole microseconds", payload, ts)
	}
}

// FuzzDecodePositions: no input panics, and no out-of-range value is ever
// accepted.
func FuzzDecodePositions(f *testing.F) {
	seed(f, wire.KindPosition)
	f.Fuzz(func(t *testing.T, payload []byte) {
		original := bytes.Clone(payload)
		fixes, err := wire.DecodePositions(payload, wire.FixtureNow, wire.Limits{})
		if !bytes.Equal(payload, original) {
			t.Fatalf("the decoder changed the payload")
		}
		if err != nil {
			if fixes != nil {
				t.Fatalf("%q: rejected (%v) with fixes", payload, err)
			}
			checkError(t, payload, err)
			return
		}
		if len(fixes) < 1 || len(fixes) > wire.MaxBatch {
			t.Fatalf("%q: accepted %d fixes", payload, len(fixes))
		}
		objects := checkAccepted(t, payload, len(fixes))
		for i, fix := range fixes {
			switch {
			case fix.Seq > wire.MaxSeq:
				t.Fatalf("%q: accepted seq %d", payload, fix.Seq)
			case !(fix.Lat >= -90 && fix.Lat <= 90):
				t.Fatalf("%q: accepted lat %v", payload, fix.Lat)
			case !(fix.Lon >= -180 && fix.Lon <= 180):
				t.Fatalf("%q: accepted lon %v", payload, fix.Lon)
			case fix.Acc != nil && !(*fix.Acc >= 0 && *fix.Acc <= wire.MaxAccuracy):
				t.Fatalf("%q: accepted acc %v", payload, *fix.Acc)
			case fix.Bat != nil && !(*fix.Bat >= 0 && *fix.Bat <= 100):
				t.Fatalf("%q: accepted bat %v", payload, *fix.Bat)
			}
			checkTS(t, payload, fix.TS)
			// The values are the ones encoding/json reads.
			obj := objects[i]
			if lat, _ := number(t, payload, obj, "lat"); lat != fix.Lat {
				t.Fatalf("%q: lat %v, encoding/json reads %v", payload, fix.Lat, lat)
			}
			if lon, _ := number(t, payload, obj, "lon"); lon != fix.Lon {
				t.Fatalf("%q: lon %v, encoding/json reads %v", payload, fix.Lon, lon)
			}
			if acc, ok := number(t, payload, obj, "acc"); ok != (fix.Acc != nil) || ok && acc != *fix.Acc {
				t.Fatalf("%q: acc %v, encoding/json reads %v", payload, fix.Acc, obj["acc"])
			}
			if bat, ok := number(t, payload, obj, "bat"); ok != (fix.Bat != nil) || ok && bat != float64(*fix.Bat) {
				t.Fatalf("%q: bat %v, encoding/json reads %v", payload, fix.Bat, obj["bat"])
			}
			if seq, err := strconv.ParseInt(string(obj["seq"].(json.Number)), 10, 64); err != nil || uint64(seq) != fix.Seq {
				t.Fatalf("%q: seq %d, encoding/json reads %v", payload, fix.Seq, obj["seq"])
			}
		}
		// What the simulator encodes reads back the same, to the millisecond.
		again, err := wire.DecodePositions(wire.EncodePosition(fixes...), wire.FixtureNow, wire.Limits{})
		if err != nil {
			t.Fatalf("%q: re-encoded fixes rejected: %v", payload, err)
		}
		for i := range fixes {
			want := fixes[i]
			want.TS = want.TS.Truncate(time.Millisecond)
			if !again[i].Equal(want) {
				t.Fatalf("%q: fix %d re-encoded reads %s, want %s", payload, i, showFix(again[i]), showFix(want))
			}
		}
	})
}

// FuzzDecodeBattery: no input panics, and no out-of-range value is ever
// accepted.
func FuzzDecodeBattery(f *testing.F) {
	seed(f, wire.KindBattery)
	f.Fuzz(func(t *testing.T, payload []byte) {
		b, err := wire.DecodeBattery(payload, wire.FixtureNow, wire.Limits{})
		if err != nil {
			if b != (wire.Battery{}) {
				t.Fatalf("%q: rejected (%v) with a reading", payload, err)
			}
			checkError(t, payload, err)
			return
		}
		if b.Seq > wire.MaxSeq || b.Bat < 0 || b.Bat > 100 {
			t.Fatalf("%q: accepted %+v", payload, b)
		}
		checkTS(t, payload, b.TS)
		obj := checkAccepted(t, payload, 1)[0]
		if bat, _ := number(t, payload, obj, "bat"); bat != float64(b.Bat) {
			t.Fatalf("%q: bat %d, encoding/json reads %v", payload, b.Bat, obj["bat"])
		}
		if charging, ok := obj["charging"].(bool); !ok || charging != b.Charging {
			t.Fatalf("%q: charging %v, encoding/json reads %v", payload, b.Charging, obj["charging"])
		}
		again, err := wire.DecodeBattery(wire.EncodeBattery(b), wire.FixtureNow, wire.Limits{})
		b.TS = b.TS.Truncate(time.Millisecond)
		if err != nil || again != b {
			t.Fatalf("%q: re-encoded reads %+v, %v; want %+v", payload, again, err, b)
		}
	})
}

// FuzzDecodeConfig: no input panics; an accepted interval is in range.
func FuzzDecodeConfig(f *testing.F) {
	seed(f, wire.KindConfig)
	f.Fuzz(func(t *testing.T, payload []byte) {
		c, err := wire.DecodeConfig(payload)
		if err != nil {
			checkError(t, payload, err)
			return
		}
		if c.IntervalS < 1 || c.IntervalS > wire.MaxIntervalS {
			t.Fatalf("%q: accepted %+v", payload, c)
		}
		checkAccepted(t, payload, 1)
	})
}

// FuzzEncodeDecode: the decoder accepts a fix the simulator encodes exactly
// when every value is within the contract, and then reads back those values.
func FuzzEncodeDecode(f *testing.F) {
	now := wire.FixtureNow.UnixMilli()
	f.Add(uint64(1042), now-60_000, 37.7749, -122.4194, 6.5, 81, true)
	f.Add(uint64(wire.MaxSeq), now+5*60_000, 90.0, -180.0, 0.0, 100, true)
	f.Add(uint64(wire.MaxSeq+1), now+5*60_000+1, 90.00000000000001, 180.0, -0.0, 101, false)
	f.Add(uint64(0), now-int64(wire.DefaultMaxAge/time.Millisecond)-1, -90.0, 180.00000000000003, 1e5, -1, true)
	f.Fuzz(func(t *testing.T, seq uint64, ms int64, lat, lon, acc float64, bat int, optional bool) {
		fix := wire.Fix{Seq: seq, TS: time.UnixMilli(ms).UTC(), Lat: lat, Lon: lon}
		if optional {
			fix.Acc, fix.Bat = &acc, &bat
		}
		lo, hi := wire.FixtureNow.Add(-wire.DefaultMaxAge), wire.FixtureNow.Add(wire.DefaultMaxFuture)
		valid := seq <= wire.MaxSeq && !fix.TS.Before(lo) && !fix.TS.After(hi) &&
			lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180 &&
			(!optional || acc >= 0 && acc <= wire.MaxAccuracy && bat >= 0 && bat <= 100)
		payload := wire.EncodePosition(fix)
		fixes, err := wire.DecodePositions(payload, wire.FixtureNow, wire.Limits{})
		if valid != (err == nil) {
			t.Fatalf("%s: valid %v, decoder says %v", payload, valid, err)
		}
		if err == nil && !fixes[0].Equal(fix) {
			t.Fatalf("%s: read back %s", payload, showFix(fixes[0]))
		}
	})
}
