package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"gopkg.in/yaml.v3"

	"lifeline/ingest/wire"
)

// exportedMetrics runs the real program, gives it a little of every kind
// of traffic (a stored fix, a bad packet, a refused connection, an API
// request, a live stream) and returns the series names its /metrics
// serves, with each histogram's _bucket, _sum and _count.
func exportedMetrics(t *testing.T) (names map[string]bool, body string) {
	t.Helper()
	p, stop := startProgramFull(t, dataDir(t))
	t.Cleanup(func() { stop() })
	owner := signUp(t, p.url, "Metrics")
	var device struct{ ID, Token string }
	owner.call("POST", "/api/devices", `{"name":"Metrics"}`, http.StatusCreated, &device)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	owner.liveEvents(ctx)

	bad := paho.NewClient(paho.NewClientOptions().AddBroker("tcp://" + p.mqtt).SetClientID(device.ID).SetUsername(device.ID).SetPassword("wrong").SetProtocolVersion(4))
	if tok := bad.Connect(); tok.WaitTimeout(5*time.Second) && tok.Error() == nil {
		t.Fatal("a wrong token was accepted")
	}
	c := paho.NewClient(paho.NewClientOptions().AddBroker("tcp://" + p.mqtt).SetClientID(device.ID).SetUsername(device.ID).SetPassword(device.Token).SetProtocolVersion(4))
	if tok := c.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("connect: %v", tok.Error())
	}
	t.Cleanup(func() { c.Disconnect(100) })
	acc := 5.0
	for _, payload := range [][]byte{
		wire.EncodePosition(wire.Fix{Seq: 1, TS: time.Now().Add(-time.Minute), Lat: 48.85, Lon: 2.35, Acc: &acc}),
		[]byte("not a position"),
	} {
		if tok := c.Publish(wire.PositionTopic(device.ID), 1, false, payload); !tok.WaitTimeout(10 * time.Second) {
			t.Fatal("publish timed out")
		}
	}

	var text string
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		resp, err := http.Get(p.url + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		text = string(raw)
		// The bad packet's PUBACK waits its turn in the writer's queue.
		settled := strings.Contains(text, "lifeline_ingest_pending_rows 0\n")
		if strings.Contains(text, "lifeline_sse_clients 1") && strings.Contains(text, "lifeline_ingest_rejected_total{") && settled || time.Now().After(deadline) {
			break
		}
	}
	names = map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^# TYPE (\S+) (\S+)$`).FindAllStringSubmatch(text, -1) {
		names[m[1]] = true
		if m[2] == "histogram" {
			names[m[1]+"_bucket"], names[m[1]+"_sum"], names[m[1]+"_count"] = true, true, true
		}
	}
	return names, text
}

// sample returns the value of the first sample of a series whose line
// starts with prefix.
func sample(body, prefix string) string {
	for _, line := range strings.Split(body, "\n") {
		if strings.HasPrefix(line, prefix) {
			return line[strings.LastIndex(line, " ")+1:]
		}
	}
	return ""
}

