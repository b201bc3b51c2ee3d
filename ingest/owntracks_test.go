package ingest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"github.com/prometheus/client_golang/prometheus"

	"lifeline"
	"lifeline/ingest"
	"lifeline/ingest/mosquittotest"
	"lifeline/live"
	"lifeline/store"
	"lifeline/store/storetest"
)

// phoneRig is the embedded broker with zones and live events, and a paired
// OwnTracks phone. Its clock sits a minute after the booklet fixture's
// time, so the fixture is sent as the app sent it.
type phoneRig struct {
	db     *store.DB
	bus    *live.Bus
	broker *ingest.Broker
	userID int64
	phone  string // device ID: the MQTT username and the OwnTracks user
	token  string
}

var fixtureTime = time.Unix(1497508651, 0) // owntracks-location.json's tst

func newPhoneRig(t *testing.T, configure ...func(*ingest.BrokerConfig)) *phoneRig {
	t.Helper()
	r := &phoneRig{db: storetest.NewDB(t), bus: live.NewBus(nil, nil)}
	ctx := context.Background()
	if err := r.db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ('owner@example.org') RETURNING id`).Scan(&r.userID); err != nil {
		t.Fatal(err)
	}
	token, hash := lifeline.NewDeviceToken()
	d := &lifeline.Device{ID: lifeline.NewDeviceID(), UserID: r.userID, Name: "Phone", Kind: lifeline.DevicePhone}
	if err := r.db.CreateDevice(ctx, d, hash); err != nil {
		t.Fatal(err)
	}
	r.phone, r.token = d.ID, token
	metrics := ingest.NewMetrics(prometheus.NewRegistry())
	writer := ingest.NewWriter(r.db, ingest.WriterConfig{Metrics: metrics})
	var err error
	cfg := ingest.BrokerConfig{
		TCPAddr: "127.0.0.1:0", WSAddr: "127.0.0.1:0", Devices: r.db, Zones: r.db, Writer: writer, Events: r.bus,
		Metrics: metrics, Now: func() time.Time { return fixtureTime.Add(time.Minute) },
	}
	for _, f := range configure {
		f(&cfg)
	}
	r.broker, err = ingest.StartBroker(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		r.broker.Close()
		writer.Close(context.Background())
	})
	return r
}

func (r *phoneRig) url() string { return "tcp://" + r.broker.TCPAddr() }

// mosquittoPub publishes one message at QoS 1 as the phone, with the
// real mosquitto_pub; it returns the tool's error and output.
func (r *phoneRig) mosquittoPub(t *testing.T, password, topic string, payload []byte) (string, error) {
	t.Helper()
	host, port, _ := strings.Cut(r.broker.TCPAddr(), ":")
	cmd := exec.Command("mosquitto_pub", "-h", host, "-p", port, "-V", "mqttv311", "-q", "1",
		"-i", "owntracks-phone", "-u", r.phone, "-P", password, "-t", topic, "-s")
	cmd.Stdin = strings.NewReader(string(payload))
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func (r *phoneRig) stored(t *testing.T) []string {
	t.Helper()
	rows, err := r.db.Pool.Query(context.Background(), `
		SELECT format('%s %s %s %s %s %s', source, latitude, accuracy, altitude, round(speed::numeric, 3), course)
		FROM locations WHERE device_id = $1`, r.phone)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	return got
}

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("phone", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func requireMosquittoPub(t *testing.T) {
	if _, err := exec.LookPath("mosquitto_pub"); err != nil {
		t.Fatal("mosquitto_pub is not installed: run scripts/ensure-deps.sh test (Debian package mosquitto-clients)")
	}
}

func TestOwnTracksOverMQTT(t *testing.T) {
	requireMosquittoPub(t)
	r := newPhoneRig(t)
	base := "owntracks/" + r.phone + "/iphone"
	location := readFixture(t, "owntracks-location.json")

	tests := []struct {
		name     string
		password string
		topic    string
		payload  []byte
		wantErr  bool
		want     []string // the phone's stored fixes afterwards
	}{
		{"a location is stored with its source, accuracy, altitude, speed and course", r.token, base, location, false,
			[]string{"owntracks 48.85833 5 167 16.944 271"}},
		{"the same location sent again is stored once", r.token, base, location, false,
			[]string{"owntracks 48.85833 5 167 16.944 271"}},
		{"an lwt is accepted and stores nothing", r.token, base, readFixture(t, "owntracks-lwt.json"), false,
			[]string{"owntracks 48.85833 5 167 16.944 271"}},
		{"a transition on its subtopic is accepted and stores nothing", r.token, base + "/event",
			[]byte(`{"_type":"transition","wtst":1497508000,"lat":48.86,"lon":2.29,"tst":1497508651,"acc":5,"tid":"JJ","event":"enter","desc":"Home","t":"c"}`), false,
			[]string{"owntracks 48.85833 5 167 16.944 271"}},
		{"a wrong password is refused at CONNECT", "not-the-token", base,
			[]byte(strings.Replace(string(location), "48.85833", "48.9", 1)), true,
			[]string{"owntracks 48.85833 5 167 16.944 271"}},
		{"another device's subtree is refused", r.token, "owntracks/brc_someoneelse0/iphone",
			[]byte(strings.Replace(string(location), "48.85833", "48.9", 1)), true,
			[]string{"owntracks 48.85833 5 167 16.944 271"}},
		{"a bracelet topic is refused for a phone", r.token, "bracelets/" + r.phone + "/position",
			[]byte(`[{"seq":1,"ts":1497508651000,"lat":48.9,"lon":2.3}]`), true,
			[]string{"owntracks 48.85833 5 167 16.944 271"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := r.mosquittoPub(t, tt.password, tt.topic, tt.payload)
			if (err != nil) != tt.wantErr {
				t.Fatalf("mosquitto_pub error = %v (%s), want an error: %v", err, out, tt.wantErr)
			}
			if got := r.stored(t); fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("stored %v, want %v", got, tt.want)
			}
		})
	}
}

// connectPhone connects as the phone with paho under a client ID of the
// app's choosing.
func connectPhone(t *testing.T, r *phoneRig, clientID string) paho.Client {
	t.Helper()
	c, err := connect(t, r.url(), clientID, r.phone, r.token)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestOwnTracksSubscriptionsStayInTheDevicesSubtree(t *testing.T) {
	r := newPhoneRig(t)
	c := connectPhone(t, r, "any-client-id")
	tests := []struct {
		filter string
		want   byte
	}{
		{"owntracks/" + r.phone + "/iphone/cmd", 1},
		{"owntracks/" + r.phone + "/#", 1},
		{"owntracks/+/+", 0x80}, // OwnTracks' default: everyone's positions
		{"owntracks/brc_someoneelse0/iphone/cmd", 0x80},
		{"bracelets/" + r.phone + "/config", 0x80},
	}
	for _, tt := range tests {
		t.Run(tt.filter, func(t *testing.T) {
			tok := c.Subscribe(tt.filter, 1, nil)
			if !tok.WaitTimeout(10 * time.Second) {
				t.Fatal("no SUBACK")
			}
			if got := tok.(*paho.SubscribeToken).Result()[tt.filter]; got != tt.want {
				t.Errorf("SUBACK code = %#x, want %#x", got, tt.want)
			}
		})
	}
}

// setWaypoints is the part of OwnTracks' remote command the tests read.
type setWaypoints struct {
	Type      string `json:"_type"`
	Action    string `json:"action"`
	Waypoints struct {
		Type      string `json:"_type"`
		Waypoints []struct {
			Desc string  `json:"desc"`
			Lat  float64 `json:"lat"`
			Lon  float64 `json:"lon"`
			Rad  int     `json:"rad"`
		} `json:"waypoints"`
	} `json:"waypoints"`
}

func TestOwnTracksPhoneIsSentTheZonesAsWaypoints(t *testing.T) {
	r := newPhoneRig(t)
	ctx := context.Background()
	radius := 150.0
	home := &lifeline.Zone{UserID: r.userID, Name: "Home", Type: lifeline.ZoneSafe, Shape: lifeline.ShapeCircle, Latitude: 48.85, Longitude: 2.29, Radius: &radius, IsActive: true}
	if err := r.db.CreateZone(ctx, home); err != nil {
		t.Fatal(err)
	}
	got := make(chan setWaypoints, 8)
	c := connectPhone(t, r, "owntracks-app")
	cmd := "owntracks/" + r.phone + "/iphone/cmd"
	tok := c.Subscribe(cmd, 1, func(_ paho.Client, m paho.Message) {
		var w setWaypoints
		if err := json.Unmarshal(m.Payload(), &w); err != nil {
			t.Errorf("command %s: %v", m.Payload(), err)
		}
		got <- w
	})
	if !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("subscribe: %v", tok.Error())
	}
	next := func(want ...string) {
		t.Helper()
		select {
		case w := <-got:
			var names []string
			for _, p := range w.Waypoints.Waypoints {
				names = append(names, fmt.Sprintf("%s@%g,%g/%d", p.Desc, p.Lat, p.Lon, p.Rad))
			}
			if w.Type != "cmd" || w.Action != "setWaypoints" || w.Waypoints.Type != "waypoints" || fmt.Sprint(names) != fmt.Sprint(want) {
				t.Fatalf("received %+v, want setWaypoints with %v", w, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no setWaypoints with %v", want)
		}
	}
	next("Home@48.85,2.29/150") // on subscribing

	bar := &lifeline.Zone{UserID: r.userID, Name: "Old bar", Type: lifeline.ZoneAvoid, Shape: lifeline.ShapeCircle, Latitude: 48.86, Longitude: 2.3, Radius: &radius, IsActive: true}
	if err := r.db.CreateZone(ctx, bar); err != nil {
		t.Fatal(err)
	}
	if err := r.bus.Publish(ctx, live.ZoneChanged(r.userID, bar.ID)); err != nil {
		t.Fatal(err)
	}
	next("Home@48.85,2.29/150", "Old bar@48.86,2.3/150") // after the zone change

	if err := r.bus.Publish(ctx, live.ZoneChanged(r.userID+1, bar.ID)); err != nil {
		t.Fatal(err)
	}
	select {
	case w := <-got:
		t.Fatalf("another user's zone change sent %+v", w)
	case <-time.After(300 * time.Millisecond):
	}
}

// On an outside broker (Mosquitto with the generated password file and
// ACL), a worker reads the phones' base topics and stores their locations.
func TestOwnTracksThroughAnExternalMosquitto(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	var userID int64
	if err := db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ('ext-phone@example.org') RETURNING id`).Scan(&userID); err != nil {
		t.Fatal(err)
	}
	token, hash := lifeline.NewDeviceToken()
	phone := &lifeline.Device{ID: lifeline.NewDeviceID(), UserID: userID, Name: "Phone", Kind: lifeline.DevicePhone}
	if err := db.CreateDevice(ctx, phone, hash); err != nil {
		t.Fatal(err)
	}
	const worker = "lifeline-ingest-phones"
	url := mosquittotest.Start(t, []string{worker}, []ingest.MosquittoAccount{
		{Username: worker, Password: "worker-secret"}, {Username: phone.ID, Password: token},
	}).URL
	metrics := ingest.NewMetrics(prometheus.NewRegistry())
	writer := ingest.NewWriter(db, ingest.WriterConfig{Metrics: metrics})
	t.Cleanup(func() { writer.Close(ctx) })
	e, err := ingest.StartExternal(ingest.ExternalConfig{
		BrokerURL: url, ClientID: worker, Username: worker, Password: "worker-secret",
		Devices: db, Writer: writer, Metrics: metrics, Now: func() time.Time { return fixtureTime.Add(time.Minute) },
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)

	c, err := connect(t, url, "owntracks-app", phone.ID, token)
	if err != nil {
		t.Fatal(err)
	}
	location := readFixture(t, "owntracks-location.json")
	for _, topic := range []string{"owntracks/" + phone.ID + "/iphone", "owntracks/" + phone.ID + "/iphone"} {
		if err := publish(t, c, topic, location); err != nil {
			t.Fatal(err)
		}
	}
	var source string
	var n int
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline) && n == 0; time.Sleep(100 * time.Millisecond) {
		db.Pool.QueryRow(ctx, `SELECT count(*), min(source) FROM locations WHERE device_id = $1`, phone.ID).Scan(&n, &source)
	}
	time.Sleep(300 * time.Millisecond) // the re-sent copy, had it been stored twice
	db.Pool.QueryRow(ctx, `SELECT count(*), min(source) FROM locations WHERE device_id = $1`, phone.ID).Scan(&n, &source)
	if n != 1 || source != lifeline.SourceOwnTracks {
		t.Errorf("stored %d fixes with source %q, want 1 from owntracks", n, source)
	}
}

// A phone's connection is filed under its device ID whatever client ID the
// app chose, so revoking the phone (Broker.Disconnect) finds and closes it.
func TestRevokingAPhoneClosesItsConnection(t *testing.T) {
	r := newPhoneRig(t)
	c := connectPhone(t, r, "owntracks-app")
	if !r.broker.Connected(r.phone) {
		t.Fatal("the phone's connection is not filed under its device ID")
	}
	r.broker.Disconnect(r.phone)
	for deadline := time.Now().Add(5 * time.Second); c.IsConnectionOpen() && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	if c.IsConnectionOpen() {
		t.Fatal("the revoked phone is still connected")
	}
}
