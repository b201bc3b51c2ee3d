package ingest_test

import (
	"bufio"
	"bytes"
	"net"
	"strings"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"github.com/mochi-mqtt/server/v2/packets"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"lifeline/ingest"
	"lifeline/ingest/wire"
)

// The MQTT security cases that limits_test.go and ingest_test.go do not
// already cover: an attacker with one device's credentials aims at another
// device (the victim), which keeps working and loses nothing throughout.

// victimDevice is a connected device that keeps publishing.
type victimDevice struct {
	r      *rig
	id     string
	client paho.Client
	seq    uint64
}

func (v *victimDevice) publishOne(t *testing.T) {
	t.Helper()
	v.seq++
	if err := publish(t, v.client, wire.PositionTopic(v.id), wire.EncodePosition(fix(v.seq, time.Now()))); err != nil {
		t.Fatalf("the victim's publish %d failed: %v", v.seq, err)
	}
	if n := v.r.rows(v.id); n != int(v.seq) {
		t.Fatalf("the victim has %d rows, want %d", n, v.seq)
	}
}

func TestAttackerCannotReachAnotherDevice(t *testing.T) {
	r := newRig(t, nil, ingest.RateLimit{})
	url := "tcp://" + r.broker.TCPAddr()
	victimID, victimToken := r.pairDevice()
	attackerID, attackerToken := r.pairDevice()
	vc, err := connect(t, url, victimID, victimID, victimToken)
	if err != nil {
		t.Fatal(err)
	}
	victim := &victimDevice{r: r, id: victimID, client: vc}
	victim.publishOne(t)

	refused := func(reason string) float64 { return testutil.ToFloat64(r.metrics.Refused.WithLabelValues(reason)) }

	t.Run("connect with the victim's client ID and the attacker's credentials", func(t *testing.T) {
		before := refused("client_id_mismatch")
		if _, err := connect(t, url, victimID, attackerID, attackerToken); err == nil {
			t.Fatal("connected")
		}
		if refused("client_id_mismatch") != before+1 {
			t.Error("not counted as client_id_mismatch")
		}
	})
	t.Run("connect as the victim with the attacker's token", func(t *testing.T) {
		before := refused("bad_token")
		if _, err := connect(t, url, victimID, victimID, attackerToken); err == nil {
			t.Fatal("connected")
		}
		if refused("bad_token") != before+1 {
			t.Error("not counted as bad_token")
		}
	})
	t.Run("connect as the victim with an empty password", func(t *testing.T) {
		before := refused("bad_token")
		if _, err := connect(t, url, victimID, victimID, ""); err == nil {
			t.Fatal("connected")
		}
		if refused("bad_token") != before+1 {
			t.Error("not counted as bad_token")
		}
	})
	t.Run("wildcard and system client IDs", func(t *testing.T) {
		for _, id := range []string{"#", "+", "bracelets/#", "$SYS"} {
			if _, err := connect(t, url, id, id, attackerToken); err == nil {
				t.Errorf("client ID %q connected", id)
			}
		}
		// An empty client ID, raw: paho 3.1.1 reports the broker's 0x80
		// CONNACK as success, so read the answer from the wire.
		for _, clean := range []bool{false, true} {
			if code := rawConnect(t, r.broker.TCPAddr(), "", attackerID, attackerToken, clean); code == 0 {
				t.Errorf("empty client ID (clean %v) was accepted", clean)
			}
		}
	})
	// None of the refused connections took over the victim's session.
	if !vc.IsConnectionOpen() || !r.broker.Connected(victimID) {
		t.Fatal("a refused connection kicked the victim off")
	}
	victim.publishOne(t)

	t.Run("subscribe to wildcards and others' topics", func(t *testing.T) {
		ac, err := connect(t, url, attackerID, attackerID, attackerToken)
		if err != nil {
			t.Fatal(err)
		}
		received := make(chan string, 10)
		for _, topic := range []string{"#", "bracelets/#", "bracelets/+/config", "bracelets/+/position", wire.PositionTopic(victimID), "$SYS/#", "bracelets/" + attackerID + "/#"} {
			tok := ac.Subscribe(topic, 1, func(_ paho.Client, m paho.Message) { received <- m.Topic() }).(*paho.SubscribeToken)
			if !tok.WaitTimeout(5 * time.Second) {
				t.Fatalf("no SUBACK for %s", topic)
			}
			if code := tok.Result()[topic]; code != 0x80 {
				t.Errorf("SUBACK for %s = %#x, want 0x80", topic, code)
			}
		}
		victim.publishOne(t)
		select {
		case topic := <-received:
			t.Errorf("the attacker received a message on %s", topic)
		case <-time.After(300 * time.Millisecond):
		}
	})

	t.Run("publish to wildcard and foreign topics", func(t *testing.T) {
		for _, topic := range []string{
			"bracelets/" + victimID + "/position", "bracelets/+/position", "bracelets/#", "bracelets//position",
			wire.ConfigTopic(attackerID), // its own, but the server's to write
		} {
			ac, err := connect(t, url, attackerID, attackerID, attackerToken)
			if err != nil {
				t.Fatal(err)
			}
			ac.Publish(topic, 1, false, wire.EncodePosition(fix(1, time.Now())))
			if !eventually(func() bool { return !ac.IsConnectionOpen() }) {
				t.Errorf("publishing to %q kept the connection open", topic)
			}
		}
		// $SYS is the broker's own: mochi ignores client publishes there.
		ac, err := connect(t, url, attackerID, attackerID, attackerToken)
		if err != nil {
			t.Fatal(err)
		}
		ac.Publish("$SYS/broker/clients/connected", 1, true, []byte("0")).WaitTimeout(time.Second)
		if n := r.rows(attackerID); n != 0 {
			t.Errorf("%d rows stored for the attacker", n)
		}
		victim.publishOne(t) // and nothing extra for the victim
	})

	t.Run("own topic, wrong kind: rejected, not stored, connection kept", func(t *testing.T) {
		ac, err := connect(t, url, attackerID, attackerID, attackerToken)
		if err != nil {
			t.Fatal(err)
		}
		before := testutil.ToFloat64(r.metrics.RejectedFixes.WithLabelValues(wire.ReasonBadTopic))
		for _, topic := range []string{"bracelets/" + attackerID + "/position/extra", "bracelets/" + attackerID + "/commands",
			"bracelets/" + attackerID + "/../" + victimID + "/position"} {
			if err := publish(t, ac, topic, wire.EncodePosition(fix(1, time.Now()))); err != nil {
				t.Fatalf("%s: %v", topic, err)
			}
		}
		if got := testutil.ToFloat64(r.metrics.RejectedFixes.WithLabelValues(wire.ReasonBadTopic)); got != before+3 {
			t.Errorf("bad_topic rejections = %v, want %v", got, before+3)
		}
		if n := r.rows(attackerID); n != 0 {
			t.Errorf("%d rows stored", n)
		}
		if !ac.IsConnectionOpen() {
			t.Error("the connection was dropped")
		}
	})

	t.Run("garbage payloads from the attacker leave the victim alone", func(t *testing.T) {
		ac, err := connect(t, url, attackerID, attackerID, attackerToken)
		if err != nil {
			t.Fatal(err)
		}
		for _, payload := range []string{
			"", "\x00\x01\x02", "{", `{"seq":"1"}`, strings.Repeat("[", 5000), `[{"seq":1,"ts":1,"lat":0,"lon":0}]`,
			`{"seq": 18446744073709551616, "ts": 1, "lat": 0, "lon": 0}`, strings.Repeat(`{"a":`, 2000),
			`{"seq":1,"ts":` + strings.Repeat("9", 400) + `,"lat":0,"lon":0}`, "\xff\xfe\xfd",
		} {
			if err := publish(t, ac, wire.PositionTopic(attackerID), []byte(payload)); err != nil {
				t.Fatalf("payload %.40q: %v", payload, err)
			}
			if err := publish(t, ac, wire.BatteryTopic(attackerID), []byte(payload)); err != nil {
				t.Fatalf("battery payload %.40q: %v", payload, err)
			}
		}
		if n := r.rows(attackerID); n != 0 {
			t.Errorf("%d rows stored from garbage", n)
		}
		victim.publishOne(t)
	})

	t.Run("a payload over the wire limit but under the packet cap", func(t *testing.T) {
		ac, err := connect(t, url, attackerID, attackerID, attackerToken)
		if err != nil {
			t.Fatal(err)
		}
		big := `{"seq":1,"ts":1,"lat":0,"lon":0,"pad":"` + strings.Repeat("x", 100<<10) + `"}`
		before := testutil.ToFloat64(r.metrics.RejectedFixes.WithLabelValues(wire.ReasonOversize))
		if err := publish(t, ac, wire.PositionTopic(attackerID), []byte(big)); err != nil {
			t.Fatal(err)
		}
		if got := testutil.ToFloat64(r.metrics.RejectedFixes.WithLabelValues(wire.ReasonOversize)); got != before+1 {
			t.Errorf("oversize rejections = %v, want %v", got, before+1)
		}
		victim.publishOne(t)
	})

	t.Run("a packet over the broker's cap drops only the sender", func(t *testing.T) {
		ac, err := connect(t, url, attackerID, attackerID, attackerToken)
		if err != nil {
			t.Fatal(err)
		}
		ac.Publish(wire.PositionTopic(attackerID), 1, false, make([]byte, 200<<10))
		if !eventually(func() bool { return !ac.IsConnectionOpen() }) {
			t.Error("the oversize packet's connection stayed open")
		}
		if !vc.IsConnectionOpen() {
			t.Fatal("the victim was disconnected")
		}
		victim.publishOne(t)
	})
}

