package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"lifeline"
	"lifeline/store"
	"lifeline/store/storetest"
)

// retentionAges are the ages of the rows the retention tests store for each
// person: an hour either side of each per-person choice, and days either side
// of the global 400-day window (TimescaleDB drops whole chunks, of one day for
// locations and seven for battery readings, so its boundary is a chunk's).
var retentionAges = []time.Duration{
	time.Hour,
	7*24*time.Hour - time.Hour, 7*24*time.Hour + time.Hour,
	30*24*time.Hour - time.Hour, 30*24*time.Hour + time.Hour,
	90*24*time.Hour - time.Hour, 90*24*time.Hour + time.Hour,
	398 * 24 * time.Hour, 410 * 24 * time.Hour,
}

// personKeeping adds a person with a bracelet who keeps their history for days.
func personKeeping(t *testing.T, db *store.DB, email string, days int) (userID int64, deviceID string) {
	t.Helper()
	userID, deviceID = pairedUser(t, db, email)
	if _, err := db.Pool.Exec(context.Background(), `UPDATE users SET history_keep_days = $2 WHERE id = $1`, userID, days); err != nil {
		t.Fatal(err)
	}
	return userID, deviceID
}

// storeHistory stores one fix and one battery reading at each age before now.
func storeHistory(t *testing.T, pool *pgxpool.Pool, userID int64, deviceID string, now time.Time, ages []time.Duration) {
	t.Helper()
	ctx := context.Background()
	for i, age := range ages {
		ts := now.Add(-age)
		if _, err := pool.Exec(ctx, `INSERT INTO locations (user_id, device_id, source, ts, seq, latitude, longitude)
			VALUES ($1, $2, 'bracelet', $3, $4, 51.5, -0.1)`, userID, deviceID, ts, i); err != nil {
			t.Fatal(err)
		}
		if _, err := pool.Exec(ctx, `INSERT INTO battery_readings (device_id, user_id, ts, seq, battery)
			VALUES ($1, $2, $3, $4, 80)`, deviceID, userID, ts, i); err != nil {
			t.Fatal(err)
		}
	}
}

