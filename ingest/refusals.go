package ingest

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"lifeline"
)

// refusalTally adds up each device's refused reports in memory and hands
// them to the store about once a second, so that a device sending nothing
// but garbage costs one write and one log line a second, not one per
// packet. Over MQTT 3.1.1 a refused packet is acknowledged like a stored
// one (the protocol has no negative PUBACK): this is how its owner still
// learns of it, on the device card.
type refusalTally struct {
	store lifeline.RefusalStore
	every time.Duration
	log   *slog.Logger

	mu      sync.Mutex
	pending map[string]*lifeline.DeviceRefusals

	stop chan struct{}
	done chan struct{}
}

func newRefusalTally(store lifeline.RefusalStore, every time.Duration, log *slog.Logger) *refusalTally {
	if every <= 0 {
		every = time.Second
	}
	t := &refusalTally{store: store, every: every, log: log, pending: map[string]*lifeline.DeviceRefusals{},
		stop: make(chan struct{}), done: make(chan struct{})}
	go t.run()
	return t
}

// add counts n refused reports of a device; reason and detail are the
// latest's. err is formatted only when it is written.
func (t *refusalTally) add(deviceID string, userID int64, at time.Time, n int, reason string, detail func() string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	r := t.pending[deviceID]
	if r == nil {
		r = &lifeline.DeviceRefusals{DeviceID: deviceID, UserID: userID}
		t.pending[deviceID] = r
	}
	r.Count += n
	if !at.Before(r.At) {
		r.At, r.Reason, r.Detail = at, reason, truncateRunes(detail(), 300)
	}
}

func (t *refusalTally) run() {
	defer close(t.done)
	tick := time.NewTicker(t.every)
	defer tick.Stop()
	for {
		select {
		case <-t.stop:
			t.flush()
			return
		case <-tick.C:
			t.flush()
		}
	}
}

// flush writes what is pending; on a failure the counts go back, to be
// written with the next.
func (t *refusalTally) flush() {
	t.mu.Lock()
	if len(t.pending) == 0 {
		t.mu.Unlock()
		return
	}
	batch := make([]lifeline.DeviceRefusals, 0, len(t.pending))
	for _, r := range t.pending {
		batch = append(batch, *r)
	}
	t.pending = map[string]*lifeline.DeviceRefusals{}
	t.mu.Unlock()
	for _, r := range batch {
		t.log.Info("reports refused", "device", r.DeviceID, "count", r.Count, "reason", r.Reason, "detail", r.Detail)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := t.store.AddRefusals(ctx, batch); err != nil {
		t.log.Warn("refused reports not counted; trying again", "devices", len(batch), "err", err)
		for _, r := range batch {
			t.add(r.DeviceID, r.UserID, r.At, r.Count, r.Reason, func() string { return r.Detail })
		}
	}
}

// close writes what is pending and stops.
func (t *refusalTally) close() {
	close(t.stop)
	<-t.done
}

func truncateRunes(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
