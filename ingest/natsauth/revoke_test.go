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
	"lifeline/ingest/natsauth"
	"lifeline/ingest/natskick"
	"lifeline/ingest/wire"
	"lifeline/live"
	"lifeline/store"
)

// TestARevokedDeviceIsDisconnectedAtOnce revokes a bracelet connected to
// one node of the cluster the way the app does (the store, then the live
// event every node hears through PostgreSQL), with two workers each
// closing revoked devices' connections (ingest/natskick, as the system
// account's user): the bracelet's connection ends, its reconnection
// through any node is refused by the callout, and nothing more of it is
// stored, while a bracelet on another node stays connected throughout.
func TestARevokedDeviceIsDisconnectedAtOnce(t *testing.T) {
	r := newRig(t)
	ctx := t.Context()
	api := live.NewBus(r.db, nil) // the node whose API revokes
	logs := &lockedBuffer{}
	var workers []*revocationWorker
	// The bracelet connects to node 1, the workers to nodes 2 and 3: each
	// closes a connection held by another node.
	for i := range 2 {
		workers = append(workers, startRevocationWorker(t, r.db, r.cluster.Nodes[i+1].NATSURL, fmt.Sprintf("lifeline-ingest-%d-kick", i+1), logs))
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

	if err := r.db.RevokeDevice(ctx, revoked.UserID, revoked.ID); err != nil {
		t.Fatal(err)
	}
	if err := api.Publish(ctx, live.DeviceRevoked(revoked.UserID, revoked.ID)); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-revokedLost:
		t.Logf("the revoked bracelet's connection ended: %v", err)
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

	// Both workers acted on the one revocation; asked again, there is
	// nothing left to close, and nothing went wrong for either.
	for i, w := range workers {
		if n, err := w.kicker.Kick(ctx, revoked.ID); n != 0 || err != nil {
			t.Errorf("worker %d closing the revoked bracelet again: %d connections, %v; want 0, no error", i+1, n, err)
		}
		w.kicker.Close()
	}
	if strings.Contains(logs.String(), "level=WARN") {
		t.Errorf("a worker warned:\n%s", logs)
	}
}

// revocationWorker is what a `--role ingest` worker does with a revocation
// on a NATS cluster: its live events bus, listening to every node's, hands
// revocations to its kicker.
type revocationWorker struct {
	kicker *natskick.Kicker
	heard  chan string
}

func startRevocationWorker(t *testing.T, db *store.DB, url, name string, logs *lockedBuffer) *revocationWorker {
	t.Helper()
	k, err := natskick.Start(natskick.Config{URL: url, Username: systemUser, Password: systemPassword, Name: name,
		Account: natsauth.Account, Logger: slog.New(slog.NewTextHandler(logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(k.Close)
	w := &revocationWorker{kicker: k, heard: make(chan string, 100)}
	bus := live.NewBus(db, nil)
	bus.OnDeviceRevoked(k.Disconnect)
	bus.OnDeviceRevoked(func(id string) {
		select {
		case w.heard <- id:
		default:
		}
	})
	listening, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); bus.Listen(listening) }()
	t.Cleanup(func() { stop(); <-done })
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
