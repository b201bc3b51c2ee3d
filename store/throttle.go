package store

import (
	"context"
	"fmt"
	"time"

	"lifeline"
)

var _ lifeline.ThrottleService = (*DB)(nil)

func (db *DB) Blocked(ctx context.Context, scope, key string, now time.Time) (time.Duration, error) {
	var until *time.Time
	err := db.Pool.QueryRow(ctx, `SELECT blocked_until FROM auth_throttle WHERE scope = $1 AND key = $2`, scope, key).Scan(&until)
	if isNoRows(err) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("store: throttle %s: %w", scope, err)
	}
	return waitUntil(until, now), nil
}

// Fail counts a failure in a fixed window that restarts once it has passed;
// reaching limit within it blocks the key.
func (db *DB) Fail(ctx context.Context, scope, key string, limit int, window, block time.Duration, now time.Time) (time.Duration, error) {
	var until *time.Time
	err := db.Pool.QueryRow(ctx, `
		WITH counted AS (
			SELECT CASE WHEN t.window_started_at IS NULL OR t.window_started_at <= $3::timestamptz - $5::interval THEN 1
			            ELSE t.failures + 1 END AS failures,
			       CASE WHEN t.window_started_at IS NULL OR t.window_started_at <= $3::timestamptz - $5::interval THEN $3::timestamptz
			            ELSE t.window_started_at END AS window_started_at,
			       t.blocked_until
			FROM (SELECT 1) one
			LEFT JOIN auth_throttle t ON t.scope = $1 AND t.key = $2
		)
		INSERT INTO auth_throttle AS a (scope, key, failures, window_started_at, blocked_until, updated_at)
		SELECT $1, $2, c.failures, c.window_started_at,
		       CASE WHEN c.failures >= $4 THEN $3::timestamptz + $6::interval ELSE c.blocked_until END, $3
		FROM counted c
		ON CONFLICT (scope, key) DO UPDATE SET
			failures = excluded.failures, window_started_at = excluded.window_started_at,
			blocked_until = excluded.blocked_until, updated_at = excluded.updated_at
		RETURNING blocked_until`,
		scope, key, now, limit, window, block).Scan(&until)
	if err != nil {
		return 0, fmt.Errorf("store: throttle %s failure: %w", scope, err)
	}
	return waitUntil(until, now), nil
}

func (db *DB) Reset(ctx context.Context, scope, key string) error {
	if _, err := db.Pool.Exec(ctx, `DELETE FROM auth_throttle WHERE scope = $1 AND key = $2`, scope, key); err != nil {
		return fmt.Errorf("store: throttle %s reset: %w", scope, err)
	}
	return nil
}

func waitUntil(until *time.Time, now time.Time) time.Duration {
	if until == nil || !until.After(now) {
		return 0
	}
	return until.Sub(now)
}
