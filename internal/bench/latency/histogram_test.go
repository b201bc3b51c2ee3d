package latency

import (
	"math/rand/v2"
	"sort"
	"sync"
	"testing"
	"time"
)

func TestHistogramPercentiles(t *testing.T) {
	uniform := func(lo, hi time.Duration) []time.Duration {
		var d []time.Duration
		for v := lo; v <= hi; v += (hi - lo) / 10000 {
			d = append(d, v)
		}
		return d
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var skewed []time.Duration // mostly fast, a slow tail
	for range 20000 {
		v := time.Duration(rng.ExpFloat64() * float64(3*time.Millisecond))
		if rng.IntN(100) == 0 {
			v += 200 * time.Millisecond
		}
		skewed = append(skewed, v)
	}
	tests := []struct {
		name   string
		values []time.Duration
	}{
		{"uniform 1-100 ms", uniform(time.Millisecond, 100*time.Millisecond)},
		{"uniform 10-60 µs (exact buckets)", uniform(10*time.Microsecond, 60*time.Microsecond)},
		{"uniform 1-30 s", uniform(time.Second, 30*time.Second)},
		{"exponential with a slow tail", skewed},
		{"one value", []time.Duration{1234 * time.Microsecond}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var h Histogram
			for _, v := range tt.values {
				h.Record(v)
			}
			sorted := append([]time.Duration(nil), tt.values...)
			sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
			for _, q := range []float64{0.5, 0.9, 0.99, 1} {
				want := sorted[max(0, int(q*float64(len(sorted))+0.5)-1)]
				got := h.Percentile(q)
				if diff := abs(got - want); diff > want/50+time.Microsecond {
					t.Errorf("p%g = %v, want %v (within 2%%)", q*100, got, want)
				}
			}
			if h.Max() != sorted[len(sorted)-1] {
				t.Errorf("max %v, want %v exactly", h.Max(), sorted[len(sorted)-1])
			}
			if h.Count() != uint64(len(tt.values)) {
				t.Errorf("count %d, want %d", h.Count(), len(tt.values))
			}
		})
	}
}

func TestHistogramEmptyAndExtremes(t *testing.T) {
	var h Histogram
	if h.Percentile(0.99) != 0 || h.Max() != 0 {
		t.Error("an empty histogram should report zeros")
	}
	h.Record(-time.Second) // a clock step: counted as zero
	h.Record(400 * 24 * time.Hour)
	if p := h.Percentile(0.5); p != time.Microsecond/2 {
		t.Errorf("p50 %v, want the zero bucket", p)
	}
	if p := h.Percentile(1); p > 400*24*time.Hour || p < 20*24*time.Hour {
		t.Errorf("p100 %v, want the top bucket, capped at the maximum", p)
	}
}

func TestHistogramBuckets(t *testing.T) {
	prevHi := uint64(0)
	for i := range histBuckets {
		lo, hi := histBounds(i)
		if i > 0 && lo != prevHi+1 {
			t.Fatalf("bucket %d starts at %d, previous ended at %d", i, lo, prevHi)
		}
		if histIndex(lo) != i || histIndex(hi) != i {
			t.Fatalf("bucket %d [%d, %d] does not index back to itself", i, lo, hi)
		}
		if i >= histLinear && float64(hi-lo+1)/float64(lo) > 1.0/histSub+1e-9 {
			t.Fatalf("bucket %d [%d, %d] is wider than 1/%d of its value", i, lo, hi, histSub)
		}
		prevHi = hi
	}
}

func TestHistogramConcurrent(t *testing.T) {
	var h Histogram
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 10000 {
				h.Record(time.Duration(g*10000+i) * time.Microsecond)
			}
		})
	}
	wg.Wait()
	if h.Count() != 80000 || h.Max() != 79999*time.Microsecond {
		t.Errorf("count %d max %v after concurrent records", h.Count(), h.Max())
	}
}

func abs(d time.Duration) time.Duration {
	if d < 0 {
		return -d
	}
	return d
}
