package ingest_test

import (
	"context"
	"strings"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"lifeline"
	"lifeline/ingest"
	"lifeline/ingest/brokercluster"
	"lifeline/ingest/wire"
	"lifeline/store"
	"lifeline/store/storetest"
)

// TestTwoWorkersKeepEveryFixThroughABrokerNodeKill runs two workers on a
// three-node NATS cluster. A bracelet publishes through the node leading
// the MQTT message stream; that node is SIGKILLed mid-stream, the bracelet
// goes on through another node, and every fix the cluster acknowledged is
// stored exactly once. The consumer pins one worker; the pin may move once
// here, when the node killed held the consumer's leader (docs/scaling.md).
func TestTwoWorkersKeepEveryFixThroughABrokerNodeKill(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	device, token := pairedDevice(t, db, "nats@example.org")
	id := device.ID
	cluster := brokercluster.Start(t,
		brokercluster.User{Name: "lifeline-ingest", Password: "worker-secret"},
		brokercluster.User{Name: id, Password: token,
			Publish:   []string{"bracelets." + id + ".position", "bracelets." + id + ".battery", "bracelets." + id + ".sos"},
			Subscribe: []string{"bracelets." + id + ".config"}},
	)
	// The bracelet's first connection makes NATS create the account's MQTT
	// streams, which the workers' consumer reads.
	bracelet := connectTo(t, cluster.Nodes[0].MQTTURL, id, token)

	var urls []string
	for _, n := range cluster.Nodes {
		urls = append(urls, n.NATSURL)
	}
	var metrics []*ingest.Metrics
	for _, worker := range []string{"lifeline-ingest-1", "lifeline-ingest-2"} {
		m := ingest.NewMetrics(prometheus.NewRegistry())
		w := ingest.NewWriter(db, ingest.WriterConfig{Metrics: m})
		e, err := ingest.StartExternal(ingest.ExternalConfig{
			BrokerURL: strings.Join(urls, ","), ClientID: worker, Username: "lifeline-ingest", Password: "worker-secret",
			Devices: db, Writer: w, Metrics: m,
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { e.Close(); w.Close(ctx) })
		metrics = append(metrics, m)
	}

	leader := cluster.Leader(brokercluster.MessagesStream)
	if leader != 0 {
		bracelet.Disconnect(100)
		bracelet = connectTo(t, cluster.Nodes[leader].MQTTURL, id, token)
	}
	base := time.Now().Add(-time.Hour).Truncate(time.Millisecond)
	// send publishes fixes from..to and returns once every one is
	// acknowledged. Like the firmware, a bracelet whose connection fails
	// connects again (to the next node) and sends what was not acknowledged:
	// a node that has just lost the stream's leader may accept a session and
	// then drop it when the first PUBLISH cannot be stored.
	node := leader
	send := func(from, to uint64) {
		t.Helper()
		pending := map[uint64]bool{}
		for seq := from; seq <= to; seq++ {
			pending[seq] = true
		}
		for deadline := time.Now().Add(120 * time.Second); len(pending) > 0; {
			if time.Now().After(deadline) {
				t.Fatalf("%d fixes never acknowledged by the cluster", len(pending))
			}
			toks := map[uint64]paho.Token{}
			for seq := range pending {
				toks[seq] = bracelet.Publish(wire.PositionTopic(id), 1, false, wire.EncodePosition(fix(seq, base.Add(time.Duration(seq)*time.Second))))
			}
			// One 30 s wait for the whole round, not one per fix: on a
			// connection the node dropped, no token completes (the session
			// is persistent), and 200 waits of 30 s outlast the test.
			round := time.Now().Add(30 * time.Second)
			for seq, tok := range toks {
				if tok.WaitTimeout(time.Until(round)) && tok.Error() == nil {
					delete(pending, seq)
				}
			}
			if len(pending) > 0 {
				bracelet.Disconnect(0)
				node = (node + 1) % brokercluster.Size
				if node == leader {
					node = (node + 1) % brokercluster.Size
				}
				bracelet = connectTo(t, cluster.Nodes[node].MQTTURL, id, token)
			}
		}
	}
	send(1, 200)
	cluster.Kill(leader)
	killed := time.Now()
	node = (leader + 1) % brokercluster.Size
	bracelet = connectTo(t, cluster.Nodes[node].MQTTURL, id, token)
	send(201, 400)
	t.Logf("fixes 201-400 acknowledged %v after the SIGKILL of node %s", time.Since(killed).Round(time.Millisecond), cluster.Nodes[leader].Name)

	// A worker counts a batch just after its commit is visible, so wait on both.
	var stored, distinct int
	var a, b float64
	for deadline := time.Now().Add(90 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		db.Pool.QueryRow(ctx, `SELECT count(*), count(DISTINCT seq) FROM locations WHERE device_id = $1`, id).Scan(&stored, &distinct)
		a, b = testutil.ToFloat64(metrics[0].AcceptedFixes), testutil.ToFloat64(metrics[1].AcceptedFixes)
		if stored == 400 && a+b >= 400 {
			break
		}
	}
	if stored != 400 || distinct != 400 {
		t.Fatalf("stored %d fixes (%d distinct) of the 400 the cluster acknowledged", stored, distinct)
	}
	// The pin may move once, when the node holding the consumer's leader is
	// the one killed (docs/scaling.md); the new worker reloads the
	// geofence state first (TestATakeoverReloadsTheStateSoAnEntryAlertsOnce).
	t.Logf("worker 1 committed %v fixes and worker 2 %v", a, b)
}

// TestAStandbyWorkerTakesOverFromThePinnedOne: of two workers, the one the
// consumer pins commits every fix; once it stops, the other is pinned
// within the pin's time to live and commits the rest, each fix once.
func TestAStandbyWorkerTakesOverFromThePinnedOne(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	device, bracelet, urls := braceletOnACluster(t, db, "pinned@example.org")
	id := device.ID
	type worker struct {
		ext      *ingest.External
		metrics  *ingest.Metrics
		registry *prometheus.Registry
	}
	var workers []worker
	for _, name := range []string{"lifeline-ingest-1", "lifeline-ingest-2"} {
		reg := prometheus.NewRegistry()
		m := ingest.NewMetrics(reg)
		w := ingest.NewWriter(db, ingest.WriterConfig{Metrics: m})
		e, err := ingest.StartExternal(ingest.ExternalConfig{
			BrokerURL: strings.Join(urls, ","), ClientID: name, Username: "lifeline-ingest", Password: "worker-secret",
			Devices: db, Writer: w, Metrics: m,
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { e.Close(); w.Close(ctx) })
		workers = append(workers, worker{e, m, reg})
	}
	committed := func(i int) float64 { return testutil.ToFloat64(workers[i].metrics.AcceptedFixes) }
	base := time.Now().Add(-time.Hour).Truncate(time.Millisecond)
	send := func(from, to uint64) {
		t.Helper()
		for seq := from; seq <= to; seq++ {
			tok := bracelet.Publish(wire.PositionTopic(id), 1, false, wire.EncodePosition(fix(seq, base.Add(time.Duration(seq)*time.Second))))
			if !tok.WaitTimeout(30*time.Second) || tok.Error() != nil {
				t.Fatalf("fix %d not acknowledged: %v", seq, tok.Error())
			}
		}
	}
	// waitCommitted waits for n fixes committed in all, and returns each
	// worker's count.
	waitCommitted := func(n float64) (a, b float64) {
		t.Helper()
		for deadline := time.Now().Add(90 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if a, b = committed(0), committed(1); a+b >= n {
				return a, b
			}
		}
		t.Fatalf("%v and %v fixes committed: want %v", a, b, n)
		return
	}

	send(1, 100)
	a, b := waitCommitted(100)
	if a > 0 && b > 0 {
		t.Fatalf("worker 1 committed %v fixes and worker 2 %v: want the pinned one to commit every fix", a, b)
	}
	pinned, standby := 0, 1
	if b > 0 {
		pinned, standby = 1, 0
	}

	workers[pinned].ext.Close()
	stopped := time.Now()
	send(101, 200)
	waitCommitted(200)
	t.Logf("the standby worker committed the fixes sent after the pinned one stopped; the last %v after the stop", time.Since(stopped).Round(time.Millisecond))
	// Close drains: a fix the pinned worker had already pulled when it
	// closed is committed by it (seen once: 101 and 99), never lost.
	if got := committed(standby); got == 0 || committed(pinned)+got != 200 {
		t.Errorf("the standby worker committed %v fixes and the stopped one %v: want the standby to take the fixes sent after the stop, 200 in all", got, committed(pinned))
	}
	// Each committed fix was acknowledged, and the cluster's confirmation
	// timed (how a worker that falls behind tells its waits apart).
	if n := acksTimed(t, workers[standby].registry); n == 0 {
		t.Errorf("the standby worker timed %d acknowledgements: want its commits' own", n)
	}
	var stored, distinct int
	db.Pool.QueryRow(ctx, `SELECT count(*), count(DISTINCT seq) FROM locations WHERE device_id = $1`, id).Scan(&stored, &distinct)
	if stored != 200 || distinct != 200 {
		t.Errorf("stored %d fixes (%d distinct): want the 200 sent, each once", stored, distinct)
	}
}

// braceletOnACluster starts a three-node NATS cluster that knows the
// workers' user and one new bracelet of email's, connected to the first
// node (its connection makes NATS create the MQTT streams the workers
// read), and returns the bracelet, its client and the nodes' NATS URLs.
func braceletOnACluster(t *testing.T, db *store.DB, email string) (*lifeline.Device, paho.Client, []string) {
	t.Helper()
	device, token := pairedDevice(t, db, email)
	id := device.ID
	cluster := brokercluster.Start(t,
		brokercluster.User{Name: "lifeline-ingest", Password: "worker-secret"},
		brokercluster.User{Name: id, Password: token,
			Publish: []string{"bracelets." + id + ".position"}, Subscribe: []string{"bracelets." + id + ".config"}},
	)
	bracelet := connectTo(t, cluster.Nodes[0].MQTTURL, id, token)
	var urls []string
	for _, n := range cluster.Nodes {
		urls = append(urls, n.NATSURL)
	}
	return device, bracelet, urls
}

// connectTo connects the bracelet to one node, trying again while a node
// that has just lost a peer is still electing its streams' leaders.
func connectTo(t *testing.T, url, id, token string) paho.Client {
	t.Helper()
	var err error
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(250 * time.Millisecond) {
		var c paho.Client
		if c, err = connect(t, url, id, id, token); err == nil {
			return c
		}
	}
	t.Fatalf("the bracelet cannot connect to %s: %v", url, err)
	return nil
}

// acksTimed is the number of acknowledgements whose confirmation reg's
// lifeline_ingest_ack_seconds has timed.
func acksTimed(t *testing.T, reg *prometheus.Registry) uint64 {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() == "lifeline_ingest_ack_seconds" {
			return f.GetMetric()[0].GetHistogram().GetSampleCount()
		}
	}
	return 0
}

// TestAFixAcceptedBeforeARevocationIsStored: on a NATS cluster a bracelet
// has its PUBACK once the fix is in the stream, before a worker takes it.
// A fix that waited there while its device was revoked (no worker running,
// as after a node's death until the redelivery) was acknowledged to a
// device still its owner's, and is stored; one the stream accepted after
// the revocation (the connection not yet kicked) is refused.
func TestAFixAcceptedBeforeARevocationIsStored(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	device, bracelet, urls := braceletOnACluster(t, db, "revoked-nats@example.org")
	id := device.ID
	m := ingest.NewMetrics(prometheus.NewRegistry())
	w := ingest.NewWriter(db, ingest.WriterConfig{Metrics: m})
	t.Cleanup(func() { w.Close(ctx) })
	startWorker := func() *ingest.External {
		e, err := ingest.StartExternal(ingest.ExternalConfig{
			BrokerURL: strings.Join(urls, ","), ClientID: "lifeline-ingest-1", Username: "lifeline-ingest", Password: "worker-secret",
			Devices: db, Writer: w, Metrics: m,
		})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	base := time.Now().Add(-time.Hour).Truncate(time.Millisecond)
	send := func(seq uint64) {
		t.Helper()
		tok := bracelet.Publish(wire.PositionTopic(id), 1, false, wire.EncodePosition(fix(seq, base.Add(time.Duration(seq)*time.Second))))
		if !tok.WaitTimeout(30*time.Second) || tok.Error() != nil {
			t.Fatalf("fix %d not acknowledged: %v", seq, tok.Error())
		}
	}
	stored := func() (n int) {
		db.Pool.QueryRow(ctx, `SELECT count(*) FROM locations WHERE device_id = $1`, id).Scan(&n)
		return n
	}

	worker := startWorker() // makes the durable consumer, so the stream keeps what comes while no worker runs
	send(1)
	waitUntil(t, 60*time.Second, "the first fix stored", func() bool { return stored() == 1 })
	worker.Close()

	send(2) // acknowledged by the cluster, waiting in the stream
	if err := db.RevokeDevice(ctx, device.UserID, id); err != nil {
		t.Fatal(err)
	}
	send(3) // accepted after the revocation: the connection is still open
	worker = startWorker()
	t.Cleanup(worker.Close)
	refused := m.RejectedFixes.WithLabelValues("revoked_device")
	waitUntil(t, 90*time.Second, "the fix accepted before the revocation stored and the one after it refused", func() bool {
		return stored() == 2 && testutil.ToFloat64(refused) == 1
	})
	var seqs []int64
	rows, err := db.Pool.Query(ctx, `SELECT seq FROM locations WHERE device_id = $1 ORDER BY seq`, id)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var s int64
		rows.Scan(&s)
		seqs = append(seqs, s)
	}
	if len(seqs) != 2 || seqs[0] != 1 || seqs[1] != 2 {
		t.Errorf("stored fixes %v: want 1 and 2, the two the cluster accepted before the revocation", seqs)
	}
}
