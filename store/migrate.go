package store

import (
	"context"
	"fmt"
	"io/fs"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Timescale says whether migrations use the TimescaleDB variant files.
type Timescale int

const (
	// TimescaleAuto uses TimescaleDB when the server offers the extension.
	TimescaleAuto Timescale = iota
	// TimescaleOff always uses the plain PostgreSQL variants.
	TimescaleOff
	// TimescaleRequire always uses the TimescaleDB variants, failing where
	// the extension is missing.
	TimescaleRequire
)

// ParseTimescale reads a --timescale value: auto, off or require.
func ParseTimescale(value string) (Timescale, error) {
	switch value {
	case "auto":
		return TimescaleAuto, nil
	case "off":
		return TimescaleOff, nil
	case "require":
		return TimescaleRequire, nil
	}
	return 0, fmt.Errorf("invalid --timescale %q: want auto, off or require", value)
}

// Migration is one numbered step: a common file, or a pair of variants of
// which one is applied.
type Migration struct {
	Version   int
	Name      string
	Common    string // file applied on every server
	Plain     string // variant applied without TimescaleDB
	Timescale string // variant applied with TimescaleDB
}

var migrationFile = regexp.MustCompile(`^(\d{4})_([a-z0-9_]+?)(?:\.(timescale|plain))?\.sql$`)

// LoadMigrations reads and checks the migration files of fsys: numbered
// NNNN_name.sql, or NNNN_name.timescale.sql with NNNN_name.plain.sql.
func LoadMigrations(fsys fs.FS) ([]Migration, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("store: read migrations: %w", err)
	}
	byVersion := map[int]*Migration{}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".sql") {
			continue
		}
		m := migrationFile.FindStringSubmatch(e.Name())
		if m == nil {
			return nil, fmt.Errorf("store: migration file %q is not named NNNN_name.sql or NNNN_name.{timescale,plain}.sql", e.Name())
		}
		v, _ := strconv.Atoi(m[1])
		mig := byVersion[v]
		if mig == nil {
			mig = &Migration{Version: v, Name: m[2]}
			byVersion[v] = mig
		}
		if mig.Name != m[2] {
			return nil, fmt.Errorf("store: migration %04d has two names: %q and %q", v, mig.Name, m[2])
		}
		slot := map[string]*string{"": &mig.Common, "plain": &mig.Plain, "timescale": &mig.Timescale}[m[3]]
		if *slot != "" {
			return nil, fmt.Errorf("store: migration %04d has two files for one slot: %s and %s", v, *slot, e.Name())
		}
		*slot = e.Name()
	}
	var out []Migration
	for _, m := range byVersion {
		variants := m.Plain != "" || m.Timescale != ""
		switch {
		case variants && m.Common != "":
			return nil, fmt.Errorf("store: migration %04d has both a common file and variants", m.Version)
		case variants && (m.Plain == "" || m.Timescale == ""):
			return nil, fmt.Errorf("store: migration %04d needs both a .plain.sql and a .timescale.sql variant", m.Version)
		}
		out = append(out, *m)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}

// Migrate applies the migrations of fsys that the database has not seen yet,
// each in its own transaction, under an advisory lock so that several nodes
// starting together apply each step once. It returns how many it applied.
func Migrate(ctx context.Context, pool *pgxpool.Pool, fsys fs.FS, mode Timescale) (int, error) {
	migrations, err := LoadMigrations(fsys)
	if err != nil {
		return 0, err
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return 0, fmt.Errorf("store: migrate: %w", err)
	}
	defer conn.Release()
	const lockKey = 0x6c6966656c696e65 // "lifeline"
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, int64(lockKey)); err != nil {
		return 0, fmt.Errorf("store: migrate: lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, int64(lockKey))

	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    integer PRIMARY KEY,
		name       text NOT NULL,
		file       text NOT NULL,
		applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
		return 0, fmt.Errorf("store: migrate: create schema_migrations: %w", err)
	}
	useTimescale, err := timescaleWanted(ctx, conn.Conn(), mode)
	if err != nil {
		return 0, err
	}
	applied := 0
	for _, m := range migrations {
		file := m.Common
		if file == "" {
			file = m.Plain
			if useTimescale {
				file = m.Timescale
			}
		}
		done, err := applyOne(ctx, conn.Conn(), fsys, m, file)
		if err != nil {
			return applied, err
		}
		if done {
			applied++
		}
	}
	return applied, nil
}

