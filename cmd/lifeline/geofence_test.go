package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"lifeline/ingest/wire"
)

// browser is a signed-in person talking to the real program.
type browser struct {
	t    testing.TB
	base string
	http *http.Client
}

func signUp(t testing.TB, base, name string) *browser {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	b := &browser{t: t, base: base, http: &http.Client{Jar: jar}}
	b.call("POST", "/api/auth/register", fmt.Sprintf(`{"email":"%s@example.org","password":"a long enough passphrase","firstName":"%s"}`, strings.ToLower(name), name), http.StatusCreated, nil)
	return b
}

// signIn is a fresh browser signed in to an existing account.
func signIn(t testing.TB, base, email, password string) *browser {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	b := &browser{t: t, base: base, http: &http.Client{Jar: jar}}
	b.call("POST", "/api/auth/login", fmt.Sprintf(`{"email":%q,"password":%q}`, email, password), http.StatusOK, nil)
	return b
}

func (b *browser) call(method, path, body string, want int, out any) {
	b.t.Helper()
	req, _ := http.NewRequest(method, b.base+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	resp, err := b.http.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != want {
		b.t.Fatalf("%s %s = %d, want %d", method, path, resp.StatusCode, want)
	}
	if out != nil {
		json.NewDecoder(resp.Body).Decode(out)
	}
}

// alerts streams the names of SSE alert events.
func (b *browser) alerts(ctx context.Context) <-chan string {
	req, _ := http.NewRequestWithContext(ctx, "GET", b.base+"/api/events", nil)
	resp, err := b.http.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	out := make(chan string, 16)
	go func() {
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		kind := ""
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, "event: ") {
				kind = strings.TrimPrefix(line, "event: ")
			}
			if strings.HasPrefix(line, "data: ") && kind == "alert" {
				out <- line
			}
		}
	}()
	time.Sleep(200 * time.Millisecond)
	return out
}

func TestBraceletEnteringAnAvoidZone(t *testing.T) {
	dir := dataDir(t)
	p, stop := startProgramFull(t, dir)
	owner, other := signUp(t, p.url, "Ada"), signUp(t, p.url, "Ben")
	owner.call("POST", "/api/safe-zones", `{"name":"Old bar","type":"avoid","latitude":37.7793,"longitude":-122.4193,"radius":100}`, http.StatusCreated, nil)
	var device struct{ ID, Token string }
	owner.call("POST", "/api/devices", `{"name":"Left wrist"}`, http.StatusCreated, &device)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ownerAlerts, otherAlerts := owner.alerts(ctx), other.alerts(ctx)

	seq := uint64(0)
	walkIn := func(mqttAddr string) time.Time {
		t.Helper()
		c := paho.NewClient(paho.NewClientOptions().AddBroker("tcp://" + mqttAddr).SetClientID(device.ID).
			SetUsername(device.ID).SetPassword(device.Token).SetProtocolVersion(4).SetCleanSession(false))
		if tok := c.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
			t.Fatalf("connect: %v", tok.Error())
		}
		defer c.Disconnect(100)
		acc := 4.0
		for i := 0; i < 3; i++ {
			seq++
			fix := wire.Fix{Seq: seq, TS: time.Now().Add(time.Duration(i-3) * time.Second), Lat: 37.7793, Lon: -122.4193, Acc: &acc}
			if tok := c.Publish(wire.PositionTopic(device.ID), 1, false, wire.EncodePosition(fix)); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
				t.Fatalf("publish: %v", tok.Error())
			}
		}
		return time.Now()
	}

	acked := walkIn(p.mqtt)
	select {
	case data := <-ownerAlerts:
		if !strings.Contains(data, "geofence_enter_avoid") {
			t.Fatalf("alert = %s", data)
		}
		if took := time.Since(acked); took > time.Second {
			t.Errorf("the alert reached the owner's stream %v after the last PUBACK, want within 1s", took)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no alert event for the owner")
	}
	select {
	case data := <-otherAlerts:
		t.Fatalf("another user got %s", data)
	case <-time.After(300 * time.Millisecond):
	}

	cancel()
	if err := stop(); err != nil { // a restart between fixes
		t.Fatal(err)
	}
	p, stop = startProgramFull(t, dir)
	defer stop()
	owner.base = p.url
	walkIn(p.mqtt)
	time.Sleep(time.Second)
	var alerts []struct{ Type string }
	owner.call("GET", "/api/alerts", "", http.StatusOK, &alerts)
	enters := 0
	for _, a := range alerts {
		if a.Type == "geofence_enter_avoid" {
			enters++
		}
	}
	if enters != 1 {
		t.Errorf("%d enter alerts after a restart and more fixes inside, want 1", enters)
	}
}

func TestServeSeedsTheBuiltInContent(t *testing.T) {
	p, stop := startProgramFull(t, dataDir(t))
	defer stop()
	reader := signUp(t, p.url, "Reader")
	var articles, posts, statistics []struct{ ID int64 }
	reader.call("GET", "/api/articles", "", http.StatusOK, &articles)
	reader.call("GET", "/api/blog", "", http.StatusOK, &posts)
	reader.call("GET", "/api/statistics", "", http.StatusOK, &statistics)
	if len(articles) < 12 || len(posts) < 8 || len(statistics) < 9 {
		t.Errorf("seeded %d articles, %d posts, %d statistics; want at least 12, 8 and 9", len(articles), len(posts), len(statistics))
	}
}
