package faults

import (
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"
)

// idleDevices is how many idle bracelets TestSoakIdleConnections holds
// connected (LIFELINE_SOAK_IDLE overrides it).
func idleDevices() int {
	if n, err := strconv.Atoi(os.Getenv("LIFELINE_SOAK_IDLE")); err == nil && n > 0 {
		return n
	}
	return 10000
}

// TestSoakIdleConnections: ten thousand authenticated bracelets connect
// and stay idle. The server accepts them all, still acknowledges a new
// bracelet's fix promptly, and its memory grows by a bounded amount per
// connection, measured from /proc/<pid>/status (VmRSS) and reported.
func TestSoakIdleConnections(t *testing.T) {
	soakOnly(t)
	n := idleDevices()
	s := startServer(t, "", "--mqtt-conns-per-address", "0") // every bracelet from one address
	owner := s.newAccount(t, "idle", n)
	other := s.newAccount(t, "probe", 1)
	time.Sleep(2 * time.Second) // let start-up settle
	before := s.rssKB()

	r := s.runSim(t, owner, "--interval", "1h", "--follow-config=false", "--battery-every", "0",
		"--duration", "20s", "--drain-timeout", "60s", "--connect-concurrency", "100", "--keepalive", "60s")
	deadline := time.Now().Add(5 * time.Minute)
	for r.connected() < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d bracelets connected after 5 minutes:\n%s", r.connected(), n, tail(r.progress()))
		}
		time.Sleep(500 * time.Millisecond)
	}
	time.Sleep(5 * time.Second) // every connection's config sent, buffers settled
	if got := s.metric("lifeline_mqtt_connected_devices"); int(got) != n {
		t.Errorf("the server counts %.0f connected bracelets, want %d", got, n)
	}
	after := s.rssKB()
	perConn := float64(after-before) * 1024 / float64(n)

	p := s.connectProbe(t, other.devices[0])
	start := time.Now()
	f := p.publish()
	if !f.tok.WaitTimeout(5*time.Second) || f.tok.Error() != nil {
		t.Fatalf("a fix was not acknowledged within 5 s beside %d idle connections: %v", n, f.tok.Error())
	}
	ack := time.Since(start)

	report := fmt.Sprintf("%d idle MQTT connections: server RSS %d MB -> %d MB, %.1f KB per connection; a new bracelet's fix acknowledged in %s",
		n, before/1024, after/1024, perConn/1024, ack.Round(time.Millisecond))
	t.Log(report)
	if out := os.Getenv("LIFELINE_SOAK_REPORT"); out != "" {
		_ = os.WriteFile(out, []byte(report+"\n"), 0o644)
	}
	if perConn > 64*1024 {
		t.Errorf("%.1f KB of server memory per idle connection, want under 64 KB", perConn/1024)
	}
	sum := r.wait(t, 5*time.Minute)
	if sum.Devices != n || sum.Lost != 0 {
		t.Errorf("%d devices, %d fixes lost", sum.Devices, sum.Lost)
	}
	checkNothingLost(t, s, map[*account]*summary{owner: sum})
}
