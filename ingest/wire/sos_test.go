package wire_test

import (
	"errors"
	"math"
	"strconv"
	"testing"
	"time"

	"lifeline/ingest/wire"
)

func TestDecodeSOS(t *testing.T) {
	now := wire.FixtureNow
	ms := now.Add(-time.Minute).UnixMilli()
	at := time.UnixMilli(ms).UTC()
	cases := []struct {
		name    string
		payload string
		want    wire.SOS
		reason  string
		field   string
	}{
		{name: "press without a fix", payload: `{"seq":7,"ts":` + itoa(ms) + `}`, want: wire.SOS{Seq: 7, TS: at}},
		{name: "press with a fix", payload: `{"seq":8,"ts":` + itoa(ms) + `,"lat":37.7749,"lon":-122.4194,"acc":6.5}`,
			want: wire.SOS{Seq: 8, TS: at, Fix: &wire.Fix{Seq: 8, TS: at, Lat: 37.7749, Lon: -122.4194, Acc: ptr(6.5)}}},
		{name: "RFC 3339 time, nulls as absent, unknown fields ignored", payload: `{"seq":9,"ts":"` + at.Format(time.RFC3339) + `","lat":null,"lon":null,"fw":"1.2"}`,
			want: wire.SOS{Seq: 9, TS: at}},
		{name: "bat is not part of an SOS and is ignored", payload: `{"seq":1,"ts":` + itoa(ms) + `,"bat":500}`, want: wire.SOS{Seq: 1, TS: at}},
		{name: "missing seq", payload: `{"ts":` + itoa(ms) + `}`, reason: wire.ReasonMissingField, field: "seq"},
		{name: "missing ts", payload: `{"seq":1}`, reason: wire.ReasonMissingField, field: "ts"},
		{name: "lat without lon", payload: `{"seq":1,"ts":` + itoa(ms) + `,"lat":1}`, reason: wire.ReasonMissingField, field: "lon"},
		{name: "lon without lat", payload: `{"seq":1,"ts":` + itoa(ms) + `,"lon":1}`, reason: wire.ReasonMissingField, field: "lat"},
		{name: "acc without a position", payload: `{"seq":1,"ts":` + itoa(ms) + `,"acc":5}`, reason: wire.ReasonMissingField, field: "lat"},
		{name: "lat out of range", payload: `{"seq":1,"ts":` + itoa(ms) + `,"lat":91,"lon":0}`, reason: wire.ReasonLatRange, field: "lat"},
		{name: "acc out of range", payload: `{"seq":1,"ts":` + itoa(ms) + `,"lat":1,"lon":0,"acc":-1}`, reason: wire.ReasonAccRange, field: "acc"},
		{name: "ts in the future", payload: `{"seq":1,"ts":` + itoa(now.Add(time.Hour).UnixMilli()) + `}`, reason: wire.ReasonTSFuture, field: "ts"},
		{name: "fractional seq", payload: `{"seq":1.0,"ts":` + itoa(ms) + `}`, reason: wire.ReasonBadSeq, field: "seq"},
		{name: "duplicate key", payload: `{"seq":1,"seq":2,"ts":` + itoa(ms) + `}`, reason: wire.ReasonDuplicateKey, field: "seq"},
		{name: "an array is not an SOS", payload: `[{"seq":1,"ts":` + itoa(ms) + `}]`, reason: wire.ReasonNotObject},
		{name: "empty payload", payload: ``, reason: wire.ReasonBadJSON},
		{name: "trailing data", payload: `{"seq":1,"ts":` + itoa(ms) + `} x`, reason: wire.ReasonBadJSON},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := wire.DecodeSOS([]byte(tc.payload), now, wire.Limits{})
			if tc.reason != "" {
				var e *wire.Error
				if !errors.As(err, &e) || e.Reason != tc.reason || e.Field != tc.field || e.Packet != "sos" && e.Reason != wire.ReasonBadJSON {
					t.Fatalf("err = %#v, want reason %s field %q", err, tc.reason, tc.field)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !sameSOS(got, tc.want) {
				t.Fatalf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestParseTopicSOS(t *testing.T) {
	id, kind, err := wire.ParseTopic(wire.SOSTopic("brc_abcd1234"))
	if err != nil || id != "brc_abcd1234" || kind != wire.KindSOS || kind.String() != "sos" {
		t.Fatalf("ParseTopic = %q %v %v", id, kind, err)
	}
}

func sameSOS(a, b wire.SOS) bool {
	if a.Seq != b.Seq || !a.TS.Equal(b.TS) || (a.Fix == nil) != (b.Fix == nil) {
		return false
	}
	return a.Fix == nil || a.Fix.Equal(*b.Fix)
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

// FuzzDecodeSOS: no input panics; a rejection is an *Error with a known
// reason; an accepted press has a position only as a valid pair, and
// re-encodes to the same press.
func FuzzDecodeSOS(f *testing.F) {
	ms := wire.FixtureNow.Add(-time.Minute).UnixMilli()
	for _, s := range []string{`{"seq":1,"ts":` + itoa(ms) + `}`, `{"seq":2,"ts":` + itoa(ms) + `,"lat":1.5,"lon":-2,"acc":3}`,
		`{"seq":3,"ts":"2025-11-22T06:41:04Z","lat":1}`, `{"seq":1,"ts":0,"acc":1}`, "", "{", `{"`, "[]"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, payload []byte) {
		p, err := wire.DecodeSOS(payload, wire.FixtureNow, wire.Limits{})
		if err != nil {
			if p.Fix != nil || p.Seq != 0 {
				t.Fatalf("%q: rejected (%v) with a press", payload, err)
			}
			checkError(t, payload, err)
			return
		}
		if p.Seq > wire.MaxSeq {
			t.Fatalf("%q: accepted %+v", payload, p)
		}
		checkTS(t, payload, p.TS)
		checkAccepted(t, payload, 1)
		if fx := p.Fix; fx != nil {
			if fx.Seq != p.Seq || !fx.TS.Equal(p.TS) || math.Abs(fx.Lat) > 90 || math.Abs(fx.Lon) > 180 || fx.Bat != nil ||
				fx.Acc != nil && (*fx.Acc < 0 || *fx.Acc > wire.MaxAccuracy) {
				t.Fatalf("%q: accepted fix %s", payload, showFix(*fx))
			}
		}
		again, err := wire.DecodeSOS(wire.EncodeSOS(p), wire.FixtureNow, wire.Limits{})
		p.TS = p.TS.Truncate(time.Millisecond)
		if p.Fix != nil {
			p.Fix.TS = p.TS
		}
		if err != nil || !sameSOS(again, p) {
			t.Fatalf("%q: re-encoded reads %+v, %v; want %+v", payload, again, err, p)
		}
	})
}
