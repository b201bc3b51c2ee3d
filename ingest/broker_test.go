package ingest_test

import (
	"strings"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"lifeline/ingest"
)

func startBroker(t *testing.T) *ingest.Broker {
	t.Helper()
	return newRig(t, nil, ingest.RateLimit{}).broker
}

func TestBrokerBindsFreePortsAndRefusesUnknownDevices(t *testing.T) {
	b := startBroker(t)
	for _, url := range []string{"tcp://" + b.TCPAddr(), "ws://" + b.WSAddr() + "/"} {
		t.Run(url[:strings.Index(url, ":")], func(t *testing.T) {
			if strings.HasSuffix(url, ":0") {
				t.Fatalf("bound address %s still says port 0", url)
			}
			opts := paho.NewClientOptions().AddBroker(url).SetClientID("brc_unknown0").
				SetUsername("brc_unknown0").SetPassword("guess").SetConnectTimeout(5 * time.Second).SetAutoReconnect(false)
			c := paho.NewClient(opts)
			tok := c.Connect()
			if !tok.WaitTimeout(10 * time.Second) {
				t.Fatal("no CONNACK within 10s")
			}
			if err := tok.Error(); err == nil || !strings.Contains(err.Error(), "not Authorized") {
				t.Fatalf("Connect() error = %v, want the broker to refuse (not Authorized)", err)
			}
		})
	}
}

func TestBrokerReportsABusyPort(t *testing.T) {
	b := startBroker(t)
	for name, cfg := range map[string]ingest.BrokerConfig{
		"tcp": {TCPAddr: b.TCPAddr(), WSAddr: "127.0.0.1:0"},
		"ws":  {TCPAddr: "127.0.0.1:0", WSAddr: b.WSAddr()},
	} {
		t.Run(name, func(t *testing.T) {
			other, err := ingest.StartBroker(cfg)
			if err == nil {
				other.Close()
				t.Fatal("a second broker on a busy port started")
			}
			if !strings.Contains(err.Error(), "address already in use") {
				t.Errorf("error = %v, want it to say the address is in use", err)
			}
		})
	}
}

// Closing the broker while its clients are leaving must end. mochi's own
// shutdown took the clients' read lock twice over, so a client leaving in
// between queued for the write lock and all three waited for ever (a CI run
// hung on it for 20 minutes). Each round races a shutdown against every
// client hanging up; it fails by the round that never ends.
func TestClosingTheBrokerWhileClientsLeaveEnds(t *testing.T) {
	r := newRig(t, nil, ingest.RateLimit{})
	const clients = 24
	type cred struct{ id, token string }
	creds := make([]cred, clients)
	for i := range creds {
		creds[i].id, creds[i].token = r.pairDevice()
	}
	for round := 0; round < 30; round++ {
		b, err := ingest.StartBroker(ingest.BrokerConfig{TCPAddr: "127.0.0.1:0", WSAddr: "127.0.0.1:0",
			Devices: r.db, Writer: r.writer, Metrics: r.metrics})
		if err != nil {
			t.Fatal(err)
		}
		conns := make([]*rawMQTT, clients)
		for i, c := range creds {
			var code byte
			conns[i], code = dialMQTT(t, b.TCPAddr(), 4, c.id, c.id, c.token, nil)
			if code != 0 {
				t.Fatalf("round %d: CONNACK %#x for %s, want accepted", round, code, c.id)
			}
		}
		closed := make(chan struct{})
		go func() {
			b.Close()
			close(closed)
		}()
		for _, c := range conns {
			c.conn.Close()
		}
		select {
		case <-closed:
		case <-time.After(2 * time.Minute):
			t.Fatalf("round %d: the broker's Close has not returned in 2 minutes while its clients left", round)
		}
	}
}
