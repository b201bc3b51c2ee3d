package main

// nats-memory: what one bracelet-like MQTT connection costs the nodes of a
// three-node NATS cluster (ingest/brokercluster), for "the memory question"
// of docs/scaling.md. One cluster per run, started fresh; every client
// connects to node 1, so node 1 is "its node" and the others show what the
// cluster's replicated state costs them.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"lifeline/ingest/brokercluster"
	"lifeline/internal/bench/rawmqtt"
)

type natsMemoryNode struct {
	Name          string  `json:"name"`
	RSSBeforeMB   float64 `json:"rss_before_mb"`
	RSSAfterMB    float64 `json:"rss_after_mb"`
	RSSPerConnKB  float64 `json:"rss_per_conn_kb"`
	HeapBeforeMB  float64 `json:"heap_live_before_mb"`
	HeapAfterMB   float64 `json:"heap_live_after_mb"`
	HeapPerConnKB float64 `json:"heap_per_conn_kb"`
}

type natsMemoryResult struct {
	Conns       int              `json:"connections"`
	Clean       bool             `json:"clean_session"`
	QoS         int              `json:"subscription_qos"`
	MQTT        string           `json:"mqtt_settings"`
	Env         []string         `json:"env"`
	ConnectS    float64          `json:"connect_s"`
	Failed      int64            `json:"failed"`
	Subscribed  int64            `json:"subscribed"`
	Consumers   int              `json:"consumers"`
	Nodes       []natsMemoryNode `json:"nodes"`
	AfterClose  []natsMemoryNode `json:"after_close,omitempty"`
	CloseWaitS  float64          `json:"close_wait_s,omitempty"`
	ClusterKB   float64          `json:"cluster_rss_per_conn_kb"`
	ClusterHeap float64          `json:"cluster_heap_per_conn_kb"`
}

