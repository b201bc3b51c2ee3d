package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net"
	"net/url"
	"os"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"lifeline/ingest/wire"
	"lifeline/internal/bench/latency"
)

// counters are the run's totals, shared by every device.
type counters struct {
	connected, inflight         atomic.Int64
	sent, acked, resent, unsent atomic.Int64 // fixes
	outOfWindow                 atomic.Int64 // acknowledged fixes the server is expected to have rejected
	skipped, flashDropped       atomic.Int64
	batterySent, batteryAcked   atomic.Int64
	fuzzSent, fuzzAcked         atomic.Int64
	sosSent, sosAcked           atomic.Int64
	errors, reconnects, refused atomic.Int64
	configs, offlines           atomic.Int64
	latency                     latency.Histogram // publish to PUBACK of position packets
}

// sim is one run: the devices and what they share.
type sim struct {
	cfg        Config
	brokerURLs []string // one or a cluster's nodes; device i starts at node i mod n
	tls        *tls.Config
	dial       paho.OpenConnectionFunc // nil: paho's own (WebSocket)
	http       *httpSender             // the HTTP protocols' requests
	api        *apiClient              // signed in, when the run needs the API
	route      *route
	target     target
	fuzzer     *fuzzer
	load       bool // --rate or --interval 0: a closed-loop load generator
	saturate   bool // as fast as the window allows
	seed       uint64

	devices []*device
	dialed  atomic.Int64 // connections dialled, for --local-addrs in turn
	// latencyUntil (Unix ns, 0: no end): --lean records publish-to-PUBACK
	// latency only until then (--latency-for).
	latencyUntil atomic.Int64
	windows      latencyWindows // --latency-windows
	connectSem   chan struct{}
	start        chan struct{} // closed when every device has had its first connection attempt
	drain        chan struct{} // closed at the end of --duration
	kill         chan struct{} // closed when the drain times out

	c        counters
	errMu    sync.Mutex
	errCount map[string]int // by message, the first few kinds
	errFirst string
}

// Run plays cfg and returns its summary. Bad input is a *usageError; a
// failed --verify is a *verifyError (the summary is still returned).
func Run(ctx context.Context, cfg Config, stdout, stderr io.Writer) (*Summary, error) {
	s, err := prepare(ctx, cfg, stderr)
	if err != nil {
		return nil, err
	}
	started := time.Now()
	run := s.run
	if cfg.Lean {
		run = s.runLean
	}
	sum, err := run(ctx, stderr)
	if err != nil {
		return nil, err
	}
	printSummary(stdout, sum)
	if cfg.SummaryJSON != "" {
		if err := writeSummaryJSON(cfg.SummaryJSON, sum); err != nil {
			return sum, fmt.Errorf("--summary-json: %w", err)
		}
	}
	if cfg.Verify {
		// Not cancelled by the Ctrl-C that ended the run (a second one
		// ends the process): an interrupted run is still verified.
		v, err := s.verify(context.WithoutCancel(ctx))
		if err == nil {
			err = s.verifySOS(context.WithoutCancel(ctx), v, started)
		}
		if err != nil {
			return sum, fmt.Errorf("verify: %w", err)
		}
		sum.Verify = v
		printVerify(stdout, v)
		printVerifySOS(stdout, v, cfg.Scenario)
		if cfg.SummaryJSON != "" {
			if err := writeSummaryJSON(cfg.SummaryJSON, sum); err != nil {
				return sum, fmt.Errorf("--summary-json: %w", err)
			}
		}
		if v.failed() {
			return sum, &verifyError{v}
		}
	}
	return sum, nil
}

// serverName is the name TLS checks in every node's certificate: the
// nodes' one host name, or none when they differ (then each connection
// checks the host it dials).
func serverName(urls []*url.URL) string {
	for _, u := range urls[1:] {
		if u.Hostname() != urls[0].Hostname() {
			return ""
		}
	}
	return urls[0].Hostname()
}

