package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"lifeline/api"
	"lifeline/ingest"
	"lifeline/store"
	"lifeline/store/storetest"
)

func TestRenameABracelet(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	a, b := app.twoUsers()
	var d paired
	a.do("POST", "/api/devices", map[string]string{"name": "Left wrist"}).json(t, &d)

	tests := []struct {
		name      string
		body      any
		status    int
		wantName  string // the stored name afterwards
		wantField string // the field the 400 names
	}{
		{"a new name", map[string]string{"name": "Right wrist"}, http.StatusOK, "Right wrist", ""},
		{"trimmed", map[string]string{"name": "  Grandma's  "}, http.StatusOK, "Grandma's", ""},
		{"80 characters", map[string]string{"name": strings.Repeat("é", 80)}, http.StatusOK, strings.Repeat("é", 80), ""},
		{"blank", map[string]string{"name": "   "}, http.StatusBadRequest, strings.Repeat("é", 80), "name"},
		{"81 characters", map[string]string{"name": strings.Repeat("x", 81)}, http.StatusBadRequest, strings.Repeat("é", 80), "name"},
		{"missing", map[string]string{}, http.StatusBadRequest, strings.Repeat("é", 80), "name"},
		{"not JSON", "{", http.StatusBadRequest, strings.Repeat("é", 80), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp := a.do("PATCH", "/api/devices/"+d.ID, tc.body)
			if resp.status != tc.status {
				t.Fatalf("PATCH = %d %s, want %d", resp.status, resp.body, tc.status)
			}
			if tc.status == http.StatusOK {
				var got paired
				resp.json(t, &got)
				if got.ID != d.ID || got.Name != tc.wantName || got.Health != "never_seen" || got.Token != "" {
					t.Errorf("renamed = %+v, want the device named %q, no token", got, tc.wantName)
				}
			} else if tc.wantField != "" {
				if _, _, fields := resp.errorBody(t); fields[tc.wantField] == "" {
					t.Errorf("error fields = %v, want one for %s", fields, tc.wantField)
				}
			}
			var list []paired
			a.do("GET", "/api/devices", nil).json(t, &list)
			if len(list) != 1 || list[0].Name != tc.wantName {
				t.Errorf("listed = %+v, want the name %q", list, tc.wantName)
			}
		})
	}

	requireIsolated(t, b, []isolationCase{
		{"PATCH", "/api/devices/" + d.ID, map[string]string{"name": "Mine now"}},
		{"GET", "/api/devices/" + d.ID + "/packets", nil},
		{"POST", "/api/devices/" + d.ID + "/watch", nil},
	})
	if got := a.do("PATCH", "/api/devices/brc_nosuchdevice23456", map[string]string{"name": "x"}).status; got != http.StatusNotFound {
		t.Errorf("an unknown device = %d, want 404", got)
	}
	a.do("DELETE", "/api/devices/"+d.ID, nil)
	if got := a.do("PATCH", "/api/devices/"+d.ID, map[string]string{"name": "Back"}).status; got != http.StatusNotFound {
		t.Errorf("a revoked device = %d, want 404", got)
	}
}

// testerNode is one API node with its own packet log, subscribed to the
// node's live events like a real node's.
func testerNode(t *testing.T, db *store.DB, broker **ingest.Broker) *testApp {
	t.Helper()
	var log *ingest.PacketLog
	app := newTestAppOn(t, db, func(c *api.Config) {
		log = ingest.NewPacketLog(ingest.PacketLogConfig{Events: c.Events, Rate: ingest.RateLimit{PerSecond: 100, Burst: 100}})
		c.Packets = log
		if broker != nil {
			var err error
			*broker, err = ingest.StartBroker(ingest.BrokerConfig{TCPAddr: "127.0.0.1:0", WSAddr: "127.0.0.1:0",
				Devices: c.Devices, Writer: c.Fixes.(*ingest.Writer), Events: c.Events, Packets: log})
			if err != nil {
				t.Fatal(err)
			}
			c.Connections = *broker
		}
	})
	t.Cleanup(func() {
		if broker != nil {
			(*broker).Close()
		}
		log.Close()
	})
	return app
}

