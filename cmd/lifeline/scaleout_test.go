package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"lifeline/app/apptest"
	"lifeline/ingest"
	"lifeline/ingest/mosquittotest"
	"lifeline/ingest/wire"
	"lifeline/migrations"
	"lifeline/store"
	"lifeline/store/storetest"
)

// startNode runs `lifeline serve args...` as a child process (app/apptest),
// with env added to its environment, and waits until it is ready; a test
// can then kill it the way an operating system does: SIGKILL, no goodbye
// to the broker.
func startNode(t *testing.T, env []string, args ...string) *apptest.Process {
	t.Helper()
	p := apptest.NewProcess(apptest.Binary(t), apptest.Dir(t, "lifeline-node-"), append([]string{"--log-level", "warn"}, args...)...)
	p.Env = env
	return apptest.Run(t, p)
}

// scrape returns one unlabelled sample of the node's /metrics.
func scrape(t *testing.T, base, metric string) float64 {
	t.Helper()
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(metric) + ` (\S+)$`).FindSubmatch(body)
	if m == nil {
		t.Fatalf("%s/metrics has no %s", base, metric)
	}
	v, _ := strconv.ParseFloat(string(m[1]), 64)
	return v
}

// liveEvents streams the kinds of a user's SSE events.
func (b *browser) liveEvents(ctx context.Context) <-chan string {
	req, _ := http.NewRequestWithContext(ctx, "GET", b.base+"/api/events", nil)
	resp, err := b.http.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	out := make(chan string, 1024)
	go func() {
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if kind, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				select {
				case out <- kind:
				default:
				}
			}
		}
	}()
	return out
}

