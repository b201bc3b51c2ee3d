package main

import (
	"bytes"
	"encoding/json"
	"net"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"lifeline/store/storetest"
)

// closedAddr is a local host:port nothing listens on.
func closedAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}

func TestAlertProbeRefusesBadFlags(t *testing.T) {
	down := closedAddr(t)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no api", []string{"--broker", down}, "--api is required"},
		{"no broker", []string{"--api", "http://" + down}, "--broker is required"},
		{"api not a URL", []string{"--api", down, "--broker", down}, "is not an http:// or https:// URL"},
		{"broker without port", []string{"--api", "http://" + down, "--broker", "127.0.0.1"}, "is not host:port"},
		{"every zero", []string{"--api", "http://" + down, "--broker", down, "--every", "0s"}, "must be positive"},
		{"negative count", []string{"--api", "http://" + down, "--broker", down, "--count", "-1"}, "--count must not be negative"},
		{"email without password", []string{"--api", "http://" + down, "--broker", down, "--email", "a@b.invalid"}, "--email needs --password"},
		{"stray argument", []string{"--api", "http://" + down, "--broker", down, "now"}, `unexpected argument "now"`},
		{"unknown flag", []string{"--rows", "3"}, "flag provided but not defined"},
		{"server down", []string{"--api", "http://" + down, "--broker", down, "--count", "1"}, "cannot reach the API at http://" + down},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			err := run(t.Context(), append([]string{"alert-probe"}, tc.args...), func(string) string { return "" }, &out, &errs)
			if err == nil || !strings.Contains(err.Error()+errs.String(), tc.want) {
				t.Fatalf("alert-probe %v: %v (stderr %q), want an error saying %q", tc.args, err, errs.String(), tc.want)
			}
			if out.Len() != 0 {
				t.Errorf("printed %q on a failure", out.String())
			}
		})
	}
}

// TestAlertProbe probes a real lifeline, as its own throwaway user and as
// a named account, and checks the JSON it prints and that it tidied up.
func TestAlertProbe(t *testing.T) {
	lifeline := startLifeline(t, storetest.NewURL(t), "--signup-limit", "1000")
	api, broker := lifeline.URL(), lifeline.MQTTAddr()

	// The named account, and a browser signed in as it.
	jar, _ := cookiejar.New(nil)
	named := &http.Client{Jar: jar, Timeout: 30 * time.Second}
	call := func(method, path, body string, want int, into any) {
		t.Helper()
		req, _ := http.NewRequest(method, api+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", api)
		resp, err := named.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != want {
			t.Fatalf("%s %s = %d, want %d", method, path, resp.StatusCode, want)
		}
		if into != nil {
			json.NewDecoder(resp.Body).Decode(into)
		}
	}
	const email, password = "named@bench.invalid", "steady load generator 42"
	call("POST", "/api/auth/register", `{"email":"`+email+`","password":"`+password+`","firstName":"Named"}`, http.StatusCreated, nil)

	probe := func(t *testing.T, args ...string) (probeResult, string, error) {
		var out, errs bytes.Buffer
		err := run(t.Context(), append([]string{"alert-probe", "--api", api}, args...), func(k string) string {
			return map[string]string{"LIFELINE_PASSWORD": password}[k]
		}, &out, &errs)
		var r probeResult
		if err == nil {
			dec := json.NewDecoder(&out)
			dec.DisallowUnknownFields() // the shape scripts rely on
			if err := dec.Decode(&r); err != nil {
				t.Fatalf("alert-probe printed %q: %v", out.String(), err)
			}
		}
		return r, errs.String(), err
	}

	for _, tc := range []struct {
		name string
		args []string
	}{
		{"own throwaway user", nil},
		{"named account", []string{"--email", email}}, // password from $LIFELINE_PASSWORD
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			r, errs, err := probe(t, append([]string{"--broker", broker, "--count", "3", "--every", "200ms"}, tc.args...)...)
			if err != nil || errs != "" {
				t.Fatalf("alert-probe: %v\n%s", err, errs)
			}
			if r.Samples != 3 || r.Timeouts != 0 {
				t.Fatalf("%+v, want 3 samples and no timeouts", r)
			}
			if !(0 <= r.P50 && r.P50 <= r.P99 && r.P99 <= r.Max && r.Max < 10000) || !(0 < r.AckP50 && r.AckP50 <= r.AckP99 && r.AckP99 < 10000) {
				t.Errorf("%+v: want 0 ≤ p50 ≤ p99 ≤ max < 10 s and 0 < ack p50 ≤ ack p99 < 10 s", r)
			}
			if !(0 < r.FirstFix && r.FirstFix < 10000) {
				t.Errorf("first fix acknowledged %v ms after dialling, want between 0 and 10 s", r.FirstFix)
			}
			if took := time.Since(start); took < 400*time.Millisecond {
				t.Errorf("3 samples 200ms apart took %v", took)
			}
		})
	}

	// The named account keeps no zone and no live bracelet of the probe.
	call("POST", "/api/auth/login", `{"email":"`+email+`","password":"`+password+`"}`, http.StatusOK, nil)
	var zones []struct{ Name string }
	call("GET", "/api/safe-zones", "", http.StatusOK, &zones)
	var devices []struct {
		Name      string
		RevokedAt *time.Time
	}
	call("GET", "/api/devices", "", http.StatusOK, &devices)
	if len(zones) != 0 {
		t.Errorf("zones left on the named account: %+v", zones)
	}
	for _, d := range devices {
		if d.RevokedAt == nil {
			t.Errorf("bracelet %q left paired on the named account", d.Name)
		}
	}

	// An MQTT listener that is not there is a clear error, after the
	// throwaway user is erased again (nothing on stderr).
	down := closedAddr(t)
	_, errs, err := probe(t, "--broker", down, "--count", "1", "--timeout", "2s")
	if err == nil || !strings.Contains(err.Error(), "cannot connect to the MQTT broker at "+down) || errs != "" {
		t.Errorf("probing with the broker down: %v (stderr %q), want a clear error and a clean erase", err, errs)
	}
}
