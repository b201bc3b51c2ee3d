package storebench

import (
	"context"
	"fmt"
	"time"

	"lifeline/store"
)

// SeedSignalInputs adds to SeedAPI's users what the early-warning signals
// read beyond check-ins: a weekly Brief Addiction Monitor for the last
// five weeks (subscores spread by a hash of user and week), an avoid zone
// and about one avoid-zone alert a fortnight, and a coping plan.
// Synthetic benchmark data only.
func SeedSignalInputs(ctx context.Context, db *store.DB, ids []int64, now time.Time) error {
	if _, err := db.Pool.Exec(ctx, seedCopingPlansSQL, ids); err != nil {
		return fmt.Errorf("storebench: seed coping plans: %w", err)
	}
	if _, err := db.Pool.Exec(ctx, seedBAMSQL, ids, now); err != nil {
		return fmt.Errorf("storebench: seed BAM: %w", err)
	}
	if _, err := db.Pool.Exec(ctx, seedAvoidZonesSQL, ids); err != nil {
		return fmt.Errorf("storebench: seed avoid zones: %w", err)
	}
	if _, err := db.Pool.Exec(ctx, seedAvoidAlertsSQL, ids, now); err != nil {
		return fmt.Errorf("storebench: seed avoid-zone alerts: %w", err)
	}
	_, err := db.Pool.Exec(ctx, `VACUUM (ANALYZE) coping_plans, measure_responses, zones, alerts`)
	return err
}

const (
	seedCopingPlansSQL = `
		INSERT INTO coping_plans (user_id, plan)
		SELECT id, '{"copingActions": ["Call my sponsor", "Walk round the block"]}' FROM unnest($1::bigint[]) id`
	seedBAMSQL = `
		INSERT INTO measure_responses (user_id, instrument, answers, total, band, subscores, taken_at)
		SELECT id, 'bam', array_fill(0::smallint, ARRAY[17]), 0, '',
		       jsonb_build_object('use', h % 5, 'risk', 4 + h / 5 % 10, 'protective', 10 + h / 50 % 10),
		       $2::timestamptz - w * interval '7 days'
		FROM unnest($1::bigint[]) id, generate_series(0, 4) w,
		     LATERAL (SELECT abs(hashint8(id * 100 + w))::bigint AS h) r`
	seedAvoidZonesSQL = `
		INSERT INTO zones (user_id, name, type, latitude, longitude, radius_m)
		SELECT id, 'Old bar', 'avoid', 51.5, -0.12, 150 FROM unnest($1::bigint[]) id`
	seedAvoidAlertsSQL = `
		INSERT INTO alerts (user_id, type, message, zone_id, dedup_key, created_at)
		SELECT z.user_id, 'geofence_enter_avoid', 'Bench alert.', z.id, 'bench-' || d, $2::timestamptz - d * interval '1 day'
		FROM zones z JOIN unnest($1::bigint[]) AS ids (uid) ON ids.uid = z.user_id, generate_series(1, 34) d
		WHERE abs(hashint8(z.user_id * 100 + d)) % 14 = 0`
)
