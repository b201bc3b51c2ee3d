package natsauth_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"github.com/eclipse/paho.mqtt.golang/packets"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"
	"github.com/prometheus/client_golang/prometheus"

	"lifeline"
	"lifeline/ingest"
	"lifeline/ingest/brokercluster"
	"lifeline/ingest/natsauth"
	"lifeline/ingest/natsshard"
	"lifeline/ingest/wire"
	"lifeline/store"
	"lifeline/store/storetest"
)

const workerUser, workerPassword = "lifeline-ingest", "worker-secret"

// systemUser is the nodes' system account's user, as the workers close a
// revoked device's connections with it (ingest/natskick).
const systemUser, systemPassword = "lifeline-system", "system-secret"

// rig is a three-node NATS cluster that asks two callout services (as two
// workers would run them) about every device, one ingest worker storing
// what the devices publish, and the database both read.
type rig struct {
	db       *store.DB
	cluster  *brokercluster.Cluster
	services []*natsauth.Service
	urls     string
	seed     string // the issuer's, as the workers are given it
	shards   int
}

func newRig(t *testing.T) *rig {
	t.Helper()
	return newShardedRig(t, 1)
}

// newShardedRig is a rig whose devices are spread over shards accounts.
func newShardedRig(t *testing.T, shards int) *rig {
	t.Helper()
	r := &rig{db: storetest.NewDB(t), shards: shards}
	issuer, err := nkeys.CreateAccount()
	if err != nil {
		t.Fatal(err)
	}
	seed, _ := issuer.Seed()
	r.seed = string(seed)
	public, _ := issuer.PublicKey()
	r.cluster = brokercluster.StartOptions(t, brokercluster.Options{Shards: shards,
		Callout: &brokercluster.Callout{Issuer: public, AuthUsers: []string{workerUser, systemUser}}},
		brokercluster.User{Name: workerUser, Password: workerPassword},
		brokercluster.User{Name: systemUser, Password: systemPassword, System: true})
	var urls []string
	for _, n := range r.cluster.Nodes {
		urls = append(urls, n.NATSURL)
	}
	r.urls = strings.Join(urls, ",")
	for i := range 2 {
		s, err := natsauth.Start(natsauth.Config{URL: r.urls, Username: workerUser, Password: workerPassword,
			Name: fmt.Sprintf("lifeline-auth-%d", i+1), IssuerSeed: string(seed), Shards: shards, Devices: r.db})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(s.Close)
		r.services = append(r.services, s)
	}
	// An account's first MQTT connection makes NATS create the streams
	// the worker reads: the worker's own user (its twin in each shard's
	// account), which the nodes admit without asking the callout.
	for k, account := range r.cluster.Accounts {
		if _, err := connect(t, r.cluster.Nodes[0].MQTTURL, "lifeline-setup-"+account, natsshard.User(workerUser, k), workerPassword); err != nil {
			t.Fatalf("the workers' user cannot connect over MQTT to account %s: %v", account, err)
		}
	}
	ctx := context.Background()
	w := ingest.NewWriter(r.db, ingest.WriterConfig{Metrics: ingest.NewMetrics(prometheus.NewRegistry())})
	e, err := ingest.StartExternal(ingest.ExternalConfig{BrokerURL: r.urls, Shards: shards, ClientID: "lifeline-ingest-1",
		Username: workerUser, Password: workerPassword, Devices: r.db, Writer: w})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close(); w.Close(ctx) })
	return r
}

// pair pairs a device now, after the cluster started, as the app does.
// watch subscribes to subject as the workers' user: what reaches the
// cluster's subjects, whatever the devices were let publish.
func (r *rig) watch(t *testing.T, subject string) *nats.Subscription {
	t.Helper()
	nc, err := nats.Connect(r.urls, nats.UserInfo(workerUser, workerPassword))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	seen, err := nc.SubscribeSync(subject)
	if err != nil {
		t.Fatal(err)
	}
	if err := nc.Flush(); err != nil {
		t.Fatal(err)
	}
	return seen
}