// rawConnect sends an MQTT 3.1.1 CONNECT and returns the CONNACK's return
// code, after checking the broker then closes a refused connection.
func rawConnect(t *testing.T, addr, clientID, username, password string, clean bool) byte {
	t.Helper()
	conn := dialConnect(t, nil, addr, clientID, username, password, clean)
	defer conn.Close()
	rd := bufio.NewReader(conn)
	typ, body := readPacket(t, rd)
	if typ != packets.Connack || len(body) < 2 {
		t.Fatalf("got packet %d %v, want a CONNACK", typ, body)
	}
	if body[1] != 0 {
		if _, err := rd.ReadByte(); err == nil {
			t.Error("the refused connection stayed open")
		}
	}
	return body[1]
}

// dialConnect dials addr from local (nil: any address) and sends an MQTT
// 3.1.1 CONNECT; the connection has a 5 s deadline.
func dialConnect(t *testing.T, local *net.TCPAddr, addr, clientID, username, password string, clean bool) net.Conn {
	t.Helper()
	d := net.Dialer{Timeout: 5 * time.Second}
	if local != nil {
		d.LocalAddr = local
	}
	conn, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	conn.SetDeadline(time.Now().Add(5 * time.Second))
	var b bytes.Buffer
	pk := packets.Packet{FixedHeader: packets.FixedHeader{Type: packets.Connect}, ProtocolVersion: 4,
		Connect: packets.ConnectParams{ProtocolName: []byte("MQTT"), Clean: clean, Keepalive: 30, ClientIdentifier: clientID,
			UsernameFlag: username != "", Username: []byte(username), PasswordFlag: true, Password: []byte(password)}}
	if err := pk.ConnectEncode(&b); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Write(b.Bytes()); err != nil {
		t.Fatal(err)
	}
	return conn
}
