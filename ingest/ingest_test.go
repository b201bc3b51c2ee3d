package ingest_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"github.com/mochi-mqtt/server/v2/packets"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"lifeline"
	"lifeline/ingest"
	"lifeline/ingest/wire"
	"lifeline/migrations"
	"lifeline/pgcluster"
	"lifeline/store"
	"lifeline/store/storetest"
)

// rig is the real ingest path: broker, hooks, writer and a fresh database.
type rig struct {
	t       *testing.T
	db      *store.DB
	writer  *ingest.Writer
	broker  *ingest.Broker
	metrics *ingest.Metrics
	userID  int64
}

// newRig starts the broker on db (nil: a fresh one); configure, if given,
// changes its config first.
func newRig(t *testing.T, db *store.DB, rate ingest.RateLimit, configure ...func(*ingest.BrokerConfig)) *rig {
	t.Helper()
	if db == nil {
		db = storetest.NewDB(t)
	}
	r := &rig{t: t, db: db, metrics: ingest.NewMetrics(prometheus.NewRegistry())}
	err := db.Pool.QueryRow(context.Background(), `INSERT INTO users (email) VALUES ($1) RETURNING id`,
		fmt.Sprintf("wearer%d@example.org", time.Now().UnixNano())).Scan(&r.userID)
	if err != nil {
		t.Fatal(err)
	}
	r.writer = ingest.NewWriter(db, ingest.WriterConfig{Metrics: r.metrics})
	cfg := ingest.BrokerConfig{
		TCPAddr: "127.0.0.1:0", WSAddr: "127.0.0.1:0",
		Devices: db, Writer: r.writer, Rate: rate, Metrics: r.metrics,
	}
	for _, c := range configure {
		c(&cfg)
	}
	r.broker, err = ingest.StartBroker(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		r.broker.Close()
		r.writer.Close(context.Background())
	})
	return r
}

func (r *rig) pairDevice() (id, token string) {
	r.t.Helper()
	return r.pair(lifeline.DeviceBracelet)
}

// pair pairs a device of the kind (a bracelet or a phone) to the rig's user.
func (r *rig) pair(kind string) (id, token string) {
	r.t.Helper()
	token, hash := lifeline.NewDeviceToken()
	d := &lifeline.Device{ID: lifeline.NewDeviceID(), UserID: r.userID, Name: "Test " + kind, Kind: kind}
	if err := r.db.CreateDevice(context.Background(), d, hash); err != nil {
		r.t.Fatal(err)
	}
	return d.ID, token
}