// The scale-out topology on real processes: one API node (no MQTT), two
// ingest workers (no API) sharing a real Mosquitto through a shared
// subscription, one database. Locations ingested by a worker reach the
// owner's live stream on the API node; a worker killed mid-stream (SIGKILL)
// loses nothing once it is back, and every fix is stored exactly once.
func TestScaleOutRolesWithMosquitto(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Mosquitto and three lifeline processes")
	}
	dbURL := storetest.NewURL(t)
	common := []string{"--database-url", dbURL}

	api := startNode(t, nil, append([]string{"--role", "api"}, common...)...)
	owner := signUp(t, api.URL(), "Scale")
	var device struct{ ID, Token string }
	owner.call("POST", "/api/devices", `{"name":"Scale-out bracelet"}`, http.StatusCreated, &device)

	workers := []string{"lifeline-ingest-1", "lifeline-ingest-2"}
	broker := mosquittotest.Start(t, workers, []ingest.MosquittoAccount{
		{Username: workers[0], Password: "worker-secret"}, {Username: workers[1], Password: "worker-secret"},
		{Username: device.ID, Password: device.Token},
	})
	startWorker := func(user string) *apptest.Process {
		return startNode(t, []string{"LIFELINE_MQTT_EXTERNAL_PASSWORD=worker-secret"},
			append([]string{"--role", "ingest", "--mqtt-external", broker.URL, "--mqtt-external-username", user}, common...)...)
	}
	w1, w2 := startWorker(workers[0]), startWorker(workers[1])

	// Roles: the API node takes no MQTT; a worker serves only health and metrics.
	for _, c := range []struct {
		url  string
		want int
	}{
		{api.URL() + "/api/auth/config", http.StatusOK},
		{w1.URL() + "/api/auth/config", http.StatusNotFound},
		{w1.URL() + "/", http.StatusNotFound},
		{w1.URL() + "/healthz", http.StatusOK},
		{w1.URL() + "/readyz", http.StatusOK},
		{w1.URL() + "/metrics", http.StatusOK},
	} {
		if got := status(t, c.url); got != c.want {
			t.Errorf("GET %s = %d, want %d", c.url, got, c.want)
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events := owner.liveEvents(ctx)
	time.Sleep(200 * time.Millisecond)

	c := paho.NewClient(paho.NewClientOptions().AddBroker(broker.URL).SetClientID(device.ID).
		SetUsername(device.ID).SetPassword(device.Token).SetProtocolVersion(4))
	if tok := c.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("the bracelet cannot connect to Mosquitto: %v", tok.Error())
	}
	defer c.Disconnect(100)

	const total, killAt = 3000, 1200
	base := time.Now().Add(-2 * time.Hour).Truncate(time.Millisecond)
	acc := 5.0
	var w1Before, w2Before float64
	for seq := uint64(1); seq <= total; seq += 50 {
		var toks []paho.Token
		for s := seq; s < seq+50; s++ {
			f := wire.Fix{Seq: s, TS: base.Add(time.Duration(s) * time.Second), Lat: 52.52 + float64(s)*1e-5, Lon: 13.40, Acc: &acc}
			toks = append(toks, c.Publish(wire.PositionTopic(device.ID), 1, false, wire.EncodePosition(f)))
		}
		for _, tok := range toks {
			if !tok.WaitTimeout(20*time.Second) || tok.Error() != nil {
				t.Fatalf("publish: %v", tok.Error())
			}
		}
		if seq+50 > killAt && seq <= killAt {
			// The broker acknowledged these on receipt; each worker counts its
			// share once committed, which on a busy machine can lag the first
			// batch by seconds: wait for both to have committed some.
			for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(100 * time.Millisecond) {
				w1Before, w2Before = scrape(t, w1.URL(), "lifeline_ingest_fixes_total"), scrape(t, w2.URL(), "lifeline_ingest_fixes_total")
				if w1Before > 0 && w2Before > 0 || time.Now().After(deadline) {
					break
				}
			}
			w1.Kill() // mid-stream: whatever it held unacknowledged stays with the broker
		}
		time.Sleep(5 * time.Millisecond)
	}
	if w1Before == 0 || w2Before == 0 {
		t.Errorf("before the kill worker 1 committed %v fixes and worker 2 %v: want both to share the load", w1Before, w2Before)
	}

	db, err := store.Open(ctx, dbURL, migrations.FS, store.TimescaleAuto)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	count := func() (rows, distinct int) {
		db.Pool.QueryRow(ctx, `SELECT count(*), count(DISTINCT seq) FROM locations WHERE device_id = $1`, device.ID).Scan(&rows, &distinct)
		return rows, distinct
	}
	waitFor := func(want int, within time.Duration) (rows, distinct int) {
		for deadline := time.Now().Add(within); ; time.Sleep(100 * time.Millisecond) {
			if rows, distinct = count(); distinct >= want || time.Now().After(deadline) {
				return rows, distinct
			}
		}
	}
	// Worker 2 goes on committing its share. Mosquitto keeps queueing the
	// dead worker's share (its session persists) until it reconnects: a
	// dead worker delays a part of the traffic, it does not lose it.
	rows, distinct := waitFor(total, 10*time.Second)
	w2After := scrape(t, w2.URL(), "lifeline_ingest_fixes_total")
	t.Logf("with worker 1 dead: %d of %d fixes stored; worker 2 committed %v (%v before the kill)", distinct, total, w2After, w2Before)
	if w2After-w2Before < (total-killAt)/3 {
		t.Errorf("after the kill worker 2 committed only %v more fixes: it did not keep taking its share", w2After-w2Before)
	}
	// Mosquitto keeps what the dead worker had not acknowledged in its
	// session; the restarted worker (same client ID) gets it back.
	startWorker(workers[0])
	rows, distinct = waitFor(total, 30*time.Second)
	if distinct != total || rows != total {
		t.Fatalf("after worker 1 came back: %d rows, %d distinct fixes; want %d of each (none lost, none twice)", rows, distinct, total)
	}

	got := false
	for deadline := time.After(5 * time.Second); !got; {
		select {
		case kind := <-events:
			got = kind == "location"
		case <-deadline:
			t.Fatal("no location event reached the owner's stream on the API node")
		}
	}
}
