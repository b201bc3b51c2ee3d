package store

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.PushService = (*DB)(nil)

// queuePushDeliveries follows queueDeliveries (its CTE "recipients"): one
// push row per subscription of every recipient, with the same rules and
// timing as the channel rows. The key is "alert:recipient:p<subscription>".
const queuePushDeliveries = `, queued_push AS (
		INSERT INTO outbox (user_id, alert_id, recipient_id, role, channel, push_subscription_id, idempotency_key, escalation, next_attempt_at)
		SELECT p.user_id, p.alert_id, p.recipient_id, p.role, 'push', s.id,
		       p.alert_id || ':' || p.recipient_id || ':p' || s.id, p.escalation, p.due
		FROM recipients p JOIN push_subscriptions s ON s.user_id = p.recipient_id
		ON CONFLICT (idempotency_key) DO NOTHING)`

func (db *DB) VAPIDKeys(ctx context.Context) (*lifeline.VAPIDKeys, error) {
	var k lifeline.VAPIDKeys
	err := db.Pool.QueryRow(ctx, `SELECT public_key, private_key FROM push_vapid_keys WHERE id = 1`).Scan(&k.Public, &k.Private)
	if err == nil {
		return &k, nil
	}
	if !isNoRows(err) {
		return nil, fmt.Errorf("store: VAPID keys: %w", err)
	}
	// The first node to get here makes the pair; a node racing it keeps
	// the one that was stored first.
	priv, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("store: VAPID keys: %w", err)
	}
	if _, err := db.Pool.Exec(ctx, `INSERT INTO push_vapid_keys (id, public_key, private_key) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING`,
		priv.PublicKey().Bytes(), priv.Bytes()); err != nil {
		return nil, fmt.Errorf("store: VAPID keys: %w", err)
	}
	if err := db.Pool.QueryRow(ctx, `SELECT public_key, private_key FROM push_vapid_keys WHERE id = 1`).Scan(&k.Public, &k.Private); err != nil {
		return nil, fmt.Errorf("store: VAPID keys: %w", err)
	}
	return &k, nil
}

const pushColumns = `id, endpoint, p256dh, auth, label, created_at, last_state, last_error, last_at`

func scanPush(row pgx.CollectableRow) (*lifeline.PushSubscription, error) {
	var s lifeline.PushSubscription
	err := row.Scan(&s.ID, &s.Endpoint, &s.P256dh, &s.Auth, &s.Label, &s.CreatedAt, &s.LastState, &s.LastError, &s.LastAt)
	return &s, err
}

func (db *DB) FindPushSubscriptions(ctx context.Context, userID int64) ([]*lifeline.PushSubscription, error) {
	rows, err := db.Pool.Query(ctx, `SELECT `+pushColumns+` FROM push_subscriptions WHERE user_id = $1 ORDER BY id`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: find push subscriptions: %w", err)
	}
	list, err := pgx.CollectRows(rows, scanPush)
	if err != nil {
		return nil, fmt.Errorf("store: find push subscriptions: %w", err)
	}
	return list, nil
}

// maxPushSubscriptions keeps one person's fan-out small.
const maxPushSubscriptions = 10

func (db *DB) SavePushSubscription(ctx context.Context, userID int64, s *lifeline.PushSubscription) error {
	rows, err := db.Pool.Query(ctx, `
		INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, label)
		SELECT $1, $2, $3, $4, $5
		WHERE (SELECT count(*) FROM push_subscriptions WHERE user_id = $1 AND endpoint <> $2) < $6
		ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
			label = excluded.label, last_state = NULL, last_error = NULL, last_at = NULL
		RETURNING `+pushColumns, userID, s.Endpoint, s.P256dh, s.Auth, s.Label, maxPushSubscriptions)
	if err != nil {
		return fmt.Errorf("store: save push subscription: %w", err)
	}
	saved, err := pgx.CollectExactlyOneRow(rows, scanPush)
	switch {
	case isNoRows(err):
		return lifeline.Errorf(lifeline.EINVALID, "You have notifications on %d devices already; turn one off first.", maxPushSubscriptions)
	case isDataError(err):
		return lifeline.Errorf(lifeline.EINVALID, "This browser's push subscription could not be used.")
	case err != nil:
		return fmt.Errorf("store: save push subscription: %w", err)
	}
	*s = *saved
	return nil
}

func (db *DB) DeletePushSubscription(ctx context.Context, userID, id int64) error {
	tag, err := db.Pool.Exec(ctx, `DELETE FROM push_subscriptions WHERE id = $2 AND user_id = $1`, userID, id)
	if err != nil {
		return fmt.Errorf("store: delete push subscription %d: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
		return lifeline.Errorf(lifeline.ENOTFOUND, "Device not found.")
	}
	return nil
}

func (db *DB) RemoveEndedPushSubscription(ctx context.Context, id int64) error {
	if _, err := db.Pool.Exec(ctx, `DELETE FROM push_subscriptions WHERE id = $1`, id); err != nil {
		return fmt.Errorf("store: remove push subscription %d: %w", id, err)
	}
	return nil
}

// QueuePushTest's key carries the time, so each press sends one message.
func (db *DB) QueuePushTest(ctx context.Context, userID, id int64, now time.Time) error {
	key := "test:p" + strconv.FormatInt(id, 10) + ":" + strconv.FormatInt(now.UnixNano(), 10)
	tag, err := db.Pool.Exec(ctx, `
		INSERT INTO outbox (user_id, recipient_id, role, channel, push_subscription_id, idempotency_key)
		SELECT user_id, user_id, 'wearer', 'push', id, $3 FROM push_subscriptions WHERE id = $2 AND user_id = $1
		ON CONFLICT (idempotency_key) DO NOTHING`, userID, id, key)
	if err != nil {
		return fmt.Errorf("store: queue test on push subscription %d: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
		return lifeline.Errorf(lifeline.ENOTFOUND, "Device not found.")
	}
	return nil
}

// finishPushSQL continues finishSQL (its CTE "done"): a push row's result
// becomes its subscription's last result, as a channel's does.
const finishPushSQL = `, pushed AS (
		UPDATE push_subscriptions s SET last_state = CASE WHEN $2 = 'sent' THEN 'sent' ELSE 'failed' END,
			last_error = $4, last_at = $5
		FROM done WHERE s.id = done.push_subscription_id AND $6)`
