package storebench

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
	"lifeline/store"
)

// CopyBaseline writes rows synthetic fixes of one device with plain COPY,
// batch rows per statement on one connection: the ceiling the ingest
// benchmark compares the real writer against. It returns the elapsed time
// of the copies alone.
func CopyBaseline(ctx context.Context, db *store.DB, rows, batch int) (time.Duration, error) {
	var userID int64
	err := db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ($1) RETURNING id`,
		fmt.Sprintf("copy-baseline-%d@bench.invalid", time.Now().UnixNano())).Scan(&userID)
	if err != nil {
		return 0, fmt.Errorf("storebench: copy baseline user: %w", err)
	}
	_, hash := lifeline.NewDeviceToken()
	device := &lifeline.Device{ID: lifeline.NewDeviceID(), UserID: userID, Name: "COPY baseline"}
	if err := db.CreateDevice(ctx, device, hash); err != nil {
		return 0, err
	}
	conn, err := db.Pool.Acquire(ctx)
	if err != nil {
		return 0, err
	}
	defer conn.Release()
	columns := []string{"user_id", "device_id", "source", "ts", "seq", "latitude", "longitude", "accuracy", "battery_level", "received_at"}
	base := time.Now().Add(-time.Hour)
	start := time.Now()
	for done := 0; done < rows; done += batch {
		n := min(batch, rows-done)
		_, err := conn.CopyFrom(ctx, pgx.Identifier{"locations"}, columns, pgx.CopyFromSlice(n, func(i int) ([]any, error) {
			seq := int64(done + i)
			return []any{userID, device.ID, lifeline.SourceBracelet, base.Add(time.Duration(seq) * time.Millisecond), seq,
				37.7749, -122.4194, 6.5, int16(80), base}, nil
		}))
		if err != nil {
			return 0, fmt.Errorf("storebench: copy baseline: %w", err)
		}
	}
	return time.Since(start), nil
}
