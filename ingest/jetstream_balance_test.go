package ingest_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"lifeline/ingest"
	"lifeline/ingest/brokercluster"
	"lifeline/ingest/natsshard"
	"lifeline/ingest/wire"
	"lifeline/store/storetest"
)

// TestTheWorkersShareTheShards runs two workers on a cluster of two shards
// (two accounts, each a message stream with its own pinned consumer). The
// first worker to pull takes both pins; the roll call then hands one shard
// to the other worker, so both commit while a bracelet of each shard
// reports, before and after the handover, each fix stored once. When one
// worker stops, the other takes its shard too.
func TestTheWorkersShareTheShards(t *testing.T) {
	const shards = 2
	db := storetest.NewDB(t)
	ctx := context.Background()
	type bracelet struct {
		id     string
		client paho.Client
		sent   uint64
	}
	var users []brokercluster.User
	var bracelets []*bracelet
	tokens := map[string]string{}
	for k := range shards {
		d, token := pairedDevice(t, db, fmt.Sprintf("shard%d@example.org", k))
		bracelets, tokens[d.ID] = append(bracelets, &bracelet{id: d.ID}), token
		users = append(users, brokercluster.User{Name: d.ID, Password: token,
			Publish: []string{"bracelets." + d.ID + ".position"}, Subscribe: []string{"bracelets." + d.ID + ".config"}})
	}
	// Without the callout a device is a user of the configuration, whose
	// twin in shard k's account places it there.
	cluster := brokercluster.StartOptions(t, brokercluster.Options{Shards: shards},
		append(users, brokercluster.User{Name: "lifeline-ingest", Password: "worker-secret"})...)
	for k, b := range bracelets {
		// Each account's first MQTT connection makes its streams.
		c, err := connect(t, cluster.Nodes[k].MQTTURL, b.id, natsshard.User(b.id, k), tokens[b.id])
		for deadline := time.Now().Add(60 * time.Second); err != nil && time.Now().Before(deadline); time.Sleep(250 * time.Millisecond) {
			c, err = connect(t, cluster.Nodes[k].MQTTURL, b.id, natsshard.User(b.id, k), tokens[b.id])
		}
		if err != nil {
			t.Fatalf("bracelet of shard %d: %v", k, err)
		}
		b.client = c
	}
	var urls []string
	for _, n := range cluster.Nodes {
		urls = append(urls, n.NATSURL)
	}

	type worker struct {
		ext       *ingest.External
		writer    *ingest.Writer
		metrics   *ingest.Metrics
		handovers atomic.Int32 // TakeOver calls: pinned anew, or handing over
	}
	var workers []*worker
	for _, name := range []string{"lifeline-ingest-1", "lifeline-ingest-2"} {
		w := &worker{metrics: ingest.NewMetrics(prometheus.NewRegistry())}
		w.writer = ingest.NewWriter(db, ingest.WriterConfig{Metrics: w.metrics})
		var err error
		w.ext, err = ingest.StartExternal(ingest.ExternalConfig{
			BrokerURL: strings.Join(urls, ","), Shards: shards, ClientID: name, Username: "lifeline-ingest", Password: "worker-secret",
			Devices: db, Writer: w.writer, Metrics: w.metrics, BalanceEvery: time.Second,
			TakeOver: func(context.Context) error { w.handovers.Add(1); return nil },
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { w.ext.Close(); w.writer.Close(ctx) })
		workers = append(workers, w)
	}
	committed := func(i int) float64 { return testutil.ToFloat64(workers[i].metrics.AcceptedFixes) }
	base := time.Now().Add(-time.Hour).Truncate(time.Millisecond)
	send := func() {
		t.Helper()
		for _, b := range bracelets {
			b.sent++
			tok := b.client.Publish(wire.PositionTopic(b.id), 1, false, wire.EncodePosition(fix(b.sent, base.Add(time.Duration(b.sent)*time.Second))))
			if !tok.WaitTimeout(30*time.Second) || tok.Error() != nil {
				t.Fatalf("fix %d of %s not acknowledged: %v", b.sent, b.id, tok.Error())
			}
		}
	}
	waitStored := func() {
		t.Helper()
		for _, b := range bracelets {
			for deadline := time.Now().Add(90 * time.Second); ; time.Sleep(50 * time.Millisecond) {
				var n int
				db.Pool.QueryRow(ctx, `SELECT count(DISTINCT seq) FROM locations WHERE device_id = $1`, b.id).Scan(&n)
				if uint64(n) == b.sent {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("%s: %d of %d fixes stored after 90 s", b.id, n, b.sent)
				}
			}
		}
	}

	// Both report until, in one round of fixes, each worker commits some:
	// the shards are shared.
	shared := false
	for deadline := time.Now().Add(2 * time.Minute); !shared && time.Now().Before(deadline); {
		a, b := committed(0), committed(1)
		send()
		waitStored()
		shared = committed(0) > a && committed(1) > b
	}
	if !shared {
		t.Fatalf("the workers never shared the shards: %v and %v fixes committed, %d and %d handovers", committed(0), committed(1), workers[0].handovers.Load(), workers[1].handovers.Load())
	}
	t.Logf("shared: %v and %v fixes committed, %d and %d pins taken or handed over", committed(0), committed(1), workers[0].handovers.Load(), workers[1].handovers.Load())

	// One worker stops; the other takes both shards.
	workers[0].ext.Close()
	before := committed(1)
	for range 5 {
		send()
	}
	waitStored()
	// The count follows the commit the database shows by a moment.
	for deadline := time.Now().Add(30 * time.Second); committed(1)-before < 10 && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
	}
	if got := committed(1) - before; got != 10 {
		t.Errorf("the remaining worker committed %v of the 10 fixes sent after the other stopped, want 10", got)
	}
	for _, b := range bracelets {
		var stored, distinct int
		db.Pool.QueryRow(ctx, `SELECT count(*), count(DISTINCT seq) FROM locations WHERE device_id = $1`, b.id).Scan(&stored, &distinct)
		if uint64(stored) != b.sent || uint64(distinct) != b.sent {
			t.Errorf("%s: stored %d fixes (%d distinct), want the %d sent, each once", b.id, stored, distinct, b.sent)
		}
	}
}
