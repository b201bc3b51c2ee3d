package wire_test

import (
	"encoding/json"
	"math"
	"testing"
	"time"

	"lifeline/ingest/wire"
)

func TestEncodePositionRoundTrip(t *testing.T) {
	ts := wire.FixtureNow.Add(-time.Minute)
	tests := map[string][]wire.Fix{
		"one fix, every field":     {{Seq: 1042, TS: ts, Lat: 37.7749, Lon: -122.4194, Acc: ptr(6.5), Bat: ptr(81)}},
		"one fix, required fields": {{Seq: 0, TS: ts, Lat: -90, Lon: 180}},
		"extremes": {
			{Seq: wire.MaxSeq, TS: ts, Lat: 90, Lon: -180, Acc: ptr(float64(wire.MaxAccuracy)), Bat: ptr(100)},
			{Seq: 1, TS: ts, Lat: 5e-324, Lon: -1e-7, Acc: ptr(0.0), Bat: ptr(0)},
			{Seq: 2, TS: ts, Lat: 0.1 + 0.2, Lon: math.Nextafter(180, 0), Acc: ptr(1e-300)},
		},
		"a buffer": func() []wire.Fix {
			fixes := make([]wire.Fix, wire.MaxBatch)
			for i := range fixes {
				fixes[i] = wire.Fix{Seq: uint64(i), TS: ts.Add(-time.Duration(i) * time.Second), Lat: float64(i) / 7, Lon: -float64(i) / 3}
			}
			return fixes
		}(),
	}
	for name, fixes := range tests {
		t.Run(name, func(t *testing.T) {
			payload := wire.EncodePosition(fixes...)
			if !json.Valid(payload) {
				t.Fatalf("not JSON: %s", payload)
			}
			if isArray := payload[0] == '['; isArray != (len(fixes) > 1) {
				t.Errorf("%d fixes encoded as %s", len(fixes), payload[:1])
			}
			got, err := wire.DecodePositions(payload, wire.FixtureNow, wire.Limits{})
			if err != nil {
				t.Fatalf("%s: %v", payload, err)
			}
			assertFixes(t, got, fixes)
		})
	}
}

// Encoded fixes read the same through encoding/json, field by field.
func TestEncodePositionIsPlainJSON(t *testing.T) {
	fix := wire.Fix{Seq: 1042, TS: time.UnixMilli(1763793664000), Lat: 37.7749, Lon: -122.4194, Acc: ptr(6.5), Bat: ptr(81)}
	want := `{"seq":1042,"ts":1763793664000,"lat":37.7749,"lon":-122.4194,"acc":6.5,"bat":81}`
	if got := string(wire.EncodePosition(fix)); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	for _, v := range []float64{1e-7, 1.5e-300, 1e21, 123456789012345678, -0.000001} {
		b := wire.EncodePosition(wire.Fix{Lat: v})
		var m map[string]float64
		if err := json.Unmarshal(b, &m); err != nil || m["lat"] != v {
			t.Errorf("%v encoded as %s: %v", v, b, err)
		}
		want, _ := json.Marshal(v)
		if got := b[len(`{"seq":0,"ts":-62135596800000,"lat":`) : len(b)-len(`,"lon":0}`)]; string(got) != string(want) {
			t.Errorf("%v encoded as %s, encoding/json writes %s", v, got, want)
		}
	}
}

func TestEncodeInvalidValuesAreRejected(t *testing.T) {
	ts := wire.FixtureNow
	for name, fix := range map[string]wire.Fix{
		"NaN lat":        {TS: ts, Lat: math.NaN()},
		"infinite lon":   {TS: ts, Lon: math.Inf(-1)},
		"infinite acc":   {TS: ts, Acc: ptr(math.Inf(1))},
		"bat 200":        {TS: ts, Bat: ptr(200)},
		"seq past int64": {Seq: math.MaxUint64, TS: ts},
		"zero ts":        {},
	} {
		if _, err := wire.DecodePositions(wire.EncodePosition(fix), wire.FixtureNow, wire.Limits{}); err == nil {
			t.Errorf("%s: encoded as %s and accepted", name, wire.EncodePosition(fix))
		}
	}
	if _, err := wire.DecodePositions(wire.EncodePosition(), wire.FixtureNow, wire.Limits{}); wire.ReasonOf(err) != wire.ReasonEmptyArray {
		t.Errorf("no fixes: got %v, want empty_array", err)
	}
}

func TestEncodeBatteryAndConfigRoundTrip(t *testing.T) {
	for _, b := range []wire.Battery{
		{Seq: 7, TS: wire.FixtureNow.Add(-time.Minute), Bat: 80},
		{Seq: wire.MaxSeq, TS: wire.FixtureNow, Bat: 100, Charging: true},
		{Seq: 0, TS: wire.FixtureNow.Add(-time.Hour), Bat: 0},
	} {
		payload := wire.EncodeBattery(b)
		got, err := wire.DecodeBattery(payload, wire.FixtureNow, wire.Limits{})
		if err != nil {
			t.Fatalf("%s: %v", payload, err)
		}
		assertBattery(t, got, b)
	}
	want := `{"seq":7,"ts":1763793664000,"bat":80,"charging":false}`
	if got := string(wire.EncodeBattery(wire.Battery{Seq: 7, TS: time.UnixMilli(1763793664000), Bat: 80})); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if got := string(wire.EncodeConfig(wire.Config{IntervalS: 30})); got != `{"interval_s":30}` {
		t.Errorf("got %s", got)
	}
	c, err := wire.DecodeConfig(wire.EncodeConfig(wire.Config{IntervalS: 45}))
	if err != nil || c.IntervalS != 45 {
		t.Errorf("got %+v, %v", c, err)
	}
}