// natsMemory runs one measurement: start the cluster, open one connection so
// the MQTT streams exist, read every node's RSS and live heap (after a GC),
// connect --conns clients (CONNECT, SUBSCRIBE to their config topic, SUBACK),
// wait --settle, read again. With --close-wait the clients then disconnect
// and the nodes are read once more after that long (a persistent session
// outlives its connection; consumer_inactive_threshold bounds it).
func natsMemory(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("nats-memory", flag.ContinueOnError)
	fs.SetOutput(stderr)
	conns := fs.Int("conns", 2000, "bracelet-like connections, all to node 1 (at most 10000)")
	clean := fs.Bool("clean", false, "clean session (the firmware's is persistent)")
	qos := fs.Int("qos", 1, "QoS of the config subscription (the firmware's is 1)")
	mqtt := fs.String("mqtt", "", `more settings of every node's mqtt block, e.g. "consumer_memory_storage: true"`)
	env := fs.String("env", "", "space-separated environment of the nodes, e.g. GOGC=50 GOMEMLIMIT=1GiB")
	parallel := fs.Int("parallel", 50, "connections being opened at once")
	settle := fs.Duration("settle", 10*time.Second, "wait after the last SUBACK before reading")
	closeWait := fs.Duration("close-wait", 0, "disconnect every client, wait this long, read again (0: no)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *conns < 1 || *conns > 10000 {
		return errors.New("--conns must be 1 to 10000")
	}
	tb := &benchTB{name: "nats-memory", stderr: stderr}
	defer tb.cleanup()
	var res natsMemoryResult
	err := tb.run(func() {
		opts := brokercluster.Options{MQTT: *mqtt, Env: strings.Fields(*env), Profile: true}
		c := brokercluster.StartOptions(tb, opts)
		node := strings.TrimPrefix(c.Nodes[0].MQTTURL, "tcp://")
		// The first connection creates the account's MQTT streams; a
		// cluster that has just formed may time it out: try again.
		first, err := mqttClient(node, "mem_streams", *clean, *qos)
		for deadline := time.Now().Add(time.Minute); err != nil && time.Now().Before(deadline); {
			time.Sleep(time.Second)
			first, err = mqttClient(node, "mem_streams", *clean, *qos)
		}
		if err != nil {
			tb.Fatalf("first connection: %v", err)
		}
		defer first.Close()
		time.Sleep(*settle)
		before := readNodes(tb, c)
		res = natsMemoryResult{Conns: *conns, Clean: *clean, QoS: *qos, MQTT: *mqtt, Env: opts.Env}
		start := time.Now()
		var failed, subscribed atomic.Int64
		var firstErr sync.Once
		clients := make([]net.Conn, *conns)
		sem := make(chan struct{}, *parallel)
		var wg sync.WaitGroup
		for i := range *conns {
			sem <- struct{}{}
			wg.Add(1)
			go func() {
				defer func() { <-sem; wg.Done() }()
				conn, err := mqttClient(node, fmt.Sprintf("brc_mem_%06d", i), *clean, *qos)
				if err != nil {
					failed.Add(1)
					firstErr.Do(func() { fmt.Fprintf(stderr, "nats-memory: first failure: %v\n", err) })
					return
				}
				clients[i] = conn
				subscribed.Add(1)
			}()
			if ctx.Err() != nil {
				break
			}
		}
		wg.Wait()
		res.ConnectS = time.Since(start).Seconds()
		res.Failed = failed.Load()
		res.Subscribed = subscribed.Load()
		fmt.Fprintf(stderr, "nats-memory: %d subscribed in %.1f s (%d failed); settling %s\n", res.Subscribed, res.ConnectS, res.Failed, *settle)
		time.Sleep(*settle)
		after := readNodes(tb, c)
		n := float64(res.Subscribed) // an interrupted run has fewer than --conns
		res.Nodes = diffNodes(before, after, n)
		res.Consumers = consumers(c.Nodes[0].MonitorURL())
		for _, nd := range res.Nodes {
			res.ClusterKB += nd.RSSPerConnKB
			res.ClusterHeap += nd.HeapPerConnKB
		}
		if *closeWait > 0 {
			for _, conn := range clients {
				if conn != nil {
					conn.Close()
				}
			}
			time.Sleep(*closeWait)
			res.AfterClose = diffNodes(before, readNodes(tb, c), n)
			res.CloseWaitS = closeWait.Seconds()
		}
		for _, conn := range clients {
			if conn != nil {
				conn.Close()
			}
		}
	})
	if err != nil {
		return err
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(res)
}

// mqttClient opens one MQTT 3.1.1 connection as the cluster's default user,
// with keep-alive off (the nodes never close it while the run reads), and
// subscribes to the bracelet's config topic.
func mqttClient(addr, id string, clean bool, qos int) (net.Conn, error) {
	conn, err := net.DialTimeout("tcp", addr, 30*time.Second)
	if err != nil {
		return nil, err
	}
	_ = conn.SetDeadline(time.Now().Add(60 * time.Second))
	flags := byte(0x80 | 0x40)
	if clean {
		flags |= 0x02
	}
	b := rawmqtt.AppendString(nil, "MQTT")
	b = append(b, 4, flags, 0, 0)
	b = rawmqtt.AppendString(b, id)
	b = rawmqtt.AppendString(b, "lifeline")
	b = rawmqtt.AppendString(b, "lifeline")
	r := bufio.NewReader(conn)
	sub := rawmqtt.AppendString([]byte{0, 1}, "bracelets/"+id+"/config")
	sub = append(sub, byte(qos))
	if _, err := conn.Write(append(rawmqtt.Packet(0x10, b), rawmqtt.Packet(0x82, sub)...)); err != nil {
		conn.Close()
		return nil, err
	}
	for _, want := range []byte{0x20, 0x90} { // CONNACK, SUBACK
		typ, body, err := readPkt(r)
		if err != nil {
			conn.Close()
			return nil, err
		}
		if typ != want || (want == 0x20 && (len(body) < 2 || body[1] != 0)) || (want == 0x90 && (len(body) < 3 || body[2] == 0x80)) {
			conn.Close()
			return nil, fmt.Errorf("%s: packet %#x %v", id, typ, body)
		}
	}
	_ = conn.SetDeadline(time.Time{})
	return conn, nil
}

func readPkt(r *bufio.Reader) (byte, []byte, error) {
	h, n, err := rawmqtt.ReadHeader(r)
	if err != nil {
		return 0, nil, err
	}
	body := make([]byte, n)
	_, err = io.ReadFull(r, body)
	return h & 0xf0, body, err
}

type nodeMemory struct{ rss, heap float64 } // bytes

func readNodes(tb testing.TB, c *brokercluster.Cluster) []nodeMemory {
	out := make([]nodeMemory, len(c.Nodes))
	for i, n := range c.Nodes {
		out[i].rss = procRSS(tb, n.PID())
		out[i].heap = heapLive(tb, n.ProfileURL())
	}
	return out
}

func diffNodes(before, after []nodeMemory, conns float64) []natsMemoryNode {
	out := make([]natsMemoryNode, len(before))
	for i := range before {
		out[i] = natsMemoryNode{
			Name:          fmt.Sprintf("n%d", i+1),
			RSSBeforeMB:   round1(before[i].rss / 1e6),
			RSSAfterMB:    round1(after[i].rss / 1e6),
			RSSPerConnKB:  round1((after[i].rss - before[i].rss) / conns / 1e3),
			HeapBeforeMB:  round1(before[i].heap / 1e6),
			HeapAfterMB:   round1(after[i].heap / 1e6),
			HeapPerConnKB: round1((after[i].heap - before[i].heap) / conns / 1e3),
		}
	}
	return out
}

func round1(f float64) float64 { return float64(int64(f*10+0.5)) / 10 }

// procRSS is the process's resident set in bytes (/proc, Linux).
func procRSS(tb testing.TB, pid int) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		tb.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			if err != nil {
				tb.Fatal(err)
			}
			return kb * 1024
		}
	}
	tb.Fatalf("no VmRSS for process %d", pid)
	return 0
}

