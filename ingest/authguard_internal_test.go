package ingest

import (
	"testing"
	"time"
)

// A flood whose lookups are slow: as many as the burst may be under way
// from one address, the next is throttled before any failure is counted,
// and other addresses are not; an address that only ever succeeds is not
// remembered.
func TestAuthGuardBoundsLookupsUnderWay(t *testing.T) {
	g := newAuthGuard()
	now := time.Now()
	const flood, other = "192.0.2.7:40000", "198.51.100.9:40000"
	var done []func()
	for range authFailLimit.Burst {
		if g.blocked(flood, now) {
			t.Fatalf("blocked after %d lookups under way, want %d allowed", len(done), authFailLimit.Burst)
		}
		done = append(done, g.lookingUp(flood))
	}
	if !g.blocked(flood, now) {
		t.Errorf("%d lookups under way and the next is not throttled", len(done))
	}
	if g.blocked(other, now) {
		t.Error("another address is throttled by the flood's lookups")
	}
	for _, d := range done {
		d()
	}
	if g.blocked(flood, now) {
		t.Error("still throttled once the lookups ended, with no failure counted")
	}
	if len(g.addrs) != 0 {
		t.Errorf("remembers %d addresses that never failed", len(g.addrs))
	}

	end := g.lookingUp(other)
	g.failed(other, now)
	end()
	if len(g.addrs) != 1 {
		t.Errorf("remembers %d addresses, want the one that failed", len(g.addrs))
	}
}
