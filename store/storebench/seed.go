// Package storebench seeds and measures the database for the benchmarks
// (lifeline-bench): a large realistic data set written server-side, the
// query plans of the API's requests, and the plain-COPY baseline of
// ingest. It sits under store because store owns pgx and the SQL; only the
// benchmark command imports it, so the product never links it.
package storebench

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"lifeline/store"
)

// APISeed sizes the API benchmark's data set. It is written server-side
// (INSERT … SELECT generate_series), in time order across users as real
// traffic would leave it, so a user's rows are spread over the table.
type APISeed struct {
	Users int
	// Days of daily check-ins per user, ending on Now's UTC date.
	Days int
	// Fixes per user's one bracelet, FixEvery apart, the newest at Now.
	Fixes    int
	FixEvery time.Duration
	// PasswordHash is given to every user: one precomputed hash shared by
	// all (bench only; hashing 10,000 passwords would dominate the seeding).
	PasswordHash string
	Now          time.Time
	// Workers is how many connections load rows side by side (default 2).
	Workers int
}

// SeededUser is one benchmark account and its bracelet.
type SeededUser struct {
	ID       int64
	Email    string
	DeviceID string
}

// APISeedResult says what was written and how long each step took.
type APISeedResult struct {
	Users    []SeededUser
	CheckIns int64
	Fixes    int64
	Steps    []SeedStep
}

// SeedStep is one timed step of the seeding.
type SeedStep struct {
	Name    string  `json:"name"`
	Seconds float64 `json:"seconds"`
}

