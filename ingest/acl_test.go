package ingest_test

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"github.com/mochi-mqtt/server/v2/packets"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"lifeline"
	"lifeline/ingest"
	"lifeline/ingest/mosquittotest"
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

// noConnack stands for a connection closed without a CONNACK (Mosquitto's
// answer to a malformed CONNECT); no MQTT reason code is 0xff.
const noConnack = 0xff

// dialMQTT connects as id with token, with a Will when w is set, and
// returns the CONNACK's code (0: accepted), or noConnack.
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
	if _, err := c.rd.Peek(1); err != nil && !isTimeout(err) {
		return c, noConnack
	}
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

// The attackers, the victims and the topic families every broker is held
// to: the embedded one, Mosquitto with the generated ACL, and EMQX's
// deploy/emqx/acl.conf.
type aclCast struct {
	bracelet, phone, victim, victimPhone aclDevice
}

type aclDevice struct{ kind, id, token string }

// clientID is the client ID the device connects with: a bracelet's is its
// ID; a phone's is the OwnTracks app's own (the embedded broker replaces
// it; Mosquitto, with use_username_as_clientid, too).
func (d aclDevice) clientID() string {
	if d.kind == lifeline.DevicePhone {
		return "owntracks-app"
	}
	return d.id
}

// follow is a topic of the device's own that every broker lets it publish to.
func (d aclDevice) follow() string {
	if d.kind == lifeline.DevicePhone {
		return "owntracks/" + d.id + "/iphone"
	}
	return wire.PositionTopic(d.id)
}

// aclRow is one topic a device names, and whether the embedded broker and
// the outside brokers let it in. They differ only where the outside
// brokers' rule files are stricter (they list the contract's topics) or
// know no device kinds (the ingest workers then refuse the packet as
// bad_topic); a foreign or a server-owned topic is refused everywhere.
type aclRow struct {
	name              string
	from              aclDevice
	topic             string
	embedded, outside bool
}

func aclRows(c aclCast) []aclRow {
	b, p, v, vp := c.bracelet, c.phone, c.victim.id, c.victimPhone.id
	return []aclRow{
		{"bracelet: its position", b, wire.PositionTopic(b.id), true, true},
		{"bracelet: its battery", b, wire.BatteryTopic(b.id), true, true},
		{"bracelet: its sos", b, wire.SOSTopic(b.id), true, true},
		{"bracelet: an unknown topic of its own", b, "bracelets/" + b.id + "/steps", true, false},
		{"bracelet: its config, the server's", b, wire.ConfigTopic(b.id), false, false},
		{"bracelet: another's config", b, wire.ConfigTopic(v), false, false},
		{"bracelet: another's position", b, wire.PositionTopic(v), false, false},
		{"bracelet: a wildcard", b, "bracelets/" + b.id + "/#", false, false},
		{"bracelet: OwnTracks under its ID", b, "owntracks/" + b.id + "/iphone", false, true},
		{"bracelet: a phone's commands", b, "owntracks/" + vp + "/iphone/cmd", false, false},
		{"bracelet: the broker's", b, "$SYS/broker/clients", false, false},
		{"phone: its location", p, "owntracks/" + p.id + "/iphone", true, true},
		{"phone: its transitions", p, "owntracks/" + p.id + "/iphone/event", true, true},
		{"phone: its commands, the server's", p, "owntracks/" + p.id + "/iphone/cmd", false, false},
		{"phone: another device name's commands", p, "owntracks/" + p.id + "/ipad/cmd", false, false},
		{"phone: another phone's commands", p, "owntracks/" + vp + "/iphone/cmd", false, false},
		{"phone: another phone's location", p, "owntracks/" + vp + "/iphone", false, false},
		{"phone: a bracelet's config", p, wire.ConfigTopic(v), false, false},
		{"phone: bracelet topics under its ID", p, wire.PositionTopic(p.id), false, true},
		{"phone: a wildcard", p, "owntracks/" + p.id + "/+", false, false},
	}
}

// aclWay is one way a message enters a broker.
type aclWay struct {
	name     string
	versions []byte
	will     bool
	retain   bool
	delay    uint32
}

var aclWays = []aclWay{
	{"publish", []byte{4, 5}, false, false, 0},
	{"retained publish", []byte{4, 5}, false, true, 0},
	{"will", []byte{4, 5}, true, false, 0},
	{"retained will", []byte{4, 5}, true, true, 0},
	{"will with a delay", []byte{5}, true, true, 1},
}

// listeners are the victims' subscriptions: everything they hear.
type listeners struct {
	mu    sync.Mutex
	heard []string
}

