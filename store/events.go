package store

import (
	"context"
	"fmt"
	"log/slog"
	"time"
)

// eventsChannel is the NOTIFY channel every node listens on.
const eventsChannel = "lifeline_events"

// NotifyEvents sends payloads in one round trip. NOTIFY is delivered on
// commit, to every listening node, this one included.
func (db *DB) NotifyEvents(ctx context.Context, payloads []string) error {
	if len(payloads) == 0 {
		return nil
	}
	if _, err := db.Pool.Exec(ctx, `SELECT pg_notify($1, p) FROM unnest($2::text[]) p`, eventsChannel, payloads); err != nil {
		return fmt.Errorf("store: notify %d events: %w", len(payloads), err)
	}
	return nil
}

// ListenEvents calls receive with every payload any node sends, until ctx
// ends. A lost connection is re-established; payloads sent meanwhile are
// missed, which clients cover by resuming alerts with Last-Event-ID.
func (db *DB) ListenEvents(ctx context.Context, logger *slog.Logger, receive func(payload string)) {
	for ctx.Err() == nil {
		err := db.listenOnce(ctx, receive)
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

func (db *DB) listenOnce(ctx context.Context, receive func(string)) error {
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
		receive(n.Payload)
	}
}
