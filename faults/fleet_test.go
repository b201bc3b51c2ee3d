package faults

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"lifeline/app/apptest"
	"lifeline/ingest/brokercluster"
	"lifeline/store/storetest"
)

// TestFleetAcrossTheCluster holds a fleet of lean bracelets on a NATS
// cluster of more than three nodes (JetStream R3, the bracelets spread
// over LIFELINE_FLEET_SHARDS accounts, the auth callout answered by two
// ingest workers that share the shards, one API node, one PostgreSQL),
// reporting at the firmware's interval, and samples what it costs every
// LIFELINE_FLEET_SAMPLE: bracelets connected, each node's connections,
// every process's RSS, fixes acknowledged and each worker's committed,
// publish to PUBACK per window, fix to alert (lifeline-bench alert-probe,
// its own bracelet). Then it SIGKILLs a node that leads no message
// stream, and then the first shard's leader (LIFELINE_FLEET_KILLS may
// choose other turns): each
// reconnect storm is timed until the fleet is connected and stays so, the
// node restarted; fix to alert is probed again, and every acknowledged fix
// must be stored once. A small fleet in make test; make bench-scaleout
// runs 100,000 bracelets (issue 34) and writes the report. One simulator
// holds at most LIFELINE_FLEET_PER_SIM bracelets, below the 20,000
// descriptors a process may open here, and each node holds the fleet's
// share; every simulator is an account of its own, so its verify reads
// only its own fixes.
func TestFleetAcrossTheCluster(t *testing.T) {
	t.Parallel()
	cfg := fleetSize(t)
	benchBin := apptest.Build(t, "./cmd/lifeline-bench") // before the fleet: building is slow
	dbURL := storetest.NewURL(t)
	api := startServer(t, dbURL, "--role", "api")
	cluster, issuerSeed := startCallingOutCluster(t, cfg.nodes, cfg.shards, cfg.mqtt)
	var natsURLs, mqttURLs []string
	for _, n := range cluster.Nodes {
		natsURLs, mqttURLs = append(natsURLs, n.NATSURL), append(mqttURLs, n.MQTTURL)
	}
	workers := []*worker{newWorker(t, "lifeline-ingest-1", dbURL, natsURLs, issuerSeed, cfg.shards), newWorker(t, "lifeline-ingest-2", dbURL, natsURLs, issuerSeed, cfg.shards)}
	// A worker too busy to answer its /metrics in time counts what it last
	// said, not nothing.
	var lastSaid sync.Map
	committedEach := func() []float64 {
		each := make([]float64, len(workers))
		for i, w := range workers {
			if m, err := w.tryMetrics("lifeline_ingest_fixes_total"); err == nil {
				lastSaid.Store(i, m[0])
			}
			if n, ok := lastSaid.Load(i); ok {
				each[i] = n.(float64)
			}
		}
		return each
	}
	committed := func() (total float64) {
		for _, n := range committedEach() {
			total += n
		}
		return total
	}
	backlog := workersBacklog(t, natsURLs, cfg.shards)

	// Every simulator gets every node, its device i starting at node i mod
	// nodes: each node holds its share of every simulator's bracelets.
	var runs []*simRun
	var accounts []*account
	for i, share := range shares(cfg.devices, cfg.perSim) {
		a := api.newAccount(t, fmt.Sprintf("fleet%d", i+1), share)
		accounts = append(accounts, a)
		runs = append(runs, api.runSim(t, a, "--lean", "--broker", strings.Join(mqttURLs, ","),
			"--interval", cfg.interval.String(), "--latency-windows", cfg.sample.String(), "--drain-timeout", "300s",
			"--connect-concurrency", strconv.Itoa(cfg.connecting), "--connect-timeout", cfg.connectTimeout.String(),
			"--keepalive", cfg.keepAlive().String()))
	}
	sims := fleet(runs)
	began := time.Now()
	report := fleetReport{Started: began.UTC().Format("2006-01-02 15:04 UTC"), Devices: cfg.devices, Nodes: cfg.nodes, Shards: cfg.shards, Simulators: len(runs), IntervalS: cfg.interval.Seconds(), KeepAliveS: cfg.keepAlive().Seconds(), MQTT: cfg.mqtt,
		Connecting: cfg.connecting, Kills: cfg.killNames, ConnectTimeoutS: cfg.connectTimeout.Seconds(), SampleS: cfg.sample.Seconds()}
	// Sampled from the first simulator's start to the drain, so a fleet
	// that never connects whole still says how far it got, and why.
	sampler := &fleetSampler{cluster: cluster, runs: runs, workers: workers, api: api, committed: committedEach, began: began}
	stopSampling := sampler.every(t, cfg.sample)
	written := false
	write := func() {
		written = true
		report.Samples = stopSampling()
		if cfg.reportPath == "" {
			return
		}
		raw, _ := json.MarshalIndent(report, "", "  ")
		if err := os.WriteFile(cfg.reportPath, raw, 0o644); err != nil {
			t.Error(err)
		}
	}
	// A run that fails part-way still writes what it measured.
	t.Cleanup(func() {
		if !written {
			if report.Stopped == "" {
				report.Stopped = "a failure while " + sampler.current() + " (the test's log says which)"
			}
			write()
		}
	})
	sampler.phase("connecting")
	for deadline := time.Now().Add(cfg.connectWithin); sims.connected() != cfg.devices || committed() == 0; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			report.Stopped = fmt.Sprintf("%d of %d bracelets connected after %v", sims.connected(), cfg.devices, cfg.connectWithin)
			write()
			t.Fatalf("%s: %s; %s", report.Stopped, sims.describe(), backlog())
		}
	}
	report.Connected, report.ConnectS = true, time.Since(began).Seconds()
	t.Logf("%d bracelets connected across %d nodes in %.1f s (%s)", cfg.devices, cfg.nodes, report.ConnectS, backlog())

	// The probe does not reconnect: it runs while every node is up.
	prober := api.newAccount(t, "probe", 0)
	sampler.phase("steady")
	probe := startAlertProbe(t, benchBin, api, prober, cluster.Nodes[0], time.Duration(cfg.samples)*cfg.sample)
	report.Probe = probe.wait(t)

	// The storms: a node that leads no replica of a message stream dies
	// with its share of the fleet, then the first shard's stream's leader
	// does. Each is over once every bracelet is connected and none has had
	// to connect again for a while: a bracelet on another node may be
	// dropped after the first wave.
	// The leaders are asked at each kill: a restart may have moved them.
	for _, kill := range cfg.kills {
		var leaders []int
		for _, account := range cluster.Accounts {
			leaders = append(leaders, cluster.LeaderIn(account, brokercluster.MessagesStream))
		}
		node := kill.choose(leaders, len(cluster.Nodes))
		sampler.phase(cluster.Nodes[node].Name + " killed")
		storm := killAndSettle(t, cluster, node, sims, cfg, backlog, &report.Stopped)
		storm.What = kill.what
		for _, l := range leaders {
			if l == node {
				storm.LedStreams++
			}
		}
		report.Storms = append(report.Storms, storm)
	}
	sampler.phase("after the kills")
	after := startAlertProbe(t, benchBin, api, prober, cluster.Nodes[0], 2*cfg.sample)
	report.ProbeAfter = after.wait(t)
	sampler.phase("draining")

	for _, r := range runs {
		r.interrupt(t)
	}
	sums := map[*account]*summary{}
	for i, r := range runs {
		sum := r.wait(t, 10*time.Minute)
		sums[accounts[i]] = sum
		report.Acked += sum.Acked
		report.Lost += sum.Lost
		report.Windows = append(report.Windows, sum.Windows)
		if sum.Lost != 0 || sum.Unsent != 0 {
			t.Errorf("simulator %d: %d lost, %d unsent: want every fix delivered", i+1, sum.Lost, sum.Unsent)
		}
	}
	checkNothingLost(t, api, sums)
	t.Logf("%d fixes acknowledged by the cluster, each stored once; fix to alert p50/p99 %.1f/%.1f ms over %d samples (%d timed out, %d fixes beyond three) before the storms, %.1f/%.1f ms over %d (%d, %d) after",
		report.Acked, report.Probe.P50ms, report.Probe.P99ms, report.Probe.Samples, report.Probe.Timeouts, report.Probe.ExtraFixes,
		report.ProbeAfter.P50ms, report.ProbeAfter.P99ms, report.ProbeAfter.Samples, report.ProbeAfter.Timeouts, report.ProbeAfter.ExtraFixes)
	for _, p := range []probeResult{report.Probe, report.ProbeAfter} {
		if p.Samples == 0 {
			t.Errorf("an alert probe took no sample: %+v", p)
		}
	}
	write()
}

