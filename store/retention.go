package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// RetentionBatchRows is how many rows one DELETE of the retention job removes.
// Each batch is its own short transaction, so no lock is held for long and
// autovacuum keeps up between batches.
const RetentionBatchRows = 5000

// RetentionBatch is one DELETE of the retention job.
type RetentionBatch struct {
	Relation string        // locations or battery_readings
	PerUser  bool          // a person's own shorter choice, not the global window
	Rows     int64         // rows deleted
	Took     time.Duration // the statement's time, which is how long it held its locks
}

// RetentionRun says what one run of EnforceRetention did.
type RetentionRun struct {
	// Ran is false when another node held the job's lock: it is doing the work.
	Ran     bool
	Deleted map[string]int64 // rows deleted per relation
}

// retentionLockKey is the advisory lock that keeps the job to one node.
const retentionLockKey = 0x6c6c726574656e74 // "llretent"

// One statement per relation and scope. Each deletes at most $2 rows by
// primary key; the outer conditions repeat the inner ones so TimescaleDB
// excludes chunks (and, per person, decompresses only that person's
// segments).
var retentionDeletes = map[string]struct{ global, perUser string }{
	"locations": {
		global: `DELETE FROM locations WHERE ts < $1 AND (user_id, ts, id) IN (
			SELECT user_id, ts, id FROM locations WHERE ts < $1 LIMIT $2)`,
		perUser: `DELETE FROM locations WHERE user_id = $3 AND ts < $1 AND (user_id, ts, id) IN (
			SELECT user_id, ts, id FROM locations WHERE user_id = $3 AND ts < $1 LIMIT $2)`,
	},
	"battery_readings": {
		global: `DELETE FROM battery_readings WHERE ts < $1 AND (device_id, ts, seq) IN (
			SELECT device_id, ts, seq FROM battery_readings WHERE ts < $1 LIMIT $2)`,
		perUser: `DELETE FROM battery_readings WHERE user_id = $3 AND ts < $1 AND (device_id, ts, seq) IN (
			SELECT device_id, ts, seq FROM battery_readings WHERE user_id = $3 AND ts < $1 LIMIT $2)`,
	},
}

// EnforceRetention deletes time series rows past their keep window, as of
// now: every row older than retention_settings.keep_days where Lifeline
// enforces that window (plain PostgreSQL; TimescaleDB drops whole chunks
// itself), and on both engines each person's rows older than their own
// shorter choice. It runs on one node at a time (an advisory lock; a node
// that does not get it returns Ran false) and calls observe after each batch.
func (db *DB) EnforceRetention(ctx context.Context, now time.Time, observe func(RetentionBatch)) (RetentionRun, error) {
	run := RetentionRun{Deleted: map[string]int64{}}
	conn, err := db.Pool.Acquire(ctx)
	if err != nil {
		return run, fmt.Errorf("store: retention: %w", err)
	}
	defer conn.Release()
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, int64(retentionLockKey)).Scan(&run.Ran); err != nil || !run.Ran {
		return run, wrapRetentionErr(err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, int64(retentionLockKey))

	rows, err := conn.Query(ctx, `SELECT relation, keep_days, enforced_by = 'go' FROM retention_settings ORDER BY relation`)
	if err != nil {
		return run, wrapRetentionErr(err)
	}
	type window struct {
		Relation string
		KeepDays int
		ByGo     bool
	}
	windows, err := pgx.CollectRows(rows, pgx.RowToStructByPos[window])
	if err != nil {
		return run, wrapRetentionErr(err)
	}
	for _, w := range windows {
		stmts, ok := retentionDeletes[w.Relation]
		if !ok {
			return run, fmt.Errorf("store: retention: no delete statement for %s", w.Relation)
		}
		if w.ByGo {
			cutoff := now.AddDate(0, 0, -w.KeepDays)
			if err := deleteInBatches(ctx, conn, w.Relation, false, stmts.global, cutoff, 0, &run, observe); err != nil {
				return run, err
			}
		}
		choices, err := shorterChoices(ctx, conn, w.KeepDays)
		if err != nil {
			return run, err
		}
		for _, c := range choices {
			cutoff := now.AddDate(0, 0, -c.KeepDays)
			if err := deleteInBatches(ctx, conn, w.Relation, true, stmts.perUser, cutoff, c.UserID, &run, observe); err != nil {
				return run, err
			}
		}
	}
	return run, nil
}

type historyChoice struct {
	UserID   int64
	KeepDays int
}

// shorterChoices lists the people who keep their history for fewer than
// keepDays days.
func shorterChoices(ctx context.Context, conn *pgxpool.Conn, keepDays int) ([]historyChoice, error) {
	rows, err := conn.Query(ctx, `SELECT id, history_keep_days FROM users WHERE history_keep_days < $1 ORDER BY id`, keepDays)
	if err != nil {
		return nil, wrapRetentionErr(err)
	}
	choices, err := pgx.CollectRows(rows, pgx.RowToStructByPos[historyChoice])
	return choices, wrapRetentionErr(err)
}

// deleteInBatches runs one of retentionDeletes until a batch comes back short.
func deleteInBatches(ctx context.Context, conn *pgxpool.Conn, relation string, perUser bool, stmt string, cutoff time.Time, userID int64, run *RetentionRun, observe func(RetentionBatch)) error {
	args := []any{cutoff, RetentionBatchRows}
	if perUser {
		args = append(args, userID)
	}
	for {
		start := time.Now()
		tag, err := conn.Exec(ctx, stmt, args...)
		if err != nil {
			return fmt.Errorf("store: retention: delete from %s: %w", relation, err)
		}
		batch := RetentionBatch{Relation: relation, PerUser: perUser, Rows: tag.RowsAffected(), Took: time.Since(start)}
		run.Deleted[relation] += batch.Rows
		if observe != nil && batch.Rows > 0 {
			observe(batch)
		}
		if batch.Rows < RetentionBatchRows {
			return nil
		}
	}
}

func wrapRetentionErr(err error) error {
	if err != nil {
		return fmt.Errorf("store: retention: %w", err)
	}
	return err
}
