package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// Summary is the outcome of a run. The JSON field names are what benchmark
// scripts read; keep them.
type Summary struct {
	Devices    int     `json:"devices"`
	DurationS  float64 `json:"duration_s"`
	Sent       int64   `json:"sent"`  // fixes published at least once
	Acked      int64   `json:"acked"` // fixes acknowledged
	Lost       int64   `json:"lost"`  // fixes sent and never acknowledged
	Errors     int64   `json:"errors"`
	Reconnects int64   `json:"reconnects"`
	FixesPerS  float64 `json:"fixes_per_s"` // acknowledged during duration_s
	P50ms      float64 `json:"p50_ms"`
	P90ms      float64 `json:"p90_ms"`
	P99ms      float64 `json:"p99_ms"`
	MaxMs      float64 `json:"max_ms"`

	Scenario      string   `json:"scenario"`
	Protocol      string   `json:"protocol"`
	QoS           int      `json:"qos"`
	Inflight      int      `json:"inflight"`
	RampS         float64  `json:"ramp_s"`  // connecting every device
	Packets       uint64   `json:"packets"` // acknowledged position packets
	Resent        int64    `json:"resent"`  // fixes sent again after a lost connection
	Unsent        int64    `json:"unsent"`  // fixes still on flash at the end, never sent
	Skipped       int64    `json:"skipped"` // load mode: fixes not taken because the window was full
	FlashDropped  int64    `json:"flash_dropped"`
	OutOfWindow   int64    `json:"out_of_window"` // acknowledged, but outside the server's time window (skew)
	Refused       int64    `json:"refused"`       // devices the broker refused
	BatterySent   int64    `json:"battery_sent"`
	BatteryAcked  int64    `json:"battery_acked"`
	FuzzSent      int64    `json:"fuzz_sent"`
	FuzzAcked     int64    `json:"fuzz_acked"`
	SOSSent       int64    `json:"sos_sent"` // SOS presses published (the sos scenario)
	SOSAcked      int64    `json:"sos_acked"`
	Configs       int64    `json:"configs"` // config messages received
	Offlines      int64    `json:"offlines"`
	ErrorExamples []string `json:"error_examples,omitempty"`
	// RSSKB is the simulator's own resident memory at the end of
	// --duration, before the drain (KiB).
	RSSKB int64 `json:"rss_kb"`

	// LatencyWindows: --latency-windows, publish to PUBACK per window.
	LatencyWindows []LatencyWindow `json:"latency_windows,omitempty"`

	Verify *VerifyResult `json:"verify,omitempty"`
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func (s *sim) summary(window time.Duration, ackedInWindow int64, ramp time.Duration) *Summary {
	c := &s.c
	h := &c.latency
	sum := &Summary{
		Devices: len(s.devices), DurationS: window.Seconds(),
		Sent: c.sent.Load(), Acked: c.acked.Load(),
		Errors: c.errors.Load(), Reconnects: c.reconnects.Load(),
		P50ms: ms(h.Percentile(0.50)), P90ms: ms(h.Percentile(0.90)), P99ms: ms(h.Percentile(0.99)), MaxMs: ms(h.Max()),
		Scenario: s.cfg.Scenario, Protocol: string(s.cfg.Protocol), QoS: s.cfg.QoS, Inflight: s.cfg.Inflight, RampS: ramp.Seconds(),
		Packets: h.Count(), Resent: c.resent.Load(), Unsent: c.unsent.Load(), Skipped: c.skipped.Load(),
		FlashDropped: c.flashDropped.Load(), OutOfWindow: c.outOfWindow.Load(), Refused: c.refused.Load(),
		BatterySent: c.batterySent.Load(), BatteryAcked: c.batteryAcked.Load(),
		FuzzSent: c.fuzzSent.Load(), FuzzAcked: c.fuzzAcked.Load(),
		SOSSent: c.sosSent.Load(), SOSAcked: c.sosAcked.Load(),
		Configs: c.configs.Load(), Offlines: c.offlines.Load(),
		ErrorExamples: s.topErrors(),
	}
	sum.Lost = sum.Sent - sum.Acked
	if window > 0 {
		sum.FixesPerS = float64(ackedInWindow) / window.Seconds()
	}
	return sum
}

func printSummary(w io.Writer, s *Summary) {
	shown, acked := "", "publish to PUBACK"
	if p := protocol(s.Protocol); p != protoBracelet && p != "" {
		shown = ", protocol " + s.Protocol
		if p.overHTTP() {
			acked = "request to 200 answer"
		}
	}
	fmt.Fprintf(w, "firmware-sim: %d device(s), scenario %s%s, QoS %d, inflight %d, %.1f s (ramp-up %.1f s)\n",
		s.Devices, s.Scenario, shown, s.QoS, s.Inflight, s.DurationS, s.RampS)
	fmt.Fprintf(w, "  fixes       sent %d  acknowledged %d  lost %d  (%.1f fixes/s)\n", s.Sent, s.Acked, s.Lost, s.FixesPerS)
	fmt.Fprintf(w, "  latency     p50 %.2f ms  p90 %.2f ms  p99 %.2f ms  max %.2f ms  (%s, %d packets)\n",
		s.P50ms, s.P90ms, s.P99ms, s.MaxMs, acked, s.Packets)
	printWindows(w, s.LatencyWindows)
	fmt.Fprintf(w, "  connection  reconnects %d  errors %d  simulator RSS %d MiB", s.Reconnects, s.Errors, s.RSSKB/1024)
	if s.Refused > 0 {
		fmt.Fprintf(w, "  refused %d device(s)", s.Refused)
	}
	fmt.Fprintln(w)
	if s.BatterySent > 0 {
		fmt.Fprintf(w, "  battery     sent %d  acknowledged %d\n", s.BatterySent, s.BatteryAcked)
	}
	if s.FuzzSent > 0 {
		fmt.Fprintf(w, "  fuzz        bad packets sent %d  acknowledged %d (not fixes; never counted as lost)\n", s.FuzzSent, s.FuzzAcked)
	}
	if s.Offlines > 0 || s.Resent > 0 {
		fmt.Fprintf(w, "  buffering   offline periods %d  fixes resent %d\n", s.Offlines, s.Resent)
	}
	var notes []string
	if s.Unsent > 0 {
		notes = append(notes, fmt.Sprintf("%d fix(es) still on flash at the end, never sent", s.Unsent))
	}
	if s.FlashDropped > 0 {
		notes = append(notes, fmt.Sprintf("%d fix(es) overwritten on a full flash buffer", s.FlashDropped))
	}
	if s.Skipped > 0 {
		notes = append(notes, fmt.Sprintf("%d fix(es) skipped: the --inflight window was full (the target rate was not reached)", s.Skipped))
	}
	if s.OutOfWindow > 0 {
		notes = append(notes, fmt.Sprintf("%d acknowledged fix(es) were outside the server's time window (clock skew): expected to be rejected", s.OutOfWindow))
	}
	for _, n := range notes {
		fmt.Fprintf(w, "  note        %s\n", n)
	}
	for _, e := range s.ErrorExamples {
		fmt.Fprintf(w, "  error       %s\n", e)
	}
}

func writeSummaryJSON(path string, s *Summary) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// progress prints one line a second on stderr: overwritten in place on a
// terminal, one line each otherwise (logs, CI).
type progress struct {
	w     io.Writer
	s     *sim
	quiet bool
	tty   bool

	mu        sync.Mutex
	phase     string
	since     time.Time
	lastAcked int64
	lastAt    time.Time
}

func newProgress(w io.Writer, s *sim, quiet bool) *progress {
	p := &progress{w: w, s: s, quiet: quiet, since: time.Now(), lastAt: time.Now()}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.tty = true
		}
	}
	return p
}

