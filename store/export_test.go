package store

import (
	"context"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

// CopyFixesDirect is the ceiling BenchmarkWriteFixes compares against:
// plain COPY into locations, no ownership check, no duplicate handling.
func (db *DB) CopyFixesDirect(ctx context.Context, fixes []lifeline.Fix) error {
	return pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		_, err := tx.CopyFrom(ctx, pgx.Identifier{"locations"}, []string{"user_id", "device_id", "source", "ts", "seq", "latitude", "longitude", "accuracy", "battery_level", "received_at"},
			pgx.CopyFromSlice(len(fixes), func(i int) ([]any, error) {
				f := &fixes[i]
				return []any{f.UserID, f.DeviceID, f.Source, f.TS, f.Seq, f.Lat, f.Lon, f.Accuracy, nil, f.ReceivedAt}, nil
			}))
		return err
	})
}

// IngestGate is the advisory lock fix batches hold shared.
const IngestGate = ingestGate

// ClaimSQL is the outbox claim, for its plan, and ClaimSettings the
// planner settings it runs under.
const (
	ClaimSQL      = claimSQL
	ClaimSettings = claimSettings
)