// SeedAPI fills an empty database (no users yet: it refuses anything
// else, so it can never touch real data) with s.Users users, each with a
// bracelet, s.Days daily check-ins and s.Fixes fixes. For speed it loads
// check_ins and locations without their indexes and unique constraints and
// rebuilds them afterwards from their own catalog definitions (so the
// schema ends exactly as the migrations left it), and skips the per-row
// foreign-key triggers (session_replication_role = replica, as pg_restore
// does) where the role may: the rows are consistent by construction. It
// ends with VACUUM ANALYZE, as autovacuum would.
func SeedAPI(ctx context.Context, db *store.DB, s APISeed) (*APISeedResult, error) {
	if s.Users < 1 || s.Days < 0 || s.Fixes < 0 || (s.Fixes > 0 && s.FixEvery <= 0) {
		return nil, errors.New("storebench: seed: need at least one user and a positive fix interval")
	}
	if s.Workers < 1 {
		s.Workers = 2
	}
	var hasUsers bool
	if err := db.Pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM users)`).Scan(&hasUsers); err != nil {
		return nil, fmt.Errorf("storebench: seed: %w", err)
	}
	if hasUsers {
		return nil, errors.New("storebench: seed: the database already has users; the API benchmark seeds only an empty one")
	}
	res := &APISeedResult{}
	step := func(name string, f func() error) error {
		start := time.Now()
		if err := f(); err != nil {
			return fmt.Errorf("storebench: seed %s: %w", name, err)
		}
		res.Steps = append(res.Steps, SeedStep{name, time.Since(start).Seconds()})
		return nil
	}
	now := s.Now.UTC()

	var ids []int64
	err := step("users and bracelets", func() error {
		// Four metros, each with the matching time zone.
		rows, err := db.Pool.Query(ctx, `
			WITH u AS (
				INSERT INTO users (email, first_name, last_name, timezone, password_hash, created_at)
				SELECT format('bench-%s@bench.invalid', g), 'Bench', 'User ' || g,
					(ARRAY['Europe/London', 'America/New_York', 'Asia/Tokyo', 'UTC'])[1 + g % 4], nullif($2::text, ''), $3
				FROM generate_series(1, $1::int) g
				ORDER BY g
				RETURNING id, email
			), d AS (
				INSERT INTO devices (id, user_id, name, token_hash, interval_s, created_at, last_seen_at, last_fix_at, last_battery, last_battery_at)
				SELECT 'brc_bench' || u.id, u.id, 'Bracelet', sha256(('brc_bench' || u.id)::bytea), $4::int, $3,
					CASE WHEN $5::int > 0 THEN $6::timestamptz END, CASE WHEN $5::int > 0 THEN $6::timestamptz END,
					CASE WHEN $5::int > 0 THEN 80 END, CASE WHEN $5::int > 0 THEN $6::timestamptz END
				FROM u
				RETURNING user_id, id
			)
			SELECT u.id, d.id, u.email FROM u JOIN d ON d.user_id = u.id ORDER BY u.id`,
			s.Users, s.PasswordHash, now.AddDate(-1, 0, -1), max(1, int(s.FixEvery/time.Second)), s.Fixes, now)
		if err != nil {
			return err
		}
		users, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (SeededUser, error) {
			var u SeededUser
			return u, row.Scan(&u.ID, &u.DeviceID, &u.Email)
		})
		if err != nil {
			return err
		}
		res.Users = users
		for _, u := range users {
			ids = append(ids, u.ID)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}

	// Check-ins: day by day across every user, a month of days per statement.
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	first := today.AddDate(0, 0, -(s.Days - 1))
	var chunks []func(pgx.Tx) (int64, error)
	for d := 0; d < s.Days; d += 30 {
		from, to := first.AddDate(0, 0, d), first.AddDate(0, 0, min(d+29, s.Days-1))
		chunks = append(chunks, func(tx pgx.Tx) (int64, error) {
			tag, err := tx.Exec(ctx, seedCheckInsSQL, from, to, ids)
			return tag.RowsAffected(), err
		})
	}
	if err := step("check-ins", func() (err error) {
		res.CheckIns, err = bulkLoad(ctx, db, "check_ins", s.Workers, chunks)
		return err
	}); err != nil {
		return nil, err
	}

	// Fixes: every bracelet's k-th fix, then every bracelet's (k+1)-th, …
	chunks = nil
	perChunk := max(1, 1_000_000/s.Users)
	for k := 0; k < s.Fixes; k += perChunk {
		lo, hi := k, min(k+perChunk, s.Fixes)-1
		chunks = append(chunks, func(tx pgx.Tx) (int64, error) {
			tag, err := tx.Exec(ctx, seedFixesSQL, lo, hi, s.Fixes, now, s.FixEvery, ids)
			return tag.RowsAffected(), err
		})
	}
	if err := step("locations", func() (err error) {
		res.Fixes, err = bulkLoad(ctx, db, "locations", s.Workers, chunks)
		return err
	}); err != nil {
		return nil, err
	}

	if err := step("vacuum analyze", func() error {
		_, err := db.Pool.Exec(ctx, `VACUUM (ANALYZE) users, devices, check_ins, locations`)
		return err
	}); err != nil {
		return nil, err
	}
	return res, nil
}

// A check-in for each user ($3) and each day from $1 to $2, day by day
// across the users (one generate_series: no join order to go wrong), its
// values spread by a hash of user and day: moods and cravings over the
// whole scale, a few triggers and coping strategies, substance use on about
// one day in twenty, short texts on some days. Saved in the evening.
const seedCheckInsSQL = `
	INSERT INTO check_ins (user_id, local_date, mood, craving_intensity, mood_description, triggers,
		trigger_description, substance_use, substance_details, coping_strategies, notes, created_at)
	SELECT c.user_id, c.day, 1 + h % 10, 1 + h / 10 % 10,
		CASE WHEN h % 3 = 0 THEN 'Felt steady most of the day, a little tired in the afternoon.' END,
		CASE h / 100 % 4 WHEN 0 THEN '{}'::text[] WHEN 1 THEN '{stress}' WHEN 2 THEN '{social,boredom}' ELSE '{emotions,physical,environment}' END,
		CASE WHEN h / 100 % 4 = 3 THEN 'A hard conversation at work.' END,
		h % 20 = 0, CASE WHEN h % 20 = 0 THEN 'A drink after dinner.' END,
		CASE h / 400 % 3 WHEN 0 THEN '{breathing}'::text[] WHEN 1 THEN '{exercise,support}' ELSE '{journaling,meditation,distraction}' END,
		CASE WHEN h % 7 = 0 THEN 'Went for a long walk and called my sponsor before bed.' END,
		c.day + time '20:30' + (h % 120) * interval '1 minute'
	FROM generate_series(0, ($2::date - $1::date + 1) * cardinality($3::bigint[]) - 1) AS i
	CROSS JOIN LATERAL (SELECT ($3::bigint[])[1 + i % cardinality($3::bigint[])] AS user_id,
		$1::date + (i / cardinality($3::bigint[]))::int AS day) c
	CROSS JOIN LATERAL (SELECT abs(hashint8(c.user_id * 100000 + (c.day - date '2000-01-01'))::bigint) AS h) r`

// Fixes $1..$2 of $3 for every bracelet (users $6, each with the bracelet
// 'brc_bench' || id), $5 apart, the last at $4, fix by fix across the
// bracelets: a daily loop of a couple of kilometres around a home in the
// user's metro, a few metres of noise, 3-20 m accuracy, a battery that
// drains over the day and is charged overnight.
const seedFixesSQL = `
	INSERT INTO locations (user_id, device_id, source, ts, seq, latitude, longitude, accuracy, battery_level, received_at)
	SELECT f.user_id, 'brc_bench' || f.user_id, 'bracelet', t.ts, f.k,
		m.lat + (f.user_id % 97) * 0.002 + 0.015 * sin(t.phase) + (h % 100) * 0.000002,
		m.lon + (f.user_id % 89) * 0.002 + 0.02 * cos(t.phase) + (h / 100 % 100) * 0.000002,
		3 + h % 17, (100 - extract(hour FROM t.ts AT TIME ZONE 'UTC') * 3)::smallint,
		t.ts + interval '2 seconds'
	FROM generate_series($1::bigint * cardinality($6::bigint[]), ($2::bigint + 1) * cardinality($6::bigint[]) - 1) AS i
	CROSS JOIN LATERAL (SELECT ($6::bigint[])[1 + i % cardinality($6::bigint[])] AS user_id,
		(i / cardinality($6::bigint[]))::int AS k) f
	CROSS JOIN LATERAL (SELECT $4::timestamptz - ($3::int - 1 - f.k) * $5::interval AS ts) t0
	CROSS JOIN LATERAL (SELECT t0.ts, 2 * pi() * extract(epoch FROM t0.ts)::float8 / 86400 AS phase) t
	CROSS JOIN LATERAL (SELECT abs(hashint8(f.user_id * 1000000 + f.k)::bigint) AS h) r
	CROSS JOIN LATERAL (SELECT (ARRAY[51.507, 40.713, 35.676, 38.722])[1 + f.user_id % 4] - 0.1 AS lat,
		(ARRAY[-0.128, -74.006, 139.650, -9.139])[1 + f.user_id % 4] - 0.1 AS lon) m`

// bulkLoad runs the chunks on workers connections side by side, with
// table's unique constraints and indexes dropped first and rebuilt after
// from their catalog definitions. A table that another one references,
// or a TimescaleDB hypertable, is loaded with its indexes in place.
func bulkLoad(ctx context.Context, db *store.DB, table string, workers int, chunks []func(pgx.Tx) (int64, error)) (int64, error) {
	idx, err := droppableIndexes(ctx, db, table)
	if err != nil {
		return 0, err
	}
	for _, i := range idx {
		stmt := fmt.Sprintf(`DROP INDEX %s`, pgx.Identifier{i.name}.Sanitize())
		if i.constraint != "" {
			stmt = fmt.Sprintf(`ALTER TABLE %s DROP CONSTRAINT %s`, pgx.Identifier{table}.Sanitize(), pgx.Identifier{i.constraint}.Sanitize())
		}
		if _, err := db.Pool.Exec(ctx, stmt); err != nil {
			return 0, err
		}
	}
	rows, err := parallel(ctx, db, workers, chunks)
	if err != nil {
		return 0, err
	}
	// Index builds take SHARE locks, so they run side by side; then the
	// constraints adopt their indexes, which costs nothing.
	var builds []func(pgx.Tx) (int64, error)
	for _, i := range idx {
		builds = append(builds, func(tx pgx.Tx) (int64, error) {
			_, err := tx.Exec(ctx, i.def)
			return 0, err
		})
	}
	if _, err := parallel(ctx, db, workers, builds); err != nil {
		return 0, err
	}
	for _, i := range idx {
		if i.constraint == "" {
			continue
		}
		kind := "UNIQUE"
		if i.primary {
			kind = "PRIMARY KEY"
		}
		_, err := db.Pool.Exec(ctx, fmt.Sprintf(`ALTER TABLE %s ADD CONSTRAINT %s %s USING INDEX %s`,
			pgx.Identifier{table}.Sanitize(), pgx.Identifier{i.constraint}.Sanitize(), kind, pgx.Identifier{i.name}.Sanitize()))
		if err != nil {
			return 0, err
		}
		var def string
		if err := db.Pool.QueryRow(ctx, `SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = $1::regclass AND conname = $2`,
			table, i.constraint).Scan(&def); err != nil {
			return 0, err
		}
		if def != i.constraintDef {
			return 0, fmt.Errorf("constraint %s rebuilt as %q, was %q", i.constraint, def, i.constraintDef)
		}
	}
	return rows, nil
}

type indexDef struct {
	name, def                 string
	constraint, constraintDef string // for an index behind a primary key or unique constraint
	primary                   bool
}

func droppableIndexes(ctx context.Context, db *store.DB, table string) ([]indexDef, error) {
	var referenced, hypertable bool
	err := db.Pool.QueryRow(ctx, `
		SELECT EXISTS (SELECT 1 FROM pg_constraint WHERE confrelid = $1::regclass AND contype = 'f'),
			EXISTS (SELECT 1 FROM pg_inherits WHERE inhparent = $1::regclass)
			OR EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'timescaledb')`, table).Scan(&referenced, &hypertable)
	if err != nil || referenced || hypertable {
		return nil, err
	}
	rows, err := db.Pool.Query(ctx, `
		SELECT i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid),
			coalesce(c.conname, ''), coalesce(pg_get_constraintdef(c.oid), ''), coalesce(c.contype = 'p', false)
		FROM pg_index i
		LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.conrelid = i.indrelid AND c.contype IN ('p', 'u')
		WHERE i.indrelid = $1::regclass
		  AND NOT EXISTS (SELECT 1 FROM pg_constraint x WHERE x.conindid = i.indexrelid AND x.contype NOT IN ('p', 'u'))
		  AND NOT coalesce(c.condeferrable, false)
		ORDER BY pg_relation_size(i.indexrelid) DESC, 1`, table)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (indexDef, error) {
		var d indexDef
		return d, row.Scan(&d.name, &d.def, &d.constraint, &d.constraintDef, &d.primary)
	})
}

// parallel runs each job in its own transaction on one of workers
// connections, with per-row foreign-key triggers off where allowed, and a
// large maintenance_work_mem for index builds. It returns the rows added.
func parallel(ctx context.Context, db *store.DB, workers int, jobs []func(pgx.Tx) (int64, error)) (int64, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	queue := make(chan func(pgx.Tx) (int64, error), len(jobs))
	for _, j := range jobs {
		queue <- j
	}
	close(queue)
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		total int64
		first error
	)
	for range min(workers, len(jobs)) {
		wg.Go(func() {
			err := withBulkConn(ctx, db, func(conn *pgxpool.Conn) error {
				for job := range queue {
					var n int64
					err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) (err error) {
						n, err = job(tx)
						return err
					})
					if err != nil {
						return err
					}
					mu.Lock()
					total += n
					mu.Unlock()
				}
				return nil
			})
			if err != nil {
				mu.Lock()
				if first == nil {
					first = err
				}
				mu.Unlock()
				cancel()
			}
		})
	}
	wg.Wait()
	return total, first
}

func withBulkConn(ctx context.Context, db *store.DB, f func(*pgxpool.Conn) error) error {
	conn, err := db.Pool.Acquire(ctx)
	if err != nil {
		return err
	}
	// The settings are the session's: drop the connection afterwards rather
	// than return it to the pool with them.
	defer func() { conn.Hijack().Close(context.Background()) }()
	if _, err := conn.Exec(ctx, `SET maintenance_work_mem = '1GB'`); err != nil {
		return err
	}
	if _, err := conn.Exec(ctx, `SET session_replication_role = replica`); err != nil && !strings.Contains(err.Error(), "permission denied") {
		return err
	}
	return f(conn)
}

// SeedSessions signs each of users in once, all at now, with the given
// token hashes (the benchmark's load generator holds the tokens), and
// analyzes the table.
func SeedSessions(ctx context.Context, db *store.DB, users []int64, tokenHashes [][]byte, now, expires time.Time) error {
	if len(users) != len(tokenHashes) {
		return errors.New("storebench: seed sessions: one token hash per user")
	}
	_, err := db.Pool.Exec(ctx, `
		INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at, user_agent)
		SELECT h, u, $3, $3, $4, 'lifeline-bench' FROM unnest($1::bigint[], $2::bytea[]) AS s(u, h)`,
		users, tokenHashes, now, expires)
	if err != nil {
		return fmt.Errorf("storebench: seed sessions: %w", err)
	}
	// As autovacuum would, but now: until it does, the planner's guess for
	// the table can go either way, and explain-api saw FindSession read
	// sessions whole on a busy machine, where autovacuum came late.
	if _, err := db.Pool.Exec(ctx, `ANALYZE sessions`); err != nil {
		return fmt.Errorf("storebench: analyze sessions: %w", err)
	}
	return nil
}
