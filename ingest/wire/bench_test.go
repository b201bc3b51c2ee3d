package wire_test

import (
	"testing"
	"time"

	"lifeline/ingest/wire"
)

func benchFixes(n int) []wire.Fix {
	fixes := make([]wire.Fix, n)
	for i := range fixes {
		fixes[i] = wire.Fix{
			Seq: uint64(1042 + i), TS: wire.FixtureNow.Add(-time.Duration(n-i) * time.Second),
			Lat: 37.7749 + float64(i)*1e-4, Lon: -122.4194 - float64(i)*1e-4,
			Acc: ptr(6.5), Bat: ptr(81),
		}
	}
	return fixes
}

func BenchmarkDecodePositions(b *testing.B) {
	cases := []struct {
		name    string
		payload []byte
		fixes   int
	}{
		{"object", wire.EncodePosition(benchFixes(1)...), 1},
		{"array50", wire.EncodePosition(benchFixes(50)...), 50},
		{"array500", wire.EncodePosition(benchFixes(500)...), 500},
		{"object_rfc3339", []byte(`{"seq":1042,"ts":"2025-11-22T07:41:04.123+01:00","lat":37.7749,"lon":-122.4194,"acc":6.5,"bat":81}`), 1},
		{"object_required_only", []byte(`{"seq":1042,"ts":1763793664000,"lat":37.7749,"lon":-122.4194}`), 1},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.payload)))
			for b.Loop() {
				fixes, err := wire.DecodePositions(c.payload, wire.FixtureNow, wire.Limits{})
				if err != nil || len(fixes) != c.fixes {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*c.fixes), "ns/fix")
		})
	}
}

func BenchmarkDecodePositionsRejected(b *testing.B) {
	payload := []byte(`{"seq":1042,"ts":1763793664000,"lat":97.7749,"lon":-122.4194,"acc":6.5,"bat":81}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := wire.DecodePositions(payload, wire.FixtureNow, wire.Limits{}); err == nil {
			b.Fatal("accepted")
		}
	}
}

func BenchmarkDecodeBattery(b *testing.B) {
	payload := []byte(`{"seq":7,"ts":1763793664000,"bat":80,"charging":false}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := wire.DecodeBattery(payload, wire.FixtureNow, wire.Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodePosition(b *testing.B) {
	for _, n := range []int{1, 50} {
		fixes := benchFixes(n)
		b.Run(map[int]string{1: "object", 50: "array50"}[n], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = wire.EncodePosition(fixes...)
			}
		})
	}
}
