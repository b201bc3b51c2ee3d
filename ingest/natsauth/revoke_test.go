package natsauth_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"github.com/eclipse/paho.mqtt.golang/packets"

	"lifeline"
	"lifeline/app"
	"lifeline/app/apptest"
	"lifeline/ingest/natskick"
	"lifeline/ingest/wire"
	"lifeline/live"
	"lifeline/store"
)

// TestARevokedDeviceIsDisconnectedAtOnce revokes a bracelet connected to
// one node of the cluster the way the app does (the store, then the live
// event every node hears through PostgreSQL), with two `--role ingest`
// workers (the real program, package app) given the nodes' system account's
// user: the bracelet's connection ends, its reconnection through any node
// is refused by the callout, and nothing more of it is stored, while a
// bracelet on another node stays connected throughout.
func TestARevokedDeviceIsDisconnectedAtOnce(t *testing.T) {
	r := newRig(t)
	ctx := t.Context()
	// A worker given a user that cannot ask the nodes about connections
	// fails to start, saying why, rather than at its first revocation.
	for _, tt := range []struct{ name, user, password string }{
		{"the workers' user, of the devices' account", workerUser, workerPassword},
		{"a wrong password", systemUser, "guess"},
	} {
		t.Run("the kicker refuses "+tt.name, func(t *testing.T) {
			k, err := natskick.Start(natskick.Config{URL: r.urls, Username: tt.user, Password: tt.password})
			if err == nil {
				k.Close()
				t.Fatal("started")
			}
			t.Log(err)
		})
	}

	api := live.NewBus(r.db, nil) // the node whose API revokes
	logs := &lockedBuffer{}
	// The bracelet connects to node 1, the workers to nodes 2 and 3: each
	// closes a connection held by another node.
	var workers []*revocationWorker
	for i := range 2 {
		workers = append(workers, startWorker(t, r, r.cluster.Nodes[i+1].NATSURL, fmt.Sprintf("lifeline-ingest-k%d", i+1), logs))
	}
	for _, w := range workers {
		w.waitListening(t, api)
	}

	revoked, revokedToken := r.pair(t, lifeline.DeviceBracelet)
	kept, keptToken := r.pair(t, lifeline.DeviceBracelet)
	revokedClient, revokedLost := connectWatched(t, r.cluster.Nodes[0].MQTTURL, revoked.ID, revokedToken)
	keptClient, keptLost := connectWatched(t, r.cluster.Nodes[1].MQTTURL, kept.ID, keptToken)
	for _, d := range []struct {
		c  paho.Client
		id string
	}{{revokedClient, revoked.ID}, {keptClient, kept.ID}} {
		if tok := d.c.Publish(wire.PositionTopic(d.id), 1, false, position(1)); !tok.WaitTimeout(30*time.Second) || tok.Error() != nil {
			t.Fatalf("%s: no PUBACK before the revocation: %v", d.id, tok.Error())
		}
		waitStored(t, r.db, d.id, 1)
	}

	began := time.Now()
	if err := r.db.RevokeDevice(ctx, revoked.UserID, revoked.ID); err != nil {
		t.Fatal(err)
	}
	if err := api.Publish(ctx, live.DeviceRevoked(revoked.UserID, revoked.ID)); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-revokedLost:
		t.Logf("the revoked bracelet's connection ended %.0f ms after its revocation began: %v", float64(time.Since(began).Microseconds())/1000, err)
	case <-time.After(90 * time.Second):
		t.Fatal("the revoked bracelet is still connected 90 s after its revocation")
	}
	for _, w := range workers {
		w.waitHeard(t, revoked.ID)
	}

	if tok := revokedClient.Publish(wire.PositionTopic(revoked.ID), 1, false, position(2)); tok.WaitTimeout(30*time.Second) && tok.Error() == nil {
		t.Error("the revoked bracelet's PUBLISH was acknowledged after its connection was closed")
	}
	for i, n := range r.cluster.Nodes {
		t.Run(fmt.Sprintf("its reconnection through node %d is refused", i+1), func(t *testing.T) {
			_, err := connect(t, n.MQTTURL, revoked.ID, revoked.ID, revokedToken)
			if !errors.Is(err, packets.ErrorRefusedNotAuthorised) {
				t.Fatalf("connect: %v, want CONNACK 5 (not authorized)", err)
			}
		})
	}

	// The bracelet on the other node was never disconnected, and its fix
	// sent after everything above is stored: whatever the revoked one had
	// sent would have been by then.
	if tok := keptClient.Publish(wire.PositionTopic(kept.ID), 1, false, position(2)); !tok.WaitTimeout(30*time.Second) || tok.Error() != nil {
		t.Fatalf("the other bracelet: no PUBACK after the revocation: %v", tok.Error())
	}
	waitStored(t, r.db, kept.ID, 2)
	select {
	case err := <-keptLost:
		t.Fatalf("the other bracelet lost its connection: %v", err)
	default:
	}
	if n := storedFixes(t, r.db, revoked.ID); n != 1 {
		t.Errorf("%d fixes of the revoked bracelet stored, want the 1 from before its revocation", n)
	}

	// Both workers acted on the one revocation, and neither warned (the
	// second found the connection gone). Asked again, there is nothing
	// left to close.
	for _, w := range workers {
		if err := w.program.Close(ctx); err != nil {
			t.Error(err)
		}
	}
	kicked := 0
	for _, line := range strings.Split(logs.String(), "\n") {
		if !strings.Contains(line, "component=nats-kick") {
			continue
		}
		if strings.Contains(line, "level=WARN") {
			t.Errorf("a worker warned: %s", line)
		}
		if strings.Contains(line, `msg="revoked device disconnected"`) {
			kicked++
		}
	}
	if kicked == 0 {
		t.Error("no worker logged that it closed the revoked bracelet's connection")
	}
	again, err := natskick.Start(natskick.Config{URL: r.urls, Username: systemUser, Password: systemPassword})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if n, err := again.Kick(ctx, revoked.ID); n != 0 || err != nil {
		t.Errorf("closing the revoked bracelet again: %d connections, %v; want 0, no error", n, err)
	}
}