func countRows(t *testing.T, pool *pgxpool.Pool, relation string, userID int64) int {
	t.Helper()
	var n int
	sql := map[string]string{
		"locations":        `SELECT count(*) FROM locations WHERE user_id = $1`,
		"battery_readings": `SELECT count(*) FROM battery_readings WHERE user_id = $1`,
	}[relation]
	if err := pool.QueryRow(context.Background(), sql, userID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// compressOldChunks compresses every chunk older than a week, as the
// compression policy would have, so per-person deletes meet compressed data.
func compressOldChunks(t *testing.T, pool *pgxpool.Pool) {
	t.Helper()
	for _, table := range []string{"locations", "battery_readings"} {
		if _, err := pool.Exec(context.Background(), `SELECT compress_chunk(c, if_not_compressed => true)
			FROM show_chunks($1::regclass, older_than => INTERVAL '7 days') c`, table); err != nil {
			t.Fatal(err)
		}
	}
}

// runTimescaleRetention runs the hypertables' retention policies now (they
// are scheduled once a day).
func runTimescaleRetention(t *testing.T, pool *pgxpool.Pool) {
	t.Helper()
	ctx := context.Background()
	rows, err := pool.Query(ctx, `SELECT job_id FROM timescaledb_information.jobs WHERE proc_name = 'policy_retention'`)
	if err != nil {
		t.Fatal(err)
	}
	var jobs []int
	for rows.Next() {
		var id int
		rows.Scan(&id)
		jobs = append(jobs, id)
	}
	if rows.Err() != nil || len(jobs) != 2 {
		t.Fatalf("retention policies = %v (%v), want one per hypertable", jobs, rows.Err())
	}
	for _, id := range jobs {
		if _, err := pool.Exec(ctx, `CALL run_job($1)`, id); err != nil {
			t.Fatal(err)
		}
	}
}

func TestRetentionDeletesExactlyTheRowsPastEachLimit(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	onTimescale := storetest.Engine() == storetest.EngineTimescale
	now := time.Now()
	people := map[int64]int{} // user ID: days kept
	for _, days := range lifeline.HistoryChoices {
		userID, deviceID := personKeeping(t, db, fmt.Sprintf("keeps-%d@example.org", days), days)
		storeHistory(t, db.Pool, userID, deviceID, now, retentionAges)
		people[userID] = days
	}
	if onTimescale {
		compressOldChunks(t, db.Pool)
		runTimescaleRetention(t, db.Pool)
	}
	var batches []store.RetentionBatch
	run, err := db.EnforceRetention(ctx, now, func(b store.RetentionBatch) { batches = append(batches, b) })
	if err != nil {
		t.Fatal(err)
	}
	if !run.Ran {
		t.Fatal("the retention job did not run")
	}
	for userID, days := range people {
		want := 0
		for _, age := range retentionAges {
			if age < time.Duration(days)*24*time.Hour {
				want++
			}
		}
		for _, relation := range []string{"locations", "battery_readings"} {
			t.Run(fmt.Sprintf("%s kept %d days", relation, days), func(t *testing.T) {
				if got := countRows(t, db.Pool, relation, userID); got != want {
					t.Errorf("%d rows left, want %d (the rows younger than %d days)", got, want, days)
				}
			})
		}
	}
	var reported int64
	for _, b := range batches {
		reported += b.Rows
	}
	if total := run.Deleted["locations"] + run.Deleted["battery_readings"]; reported != total || total == 0 {
		t.Errorf("batches report %d rows, the run %d; want the same, more than 0", reported, total)
	}
}

func TestRetentionDeletesInBoundedBatches(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	userID, deviceID := personKeeping(t, db, "short@example.org", 7)
	old := 2*store.RetentionBatchRows + 10
	if _, err := db.Pool.Exec(ctx, `INSERT INTO locations (user_id, device_id, source, ts, seq, latitude, longitude)
		SELECT $1, $2, 'bracelet', now() - INTERVAL '20 days' + i * INTERVAL '1 second', i, 51.5, -0.1
		FROM generate_series(1, $3) i`, userID, deviceID, old); err != nil {
		t.Fatal(err)
	}
	var batches []store.RetentionBatch
	run, err := db.EnforceRetention(ctx, time.Now(), func(b store.RetentionBatch) { batches = append(batches, b) })
	if err != nil {
		t.Fatal(err)
	}
	if run.Deleted["locations"] != int64(old) {
		t.Errorf("deleted %d locations, want %d", run.Deleted["locations"], old)
	}
	if len(batches) != 3 {
		t.Errorf("%d batches, want 3 of at most %d rows", len(batches), store.RetentionBatchRows)
	}
	for _, b := range batches {
		if b.Rows > store.RetentionBatchRows || !b.PerUser {
			t.Errorf("batch %+v: want a per-person batch of at most %d rows", b, store.RetentionBatchRows)
		}
		t.Logf("batch of %d rows took %v", b.Rows, b.Took)
	}
}

func TestRetentionRunsOnOneNodeAtATime(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	userID, deviceID := personKeeping(t, db, "locked@example.org", 7)
	storeHistory(t, db.Pool, userID, deviceID, time.Now(), []time.Duration{30 * 24 * time.Hour})
	other, err := db.Pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Release()
	const key = 0x6c6c726574656e74 // the job's lock, as another node holds it
	if _, err := other.Exec(ctx, `SELECT pg_advisory_lock($1)`, int64(key)); err != nil {
		t.Fatal(err)
	}
	run, err := db.EnforceRetention(ctx, time.Now(), nil)
	if err != nil || run.Ran {
		t.Fatalf("EnforceRetention while another node runs it = %+v, %v; want Ran false", run, err)
	}
	if n := countRows(t, db.Pool, "locations", userID); n != 1 {
		t.Errorf("%d locations left, want 1 (untouched)", n)
	}
	if _, err := other.Exec(ctx, `SELECT pg_advisory_unlock($1)`, int64(key)); err != nil {
		t.Fatal(err)
	}
	if run, err := db.EnforceRetention(ctx, time.Now(), nil); err != nil || !run.Ran || run.Deleted["locations"] != 1 {
		t.Fatalf("EnforceRetention after the lock is free = %+v, %v; want it to delete the one old fix", run, err)
	}
}

// The compression and retention policies of one hypertable deadlocked when
// both picked the same chunk: each runs daily at a fixed time, within a time
// limit, in windows that never overlap.
func TestTimescalePoliciesNeverRunTogether(t *testing.T) {
	if storetest.Engine() != storetest.EngineTimescale {
		t.Skip("TimescaleDB policies: LIFELINE_TEST_ENGINE=timescale")
	}
	db := storetest.NewDB(t)
	rows, err := db.Pool.Query(context.Background(), `SELECT hypertable_name, proc_name, fixed_schedule,
		schedule_interval = INTERVAL '1 day',
		extract(epoch FROM next_start - date_trunc('day', next_start, 'UTC'))::int,
		extract(epoch FROM max_runtime)::int
		FROM timescaledb_information.jobs WHERE proc_name IN ('policy_compression', 'policy_retention')`)
	if err != nil {
		t.Fatal(err)
	}
	type window struct{ from, to int } // seconds into the UTC day
	windows := map[string]map[string]window{}
	for rows.Next() {
		var table, proc string
		var fixed, daily bool
		var start, runtime int
		if err := rows.Scan(&table, &proc, &fixed, &daily, &start, &runtime); err != nil {
			t.Fatal(err)
		}
		if !fixed || !daily || runtime <= 0 {
			t.Errorf("%s %s: fixed schedule %v, daily %v, time limit %ds; want a fixed daily run with a limit", table, proc, fixed, daily, runtime)
		}
		if windows[table] == nil {
			windows[table] = map[string]window{}
		}
		windows[table][proc] = window{start, start + runtime}
	}
	if len(windows) != 2 {
		t.Fatalf("policies on %d hypertables, want 2: %v", len(windows), windows)
	}
	for table, w := range windows {
		c, r := w["policy_compression"], w["policy_retention"]
		if c.from < r.to && r.from < c.to {
			t.Errorf("%s: compression %v and retention %v overlap", table, c, r)
		}
	}
}
