package api

import (
	"testing"
	"time"

	"lifeline/live"
)

func TestHubDropsASlowStreamWithoutBlocking(t *testing.T) {
	h := newHub()
	slow := h.subscribe(1)
	fast := h.subscribe(1)
	other := h.subscribe(2)

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
	for _, s := range []*stream{fast, other, h.subscribe(3)} {
		select {
		case <-s.dropped:
		default:
			t.Error("a stream survived shutdown")
		}
	}
}
