package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.Destinations = (*DB)(nil)

// DestinationFailed applies the policy to the destination's row, made
// first and then locked, so that failures on several nodes at once each
// count.
func (db *DB) DestinationFailed(ctx context.Context, destination, problem string, at time.Time, pp lifeline.PausePolicy) error {
	destination = truncate(destination, 255)
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `
			INSERT INTO destination_pauses (destination, failing_since, last_failure_at, problem) VALUES ($1, $2, $2, $3)
			ON CONFLICT (destination) DO NOTHING`, destination, at, problem)
		if err != nil {
			return err
		}
		var s lifeline.DestinationState
		var until *time.Time
		err = tx.QueryRow(ctx, `
			SELECT failures, failing_since, last_failure_at, problem, paused_until, pauses
			FROM destination_pauses WHERE destination = $1 FOR UPDATE`, destination).
			Scan(&s.Failures, &s.FailingSince, &s.LastFailureAt, &s.Problem, &until, &s.Pauses)
		if err != nil {
			return err
		}
		if until != nil {
			s.PausedUntil = *until
		}
		s = pp.Failed(s, at, problem)
		if until = nil; !s.PausedUntil.IsZero() {
			until = &s.PausedUntil
		}
		_, err = tx.Exec(ctx, `
			UPDATE destination_pauses SET failures = $2, failing_since = $3, last_failure_at = $4, problem = $5, paused_until = $6, pauses = $7
			WHERE destination = $1`,
			destination, s.Failures, s.FailingSince, s.LastFailureAt, s.Problem, until, s.Pauses)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: destination %s failed: %w", destination, err)
	}
	return nil
}

func (db *DB) DestinationSucceeded(ctx context.Context, destination string) error {
	if _, err := db.Pool.Exec(ctx, `DELETE FROM destination_pauses WHERE destination = $1`, destination); err != nil {
		return fmt.Errorf("store: destination %s succeeded: %w", destination, err)
	}
	return nil
}

func (db *DB) FindChannelPauses(ctx context.Context, userID int64, now time.Time) ([]lifeline.ChannelPause, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT c.id, p.destination, p.problem, p.failing_since, p.paused_until
		FROM channels c JOIN destination_pauses p ON p.destination = lifeline_destination(c.kind, c.address)
		WHERE c.user_id = $1 AND p.paused_until > $2
		ORDER BY c.id`, userID, now)
	if err != nil {
		return nil, fmt.Errorf("store: find channel pauses: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (lifeline.ChannelPause, error) {
		var p lifeline.ChannelPause
		err := row.Scan(&p.ChannelID, &p.Destination, &p.Problem, &p.Since, &p.Until)
		return p, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: find channel pauses: %w", err)
	}
	return list, nil
}

// ResumeChannel ends the pause for everyone sending there: the owner
// asking to try now is the best news the destination has had. The
// failures stay counted, so one more failure pauses it again.
func (db *DB) ResumeChannel(ctx context.Context, userID, channelID int64, now time.Time) error {
	var found bool
	err := db.Pool.QueryRow(ctx, `
		WITH c AS (SELECT c.id, lifeline_destination(c.kind, c.address) AS destination FROM channels c WHERE c.id = $2 AND c.user_id = $1),
		resumed AS (UPDATE destination_pauses p SET paused_until = $3 FROM c WHERE p.destination = c.destination AND p.paused_until > $3),
		due AS (UPDATE outbox o SET next_attempt_at = $3 FROM c
		        WHERE o.channel_id = c.id AND o.state = 'pending' AND o.next_attempt_at > $3 AND o.claimed_until IS NULL)
		SELECT EXISTS (SELECT 1 FROM c)`, userID, channelID, now).Scan(&found)
	switch {
	case err != nil:
		return fmt.Errorf("store: resume channel %d: %w", channelID, err)
	case !found:
		return lifeline.Errorf(lifeline.ENOTFOUND, "Channel not found.")
	}
	return nil
}

// pruneDestinationPauses forgets destinations with neither a failure nor
// a pause for a day: the policy would start their count again anyway (a
// pause is at most hours long), and a host or domain may name a person.
func (db *DB) pruneDestinationPauses(ctx context.Context, now time.Time) error {
	day := now.Add(-24 * time.Hour)
	_, err := db.Pool.Exec(ctx, `
		DELETE FROM destination_pauses WHERE last_failure_at <= $1 AND (paused_until IS NULL OR paused_until <= $1)`, day)
	if err != nil {
		return fmt.Errorf("store: prune destination pauses: %w", err)
	}
	return nil
}

// nonNil makes a nil slice an empty array: pgx sends nil as NULL, and
// x <> ALL (NULL) is never true.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