func (r *rig) pair(t *testing.T, kind string) (*lifeline.Device, string) {
	t.Helper()
	ctx := context.Background()
	var userID int64
	email := fmt.Sprintf("%s@example.org", lifeline.NewDeviceID())
	if err := r.db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ($1) RETURNING id`, email).Scan(&userID); err != nil {
		t.Fatal(err)
	}
	token, hash := lifeline.NewDeviceToken()
	d := &lifeline.Device{ID: lifeline.NewDeviceID(), UserID: userID, Name: "Left wrist", Kind: kind}
	if err := r.db.CreateDevice(ctx, d, hash); err != nil {
		t.Fatal(err)
	}
	return d, token
}

// connect connects a client with a persistent session, as bracelets do.
// A node may drop a connection it cannot yet store a session for (its
// streams' leaders are still being chosen: on a loaded machine, right
// after start or after a peer's death); connect tries again then, for a
// while, but returns a refusal (a CONNACK code) at once.
// Options, when given, change the client's options (a connection-lost
// handler).
func connect(t *testing.T, broker, clientID, username, password string, options ...func(*paho.ClientOptions)) (paho.Client, error) {
	t.Helper()
	var err error
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(250 * time.Millisecond) {
		opts := paho.NewClientOptions().AddBroker(broker).SetClientID(clientID).SetUsername(username).SetPassword(password).
			SetCleanSession(false).SetAutoReconnect(false).SetProtocolVersion(4).SetConnectTimeout(20 * time.Second)
		for _, o := range options {
			o(opts)
		}
		c := paho.NewClient(opts)
		tok := c.Connect()
		if !tok.WaitTimeout(30 * time.Second) {
			err = fmt.Errorf("no CONNACK within 30 s")
			continue
		}
		if err = tok.Error(); err == nil {
			t.Cleanup(func() { c.Disconnect(100) })
			return c, nil
		}
		if refused(err) {
			return nil, err
		}
	}
	return nil, err
}

// refused reports whether err is a CONNACK's refusal code, other than
// "server unavailable", which a node may answer while electing leaders.
func refused(err error) bool {
	for code, e := range packets.ConnErrors {
		switch code {
		case packets.Accepted, packets.ErrNetworkError, packets.ErrRefusedServerUnavailable:
		default:
			if errors.Is(err, e) {
				return true
			}
		}
	}
	return false
}

func waitStored(t *testing.T, db *store.DB, deviceID string, seq uint64) {
	t.Helper()
	for deadline := time.Now().Add(90 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		var n int
		db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM locations WHERE device_id = $1 AND seq = $2`, deviceID, seq).Scan(&n)
		if n == 1 {
			return
		}
	}
	t.Fatalf("fix %d of %s not stored within 90 s", seq, deviceID)
}

func position(seq uint64) []byte {
	acc, bat := 6.5, 80
	return wire.EncodePosition(wire.Fix{Seq: seq, TS: time.Now().Add(-time.Minute).Truncate(time.Millisecond),
		Lat: 37.7749, Lon: -122.4194, Acc: &acc, Bat: &bat})
}