func (l *listeners) listen(t *testing.T, url string, d aclDevice, filter string) paho.Client {
	t.Helper()
	c, err := connect(t, url, d.clientID(), d.id, d.token)
	if err != nil {
		t.Fatal(err)
	}
	l.subscribe(t, c, filter)
	return c
}

func (l *listeners) subscribe(t *testing.T, c paho.Client, filter string) {
	t.Helper()
	tok := c.Subscribe(filter, 1, func(_ paho.Client, m paho.Message) {
		l.mu.Lock()
		l.heard = append(l.heard, m.Topic()+" "+string(m.Payload()))
		l.mu.Unlock()
	})
	if !tok.WaitTimeout(10*time.Second) || tok.(*paho.SubscribeToken).Result()[filter] != 1 {
		t.Fatalf("the victim's subscription to %s failed", filter)
	}
}

// waitFor waits until the victims heard n messages holding marker.
func (l *listeners) waitFor(t *testing.T, marker string, n int) {
	t.Helper()
	if !eventually(func() bool {
		l.mu.Lock()
		defer l.mu.Unlock()
		return strings.Count(strings.Join(l.heard, "\n"), marker) >= n
	}) {
		t.Fatalf("the victims did not hear %d %q: %q", n, marker, l.heard)
	}
}

// noneForeign fails for every foreign message a victim heard.
func (l *listeners) noneForeign(t *testing.T) {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, m := range l.heard {
		if strings.Contains(m, "FOREIGN") {
			t.Errorf("a victim heard a foreign message: %s", m)
		}
	}
}