type fleetConfig struct {
	devices, nodes, perSim int
	shards                 int           // accounts the bracelets are spread over (--nats-shards)
	connecting             int           // a simulator's connections being opened at once
	connectTimeout         time.Duration // a bracelet's wait for its CONNACK
	mqtt                   string        // more settings of every node's mqtt block
	interval, sample       time.Duration
	samples                int           // steady samples, the probe's time before the kills
	connectWithin          time.Duration // for every bracelet to connect at the start
	settleWithin           time.Duration // for a storm to settle
	kills                  []fleetKill   // the nodes killed in turn
	killNames              string        // and their names ("follower,leader")
	reportPath             string
}

// fleetKill is a node to kill, chosen by the message streams' leaders at
// the time (the first shard's first): a node that leads nothing dies with
// its share of the fleet alone; a leader's death also moves its stream.
type fleetKill struct {
	what   string
	choose func(leaders []int, nodes int) int
}

var fleetKills = map[string]fleetKill{
	"follower": {"a node that leads no message stream", func(leaders []int, nodes int) int {
		for i := 1; i < nodes; i++ {
			if n := (leaders[0] + i) % nodes; !slices.Contains(leaders, n) {
				return n
			}
		}
		return (leaders[0] + 1) % nodes // every node leads one: the next
	}},
	"leader": {"the first shard's message stream's leader", func(leaders []int, _ int) int { return leaders[0] }},
}

