package store

import (
	"context"
	"fmt"
	"net/netip"
	"time"

	"lifeline"
)

var _ lifeline.SessionService = (*DB)(nil)

func (db *DB) CreateSession(ctx context.Context, s *lifeline.Session) error {
	var ip *netip.Addr
	if addr, err := netip.ParseAddr(s.IP); err == nil {
		ip = &addr
	}
	_, err := db.Pool.Exec(ctx, `
		INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at, user_agent, ip)
		VALUES ($1, $2, $3, $3, $4, $5, $6)`,
		s.TokenHash, s.UserID, s.CreatedAt, s.ExpiresAt, truncate(s.UserAgent, 512), ip)
	if err != nil {
		return fmt.Errorf("store: create session: %w", err)
	}
	return nil
}

const findSessionSQL = `
	SELECT user_id, created_at, last_seen_at, expires_at, coalesce(user_agent, '')
	FROM sessions WHERE token_hash = $1`

func (db *DB) FindSession(ctx context.Context, tokenHash []byte) (*lifeline.Session, error) {
	s := lifeline.Session{TokenHash: tokenHash}
	err := db.Pool.QueryRow(ctx, findSessionSQL, tokenHash).
		Scan(&s.UserID, &s.CreatedAt, &s.LastSeenAt, &s.ExpiresAt, &s.UserAgent)
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Session not found.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: find session: %w", err)
	}
	return &s, nil
}

func (db *DB) TouchSession(ctx context.Context, tokenHash []byte, at time.Time) error {
	if _, err := db.Pool.Exec(ctx, `UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1`, tokenHash, at); err != nil {
		return fmt.Errorf("store: touch session: %w", err)
	}
	return nil
}

func (db *DB) DeleteSession(ctx context.Context, tokenHash []byte) error {
	if _, err := db.Pool.Exec(ctx, `DELETE FROM sessions WHERE token_hash = $1`, tokenHash); err != nil {
		return fmt.Errorf("store: delete session: %w", err)
	}
	return nil
}

func (db *DB) DeleteUserSessions(ctx context.Context, userID int64, keep []byte) error {
	if _, err := db.Pool.Exec(ctx, `DELETE FROM sessions WHERE user_id = $1 AND ($2::bytea IS NULL OR token_hash <> $2)`, userID, keep); err != nil {
		return fmt.Errorf("store: delete sessions of user %d: %w", userID, err)
	}
	return nil
}

// Prune removes sessions past their absolute end or idle for longer than
// idle, and throttle rows older than a day; it returns how many sessions
// it removed.
func (db *DB) Prune(ctx context.Context, now time.Time, idle time.Duration) (int64, error) {
	tag, err := db.Pool.Exec(ctx, `DELETE FROM sessions WHERE expires_at <= $1 OR last_seen_at <= $2`, now, now.Add(-idle))
	if err != nil {
		return 0, fmt.Errorf("store: prune sessions: %w", err)
	}
	if _, err := db.Pool.Exec(ctx, `DELETE FROM auth_throttle WHERE updated_at <= $1 AND (blocked_until IS NULL OR blocked_until <= $1)`, now.Add(-24*time.Hour)); err != nil {
		return 0, fmt.Errorf("store: prune throttle: %w", err)
	}
	if err := db.pruneSignInThrottle(ctx, now); err != nil {
		return 0, err
	}
	if err := db.pruneDestinationPauses(ctx, now); err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}
