package ratelimit

import (
	"testing"
	"time"
)

func TestBucket(t *testing.T) {
	start := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		name  string
		limit Limit
		at    []time.Duration // request times after start
		want  []bool
	}{
		{"burst then refused", Limit{PerSecond: 1, Burst: 2}, []time.Duration{0, 0, 0}, []bool{true, true, false}},
		{"refills at the rate", Limit{PerSecond: 2, Burst: 1}, []time.Duration{0, 100 * time.Millisecond, 500 * time.Millisecond}, []bool{true, false, true}},
		{"never beyond the burst", Limit{PerSecond: 10, Burst: 1}, []time.Duration{0, time.Hour, time.Hour}, []bool{true, true, false}},
		{"zero rate is no limit", Limit{}, []time.Duration{0, 0, 0}, []bool{true, true, true}},
		// Concurrent callers read the clock before the lock: an earlier time
		// after a later one takes nothing away.
		{"a time out of order", Limit{PerSecond: 1, Burst: 2}, []time.Duration{time.Second, 0, time.Second, time.Second}, []bool{true, true, false, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := NewBucket(tt.limit)
			for i, d := range tt.at {
				if free := b.Available(start.Add(d)); (free >= 1) != tt.want[i] {
					t.Errorf("before request %d at +%s: Available says %g, and Allow should say %v", i, d, free, tt.want[i])
				}
				if got := b.Allow(start.Add(d)); got != tt.want[i] {
					t.Errorf("request %d at +%s: %v, want %v", i, d, got, tt.want[i])
				}
			}
		})
	}
}

func TestKeyedGivesEachKeyItsOwnBucket(t *testing.T) {
	now := time.Now()
	k := NewKeyed(Limit{PerSecond: 1, Burst: 1})
	if !k.Allow("brc_a", now) || k.Allow("brc_a", now) {
		t.Error("brc_a: want its one token, then a refusal")
	}
	if !k.Allow("brc_b", now) {
		t.Error("brc_b was limited by brc_a's requests")
	}
}
