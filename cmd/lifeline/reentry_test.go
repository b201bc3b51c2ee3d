package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"lifeline/ingest/wire"
)

// bracelet is a real MQTT bracelet of the wire contract, reporting fixes a
// second apart in fix time (in the recent past), so each is newer than the
// last however fast they are sent.
type bracelet struct {
	t      *testing.T
	client paho.Client
	id     string
	seq    uint64
	ts     time.Time
}

func connectBracelet(t *testing.T, mqttAddr, id, token string) *bracelet {
	t.Helper()
	c := paho.NewClient(paho.NewClientOptions().AddBroker("tcp://" + mqttAddr).SetClientID(id).
		SetUsername(id).SetPassword(token).SetProtocolVersion(4).SetCleanSession(true))
	if tok := c.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("connect: %v", tok.Error())
	}
	t.Cleanup(func() { c.Disconnect(100) })
	return &bracelet{t: t, client: c, id: id, ts: time.Now().Add(-2 * time.Minute)}
}

// at publishes n fixes at a place and returns once each is acknowledged
// (stored).
func (b *bracelet) at(lat, lon float64, n int) {
	b.t.Helper()
	acc := 4.0
	for range n {
		b.seq++
		b.ts = b.ts.Add(time.Second)
		fix := wire.Fix{Seq: b.seq, TS: b.ts, Lat: lat, Lon: lon, Acc: &acc}
		if tok := b.client.Publish(wire.PositionTopic(b.id), 1, false, wire.EncodePosition(fix)); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
			b.t.Fatalf("publish: %v", tok.Error())
		}
	}
}

// braceletAndAlerts pairs a bracelet for the wearer, opens their live
// alerts and connects the bracelet.
func braceletAndAlerts(t *testing.T, p program, wearer *browser) (*bracelet, <-chan string) {
	t.Helper()
	var device struct{ ID, Token string }
	wearer.call("POST", "/api/devices", `{"name":"Left wrist"}`, http.StatusCreated, &device)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	stream := wearer.alerts(ctx)
	return connectBracelet(t, p.mqtt, device.ID, device.Token), stream
}

// shownAlert is an alert event's data.
type shownAlert struct {
	ID         int64
	Type       string
	Message    string
	ResolvedAt *time.Time
	Resolution string
}

func nextAlert(t *testing.T, stream <-chan string) shownAlert {
	t.Helper()
	select {
	case line := <-stream:
		var a shownAlert
		if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &a); err != nil {
			t.Fatalf("alert event %q: %v", line, err)
		}
		return a
	case <-time.After(30 * time.Second):
		t.Fatal("no alert event within 30 s")
	}
	return shownAlert{}
}

