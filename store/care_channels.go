package store

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.NotifyService = (*DB)(nil)

const channelColumns = `id, kind, address, ntfy, enabled, created_at, last_state, last_error, last_at`

func scanChannel(row pgx.CollectableRow) (*lifeline.Channel, error) {
	var c lifeline.Channel
	err := row.Scan(&c.ID, &c.Kind, &c.Address, &c.Ntfy, &c.Enabled, &c.CreatedAt, &c.LastState, &c.LastError, &c.LastAt)
	return &c, err
}

func (db *DB) FindChannels(ctx context.Context, userID int64) ([]*lifeline.Channel, error) {
	rows, err := db.Pool.Query(ctx, `SELECT `+channelColumns+` FROM notification_channels WHERE user_id = $1 ORDER BY id`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: find channels: %w", err)
	}
	list, err := pgx.CollectRows(rows, scanChannel)
	if err != nil {
		return nil, fmt.Errorf("store: find channels: %w", err)
	}
	return list, nil
}

// maxChannels keeps one person's fan-out (and a webhook list) small.
const maxChannels = 10

func (db *DB) CreateChannel(ctx context.Context, userID int64, c *lifeline.Channel) error {
	rows, err := db.Pool.Query(ctx, `
		INSERT INTO notification_channels (user_id, kind, address, ntfy)
		SELECT $1, $2, $3, $4 WHERE (SELECT count(*) FROM notification_channels WHERE user_id = $1) < $5
		RETURNING `+channelColumns, userID, c.Kind, c.Address, c.Ntfy, maxChannels)
	if err != nil {
		return fmt.Errorf("store: create channel: %w", err)
	}
	created, err := pgx.CollectExactlyOneRow(rows, scanChannel)
	switch {
	case isNoRows(err):
		return lifeline.Errorf(lifeline.EINVALID, "You have %d channels already; remove one first.", maxChannels)
	case isDataError(err):
		return lifeline.Errorf(lifeline.EINVALID, "Please check the channel's address.")
	case err != nil:
		return fmt.Errorf("store: create channel: %w", err)
	}
	*c = *created
	return nil
}

func (db *DB) SetChannelEnabled(ctx context.Context, userID, channelID int64, enabled bool) (*lifeline.Channel, error) {
	rows, err := db.Pool.Query(ctx, `
		UPDATE notification_channels SET enabled = $3 WHERE id = $2 AND user_id = $1 RETURNING `+channelColumns,
		userID, channelID, enabled)
	if err != nil {
		return nil, fmt.Errorf("store: update channel %d: %w", channelID, err)
	}
	c, err := pgx.CollectExactlyOneRow(rows, scanChannel)
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Channel not found.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: update channel %d: %w", channelID, err)
	}
	return c, nil
}

func (db *DB) DeleteChannel(ctx context.Context, userID, channelID int64) error {
	tag, err := db.Pool.Exec(ctx, `DELETE FROM notification_channels WHERE id = $2 AND user_id = $1`, userID, channelID)
	if err != nil {
		return fmt.Errorf("store: delete channel %d: %w", channelID, err)
	}
	if tag.RowsAffected() == 0 {
		return lifeline.Errorf(lifeline.ENOTFOUND, "Channel not found.")
	}
	return nil
}

// QueueTest's key carries the time, so each press sends one message.
func (db *DB) QueueTest(ctx context.Context, userID, channelID int64, now time.Time) error {
	key := "test:" + strconv.FormatInt(channelID, 10) + ":" + strconv.FormatInt(now.UnixNano(), 10)
	tag, err := db.Pool.Exec(ctx, `
		INSERT INTO outbox (user_id, recipient_id, role, channel, channel_id, idempotency_key)
		SELECT user_id, user_id, 'wearer', kind, id, $3 FROM notification_channels WHERE id = $2 AND user_id = $1
		ON CONFLICT (idempotency_key) DO NOTHING`, userID, channelID, key)
	if err != nil {
		return fmt.Errorf("store: queue test on channel %d: %w", channelID, err)
	}
	if tag.RowsAffected() == 0 {
		return lifeline.Errorf(lifeline.ENOTFOUND, "Channel not found.")
	}
	return nil
}

func (db *DB) QuietHours(ctx context.Context, userID int64) (lifeline.QuietHours, error) {
	var q lifeline.QuietHours
	var start, end *int16
	err := db.Pool.QueryRow(ctx, `SELECT quiet_start, quiet_end FROM notify_settings WHERE user_id = $1`, userID).Scan(&start, &end)
	if isNoRows(err) {
		return q, nil
	}
	if err != nil {
		return q, fmt.Errorf("store: quiet hours: %w", err)
	}
	if start != nil && end != nil {
		s, e := int(*start), int(*end)
		q.Start, q.End = &s, &e
	}
	return q, nil
}

func (db *DB) SetQuietHours(ctx context.Context, userID int64, q lifeline.QuietHours) error {
	_, err := db.Pool.Exec(ctx, `
		INSERT INTO notify_settings (user_id, quiet_start, quiet_end) VALUES ($1, $2, $3)
		ON CONFLICT (user_id) DO UPDATE SET quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, updated_at = now()`,
		userID, q.Start, q.End)
	if isDataError(err) {
		return lifeline.Errorf(lifeline.EINVALID, "Those quiet hours are not possible.")
	}
	if err != nil {
		return fmt.Errorf("store: set quiet hours: %w", err)
	}
	return nil
}