// brokersFrom is the broker list as device i tries it (nodeOrder).
func (s *sim) brokersFrom(i int) []string {
	var out []string
	for _, k := range nodeOrder(i, len(s.brokerURLs)) {
		out = append(out, s.brokerURLs[k])
	}
	return out
}

// nodeOrder is the order in which device i tries a cluster's n nodes at
// every new connection: its own node (i mod n) first, so the devices
// spread over the nodes and, whenever the fleet reconnects (a stream
// leader's death drops every node's bracelets), spread again; then the
// others from a point that differs from device to device, so a dead
// node's devices spread over the rest instead of doubling the next one
// (100,000 bracelets once filled the next node to its descriptor limit).
func nodeOrder(i, n int) []int {
	if n <= 0 {
		return nil
	}
	home, from := i%n, 0
	if n > 1 {
		from = (i / n) % (n - 1)
	}
	out := []int{home}
	for k := range n - 1 {
		out = append(out, (home+1+(from+k)%(n-1))%n)
	}
	return out
}

// prepare checks everything that can be checked before a device connects:
// credentials, files, the API, the broker's address.
func prepare(ctx context.Context, cfg Config, stderr io.Writer) (*sim, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	urls, _ := brokerURLs(cfg.Broker)
	s := &sim{cfg: cfg, seed: cfg.Seed, errCount: map[string]int{}}
	for _, u := range urls {
		s.brokerURLs = append(s.brokerURLs, u.String())
	}
	s.windows.width = cfg.LatencyWindows
	if cfg.Protocol != protoBracelet {
		s.cfg.BatteryEvery = 0 // a phone app reports its battery in each fix
	}
	if s.seed == 0 {
		s.seed = rand.Uint64()
	}
	if cfg.Provision || cfg.Verify || cfg.Zone != "" {
		api, _ := newAPIClient(cfg.API)
		if err := api.login(ctx, cfg.Email, cfg.Password); err != nil {
			return nil, &usageError{err.Error()}
		}
		s.api = api
	}
	creds := cfg.Credentials
	switch {
	case len(creds) > 0:
	case cfg.Provision:
		var err error
		if creds, err = s.provision(ctx, max(1, cfg.Count), stderr); err != nil {
			return nil, &usageError{err.Error()}
		}
	default:
		var err error
		if creds, err = loadCredentials(cfg.DevicesFile); err != nil {
			return nil, &usageError{err.Error()}
		}
		if cfg.Count > len(creds) {
			return nil, usagef("--count %d: %s holds only %d device(s)", cfg.Count, cfg.DevicesFile, len(creds))
		}
		if cfg.Count > 0 {
			creds = creds[:cfg.Count]
		}
	}
	if cfg.Verify {
		var others int
		for _, c := range creds {
			if c.User != "" && !strings.EqualFold(c.User, cfg.Email) {
				others++
			}
		}
		if others > 0 {
			return nil, usagef("--verify signs in as %s, but %d of the devices belong to other accounts", cfg.Email, others)
		}
	}

	switch cfg.Scenario {
	case scenarioRoute:
		r, err := loadRoute(cfg.RouteFile)
		if err != nil {
			return nil, &usageError{err.Error()}
		}
		s.route = r
	case scenarioApproach:
		if cfg.Target != nil {
			s.target = *cfg.Target
		} else {
			t, err := s.api.findZone(ctx, cfg.Zone)
			if err != nil {
				return nil, &usageError{err.Error()}
			}
			s.target = t
		}
	case scenarioFuzz:
		s.fuzzer = newFuzzer(time.Now())
	}
	if cfg.tlsScheme() {
		t := &tls.Config{InsecureSkipVerify: cfg.Insecure, ServerName: serverName(urls), MinVersion: tls.VersionTLS12}
		if cfg.CAFile != "" {
			pem, err := os.ReadFile(cfg.CAFile)
			if err != nil {
				return nil, usagef("--ca: %v", err)
			}
			t.RootCAs = x509.NewCertPool()
			if !t.RootCAs.AppendCertsFromPEM(pem) {
				return nil, usagef("--ca %s holds no PEM certificate", cfg.CAFile)
			}
		}
		s.tls = t
	}
	s.dial = s.openConn()
	if cfg.Protocol.overHTTP() {
		s.http = newHTTPSender(strings.TrimRight(cfg.API, "/"), max(1, len(creds)*cfg.Inflight), cfg.Insecure)
	}
	s.saturate = cfg.MaxRate || (cfg.Interval == 0 && cfg.Rate == 0)
	s.load = s.saturate || cfg.Rate > 0
	interval := cfg.Interval
	if cfg.Rate > 0 {
		interval = time.Duration(float64(len(creds)) / cfg.Rate * float64(time.Second))
		if interval <= 0 {
			interval = time.Microsecond
		}
	}
	for i, c := range creds {
		s.devices = append(s.devices, s.newDevice(i, c, interval))
	}
	return s, nil
}

