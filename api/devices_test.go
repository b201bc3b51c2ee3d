package api_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"lifeline/api"
	"lifeline/ingest"
)

type paired struct {
	ID, Name, Token string
	Health          string
	Connected       bool
	LastSeenAt      *time.Time
}

func TestPairListAndRevokeABracelet(t *testing.T) {
	t.Parallel()
	var broker *ingest.Broker
	app := newTestApp(t, func(c *api.Config) {
		var err error
		broker, err = ingest.StartBroker(ingest.BrokerConfig{TCPAddr: "127.0.0.1:0", WSAddr: "127.0.0.1:0", Devices: c.Devices, Writer: c.Fixes.(*ingest.Writer), Events: c.Events})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { broker.Close() })
		c.Connections = broker
	})
	a, b := app.twoUsers()

	if got := a.do("POST", "/api/devices", map[string]string{"name": "  "}); got.status != http.StatusBadRequest {
		t.Errorf("blank name = %d, want 400", got.status)
	}
	resp := a.do("POST", "/api/devices", map[string]string{"name": "Left wrist"})
	var d paired
	resp.json(t, &d)
	if resp.status != http.StatusCreated || !strings.HasPrefix(d.ID, "brc_") || len(d.Token) < 40 || d.Name != "Left wrist" || d.Health != "never_seen" {
		t.Fatalf("pairing = %d %+v", resp.status, d)
	}

	lost := make(chan struct{})
	opts := paho.NewClientOptions().AddBroker("tcp://" + broker.TCPAddr()).SetClientID(d.ID).SetUsername(d.ID).SetPassword(d.Token).
		SetAutoReconnect(false).SetConnectionLostHandler(func(paho.Client, error) { close(lost) })
	client := paho.NewClient(opts)
	if tok := client.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("the paired bracelet cannot connect: %v", tok.Error())
	}

	var list []paired
	a.do("GET", "/api/devices", nil).json(t, &list)
	if len(list) != 1 || list[0].ID != d.ID || !list[0].Connected || list[0].Token != "" {
		t.Errorf("list = %+v; want the device, connected, and no token", list)
	}
	b.do("GET", "/api/devices", nil).json(t, &list)
	if len(list) != 0 {
		t.Errorf("another user sees %d devices", len(list))
	}
	requireIsolated(t, b, []isolationCase{{"DELETE", "/api/devices/" + d.ID, nil}})

	if got := a.do("DELETE", "/api/devices/"+d.ID, nil).status; got != http.StatusNoContent {
		t.Fatalf("revoke = %d", got)
	}
	select {
	case <-lost:
	case <-time.After(10 * time.Second):
		t.Fatal("the live connection stayed open after revocation")
	}
	again := paho.NewClient(opts.SetConnectionLostHandler(nil))
	if tok := again.Connect(); tok.WaitTimeout(10*time.Second) && tok.Error() == nil {
		again.Disconnect(0)
		t.Fatal("the revoked token still connects")
	}
	a.do("GET", "/api/devices", nil).json(t, &list)
	if len(list) != 0 {
		t.Errorf("revoked devices still listed: %+v", list)
	}
}