type packetRecord struct {
	ID, DeviceID, Topic, Excerpt, Encoding, Outcome, Kind, Reason, Detail string
	Size, Fixes                                                           int
	Truncated                                                             bool
	At                                                                    time.Time
}

// TestTesterViewSeesPacketsLiveAcrossNodes: the bracelet is connected to
// node 1's broker; its owner watches from node 2 (another API node behind
// the load balancer). A good and a malformed packet reach the owner's
// stream on node 2 and node 2's GET .../packets, each with its outcome;
// another user sees none of it.
func TestTesterViewSeesPacketsLiveAcrossNodes(t *testing.T) {
	t.Parallel()
	var broker *ingest.Broker
	node1 := testerNode(t, storetest.NewDB(t), &broker)
	node2 := testerNode(t, node1.db, nil)
	a, b := node1.twoUsers()
	onNode2 := node2.newClient()
	onNode2.http.Jar.SetCookies(mustURL(node2.url), []*http.Cookie{{Name: "lifeline_session", Value: a.sessionToken(), Path: "/"}})

	var d paired
	a.do("POST", "/api/devices", map[string]string{"name": "Left wrist"}).json(t, &d)
	opts := paho.NewClientOptions().AddBroker("tcp://" + broker.TCPAddr()).SetClientID(d.ID).SetUsername(d.ID).SetPassword(d.Token).SetAutoReconnect(false)
	bracelet := paho.NewClient(opts)
	if tok := bracelet.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("connect: %v", tok.Error())
	}
	defer bracelet.Disconnect(0)
	publish := func(topic, payload string) {
		t.Helper()
		if tok := bracelet.Publish(topic, 1, false, payload); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
			t.Fatalf("publish: %v", tok.Error())
		}
	}
	// Before anyone watches: recorded on node 1, published nowhere.
	publish("bracelets/"+d.ID+"/battery", fmt.Sprintf(`{"seq":1,"ts":%d,"bat":80,"charging":false}`, time.Now().UnixMilli()))

	streamA, streamB := onNode2.openStream(t, ""), b.openStream(t, "")
	if resp := onNode2.do("POST", "/api/devices/"+d.ID+"/watch", nil); resp.status != http.StatusOK || !strings.Contains(string(resp.body), `"until"`) {
		t.Fatalf("watch = %d %s", resp.status, resp.body)
	}
	// Node 1 replays what it holds once the watch starts.
	var replayed packetRecord
	json.Unmarshal([]byte(next(t, streamA, "packet").data), &replayed)
	if replayed.Outcome != "accepted" || replayed.Kind != "battery" || replayed.DeviceID != d.ID {
		t.Errorf("replayed = %+v, want the accepted battery packet", replayed)
	}

	good := fmt.Sprintf(`{"seq":1,"ts":%d,"lat":51.5,"lon":-0.12,"acc":5}`, time.Now().UnixMilli())
	bad := fmt.Sprintf(`{"seq":2,"ts":%d,"lat":123,"lon":2}`, time.Now().UnixMilli())
	binary := "\x00\x01\xfe" + strings.Repeat("x", 300)
	tests := []struct {
		name, payload string
		want          packetRecord
	}{
		{"a good fix", good, packetRecord{Outcome: "accepted", Kind: "position", Fixes: 1, Excerpt: good, Encoding: "text", Size: len(good)}},
		{"a fix out of range", bad, packetRecord{Outcome: "rejected", Reason: "lat_range", Excerpt: bad, Encoding: "text", Size: len(bad)}},
		{"binary garbage", binary, packetRecord{Outcome: "rejected", Reason: "bad_json", Excerpt: fmt.Sprintf("%x", binary[:256]), Encoding: "hex", Size: len(binary), Truncated: true}},
	}
	var ids []string
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			publish("bracelets/"+d.ID+"/position", tc.payload)
			var got packetRecord
			if err := json.Unmarshal([]byte(next(t, streamA, "packet").data), &got); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, got.ID)
			if got.Outcome != tc.want.Outcome || got.Kind != tc.want.Kind || got.Reason != tc.want.Reason || got.Fixes != tc.want.Fixes ||
				got.Excerpt != tc.want.Excerpt || got.Encoding != tc.want.Encoding || got.Size != tc.want.Size || got.Truncated != tc.want.Truncated ||
				got.Topic != "bracelets/"+d.ID+"/position" || got.DeviceID != d.ID || got.ID == "" || got.At.IsZero() {
				t.Errorf("event = %+v\nwant %+v", got, tc.want)
			}
			if tc.want.Outcome == "rejected" && got.Detail == "" {
				t.Error("a rejection without its detail")
			}
		})
	}

	// GET on node 2 answers from the events it heard, newest first.
	deadline := time.Now().Add(5 * time.Second)
	var list []packetRecord
	for {
		resp := onNode2.do("GET", "/api/devices/"+d.ID+"/packets", nil)
		resp.json(t, &list)
		if len(list) == 4 || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if len(list) != 4 || list[0].ID != ids[2] || list[1].ID != ids[1] || list[2].ID != ids[0] || list[3].Kind != "battery" {
		t.Errorf("GET on node 2 = %+v, want the 4 packets newest first", list)
	}
	var onNode1 []packetRecord
	a.do("GET", "/api/devices/"+d.ID+"/packets", nil).json(t, &onNode1)
	if len(onNode1) != 4 || onNode1[0].ID != ids[2] || onNode1[1].Reason != "lat_range" {
		t.Errorf("GET on node 1 = %+v, want the same 4 packets", onNode1)
	}

	for _, e := range drain(streamB, 300*time.Millisecond) {
		if e.kind == "packet" {
			t.Errorf("another user got a packet event: %+v", e)
		}
	}
	requireIsolated(t, b, []isolationCase{
		{"GET", "/api/devices/" + d.ID + "/packets", nil},
		{"POST", "/api/devices/" + d.ID + "/watch", nil},
	})
}

