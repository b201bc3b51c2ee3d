package store

import (
	"context"
	"fmt"
	"strings"
)

// Storage describes the storage engine a database runs on.
type Storage struct {
	PostgreSQL  string // server version, e.g. "15.18"
	TimescaleDB string // extension version; "" without the extension
	Hypertables bool   // locations and battery_readings are hypertables
	Compression bool   // a compression (columnstore) policy is scheduled
	Retention   bool   // a retention policy drops whole old chunks
}

// String is the one line people read at start, e.g. "TimescaleDB 2.28.3
// (hypertables, compression, retention)".
func (s Storage) String() string {
	if !s.Hypertables {
		return "PostgreSQL " + s.PostgreSQL + " (plain tables, retention job)"
	}
	features := []string{"hypertables"}
	if s.Compression {
		features = append(features, "compression")
	}
	if s.Retention {
		features = append(features, "retention")
	}
	return fmt.Sprintf("TimescaleDB %s on PostgreSQL %s (%s)", s.TimescaleDB, s.PostgreSQL, strings.Join(features, ", "))
}

// Storage reports the engine under the time series.
func (db *DB) Storage(ctx context.Context) (Storage, error) {
	var s Storage
	err := db.Pool.QueryRow(ctx, `SELECT split_part(current_setting('server_version'), ' ', 1),
		coalesce((SELECT extversion FROM pg_extension WHERE extname = 'timescaledb'), '')`).Scan(&s.PostgreSQL, &s.TimescaleDB)
	if err != nil || s.TimescaleDB == "" {
		return s, wrapStorageErr(err)
	}
	err = db.Pool.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM timescaledb_information.hypertables
		  WHERE hypertable_name IN ('locations', 'battery_readings')) = 2,
		EXISTS (SELECT 1 FROM timescaledb_information.jobs
		  WHERE proc_name = 'policy_compression' AND hypertable_name IN ('locations', 'battery_readings')),
		EXISTS (SELECT 1 FROM timescaledb_information.jobs
		  WHERE proc_name = 'policy_retention' AND hypertable_name IN ('locations', 'battery_readings'))`).
		Scan(&s.Hypertables, &s.Compression, &s.Retention)
	return s, wrapStorageErr(err)
}

func wrapStorageErr(err error) error {
	if err != nil {
		return fmt.Errorf("store: storage engine: %w", err)
	}
	return nil
}