// heapLive is the bytes of the node's live Go objects after a garbage collection
// (pprof's heap profile with gc=1 prints runtime.MemStats at its end).
func heapLive(tb testing.TB, profile string) float64 {
	resp, err := http.Get(profile + "/debug/pprof/heap?debug=1&gc=1")
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "# HeapAlloc = "); ok {
			v, err := strconv.ParseFloat(rest, 64)
			if err != nil {
				tb.Fatal(err)
			}
			return v
		}
	}
	tb.Fatalf("no HeapAlloc in %s's heap profile", profile)
	return 0
}

// consumers counts the JetStream consumers node knows of in its account.
func consumers(monitor string) int {
	resp, err := http.Get(monitor + "/jsz?accounts=true&streams=true&consumers=true")
	if err != nil {
		return -1
	}
	defer resp.Body.Close()
	var jsz struct {
		Consumers int `json:"consumers"`
	}
	if json.NewDecoder(resp.Body).Decode(&jsz) != nil {
		return -1
	}
	return jsz.Consumers
}

// benchTB lets a benchmark program use the test helpers that start real
// servers (brokercluster takes a testing.TB): Fatal ends the run through
// run, Cleanup and TempDir work as in a test. Calling any other method of
// testing.TB panics.
type benchTB struct {
	testing.TB
	name     string
	stderr   io.Writer
	mu       sync.Mutex
	cleanups []func()
	failed   bool
}

type benchFatal struct{ msg string }

func (t *benchTB) run(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			fatal, ok := r.(benchFatal)
			if !ok {
				panic(r)
			}
			err = errors.New(fatal.msg)
		}
	}()
	f()
	return nil
}

func (t *benchTB) cleanup() {
	t.mu.Lock()
	cs := t.cleanups
	t.cleanups = nil
	t.mu.Unlock()
	for i := len(cs) - 1; i >= 0; i-- {
		cs[i]()
	}
}

func (t *benchTB) Helper()      {}
func (t *benchTB) Name() string { return t.name }
func (t *benchTB) Failed() bool { t.mu.Lock(); defer t.mu.Unlock(); return t.failed }
func (t *benchTB) Cleanup(f func()) {
	t.mu.Lock()
	t.cleanups = append(t.cleanups, f)
	t.mu.Unlock()
}
func (t *benchTB) Logf(format string, args ...any) { fmt.Fprintf(t.stderr, format+"\n", args...) }
func (t *benchTB) Fatal(args ...any)               { t.fail(fmt.Sprint(args...)) }
func (t *benchTB) Fatalf(format string, args ...any) {
	t.fail(fmt.Sprintf(format, args...))
}
func (t *benchTB) fail(msg string) {
	t.mu.Lock()
	t.failed = true
	t.mu.Unlock()
	panic(benchFatal{msg})
}

func (t *benchTB) TempDir() string {
	dir, err := os.MkdirTemp("", "lifeline-bench-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}
