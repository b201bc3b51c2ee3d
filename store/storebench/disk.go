package storebench

import (
	"context"
	"errors"
	"fmt"

	"lifeline/store"
)

// FixesOnDisk is what the stored fixes (the locations table, with its
// indexes) take on disk, before and, on TimescaleDB, after every chunk is
// compressed.
type FixesOnDisk struct {
	Engine string    `json:"engine"`
	Fixes  int64     `json:"fixes"`
	Chunks int       `json:"chunks"` // 0 on plain PostgreSQL
	Before DiskUsage `json:"before"`
	// After is nil where there is no compression (plain PostgreSQL: TOAST
	// does not touch rows of ~100 bytes).
	After *DiskUsage `json:"after,omitempty"`
}

// DiskUsage is a size in bytes: heap (with TOAST and the free-space and
// visibility maps), indexes, and both per fix.
type DiskUsage struct {
	TableBytes  int64   `json:"table_bytes"`
	IndexBytes  int64   `json:"index_bytes"`
	TotalBytes  int64   `json:"total_bytes"`
	BytesPerFix float64 `json:"bytes_per_fix"`
}

// MeasureFixesOnDisk rebuilds the locations indexes first (REINDEX, so the
// figure does not depend on the order the rows were loaded in: the plain
// seeder builds them after loading, a hypertable grows them row by row),
// measures, and on TimescaleDB compresses every chunk (compress_chunk) and
// measures again. It locks and rewrites the table, so it refuses a
// database with anyone but benchmark users (…@bench.invalid).
func MeasureFixesOnDisk(ctx context.Context, db *store.DB) (*FixesOnDisk, error) {
	var real bool
	if err := db.Pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM users WHERE email NOT LIKE '%@bench.invalid')`).Scan(&real); err != nil {
		return nil, fmt.Errorf("storebench: disk: %w", err)
	}
	if real {
		return nil, errors.New("storebench: disk: the database has users other than benchmark ones; it measures only a benchmark's own database")
	}
	storage, err := db.Storage(ctx)
	if err != nil {
		return nil, err
	}
	res := &FixesOnDisk{Engine: storage.Engine()}
	if _, err := db.Pool.Exec(ctx, `REINDEX TABLE locations`); err != nil {
		return nil, fmt.Errorf("storebench: disk: reindex: %w", err)
	}
	if err := db.Pool.QueryRow(ctx, `SELECT count(*) FROM locations`).Scan(&res.Fixes); err != nil {
		return nil, fmt.Errorf("storebench: disk: count: %w", err)
	}
	if !storage.Hypertables {
		res.Before, err = diskUsage(ctx, db, `SELECT pg_table_size('locations'), pg_indexes_size('locations')`, res.Fixes)
		return res, err
	}
	const hypertableSize = `SELECT table_bytes + toast_bytes, index_bytes FROM hypertable_detailed_size('locations')`
	if res.Before, err = diskUsage(ctx, db, hypertableSize, res.Fixes); err != nil {
		return nil, err
	}
	err = db.Pool.QueryRow(ctx, `SELECT count(compress_chunk(c, if_not_compressed => true)) FROM show_chunks('locations') c`).Scan(&res.Chunks)
	if err != nil {
		return nil, fmt.Errorf("storebench: disk: compress: %w", err)
	}
	after, err := diskUsage(ctx, db, hypertableSize, res.Fixes)
	res.After = &after
	return res, err
}

func diskUsage(ctx context.Context, db *store.DB, sizeSQL string, fixes int64) (DiskUsage, error) {
	var u DiskUsage
	if err := db.Pool.QueryRow(ctx, sizeSQL).Scan(&u.TableBytes, &u.IndexBytes); err != nil {
		return u, fmt.Errorf("storebench: disk: size: %w", err)
	}
	u.TotalBytes = u.TableBytes + u.IndexBytes
	if fixes > 0 {
		u.BytesPerFix = float64(u.TotalBytes) / float64(fixes)
	}
	return u, nil
}
