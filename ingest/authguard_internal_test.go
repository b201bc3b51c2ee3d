package ingest

import (
	"context"
	"testing"
	"time"
)

// A flood whose lookups are slow: as many lookups as the burst may be under
// way from one address; the next waits for one of them to end (or gives up
// with its context), other addresses do not wait, and an address that only
// ever succeeds is not remembered.
func TestAuthGuardBoundsLookupsUnderWay(t *testing.T) {
	g := newAuthGuard()
	now := time.Now()
	const flood, other = "192.0.2.7:40000", "198.51.100.9:40000"
	var done []func()
	for range authFailLimit.Burst {
		d, ok := g.lookupSlot(t.Context(), flood)
		if !ok {
			t.Fatalf("no slot after %d lookups under way, want %d", len(done), authFailLimit.Burst)
		}
		done = append(done, d)
	}
	if g.blocked(flood, now, false) || g.blocked(flood, now, true) {
		t.Error("lookups under way throttle the address with no failure counted")
	}
	gaveUp, cancel := context.WithCancel(t.Context())
	cancel()
	if _, ok := g.lookupSlot(gaveUp, flood); ok {
		t.Errorf("a slot past the burst of %d", authFailLimit.Burst)
	}
	d, ok := g.lookupSlot(t.Context(), other)
	if !ok {
		t.Fatal("another address waits for the flood's lookups")
	}
	d()

	got := make(chan func())
	go func() {
		d, _ := g.lookupSlot(t.Context(), flood)
		got <- d
	}()
	done[0]()
	(<-got)() // the waiting lookup got the slot the first one left
	for _, d := range done[1:] {
		d()
	}
	if len(g.addrs) != 0 {
		t.Errorf("remembers %d addresses that never failed", len(g.addrs))
	}

	end, _ := g.lookupSlot(t.Context(), other)
	g.failed(other, now)
	end()
	if len(g.addrs) != 1 {
		t.Errorf("remembers %d addresses, want the one that failed", len(g.addrs))
	}
	// Lookups that waited while the burst's failed begin throttled: the
	// burst used up is enough, before a failure is refused.
	for range authFailLimit.Burst - 1 {
		g.failed(other, now)
	}
	if !g.blocked(other, now, false) {
		t.Errorf("%d failures and the address is not throttled", authFailLimit.Burst)
	}
	if g.blocked(other, now.Add(time.Second), false) {
		t.Error("still throttled a second later, with tokens refilled")
	}

	// A flood's lookups under way count as failures to come: with just over
	// half the burst failed and the rest under way, a lookup that got a slot
	// is throttled before it begins (the same instant, so nothing refills).
	const third = "203.0.113.5:40000"
	half := authFailLimit.Burst / 2
	for range half + 1 {
		g.failed(third, now)
	}
	var held []func()
	for range half {
		d, _ := g.lookupSlot(t.Context(), third)
		held = append(held, d)
	}
	if g.blocked(third, now, false) {
		t.Error("a new CONNECT is throttled with just over half the burst failed")
	}
	if !g.blocked(third, now, true) {
		t.Errorf("%d failed and %d more under way, and a lookup may still begin", half+1, half-1)
	}
	for _, d := range held {
		d()
	}
}