// provision pairs n devices through the API, a few at a time.
func (s *sim) provision(ctx context.Context, n int, stderr io.Writer) ([]credential, error) {
	creds := make([]credential, n)
	errs := make([]error, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(8, n) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				name := s.cfg.Name
				if n > 1 {
					name = fmt.Sprintf("%s %d", s.cfg.Name, i+1)
				}
				creds[i], errs[i] = s.api.pairDevice(ctx, name, s.cfg.Protocol.deviceKind())
				creds[i].User = s.cfg.Email
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("pairing devices: %v", strings.SplitN(err.Error(), "\n", 2)[0])
	}
	if s.cfg.Save != "" {
		if err := saveCredentials(s.cfg.Save, creds); err != nil {
			return nil, fmt.Errorf("--save: %w", err)
		}
		fmt.Fprintf(stderr, "Paired %d device(s) to %s; credentials saved to %s (reuse them with --devices %s).\n", n, s.cfg.Email, s.cfg.Save, s.cfg.Save)
	} else {
		fmt.Fprintf(stderr, "Paired %d device(s) to %s (add --save FILE to keep their credentials).\n", n, s.cfg.Email)
	}
	return creds, nil
}

func (s *sim) newDevice(i int, c credential, interval time.Duration) *device {
	rng := rand.New(rand.NewPCG(s.seed, uint64(i)))
	cfg := &s.cfg
	speed := cfg.Speed * (0.8 + 0.4*rng.Float64())
	d := &device{
		s: s, idx: i, cred: c, rng: rng,
		gps: newGPSNoise(rng), bat: newBattery(rng, cfg.Drain, cfg.ChargeRate),
		skew: cfg.Skew, interval: interval,
		posTopic: wire.PositionTopic(c.ID), batTopic: wire.BatteryTopic(c.ID),
		flash: newFlash(cfg.Flash), config: make(chan int, 1),
	}
	if cfg.Protocol == protoOwnTracksMQTT {
		d.posTopic = ownTracksTopic(c.ID)
	}
	switch cfg.Scenario {
	case scenarioRoute:
		d.move = newRouteWalker(rng, s.route, speed)
	case scenarioApproach:
		d.move = newApproacher(rng, s.target, cfg.ApproachFrom, speed, cfg.Dwell)
	default:
		lat, lon := move(cfg.Lat, cfg.Lon, rng.Float64()*2*math.Pi, cfg.Spread*math.Sqrt(rng.Float64()))
		d.move = newWanderer(rng, lat, lon, speed, cfg.Radius)
	}
	return d
}

// noteError counts an error and remembers the first few kinds for the summary.
func (s *sim) noteError(what string, err error) {
	s.c.errors.Add(1)
	msg := what + ": " + err.Error()
	s.errMu.Lock()
	if s.errFirst == "" {
		s.errFirst = err.Error()
	}
	if _, ok := s.errCount[msg]; ok || len(s.errCount) < 5 {
		s.errCount[msg]++
	}
	s.errMu.Unlock()
}

