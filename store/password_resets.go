package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.PasswordResetService = (*DB)(nil)

// RequestPasswordReset is one statement whether or not the address has an
// account, so the two take about the same time. The token has the shape of
// a confirmation link's (256 random bits, SHA-256 stored); a still pending
// email of an older link is skipped, as that link no longer works.
func (db *DB) RequestPasswordReset(ctx context.Context, email, resetBase string, now time.Time) (bool, error) {
	token, hash := lifeline.NewDeviceToken()
	var queued int
	err := db.Pool.QueryRow(ctx, `
		WITH account AS (
			SELECT id FROM users WHERE email = @email AND password_hash IS NOT NULL
		), reset AS (
			INSERT INTO password_resets (user_id, token_hash, expires_at, created_at)
			SELECT id, @hash, @expires, @now FROM account
			ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, expires_at = excluded.expires_at,
				created_at = excluded.created_at
			RETURNING user_id
		), stale AS (
			UPDATE outbox o SET state = 'skipped', secret_link = NULL, claimed_until = NULL,
				last_error = 'A newer reset link was sent.'
			FROM reset WHERE o.user_id = reset.user_id AND o.purpose = 'password_reset' AND o.state = 'pending'
			  AND (o.claimed_until IS NULL OR o.claimed_until < @now)
		), queued AS (
			INSERT INTO outbox (user_id, recipient_id, role, purpose, channel, idempotency_key, secret_link, next_attempt_at)
			SELECT user_id, user_id, 'wearer', 'password_reset', 'email', 'reset:' || user_id || ':' || @press, @link, @now
			FROM reset
		)
		SELECT count(*) FROM reset`, pgx.NamedArgs{
		"email": NormalizeEmail(email), "hash": hash, "expires": now.Add(lifeline.PasswordResetTTL), "now": now,
		"press": pressKey(), "link": resetBase + token,
	}).Scan(&queued)
	if err != nil {
		return false, fmt.Errorf("store: request password reset: %w", err)
	}
	return queued > 0, nil
}

func (db *DB) PasswordResetUser(ctx context.Context, token string, now time.Time) (*lifeline.User, error) {
	u, err := scanUser(db.Pool.QueryRow(ctx, `
		SELECT `+userColumns+` FROM users
		WHERE id = (SELECT user_id FROM password_resets WHERE token_hash = $1 AND expires_at > $2)`,
		lifeline.HashDeviceToken(token), now))
	if isNoRows(err) {
		return nil, lifeline.ErrResetLinkInvalid
	}
	if err != nil {
		return nil, fmt.Errorf("store: find password reset: %w", err)
	}
	return u, nil
}

// ResetPassword is one statement: two requests with the same link cannot
// both use it.
func (db *DB) ResetPassword(ctx context.Context, token, passwordHash string, now time.Time) (*lifeline.User, error) {
	u, err := scanUser(db.Pool.QueryRow(ctx, `
		WITH used AS (
			DELETE FROM password_resets WHERE token_hash = $1 AND expires_at > $2 RETURNING user_id
		), signed_out AS (
			DELETE FROM sessions s USING used WHERE s.user_id = used.user_id
		), account AS (
			UPDATE users SET password_hash = $3, updated_at = $2 FROM used WHERE users.id = used.user_id
			RETURNING users.*
		)
		SELECT `+userColumns+` FROM account`,
		lifeline.HashDeviceToken(token), now, passwordHash))
	if isNoRows(err) {
		return nil, lifeline.ErrResetLinkInvalid
	}
	if err != nil {
		return nil, fmt.Errorf("store: reset password: %w", err)
	}
	return u, nil
}
