package ingest_test

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"github.com/mochi-mqtt/server/v2/packets"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"lifeline"
	"lifeline/ingest"
	"lifeline/ingest/wire"
)

// rawMQTT is one MQTT connection spoken packet by packet, in 3.1.1 or 5,
// so a test sets what paho hides: a Will, its delay and retain flag.
type rawMQTT struct {
	t    *testing.T
	conn net.Conn
	rd   *bufio.Reader
	v    byte
}

// will is a CONNECT's Will message.
type will struct {
	topic        string
	retain       bool
	delaySeconds uint32
	payload      string
}

// dialMQTT connects as id with token, with a Will when w is set, and
// returns the CONNACK's code (0: accepted).
func dialMQTT(t *testing.T, addr string, v byte, clientID, id, token string, w *will) (*rawMQTT, byte) {
	t.Helper()
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	conn.SetDeadline(time.Now().Add(20 * time.Second))
	c := &rawMQTT{t: t, conn: conn, rd: bufio.NewReader(conn), v: v}
	pk := packets.Packet{FixedHeader: packets.FixedHeader{Type: packets.Connect}, ProtocolVersion: v,
		Connect: packets.ConnectParams{ProtocolName: []byte("MQTT"), Clean: true, Keepalive: 30, ClientIdentifier: clientID,
			UsernameFlag: true, Username: []byte(id), PasswordFlag: true, Password: []byte(token)}}
	if w != nil {
		pk.Connect.WillFlag, pk.Connect.WillTopic, pk.Connect.WillPayload = true, w.topic, []byte(w.payload)
		pk.Connect.WillQos, pk.Connect.WillRetain = 1, w.retain
		pk.Connect.WillProperties.WillDelayInterval = w.delaySeconds
	}
	c.send(pk)
	typ, body := readPacket(t, c.rd)
	if typ != packets.Connack || len(body) < 2 {
		t.Fatalf("got packet %d %v, want a CONNACK", typ, body)
	}
	return c, body[1]
}

func (c *rawMQTT) send(pk packets.Packet) {
	c.t.Helper()
	pk.ProtocolVersion = c.v
	var b bytes.Buffer
	var err error
	switch pk.FixedHeader.Type {
	case packets.Connect:
		err = pk.ConnectEncode(&b)
	case packets.Publish:
		err = pk.PublishEncode(&b)
	}
	if err != nil {
		c.t.Fatal(err)
	}
	if _, err := c.conn.Write(b.Bytes()); err != nil {
		c.t.Fatal(err)
	}
}

// publish sends a QoS 1 PUBLISH, then one the broker always acknowledges
// (to follow, on a topic of the sender's own): acknowledgements come in
// order, so the second's tells that the first will never get one. It
// returns the first's reason code, and whether it was let in: judged by
// the ingest path (success, or 0x99 for a payload it rejects). Refused is
// 0x87 (MQTT 5), a closed connection (3.1.1's only way to say no), or no
// PUBACK at all (mochi drops a PUBLISH to a wildcard or $SYS topic).
func (c *rawMQTT) publish(topic string, retain bool, payload, follow string) (code byte, letIn bool) {
	c.t.Helper()
	c.send(packets.Packet{FixedHeader: packets.FixedHeader{Type: packets.Publish, Qos: 1, Retain: retain}, TopicName: topic, PacketID: 7, Payload: []byte(payload)})
	c.send(packets.Packet{FixedHeader: packets.FixedHeader{Type: packets.Publish, Qos: 1}, TopicName: follow, PacketID: 8, Payload: []byte("{}")})
	for {
		if _, err := c.rd.Peek(1); err != nil {
			if isTimeout(err) {
				c.t.Fatal("no acknowledgement and no close")
			}
			return code, false
		}
		typ, body := readPacket(c.t, c.rd)
		if typ != packets.Puback || len(body) < 2 {
			continue // MQTT 5 sends a DISCONNECT saying why before it closes
		}
		if id := uint16(body[0])<<8 | uint16(body[1]); id == 8 {
			return code, false
		}
		if len(body) > 2 {
			code = body[2]
		}
		return code, code != packets.ErrNotAuthorized.Code
	}
}