// fleetSize reads LIFELINE_FLEET_DEVICES (600), _NODES (6), _PER_SIM
// (300: the small fleet in two simulators), _CONNECTING (50),
// _CONNECT_TIMEOUT (15s), _MQTT (""),
// _SHARDS (3: the accounts the bracelets are spread over),
// _INTERVAL (5s), _SAMPLE (10s), _SAMPLES (1), _KILLS ("follower,leader":
// the nodes killed, in turn), _SETTLE_WITHIN (a storm's limit; the
// connecting's by default) and _REPORT (a path: write the report).
func fleetSize(t *testing.T) fleetConfig {
	t.Helper()
	c := fleetConfig{devices: 600, nodes: 6, shards: 3, perSim: 300, connecting: 50, connectTimeout: 15 * time.Second, interval: 5 * time.Second, sample: 10 * time.Second, samples: 1,
		mqtt: os.Getenv("LIFELINE_FLEET_MQTT"), reportPath: os.Getenv("LIFELINE_FLEET_REPORT")}
	number := func(name string, least int, into *int) {
		if v := os.Getenv(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < least {
				t.Fatalf("%s=%q: want a number, %d or more", name, v, least)
			}
			*into = n
		}
	}
	duration := func(name string, least time.Duration, into *time.Duration) {
		if v := os.Getenv(name); v != "" {
			d, err := time.ParseDuration(v)
			if err != nil || d < least {
				t.Fatalf("%s=%q: want a duration, %v or more", name, v, least)
			}
			*into = d
		}
	}
	number("LIFELINE_FLEET_DEVICES", 1, &c.devices)
	number("LIFELINE_FLEET_NODES", brokercluster.Size, &c.nodes)
	number("LIFELINE_FLEET_SHARDS", 1, &c.shards)
	number("LIFELINE_FLEET_PER_SIM", 1, &c.perSim)
	number("LIFELINE_FLEET_SAMPLES", 1, &c.samples)
	number("LIFELINE_FLEET_CONNECTING", 1, &c.connecting)
	duration("LIFELINE_FLEET_INTERVAL", time.Second, &c.interval)
	duration("LIFELINE_FLEET_SAMPLE", 5*time.Second, &c.sample)
	duration("LIFELINE_FLEET_CONNECT_TIMEOUT", time.Second, &c.connectTimeout)
	if c.perSim > 19000 {
		t.Fatalf("LIFELINE_FLEET_PER_SIM=%d: a simulator opens a descriptor a bracelet, and a process may open 20,000 here", c.perSim)
	}
	// Connecting goes through the callout, a few hundred a second on this
	// machine when quiet (600 took 134 s beside a whole make test): the
	// limit is generous and grows with the fleet.
	c.connectWithin = 6*time.Minute + time.Duration(c.devices)*20*time.Millisecond
	c.settleWithin = c.connectWithin
	duration("LIFELINE_FLEET_SETTLE_WITHIN", time.Minute, &c.settleWithin)
	c.killNames = cmp.Or(os.Getenv("LIFELINE_FLEET_KILLS"), "follower,leader")
	for _, name := range strings.Split(c.killNames, ",") {
		kill, ok := fleetKills[name]
		if !ok {
			t.Fatalf("LIFELINE_FLEET_KILLS=%q: want follower and leader, comma-separated, in the order to kill them", c.killNames)
		}
		c.kills = append(c.kills, kill)
	}
	return c
}

