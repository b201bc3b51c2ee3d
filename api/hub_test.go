package api

import (
	"testing"
	"time"

	"lifeline/live"
)

func TestHubDropsASlowStreamWithoutBlocking(t *testing.T) {
	t.Parallel()
	h := newHub(8, 24)
	slow := h.subscribe(1, []byte("a"))
	fast := h.subscribe(1, []byte("b"))
	other := h.subscribe(2, []byte("c"))

	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; i < subscriberBuffer+10; i++ {
			h.deliver(live.Event{UserID: 1, Kind: live.KindLocation})
			<-fast.events // this one keeps up
		}
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("delivery blocked on a stream that does not read")
	}
	select {
	case <-slow.dropped:
	default:
		t.Error("the slow stream was not dropped")
	}
	select {
	case <-fast.dropped:
		t.Error("the stream that kept up was dropped")
	default:
	}
	if len(other.events) != 0 {
		t.Error("another user's stream got events")
	}

	h.closeAll()
	for _, s := range []*stream{fast, other, h.subscribe(3, []byte("d"))} {
		select {
		case <-s.dropped:
		default:
			t.Error("a stream survived shutdown")
		}
	}
}

func TestHubCapsStreamsPerSessionAndPerson(t *testing.T) {
	t.Parallel()
	h := newHub(2, 3)
	ended := func(s *stream) bool {
		select {
		case <-s.dropped:
			return s.replaced.Load()
		default:
			return false
		}
	}
	a1 := h.subscribe(1, []byte("session a"))
	a2 := h.subscribe(1, []byte("session a"))
	a3 := h.subscribe(1, []byte("session a")) // past the session's cap: a1 ends
	if !ended(a1) || ended(a2) || ended(a3) {
		t.Fatalf("after a third stream of one session: a1 %v a2 %v a3 %v, want only a1 ended", ended(a1), ended(a2), ended(a3))
	}
	b1 := h.subscribe(1, []byte("session b"))
	b2 := h.subscribe(1, []byte("session b")) // the person's fourth: their oldest (a2) ends
	if !ended(a2) || ended(a3) || ended(b1) || ended(b2) {
		t.Fatalf("after the person's fourth stream: a2 %v a3 %v b1 %v b2 %v, want only a2 ended", ended(a2), ended(a3), ended(b1), ended(b2))
	}
	other := h.subscribe(2, []byte("session c"))
	if ended(other) || h.count() != 4 {
		t.Errorf("another person's stream ended %v; %d streams open, want 4", ended(other), h.count())
	}
	if n := h.replacedTotal.Load(); n != 2 {
		t.Errorf("%d replaced, want 2", n)
	}
}