// revocationWorker is a `--role ingest` worker on the cluster, answering
// its callout and closing revoked devices' connections, with the
// revocations its live events bus has heard.
type revocationWorker struct {
	program *app.App
	heard   chan string
}

func startWorker(t *testing.T, r *rig, url, name string, logs *lockedBuffer) *revocationWorker {
	t.Helper()
	cfg := apptest.Config()
	cfg.Role, cfg.MQTTExternal = app.RoleIngest, url
	cfg.MQTTExternalUser, cfg.MQTTExternalPass, cfg.MQTTExternalID = workerUser, workerPassword, name
	cfg.NATSAuthIssuerSeed, cfg.NATSShards = r.seed, r.shards
	cfg.NATSSystemUser, cfg.NATSSystemPassword = systemUser, systemPassword
	w := &revocationWorker{heard: make(chan string, 100)}
	w.program = apptest.Start(t, cfg, apptest.Options{DB: r.db, WithoutWorkers: true,
		Logger: slog.New(slog.NewTextHandler(logs, nil)).With("worker", name)})
	w.program.Bus().OnDeviceRevoked(func(id string) {
		select {
		case w.heard <- id:
		default:
		}
	})
	return w
}

// waitListening announces a revocation of no device from the API's bus
// until the worker hears one: its LISTEN is then in place.
func (w *revocationWorker) waitListening(t *testing.T, api *live.Bus) {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); {
		if err := api.Publish(t.Context(), live.DeviceRevoked(1, "brc_probe")); err != nil {
			t.Fatal(err)
		}
		select {
		case <-w.heard:
			return
		case <-time.After(250 * time.Millisecond):
		}
	}
	t.Fatal("a worker's live events never arrived")
}

// waitHeard waits until the worker has heard deviceID's revocation.
func (w *revocationWorker) waitHeard(t *testing.T, deviceID string) {
	t.Helper()
	timeout := time.After(60 * time.Second)
	for {
		select {
		case id := <-w.heard:
			if id == deviceID {
				return
			}
		case <-timeout:
			t.Fatalf("a worker never heard that %s was revoked", deviceID)
		}
	}
}

// connectWatched connects a bracelet and returns the reason its
// connection ends, when it does.
func connectWatched(t *testing.T, broker, deviceID, token string) (paho.Client, <-chan error) {
	t.Helper()
	lost := make(chan error, 1)
	c, err := connect(t, broker, deviceID, deviceID, token, func(o *paho.ClientOptions) {
		o.SetConnectionLostHandler(func(_ paho.Client, err error) { lost <- err })
	})
	if err != nil {
		t.Fatalf("connect %s: %v", deviceID, err)
	}
	return c, lost
}

func storedFixes(t *testing.T, db *store.DB, deviceID string) int {
	t.Helper()
	var n int
	if err := db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM locations WHERE device_id = $1`, deviceID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// lockedBuffer is a log both workers write to at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
