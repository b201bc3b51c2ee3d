package store

import (
	"context"
	"fmt"

	"lifeline"
)

// Storage reports the engine under the time series.
func (db *DB) Storage(ctx context.Context) (lifeline.Storage, error) {
	var s lifeline.Storage
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