// A bracelet over real MQTT walks into an avoid zone; the wearer says "I'm
// okay"; it walks out and back in within the cool-down: a second alert,
// in other words, with its own step to the supporter. Without an answer,
// out and back in again raises nothing.
func TestBraceletReturningAfterImOkay(t *testing.T) {
	p, stop := startProgramFull(t, dataDir(t))
	t.Cleanup(func() { stop() }) // after the streams and the bracelet are closed
	wearer, sam := signUp(t, p.url, "Wren"), signUp(t, p.url, "Sam")
	var invitation struct {
		Supporter struct{ ID int64 }
		Token     string
	}
	wearer.call("POST", "/api/supporters", `{"label":"Sam"}`, http.StatusCreated, &invitation)
	sam.call("POST", "/api/care/accept", fmt.Sprintf(`{"token":%q}`, invitation.Token), http.StatusOK, nil)
	wearer.call("PUT", fmt.Sprintf("/api/supporters/%d/grant", invitation.Supporter.ID),
		`{"checkIns":false,"checkInDetails":false,"alerts":["avoid_zone"],"location":"never","locationWindowMinutes":60}`, http.StatusOK, nil)
	// Murphy's Bar and, 1 km east, the Old Anchor; "out" is 400 m north:
	//
	//	 out *
	//	     |
	//	  (Murphy's)  ----- 1 km -----  (Old Anchor)
	const lat, lon, east, north = 51.5136, -0.1310, -0.1166, 51.5172
	wearer.call("POST", "/api/safe-zones", fmt.Sprintf(`{"name":"Murphy's Bar","type":"avoid","latitude":%v,"longitude":%v,"radius":100}`, lat, lon), http.StatusCreated, nil)
	wearer.call("POST", "/api/safe-zones", fmt.Sprintf(`{"name":"Old Anchor","type":"avoid","latitude":%v,"longitude":%v,"radius":100}`, lat, east), http.StatusCreated, nil)
	b, stream := braceletAndAlerts(t, p, wearer)
	steps := func(alertID int64) (supporter int) {
		var a struct {
			Deliveries []struct{ Role, State string }
		}
		wearer.call("GET", fmt.Sprintf("/api/alerts/%d", alertID), "", http.StatusOK, &a)
		for _, d := range a.Deliveries {
			if d.Role == "supporter" && d.State == "pending" {
				supporter++
			}
		}
		return supporter
	}

	b.at(lat, lon, 3)
	first := nextAlert(t, stream)
	if first.Type != "geofence_enter_avoid" || steps(first.ID) != 1 {
		t.Fatalf("walking in: %+v with %d steps to Sam", first, steps(first.ID))
	}
	wearer.call("POST", fmt.Sprintf("/api/alerts/%d/ok", first.ID), "", http.StatusOK, nil)
	b.at(north, lon, 3)
	b.at(lat, lon, 3)
	second := nextAlert(t, stream)
	if second.Type != "geofence_enter_avoid" || !strings.HasPrefix(second.Message, `You're back at "Murphy's Bar". You said you were okay at `) {
		t.Fatalf("the return: %+v", second)
	}
	if steps(first.ID) != 0 || steps(second.ID) != 1 {
		t.Errorf("steps to Sam: %d for the answered alert, %d for the return; want 0 and 1", steps(first.ID), steps(second.ID))
	}

	// Unanswered: out and back in. The walk to the Old Anchor then shows
	// that every fix before it was looked at.
	b.at(north, lon, 3)
	b.at(lat, lon, 3)
	b.at(lat, east, 3)
	if next := nextAlert(t, stream); !strings.Contains(next.Message, "Old Anchor") {
		t.Fatalf("an unanswered return within the cool-down alerted: %+v", next)
	}
}

// A bracelet that falls silent gets its "stopped reporting" alert, and the
// alert is resolved, live, once it reports again (the jobs run every 200
// ms and a bracelet is offline after 2 s, for the test).
func TestBraceletBackResolvesItsOfflineAlert(t *testing.T) {
	p, stop := startProgramFull(t, dataDir(t), "--jobs-every", "200ms", "--offline-after", "2s")
	t.Cleanup(func() { stop() }) // after the streams and the bracelet are closed
	wearer := signUp(t, p.url, "Wren")
	b, stream := braceletAndAlerts(t, p, wearer)

	b.at(51.5, -0.12, 1)
	offline := nextAlert(t, stream)
	if offline.Type != "device_offline" || offline.ResolvedAt != nil {
		t.Fatalf("silent: %+v", offline)
	}
	b.at(51.5, -0.12, 1)
	back := nextAlert(t, stream)
	if back.ID != offline.ID || back.ResolvedAt == nil || !strings.HasPrefix(back.Resolution, "Back since ") {
		t.Fatalf("back: %+v", back)
	}
	var list []shownAlert
	wearer.call("GET", "/api/alerts", "", http.StatusOK, &list)
	if len(list) == 0 || list[0].ID != offline.ID || list[0].Resolution != back.Resolution {
		t.Errorf("the alert list: %+v", list)
	}
}
