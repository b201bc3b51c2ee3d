package main

// Integration tests: the simulator against the real lifeline server (its
// embedded broker and a private PostgreSQL), built from this repository and
// started as a separate process by app/apptest: the simulator itself may
// import nothing of the server's. One server serves every test; each test
// signs up its own account, so their fixes never mix.

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"lifeline/app/apptest"
)

// lifelineServer is the lifeline binary, started once for the whole
// package (app/apptest).
type lifelineServer struct {
	*apptest.Process
	url, mqtt, ws string
}

var (
	serverOnce sync.Once
	server     *lifelineServer
	serverErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if server != nil {
		server.Close()
	}
	os.Exit(code)
}

// startServer builds and starts lifeline once for the whole package.
func startServer(t *testing.T) *lifelineServer {
	t.Helper()
	if testing.Short() {
		t.Skip("starts the real lifeline server and PostgreSQL")
	}
	serverOnce.Do(func() {
		var p *apptest.Process
		if p, serverErr = apptest.Launch(); serverErr == nil {
			server = &lifelineServer{Process: p, url: p.URL(), mqtt: p.MQTTAddr(), ws: p.WSAddr()}
		}
	})
	if serverErr != nil {
		t.Fatal(serverErr)
	}
	select {
	case <-server.Exited():
		t.Fatalf("the lifeline server has exited:\n%s", server.LogTail())
	default:
	}
	return server
}

// account is a user signed up for one test.
type account struct {
	api             *apiClient
	email, password string
}

func newAccount(t *testing.T, s *lifelineServer) *account {
	t.Helper()
	api, err := newAPIClient(s.url)
	if err != nil {
		t.Fatal(err)
	}
	a := &account{api: api, email: fmt.Sprintf("sim-%d@example.com", time.Now().UnixNano()), password: "walking-the-long-way-home-7"}
	body := map[string]string{"email": a.email, "password": a.password, "firstName": "Sim"}
	if err := api.do(t.Context(), http.MethodPost, "/api/auth/register", body, nil); err != nil {
		t.Fatalf("sign up: %v", err)
	}
	return a
}

func (a *account) pair(t *testing.T, n int) []credential { return a.pairKind(t, n, "bracelet") }

func (a *account) pairKind(t *testing.T, n int, kind string) []credential {
	t.Helper()
	var creds []credential
	for i := range n {
		c, err := a.api.pairDevice(t.Context(), fmt.Sprintf("Test %s %d", kind, i+1), kind)
		if err != nil {
			t.Fatalf("pair: %v", err)
		}
		c.User = a.email
		creds = append(creds, c)
	}
	return creds
}

// everything lists every fix stored for the account, whenever its time.
func (a *account) everything(t *testing.T) []location {
	t.Helper()
	var all []location
	from, to := time.Now().AddDate(-3, 0, 0), time.Now().Add(24*time.Hour)
	if err := a.api.eachLocation(t.Context(), from, to, func(l location) { all = append(all, l) }); err != nil {
		t.Fatal(err)
	}
	return all
}

// config is a quick run against s for a's devices.
func (a *account) config(s *lifelineServer, creds []credential) Config {
	c := defaultConfig()
	c.Broker = "tcp://" + s.mqtt
	c.Credentials = creds
	c.API, c.Email, c.Password = s.url, a.email, a.password
	c.Interval, c.FollowConfig = 200*time.Millisecond, false
	c.Duration, c.DrainTimeout = 3*time.Second, 20*time.Second
	c.BatteryEvery = time.Second
	c.Verify, c.Quiet = true, true
	c.Seed = 7
	return c
}

