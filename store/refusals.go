package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.RefusalStore = (*DB)(nil)

// AddRefusals adds each device's refused reports to its count of the day,
// the owner's day: a count of another day starts again, and one of a day
// already past is not written back over today's.
func (db *DB) AddRefusals(ctx context.Context, refusals []lifeline.DeviceRefusals) error {
	if len(refusals) == 0 {
		return nil
	}
	ids := make([]string, len(refusals))
	for i, r := range refusals {
		ids[i] = r.DeviceID
	}
	return pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT d.id, u.timezone FROM devices d JOIN users u ON u.id = d.user_id WHERE d.id = ANY($1)`, ids)
		if err != nil {
			return fmt.Errorf("store: add refusals: %w", err)
		}
		zones := map[string]string{}
		var id, zone string
		if _, err := pgx.ForEachRow(rows, []any{&id, &zone}, func() error { zones[id] = zone; return nil }); err != nil {
			return fmt.Errorf("store: add refusals: %w", err)
		}
		n := len(refusals)
		days, counts, at := make([]string, n), make([]int32, n), make([]time.Time, n)
		reasons, details := make([]string, n), make([]string, n)
		for i, r := range refusals {
			days[i] = r.At.In((&lifeline.User{Timezone: zones[r.DeviceID]}).Location()).Format(time.DateOnly)
			counts[i], at[i], reasons[i], details[i] = int32(r.Count), r.At, r.Reason, r.Detail
		}
		if _, err := tx.Exec(ctx, `
			UPDATE devices d SET
				refused_count = CASE WHEN d.refused_on = r.day THEN d.refused_count + r.n ELSE r.n END,
				refused_on = r.day,
				refused_at = CASE WHEN d.refused_on = r.day AND d.refused_at > r.at THEN d.refused_at ELSE r.at END,
				refused_reason = CASE WHEN d.refused_on = r.day AND d.refused_at > r.at THEN d.refused_reason ELSE left(r.reason, 40) END,
				refused_detail = CASE WHEN d.refused_on = r.day AND d.refused_at > r.at THEN d.refused_detail ELSE left(r.detail, 300) END
			FROM unnest($1::text[], $2::date[], $3::int[], $4::timestamptz[], $5::text[], $6::text[]) AS r(id, day, n, at, reason, detail)
			WHERE d.id = r.id AND (d.refused_on IS NULL OR r.day >= d.refused_on)`,
			ids, days, counts, at, reasons, details); err != nil {
			return fmt.Errorf("store: add refusals: %w", err)
		}
		return nil
	})
}