func (r *rig) rows(deviceID string) int {
	r.t.Helper()
	var n int
	if err := r.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM locations WHERE device_id = $1`, deviceID).Scan(&n); err != nil {
		r.t.Fatal(err)
	}
	return n
}

// connect opens a paho (MQTT 3.1.1) client as a bracelet would.
func connect(t *testing.T, broker, clientID, username, password string) (paho.Client, error) {
	t.Helper()
	opts := paho.NewClientOptions().AddBroker(broker).SetClientID(clientID).SetUsername(username).SetPassword(password).
		SetCleanSession(false).SetAutoReconnect(false).SetProtocolVersion(4).SetConnectTimeout(5 * time.Second).SetWriteTimeout(10 * time.Second)
	c := paho.NewClient(opts)
	tok := c.Connect()
	if !tok.WaitTimeout(10 * time.Second) {
		return nil, fmt.Errorf("connect timed out")
	}
	if err := tok.Error(); err != nil {
		return nil, err
	}
	t.Cleanup(func() { c.Disconnect(100) })
	return c, nil
}

func fix(seq uint64, ts time.Time) wire.Fix {
	acc, bat := 6.5, 80
	return wire.Fix{Seq: seq, TS: ts, Lat: 37.7749 + float64(seq)*1e-5, Lon: -122.4194, Acc: &acc, Bat: &bat}
}

func publish(t *testing.T, c paho.Client, topic string, payload []byte) error {
	t.Helper()
	tok := c.Publish(topic, 1, false, payload)
	if !tok.WaitTimeout(20 * time.Second) {
		return fmt.Errorf("no PUBACK within 20s")
	}
	return tok.Error()
}

func TestThousandFixesWithResendsAreStoredOnce(t *testing.T) {
	r := newRig(t, nil, ingest.RateLimit{})
	id, token := r.pairDevice()
	c, err := connect(t, "tcp://"+r.broker.TCPAddr(), id, id, token)
	if err != nil {
		t.Fatal(err)
	}
	base := time.Now().Add(-time.Hour).Truncate(time.Millisecond)
	topic := wire.PositionTopic(id)
	var tokens []paho.Token
	for seq := uint64(1); seq <= 1000; seq++ {
		payload := wire.EncodePosition(fix(seq, base.Add(time.Duration(seq)*time.Second)))
		tokens = append(tokens, c.Publish(topic, 1, false, payload))
		if seq%10 == 0 { // a tenth are sent again, as after a lost PUBACK
			tokens = append(tokens, c.Publish(topic, 1, false, payload))
		}
	}
	for _, tok := range tokens {
		if !tok.WaitTimeout(30*time.Second) || tok.Error() != nil {
			t.Fatalf("publish not acknowledged: %v", tok.Error())
		}
	}
	if n := r.rows(id); n != 1000 {
		t.Errorf("stored %d rows, want exactly 1000", n)
	}
	// Device health follows within the writer's ActivityEvery (a second).
	var seen *time.Time
	if !eventually(func() bool {
		r.db.Pool.QueryRow(context.Background(), `SELECT last_fix_at FROM devices WHERE id = $1`, id).Scan(&seen)
		return seen != nil && seen.Equal(base.Add(1000*time.Second))
	}) {
		t.Errorf("device last_fix_at = %v, want the newest fix", seen)
	}
}

func TestConnectionsAreAuthenticated(t *testing.T) {
	r := newRig(t, nil, ingest.RateLimit{})
	id, token := r.pairDevice()
	revokedID, revokedToken := r.pairDevice()
	if err := r.db.RevokeDevice(context.Background(), r.userID, revokedID); err != nil {
		t.Fatal(err)
	}
	url := "tcp://" + r.broker.TCPAddr()
	tests := []struct {
		name, clientID, username, password, reason string
	}{
		{"wrong token", id, id, "not-the-token", "bad_token"},
		{"unknown device", "brc_nosuchdevice00", "brc_nosuchdevice00", token, "unknown_device"},
		{"client ID is not the device ID", "brc_someoneelse000", id, token, "client_id_mismatch"},
		{"revoked device", revokedID, revokedID, revokedToken, "revoked"},
		{"username with a wildcard", "brc_+", "brc_+", token, "unknown_device"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := testutil.ToFloat64(r.metrics.Refused.WithLabelValues(tt.reason))
			if _, err := connect(t, url, tt.clientID, tt.username, tt.password); err == nil {
				t.Fatal("connected; want refused")
			}
			if got := testutil.ToFloat64(r.metrics.Refused.WithLabelValues(tt.reason)); got != before+1 {
				t.Errorf("refusals counted as %q: %v, want %v", tt.reason, got, before+1)
			}
		})
	}
	if _, err := connect(t, url, id, id, token); err != nil {
		t.Errorf("the right credentials were refused: %v", err)
	}
}

func TestADeviceCannotWriteAsAnother(t *testing.T) {
	r := newRig(t, nil, ingest.RateLimit{})
	attacker, token := r.pairDevice()
	victim, _ := r.pairDevice()
	url := "tcp://" + r.broker.TCPAddr()

	t.Run("publishing to another device's topic", func(t *testing.T) {
		c, err := connect(t, url, attacker, attacker, token)
		if err != nil {
			t.Fatal(err)
		}
		// MQTT 3.1.1 has no negative PUBACK: the broker drops the connection.
		c.Publish(wire.PositionTopic(victim), 1, false, wire.EncodePosition(fix(1, time.Now())))
		if !eventually(func() bool { return !c.IsConnectionOpen() }) {
			t.Error("the connection stayed open")
		}
		if n := r.rows(victim); n != 0 {
			t.Errorf("%d fixes were stored for the other device", n)
		}
	})
	t.Run("subscribing to another device's config", func(t *testing.T) {
		c, err := connect(t, url, attacker, attacker, token)
		if err != nil {
			t.Fatal(err)
		}
		sub := c.Subscribe(wire.ConfigTopic(victim), 1, nil).(*paho.SubscribeToken)
		if !sub.WaitTimeout(5 * time.Second) {
			t.Fatal("no SUBACK")
		}
		if code := sub.Result()[wire.ConfigTopic(victim)]; code != 0x80 {
			t.Errorf("SUBACK code %#x, want 0x80 (failure)", code)
		}
		own := c.Subscribe(wire.ConfigTopic(attacker), 1, nil).(*paho.SubscribeToken)
		if !own.WaitTimeout(5*time.Second) || own.Result()[wire.ConfigTopic(attacker)] != 1 {
			t.Errorf("its own config topic: %v", own.Result())
		}
	})
	if got := testutil.ToFloat64(r.metrics.Refused.WithLabelValues("acl")); got < 2 {
		t.Errorf("ACL refusals counted: %v, want 2", got)
	}
}

func TestBadPacketsStoreNothingAndLeaveTheConnectionHealthy(t *testing.T) {
	r := newRig(t, nil, ingest.RateLimit{})
	id, token := r.pairDevice()
	c, err := connect(t, "tcp://"+r.broker.TCPAddr(), id, id, token)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UnixMilli()
	bad := map[string]string{
		"bad_json":   `{"seq": 1, "ts": `,
		"lat_range":  fmt.Sprintf(`{"seq": 2, "ts": %d, "lat": 91, "lon": 0}`, now),
		"lon_range":  fmt.Sprintf(`{"seq": 3, "ts": %d, "lat": 0, "lon": -180.5}`, now),
		"ts_future":  fmt.Sprintf(`{"seq": 4, "ts": %d, "lat": 0, "lon": 0}`, now+int64(time.Hour/time.Millisecond)),
		"bat_range":  fmt.Sprintf(`{"seq": 5, "ts": %d, "lat": 0, "lon": 0, "bat": 101}`, now),
		"not_object": `"hello"`,
	}
	for reason, payload := range bad {
		before := testutil.ToFloat64(r.metrics.RejectedFixes.WithLabelValues(reason))
		if err := publish(t, c, wire.PositionTopic(id), []byte(payload)); err != nil {
			t.Fatalf("%s: %v", reason, err)
		}
		if got := testutil.ToFloat64(r.metrics.RejectedFixes.WithLabelValues(reason)); got != before+1 {
			t.Errorf("%s: counted %v, want %v", reason, got, before+1)
		}
	}
	if n := r.rows(id); n != 0 {
		t.Errorf("%d rows stored from bad packets", n)
	}
	if !c.IsConnected() {
		t.Fatal("the connection was dropped")
	}
	if err := publish(t, c, wire.PositionTopic(id), wire.EncodePosition(fix(9, time.Now()))); err != nil || r.rows(id) != 1 {
		t.Errorf("a good packet after the bad ones: err %v, rows %d", err, r.rows(id))
	}
}

// TestMQTT5BadPacketGetsReasonCode0x99 speaks MQTT 5 with mochi's own
// packet codec over a plain TCP connection.
func TestMQTT5BadPacketGetsReasonCode0x99(t *testing.T) {
	r := newRig(t, nil, ingest.RateLimit{})
	id, token := r.pairDevice()
	c, code := dialMQTT(t, r.broker.TCPAddr(), 5, id, id, token, nil)
	if code != 0 {
		t.Fatalf("CONNACK %#x, want success", code)
	}
	send, rd := c.send, c.rd
	publishV5 := func(packetID uint16, payload string) byte {
		send(packets.Packet{
			FixedHeader: packets.FixedHeader{Type: packets.Publish, Qos: 1}, ProtocolVersion: 5,
			TopicName: wire.PositionTopic(id), PacketID: packetID, Payload: []byte(payload),
		})
		typ, body := readPacket(t, rd)
		if typ != packets.Puback {
			t.Fatalf("got packet type %d, want PUBACK", typ)
		}
		if len(body) < 3 {
			return 0 // no reason code: success
		}
		return body[2]
	}
	if code := publishV5(1, `{"seq": 1, "ts": 1, "lat": 0, "lon": 0}`); code != 0x99 {
		t.Errorf("bad packet PUBACK reason = %#x, want 0x99", code)
	}
	good := string(wire.EncodePosition(fix(2, time.Now())))
	if code := publishV5(2, good); code != 0 {
		t.Errorf("good packet PUBACK reason = %#x, want 0 (success)", code)
	}
	if n := r.rows(id); n != 1 {
		t.Errorf("rows = %d, want 1", n)
	}

	// A valid packet (waiting for its commit) then an invalid one at once:
	// the acknowledgements still come in the order the packets arrived.
	for i, payload := range []string{string(wire.EncodePosition(fix(3, time.Now()))), `{"seq": 4}`} {
		send(packets.Packet{
			FixedHeader: packets.FixedHeader{Type: packets.Publish, Qos: 1}, ProtocolVersion: 5,
			TopicName: wire.PositionTopic(id), PacketID: uint16(10 + i), Payload: []byte(payload),
		})
	}
	for i, want := range []byte{0, 0x99} {
		typ, body := readPacket(t, rd)
		if typ != packets.Puback || body[1] != byte(10+i) {
			t.Fatalf("ack %d: type %d for packet %d, want PUBACK for %d", i, typ, body[1], 10+i)
		}
		code := byte(0)
		if len(body) > 2 {
			code = body[2]
		}
		if code != want {
			t.Errorf("ack for packet %d: reason %#x, want %#x", 10+i, code, want)
		}
	}
}

func TestDatabaseOutageLosesAndDuplicatesNothing(t *testing.T) {
	dir, err := os.MkdirTemp("", "lifeline-outage-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	os.Chmod(dir, 0o755)
	cluster := &pgcluster.Cluster{Dir: filepath.Join(dir, "pg"), Ephemeral: true, Timescale: storetest.Mode()}
	ctx := context.Background()
	if err := cluster.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer func() { cluster.Stop() }()
	db, err := store.Open(ctx, cluster.URL("lifeline"), migrations.FS, storetest.Mode())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	r := newRig(t, db, ingest.RateLimit{})
	id, token := r.pairDevice()
	c, err := connect(t, "tcp://"+r.broker.TCPAddr(), id, id, token)
	if err != nil {
		t.Fatal(err)
	}
	base := time.Now().Add(-time.Minute).Truncate(time.Millisecond)
	topic := wire.PositionTopic(id)
	for seq := uint64(1); seq <= 50; seq++ {
		if err := publish(t, c, topic, wire.EncodePosition(fix(seq, base.Add(time.Duration(seq)*time.Millisecond)))); err != nil {
			t.Fatal(err)
		}
	}

	if err := cluster.Stop(); err != nil { // the database goes away mid-stream
		t.Fatal(err)
	}
	var acked sync.WaitGroup
	var mu sync.Mutex
	ackedSeqs := 0
	for seq := uint64(51); seq <= 100; seq++ {
		tok := c.Publish(topic, 1, false, wire.EncodePosition(fix(seq, base.Add(time.Duration(seq)*time.Millisecond))))
		acked.Add(1)
		go func() {
			defer acked.Done()
			if tok.WaitTimeout(60*time.Second) && tok.Error() == nil {
				mu.Lock()
				ackedSeqs++
				mu.Unlock()
			}
		}()
	}
	time.Sleep(1500 * time.Millisecond)
	mu.Lock()
	early := ackedSeqs
	mu.Unlock()
	if early != 0 {
		t.Errorf("%d fixes were acknowledged while the database was down", early)
	}
	if pending := testutil.ToFloat64(r.metrics.PendingRows); pending != 50 {
		t.Errorf("lifeline_ingest_pending_rows = %v while the database is down, want the 50 held fixes", pending)
	}

	if err := cluster.Start(ctx); err != nil { // and comes back
		t.Fatal(err)
	}
	acked.Wait()
	if ackedSeqs != 50 {
		t.Errorf("%d of 50 held fixes acknowledged after recovery", ackedSeqs)
	}
	var n, distinct int
	db.Pool.QueryRow(ctx, `SELECT count(*), count(DISTINCT seq) FROM locations WHERE device_id = $1`, id).Scan(&n, &distinct)
	if n != 100 || distinct != 100 {
		t.Errorf("stored %d rows (%d distinct), want 100", n, distinct)
	}
	if pending := testutil.ToFloat64(r.metrics.PendingRows); pending != 0 {
		t.Errorf("lifeline_ingest_pending_rows = %v after recovery, want 0", pending)
	}
}

// readPacket reads one MQTT packet: its type and the bytes after the fixed
// header.
func readPacket(t *testing.T, rd *bufio.Reader) (byte, []byte) {
	t.Helper()
	first, err := rd.ReadByte()
	if err != nil {
		t.Fatalf("read packet: %v", err)
	}
	length, mult := 0, 1
	for {
		b, err := rd.ReadByte()
		if err != nil {
			t.Fatal(err)
		}
		length += int(b&127) * mult
		if b&128 == 0 {
			break
		}
		mult *= 128
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(rd, body); err != nil {
		t.Fatal(err)
	}
	return first >> 4, body
}

func TestPublishRateIsLimitedPerDevice(t *testing.T) {
	r := newRig(t, nil, ingest.RateLimit{PerSecond: 0.5, Burst: 3})
	id, token := r.pairDevice()
	c, err := connect(t, "tcp://"+r.broker.TCPAddr(), id, id, token)
	if err != nil {
		t.Fatal(err)
	}
	for seq := uint64(1); seq <= 3; seq++ {
		if err := publish(t, c, wire.PositionTopic(id), wire.EncodePosition(fix(seq, time.Now()))); err != nil {
			t.Fatalf("publish %d within the burst: %v", seq, err)
		}
	}
	// The fourth exceeds the burst: MQTT 3.1.1 cannot say no in a PUBACK,
	// so the connection is dropped and the fix stays unacknowledged.
	c.Publish(wire.PositionTopic(id), 1, false, wire.EncodePosition(fix(4, time.Now())))
	if !eventually(func() bool { return !c.IsConnectionOpen() }) {
		t.Error("a device over its rate kept its connection")
	}
	if n := r.rows(id); n != 3 {
		t.Errorf("stored %d fixes, want the 3 within the burst", n)
	}
	if got := testutil.ToFloat64(r.metrics.Refused.WithLabelValues("rate_limited")); got != 1 {
		t.Errorf("rate_limited counted %v, want 1", got)
	}
}

// eventually polls cond for up to 5 seconds.
func eventually(cond func() bool) bool {
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return true
		}
	}
	return cond()
}

func TestASecondConnectionTakesOverCleanly(t *testing.T) {
	r := newRig(t, nil, ingest.RateLimit{})
	id, token := r.pairDevice()
	url := "tcp://" + r.broker.TCPAddr()
	first, err := connect(t, url, id, id, token)
	if err != nil {
		t.Fatal(err)
	}
	second, err := connect(t, url, id, id, token) // the bracelet rebooted
	if err != nil {
		t.Fatalf("the second connection was refused: %v", err)
	}
	if !eventually(func() bool { return !first.IsConnectionOpen() }) {
		t.Error("the first connection was not closed")
	}
	if err := publish(t, second, wire.PositionTopic(id), wire.EncodePosition(fix(1, time.Now()))); err != nil || r.rows(id) != 1 {
		t.Fatalf("publish on the new connection: %v, rows %d", err, r.rows(id))
	}
	if !r.broker.Connected(id) {
		t.Error("the device no longer counts as connected after the old connection closed")
	}
	if got := testutil.ToFloat64(r.metrics.Connected); got != 1 {
		t.Errorf("connected devices gauge = %v, want 1", got)
	}
}