// timescaleWanted decides which variant files to apply. A database keeps the
// variant it was first migrated with; auto mode otherwise uses TimescaleDB
// when the extension is created already or this role can create it. Every
// check works for an ordinary owner role (reading shared_preload_libraries
// would need superuser).
func timescaleWanted(ctx context.Context, conn *pgx.Conn, mode Timescale) (bool, error) {
	var recorded string
	err := conn.QueryRow(ctx, `SELECT coalesce(min(file), '') FROM schema_migrations
		WHERE file LIKE '%.timescale.sql' OR file LIKE '%.plain.sql'`).Scan(&recorded)
	if err != nil {
		return false, fmt.Errorf("store: migrate: read applied variants: %w", err)
	}
	if recorded != "" {
		onTimescale := strings.HasSuffix(recorded, ".timescale.sql")
		if (mode == TimescaleOff && onTimescale) || (mode == TimescaleRequire && !onTimescale) {
			return false, fmt.Errorf("store: migrate: this database was migrated with %s; it cannot switch storage engine (use --timescale auto)", recorded)
		}
		return onTimescale, nil
	}
	switch mode {
	case TimescaleOff:
		return false, nil
	case TimescaleRequire:
		return true, nil
	}
	var created, available, preloaded bool
	err = conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'timescaledb'),
		EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'timescaledb'),
		current_setting('timescaledb.max_background_workers', true) IS NOT NULL`).Scan(&created, &available, &preloaded)
	if err != nil {
		return false, fmt.Errorf("store: migrate: look for timescaledb: %w", err)
	}
	if created || !available || !preloaded {
		return created, nil
	}
	return canCreateTimescale(ctx, conn.Config())
}

// canCreateTimescale tries CREATE EXTENSION timescaledb and rolls it back, on
// a connection of its own: where the server does not preload the library the
// attempt is a FATAL error that ends the session. A database owner without
// superuser may create it (it is a trusted extension).
func canCreateTimescale(ctx context.Context, cfg *pgx.ConnConfig) (bool, error) {
	probe, err := pgx.ConnectConfig(ctx, cfg.Copy())
	if err != nil {
		return false, fmt.Errorf("store: migrate: look for timescaledb: %w", err)
	}
	defer probe.Close(context.WithoutCancel(ctx))
	tx, err := probe.Begin(ctx)
	if err != nil {
		return false, fmt.Errorf("store: migrate: look for timescaledb: %w", err)
	}
	defer tx.Rollback(ctx)
	_, err = tx.Exec(ctx, `CREATE EXTENSION IF NOT EXISTS timescaledb`)
	return err == nil, nil
}

func applyOne(ctx context.Context, conn *pgx.Conn, fsys fs.FS, m Migration, file string) (bool, error) {
	sql, err := fs.ReadFile(fsys, file)
	if err != nil {
		return false, fmt.Errorf("store: migrate: read %s: %w", file, err)
	}
	tx, err := conn.Begin(ctx)
	if err != nil {
		return false, fmt.Errorf("store: migrate %s: %w", file, err)
	}
	defer tx.Rollback(ctx)
	var seen bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE version = $1)`, m.Version).Scan(&seen); err != nil {
		return false, fmt.Errorf("store: migrate %s: %w", file, err)
	}
	if seen {
		return false, nil
	}
	if _, err := tx.Exec(ctx, string(sql)); err != nil {
		return false, fmt.Errorf("store: migrate %s: %w", file, err)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name, file) VALUES ($1, $2, $3)`, m.Version, m.Name, file); err != nil {
		return false, fmt.Errorf("store: migrate %s: record: %w", file, err)
	}
	if err := tx.Commit(ctx); err != nil {
		return false, fmt.Errorf("store: migrate %s: commit: %w", file, err)
	}
	return true, nil
}
