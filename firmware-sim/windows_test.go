package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestWindowIndex: which window a sample at time t falls in.
func TestWindowIndex(t *testing.T) {
	const s = int64(time.Second)
	start := 1000 * s
	tests := []struct {
		name  string
		start int64
		end   int64
		t     int64
		width time.Duration
		want  int
	}{
		{"not begun", 0, 0, start, time.Second, -1},
		{"off", start, 0, start, 0, -1},
		{"before window 0", start, 0, start - 1, 30 * time.Second, -1},
		{"window 0 opens", start, 0, start, 30 * time.Second, 0},
		{"last instant of window 0", start, 0, start + 30*s - 1, 30 * time.Second, 0},
		{"window 1 opens", start, 0, start + 30*s, 30 * time.Second, 1},
		{"window 1", start, 0, start + 45*s, 30 * time.Second, 1},
		{"window 7, no end", start, 0, start + 215*s, 30 * time.Second, 7},
		{"just before the end", start, start + 60*s, start + 60*s - 1, 30 * time.Second, 1},
		{"at the end (--latency-for, or the drain)", start, start + 60*s, start + 60*s, 30 * time.Second, -1},
		{"after the end", start, start + 60*s, start + 90*s, 30 * time.Second, -1},
		{"the last window there is", start, 0, start + (maxLatencyWindows-1)*s, time.Second, maxLatencyWindows - 1},
		{"past the last window", start, 0, start + maxLatencyWindows*s, time.Second, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := windowIndex(tt.start, tt.end, tt.t, tt.width); got != tt.want {
				t.Errorf("windowIndex(%d, %d, %d, %v) = %d, want %d", tt.start, tt.end, tt.t, tt.width, got, tt.want)
			}
		})
	}
}

// TestLatencyWindowsSummary: samples land in their windows, each window
// reads its own percentiles, a short last window is kept when it holds
// samples and dropped when empty, and --latency-for ends recording.
func TestLatencyWindowsSummary(t *testing.T) {
	t0 := time.Unix(1_800_000_000, 0)
	at := func(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }
	tests := []struct {
		name    string
		until   time.Time // --latency-for's end; zero: none
		stop    float64   // the end of --duration, seconds after t0
		samples map[float64]time.Duration
		want    []LatencyWindow
	}{
		{
			name: "quiet then slow", stop: 20,
			samples: map[float64]time.Duration{1: 2 * time.Millisecond, 5: 2 * time.Millisecond, 9.999: 2 * time.Millisecond, 10: 40 * time.Millisecond, 19: 40 * time.Millisecond, -1: time.Second, 20: time.Second},
			want:    []LatencyWindow{{0, 10, 3, 2, 2}, {10, 20, 2, 40, 40}},
		},
		{
			name: "an empty window in between, a short last one with samples", stop: 25.5,
			samples: map[float64]time.Duration{2: 5 * time.Millisecond, 25: 7 * time.Millisecond},
			want:    []LatencyWindow{{0, 10, 1, 5, 5}, {10, 20, 0, 0, 0}, {20, 25.5, 1, 7, 7}},
		},
		{
			name: "an empty sliver at the end is left out", stop: 20.003,
			samples: map[float64]time.Duration{2: 5 * time.Millisecond, 12: 5 * time.Millisecond},
			want:    []LatencyWindow{{0, 10, 1, 5, 5}, {10, 20, 1, 5, 5}},
		},
		{
			name: "--latency-for ends it first", until: at(10), stop: 30,
			samples: map[float64]time.Duration{2: 5 * time.Millisecond, 12: 5 * time.Millisecond},
			want:    []LatencyWindow{{0, 10, 1, 5, 5}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := &latencyWindows{width: 10 * time.Second}
			w.record(at(1), time.Hour) // before begin: nowhere
			w.begin(t0, tt.until)
			for s, d := range tt.samples {
				w.record(at(s), d)
			}
			w.stop(at(tt.stop))
			got := w.summary()
			if len(got) != len(tt.want) {
				t.Fatalf("windows %+v, want %+v", got, tt.want)
			}
			for i := range got {
				g, want := got[i], tt.want[i]
				if g.FromS != want.FromS || g.ToS != want.ToS || g.Acked != want.Acked ||
					math.Abs(g.P50ms-want.P50ms) > want.P50ms/50 || math.Abs(g.P99ms-want.P99ms) > want.P99ms/50 {
					t.Errorf("window %d: %+v, want %+v", i, g, want)
				}
			}
		})
	}
	if got := (&latencyWindows{}).summary(); got != nil {
		t.Errorf("off: %+v, want none", got)
	}
}

