// Package latency records request latencies in fixed memory and reads
// percentiles from them: the one histogram of every load generator
// (the bracelet simulator, the API benchmark).
package latency

import (
	"math/bits"
	"sync/atomic"
	"time"
)

// Histogram records latencies in fixed memory, safe for concurrent use:
// exact below 64 µs, then 32 buckets per power of two (each under 3.2%
// wide) up to about 12 days. Percentiles are a bucket's midpoint, so within
// 1.6% of the true value.
type Histogram struct {
	counts [histBuckets]atomic.Uint64
	n      atomic.Uint64
	max    atomic.Int64 // nanoseconds
}

const (
	histSubBits  = 5
	histSub      = 1 << histSubBits // buckets per power of two
	histLinear   = 2 * histSub      // values below this many µs have a bucket each
	histMaxShift = 35
	histBuckets  = histLinear + histMaxShift*histSub
)

func histIndex(us uint64) int {
	if us < histLinear {
		return int(us)
	}
	shift := bits.Len64(us) - (histSubBits + 1) // us>>shift is in [histSub, 2*histSub)
	if shift > histMaxShift {
		return histBuckets - 1
	}
	return histLinear + (shift-1)*histSub + int(us>>shift) - histSub
}

// histBounds is the range of µs values bucket i holds.
func histBounds(i int) (lo, hi uint64) {
	if i < histLinear {
		return uint64(i), uint64(i)
	}
	shift := (i-histLinear)/histSub + 1
	m := uint64((i-histLinear)%histSub + histSub)
	return m << shift, (m+1)<<shift - 1
}

// Record adds one latency; a negative one (a clock step) counts as zero.
func (h *Histogram) Record(d time.Duration) {
	if d < 0 {
		d = 0
	}
	h.counts[histIndex(uint64(d/time.Microsecond))].Add(1)
	h.n.Add(1)
	for {
		m := h.max.Load()
		if int64(d) <= m || h.max.CompareAndSwap(m, int64(d)) {
			return
		}
	}
}

// Count is how many latencies were recorded.
func (h *Histogram) Count() uint64 { return h.n.Load() }

// Max is the largest recorded latency, exactly.
func (h *Histogram) Max() time.Duration { return time.Duration(h.max.Load()) }

// Percentile returns the latency below which a fraction q (0 to 1) of the
// recorded ones fall; 0 when nothing was recorded.
func (h *Histogram) Percentile(q float64) time.Duration {
	var counts [histBuckets]uint64
	var total uint64
	for i := range counts {
		counts[i] = h.counts[i].Load()
		total += counts[i]
	}
	if total == 0 {
		return 0
	}
	rank := uint64(q*float64(total) + 0.5)
	rank = max(1, min(total, rank))
	var seen uint64
	for i, c := range counts {
		seen += c
		if seen >= rank {
			lo, hi := histBounds(i)
			mid := time.Duration((lo+hi)/2) * time.Microsecond
			if i == 0 {
				mid = time.Microsecond / 2
			}
			return min(mid, h.Max())
		}
	}
	return h.Max()
}
