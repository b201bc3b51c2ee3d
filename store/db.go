// Package store is the one package that speaks SQL. It implements the
// domain's service interfaces on PostgreSQL with pgx, manages the private
// PostgreSQL cluster that is Lifeline's embedded default, and applies the
// embedded migrations.
package store

import (
	"context"
	"fmt"
	"io/fs"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// DB is Lifeline's database: a connection pool on a migrated schema.
type DB struct {
	Pool *pgxpool.Pool
	// latest is the newest migration version this binary knows.
	latest int
	// EscalateAfter is how long an avoid-zone alert waits for the wearer's
	// "I'm okay" before it goes to their supporters (0: 10 minutes).
	EscalateAfter time.Duration
	// OfflineAfter, when positive, is the silence after which a bracelet
	// is offline, instead of lifeline.OfflineAfter's rule.
	OfflineAfter time.Duration
	// throttleSecret keys the throttles' digests (throttle.go), loaded once.
	throttleSecret atomic.Pointer[[]byte]
}

// Open connects to the database at url and applies the migrations of fsys.
func Open(ctx context.Context, url string, fsys fs.FS, mode Timescale) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("store: parse database URL: %w", err)
	}
	if cfg.ConnConfig.Tracer == nil {
		stale := &staleConns{}
		cfg.ConnConfig.Tracer, cfg.AfterRelease = stale, stale.keep
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: connect: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: connect to %s@%s: %w", cfg.ConnConfig.User, cfg.ConnConfig.Host, err)
	}
	migrations, err := LoadMigrations(fsys)
	if err != nil {
		pool.Close()
		return nil, err
	}
	if _, err := Migrate(ctx, pool, fsys, mode); err != nil {
		pool.Close()
		return nil, err
	}
	db := &DB{Pool: pool}
	if n := len(migrations); n > 0 {
		db.latest = migrations[n-1].Version
	}
	return db, nil
}

// Ready reports whether the database answers and has every migration this
// binary knows applied.
func (db *DB) Ready(ctx context.Context) error {
	var version int
	err := db.Pool.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&version)
	if err != nil {
		return fmt.Errorf("database unreachable: %w", err)
	}
	if version < db.latest {
		return fmt.Errorf("database schema at version %d, want %d", version, db.latest)
	}
	return nil
}

// Close closes the pool.
func (db *DB) Close() { db.Pool.Close() }