// closedByServer reads until the broker closes the connection.
func (c *rawMQTT) closedByServer() bool {
	_, err := c.rd.ReadByte()
	for err == nil {
		_, err = c.rd.ReadByte()
	}
	return !isTimeout(err)
}

func isTimeout(err error) bool {
	ne, ok := err.(net.Error)
	return ok && ne.Timeout()
}

// TestOneACLForEveryWayAMessageEnters sends every topic family through every
// way a message enters the broker — a PUBLISH, a retained PUBLISH, a Will, a
// retained Will, a Will with a delay — in MQTT 3.1.1 and 5, from a bracelet
// and a phone, and holds each to the one rule: a device writes only its own
// topics, and never one the server owns. A refused Will refuses the
// CONNECT. Two victims listen on their own topics throughout: nothing
// foreign ever arrives, and the broker retains nothing.
func TestOneACLForEveryWayAMessageEnters(t *testing.T) {
	r := newRig(t, nil, ingest.RateLimit{})
	addr := r.broker.TCPAddr()
	bracelet, braceletToken := r.pair(lifeline.DeviceBracelet)
	phone, phoneToken := r.pair(lifeline.DevicePhone)
	victim, victimToken := r.pair(lifeline.DeviceBracelet)
	victimPhone, victimPhoneToken := r.pair(lifeline.DevicePhone)

	// The victims listen where an attacker would aim.
	var mu sync.Mutex
	var heard []string
	listen := func(id, username, token, filter string) paho.Client {
		c, err := connect(t, "tcp://"+addr, id, username, token)
		if err != nil {
			t.Fatal(err)
		}
		tok := c.Subscribe(filter, 1, func(_ paho.Client, m paho.Message) {
			mu.Lock()
			heard = append(heard, m.Topic()+" "+string(m.Payload()))
			mu.Unlock()
		})
		if !tok.WaitTimeout(10*time.Second) || tok.(*paho.SubscribeToken).Result()[filter] != 1 {
			t.Fatalf("the victim's subscription to %s failed", filter)
		}
		return c
	}
	listen(victim, victim, victimToken, wire.ConfigTopic(victim))
	listen("owntracks-victim", victimPhone, victimPhoneToken, "owntracks/"+victimPhone+"/#")

	type sender struct{ kind, id, token string }
	b := sender{lifeline.DeviceBracelet, bracelet, braceletToken}
	p := sender{lifeline.DevicePhone, phone, phoneToken}
	rows := []struct {
		name    string
		from    sender
		topic   string
		allowed bool
	}{
		{"bracelet: its position", b, wire.PositionTopic(bracelet), true},
		{"bracelet: its battery", b, wire.BatteryTopic(bracelet), true},
		{"bracelet: its sos", b, wire.SOSTopic(bracelet), true},
		{"bracelet: an unknown topic of its own", b, "bracelets/" + bracelet + "/steps", true},
		{"bracelet: its config, the server's", b, wire.ConfigTopic(bracelet), false},
		{"bracelet: another's config", b, wire.ConfigTopic(victim), false},
		{"bracelet: another's position", b, wire.PositionTopic(victim), false},
		{"bracelet: a wildcard", b, "bracelets/" + bracelet + "/#", false},
		{"bracelet: OwnTracks under its ID", b, "owntracks/" + bracelet + "/iphone", false},
		{"bracelet: a phone's commands", b, "owntracks/" + victimPhone + "/iphone/cmd", false},
		{"bracelet: the broker's", b, "$SYS/broker/clients", false},
		{"phone: its location", p, "owntracks/" + phone + "/iphone", true},
		{"phone: its transitions", p, "owntracks/" + phone + "/iphone/event", true},
		{"phone: its commands, the server's", p, "owntracks/" + phone + "/iphone/cmd", false},
		{"phone: another device name's commands", p, "owntracks/" + phone + "/ipad/cmd", false},
		{"phone: another phone's commands", p, "owntracks/" + victimPhone + "/iphone/cmd", false},
		{"phone: another phone's location", p, "owntracks/" + victimPhone + "/iphone", false},
		{"phone: a bracelet's config", p, wire.ConfigTopic(victim), false},
		{"phone: bracelet topics under its ID", p, wire.PositionTopic(phone), false},
		{"phone: a wildcard", p, "owntracks/" + phone + "/+", false},
	}
	ways := []struct {
		name     string
		versions []byte
		will     bool
		retain   bool
		delay    uint32
	}{
		{"publish", []byte{4, 5}, false, false, 0},
		{"retained publish", []byte{4, 5}, false, true, 0},
		{"will", []byte{4, 5}, true, false, 0},
		{"retained will", []byte{4, 5}, true, true, 0},
		{"will with a delay", []byte{5}, true, true, 1},
	}
	foreignWills := 0
	n := 0
	for _, way := range ways {
		for _, v := range way.versions {
			for _, row := range rows {
				n++
				payload := fmt.Sprintf(`{"_type":"cmd","action":"setConfiguration","marker":"FOREIGN-%d"}`, n)
				t.Run(fmt.Sprintf("%s/v%d/%s", way.name, v, row.name), func(t *testing.T) {
					clientID := row.from.id
					if row.from.kind == lifeline.DevicePhone {
						clientID = "owntracks-app"
					}
					if !way.will {
						c, code := dialMQTT(t, addr, v, clientID, row.from.id, row.from.token, nil)
						if code != 0 {
							t.Fatalf("CONNACK %#x", code)
						}
						follow := wire.PositionTopic(row.from.id)
						if row.from.kind == lifeline.DevicePhone {
							follow = "owntracks/" + row.from.id + "/iphone"
						}
						if code, letIn := c.publish(row.topic, way.retain, payload, follow); letIn != row.allowed {
							t.Errorf("PUBACK %#x: let in %v, want %v", code, letIn, row.allowed)
						}
						return
					}
					before := testutil.ToFloat64(r.metrics.Refused.WithLabelValues("foreign_will"))
					c, code := dialMQTT(t, addr, v, clientID, row.from.id, row.from.token,
						&will{topic: row.topic, retain: way.retain, delaySeconds: way.delay, payload: payload})
					if row.allowed {
						if code != 0 {
							t.Fatalf("CONNACK %#x, want accepted", code)
						}
						c.conn.Close() // no DISCONNECT: the broker sends the Will
						return
					}
					foreignWills++
					want := byte(5) // 3.1.1: not authorized
					if v == 5 {
						want = packets.ErrNotAuthorized.Code
					}
					if code != want {
						t.Errorf("CONNACK %#x, want %#x", code, want)
						c.conn.Close() // and see below whether its Will arrives
						return
					}
					if !c.closedByServer() {
						t.Error("the refused connection stayed open")
					}
					if got := testutil.ToFloat64(r.metrics.Refused.WithLabelValues("foreign_will")); got != before+1 {
						t.Errorf("foreign_will counted %v, want %v", got, before+1)
					}
				})
			}
		}
	}

	// Every attacker's connection is gone, so every Will it could leave has
	// been handled (mochi sends it before it lets the session go); a
	// message the server publishes now on each victim's topic arrives after
	// anything that reached them before.
	if !eventually(func() bool { return !r.broker.Connected(bracelet) && !r.broker.Connected(phone) }) {
		t.Fatal("the attackers are still connected")
	}
	for _, topic := range []string{wire.ConfigTopic(victim), "owntracks/" + victimPhone + "/iphone/cmd"} {
		if err := r.broker.PublishAsServer(topic, []byte("barrier")); err != nil {
			t.Fatal(err)
		}
	}
	if !eventually(func() bool {
		mu.Lock()
		defer mu.Unlock()
		return strings.Count(strings.Join(heard, "\n"), "barrier") == 2
	}) {
		t.Fatalf("the victims did not hear the server's messages: %q", heard)
	}
	for _, m := range heard {
		if strings.Contains(m, "FOREIGN") {
			t.Errorf("a victim heard a foreign message: %s", m)
		}
	}
	for _, topic := range r.broker.RetainedTopics() {
		if !strings.HasPrefix(topic, "$SYS/") { // the broker's own
			t.Errorf("the broker retained a device's message on %s", topic)
		}
	}
	if got := testutil.ToFloat64(r.metrics.Refused.WithLabelValues("foreign_will")); got != float64(foreignWills) {
		t.Errorf("foreign_will counted %v, want %d", got, foreignWills)
	}
}