// keepAlive is a bracelet's MQTT keep-alive, long enough that its fixes
// keep the connection alive as firmware that reports on time would set it
// (the simulator pings after three quarters of it without a write), so a
// fleet at a long interval is not also a fleet of pings.
func (c fleetConfig) keepAlive() time.Duration {
	return max(60*time.Second, c.interval*3/2+30*time.Second)
}

// shares splits n bracelets into simulators of at most per each, as even
// as they come.
func shares(n, per int) []int {
	k := (n + per - 1) / per
	out := make([]int, k)
	for i := range out {
		out[i] = n / k
		if i < n%k {
			out[i]++
		}
	}
	return out
}

// fleet is the simulators' progress lines read together.
type fleet []*simRun

func (f fleet) connected() (n int) {
	for _, r := range f {
		n += r.progressLine().connected
	}
	return n
}

func (f fleet) acked() (n int) {
	for _, r := range f {
		n += r.progressLine().acked
	}
	return n
}

func (f fleet) reconnects() (n int) {
	for _, r := range f {
		n += r.progressLine().reconnects
	}
	return n
}

func (f fleet) describe() string {
	var each []string
	for i, r := range f {
		p := r.progressLine()
		each = append(each, fmt.Sprintf("simulator %d: %d connected, %d errors, %d reconnects", i+1, p.connected, p.errors, p.reconnects))
	}
	return strings.Join(each, "; ")
}

// fleetReport is what make bench-scaleout reads for its fleet section.
type fleetReport struct {
	Started         string  `json:"started"` // the first simulator's start
	Devices         int     `json:"devices"`
	Nodes           int     `json:"nodes"`
	Shards          int     `json:"shards"` // accounts the bracelets are spread over, each a message stream
	Simulators      int     `json:"simulators"`
	IntervalS       float64 `json:"interval_s"`
	KeepAliveS      float64 `json:"keepalive_s"`
	MQTT            string  `json:"mqtt_settings"` // more settings of the nodes' mqtt block
	Connecting      int     `json:"connecting"`    // a simulator's connections opened at once
	Kills           string  `json:"kills"`         // the nodes killed in turn, as LIFELINE_FLEET_KILLS names them
	ConnectTimeoutS float64 `json:"connect_timeout_s"`
	// Connected: every bracelet connected within the test's limit (if not,
	// the report ends there).
	Connected  bool          `json:"connected"`
	Stopped    string        `json:"stopped,omitempty"` // why the run ended early
	SampleS    float64       `json:"sample_s"`
	ConnectS   float64       `json:"connect_s"` // from the first simulator's start to every bracelet connected
	Samples    []fleetSample `json:"samples"`
	Storms     []fleetStorm  `json:"storms"`
	Probe      probeResult   `json:"probe"`       // fix to alert before the storm
	ProbeAfter probeResult   `json:"probe_after"` // and after it
	Acked      int64         `json:"acked"`
	Lost       int64         `json:"lost"`
	// Windows are each simulator's publish-to-PUBACK windows (the
	// simulator's --latency-windows, from its every bracelet connected).
	Windows [][]struct {
		P50ms float64 `json:"p50_ms"`
		P99ms float64 `json:"p99_ms"`
		Acked uint64  `json:"acked"`
	} `json:"windows"`
}

type fleetStorm struct {
	What string `json:"what"`
	Node string `json:"node"`
	Held int    `json:"held"` // its connections when killed (its monitoring)
	// LedStreams: how many shards' message streams it led when killed.
	LedStreams int `json:"led_streams"`
	// ReconnectedS: from the kill to the last time a bracelet was seen not
	// connected, after which all stayed connected for QuietS.
	ReconnectedS  float64 `json:"reconnected_s"`
	QuietS        float64 `json:"quiet_s"`
	Reconnections int     `json:"reconnections"`
	// ClosedElsewhere: connections the other nodes closed after the kill,
	// by the reason they give.
	ClosedElsewhere map[string]int `json:"closed_elsewhere"`
	RestartedS      float64        `json:"restarted_s"`
}

