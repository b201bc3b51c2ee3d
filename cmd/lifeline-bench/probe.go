package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"lifeline/ingest/benchbracelet"
	"lifeline/ingest/wire"
	"lifeline/internal/bench/apiclient"
	"lifeline/internal/bench/latency"
)

// alert-probe measures fix-to-alert latency on a running lifeline, under
// whatever load it carries: what BenchmarkFixToAlertEvent
// (cmd/lifeline/latency_test.go) measures on a program of its own. One
// bracelet of the probe's user walks into a new avoid zone every --every;
// each sample is the time from the PUBACK of the fix that confirms the
// entry to that zone's alert on the owner's live events (GET /api/events).

type probeOptions struct {
	api, broker, email, password string
	every, duration, timeout     time.Duration
	count                        int
}

// probeResult is the one JSON object alert-probe prints.
type probeResult struct {
	Samples  int     `json:"samples"`
	P50      float64 `json:"p50_ms"`
	P99      float64 `json:"p99_ms"`
	Max      float64 `json:"max_ms"`
	AckP50   float64 `json:"ack_p50_ms"`
	AckP99   float64 `json:"ack_p99_ms"`
	Timeouts int     `json:"timeouts"`
	// FirstFix is a new bracelet's start: from dialling the broker to the
	// PUBACK of its first fix (issue 21 wants it within 1 s at load).
	FirstFix float64 `json:"first_fix_ms"`
	// ExtraFixes: fixes sent beyond the three, in all samples, because
	// no alert had come (the zone had not yet reached the engine).
	ExtraFixes int `json:"extra_fixes"`
}

// probeFixes is how many fixes confirm an entry (geofence's default N);
// probeStep is the wait before one more while no alert has come.
const (
	probeFixes = 3
	probeStep  = 500 * time.Millisecond
)

