package faults

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"github.com/eclipse/paho.mqtt.golang/packets"
	"github.com/jackc/pgx/v5"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nkeys"

	"lifeline/app/apptest"
	"lifeline/ingest"
	"lifeline/ingest/brokercluster"
	"lifeline/ingest/natsshard"
	"lifeline/store/storetest"
)

// TestScaleOutSurvivesEachKill is the scale-out topology on real processes,
// through one fault after another: a three-node NATS cluster whose nodes
// know only the workers' user (every bracelet's CONNECT goes to the auth
// callout the workers answer), two `--role ingest` workers sharing its
// JetStream work queue, two `--role api` nodes, one database, and
// firmware-sim --verify with 50 bracelets given all three nodes' addresses,
// walking a route through a row of avoid zones so alerts flow all along.
//
// Mid-stream, in turn: the node leading the cluster's message stream is
// SIGKILLed and started again, then an ingest worker, then an API node.
// After the broker node's restart one more bracelet, which started on the
// node killed, is revoked through an API node: its connection must be
// closed wherever it now is, its reconnections refused, nothing it takes
// afterwards stored, and the fleet must keep flowing.
// After each kill the test measures (a) the seconds until every bracelet
// is connected again (the simulator's progress line: all connected, and,
// after the broker node, more reconnections than before) and (b) the
// seconds until an alert raised from a fix made after the kill reaches the
// owner's live event stream on the API node that was not killed. At the
// end every fix the cluster acknowledged is stored exactly once.
//
// LIFELINE_SCALEOUT_DEVICES and LIFELINE_SCALEOUT_INTERVAL size it up;
// with LIFELINE_SCALEOUT_REPORT set it also measures publish-to-PUBACK
// through the embedded broker first and through the cluster before the
// first kill, and writes every figure there as JSON (make bench-scaleout).
func TestScaleOutSurvivesEachKill(t *testing.T) {
	t.Parallel()
	cfg := scaleOutSize(t)
	dbURL := storetest.NewURL(t)
	api := []*server{startServer(t, dbURL, "--role", "api"), startServer(t, dbURL, "--role", "api")}
	owner := api[0].newAccount(t, "scaleout", cfg.devices)
	route := avoidZonesAlongARoute(t, api[0], owner)
	// The bracelet to revoke is another family's, in a simulator of its own:
	// once revoked it can never drain what it holds, so its summary, not
	// the fleet's, accounts for the fixes it could not deliver.
	family := api[0].newAccount(t, "revoked", 1)
	report := scaleOutReport{Devices: cfg.devices, IntervalS: cfg.interval.Seconds()}
	if cfg.reportPath != "" {
		report.Embedded = embeddedBaseline(t, dbURL, cfg, route)
	}

	cluster, issuerSeed := startCallingOutCluster(t, brokercluster.Size, 1, "")
	var natsURLs, mqttURLs []string
	for _, n := range cluster.Nodes {
		natsURLs, mqttURLs = append(natsURLs, n.NATSURL), append(mqttURLs, n.MQTTURL)
	}
	workers := []*worker{newWorker(t, "lifeline-ingest-1", dbURL, natsURLs, issuerSeed, 1), newWorker(t, "lifeline-ingest-2", dbURL, natsURLs, issuerSeed, 1)}
	committed := func() (total float64, each []float64) {
		for _, w := range workers {
			n := w.metric("lifeline_ingest_fixes_total")
			total, each = total+n, append(each, n)
		}
		return total, each
	}
	backlog := workersBacklog(t, natsURLs, 1)
	behind := func() string {
		var each []string
		for _, w := range workers {
			m, err := w.tryMetrics("lifeline_ingest_fixes_total", "lifeline_ingest_pending_rows",
				"lifeline_ingest_commit_seconds_sum", "lifeline_ingest_commit_seconds_count",
				"lifeline_ingest_ack_seconds_sum", "lifeline_ingest_ack_seconds_count")
			if err != nil {
				each = append(each, "down")
				continue
			}
			each = append(each, fmt.Sprintf("%.0f committed, %.0f rows waiting, %.0f ms a commit and %.0f ms an acknowledgement's confirmation on average",
				m[0], m[1], 1000*m[2]/max(m[3], 1), 1000*m[4]/max(m[5], 1)))
		}
		return fmt.Sprintf("workers: %s; %s", strings.Join(each, " | "), backlog())
	}

	alerts := api[1].followAlerts(t, owner)
	// The last --broker wins: every bracelet is given all three nodes,
	// device i starting at node i mod 3.
	walk := []string{"--scenario", "route", "--route", route, "--speed", strconv.FormatFloat(metresPerFix/cfg.interval.Seconds(), 'f', 1, 64),
		"--interval", cfg.interval.String(), "--inflight", "4", "--battery-every", "0"}
	run := api[0].runSim(t, owner, append(walk, "--broker", strings.Join(mqttURLs, ","),
		"--drain-timeout", "180s", "--latency-windows", cfg.steady.String())...)

	began := time.Now()
	waitFor(t, 3*time.Minute, "every bracelet connected, 200 fixes committed and an alert on the live stream", func() bool {
		n, _ := committed()
		return run.progressLine().connected == cfg.devices && n >= 200 && alerts.count() > 0
	}, run, behind)
	t0 := run.steadySince()
	if cfg.reportPath != "" {
		// The window latency is read from: the cluster before any fault.
		waitFor(t, cfg.steady+time.Minute, "a steady window", func() bool { return time.Since(t0) > cfg.steady+2*time.Second }, run)
	}
	n, _ := committed()
	t.Logf("%d bracelets connected, %.0f fixes committed, %d alerts after %v (%s)", cfg.devices, n, alerts.count(),
		time.Since(began).Round(time.Second), behind())
	if _, each := committed(); each[0] > 0 && each[1] > 0 {
		t.Errorf("the workers committed %v fixes before the first kill: want one pinned worker to take every fix", each)
	}
	// pinned is the worker committing now (the one the consumer pins).
	pinned := func() int {
		_, from := committed()
		var at int
		waitFor(t, time.Minute, "a worker committing fixes", func() bool {
			_, each := committed()
			for i := range each {
				if each[i] > from[i] {
					at = i
					return true
				}
			}
			return false
		}, run)
		return at
	}

	steps := []struct {
		what     string
		kill     func()
		restart  func()
		dropsAll bool // the killed process held bracelets' connections
	}{
		{"broker node (the message stream's leader)", nil, nil, true},
		{"ingest worker (the pinned one)", nil, nil, false},
		{"API node", func() { api[0].Kill() }, func() { api[0].start() }, false},
	}
	leader := cluster.Leader(brokercluster.MessagesStream)
	// The bracelet to revoke starts on the node about to be killed, so it is
	// revoked on whichever node it failed over to; it cannot drain once
	// revoked, hence the short drain.
	revokedRun := api[0].runSim(t, family, append(walk, "--broker", strings.Join(slices.Concat(mqttURLs[leader:], mqttURLs[:leader]), ","),
		"--drain-timeout", "10s")...)
	waitFor(t, 2*time.Minute, "the bracelet to revoke connected and a fix of it stored", func() bool {
		return revokedRun.progressLine().connected == 1 && fixesStored(t, dbURL, family.devices[0].ID, time.Time{}) > 0
	}, revokedRun, behind)
	revokedRun.missingJudgedApart = true // checkAfterwards
	var revoked revocation
	steps[0].kill = func() { cluster.Kill(leader) }
	steps[0].restart = func() { cluster.Restart(leader) }
	var dead, standby int // the killed worker and the other
	var standbyFrom float64
	steps[1].kill = func() {
		dead = pinned()
		standby = 1 - dead
		standbyFrom = workers[standby].metric("lifeline_ingest_fixes_total")
		workers[dead].Kill()
	}
	steps[1].restart = func() { workers[dead].restart(t) }
	for _, step := range steps {
		before := run.progressLine()
		step.kill()
		killed := time.Now()
		m := faultFigures{What: step.what}
		waitFor(t, 3*time.Minute, "bracelets connected and an alert after the "+step.what+" was killed", func() bool {
			if m.TakeoverS == 0 && step.what == steps[1].what && workers[standby].metric("lifeline_ingest_fixes_total") > standbyFrom {
				m.TakeoverS = time.Since(killed).Seconds()
			}
			if m.ReconnectedS == 0 {
				if p := run.progressLine(); p.at.After(killed) && p.connected == cfg.devices && (!step.dropsAll || p.reconnects > before.reconnects) {
					m.ReconnectedS, m.Reconnections = p.at.Sub(killed).Seconds(), p.reconnects-before.reconnects
				}
			}
			if m.AlertS == 0 {
				if at, ok := alerts.firstFromFixAfter(t, api[1], owner, killed); ok {
					m.AlertS = at.Sub(killed).Seconds()
				}
			}
			return m.ReconnectedS > 0 && m.AlertS > 0 && (step.what != steps[1].what || m.TakeoverS > 0)
		}, run, behind)
		step.restart()
		m.RestartedS = time.Since(killed).Seconds()
		t.Logf("%s SIGKILLed: every bracelet connected %.1f s later (%d reconnections), an alert from a fix made after the kill on the other API node's live stream %.1f s later; restarted and serving %.1f s after the kill",
			step.what, m.ReconnectedS, m.Reconnections, m.AlertS, m.RestartedS)
		if m.TakeoverS > 0 {
			t.Logf("the standby worker committed its first fix %.1f s after the pinned worker's SIGKILL", m.TakeoverS)
		}
		report.Faults = append(report.Faults, m)
		if step.what == steps[0].what {
			revoked = revokeMidRun(t, api[1], family, revokedRun, cluster, run, cfg.devices, func() float64 { n, _ := committed(); return n })
		}
	}

	revokedRun.interrupt(t)
	run.interrupt(t) // ends the run: the simulator drains and verifies
	sum := run.wait(t, 5*time.Minute)
	if sum.Reconnects == 0 || sum.Lost != 0 || sum.Unsent != 0 || sum.Dropped != 0 {
		t.Errorf("%d reconnects (want the killed node's bracelets'), %d lost, %d unsent, %d dropped: want every fix delivered",
			sum.Reconnects, sum.Lost, sum.Unsent, sum.Dropped)
	}
	t.Logf("%d fixes acknowledged by the cluster, %d re-sent after a lost connection, %d alerts on the live stream", sum.Acked, sum.Resent, alerts.count())
	// The revoked bracelet's fixes are checked on their own
	// (checkAfterwards): those still in flight when it was revoked are
	// refused, not lost.
	revokedSum := revokedRun.wait(t, 2*time.Minute)
	checkNothingLost(t, api[0], map[*account]*summary{owner: sum})
	revokedFigures := revoked.checkAfterwards(t, dbURL, revokedSum)
	report.Revocation = &revokedFigures
	report.Alerts, report.RepeatedAlerts = alertsTwiceForOneEntry(t, dbURL, owner)
	t.Logf("%d avoid-zone alerts stored; %d (bracelet, zone) pairs alerted more than once within the engine's 15-minute cool-down",
		report.Alerts, report.RepeatedAlerts)
	if report.RepeatedAlerts > 0 {
		// One engine's cool-down forbids it: a bracelet's fixes met two
		// engines (issue 34).
		t.Errorf("%d (bracelet, zone) pairs alerted more than once within the cool-down: want each entry alerted once", report.RepeatedAlerts)
	}

	if cfg.reportPath != "" && len(sum.Windows) > 0 {
		report.Cluster = latency{P50ms: sum.Windows[0].P50ms, P99ms: sum.Windows[0].P99ms, Acked: sum.Windows[0].Acked, Seconds: cfg.steady.Seconds()}
		report.Acked = sum.Acked
		raw, _ := json.MarshalIndent(report, "", "  ")
		if err := os.WriteFile(cfg.reportPath, raw, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// revocation is a bracelet revoked mid-run (revokeMidRun).
type revocation struct {
	deviceID           string
	lastStored         time.Time // its newest stored fix's time when the DELETE was sent
	began, closed      time.Time // the DELETE sent; its connection seen closed
	errors, reconnects int       // its simulator's, then
	figures            revocationFigures
}

// revocationFigures is the revocation in make bench-scaleout's report.
type revocationFigures struct {
	Node     string  `json:"node"`      // the broker node that held the bracelet's connection
	KickMs   float64 `json:"kick_ms"`   // from the DELETE to the node's close of it (its monitoring's stop time)
	ClosedS  float64 `json:"closed_s"`  // from the DELETE to the simulator and every node seeing it closed
	Refused  int     `json:"refused"`   // nodes that refused its CONNECT afterwards (CONNACK 5)
	Stored   int     `json:"stored"`    // its fixes stored in all
	InWindow int     `json:"in_window"` // of those, taken between the DELETE and the kick
}

// revokeMidRun revokes a's one bracelet, driven by r, through the API of s
// as the web app does, and waits for the connection it holds on whichever
// node (the cluster's monitoring names it) to be closed by a kick, as the
// bracelet (its simulator) and every node see it; then for a CONNECT with
// its credentials through each node to be refused, and for the fleet
// (fleet, n bracelets) to be all connected with n more fixes committed.
func revokeMidRun(t *testing.T, s *server, a *account, r *simRun, cluster *brokercluster.Cluster, fleet *simRun, n int, committed func() float64) revocation {
	t.Helper()
	rv := revocation{deviceID: a.devices[0].ID}
	holder := -1
	waitFor(t, 2*time.Minute, "the bracelet to revoke connected to one node", func() bool {
		holder = -1
		for i, node := range cluster.Nodes {
			open, err := node.MQTTConns(rv.deviceID, false)
			if err != nil || len(open) > 1 || len(open) == 1 && holder >= 0 {
				return false // a node not answering yet, or an old connection not gone yet
			}
			if len(open) == 1 {
				holder = i
			}
		}
		return holder >= 0 && r.progressLine().connected == 1
	}, r)

	rv.lastStored = newestFixStored(t, s.dbURL, rv.deviceID)
	rv.began = time.Now()
	a.revoke(t, s, rv.deviceID)
	waitFor(t, 2*time.Minute, "the revoked bracelet's connection closed", func() bool {
		p := r.progressLine()
		if !p.at.After(rv.began) || p.connected != 0 {
			return false
		}
		for _, node := range cluster.Nodes {
			if open, err := node.MQTTConns(rv.deviceID, false); err != nil || len(open) > 0 {
				return false
			}
		}
		rv.errors, rv.reconnects = p.errors, p.reconnects
		return true
	}, r)
	rv.closed = time.Now()
	closed, err := cluster.Nodes[holder].MQTTConns(rv.deviceID, true)
	if err != nil {
		t.Fatal(err)
	}
	var kick *brokercluster.Conn
	for i := range closed {
		if closed[i].Reason == "Kicked" && closed[i].Stop.After(rv.began) {
			kick = &closed[i]
		}
	}
	if kick == nil {
		t.Fatalf("node %s held the revoked bracelet and closed no connection of it by a kick after the revocation: %+v", cluster.Nodes[holder].Name, closed)
	}
	rv.figures = revocationFigures{Node: cluster.Nodes[holder].Name, KickMs: float64(kick.Stop.Sub(rv.began).Microseconds()) / 1000,
		ClosedS: rv.closed.Sub(rv.began).Seconds()}
	t.Logf("the revoked bracelet's connection on node %s was kicked %.0f ms after the revocation began (its simulator saw it closed within %.1f s)",
		rv.figures.Node, rv.figures.KickMs, rv.figures.ClosedS)

	for _, node := range cluster.Nodes {
		var err error
		waitFor(t, time.Minute, "an answer to the revoked bracelet's CONNECT through "+node.Name, func() bool {
			err = connectOnce(node.MQTTURL, a.devices[0])
			return !errors.Is(err, packets.ErrorRefusedServerUnavailable) && !errors.Is(err, errNoCONNACK) // a node electing leaders
		}, r)
		if !errors.Is(err, packets.ErrorRefusedNotAuthorised) {
			t.Errorf("the revoked bracelet's CONNECT through node %s: %v; want CONNACK 5 (not authorized)", node.Name, err)
		} else {
			rv.figures.Refused++
		}
	}

	from := committed()
	waitFor(t, 2*time.Minute, "the fleet connected and its fixes committed after the revocation", func() bool {
		return fleet.progressLine().connected == n && committed() >= from+float64(n)
	}, fleet)
	return rv
}

// checkAfterwards is the revoked bracelet at the end of the run (sum, its
// simulator's summary), returning its figures: none of its reconnections succeeded and some were
// tried, nothing it took after its connection closed is stored, and of
// what the cluster acknowledged nothing is stored twice and nothing is
// missing but fixes still in flight when it was revoked (taken after the
// newest one stored then): a worker refuses those, the bracelet being no
// longer its owner's (seen in CI: one acknowledged a moment before the
// DELETE, refused by the worker a moment after).
func (rv revocation) checkAfterwards(t *testing.T, dbURL string, sum *summary) revocationFigures {
	t.Helper()
	switch v := sum.Verify; {
	case v == nil:
		t.Error("the revoked bracelet: no verify result")
	case v.Checked != int(sum.Acked) || v.Duplicates != 0 || v.Missing > len(v.Examples):
		t.Errorf("the revoked bracelet: of %d acknowledged fixes (verify checked %d) %d are missing and %d stored more than once: %v",
			sum.Acked, v.Checked, v.Missing, v.Duplicates, v.Examples)
	default:
		for _, e := range v.Examples {
			var taken time.Time
			if m := missingRe.FindStringSubmatch(e); m != nil {
				taken, _ = time.Parse(time.RFC3339Nano, m[1])
			}
			if !taken.After(rv.lastStored) {
				t.Errorf("the revoked bracelet: %s, taken before %s, the newest fix stored when it was revoked: want it stored",
					e, rv.lastStored.Format(time.RFC3339Nano))
			}
		}
	}
	if sum.Reconnects != int64(rv.reconnects) || sum.Errors <= int64(rv.errors) {
		t.Errorf("the revoked bracelet: %d reconnections and %d errors at the end, %d and %d when its connection closed: want none more, and refused attempts %v",
			sum.Reconnects, sum.Errors, rv.reconnects, rv.errors, sum.ErrorKinds)
	}
	if n := fixesStored(t, dbURL, rv.deviceID, rv.closed); n > 0 {
		t.Errorf("%d fixes of the revoked bracelet taken after its connection closed are stored", n)
	}
	// A fix taken in the milliseconds between the revocation and the kick
	// went out on the open connection and may have been stored.
	rv.figures.Stored, rv.figures.InWindow = fixesStored(t, dbURL, rv.deviceID, time.Time{}), fixesStored(t, dbURL, rv.deviceID, rv.began)
	t.Logf("the revoked bracelet: %d fixes stored in all, %d of them taken after the revocation began and before the kick; its simulator: %v",
		rv.figures.Stored, rv.figures.InWindow, sum.ErrorKinds)
	return rv.figures
}

// missingRe is the taken time in a verify example of a missing fix.
var missingRe = regexp.MustCompile(`^missing: \S+ seq \d+ at (\S+) `)

// newestFixStored is the time of the device's newest stored fix.
func newestFixStored(t *testing.T, dbURL, deviceID string) time.Time {
	t.Helper()
	conn, err := pgx.Connect(t.Context(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(t.Context())
	var newest time.Time
	if err := conn.QueryRow(t.Context(), `SELECT max(ts) FROM locations WHERE device_id = $1`, deviceID).Scan(&newest); err != nil {
		t.Fatal(err)
	}
	return newest
}

// fixesStored counts the device's stored fixes taken after since.
func fixesStored(t *testing.T, dbURL, deviceID string, since time.Time) int {
	t.Helper()
	conn, err := pgx.Connect(t.Context(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(t.Context())
	var n int
	if err := conn.QueryRow(t.Context(), `SELECT count(*) FROM locations WHERE device_id = $1 AND ts > $2`, deviceID, since).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

var errNoCONNACK = errors.New("no CONNACK within 30 s")

// connectOnce sends one CONNECT as the bracelet and returns the refusal
// (nil: accepted, and disconnected again).
func connectOnce(broker string, c credential) error {
	client := paho.NewClient(paho.NewClientOptions().AddBroker(broker).SetClientID(c.ID).SetUsername(c.ID).SetPassword(c.Token).
		SetProtocolVersion(4).SetCleanSession(false).SetAutoReconnect(false).SetConnectTimeout(20 * time.Second))
	tok := client.Connect()
	if !tok.WaitTimeout(30 * time.Second) {
		return errNoCONNACK
	}
	if tok.Error() == nil {
		client.Disconnect(100)
	}
	return tok.Error()
}

// metresPerFix is how far a bracelet walks between fixes: an avoid zone
// 200 m across then holds several fixes clearly inside it, enough for the
// geofence engine to confirm the entry (three), whatever the interval.
const metresPerFix = 20

type scaleOutConfig struct {
	devices    int
	interval   time.Duration
	steady     time.Duration // the window latency is measured over before the first kill
	reportPath string
}

func scaleOutSize(t *testing.T) scaleOutConfig {
	t.Helper()
	c := scaleOutConfig{devices: 50, interval: time.Second, steady: 20 * time.Second, reportPath: os.Getenv("LIFELINE_SCALEOUT_REPORT")}
	if v := os.Getenv("LIFELINE_SCALEOUT_DEVICES"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 3 {
			t.Fatalf("LIFELINE_SCALEOUT_DEVICES=%q: want a number of bracelets, 3 or more", v)
		}
		c.devices = n
	}
	if v := os.Getenv("LIFELINE_SCALEOUT_INTERVAL"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 100*time.Millisecond {
			t.Fatalf("LIFELINE_SCALEOUT_INTERVAL=%q: want a duration of 100ms or more", v)
		}
		c.interval = d
	}
	if v := os.Getenv("LIFELINE_SCALEOUT_STEADY"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 5*time.Second {
			t.Fatalf("LIFELINE_SCALEOUT_STEADY=%q: want a duration of 5s or more", v)
		}
		c.steady = d
	}
	return c
}

// scaleOutReport is what make bench-scaleout reads.
type scaleOutReport struct {
	Devices   int            `json:"devices"`
	IntervalS float64        `json:"interval_s"`
	Embedded  *latency       `json:"embedded"` // publish to PUBACK through one lifeline's embedded broker
	Cluster   latency        `json:"cluster"`  // the same through the cluster, before the first kill
	Faults    []faultFigures `json:"faults"`
	Acked     int64          `json:"acked"`
	Alerts    int            `json:"alerts"`
	// RepeatedAlerts: (bracelet, zone) pairs alerted more than once, which
	// one engine's cool-down forbids within a run this short.
	RepeatedAlerts int `json:"repeated_alerts"`
	// Revocation: a bracelet of another account revoked mid-run.
	Revocation *revocationFigures `json:"revocation"`
}

// alertsTwiceForOneEntry counts a's avoid-zone alerts in the database, and
// the (bracelet, zone) pairs with more than one.
func alertsTwiceForOneEntry(t *testing.T, dbURL string, a *account) (alerts, repeated int) {
	t.Helper()
	ctx := t.Context()
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if err := conn.QueryRow(ctx, `SELECT coalesce(sum(n), 0), count(*) FILTER (WHERE n > 1) FROM (
		SELECT count(*) AS n FROM alerts al JOIN users u ON u.id = al.user_id
		WHERE u.email = $1 AND al.type = 'geofence_enter_avoid' GROUP BY al.device_id, al.zone_id) p`, a.email).Scan(&alerts, &repeated); err != nil {
		t.Fatal(err)
	}
	return alerts, repeated
}

type latency struct {
	P50ms   float64 `json:"p50_ms"`
	P99ms   float64 `json:"p99_ms"`
	Acked   uint64  `json:"acked"`
	Seconds float64 `json:"seconds"`
}

type faultFigures struct {
	What          string  `json:"what"`
	ReconnectedS  float64 `json:"reconnected_s"` // every bracelet connected again (progress lines: 1 s resolution)
	Reconnections int     `json:"reconnections"`
	AlertS        float64 `json:"alert_s"`     // an alert from a fix after the kill on the surviving API node's stream
	TakeoverS     float64 `json:"takeover_s"`  // the standby worker's first commit after the pinned worker's kill
	RestartedS    float64 `json:"restarted_s"` // the killed process serving again
}

// avoidZonesAlongARoute writes a straight route 9 km east and gives the
// account an avoid zone, 100 m in radius, every 300 m along it: each
// bracelet, starting anywhere on it, enters one every 15 fixes. The
// engine's cool-down (15 min for a device and a zone) makes a zone alert
// once per bracelet, hence the row.
func avoidZonesAlongARoute(t *testing.T, s *server, a *account) string {
	t.Helper()
	const lat, lon0, length = 51.5, -0.2, 9000.0
	metresPerDegree := 111320 * math.Cos(lat*math.Pi/180)
	path := filepath.Join(t.TempDir(), "route.geojson")
	line := fmt.Sprintf(`{"type":"LineString","coordinates":[[%f,%f],[%f,%f]]}`, lon0, lat, lon0+length/metresPerDegree, lat)
	if err := os.WriteFile(path, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	for i, x := 0, 150.0; x < length; i, x = i+1, x+300 {
		a.post(t, s, "/api/safe-zones", map[string]any{"name": fmt.Sprintf("Crossing %d", i+1), "type": "avoid", "shape": "circle",
			"latitude": lat, "longitude": lon0 + x/metresPerDegree, "radius": 100, "isActive": true})
	}
	return path
}

// embeddedBaseline runs the same bracelets' walk for the steady window
// through one `lifeline serve` with its embedded broker, on the same
// database and another account, and stops it again.
func embeddedBaseline(t *testing.T, dbURL string, cfg scaleOutConfig, route string) *latency {
	t.Helper()
	s := startServer(t, dbURL)
	a := s.newAccount(t, "embedded", cfg.devices)
	avoidZonesAlongARoute(t, s, a) // the same geofence work as in the cluster
	run := s.runSim(t, a, "--scenario", "route", "--route", route, "--speed", strconv.FormatFloat(metresPerFix/cfg.interval.Seconds(), 'f', 1, 64),
		"--interval", cfg.interval.String(), "--inflight", "4", "--battery-every", "0", "--duration", cfg.steady.String(), "--quiet")
	sum := run.wait(t, cfg.steady+5*time.Minute)
	s.Stop()
	return &latency{P50ms: sum.P50ms, P99ms: sum.P99ms, Acked: uint64(sum.Acked), Seconds: cfg.steady.Seconds()}
}

// startCallingOutCluster starts the nodes (three, or more; mqtt: more
// settings of their mqtt block) with the auth callout, and
// connects once over MQTT as the workers' user: the account's first MQTT
// connection makes NATS create its MQTT streams, which the workers'
// consumer reads, and no callout answers before the workers run.
func startCallingOutCluster(t *testing.T, nodes, shards int, mqtt string) (*brokercluster.Cluster, []byte) {
	t.Helper()
	issuer, err := nkeys.CreateAccount()
	if err != nil {
		t.Fatal(err)
	}
	seed, _ := issuer.Seed()
	key, _ := issuer.PublicKey()
	// The system account's user lets the workers close a revoked bracelet's
	// connection, as a deployment gives it to them (docs/scaling.md).
	cluster := brokercluster.StartOptions(t, brokercluster.Options{Nodes: nodes, MQTT: mqtt, Shards: shards,
		Callout: &brokercluster.Callout{Issuer: key, AuthUsers: []string{"lifeline-ingest", "lifeline-system"}}},
		brokercluster.User{Name: "lifeline-ingest", Password: "worker-secret"},
		brokercluster.User{Name: "lifeline-system", Password: "system-secret", System: true})
	// A node that answers /healthz may still find no peer to place the
	// streams on (seen on a loaded machine: "no suitable peers for
	// placement"): try again until the streams exist. Each shard's account
	// gets its own first connection, as the workers' twin user there.
	for k, account := range cluster.Accounts {
		c := paho.NewClient(paho.NewClientOptions().AddBroker(cluster.Nodes[k%len(cluster.Nodes)].MQTTURL).
			SetClientID("lifeline-setup-" + account).SetUsername(natsshard.User("lifeline-ingest", k)).SetPassword("worker-secret").SetProtocolVersion(4))
		for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(500 * time.Millisecond) {
			tok := c.Connect()
			if tok.WaitTimeout(30*time.Second) && tok.Error() == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the workers' user cannot connect to NATS over MQTT in account %s: %v", account, tok.Error())
			}
		}
		c.Disconnect(100)
	}
	return cluster, seed
}

// worker is a `--role ingest` process on the cluster, answering its callout
// and closing revoked bracelets' connections.
type worker struct{ *server }

func newWorker(t *testing.T, name, dbURL string, natsURLs []string, issuerSeed []byte, shards int) *worker {
	t.Helper()
	p := apptest.NewProcess(apptest.Binary(t), apptest.Dir(t, "faults-worker-"), "--log-level", "warn", "--role", "ingest",
		"--database-url", dbURL, "--mqtt-external", strings.Join(natsURLs, ","), "--nats-shards", strconv.Itoa(shards),
		"--mqtt-external-username", "lifeline-ingest", "--mqtt-external-client-id", name, "--nats-system-user", "lifeline-system")
	p.Env = []string{"LIFELINE_MQTT_EXTERNAL_PASSWORD=worker-secret", "LIFELINE_NATS_AUTH_ISSUER_SEED=" + string(issuerSeed),
		"LIFELINE_NATS_SYSTEM_PASSWORD=system-secret"}
	apptest.Run(t, p)
	return &worker{&server{Process: p, t: t, url: p.URL()}}
}

// restart starts the worker again (on a new HTTP port: its metrics start
// from zero).
func (w *worker) restart(t *testing.T) {
	t.Helper()
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	w.url = w.URL()
}

// waitFor polls cond until it holds, failing the test after within (a
// generous limit: what is waited on is the event, not the time) with what
// each explain says and the simulator's last lines.
func waitFor(t *testing.T, within time.Duration, what string, cond func() bool, run *simRun, explain ...func() string) {
	t.Helper()
	for deadline := time.Now().Add(within); !cond(); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			var more string
			for _, e := range explain {
				more += e() + "\n"
			}
			t.Fatalf("no %s within %v:\n%s%s", what, within, more, tail(run.progress()))
		}
	}
}

// progressLine is one of the simulator's progress lines, with the moment
// the test read it.
type progressLine struct {
	at                                   time.Time
	matched                              bool
	connected, acked, errors, reconnects int
	steady                               bool // printed after every device had connected once
}

var progressRe = regexp.MustCompile(`(connecting)?\s+connected (\d+)/\d+\s+sent \d+\s+acked (\d+)\s.* errors (\d+)\s+reconnects (\d+) `)

// progressLine is the newest progress line (its time: when it was read,
// within the 100 ms the tests poll at, of a line printed every second).
func (r *simRun) progressLine() progressLine {
	r.errMu.Lock()
	defer r.errMu.Unlock()
	all := strings.Split(r.errOut.String(), "\n")
	for _, l := range all[len(r.lines) : len(all)-1] { // complete lines not read yet
		p := progressLine{at: time.Now()}
		if m := progressRe.FindStringSubmatch(l); m != nil {
			p.matched, p.steady = true, m[1] == ""
			p.connected, _ = strconv.Atoi(m[2])
			p.acked, _ = strconv.Atoi(m[3])
			p.errors, _ = strconv.Atoi(m[4])
			p.reconnects, _ = strconv.Atoi(m[5])
		}
		r.lines = append(r.lines, p)
	}
	for i := len(r.lines) - 1; i >= 0; i-- {
		if r.lines[i].matched {
			return r.lines[i]
		}
	}
	return progressLine{}
}

// steadySince is when the test first read a line printed after every
// device had connected: the start of the simulator's latency windows,
// give or take a second.
func (r *simRun) steadySince() time.Time {
	r.progressLine()
	r.errMu.Lock()
	defer r.errMu.Unlock()
	for _, l := range r.lines {
		if l.matched && l.steady {
			return l.at
		}
	}
	return time.Now()
}

// alertStream is the owner's live event stream on one API node, keeping
// the alerts it announces with the moment each arrived.
type alertStream struct {
	mu      sync.Mutex
	arrived []streamedAlert
	checked map[int64]bool
}

type streamedAlert struct {
	id int64
	at time.Time
}

func (s *server) followAlerts(t *testing.T, a *account) *alertStream {
	t.Helper()
	body := s.openEvents(t, a)
	as := &alertStream{checked: map[int64]bool{}}
	go func() {
		sc := bufio.NewScanner(body)
		var id int64
		var kind string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "id: "):
				id, _ = strconv.ParseInt(strings.TrimPrefix(line, "id: "), 10, 64)
			case strings.HasPrefix(line, "event: "):
				kind = strings.TrimPrefix(line, "event: ")
			case line == "":
				if kind == "alert" && id > 0 {
					as.mu.Lock()
					as.arrived = append(as.arrived, streamedAlert{id: id, at: time.Now()})
					as.mu.Unlock()
				}
				id, kind = 0, ""
			}
		}
	}()
	return as
}

func (as *alertStream) count() int {
	as.mu.Lock()
	defer as.mu.Unlock()
	return len(as.arrived)
}

// firstFromFixAfter is when the first alert arrived that was raised by a
// fix made after since: the newest fix of its evidence, the one that
// confirmed the entry (GET /api/alerts/{id} on s: the stream's alerts
// carry no evidence). The fixes before it in the evidence, which began
// the entry, may be older.
func (as *alertStream) firstFromFixAfter(t *testing.T, s *server, a *account, since time.Time) (time.Time, bool) {
	t.Helper()
	as.mu.Lock()
	arrived := append([]streamedAlert(nil), as.arrived...)
	as.mu.Unlock()
	for _, al := range arrived {
		if al.at.Before(since) || as.checked[al.id] {
			continue
		}
		as.checked[al.id] = true
		var got struct {
			Type     string `json:"type"`
			Evidence struct {
				Fixes []struct {
					TS time.Time `json:"ts"`
				} `json:"fixes"`
			} `json:"evidence"`
		}
		a.getJSON(t, fmt.Sprintf("%s/api/alerts/%d", s.url, al.id), &got)
		if f := got.Evidence.Fixes; len(f) > 0 && f[len(f)-1].TS.After(since) {
			return al.at, true
		}
	}
	return time.Time{}, false
}

// workersBacklog reads the workers' consumer of the cluster's message
// stream as the workers' user: the fixes stored and not yet delivered to a
// worker, those delivered and not yet acknowledged, and those delivered
// again. A run whose workers fall behind the bracelets fails by waiting;
// this says so.
func workersBacklog(t *testing.T, natsURLs []string, shards int) func() string {
	t.Helper()
	var streams []jetstream.JetStream
	for k := range max(shards, 1) {
		nc, err := nats.Connect(strings.Join(natsURLs, ","), nats.UserInfo(natsshard.User("lifeline-ingest", k), "worker-secret"), nats.MaxReconnects(-1))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(nc.Close)
		js, err := jetstream.New(nc)
		if err != nil {
			t.Fatal(err)
		}
		streams = append(streams, js)
	}
	return func() string {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		var pending, ackPending, redelivered uint64
		for _, js := range streams {
			c, err := js.Consumer(ctx, "$MQTT_msgs", ingest.SharedGroup)
			if err != nil {
				return "the workers' consumer: " + err.Error()
			}
			info, err := c.Info(ctx)
			if err != nil {
				return "the workers' consumer: " + err.Error()
			}
			pending, ackPending, redelivered = pending+info.NumPending, ackPending+uint64(info.NumAckPending), redelivered+uint64(info.NumRedelivered)
		}
		return fmt.Sprintf("the workers' consumer: %d stored and not yet delivered, %d delivered and not yet acknowledged, %d delivered again",
			pending, ackPending, redelivered)
	}
}
