package store

import (
	"context"
	"crypto/rand"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.ChannelService = (*DB)(nil)

const channelColumns = `id, kind, address, ntfy, coalesce(p256dh, ''), coalesce(auth, ''), label, enabled, created_at, confirmed_at,
	last_state, last_error, last_at`

func scanChannel(row pgx.CollectableRow) (*lifeline.Channel, error) {
	var c lifeline.Channel
	err := row.Scan(&c.ID, &c.Kind, &c.Address, &c.Ntfy, &c.P256dh, &c.Auth, &c.Label, &c.Enabled, &c.CreatedAt, &c.ConfirmedAt,
		&c.LastState, &c.LastError, &c.LastAt)
	return &c, err
}

func (db *DB) FindChannels(ctx context.Context, userID int64) ([]*lifeline.Channel, error) {
	rows, err := db.Pool.Query(ctx, `SELECT `+channelColumns+` FROM channels WHERE user_id = $1 ORDER BY id`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: find channels: %w", err)
	}
	list, err := pgx.CollectRows(rows, scanChannel)
	if err != nil {
		return nil, fmt.Errorf("store: find channels: %w", err)
	}
	return list, nil
}

func (db *DB) FindChannel(ctx context.Context, userID, channelID int64) (*lifeline.Channel, error) {
	rows, err := db.Pool.Query(ctx, `SELECT `+channelColumns+` FROM channels WHERE id = $2 AND user_id = $1`, userID, channelID)
	if err != nil {
		return nil, fmt.Errorf("store: find channel %d: %w", channelID, err)
	}
	c, err := pgx.CollectExactlyOneRow(rows, scanChannel)
	if isNoRows(err) {
		return nil, errChannelNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: find channel %d: %w", channelID, err)
	}
	return c, nil
}

// queueConfirmation continues a WITH whose CTE "ch" returns one channels
// row with a new token: the outbox row of its confirmation email, whose
// link (@link) carries the token. Its key is new for each token, so each
// "Send again" sends one message.
const queueConfirmation = `, confirmation AS (
		INSERT INTO outbox (user_id, recipient_id, role, purpose, channel, channel_id, idempotency_key, secret_link, next_attempt_at)
		SELECT ch.user_id, ch.user_id, 'wearer', 'confirmation', 'email', ch.id,
		       'confirm:' || ch.id || ':' || @press, @link, @now
		FROM ch WHERE ch.kind = 'email' AND ch.confirmed_at IS NULL)`

// confirmArgs makes a confirmation token: the link's named arguments and
// its stored hash.
func confirmArgs(confirmBase string, now time.Time) pgx.NamedArgs {
	token, hash := lifeline.NewDeviceToken() // same shape: 256 random bits, SHA-256 stored
	return pgx.NamedArgs{"hash": hash, "expires": now.AddDate(0, 0, lifeline.ConfirmChannelDays), "link": confirmBase + token,
		"press": pressKey(), "now": now}
}

// pressKey tells one press of a button apart from every other (two in the
// same nanosecond included), for an outbox row's idempotency key.
func pressKey() string {
	return rand.Text()
}

func (db *DB) CreateChannel(ctx context.Context, userID int64, c *lifeline.Channel, confirmBase string, now time.Time) error {
	if c.Kind == lifeline.ChannelPush {
		return db.savePushChannel(ctx, userID, c, now)
	}
	args := confirmArgs(confirmBase, now)
	args["user"], args["kind"], args["address"], args["ntfy"], args["max"] = userID, c.Kind, c.Address, c.Ntfy, lifeline.MaxChannels
	args["email"] = lifeline.ChannelEmail
	rows, err := db.Pool.Query(ctx, `
		WITH ch AS (
			INSERT INTO channels (user_id, kind, address, ntfy, confirmed_at, confirm_token_hash, confirm_expires_at)
			SELECT @user, @kind, @address, @ntfy,
			       CASE WHEN @kind = @email THEN NULL ELSE @now::timestamptz END,
			       CASE WHEN @kind = @email THEN @hash::bytea END,
			       CASE WHEN @kind = @email THEN @expires::timestamptz END
			WHERE (SELECT count(*) FROM channels WHERE user_id = @user AND kind <> 'push') < @max
			RETURNING *)`+queueConfirmation+`
		SELECT `+channelColumns+` FROM ch`, args)
	if err != nil {
		return fmt.Errorf("store: create channel: %w", err)
	}
	created, err := pgx.CollectExactlyOneRow(rows, scanChannel)
	switch {
	case isNoRows(err):
		return lifeline.Errorf(lifeline.EINVALID, "You have %d channels already; remove one first.", lifeline.MaxChannels)
	case isDataError(err):
		return lifeline.Errorf(lifeline.EINVALID, "Please check the channel's address.")
	case err != nil:
		return fmt.Errorf("store: create channel: %w", err)
	}
	*c = *created
	return nil
}

// savePushChannel adds a browser's push channel, or takes over the one of
// its endpoint: the browser is the same, whoever turned notifications on
// in it last.
func (db *DB) savePushChannel(ctx context.Context, userID int64, c *lifeline.Channel, now time.Time) error {
	rows, err := db.Pool.Query(ctx, `
		INSERT INTO channels (user_id, kind, address, p256dh, auth, label, confirmed_at)
		SELECT $1, 'push', $2, $3, $4, $5, $7
		WHERE (SELECT count(*) FROM channels WHERE user_id = $1 AND kind = 'push' AND address <> $2) < $6
		ON CONFLICT (address) WHERE kind = 'push' DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh,
			auth = excluded.auth, label = excluded.label, enabled = true, last_state = NULL, last_error = NULL, last_at = NULL
		RETURNING `+channelColumns, userID, c.Address, c.P256dh, c.Auth, c.Label, lifeline.MaxPushChannels, now)
	if err != nil {
		return fmt.Errorf("store: save push channel: %w", err)
	}
	saved, err := pgx.CollectExactlyOneRow(rows, scanChannel)
	switch {
	case isNoRows(err):
		return lifeline.Errorf(lifeline.EINVALID, "You have notifications on %d devices already; turn one off first.", lifeline.MaxPushChannels)
	case isDataError(err):
		return lifeline.Errorf(lifeline.EINVALID, "This browser's push subscription could not be used.")
	case err != nil:
		return fmt.Errorf("store: save push channel: %w", err)
	}
	*c = *saved
	return nil
}

func (db *DB) SetChannelEnabled(ctx context.Context, userID, channelID int64, enabled bool) (*lifeline.Channel, error) {
	rows, err := db.Pool.Query(ctx, `
		UPDATE channels SET enabled = $3 WHERE id = $2 AND user_id = $1 RETURNING `+channelColumns,
		userID, channelID, enabled)
	if err != nil {
		return nil, fmt.Errorf("store: update channel %d: %w", channelID, err)
	}
	c, err := pgx.CollectExactlyOneRow(rows, scanChannel)
	if isNoRows(err) {
		return nil, errChannelNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: update channel %d: %w", channelID, err)
	}
	return c, nil
}

var errChannelNotFound = lifeline.Errorf(lifeline.ENOTFOUND, "Channel not found.")

func (db *DB) DeleteChannel(ctx context.Context, userID, channelID int64) error {
	tag, err := db.Pool.Exec(ctx, `DELETE FROM channels WHERE id = $2 AND user_id = $1`, userID, channelID)
	if err != nil {
		return fmt.Errorf("store: delete channel %d: %w", channelID, err)
	}
	if tag.RowsAffected() == 0 {
		return errChannelNotFound
	}
	return nil
}

// QueueTest's key is new for each press, so each press sends one message.
func (db *DB) QueueTest(ctx context.Context, userID, channelID int64, now time.Time) error {
	key := "test:" + strconv.FormatInt(channelID, 10) + ":" + pressKey()
	var confirmed bool
	err := db.Pool.QueryRow(ctx, `
		WITH ch AS (
			SELECT * FROM channels WHERE id = $2 AND user_id = $1
		), test AS (
			INSERT INTO outbox (user_id, recipient_id, role, purpose, channel, channel_id, idempotency_key, next_attempt_at)
			SELECT user_id, user_id, 'wearer', 'test', kind, id, $3, $4 FROM ch WHERE confirmed_at IS NOT NULL)
		SELECT confirmed_at IS NOT NULL FROM ch`, userID, channelID, key, now).Scan(&confirmed)
	switch {
	case isNoRows(err):
		return errChannelNotFound
	case err != nil:
		return fmt.Errorf("store: queue test on channel %d: %w", channelID, err)
	case !confirmed:
		return lifeline.ErrAddressNotConfirmed
	}
	return nil
}

// ResendConfirmation replaces the token: a confirmation email still
// waiting to go out is skipped, as its link would not work.
func (db *DB) ResendConfirmation(ctx context.Context, userID, channelID int64, confirmBase string, now time.Time) (*lifeline.Channel, error) {
	var kind string
	var confirmed bool
	err := db.Pool.QueryRow(ctx, `SELECT kind, confirmed_at IS NOT NULL FROM channels WHERE id = $2 AND user_id = $1`,
		userID, channelID).Scan(&kind, &confirmed)
	switch {
	case isNoRows(err):
		return nil, errChannelNotFound
	case err != nil:
		return nil, fmt.Errorf("store: resend confirmation of channel %d: %w", channelID, err)
	case kind != lifeline.ChannelEmail || confirmed:
		return nil, lifeline.Errorf(lifeline.ECONFLICT, "This channel needs no confirmation.")
	}
	args := confirmArgs(confirmBase, now)
	args["user"], args["id"] = userID, channelID
	rows, err := db.Pool.Query(ctx, `
		WITH ch AS (
			UPDATE channels SET confirm_token_hash = @hash, confirm_expires_at = @expires
			WHERE id = @id AND user_id = @user AND confirmed_at IS NULL RETURNING *
		), stale AS (
			UPDATE outbox o SET state = 'skipped', secret_link = NULL, claimed_until = NULL,
				last_error = 'A newer confirmation link was sent.'
			FROM ch WHERE o.channel_id = ch.id AND o.purpose = 'confirmation' AND o.state = 'pending'
			  AND (o.claimed_until IS NULL OR o.claimed_until < @now))`+queueConfirmation+`
		SELECT `+channelColumns+` FROM ch`, args)
	if err != nil {
		return nil, fmt.Errorf("store: resend confirmation of channel %d: %w", channelID, err)
	}
	c, err := pgx.CollectExactlyOneRow(rows, scanChannel)
	if isNoRows(err) {
		return nil, errChannelNotFound // confirmed or removed meanwhile
	}
	if err != nil {
		return nil, fmt.Errorf("store: resend confirmation of channel %d: %w", channelID, err)
	}
	return c, nil
}

func (db *DB) ConfirmChannel(ctx context.Context, token string, now time.Time) (*lifeline.Channel, error) {
	rows, err := db.Pool.Query(ctx, `
		UPDATE channels SET confirmed_at = $2, confirm_token_hash = NULL, confirm_expires_at = NULL
		WHERE confirm_token_hash = $1 AND confirm_expires_at > $2
		RETURNING `+channelColumns, lifeline.HashDeviceToken(token), now)
	if err != nil {
		return nil, fmt.Errorf("store: confirm channel: %w", err)
	}
	c, err := pgx.CollectExactlyOneRow(rows, scanChannel)
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "This link is not valid any more. In Settings, choose \u201cSend again\u201d for a new one.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: confirm channel: %w", err)
	}
	return c, nil
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