// TestFiftyDevices: 50 devices for a few seconds; every acknowledged fix is
// stored, once, and nothing else is.
func TestFiftyDevices(t *testing.T) {
	s := startServer(t)
	a := newAccount(t, s)
	cfg := a.config(s, a.pair(t, 50))
	cfg.Quiet = false
	var out, progress bytes.Buffer
	sum, err := Run(t.Context(), cfg, &out, &progress)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	t.Logf("\n%s", out.String())
	if lines := strings.Count(progress.String(), "connected 50/50"); lines < 2 {
		t.Errorf("want a progress line every second, got:\n%s", progress.String())
	}
	if sum.Devices != 50 || sum.Acked < 50*5 {
		t.Fatalf("%d devices acknowledged %d fixes; want 50 devices and hundreds of fixes", sum.Devices, sum.Acked)
	}
	if sum.Lost != 0 || sum.Sent != sum.Acked || sum.Reconnects != 0 {
		t.Errorf("sent %d, acked %d, lost %d, reconnects %d: want nothing lost", sum.Sent, sum.Acked, sum.Lost, sum.Reconnects)
	}
	if v := sum.Verify; v == nil || v.Checked != int(sum.Acked) || v.failed() || v.Unacknowledged != 0 {
		t.Errorf("verify: %+v", sum.Verify)
	}
	if sum.BatteryAcked == 0 || sum.BatteryAcked != sum.BatterySent {
		t.Errorf("battery packets: sent %d, acked %d", sum.BatterySent, sum.BatteryAcked)
	}
	if sum.Configs < 50 {
		t.Errorf("%d config messages received, want each device's retained config", sum.Configs)
	}
	if sum.P50ms <= 0 || sum.P99ms < sum.P50ms || sum.MaxMs < sum.P99ms {
		t.Errorf("latency p50 %g p99 %g max %g ms", sum.P50ms, sum.P99ms, sum.MaxMs)
	}
	// Independently of --verify: the account holds exactly the acknowledged fixes.
	stored := a.everything(t)
	if len(stored) != int(sum.Acked) {
		t.Errorf("%d fixes stored, %d acknowledged", len(stored), sum.Acked)
	}
	for _, l := range stored {
		if l.Source != "bracelet" || l.Accuracy == nil || *l.Accuracy < minAccuracy || *l.Accuracy > maxAccuracy || l.Battery == nil {
			t.Fatalf("stored fix %+v: want a bracelet fix with accuracy 3-30 m and a battery level", l)
		}
	}
}

