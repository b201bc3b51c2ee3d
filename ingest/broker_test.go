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
