package main

import (
	"context"
	"fmt"
	"net/http"
	"os/exec"
	"strings"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
)

// An OwnTracks phone, sending with the real mosquitto_pub as the app
// publishes (QoS 1, its own client ID), drives the same geofence engine as
// a bracelet: walking into an avoid zone raises the same alert. Before
// that, the app, subscribed to its command topic, is sent the zones as
// regions when they change.
func TestOwnTracksPhoneEnteringAnAvoidZone(t *testing.T) {
	if _, err := exec.LookPath("mosquitto_pub"); err != nil {
		t.Fatal("mosquitto_pub is not installed: run scripts/ensure-deps.sh test (Debian package mosquitto-clients)")
	}
	p, stop := startProgramFull(t, dataDir(t))
	defer stop()
	owner := signUp(t, p.url, "Ada")
	var phone struct{ ID, Token string }
	owner.call("POST", "/api/devices", `{"name":"Ada's phone","kind":"phone"}`, http.StatusCreated, &phone)

	cmds := make(chan string, 8)
	app := paho.NewClient(paho.NewClientOptions().AddBroker("tcp://" + p.mqtt).SetClientID("ada-iphone").
		SetUsername(phone.ID).SetPassword(phone.Token).SetProtocolVersion(4))
	if tok := app.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("connect: %v", tok.Error())
	}
	cmdTopic := "owntracks/" + phone.ID + "/iphone/cmd"
	if tok := app.Subscribe(cmdTopic, 1, func(_ paho.Client, m paho.Message) { cmds <- string(m.Payload()) }); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("subscribe: %v", tok.Error())
	}
	waitFor := func(what string) {
		t.Helper()
		deadline := time.After(10 * time.Second)
		for {
			select {
			case cmd := <-cmds:
				if strings.Contains(cmd, what) {
					return
				}
			case <-deadline:
				t.Fatalf("no setWaypoints holding %s", what)
			}
		}
	}
	waitFor(`"action":"setWaypoints"`)

	owner.call("POST", "/api/safe-zones", `{"name":"Old bar","type":"avoid","latitude":37.7793,"longitude":-122.4193,"radius":100}`, http.StatusCreated, nil)
	waitFor(`"desc":"Old bar"`)
	// One connection per device, as for a bracelet: the app steps aside
	// for mosquitto_pub, which would otherwise take its session over.
	app.Disconnect(100)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	alerts := owner.alerts(ctx)
	host, port, _ := strings.Cut(p.mqtt, ":")
	for i := 3; i > 0; i-- {
		location := fmt.Sprintf(`{"_type":"location","lat":37.7793,"lon":-122.4193,"acc":4,"tst":%d,"tid":"AD","t":"p"}`, time.Now().Add(-time.Duration(i)*time.Second).Unix())
		out, err := exec.Command("mosquitto_pub", "-h", host, "-p", port, "-q", "1", "-i", "ada-iphone-pub",
			"-u", phone.ID, "-P", phone.Token, "-t", "owntracks/"+phone.ID+"/iphone", "-m", location).CombinedOutput()
		if err != nil {
			t.Fatalf("mosquitto_pub: %v: %s", err, out)
		}
	}
	select {
	case data := <-alerts:
		if !strings.Contains(data, "geofence_enter_avoid") {
			t.Fatalf("alert = %s", data)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no alert event for the owner")
	}
}
