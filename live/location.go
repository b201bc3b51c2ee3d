package live

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"lifeline"
)

// LocationFeed turns committed fixes into live "location" events on the
// node that commits them (an ingest node, or an API node for browser
// fixes). It keeps only each user's newest fix and publishes once per
// interval, so NOTIFY traffic grows with the number of moving users, not
// with the fix rate.
type LocationFeed struct {
	publisher Publisher
	interval  time.Duration
	logger    *slog.Logger

	mu      sync.Mutex
	pending map[int64]lifeline.Fix
	stop    chan struct{}
	done    chan struct{}
}

var _ lifeline.FixObserver = (*LocationFeed)(nil)

// NewLocationFeed starts publishing every interval.
func NewLocationFeed(publisher Publisher, interval time.Duration, logger *slog.Logger) *LocationFeed {
	f := &LocationFeed{publisher: publisher, interval: interval, logger: logger, pending: map[int64]lifeline.Fix{},
		stop: make(chan struct{}), done: make(chan struct{})}
	go f.run()
	return f
}

// ObserveFixes keeps each user's newest fix for the next publication.
func (f *LocationFeed) ObserveFixes(_ context.Context, fixes []lifeline.Fix) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, fix := range fixes {
		if cur, ok := f.pending[fix.UserID]; !ok || fix.TS.After(cur.TS) {
			f.pending[fix.UserID] = fix
		}
	}
}

func (f *LocationFeed) run() {
	defer close(f.done)
	tick := time.NewTicker(f.interval)
	defer tick.Stop()
	for {
		select {
		case <-f.stop:
			f.flush()
			return
		case <-tick.C:
			f.flush()
		}
	}
}

func (f *LocationFeed) flush() {
	f.mu.Lock()
	pending := f.pending
	f.pending = map[int64]lifeline.Fix{}
	f.mu.Unlock()
	if len(pending) == 0 {
		return
	}
	events := make([]Event, 0, len(pending))
	for _, fix := range pending {
		events = append(events, LocationMoved(fix))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := f.publisher.Publish(ctx, events...); err != nil {
		f.logger.Warn("publish live locations", "users", len(events), "err", err)
	}
}

// Close publishes what is pending and stops.
func (f *LocationFeed) Close() {
	close(f.stop)
	<-f.done
}
