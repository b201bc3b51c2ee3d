package store_test

import (
	"context"
	"errors"
	"net/url"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"lifeline/migrations"
	"lifeline/store"
	"lifeline/store/storetest"
)

// TestPoolRecoversFromAReadOnlySpell: a database made read-only (its
// sessions cut, so new ones start read-only) and then writable again
// accepts writes at once, instead of the pool holding on to connections
// that stay read-only for their whole life.
func TestPoolRecoversFromAReadOnlySpell(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	raw := storetest.NewURL(t)
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("pool_max_conns", "2")
	u.RawQuery = q.Encode()
	db, err := store.Open(ctx, u.String(), migrations.FS, store.TimescaleAuto)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()

	cfg, err := pgx.ParseConfig(raw)
	if err != nil {
		t.Fatal(err)
	}
	cfg.RuntimeParams["default_transaction_read_only"] = "off"
	admin, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	name := pgx.Identifier{cfg.Database}.Sanitize()
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := admin.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	write := func() error {
		_, err := db.Pool.Exec(ctx, `INSERT INTO stale_probe VALUES (1)`)
		return err
	}
	exec(`CREATE TABLE stale_probe (n int)`)
	if err := write(); err != nil {
		t.Fatal(err)
	}

	exec(`ALTER DATABASE ` + name + ` SET default_transaction_read_only = on`)
	exec(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, cfg.Database)
	readOnly := false
	for range 5 { // the first attempts meet the cut connections
		var pgErr *pgconn.PgError
		if err := write(); errors.As(err, &pgErr) && pgErr.Code == "25006" {
			readOnly = true
			break
		}
	}
	if !readOnly {
		t.Fatal("writes did not fail as read-only")
	}
	exec(`ALTER DATABASE ` + name + ` RESET default_transaction_read_only`)
	var err2 error
	for attempt := 1; attempt <= 3; attempt++ {
		if err2 = write(); err2 == nil {
			return
		}
	}
	t.Fatalf("writes still fail after the database is writable again: %v", err2)
}
