package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"regexp"
	"strconv"
	"strings"
	"testing"

	mrand "math/rand/v2"

	"github.com/mochi-mqtt/server/v2/packets"

	"lifeline/ingest/wire"
	"lifeline/store/storetest"
)

// TestConnectFlood: a second of bad CONNECTs against a real lifeline, from
// an address of its own each time: every one is refused with CONNACK 5 (not
// authorised), and lifeline_mqtt_refused_total counts each once, the first
// ones looked up (unknown_device, or bad_token for a real device with a
// wrong token) and the rest throttled without a lookup (auth_throttled).
func TestConnectFlood(t *testing.T) {
	lifeline := startLifeline(t, storetest.NewURL(t))
	web, broker := lifeline.URL(), lifeline.MQTTAddr()
	device := pairDevice(t, web)
	tests := []struct {
		name   string
		args   []string
		lookup string // the reason of the refusals that looked the device up
	}{
		{"random device IDs", []string{"--local-addr", "127.0.0.250"}, "unknown_device"},
		{"a real device, wrong tokens", []string{"--local-addr", "127.0.0.251", "--device-id", device}, "bad_token"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := refusals(t, web)
			var out, errOut bytes.Buffer
			// A generous wait for each CONNACK: on a busy machine the lookups
			// under way queue for the database, and what is measured here is
			// how CONNECTs are refused, not how fast.
			args := append([]string{"connect-flood", "--broker", "tcp://" + broker, "--rate", "200", "--duration", "1s", "--timeout", "15s"}, tt.args...)
			if err := run(t.Context(), args, func(string) string { return "" }, &out, &errOut); err != nil {
				t.Fatalf("%v\n%s", err, errOut.String())
			}
			var r struct {
				Sent      int64            `json:"sent"`
				Connack   map[string]int64 `json:"connack"`
				Errors    int64            `json:"errors"`
				DurationS float64          `json:"duration_s"`
				Rate      float64          `json:"rate"`
				RateHeld  *bool            `json:"rate_held"`
			}
			if err := json.Unmarshal(out.Bytes(), &r); err != nil {
				t.Fatalf("%v: %s", err, out.String())
			}
			t.Logf("%s", out.String())
			if r.Sent < 150 || r.Errors != 0 || len(r.Connack) != 1 || r.Connack["5"] != r.Sent || r.DurationS < 0.9 || r.Rate <= 0 || r.RateHeld == nil {
				t.Fatalf("%s: want about 200 CONNECTs, each refused with CONNACK 5, no errors", out.String())
			}
			after := refusals(t, web)
			delta := map[string]int64{}
			for reason, n := range after {
				if d := n - before[reason]; d != 0 {
					delta[reason] = d
				}
			}
			t.Logf("refusals counted: %v", delta)
			if len(delta) != 2 || delta[tt.lookup]+delta["auth_throttled"] != r.Sent || delta["auth_throttled"] == 0 || delta[tt.lookup] < 100 {
				t.Errorf("refusals counted %v for %d CONNECTs; want %s for the first 100 or more (the guard's burst) and auth_throttled for the rest",
					delta, r.Sent, tt.lookup)
			}
		})
	}
}

// refusals reads lifeline_mqtt_refused_total by reason from /metrics.
func refusals(t *testing.T, web string) map[string]int64 {
	t.Helper()
	resp, err := http.Get(web + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	line := regexp.MustCompile(`^lifeline_mqtt_refused_total\{reason="([a-z_]+)"\} (\d+)$`)
	out := map[string]int64{}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if m := line.FindStringSubmatch(sc.Text()); m != nil {
			out[m[1]], _ = strconv.ParseInt(m[2], 10, 64)
		}
	}
	return out
}