// killAndSettle SIGKILLs node i with the fleet connected, waits until every
// bracelet has been connected for a quiet spell (the longer of 10 s and
// the fleet's interval), and starts the node again. A storm that does not
// settle within cfg.settleWithin ends the test, saying so in stopped.
func killAndSettle(t *testing.T, cluster *brokercluster.Cluster, i int, f fleet, cfg fleetConfig, explain func() string, stopped *string) fleetStorm {
	t.Helper()
	node := cluster.Nodes[i]
	before := f.reconnects()
	held, _ := node.Connections()
	cluster.Kill(i)
	killed := time.Now()
	s := fleetStorm{Node: node.Name, Held: held, QuietS: max(10*time.Second, cfg.interval).Seconds()}
	lastRe, lastMissing := before, killed
	settled := func() bool {
		re := f.reconnects()
		if f.connected() != cfg.devices || re != lastRe {
			lastRe, lastMissing = re, time.Now()
		}
		return re > before && time.Since(lastMissing).Seconds() >= s.QuietS
	}
	for deadline := killed.Add(cfg.settleWithin); !settled(); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			*stopped = fmt.Sprintf("%s (%d connections) killed and the fleet not connected again and staying so within %v: %d of %d connected at the end",
				node.Name, held, cfg.settleWithin, f.connected(), cfg.devices)
			t.Fatalf("%s\n%s\n%s", *stopped, explain(), f.describe())
		}
	}
	s.ReconnectedS, s.Reconnections = lastMissing.Sub(killed).Seconds(), lastRe-before
	s.ClosedElsewhere = map[string]int{}
	for j, n := range cluster.Nodes {
		if j == i {
			continue
		}
		closed, err := n.ClosedSince(killed)
		if err != nil {
			t.Fatal(err)
		}
		for reason, k := range closed {
			s.ClosedElsewhere[reason] += k
		}
	}
	cluster.Restart(i)
	s.RestartedS = time.Since(killed).Seconds()
	t.Logf("node %s SIGKILLed holding %d connections: every bracelet connected again %.1f s later and for %.0f s after (%d reconnections; the other nodes closed %v); restarted and serving %.1f s after the kill",
		s.Node, held, s.ReconnectedS, s.QuietS, s.Reconnections, s.ClosedElsewhere, s.RestartedS)
	return s
}

// fleetSample is one row of the report: the fleet and its processes at
// AtS seconds after the first simulator started.
type fleetSample struct {
	Phase         string             `json:"phase"`
	AtS           float64            `json:"at_s"`
	Connected     int                `json:"connected"`
	NodeConns     map[string]int     `json:"node_connections"`
	RSSMB         map[string]float64 `json:"rss_mb"` // n1…, sim1…, worker1…, api
	AckedPerS     float64            `json:"acked_per_s"`
	CommittedPerS float64            `json:"committed_per_s"`
	// CommittedEach is each worker's share of it: with shards, the
	// workers share the fleet (ingest's roll call).
	CommittedEach []float64 `json:"committed_each_per_s"`
}

type fleetSampler struct {
	cluster   *brokercluster.Cluster
	runs      []*simRun
	workers   []*worker
	api       *server
	committed func() []float64 // each worker's fixes committed so far
	began     time.Time

	mu  sync.Mutex
	now string // the phase the next sample is labelled with
}

func (s *fleetSampler) current() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.now
}

func (s *fleetSampler) phase(p string) {
	s.mu.Lock()
	s.now = p
	s.mu.Unlock()
}

