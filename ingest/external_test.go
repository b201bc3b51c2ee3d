package ingest_test

import (
	"context"
	"strings"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"lifeline/ingest"
	"lifeline/ingest/mosquittotest"
	"lifeline/ingest/wire"
	"lifeline/store/storetest"
)

func TestTwoWorkersShareAnExternalMosquitto(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	device, token := pairedDevice(t, db, "ext@example.org")

	workers := []string{"lifeline-ingest-1", "lifeline-ingest-2"}
	addr := strings.TrimPrefix(mosquittotest.Start(t, workers, []ingest.MosquittoAccount{
		{Username: workers[0], Password: "worker-secret"}, {Username: workers[1], Password: "worker-secret"}, {Username: device.ID, Password: token},
	}).URL, "tcp://")

	var metrics []*ingest.Metrics
	for _, worker := range workers { // two lifeline nodes: each its own writer
		m := ingest.NewMetrics(prometheus.NewRegistry())
		w := ingest.NewWriter(db, ingest.WriterConfig{Metrics: m})
		e, err := ingest.StartExternal(ingest.ExternalConfig{
			BrokerURL: "tcp://" + addr, ClientID: worker, Username: worker, Password: "worker-secret",
			Devices: db, Writer: w, Metrics: m,
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { e.Close(); w.Close(ctx) })
		metrics = append(metrics, m)
	}

	// The bracelet talks to Mosquitto, which checks its token.
	bad := paho.NewClient(paho.NewClientOptions().AddBroker("tcp://" + addr).SetClientID(device.ID).SetUsername(device.ID).SetPassword("wrong").SetProtocolVersion(4))
	if tok := bad.Connect(); tok.WaitTimeout(5*time.Second) && tok.Error() == nil {
		t.Fatal("Mosquitto accepted a wrong token from the generated password file")
	}
	c, err := connect(t, "tcp://"+addr, device.ID, device.ID, token)
	if err != nil {
		t.Fatalf("the device cannot connect to Mosquitto with its token: %v", err)
	}
	base := time.Now().Add(-time.Hour).Truncate(time.Millisecond)
	var toks []paho.Token
	for seq := uint64(1); seq <= 400; seq++ {
		toks = append(toks, c.Publish(wire.PositionTopic(device.ID), 1, false, wire.EncodePosition(fix(seq, base.Add(time.Duration(seq)*time.Second)))))
	}
	for _, tok := range toks {
		if !tok.WaitTimeout(20*time.Second) || tok.Error() != nil {
			t.Fatalf("publish to Mosquitto: %v", tok.Error())
		}
	}
	// A worker counts a batch just after its commit is visible, so wait on both.
	var stored int
	var a, b float64
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		db.Pool.QueryRow(ctx, `SELECT count(*) FROM locations WHERE device_id = $1`, device.ID).Scan(&stored)
		a, b = testutil.ToFloat64(metrics[0].AcceptedFixes), testutil.ToFloat64(metrics[1].AcceptedFixes)
		if stored == 400 && a+b == 400 {
			break
		}
	}
	if stored != 400 {
		t.Fatalf("stored %d fixes through the workers, want 400", stored)
	}
	if a == 0 || b == 0 || a+b != 400 {
		t.Errorf("worker 1 committed %v and worker 2 %v: want both to share the 400", a, b)
	}
}

// A revoked device is refused by a worker as soon as the revocation event
// reaches it (Forget), though the outside broker still holds its
// connection and the worker remembered it a moment ago.
func TestARevokedDeviceIsForgottenAtOnce(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	device, token := pairedDevice(t, db, "forget@example.org")
	worker := "lifeline-ingest-1"
	url := mosquittotest.Start(t, []string{worker}, []ingest.MosquittoAccount{
		{Username: worker, Password: "worker-secret"}, {Username: device.ID, Password: token},
	}).URL
	m := ingest.NewMetrics(prometheus.NewRegistry())
	w := ingest.NewWriter(db, ingest.WriterConfig{Metrics: m})
	e, err := ingest.StartExternal(ingest.ExternalConfig{
		BrokerURL: url, ClientID: worker, Username: worker, Password: "worker-secret", Devices: db, Writer: w, Metrics: m,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close(); w.Close(ctx) })
	c, err := connect(t, url, device.ID, device.ID, token)
	if err != nil {
		t.Fatal(err)
	}
	stored := func() (n int) {
		db.Pool.QueryRow(ctx, `SELECT count(*) FROM locations WHERE device_id = $1`, device.ID).Scan(&n)
		return n
	}
	base := time.Now().Add(-time.Hour).Truncate(time.Millisecond)
	publish := func(seq uint64) {
		tok := c.Publish(wire.PositionTopic(device.ID), 1, false, wire.EncodePosition(fix(seq, base.Add(time.Duration(seq)*time.Second))))
		if !tok.WaitTimeout(20*time.Second) || tok.Error() != nil {
			t.Fatalf("publish: %v", tok.Error())
		}
	}
	publish(1)
	waitUntil(t, 30*time.Second, "the first fix stored", func() bool { return stored() == 1 })

	if err := db.RevokeDevice(ctx, device.UserID, device.ID); err != nil {
		t.Fatal(err)
	}
	e.Forget(device.ID) // as the live event DeviceRevoked does
	publish(2)
	refused := m.RejectedFixes.WithLabelValues("revoked_device")
	waitUntil(t, 30*time.Second, "the revoked device's fix refused", func() bool { return testutil.ToFloat64(refused) == 1 })
	if n := stored(); n != 1 {
		t.Errorf("%d fixes stored, want only the one sent before the revocation", n)
	}
}

// waitUntil polls cond until it holds, failing the test after within.
func waitUntil(t *testing.T, within time.Duration, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(within); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}