func TestAuthCallout(t *testing.T) {
	r := newRig(t)
	node := func(i int) string { return r.cluster.Nodes[i].MQTTURL }

	t.Run("a device paired after the cluster started connects and its fix is stored", func(t *testing.T) {
		d, token := r.pair(t, lifeline.DeviceBracelet)
		c, err := connect(t, node(1), d.ID, d.ID, token)
		if err != nil {
			t.Fatalf("connect: %v", err)
		}
		if tok := c.Publish(wire.PositionTopic(d.ID), 1, false, position(1)); !tok.WaitTimeout(30*time.Second) || tok.Error() != nil {
			t.Fatalf("no PUBACK: %v", tok.Error())
		}
		waitStored(t, r.db, d.ID, 1)
	})

	t.Run("refused", func(t *testing.T) {
		d, token := r.pair(t, lifeline.DeviceBracelet)
		revoked, revokedToken := r.pair(t, lifeline.DeviceBracelet)
		if err := r.db.RevokeDevice(context.Background(), revoked.UserID, revoked.ID); err != nil {
			t.Fatal(err)
		}
		phone, phoneToken := r.pair(t, lifeline.DevicePhone)
		tests := []struct {
			name, clientID, username, password string
		}{
			{"a wrong token", d.ID, d.ID, "guess"},
			{"a revoked device", revoked.ID, revoked.ID, revokedToken},
			{"another device's client ID", phone.ID, d.ID, token},
			{"a phone under another client ID", "iphone", phone.ID, phoneToken},
			{"no device of that ID", "brc_nobody0001", "brc_nobody0001", token},
			{"a name that is no device ID", "lifeline-ingest-2", "lifeline-ingest-2", workerPassword},
			{"no password", d.ID, d.ID, ""},
		}
		t.Run("a device over NATS's own protocol", func(t *testing.T) {
			nc, err := nats.Connect(r.cluster.Nodes[0].NATSURL, nats.UserInfo(d.ID, token), nats.MaxReconnects(0))
			if err == nil {
				nc.Close()
				t.Fatal("a device connected with NATS's protocol, outside MQTT's rules")
			}
		})
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				_, err := connect(t, node(0), tt.clientID, tt.username, tt.password)
				if !errors.Is(err, packets.ErrorRefusedNotAuthorised) {
					t.Fatalf("connect: %v, want CONNACK 5 (not authorized)", err)
				}
			})
		}
	})

	t.Run("a device writes and reads only its own topics", func(t *testing.T) {
		me, myToken := r.pair(t, lifeline.DeviceBracelet)
		other, _ := r.pair(t, lifeline.DeviceBracelet)
		c, err := connect(t, node(2), me.ID, me.ID, myToken)
		if err != nil {
			t.Fatal(err)
		}
		seen := r.watch(t, "bracelets.>")

		subscribes := []struct {
			filter string
			want   byte
		}{
			{wire.ConfigTopic(other.ID), 0x80},
			{"bracelets/+/config", 0x80},
			{wire.PositionTopic(other.ID), 0x80},
			{wire.ConfigTopic(me.ID), 1},
		}
		for _, s := range subscribes {
			tok := c.Subscribe(s.filter, 1, nil)
			if !tok.WaitTimeout(30 * time.Second) {
				t.Fatalf("no SUBACK for %s", s.filter)
			}
			if got := tok.(*paho.SubscribeToken).Result()[s.filter]; got != s.want {
				t.Errorf("SUBSCRIBE %s answered %#x, want %#x", s.filter, got, s.want)
			}
		}

		// A PUBLISH outside the rule is acknowledged and dropped (MQTT
		// 3.1.1 has no refusal code); the one after it, on the device's
		// own topic, arrives, so anything before it would have too.
		forbidden := []string{wire.PositionTopic(other.ID), wire.ConfigTopic(me.ID), wire.ConfigTopic(other.ID), "bracelets/" + me.ID + "/steps"}
		for _, topic := range append(forbidden, wire.PositionTopic(me.ID)) {
			if tok := c.Publish(topic, 1, false, position(7)); !tok.WaitTimeout(30*time.Second) || tok.Error() != nil {
				t.Fatalf("publish %s: %v", topic, tok.Error())
			}
		}
		m, err := seen.NextMsg(30 * time.Second)
		if err != nil {
			t.Fatalf("the device's own position never arrived: %v", err)
		}
		if want := "bracelets." + me.ID + ".position"; m.Subject != want {
			t.Fatalf("first message on %s, want %s: a PUBLISH outside the rule went through", m.Subject, want)
		}
	})

	t.Run("a Will outside the rule is never published", func(t *testing.T) {
		me, token := r.pair(t, lifeline.DeviceBracelet)
		other, _ := r.pair(t, lifeline.DeviceBracelet)
		seen := r.watch(t, "bracelets.>")
		// Two connections whose Wills fire when they drop: the first names
		// another device's topic, the second the device's own sos topic.
		for i, will := range []string{wire.PositionTopic(other.ID), wire.SOSTopic(me.ID)} {
			var conn net.Conn
			c := paho.NewClient(paho.NewClientOptions().AddBroker(node(0)).SetClientID(me.ID).SetUsername(me.ID).SetPassword(token).
				SetCleanSession(true).SetAutoReconnect(false).SetProtocolVersion(4).SetWill(will, "gone", 0, false).
				SetCustomOpenConnectionFn(func(uri *url.URL, _ paho.ClientOptions) (net.Conn, error) {
					var err error
					conn, err = net.Dial("tcp", uri.Host)
					return conn, err
				}))
			if tok := c.Connect(); !tok.WaitTimeout(30*time.Second) || tok.Error() != nil {
				t.Fatalf("connect %d: %v", i, tok.Error())
			}
			conn.Close() // the signal lost: no DISCONNECT, so the Will fires
		}
		m, err := seen.NextMsg(30 * time.Second)
		if err != nil {
			t.Fatalf("the device's own Will never arrived: %v", err)
		}
		if want := "bracelets." + me.ID + ".sos"; m.Subject != want {
			t.Fatalf("first Will on %s, want %s", m.Subject, want)
		}
	})

	t.Run("a phone writes its OwnTracks topics, never cmd", func(t *testing.T) {
		phone, token := r.pair(t, lifeline.DevicePhone)
		c, err := connect(t, node(0), phone.ID, phone.ID, token)
		if err != nil {
			t.Fatal(err)
		}
		seen := r.watch(t, "owntracks.>")
		base := ingest.OwnTracksRoot + "/" + phone.ID + "/iphone"
		for _, topic := range []string{base + "/cmd", base + "/event", base} {
			if tok := c.Publish(topic, 1, false, []byte(`{"_type":"transition"}`)); !tok.WaitTimeout(30*time.Second) || tok.Error() != nil {
				t.Fatalf("publish %s: %v", topic, tok.Error())
			}
		}
		var got []string
		for range 2 {
			m, err := seen.NextMsg(30 * time.Second)
			if err != nil {
				t.Fatalf("after %v: %v", got, err)
			}
			got = append(got, m.Subject)
		}
		prefix := "owntracks." + phone.ID + ".iphone"
		if want := []string{prefix + ".event", prefix}; !slices.Equal(got, want) {
			t.Fatalf("subjects %v, want %v (cmd is the server's)", got, want)
		}
		if tok := c.Subscribe(ingest.OwnTracksRoot+"/"+phone.ID+"/iphone/cmd", 1, nil); !tok.WaitTimeout(30*time.Second) ||
			tok.(*paho.SubscribeToken).Result()[ingest.OwnTracksRoot+"/"+phone.ID+"/iphone/cmd"] != 1 {
			t.Errorf("the phone cannot read its own cmd topic")
		}
	})

	t.Run("200 bracelets connect", func(t *testing.T) {
		// Connect time through the callout against the same through a
		// user the nodes know themselves: the difference is the callout.
		// One at a time for the latency, then all at once.
		const n = 200
		type cred struct{ clientID, user, password string }
		var devices, static []cred
		for i := range n {
			d, token := r.pair(t, lifeline.DeviceBracelet)
			devices = append(devices, cred{d.ID, d.ID, token})
			static = append(static, cred{fmt.Sprintf("static-%d", i), workerUser, workerPassword})
		}
		// A refused CONNECT is tried again after a second, as the firmware
		// does (a node that waits too long for the callout on a loaded
		// machine refuses the device, which then comes back); the retries
		// are counted, and a device still refused after five fails.
		var retries atomic.Int64
		connectOnce := func(c cred) time.Duration {
			cl := paho.NewClient(paho.NewClientOptions().AddBroker(node(0)).SetClientID(c.clientID).SetUsername(c.user).
				SetPassword(c.password).SetCleanSession(true).SetAutoReconnect(false).SetProtocolVersion(4))
			start := time.Now()
			for attempt := 1; ; attempt++ {
				tok := cl.Connect()
				if tok.WaitTimeout(30*time.Second) && tok.Error() == nil {
					break
				}
				if attempt == 5 {
					t.Errorf("connect %s: %v, %d times", c.clientID, tok.Error(), attempt)
					break
				}
				retries.Add(1)
				time.Sleep(time.Second)
			}
			took := time.Since(start)
			cl.Disconnect(0)
			return took
		}
		oneByOne := func(creds []cred) (p50, p99 time.Duration) {
			var took []time.Duration
			for _, c := range creds {
				took = append(took, connectOnce(c))
			}
			slices.Sort(took)
			return took[len(took)/2], took[len(took)*99/100]
		}
		atOnce := func(creds []cred) time.Duration {
			start := time.Now()
			var wg sync.WaitGroup
			for _, c := range creds {
				wg.Go(func() { connectOnce(c) })
			}
			wg.Wait()
			return time.Since(start)
		}
		s50, s99 := oneByOne(static)
		d50, d99 := oneByOne(devices)
		sAll, dAll := atOnce(static), atOnce(devices)
		ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }
		t.Logf("CONNECT to CONNACK, %d clients one at a time: through the callout p50 %s p99 %s; a user in the nodes' configuration p50 %s p99 %s", n, ms(d50), ms(d99), ms(s50), ms(s99))
		t.Logf("%d clients at once: through the callout %s; users in the nodes' configuration %s; CONNECTs tried again %d", n, ms(dAll), ms(sAll), retries.Load())
	})

	// Last: it kills a node.
	t.Run("the callout answers while a broker node is down", func(t *testing.T) {
		killed := -1
		for i, n := range r.cluster.Nodes {
			if n.NATSURL == r.services[0].ConnectedURL() {
				killed = i
			}
		}
		if killed < 0 {
			t.Fatalf("service 1 is connected to %q, no node of the cluster", r.services[0].ConnectedURL())
		}
		r.cluster.Kill(killed)
		for i := range brokercluster.Size {
			if i == killed {
				continue
			}
			d, token := r.pair(t, lifeline.DeviceBracelet)
			// Right after the kill the cluster may still route a request to
			// the dead node's callout instance (the node refuses the device
			// when no answer comes in 2 s), and a node may let a session in
			// that it cannot store a PUBLISH for until the stream has a new
			// leader. The device does what the firmware does: it comes back
			// a second after a refusal, and reconnects and sends again when
			// no PUBACK comes in 30 s.
			acked := false
			for attempt := 1; attempt <= 4 && !acked; attempt++ {
				c, err := connect(t, node(i), d.ID, d.ID, token)
				if err != nil {
					t.Logf("device %s refused through node %d (attempt %d): %v", d.ID, i+1, attempt, err)
					time.Sleep(time.Second)
					continue
				}
				tok := c.Publish(wire.PositionTopic(d.ID), 1, false, position(3))
				if acked = tok.WaitTimeout(30*time.Second) && tok.Error() == nil; !acked {
					t.Logf("device %s: no PUBACK through node %d (attempt %d): %v", d.ID, i+1, attempt, tok.Error())
					c.Disconnect(0)
				}
			}
			if !acked {
				t.Fatalf("device %s: never connected and acknowledged through node %d", d.ID, i+1)
			}
			waitStored(t, r.db, d.ID, 3)
			if _, err := connect(t, node(i), d.ID+"x", d.ID, token); err == nil {
				t.Errorf("node %d let in a device under another client ID while a node was down", i+1)
			}
		}
	})
}