func parseProbeFlags(args []string, getenv func(string) string, stderr io.Writer) (*probeOptions, error) {
	fs := flag.NewFlagSet("alert-probe", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := &probeOptions{}
	fs.StringVar(&o.api, "api", "", "the running lifeline's URL, such as http://127.0.0.1:8080")
	fs.StringVar(&o.broker, "broker", "", "its MQTT listener, host:port")
	fs.StringVar(&o.email, "email", "", "an existing account to use (default: sign up a throwaway one, erased at the end)")
	fs.StringVar(&o.password, "password", "", "that account's password (default $LIFELINE_PASSWORD)")
	fs.DurationVar(&o.every, "every", 2*time.Second, "time between samples")
	fs.DurationVar(&o.duration, "duration", 60*time.Second, "how long to probe (unless --count)")
	fs.IntVar(&o.count, "count", 0, "samples to take (then --duration is ignored)")
	fs.DurationVar(&o.timeout, "timeout", 10*time.Second, "wait this long for a sample's PUBACK and alert")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if o.password == "" {
		o.password = getenv("LIFELINE_PASSWORD")
	}
	switch {
	case fs.NArg() > 0:
		return nil, fmt.Errorf("alert-probe: unexpected argument %q", fs.Arg(0))
	case o.api == "":
		return nil, errors.New("alert-probe: --api is required (the running lifeline's URL)")
	case o.broker == "":
		return nil, errors.New("alert-probe: --broker is required (its MQTT host:port)")
	case o.every <= 0 || o.timeout <= 0:
		return nil, errors.New("alert-probe: --every and --timeout must be positive")
	case o.count < 0:
		return nil, errors.New("alert-probe: --count must not be negative")
	case o.count == 0 && o.duration <= 0:
		return nil, errors.New("alert-probe: --duration must be positive (or give --count)")
	case o.email != "" && o.password == "":
		return nil, errors.New("alert-probe: --email needs --password (or $LIFELINE_PASSWORD)")
	}
	if _, err := apiclient.New(o.api); err != nil {
		return nil, fmt.Errorf("alert-probe: %w", err)
	}
	o.broker = strings.TrimPrefix(o.broker, "tcp://")
	if _, port, err := net.SplitHostPort(o.broker); err != nil || port == "" {
		return nil, fmt.Errorf("alert-probe: --broker %q is not host:port", o.broker)
	}
	return o, nil
}

func alertProbe(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	o, err := parseProbeFlags(args, getenv, stderr)
	if err != nil {
		return err
	}
	c, _ := apiclient.New(o.api)
	c.HTTP.Timeout = max(o.timeout, 30*time.Second)
	// Cleanup runs even when the probe is interrupted.
	cleanupCtx := func() (context.Context, context.CancelFunc) {
		return context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	}

	if o.email == "" {
		o.email, o.password = "alert-probe-"+randomHex(6)+"@bench.invalid", randomHex(16)
		if err := c.Do(ctx, "POST", "/api/auth/register", map[string]string{"email": o.email, "password": o.password, "firstName": "Probe"}, nil); err != nil {
			return fmt.Errorf("sign up the probe's user: %w", err)
		}
		defer func() {
			cctx, cancel := cleanupCtx()
			defer cancel()
			if err := c.Do(cctx, "DELETE", "/api/account", map[string]string{"password": o.password}, nil); err != nil {
				fmt.Fprintf(stderr, "alert-probe: erase the probe's user %s: %v\n", o.email, err)
			}
		}()
	} else if err := c.Do(ctx, "POST", "/api/auth/login", map[string]string{"email": o.email, "password": o.password}, nil); err != nil {
		return fmt.Errorf("sign in as %s: %w", o.email, err)
	}

	var device struct{ ID, Token string }
	if err := c.Do(ctx, "POST", "/api/devices", map[string]string{"name": "Alert probe"}, &device); err != nil {
		return fmt.Errorf("pair the probe's bracelet: %w", err)
	}
	defer func() {
		cctx, cancel := cleanupCtx()
		defer cancel()
		if err := c.Do(cctx, "DELETE", "/api/devices/"+url.PathEscape(device.ID), nil, nil); err != nil {
			fmt.Fprintf(stderr, "alert-probe: revoke the probe's bracelet: %v\n", err)
		}
	}()

	streamCtx, stopStream := context.WithCancel(ctx)
	defer stopStream()
	alerts, err := alertEvents(streamCtx, c, stderr)
	if err != nil {
		return err
	}

	dialled := time.Now()
	bracelet, err := benchbracelet.Connect(o.broker, device.ID, device.Token, o.timeout)
	if err != nil {
		return err
	}
	defer bracelet.Close()

	p := &probe{o: o, c: c, bracelet: bracelet, alerts: alerts}
	// The first fix, far from every zone the probe makes.
	if _, err := p.publish(-50, -150); err != nil {
		return fmt.Errorf("the probe's first fix: %w", err)
	}
	p.res.FirstFix = ms(time.Since(dialled))
	if err := p.loop(ctx); err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(p.result())
}

// probe is one probing run's state.
type probe struct {
	o        *probeOptions
	c        *apiclient.Client
	bracelet *benchbracelet.Bracelet
	alerts   <-chan probeAlert
	seq      uint64
	lastTS   time.Time
	fix      latency.Histogram // PUBACK of the confirming fix → alert
	ack      latency.Histogram // publish → PUBACK, every fix
	res      probeResult
}

// loop takes the samples until --count or --duration, or until ctx ends
// (then the samples so far are the result). A zone the API does not create
// ends it with that error.
func (p *probe) loop(ctx context.Context) error {
	var end <-chan time.Time
	if p.o.count == 0 {
		end = time.After(p.o.duration)
	}
	tick := time.NewTicker(p.o.every)
	defer tick.Stop()
	for i := 0; p.o.count == 0 || i < p.o.count; i++ {
		if i > 0 {
			select {
			case <-ctx.Done():
				return nil
			case <-end:
				return nil
			case <-tick.C:
			}
		}
		if err := p.sample(ctx, i); err != nil && ctx.Err() == nil {
			return err
		}
	}
	return nil
}

// sample creates zone i at a place of its own, walks the bracelet into it
// and waits for the alert; the zone is deleted afterwards.
func (p *probe) sample(ctx context.Context, i int) error {
	// Zones 1.1 km apart in the South Pacific, far from any simulated
	// bracelet's walk: the device is outside the new zone until it enters.
	lat, lon := -40+float64(i%4000)*0.01, -140+float64(i/4000%100)*0.01
	var zone struct{ ID int64 }
	err := p.c.Do(ctx, "POST", "/api/safe-zones", map[string]any{
		"name": fmt.Sprintf("Alert probe %d", i), "type": "avoid", "latitude": lat, "longitude": lon, "radius": 100,
	}, &zone)
	if err != nil {
		return fmt.Errorf("create an avoid zone: %w", err)
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		p.c.Do(cctx, "DELETE", "/api/safe-zones/"+strconv.FormatInt(zone.ID, 10), nil, nil)
	}()

	// The three fixes that confirm an entry, then one more every
	// probeStep while no alert comes: where ingest runs apart from the API
	// (--role ingest), the worker hears of the new zone through the
	// database's notification, and a fix that arrives before it does is
	// outside every zone. The sample is timed from the PUBACK of the fix
	// the alert's evidence names as confirming it.
	acks := map[int64]time.Time{} // a fix's timestamp (Unix ms) → its PUBACK
	step := func() bool {
		took, err := p.publish(lat, lon)
		if err != nil {
			p.res.Timeouts++ // no PUBACK in time
			return false
		}
		acks[p.lastTS.UnixMilli()] = time.Now()
		p.ack.Record(took)
		return true
	}
	for range probeFixes {
		if !step() {
			return nil
		}
	}
	sent := probeFixes
	wait := time.NewTimer(p.o.timeout)
	defer wait.Stop()
	more := time.NewTicker(probeStep)
	defer more.Stop()
	for {
		select {
		case a := <-p.alerts:
			zoneID, confirmedBy := p.lookUp(ctx, a)
			if zoneID != zone.ID {
				continue // a late alert of an earlier zone, or another of the user's
			}
			acked, ok := acks[confirmedBy]
			if !ok {
				acked = acks[p.lastTS.UnixMilli()] // no evidence: the newest fix
			}
			p.fix.Record(a.at.Sub(acked)) // an alert before the PUBACK counts as 0
			p.res.Samples++
			p.res.ExtraFixes += sent - probeFixes
			return nil
		case <-more.C:
			if !step() {
				return nil
			}
			sent++
		case <-wait.C:
			p.res.Timeouts++
			return nil
		case <-ctx.Done():
			return nil
		}
	}
}

// publish sends the next fix at lat, lon (sequence and time always
// forward) and returns its publish-to-PUBACK time.
func (p *probe) publish(lat, lon float64) (time.Duration, error) {
	p.seq++
	ts := time.Now().UTC().Truncate(time.Millisecond)
	if !ts.After(p.lastTS) {
		ts = p.lastTS.Add(time.Millisecond)
	}
	p.lastTS = ts
	acc := 4.0
	return p.bracelet.Publish(wire.Fix{Seq: p.seq, TS: ts, Lat: lat, Lon: lon, Acc: &acc})
}

// lookUp is the zone an alert is about (0 if unknown) and the timestamp
// (Unix ms) of the fix that confirmed it, the newest of its evidence (0 if
// none): the live event carries no evidence, so the alert is looked up
// (after its arrival was stamped).
func (p *probe) lookUp(ctx context.Context, a probeAlert) (zoneID, confirmedBy int64) {
	var full struct {
		ZoneID   *int64 `json:"zoneId"`
		Evidence struct {
			Fixes []struct {
				TS time.Time `json:"ts"`
			} `json:"fixes"`
		} `json:"evidence"`
	}
	if p.c.Do(ctx, "GET", "/api/alerts/"+strconv.FormatInt(a.id, 10), nil, &full) != nil || full.ZoneID == nil {
		return a.zone, 0
	}
	if f := full.Evidence.Fixes; len(f) > 0 {
		confirmedBy = f[len(f)-1].TS.UnixMilli()
	}
	return *full.ZoneID, confirmedBy
}

func (p *probe) result() probeResult {
	r := p.res
	if p.fix.Count() > 0 {
		r.P50, r.P99, r.Max = ms(p.fix.Percentile(0.5)), ms(p.fix.Percentile(0.99)), ms(p.fix.Max())
	}
	if p.ack.Count() > 0 {
		r.AckP50, r.AckP99 = ms(p.ack.Percentile(0.5)), ms(p.ack.Percentile(0.99))
	}
	return r
}

func ms(d time.Duration) float64 { return math.Round(float64(d.Microseconds())) / 1000 }

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// probeAlert is an alert event and when it arrived.
type probeAlert struct {
	id, zone int64 // zone: 0 when the event does not name it
	at       time.Time
}

// alertEvents opens the user's live events (GET /api/events) and streams
// its alert events, stamped as they arrive. A stream the server ends is
// opened again after a second with Last-Event-ID, so the alerts raised
// meanwhile come too (late). The first opening's failure is returned.
func alertEvents(ctx context.Context, c *apiclient.Client, stderr io.Writer) (<-chan probeAlert, error) {
	stream := &http.Client{Jar: c.HTTP.Jar} // no timeout: it stays open
	open := func(last int64) (io.ReadCloser, error) {
		req, _ := http.NewRequestWithContext(ctx, "GET", c.Base+"/api/events", nil)
		req.Header.Set("Accept", "text/event-stream")
		if last > 0 {
			req.Header.Set("Last-Event-ID", strconv.FormatInt(last, 10))
		}
		resp, err := stream.Do(req)
		if err != nil {
			return nil, fmt.Errorf("open the live events: %w", err)
		}
		if resp.StatusCode != http.StatusOK {
			resp.Body.Close()
			return nil, fmt.Errorf("open the live events: GET /api/events: %s", resp.Status)
		}
		return resp.Body, nil
	}
	body, err := open(0)
	if err != nil {
		return nil, err
	}
	out := make(chan probeAlert, 64)
	go func() {
		var last int64
		for {
			last = readAlerts(ctx, body, last, out)
			body.Close()
			for body = nil; body == nil; {
				select {
				case <-ctx.Done():
					return
				case <-time.After(time.Second):
				}
				if body, err = open(last); err != nil && ctx.Err() == nil {
					fmt.Fprintf(stderr, "alert-probe: %v (trying again)\n", err)
				}
			}
		}
	}()
	return out, nil
}

// readAlerts reads one event stream until it ends, sending its alert
// events to out; it returns the id of the last alert seen.
func readAlerts(ctx context.Context, body io.Reader, last int64, out chan<- probeAlert) int64 {
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	kind := ""
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			kind = ""
		case strings.HasPrefix(line, "event: "):
			kind = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: ") && kind == "alert":
			at := time.Now()
			var a struct {
				ID     int64  `json:"id"`
				ZoneID *int64 `json:"zoneId"`
			}
			if json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &a) != nil || a.ID == 0 {
				continue
			}
			last = max(last, a.ID)
			pa := probeAlert{id: a.ID, at: at}
			if a.ZoneID != nil {
				pa.zone = *a.ZoneID
			}
			select {
			case out <- pa:
			case <-ctx.Done():
				return last
			}
		}
	}
	return last
}