// TestOfflineDeliversBufferedFixesInOrder: devices drop their connection,
// keep fixes on flash, and send them as arrays afterwards, oldest first;
// nothing is lost and the server stores them in the order sent.
func TestOfflineDeliversBufferedFixesInOrder(t *testing.T) {
	srv := startServer(t)
	a := newAccount(t, srv)
	cfg := a.config(srv, a.pair(t, 5))
	cfg.Scenario = scenarioOffline
	cfg.Interval, cfg.Duration = 100*time.Millisecond, 5*time.Second
	cfg.OfflineAfter, cfg.OfflineFor = time.Second, 1500*time.Millisecond

	s, err := prepare(t.Context(), cfg, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := s.run(t.Context(), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	printSummary(tWriter{t}, sum)
	if sum.Offlines < 5 {
		t.Errorf("%d offline periods, want each device offline at least once", sum.Offlines)
	}
	if sum.Lost != 0 || sum.Unsent != 0 || sum.FlashDropped != 0 || sum.Sent != sum.Acked {
		t.Errorf("sent %d, acked %d, lost %d, unsent %d, dropped %d: want everything delivered", sum.Sent, sum.Acked, sum.Lost, sum.Unsent, sum.FlashDropped)
	}
	if sum.Packets >= uint64(sum.Acked) {
		t.Errorf("%d packets for %d fixes: buffered fixes should go as arrays", sum.Packets, sum.Acked)
	}
	// The device side: acknowledgements came back oldest first.
	for _, d := range s.devices {
		for i := 1; i < len(d.acked); i++ {
			if d.acked[i].seq != d.acked[i-1].seq+1 {
				t.Fatalf("%s: seq %d acknowledged after %d", d.cred.ID, d.acked[i].seq, d.acked[i-1].seq)
			}
		}
		if want := int(d.seq); len(d.acked) != want {
			t.Errorf("%s took %d fixes, %d acknowledged", d.cred.ID, want, len(d.acked))
		}
	}
	v, err := s.verify(t.Context())
	if err != nil || v.failed() || v.Checked != int(sum.Acked) {
		t.Fatalf("verify: %+v %v", v, err)
	}
	// The server side: stored once each, and (row IDs follow insertion) in
	// the order they were taken.
	byDevice := map[string][]location{}
	for _, l := range a.everything(t) {
		byDevice[l.DeviceID] = append(byDevice[l.DeviceID], l)
	}
	total := 0
	for id, list := range byDevice {
		total += len(list)
		sort.Slice(list, func(i, j int) bool { return list[i].ID < list[j].ID })
		for i := 1; i < len(list); i++ {
			if list[i].Timestamp.Before(list[i-1].Timestamp) {
				t.Fatalf("%s: stored %s after %s", id, list[i].Timestamp, list[i-1].Timestamp)
			}
		}
	}
	if total != int(sum.Acked) {
		t.Errorf("%d stored, %d acknowledged", total, sum.Acked)
	}
}

// TestFuzzStoresNothingInvalid: malformed, oversize and out-of-range packets
// (over MQTT-over-WebSocket, for once) are acknowledged and dropped; the
// good fixes around them are stored, nothing else is, and the server stays
// healthy for the next device.
func TestFuzzStoresNothingInvalid(t *testing.T) {
	srv := startServer(t)
	a := newAccount(t, srv)
	creds := a.pair(t, 6)
	cfg := a.config(srv, creds[:5])
	cfg.Broker = "ws://" + srv.ws
	cfg.Scenario, cfg.FuzzRate = scenarioFuzz, 2
	// Runs of 3 s until 50 bad packets have gone out: how many one run
	// sends depends on the machine's speed (17 at load 9), the checks do not.
	var fuzzed, acked int64
	for round := 1; fuzzed < 50; round++ {
		if round > 20 {
			t.Fatalf("only %d bad packets sent in 20 runs", fuzzed)
		}
		var out bytes.Buffer
		sum, err := Run(t.Context(), cfg, &out, io.Discard)
		if err != nil {
			t.Fatalf("%v\n%s", err, out.String())
		}
		t.Logf("run %d\n%s", round, out.String())
		if sum.FuzzAcked != sum.FuzzSent {
			t.Errorf("bad packets: sent %d, acknowledged %d", sum.FuzzSent, sum.FuzzAcked)
		}
		if sum.Lost != 0 || sum.Reconnects != 0 || sum.Acked == 0 {
			t.Errorf("acked %d, lost %d, reconnects %d: bad packets must not disturb good ones", sum.Acked, sum.Lost, sum.Reconnects)
		}
		if v := sum.Verify; v == nil || v.failed() || v.Unacknowledged != 0 {
			t.Errorf("verify: %+v", sum.Verify)
		}
		fuzzed, acked = fuzzed+sum.FuzzSent, acked+sum.Acked
	}
	if stored := a.everything(t); int64(len(stored)) != acked {
		t.Errorf("%d fixes stored for %d acknowledged good ones: something invalid was stored", len(stored), acked)
	}

	resp, err := http.Get(srv.url + "/healthz")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("healthz after fuzzing: %v %v", resp, err)
	}
	resp.Body.Close()
	after := a.config(srv, creds[5:])
	after.Duration = time.Second
	sum, err := Run(t.Context(), after, io.Discard, io.Discard)
	if err != nil || sum.Acked == 0 || sum.Lost != 0 {
		t.Errorf("a device after the fuzzing: %+v %v", sum, err)
	}
}

// TestRefusedCredentials: a CSV whose tokens the server does not know is a
// clear exit 2, not a run of failing devices.
func TestRefusedCredentials(t *testing.T) {
	srv := startServer(t)
	a := newAccount(t, srv)
	creds := a.pair(t, 2)
	path := filepath.Join(t.TempDir(), "devices.csv")
	for i := range creds {
		creds[i].Token = "not-the-token"
	}
	if err := saveCredentials(path, creds); err != nil {
		t.Fatal(err)
	}
	var errOut bytes.Buffer
	code := run(t.Context(), []string{"--devices", path, "--broker", "tcp://" + srv.mqtt, "--duration", "1s"}, nil, io.Discard, &errOut)
	if code != 2 || !strings.Contains(errOut.String(), "refused all 2 device(s)") {
		t.Errorf("exit %d, stderr %q; want 2 and the devices refused", code, errOut.String())
	}
}

type tWriter struct{ t *testing.T }

func (w tWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// TestEveryProtocol: a few devices speak each protocol, in the offline
// scenario too (buffered fixes sent after the gap, as arrays where the
// protocol has them); --verify finds every acknowledged fix stored once.
func TestEveryProtocol(t *testing.T) {
	s := startServer(t)
	for _, p := range protocols {
		for _, scenario := range []string{scenarioWander, scenarioOffline} {
			t.Run(string(p)+" "+scenario, func(t *testing.T) {
				a := newAccount(t, s)
				cfg := a.config(s, a.pairKind(t, 3, p.deviceKind()))
				cfg.Protocol, cfg.Scenario, cfg.Inflight = p, scenario, 4
				cfg.OfflineAfter, cfg.OfflineFor, cfg.Batch = time.Second, time.Second, 50
				var out bytes.Buffer
				sum, err := Run(t.Context(), cfg, &out, io.Discard)
				if err != nil {
					t.Fatalf("%v\n%s", err, out.String())
				}
				if sum.Acked < 3*5 || sum.Lost != 0 {
					t.Fatalf("acked %d, lost %d; want dozens acknowledged and none lost\n%s", sum.Acked, sum.Lost, out.String())
				}
				if v := sum.Verify; v == nil || v.Checked != int(sum.Acked) || v.failed() {
					t.Errorf("verify: %+v\n%s", sum.Verify, out.String())
				}
				stored := map[string]int{}
				for _, l := range a.everything(t) {
					stored[l.Source]++
				}
				want := map[protocol]string{protoBracelet: "bracelet", protoOwnTracksMQTT: "owntracks", protoOwnTracksHTTP: "owntracks", protoOverland: "overland", protoOsmAnd: "osmand"}[p]
				if len(stored) != 1 || stored[want] < int(sum.Acked) {
					t.Errorf("stored fixes by source %v, want %d or more from %s", stored, sum.Acked, want)
				}
			})
		}
	}
}

// TestBrokerListFailsOver: given a cluster's nodes of which one is down,
// the devices that start at the dead node connect through the next one,
// with paho and in the lean mode, and every acknowledged fix is stored.
func TestBrokerListFailsOver(t *testing.T) {
	s := startServer(t)
	a := newAccount(t, s)
	creds := a.pair(t, 6)
	dead := closedPort(t)
	for _, lean := range []bool{false, true} {
		t.Run(map[bool]string{false: "paho", true: "lean"}[lean], func(t *testing.T) {
			cfg := a.config(s, creds)
			cfg.Broker = "tcp://" + s.mqtt + ",tcp://" + dead // devices 1, 3, 5 start at the dead node
			cfg.Lean, cfg.BatteryEvery = lean, 0
			var out, progress bytes.Buffer
			sum, err := Run(t.Context(), cfg, &out, &progress)
			if err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			if sum.Devices != 6 || sum.Acked < 6 || sum.Lost != 0 {
				t.Fatalf("%d devices, %d fixes acknowledged, %d lost: want all six devices through the live node\n%s", sum.Devices, sum.Acked, sum.Lost, out.String())
			}
			if v := sum.Verify; v == nil || v.Checked != int(sum.Acked) || v.failed() {
				t.Errorf("verify: %+v", sum.Verify)
			}
			stored := map[string]bool{}
			for _, l := range a.everything(t) {
				stored[l.DeviceID] = true
			}
			for _, c := range creds {
				if !stored[c.ID] {
					t.Errorf("device %s stored no fix: it did not fail over to the live node", c.ID)
				}
			}
		})
	}
}