// begin starts a phase ("" for the run itself), counting time from t.
func (p *progress) begin(phase string, t time.Time) {
	p.mu.Lock()
	p.phase, p.since, p.lastAt, p.lastAcked = phase, t, t, p.s.c.acked.Load()
	p.mu.Unlock()
}

// setPhase names what is happening, keeping the clock running.
func (p *progress) setPhase(phase string) {
	p.mu.Lock()
	p.phase = phase
	p.mu.Unlock()
}

// start prints until the returned func is called.
func (p *progress) start() (stop func()) {
	if p.quiet {
		return func() {}
	}
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-quit:
				if p.tty {
					fmt.Fprintln(p.w)
				}
				return
			case now := <-t.C:
				p.print(now)
			}
		}
	}()
	return func() { close(quit); <-done }
}

func (p *progress) print(now time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	c := &p.s.c
	acked := c.acked.Load()
	rate := float64(acked-p.lastAcked) / now.Sub(p.lastAt).Seconds()
	p.lastAcked, p.lastAt = acked, now
	var b strings.Builder
	fmt.Fprintf(&b, "%6.0fs", now.Sub(p.since).Seconds())
	if p.phase != "" {
		fmt.Fprintf(&b, " %s", p.phase)
	}
	fmt.Fprintf(&b, "  connected %d/%d  sent %d  acked %d  in flight %d  errors %d  reconnects %d  rate %.0f fixes/s",
		c.connected.Load(), len(p.s.devices), c.sent.Load(), acked, c.inflight.Load(), c.errors.Load(), c.reconnects.Load(), rate)
	if p.tty {
		fmt.Fprintf(p.w, "\r\x1b[K%s", b.String())
	} else {
		fmt.Fprintln(p.w, b.String())
	}
}
