package brokercluster_test

import (
	"strconv"
	"sync"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"lifeline/ingest/brokercluster"
)

// TestAnAcknowledgedMessageOutlivesTheNodeItCameThrough publishes QoS 1
// through the node that leads the MQTT message stream, SIGKILLs that node
// the moment the last PUBACK arrives, and reads every acknowledged message
// through another node: a PUBACK from the cluster means the message is on
// a majority of the nodes. The killed node then rejoins.
func TestAnAcknowledgedMessageOutlivesTheNodeItCameThrough(t *testing.T) {
	c := brokercluster.Start(t)
	const sent = 300

	var mu sync.Mutex
	received := map[string]int{}
	all := make(chan struct{})
	read := func(_ paho.Client, m paho.Message) {
		mu.Lock()
		defer mu.Unlock()
		received[string(m.Payload())]++
		if len(received) == sent {
			close(all)
		}
	}

	// The reader's persistent session and subscription are made first
	// (they create the account's MQTT streams), then it leaves: what is
	// published meanwhile waits for it in the cluster.
	reader := connect(t, c.Nodes[1].MQTTURL, "reader", false, read)
	if tok := reader.Subscribe("bracelets/+/position", 1, read); !tok.WaitTimeout(30*time.Second) || tok.Error() != nil {
		t.Fatalf("subscribe: %v", tok.Error())
	}
	reader.Disconnect(250)
	// The node files the connection as closed once it has read the
	// DISCONNECT, after paho returns: wait for it. A busy new cluster may
	// have refused the reader's first tries (connect tries again), so
	// those may be listed too.
	var closed []brokercluster.Conn
	var err error
	byClient := func() bool {
		for _, conn := range closed {
			if conn.Reason == "Client Closed" {
				return true
			}
		}
		return false
	}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline) && !byClient(); time.Sleep(50 * time.Millisecond) {
		closed, err = c.Nodes[1].MQTTConns("reader", true)
	}
	if !byClient() {
		t.Errorf("node 2's closed connections of the reader: %+v, %v; want one closed by the client", closed, err)
	}
	leader := c.Leader(brokercluster.MessagesStream)
	other := (leader + 1) % brokercluster.Size

	bracelet := connect(t, c.Nodes[leader].MQTTURL, "b1", true, nil)
	if open, err := c.Nodes[leader].MQTTConns("b1", false); err != nil || len(open) != 1 {
		t.Errorf("the leader's open connections of b1: %+v, %v; want one", open, err)
	}
	tokens := make([]paho.Token, sent)
	for i := range tokens {
		tokens[i] = bracelet.Publish("bracelets/b1/position", 1, false, strconv.Itoa(i))
	}
	for i, tok := range tokens {
		if !tok.WaitTimeout(60*time.Second) || tok.Error() != nil {
			t.Fatalf("publish %d not acknowledged: %v", i, tok.Error())
		}
	}
	c.Kill(leader)

	reader = connect(t, c.Nodes[other].MQTTURL, "reader", false, read)
	defer reader.Disconnect(250)
	select {
	case <-all:
	case <-time.After(90 * time.Second):
		mu.Lock()
		t.Fatalf("read %d of %d acknowledged messages through node %s after node %s was killed", len(received), sent, c.Nodes[other].Name, c.Nodes[leader].Name)
	}

	c.Restart(leader)
	if got := c.Leader(brokercluster.MessagesStream); got < 0 {
		t.Fatal("the message stream has no leader after the node rejoined")
	}
}

// connect opens an MQTT 3.1.1 connection as the cluster's default user
// (the bracelets' protocol; NATS speaks no MQTT 5).
func connect(t *testing.T, url, clientID string, clean bool, handler paho.MessageHandler) paho.Client {
	t.Helper()
	opts := paho.NewClientOptions().AddBroker(url).SetClientID(clientID).
		SetUsername("lifeline").SetPassword("lifeline").
		SetProtocolVersion(4).SetCleanSession(clean).SetAutoReconnect(false).
		SetConnectTimeout(30 * time.Second)
	if handler != nil {
		// The session's queued messages arrive right after CONNACK, before
		// Subscribe registers its handler.
		opts.SetDefaultPublishHandler(handler)
	}
	client := paho.NewClient(opts)
	// A node that has just lost a peer may refuse a session until the
	// stream's new leader is elected: try again while it does.
	var err error
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(250 * time.Millisecond) {
		tok := client.Connect()
		if tok.WaitTimeout(30*time.Second) && tok.Error() == nil {
			return client
		}
		err = tok.Error()
		t.Logf("connect %s to %s: %v; trying again", clientID, url, err)
	}
	t.Fatalf("connect %s to %s: %v", clientID, url, err)
	return nil
}