// every samples the fleet every d until the returned func is called; it
// returns the samples. Rates are over the time since the previous sample.
func (s *fleetSampler) every(t *testing.T, d time.Duration) (stop func() []fleetSample) {
	t.Helper()
	quit, done := make(chan struct{}), make(chan struct{})
	var rows []fleetSample
	go func() {
		defer close(done)
		lastAt, lastAcked, lastCommit := time.Now(), float64(fleet(s.runs).acked()), s.committed()
		tick := time.NewTicker(d)
		defer tick.Stop()
		for {
			select {
			case <-quit:
				return
			case now := <-tick.C:
				s.mu.Lock()
				row := fleetSample{Phase: s.now, AtS: now.Sub(s.began).Seconds(), Connected: fleet(s.runs).connected(),
					NodeConns: map[string]int{}, RSSMB: map[string]float64{}}
				s.mu.Unlock()
				for _, n := range s.cluster.Nodes {
					if c, err := n.Connections(); err == nil {
						row.NodeConns[n.Name] = c
						row.RSSMB[n.Name] = rssMB(n.PID())
					}
				}
				for i, r := range s.runs {
					row.RSSMB[fmt.Sprintf("sim%d", i+1)] = rssMB(r.cmd.Process.Pid)
				}
				for i, w := range s.workers {
					row.RSSMB[fmt.Sprintf("worker%d", i+1)] = rssMB(w.Pid())
				}
				row.RSSMB["api"] = rssMB(s.api.Pid())
				acked, commit := float64(fleet(s.runs).acked()), s.committed()
				secs := time.Since(lastAt).Seconds()
				row.AckedPerS = (acked - lastAcked) / secs
				for i := range commit {
					rate := (commit[i] - lastCommit[i]) / secs
					row.CommittedEach = append(row.CommittedEach, rate)
					row.CommittedPerS += rate
				}
				lastAt, lastAcked, lastCommit = time.Now(), acked, commit
				t.Logf("at %.0f s (%s): %d connected, nodes %v, %.0f acked/s, %.0f committed/s (each worker %.0f), RSS MB %v",
					row.AtS, row.Phase, row.Connected, row.NodeConns, row.AckedPerS, row.CommittedPerS, row.CommittedEach, row.RSSMB)
				rows = append(rows, row)
			}
		}
	}()
	var once sync.Once
	return func() []fleetSample {
		once.Do(func() { close(quit) })
		<-done
		return rows
	}
}

// rssMB is a process's resident memory now (0 once it is gone).
func rssMB(pid int) float64 {
	kb, _ := processRSSKB(pid)
	return float64(kb) / 1024
}

// probeResult is lifeline-bench alert-probe's answer.
type probeResult struct {
	Samples  int     `json:"samples"`
	P50ms    float64 `json:"p50_ms"`
	P99ms    float64 `json:"p99_ms"`
	MaxMs    float64 `json:"max_ms"`
	AckP50ms float64 `json:"ack_p50_ms"`
	AckP99ms float64 `json:"ack_p99_ms"`
	Timeouts int     `json:"timeouts"`
	// ExtraFixes: fixes the probe sent beyond three because no alert had
	// come (the zone reached the worker's engine after the first fixes).
	ExtraFixes int `json:"extra_fixes"`
}

type alertProbe struct {
	cmd  *exec.Cmd
	out  strings.Builder
	errs strings.Builder
	done chan error
	mu   sync.Mutex
}

// startAlertProbe runs lifeline-bench alert-probe for d as a: a bracelet of
// its own on node, an avoid zone every 2 s entered by three
// fixes, each sample from the confirming fix's PUBACK to the alert on
// api's live stream.
func startAlertProbe(t *testing.T, bin string, api *server, a *account, node *brokercluster.Node, d time.Duration) *alertProbe {
	t.Helper()
	p := &alertProbe{done: make(chan error, 1)}
	p.cmd = exec.Command(bin, "alert-probe", "--api", api.url,
		"--broker", strings.TrimPrefix(node.MQTTURL, "tcp://"), "--email", a.email, "--every", "2s",
		"--duration", d.String(), "--timeout", "20s")
	p.cmd.Env = append(apptest.Environ(), "LIFELINE_PASSWORD="+a.password)
	locked := func(b *strings.Builder) writerFunc {
		return func(data []byte) (int, error) {
			p.mu.Lock()
			defer p.mu.Unlock()
			return b.Write(data)
		}
	}
	p.cmd.Stdout, p.cmd.Stderr = locked(&p.out), locked(&p.errs)
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.done <- p.cmd.Wait() }()
	t.Cleanup(func() { _ = p.cmd.Process.Kill() })
	return p
}

func (p *alertProbe) wait(t *testing.T) probeResult {
	t.Helper()
	var err error
	select {
	case err = <-p.done:
	case <-time.After(5 * time.Minute):
		_ = p.cmd.Process.Kill()
		err = <-p.done
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	var r probeResult
	if err != nil || json.Unmarshal([]byte(p.out.String()), &r) != nil {
		t.Errorf("alert-probe: %v\n%s\n%s", err, p.out.String(), tail(p.errs.String()))
	}
	return r
}