// TestMetricsAndTheirDashboardAndAlerts scrapes the real program and checks
// the series operators need exist with live values, and that the Grafana
// dashboard and the Prometheus alert rules use only series it exports, so
// neither can drift from the binary.
func TestMetricsAndTheirDashboardAndAlerts(t *testing.T) {
	names, body := exportedMetrics(t)

	for _, c := range []struct{ what, prefix, want string }{
		{"ingest rate", "lifeline_ingest_fixes_total ", "1"},
		{"rejects by reason", `lifeline_ingest_rejected_total{reason="bad_json"}`, "1"},
		{"refused connections by reason", `lifeline_mqtt_refused_total{reason="bad_token"}`, "1"},
		{"commit latency histogram", "lifeline_ingest_commit_seconds_count ", ""},
		{"writer queue", "lifeline_ingest_pending_rows ", "0"},
		{"connected devices", "lifeline_mqtt_connected_devices ", "1"},
		{"SSE clients", "lifeline_sse_clients ", "1"},
		{"HTTP latency by route", `lifeline_http_request_duration_seconds_count{method="POST",route="/api/devices",status="201"}`, "1"},
	} {
		got := sample(body, c.prefix)
		if got == "" || (c.want != "" && got != c.want) {
			t.Errorf("%s: %s = %q, want %q", c.what, c.prefix, got, c.want)
		}
	}

	used := map[string][]string{} // metric -> where
	metricName := regexp.MustCompile(`\blifeline_[a-zA-Z0-9_]+`)
	note := func(where, expr string) {
		for _, m := range metricName.FindAllString(expr, -1) {
			used[m] = append(used[m], where)
		}
	}

	raw, err := os.ReadFile("../../deploy/grafana/lifeline-dashboard.json")
	if err != nil {
		t.Fatal(err)
	}
	var dash struct {
		Inputs []struct{ Name, PluginID string } `json:"__inputs"`
		Panels []struct {
			Title      string
			Datasource struct{ UID string }
			Targets    []struct {
				Expr       string
				Datasource struct{ UID string }
			}
		}
	}
	if err := json.Unmarshal(raw, &dash); err != nil {
		t.Fatalf("the dashboard is not JSON: %v", err)
	}
	if len(dash.Inputs) != 1 || dash.Inputs[0].Name != "DS_PROMETHEUS" || dash.Inputs[0].PluginID != "prometheus" {
		t.Errorf("dashboard inputs = %+v, want one Prometheus data source DS_PROMETHEUS", dash.Inputs)
	}
	for _, p := range dash.Panels {
		if p.Datasource.UID != "${DS_PROMETHEUS}" || len(p.Targets) == 0 {
			t.Errorf("panel %q: data source %q and %d queries, want ${DS_PROMETHEUS} and at least one", p.Title, p.Datasource.UID, len(p.Targets))
		}
		for _, q := range p.Targets {
			if q.Datasource.UID != "${DS_PROMETHEUS}" {
				t.Errorf("panel %q: a query uses data source %q", p.Title, q.Datasource.UID)
			}
			note("dashboard panel "+p.Title, q.Expr)
		}
	}
	dashboardUses := map[string]bool{}
	for m := range used {
		dashboardUses[m] = true
	}

	raw, err = os.ReadFile("../../deploy/prometheus/alerts.yml")
	if err != nil {
		t.Fatal(err)
	}
	var rules struct {
		Groups []struct {
			Rules []struct {
				Alert, Expr, For string
				Labels           map[string]string
				Annotations      map[string]string
			}
		}
	}
	if err := yaml.Unmarshal(raw, &rules); err != nil {
		t.Fatalf("alerts.yml does not parse: %v", err)
	}
	alerts := map[string]bool{}
	for _, g := range rules.Groups {
		for _, r := range g.Rules {
			alerts[r.Alert] = true
			if r.Expr == "" || r.For == "" || r.Labels["severity"] == "" || r.Annotations["summary"] == "" {
				t.Errorf("alert %q needs an expr, a for, a severity and a summary", r.Alert)
			}
			note("alert "+r.Alert, r.Expr)
		}
	}
	for _, want := range []string{"LifelineWriterStalled", "LifelineWriterQueueRising", "LifelineHighRejectRate", "LifelineCommitLatencyHigh", "LifelineNoConnectedBracelets", "LifelineAPIErrors"} {
		if !alerts[want] {
			t.Errorf("alerts.yml has no %s rule", want)
		}
	}

	var missing []string
	for m, where := range used {
		if !names[m] {
			missing = append(missing, m+" (used by "+strings.Join(where, ", ")+")")
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("not exported by lifeline: %s", m)
	}
	for _, m := range []string{"lifeline_ingest_fixes_total", "lifeline_ingest_rejected_total", "lifeline_ingest_commit_seconds_bucket",
		"lifeline_ingest_pending_rows", "lifeline_mqtt_connected_devices", "lifeline_sse_clients", "lifeline_http_request_duration_seconds_bucket"} {
		if !dashboardUses[m] {
			t.Errorf("the dashboard has no panel for %s", m)
		}
	}
}
