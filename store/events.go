package store

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"lifeline"
)

// eventsChannel is the NOTIFY channel every node listens on.
const eventsChannel = "lifeline_events"

var _ lifeline.EventPublisher = (*DB)(nil)

// PublishEvents announces events in one round trip. NOTIFY is delivered
// on commit, to every listening node, this one included.
func (db *DB) PublishEvents(ctx context.Context, events []lifeline.LiveEvent) error {
	if len(events) == 0 {
		return nil
	}
	payloads := make([]string, 0, len(events))
	for _, e := range events {
		raw, err := json.Marshal(e)
		if err != nil {
			return fmt.Errorf("store: encode event: %w", err)
		}
		payloads = append(payloads, string(raw))
	}
	if _, err := db.Pool.Exec(ctx, `SELECT pg_notify($1, p) FROM unnest($2::text[]) p`, eventsChannel, payloads); err != nil {
		return fmt.Errorf("store: publish %d events: %w", len(events), err)
	}
	return nil
}

// ListenEvents calls deliver for every event any node publishes, until ctx
// ends. A lost connection is re-established; events published meanwhile
// are missed, which clients cover by resuming alerts with Last-Event-ID.
func (db *DB) ListenEvents(ctx context.Context, logger *slog.Logger, deliver func(lifeline.LiveEvent)) {
	for ctx.Err() == nil {
		err := db.listenOnce(ctx, deliver)
		if ctx.Err() != nil {
			return
		}
		logger.Warn("live events listener lost its connection; reconnecting", "err", err)
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
}

func (db *DB) listenOnce(ctx context.Context, deliver func(lifeline.LiveEvent)) error {
	pooled, err := db.Pool.Acquire(ctx)
	if err != nil {
		return err
	}
	// The connection will carry a LISTEN: take it out of the pool for good.
	conn := pooled.Hijack()
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+eventsChannel); err != nil {
		return err
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		var e lifeline.LiveEvent
		if err := json.Unmarshal([]byte(n.Payload), &e); err != nil || e.UserID == 0 {
			continue
		}
		deliver(e)
	}
}