// TestPacketsAreNotPublishedUnwatched: an unwatched device's packets are
// recorded but cost no live event.
func TestPacketsAreNotPublishedUnwatched(t *testing.T) {
	t.Parallel()
	var broker *ingest.Broker
	app := testerNode(t, storetest.NewDB(t), &broker)
	a, _ := app.registerUser("Ula")
	var d paired
	a.do("POST", "/api/devices", map[string]string{"name": "Spare"}).json(t, &d)
	stream := a.openStream(t, "")
	bracelet := paho.NewClient(paho.NewClientOptions().AddBroker("tcp://" + broker.TCPAddr()).SetClientID(d.ID).SetUsername(d.ID).SetPassword(d.Token))
	if tok := bracelet.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("connect: %v", tok.Error())
	}
	defer bracelet.Disconnect(0)
	tok := bracelet.Publish("bracelets/"+d.ID+"/position", 1, false, "not json")
	tok.WaitTimeout(10 * time.Second)
	for _, e := range drain(stream, 500*time.Millisecond) {
		if e.kind == "packet" {
			t.Errorf("an unwatched device's packet was published: %+v", e)
		}
	}
	var list []packetRecord
	a.do("GET", "/api/devices/"+d.ID+"/packets", nil).json(t, &list)
	if len(list) != 1 || list[0].Outcome != "rejected" || list[0].Reason != "bad_json" || list[0].Excerpt != "not json" {
		t.Errorf("recent = %+v, want the rejected packet", list)
	}
}

// drain collects what a stream delivers for a while.
func drain(events <-chan sseEvent, wait time.Duration) []sseEvent {
	var got []sseEvent
	timeout := time.After(wait)
	for {
		select {
		case e, ok := <-events:
			if !ok {
				return got
			}
			got = append(got, e)
		case <-timeout:
			return got
		}
	}
}