// TestLatencyWindowsFlag: the flag's bad values are usage errors.
func TestLatencyWindowsFlag(t *testing.T) {
	tests := []struct {
		args []string
		want string // "" : accepted
	}{
		{[]string{"--latency-windows", "30s"}, ""},
		{[]string{"--latency-windows", "30s", "--duration", "2m"}, ""},
		{[]string{"--latency-windows", "-1s"}, "--latency-windows -1s: want the length of a window"},
		{[]string{"--latency-windows", "1ms", "--duration", "1h"}, "more than 1000 windows"},
		{[]string{"--latency-windows", "soon"}, "invalid value"},
		{[]string{"--latency-for", "-5s"}, "must not be negative"},
	}
	for _, tt := range tests {
		_, err := parseFlags(append([]string{"--devices", "x.csv"}, tt.args...), nil, &bytes.Buffer{})
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%v: %v", tt.args, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%v: error %v, want %q", tt.args, err, tt.want)
		}
	}
}

// TestLatencyWindowsRun: lean and paho bracelets against the real server
// with one-second windows; the summary JSON has consecutive windows whose
// acknowledgements add up to those of the run's --duration.
func TestLatencyWindowsRun(t *testing.T) {
	s := startServer(t)
	for _, lean := range []bool{true, false} {
		t.Run(map[bool]string{true: "lean", false: "paho"}[lean], func(t *testing.T) {
			a := newAccount(t, s)
			cfg := a.config(s, a.pair(t, 10))
			cfg.Lean, cfg.BatteryEvery, cfg.Verify = lean, 0, false
			cfg.Interval, cfg.Duration, cfg.LatencyWindows = 100*time.Millisecond, 2500*time.Millisecond, time.Second
			cfg.SummaryJSON = filepath.Join(t.TempDir(), "run.json")
			var out bytes.Buffer
			sum, err := Run(t.Context(), cfg, &out, &bytes.Buffer{})
			if err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			t.Logf("\n%s", out.String())
			raw, err := os.ReadFile(cfg.SummaryJSON)
			if err != nil {
				t.Fatal(err)
			}
			var got struct {
				Acked   int64
				Windows []struct {
					From  *float64 `json:"from_s"`
					To    *float64 `json:"to_s"`
					Acked *int64   `json:"acked"`
					P50   *float64 `json:"p50_ms"`
					P99   *float64 `json:"p99_ms"`
				} `json:"latency_windows"`
			}
			if err := json.Unmarshal(raw, &got); err != nil {
				t.Fatal(err)
			}
			// 1 s each over a 2.5 s run: two whole ones and the last half
			// second, which the summary leaves out when no PUBACK came in it
			// (a machine busy enough to stall the devices that long).
			if n := len(got.Windows); n != 3 && n != 2 {
				t.Fatalf("%d windows in %s, want 3 (or 2 without the last half second)", n, raw)
			}
			var total int64
			for i, w := range got.Windows {
				if w.From == nil || w.To == nil || w.Acked == nil || w.P50 == nil || w.P99 == nil {
					t.Fatalf("window %d lacks a field: %s", i, raw)
				}
				wantTo := min(float64(i+1), sum.DurationS)
				if *w.From != float64(i) || math.Abs(*w.To-wantTo) > 0.01 || *w.Acked == 0 || *w.P50 <= 0 || *w.P99 < *w.P50 {
					t.Errorf("window %d: from %g to %g, acked %d, p50 %g, p99 %g; want from %d to %g, acknowledgements and latencies",
						i, *w.From, *w.To, *w.Acked, *w.P50, *w.P99, i, wantTo)
				}
				total += *w.Acked
			}
			// Every PUBACK of --duration is in a window, a few straddling its
			// edges. Windows count packets; a device that fell behind on a busy
			// machine sends its backlog as one array, so the bound is in
			// packets: all of them, less at most one per fix acknowledged after
			// --duration.
			inDuration := int64(math.Round(sum.FixesPerS * sum.DurationS))
			after := max(sum.Acked-inDuration, 0)
			if total > int64(sum.Packets) || total < int64(sum.Packets)-after-10 {
				t.Errorf("windows hold %d acknowledgements; %d packets recorded in all, %d fixes acknowledged after --duration", total, sum.Packets, after)
			}
			if n := strings.Count(out.String(), "  window  "); n != len(got.Windows) {
				t.Errorf("human summary has %d window lines, want %d", n, len(got.Windows))
			}
		})
	}
}