// pairDevice signs a new account up and pairs a bracelet to it through the
// API; it returns the bracelet's ID.
func pairDevice(t *testing.T, web string) string {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	hc := &http.Client{Jar: jar}
	post := func(path, body string) []byte {
		req, _ := http.NewRequest(http.MethodPost, web+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", web)
		resp, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode/100 != 2 {
			t.Fatalf("POST %s: %d %s", path, resp.StatusCode, b)
		}
		return b
	}
	post("/api/auth/register", `{"email":"flood@example.com","password":"walking-the-long-way-home-7","firstName":"Flood"}`)
	var d struct{ ID string }
	json.Unmarshal(post("/api/devices", `{"name":"Bracelet","kind":"bracelet"}`), &d)
	if !wire.ValidDeviceID(d.ID) {
		t.Fatalf("paired device ID %q", d.ID)
	}
	return d.ID
}

// TestConnectFloodSlowBroker: a broker that accepts connections and never
// answers holds every attempt until --timeout; with too few at once the
// rate is not held, and the output says so.
func TestConnectFloodSlowBroker(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		var held []net.Conn
		defer func() {
			for _, c := range held {
				c.Close()
			}
		}()
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			held = append(held, c)
		}
	}()
	var out bytes.Buffer
	args := []string{"connect-flood", "--broker", l.Addr().String(), "--rate", "100", "--duration", "1s", "--concurrency", "2", "--timeout", "200ms"}
	if err := run(t.Context(), args, func(string) string { return "" }, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	var r struct {
		Sent       int64            `json:"sent"`
		Errors     int64            `json:"errors"`
		RateHeld   bool             `json:"rate_held"`
		Note       string           `json:"note"`
		ErrorKinds map[string]int64 `json:"error_kinds"`
	}
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	if r.Sent < 5 || r.Sent > 20 || r.Errors != r.Sent || r.ErrorKinds["no CONNACK in time"] != r.Sent || r.RateHeld || !strings.Contains(r.Note, "raise --concurrency") {
		t.Errorf("%s: want about 10 attempts, each without a CONNACK, and the rate not held", out.String())
	}
}

// TestConnectFloodFlags: bad flags are one clear error each.
func TestConnectFloodFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no broker", nil, "--broker HOST:PORT is required"},
		{"broker without a port", []string{"--broker", "localhost"}, "want HOST:PORT"},
		{"broker with a bad port", []string{"--broker", "tcp://localhost:99999"}, "bad port"},
		{"zero rate", []string{"--broker", "localhost:1883", "--rate", "0"}, "--rate 0"},
		{"negative duration", []string{"--broker", "localhost:1883", "--duration", "-1s"}, "--duration -1s"},
		{"no concurrency", []string{"--broker", "localhost:1883", "--concurrency", "0"}, "--concurrency 0"},
		{"zero timeout", []string{"--broker", "localhost:1883", "--timeout", "0s"}, "--timeout 0s"},
		{"local address not an IP", []string{"--broker", "localhost:1883", "--local-addr", "here"}, "--local-addr \"here\""},
		{"device ID not of the contract", []string{"--broker", "localhost:1883", "--device-id", "bracelet-1"}, "--device-id \"bracelet-1\""},
		{"stray argument", []string{"--broker", "localhost:1883", "now"}, "unexpected argument"},
		{"unknown flag", []string{"--broker", "localhost:1883", "--fast"}, "flag provided but not defined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := run(t.Context(), append([]string{"connect-flood"}, tt.args...), func(string) string { return "" }, &out, &errOut)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want it to contain %q", err, tt.want)
			}
			if out.Len() != 0 {
				t.Errorf("printed %q on bad flags", out.String())
			}
		})
	}
}

// TestConnectPacket: the CONNECT decodes as mochi reads it, short and long,
// and random device IDs are of the contract's form.
func TestConnectPacket(t *testing.T) {
	rng := mrand.New(mrand.NewPCG(1, 2))
	tests := []struct{ id, password string }{
		{randomDeviceID(rng), "wrong-0123456789abcdef"},
		{"brc_" + strings.Repeat("x", 60), "wrong-" + strings.Repeat("y", 100)}, // a remaining length over 127
	}
	for _, tt := range tests {
		if !wire.ValidDeviceID(tt.id) {
			t.Errorf("device ID %q is not of the contract's form", tt.id)
		}
		raw := connectPacket(tt.id, tt.password)
		r := bytes.NewReader(raw[1:])
		n, _, err := packets.DecodeLength(r)
		if err != nil || n != r.Len() {
			t.Fatalf("remaining length %d (%v), %d bytes follow", n, err, r.Len())
		}
		pk := packets.Packet{FixedHeader: packets.FixedHeader{Type: packets.Connect}}
		if err := pk.ConnectDecode(raw[len(raw)-n:]); err != nil {
			t.Fatal(err)
		}
		c := pk.Connect
		if raw[0] != 0x10 || pk.ProtocolVersion != 4 || !c.Clean || c.ClientIdentifier != tt.id || string(c.Username) != tt.id || string(c.Password) != tt.password || c.WillFlag {
			t.Errorf("decoded %+v (version %d)", c, pk.ProtocolVersion)
		}
		if code := pk.ConnectValidate(); code != packets.CodeSuccess {
			t.Errorf("mochi finds the CONNECT invalid: %v", code)
		}
	}
}