// TestOneACLForEveryWayAMessageEnters sends every topic family through every
// way a message enters the embedded broker — a PUBLISH, a retained PUBLISH,
// a Will, a retained Will, a Will with a delay — in MQTT 3.1.1 and 5, from
// a bracelet and a phone, and holds each to the one rule: a device writes
// only its own topics, and never one the server owns. A refused Will
// refuses the CONNECT (0x87; 3.1.1: 5). Two victims listen on their own
// topics throughout: nothing foreign ever arrives, and the broker retains
// nothing a device sent.
func TestOneACLForEveryWayAMessageEnters(t *testing.T) {
	r := newRig(t, nil, ingest.RateLimit{})
	addr := r.broker.TCPAddr()
	device := func(kind string) aclDevice {
		id, token := r.pair(kind)
		return aclDevice{kind, id, token}
	}
	cast := aclCast{device(lifeline.DeviceBracelet), device(lifeline.DevicePhone), device(lifeline.DeviceBracelet), device(lifeline.DevicePhone)}
	var victims listeners
	victims.listen(t, "tcp://"+addr, cast.victim, wire.ConfigTopic(cast.victim.id))
	victims.listen(t, "tcp://"+addr, cast.victimPhone, "owntracks/"+cast.victimPhone.id+"/#")

	foreignWills, n := 0, 0
	for _, way := range aclWays {
		for _, v := range way.versions {
			for _, row := range aclRows(cast) {
				n++
				payload := fmt.Sprintf(`{"_type":"cmd","action":"setConfiguration","marker":"FOREIGN-%d"}`, n)
				t.Run(fmt.Sprintf("%s/v%d/%s", way.name, v, row.name), func(t *testing.T) {
					if !way.will {
						c, code := dialMQTT(t, addr, v, row.from.clientID(), row.from.id, row.from.token, nil)
						if code != 0 {
							t.Fatalf("CONNACK %#x", code)
						}
						if code, letIn := c.publish(row.topic, way.retain, payload, row.from.follow()); letIn != row.embedded {
							t.Errorf("PUBACK %#x: let in %v, want %v", code, letIn, row.embedded)
						}
						return
					}
					before := testutil.ToFloat64(r.metrics.Refused.WithLabelValues("foreign_will"))
					c, code := dialMQTT(t, addr, v, row.from.clientID(), row.from.id, row.from.token,
						&will{topic: row.topic, retain: way.retain, delaySeconds: way.delay, payload: payload})
					if row.embedded {
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
	if !eventually(func() bool { return !r.broker.Connected(cast.bracelet.id) && !r.broker.Connected(cast.phone.id) }) {
		t.Fatal("the attackers are still connected")
	}
	for _, topic := range []string{wire.ConfigTopic(cast.victim.id), "owntracks/" + cast.victimPhone.id + "/iphone/cmd"} {
		if err := r.broker.PublishAsServer(topic, []byte("barrier")); err != nil {
			t.Fatal(err)
		}
	}
	victims.waitFor(t, "barrier", 2)
	victims.noneForeign(t)
	for _, topic := range r.broker.RetainedTopics() {
		if !strings.HasPrefix(topic, "$SYS/") { // the broker's own
			t.Errorf("the broker retained a device's message on %s", topic)
		}
	}
	if got := testutil.ToFloat64(r.metrics.Refused.WithLabelValues("foreign_will")); got != float64(foreignWills) {
		t.Errorf("foreign_will counted %v, want %d", got, foreignWills)
	}
}

// TestMosquittoHoldsWillsAndRetainedMessagesToTheRule runs the same families
// on a real Mosquitto with the generated files. Mosquitto accepts a CONNECT
// with any Will and checks the Will against the ACL when it would send it
// (a PUBLISH when it arrives; MQTT 5 gets 0x87, 3.1.1 a PUBACK and the
// message is dropped), so the victims are what tells: nothing foreign
// arrives, live or retained.
func TestMosquittoHoldsWillsAndRetainedMessagesToTheRule(t *testing.T) {
	device := func(kind string) aclDevice {
		token, _ := lifeline.NewDeviceToken()
		return aclDevice{kind, lifeline.NewDeviceID(), token}
	}
	cast := aclCast{device(lifeline.DeviceBracelet), device(lifeline.DevicePhone), device(lifeline.DeviceBracelet), device(lifeline.DevicePhone)}
	const worker = "lifeline-ingest-1"
	accounts := []ingest.MosquittoAccount{{Username: worker, Password: "worker-secret"}}
	for _, d := range []aclDevice{cast.bracelet, cast.phone, cast.victim, cast.victimPhone} {
		accounts = append(accounts, ingest.MosquittoAccount{Username: d.id, Password: d.token})
	}
	url := mosquittotest.Start(t, []string{worker}, accounts).URL
	addr := strings.TrimPrefix(url, "tcp://")
	var victims listeners
	victimBracelet := victims.listen(t, url, cast.victim, wire.ConfigTopic(cast.victim.id))
	victimPhone := victims.listen(t, url, cast.victimPhone, "owntracks/"+cast.victimPhone.id+"/#")

	n := 0
	for _, way := range aclWays {
		if way.delay > 0 {
			continue // a delayed Will is sent after its delay, which a reconnect cancels: see docs/scaling.md
		}
		for _, v := range way.versions {
			for _, row := range aclRows(cast) {
				n++
				payload := fmt.Sprintf(`{"_type":"cmd","action":"setConfiguration","marker":"FOREIGN-%d"}`, n)
				t.Run(fmt.Sprintf("%s/v%d/%s", way.name, v, row.name), func(t *testing.T) {
					var w *will
					if way.will {
						w = &will{topic: row.topic, retain: way.retain, payload: payload}
					}
					c, code := dialMQTT(t, addr, v, row.from.clientID(), row.from.id, row.from.token, w)
					if way.will && code == noConnack && !row.outside {
						return // a wildcard Will: a malformed CONNECT
					}
					if code != 0 {
						t.Fatalf("CONNACK %#x", code)
					}
					if way.will {
						c.conn.Close() // no DISCONNECT: the broker sends the Will, if the ACL lets it
						return
					}
					code, letIn := c.publish(row.topic, way.retain, payload, row.from.follow())
					if v == 5 && letIn != row.outside { // 3.1.1 cannot tell
						t.Errorf("PUBACK %#x: let in %v, want %v", code, letIn, row.outside)
					}
				})
			}
		}
	}

	// Each attacker connects again and is acknowledged: by then Mosquitto
	// has ended its earlier connection and sent (or not) its Will. What
	// is published after that reaches the victims after anything before.
	for _, d := range []aclDevice{cast.bracelet, cast.phone} {
		c, code := dialMQTT(t, addr, 5, d.clientID(), d.id, d.token, nil)
		if _, letIn := c.publish(d.follow(), false, "{}", d.follow()); code != 0 || !letIn {
			t.Fatalf("%s could not publish again (CONNACK %#x)", d.id, code)
		}
	}
	barrier := func(k int) {
		w, err := connect(t, url, worker, worker, "worker-secret")
		if err != nil {
			t.Fatal(err)
		}
		if err := publish(t, w, wire.ConfigTopic(cast.victim.id), []byte("barrier")); err != nil {
			t.Fatal(err)
		}
		w.Disconnect(100)
		if err := publish(t, victimPhone, "owntracks/"+cast.victimPhone.id+"/iphone", []byte("barrier")); err != nil {
			t.Fatal(err)
		}
		victims.waitFor(t, "barrier", 2*k)
	}
	barrier(1)
	// Subscribing again brings every retained message on the topics first.
	victims.subscribe(t, victimBracelet, wire.ConfigTopic(cast.victim.id))
	victims.subscribe(t, victimPhone, "owntracks/"+cast.victimPhone.id+"/#")
	barrier(2)
	victims.noneForeign(t)
}

// emqxRule is one line of deploy/emqx/acl.conf: allow or deny, for whom,
// which action, on which topic filters.
type emqxRule struct {
	allow   bool
	who     *regexp.Regexp // nil: all
	action  string         // publish, subscribe or all
	filters []string
}

var (
	emqxRuleRe   = regexp.MustCompile(`^\{(allow|deny), (all|\{username, \{re, "([^"]*)"\}\}), (publish|subscribe|all), \[(.*)\]\}\.$`)
	emqxFilterRe = regexp.MustCompile(`"([^"]*)"`)
)

// readEMQXRules parses the file's rules: the few forms it uses, each on
// one line. A form the test does not understand fails it, so the file
// cannot drift past what is checked.
func readEMQXRules(t *testing.T) []emqxRule {
	t.Helper()
	raw, err := os.ReadFile("../deploy/emqx/acl.conf")
	if err != nil {
		t.Fatal(err)
	}
	var rules []emqxRule
	for i, line := range strings.Split(string(raw), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "%%"):
			continue
		case line == "{deny, all}.":
			rules = append(rules, emqxRule{action: "all", filters: []string{"#"}})
			continue
		}
		m := emqxRuleRe.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("deploy/emqx/acl.conf:%d: a rule this test does not read: %s", i+1, line)
		}
		r := emqxRule{allow: m[1] == "allow", action: m[4]}
		if m[3] != "" {
			r.who = regexp.MustCompile(m[3])
		}
		for _, f := range emqxFilterRe.FindAllStringSubmatch(m[5], -1) {
			r.filters = append(r.filters, f[1])
		}
		rules = append(rules, r)
	}
	return rules
}

// emqxAllows applies the rules as EMQX does: the first rule whose client,
// action and topic match decides; ${username} is the client's username. A
// subscription's filter matches a rule's filter when the rule's covers it
// level by level (its own wildcards taken literally).
func emqxAllows(rules []emqxRule, username, action, topic string) bool {
	if action == "publish" && strings.ContainsAny(topic, "+#") {
		return false // a malformed PUBLISH or Will: refused before authorization
	}
	for _, r := range rules {
		if r.who != nil && !r.who.MatchString(username) || r.action != "all" && r.action != action {
			continue
		}
		for _, f := range r.filters {
			if ingest.FilterMatches(strings.ReplaceAll(f, "${username}", username), topic) {
				return r.allow
			}
		}
	}
	return false // authorization.no_match = deny
}

// TestEMQXRulesSayTheSame holds deploy/emqx/acl.conf to the cases the
// brokers above are held to, for a PUBLISH and a Will alike (EMQX checks
// both with the publish action), and to the subscriptions of the devices
// and the workers.
func TestEMQXRulesSayTheSame(t *testing.T) {
	rules := readEMQXRules(t)
	device := func(kind string) aclDevice { return aclDevice{kind: kind, id: lifeline.NewDeviceID()} }
	cast := aclCast{device(lifeline.DeviceBracelet), device(lifeline.DevicePhone), device(lifeline.DeviceBracelet), device(lifeline.DevicePhone)}
	for _, row := range aclRows(cast) {
		if got := emqxAllows(rules, row.from.id, "publish", row.topic); got != row.outside {
			t.Errorf("%s (%s): EMQX allows %v, want %v", row.name, row.topic, got, row.outside)
		}
	}
	b, p := cast.bracelet.id, cast.phone.id
	subscriptions := []struct {
		username, filter string
		want             bool
	}{
		{b, wire.ConfigTopic(b), true},
		{b, wire.ConfigTopic(cast.victim.id), false},
		{b, "bracelets/+/config", false},
		{b, "#", false},
		{p, "owntracks/" + p + "/iphone/cmd", true},
		{p, "owntracks/" + p + "/#", true},
		{p, "owntracks/+/+", false},
		{p, "owntracks/" + cast.victimPhone.id + "/iphone/cmd", false},
		{"lifeline-ingest-1", "$share/lifeline/bracelets/+/position", true},
		{"lifeline-ingest-1", "$share/lifeline/owntracks/+/+", true},
		{"lifeline-ingest-1", "#", false},
	}
	for _, s := range subscriptions {
		if got := emqxAllows(rules, s.username, "subscribe", s.filter); got != s.want {
			t.Errorf("%s subscribing to %s: EMQX allows %v, want %v", s.username, s.filter, got, s.want)
		}
	}
	if !emqxAllows(rules, "lifeline-ingest-1", "publish", wire.ConfigTopic(b)) {
		t.Error("a worker may not write a bracelet's config")
	}
}