func (s *sim) topErrors() []string {
	s.errMu.Lock()
	defer s.errMu.Unlock()
	var list []string
	for msg, n := range s.errCount {
		list = append(list, fmt.Sprintf("%d × %s", n, msg))
	}
	sort.Strings(list)
	return list
}

// run connects the devices (a bounded ramp), lets them report for the
// duration, drains, and sums up.
func (s *sim) run(ctx context.Context, stderr io.Writer) (*Summary, error) {
	cfg := &s.cfg
	s.connectSem = make(chan struct{}, cfg.ConnectConcurrency)
	s.start, s.drain, s.kill = make(chan struct{}), make(chan struct{}), make(chan struct{})
	began := time.Now()
	p := newProgress(stderr, s, cfg.Quiet)

	// The first device connects alone, so an unreachable broker is one
	// clear error rather than thousands of failing devices.
	var probe, ramp, done sync.WaitGroup
	probe.Add(1)
	first := s.devices[0]
	done.Go(func() { first.run(&probe) })
	probe.Wait()
	if err := first.firstErr; err != nil && !refusedError(err) {
		close(s.kill)
		done.Wait()
		msg := strings.TrimPrefix(err.Error(), "network Error : ") // paho's wording
		if op := (*net.OpError)(nil); errors.As(err, &op) {
			msg = op.Err.Error()
		}
		return nil, usagef("cannot reach the broker at %s: %s", cfg.Broker, msg)
	}
	ramp.Add(len(s.devices) - 1)
	for _, d := range s.devices[1:] {
		done.Go(func() { d.run(&ramp) })
	}
	p.begin("connecting", began)
	return s.play(ctx, p, &ramp, &done, began)
}

// play waits for every device's first connection attempt (ramp), lets them
// report for --duration (or until ctx ends), drains and summarises; done
// ends when every device has stopped.
func (s *sim) play(ctx context.Context, p *progress, ramp, done *sync.WaitGroup, began time.Time) (*Summary, error) {
	cfg := &s.cfg
	rampDone := make(chan struct{})
	go func() { ramp.Wait(); close(rampDone) }()
	stopProgress := p.start()
	select {
	case <-rampDone:
	case <-ctx.Done():
		close(s.kill)
		done.Wait()
		stopProgress()
		return nil, errors.New("interrupted while the devices were connecting")
	}
	n := len(s.devices)
	if s.c.connected.Load() == 0 {
		close(s.kill)
		done.Wait()
		stopProgress()
		s.errMu.Lock()
		first := s.errFirst
		s.errMu.Unlock()
		if s.c.refused.Load() == int64(n) {
			return nil, usagef("the broker at %s refused all %d device(s) (%s): are the credentials from this server, and not revoked?", cfg.Broker, n, first)
		}
		return nil, usagef("no device could connect to %s: %s", cfg.Broker, first)
	}
	rampTime := time.Since(began)

	close(s.start)
	t0, acked0 := time.Now(), s.c.acked.Load()
	var latencyUntil time.Time
	if cfg.LatencyFor > 0 {
		latencyUntil = t0.Add(cfg.LatencyFor)
		s.latencyUntil.Store(latencyUntil.UnixNano())
	}
	s.windows.begin(t0, latencyUntil)
	p.begin("", t0)
	var timer <-chan time.Time
	if cfg.Duration > 0 {
		timer = time.After(cfg.Duration)
	}
	select {
	case <-timer:
	case <-ctx.Done():
	}
	t1, acked1 := time.Now(), s.c.acked.Load()
	s.windows.stop(t1)
	rss, _ := selfRSS()
	p.setPhase("draining")
	close(s.drain)
	finished := make(chan struct{})
	go func() { done.Wait(); close(finished) }()
	select {
	case <-finished:
	case <-time.After(cfg.DrainTimeout):
		close(s.kill)
		<-finished
	}
	stopProgress()
	sum := s.summary(t1.Sub(t0), acked1-acked0, rampTime)
	sum.RSSKB = rss
	sum.LatencyWindows = s.windows.summary()
	return sum, nil
}
