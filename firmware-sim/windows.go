package main

import (
	"fmt"
	"io"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"lifeline/internal/bench/latency"
)

// Latency windows (--latency-windows D): after every device has connected,
// publish-to-PUBACK latencies also go into consecutive windows of length D,
// each with its own histogram (shared by every device), until
// --latency-for ends or the run does. A benchmark compares windows of one
// run: a quiet one, then one with a disturbance (issue 21: a flood of bad
// CONNECTs).

// maxLatencyWindows bounds the histograms (about 9.5 KB each, made when a
// window gets its first sample); later samples go into no window.
const maxLatencyWindows = 1000

// LatencyWindow is one window of the summary; the JSON names are what
// benchmark scripts read.
type LatencyWindow struct {
	FromS float64 `json:"from_s"` // seconds after every device connected
	ToS   float64 `json:"to_s"`   // the last window may be shorter than the rest
	Acked uint64  `json:"acked"`  // PUBACKs whose latency was recorded in the window
	P50ms float64 `json:"p50_ms"`
	P99ms float64 `json:"p99_ms"`
}

// latencyWindows is the run's windows; width 0: off.
type latencyWindows struct {
	width time.Duration
	start atomic.Int64 // Unix ns when window 0 begins; 0: not yet
	end   atomic.Int64 // Unix ns from when nothing more is recorded; 0: open

	mu    sync.Mutex
	hists []*latency.Histogram // by window; nil until its first sample
}

// windowIndex is the window a sample at t (Unix ns) falls in, or -1: before
// start, from end on (end 0: no end), or past the last window.
func windowIndex(start, end, t int64, width time.Duration) int {
	if start == 0 || width <= 0 || t < start || (end != 0 && t >= end) {
		return -1
	}
	i := (t - start) / int64(width)
	if i >= maxLatencyWindows {
		return -1
	}
	return int(i)
}

// begin opens window 0 at t0; recording ends at until if it is not zero.
func (w *latencyWindows) begin(t0 time.Time, until time.Time) {
	if w.width <= 0 {
		return
	}
	if !until.IsZero() {
		w.end.Store(until.UnixNano())
	}
	w.start.Store(t0.UnixNano())
}

// stop ends recording at t (the end of --duration) unless it ended earlier.
func (w *latencyWindows) stop(t time.Time) {
	if w.width <= 0 {
		return
	}
	if e := w.end.Load(); e == 0 || t.UnixNano() < e {
		w.end.Store(t.UnixNano())
	}
}

// record adds a latency whose PUBACK arrived at t.
func (w *latencyWindows) record(t time.Time, d time.Duration) {
	if w.width <= 0 {
		return
	}
	i := windowIndex(w.start.Load(), w.end.Load(), t.UnixNano(), w.width)
	if i < 0 {
		return
	}
	w.mu.Lock()
	if i >= len(w.hists) {
		w.hists = append(w.hists, make([]*latency.Histogram, i+1-len(w.hists))...)
	}
	h := w.hists[i]
	if h == nil {
		h = new(latency.Histogram)
		w.hists[i] = h
	}
	w.mu.Unlock()
	h.Record(d)
}

// summary lists the windows from 0 to the end of recording: every whole
// one, and a last shorter one if it holds samples. Nil when off or never
// begun.
func (w *latencyWindows) summary() []LatencyWindow {
	start, end := w.start.Load(), w.end.Load()
	if w.width <= 0 || start == 0 || end <= start {
		return nil
	}
	w.mu.Lock()
	hists := append([]*latency.Histogram(nil), w.hists...)
	w.mu.Unlock()
	span := time.Duration(end - start)
	n := min(int(math.Ceil(float64(span)/float64(w.width))), maxLatencyWindows)
	out := make([]LatencyWindow, 0, n)
	for i := range n {
		from := time.Duration(i) * w.width
		to := min(from+w.width, span)
		lw := LatencyWindow{FromS: roundMs(from), ToS: roundMs(to)}
		if i < len(hists) && hists[i] != nil {
			h := hists[i]
			lw.Acked, lw.P50ms, lw.P99ms = h.Count(), ms(h.Percentile(0.50)), ms(h.Percentile(0.99))
		}
		if to-from < w.width && lw.Acked == 0 {
			break // a sliver at the end with nothing in it
		}
		out = append(out, lw)
	}
	return out
}

// roundMs is d in seconds, to the millisecond.
func roundMs(d time.Duration) float64 {
	return float64(d.Round(time.Millisecond).Milliseconds()) / 1000
}

func printWindows(w io.Writer, windows []LatencyWindow) {
	for _, lw := range windows {
		fmt.Fprintf(w, "  window      %g-%g s  acknowledged %d  p50 %.2f ms  p99 %.2f ms\n", lw.FromS, lw.ToS, lw.Acked, lw.P50ms, lw.P99ms)
	}
}
