package faults

import (
	"sort"
	"testing"
	"time"
)

// connMemoryLimitKB is the most lifeline's resident memory may grow per
// idle bracelet connection in TestConnectionMemory. Issue 21's goal is 20
// KB, which mochi's two goroutines per connection alone (20 to 24 KB of
// stack) do not fit; docs/faults.md, "Memory per connection", has the
// breakdown. The figure itself is make bench-connections'; this only
// catches a connection that grew by half or more over what is reached
// (about 26 KB): RSS read on a machine busy with other suites went past a
// closer ceiling (32.5 KB against 32 at load 5).
const connMemoryLimitKB = 40

// TestConnectionMemory is the small, regular version of the 100,000
// connections benchmark (make bench-connections): 3,000 lean bracelets
// (firmware-sim --lean) connect to the real server, subscribe to their
// config and stay idle. The server's RSS per connection, the median of
// several samples before and after, stays under connMemoryLimitKB. The
// server runs with GOGC=25, as docs/faults.md recommends for a gateway
// holding many connections.
func TestConnectionMemory(t *testing.T) {
	const n = 3000
	t.Setenv("GOGC", "25") // passed on to the server (this process's GC is set already)
	// 3,000 bracelets from two addresses: past the default per-address cap.
	s := startServer(t, "", "--mqtt-conns-per-address", "0")
	owner := s.newAccount(t, "conns", n)
	// A fresh process, signed in to once (the password hash takes tens of
	// MB, which the process reuses afterwards; the simulator signs in too,
	// for --verify): the baseline then holds what the connections would
	// otherwise find free and flatter their cost with.
	s.Stop()
	s.start()
	owner.post(t, s, "/api/auth/login", map[string]string{"email": owner.email, "password": owner.password})
	time.Sleep(2 * time.Second)
	before := s.medianRSSKB(5)

	r := s.runSim(t, owner, "--lean", "--local-addrs", "127.0.0.2,127.0.0.3", "--interval", "1h",
		"--duration", "15s", "--drain-timeout", "30s", "--connect-concurrency", "200", "--keepalive", "120s")
	deadline := time.Now().Add(90 * time.Second)
	for r.connected() < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d bracelets connected after 90 s:\n%s", r.connected(), n, tail(r.progress()))
		}
		time.Sleep(200 * time.Millisecond)
	}
	time.Sleep(3 * time.Second) // every config written, buffers settled
	if got := s.metric("lifeline_mqtt_connected_devices"); int(got) != n {
		t.Errorf("the server counts %.0f connected bracelets, want %d", got, n)
	}
	after := s.medianRSSKB(5)
	perConn := float64(after-before) / n
	t.Logf("%d idle lean connections: server RSS %d KB -> %d KB (medians of 5), %.1f KB per connection", n, before, after, perConn)
	if perConn > connMemoryLimitKB {
		t.Errorf("%.1f KB of server memory per idle connection, want at most %d KB", perConn, connMemoryLimitKB)
	}
	sum := r.wait(t, 2*time.Minute)
	if sum.Devices != n || sum.Lost != 0 {
		t.Errorf("%d devices, %d fixes lost", sum.Devices, sum.Lost)
	}
	checkNothingLost(t, s, map[*account]*summary{owner: sum})
}

// medianRSSKB samples the server's RSS k times, 300 ms apart.
func (s *server) medianRSSKB(k int) int {
	v := make([]int, k)
	for i := range v {
		if i > 0 {
			time.Sleep(300 * time.Millisecond)
		}
		v[i] = s.rssKB()
	}
	sort.Ints(v)
	return v[k/2]
}
