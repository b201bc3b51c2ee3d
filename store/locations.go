package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.FixStore = (*DB)(nil)

// WriteFixes stores a batch in one transaction with one statement per
// table: arrays unnested server-side, duplicates skipped by the unique
// (device, ts, seq) keys, and the devices' health columns moved forward.
//
// A batch the database refuses as data (a device deleted meanwhile, a value
// out of range) is an EINVALID error: retrying it cannot succeed. Anything
// else (the server down, a lost connection) is worth retrying.
func (db *DB) WriteFixes(ctx context.Context, fixes []lifeline.Fix, batteries []lifeline.BatteryReading, activity []lifeline.DeviceActivity) error {
	err := db.writeFixes(ctx, fixes, batteries, activity)
	if isDataError(err) {
		return &lifeline.Error{Code: lifeline.EINVALID, Message: err.Error()}
	}
	return err
}

// ingestGate is an advisory lock every fix batch holds shared and DeleteUser
// takes exclusively: with locations' foreign keys gone (migration 0011), it
// is what keeps a batch in flight from filing fixes under a user that a
// concurrent deletion has just removed.
const ingestGate = 0x6c6966652d666978 // "life-fix"

func (db *DB) writeFixes(ctx context.Context, fixes []lifeline.Fix, batteries []lifeline.BatteryReading, activity []lifeline.DeviceActivity) error {
	return pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		if len(fixes) > 0 {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock_shared($1)`, int64(ingestGate)); err != nil {
				return fmt.Errorf("store: write fixes: %w", err)
			}
			if err := insertFixes(ctx, tx, fixes); err != nil {
				return err
			}
		}
		if len(batteries) > 0 {
			if err := insertBatteries(ctx, tx, batteries); err != nil {
				return err
			}
		}
		if len(activity) > 0 {
			return updateDeviceActivity(ctx, tx, activity)
		}
		return nil
	})
}

// insertFixes inserts the fixes whose device belongs to their user (a
// manual fix: whose user exists), the rule the foreign keys kept before
// migration 0011, checked here with one index probe per row and no row
// locks. Any other fix refuses the whole batch.
func insertFixes(ctx context.Context, tx pgx.Tx, fixes []lifeline.Fix) error {
	n := len(fixes)
	users, seqs := make([]int64, n), make([]*int64, n)
	devices, sources := make([]*string, n), make([]string, n)
	ts, received := make([]time.Time, n), make([]time.Time, n)
	lats, lons, accs := make([]float64, n), make([]float64, n), make([]*float64, n)
	alts, speeds, courses := make([]*float64, n), make([]*float64, n), make([]*float64, n)
	bats := make([]*int16, n)
	for i, f := range fixes {
		users[i], sources[i], ts[i], received[i] = f.UserID, f.Source, f.TS, f.ReceivedAt
		lats[i], lons[i], accs[i] = f.Lat, f.Lon, f.Accuracy
		alts[i], speeds[i], courses[i] = f.Altitude, f.Speed, f.Course
		if f.DeviceID != "" {
			devices[i] = &fixes[i].DeviceID
			seqs[i] = &fixes[i].Seq
		}
		if f.Battery != nil {
			b := int16(*f.Battery)
			bats[i] = &b
		}
	}
	var strays int
	err := tx.QueryRow(ctx, `
		WITH v AS (
			SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::timestamptz[], $5::bigint[],
				$6::float8[], $7::float8[], $8::float8[], $9::smallint[], $10::timestamptz[],
				$12::float8[], $13::float8[], $14::float8[])
				AS v(user_id, device_id, source, ts, seq, latitude, longitude, accuracy, battery_level, received_at,
					altitude, speed, course)
		), owned AS (
			SELECT v.* FROM v WHERE CASE
				WHEN v.device_id IS NULL THEN EXISTS (SELECT 1 FROM users u WHERE u.id = v.user_id)
				ELSE EXISTS (SELECT 1 FROM devices d WHERE d.id = v.device_id AND d.user_id = v.user_id) END
		), inserted AS (
			INSERT INTO locations (user_id, device_id, source, ts, seq, latitude, longitude, accuracy, battery_level, received_at,
				altitude, speed, course)
			SELECT * FROM owned
			ON CONFLICT (device_id, ts, seq) DO NOTHING
		)
		SELECT $11::int - (SELECT count(*) FROM owned)`,
		users, devices, sources, ts, seqs, lats, lons, accs, bats, received, n, alts, speeds, courses).Scan(&strays)
	if err != nil {
		return fmt.Errorf("store: write %d fixes: %w", n, err)
	}
	if strays > 0 {
		return lifeline.Errorf(lifeline.EINVALID, "store: %d of %d fixes name a user or device that does not exist or a device of another user", strays, n)
	}
	return nil
}

func insertBatteries(ctx context.Context, tx pgx.Tx, readings []lifeline.BatteryReading) error {
	n := len(readings)
	devices, users, seqs := make([]string, n), make([]int64, n), make([]int64, n)
	ts, levels, charging := make([]time.Time, n), make([]int16, n), make([]bool, n)
	for i, r := range readings {
		devices[i], users[i], seqs[i], ts[i], levels[i], charging[i] = r.DeviceID, r.UserID, r.Seq, r.TS, int16(r.Battery), r.Charging
	}
	_, err := tx.Exec(ctx, `
		INSERT INTO battery_readings (device_id, user_id, seq, ts, battery, charging)
		SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::timestamptz[], $5::smallint[], $6::boolean[])
		ON CONFLICT (device_id, ts, seq) DO NOTHING`, devices, users, seqs, ts, levels, charging)
	if err != nil {
		return fmt.Errorf("store: write %d battery readings: %w", n, err)
	}
	return nil
}

// updateDeviceActivity moves each device's last-seen, newest-fix and newest-
// battery columns forward, never back: an old packet arriving late changes
// nothing.
func updateDeviceActivity(ctx context.Context, tx pgx.Tx, activity []lifeline.DeviceActivity) error {
	n := len(activity)
	ids := make([]string, n)
	seen, fix, batteryAt := make([]time.Time, n), make([]*time.Time, n), make([]*time.Time, n)
	battery, charging := make([]*int16, n), make([]*bool, n)
	for i := range activity {
		h := &activity[i]
		ids[i], seen[i], fix[i], batteryAt[i], charging[i] = h.DeviceID, h.SeenAt, nonZero(h.FixAt), nonZero(h.BatteryAt), h.Charging
		if h.Battery != nil {
			b := int16(*h.Battery)
			battery[i] = &b
		}
	}
	_, err := tx.Exec(ctx, `
		UPDATE devices d SET
			last_seen_at    = greatest(d.last_seen_at, v.seen),
			last_fix_at     = greatest(d.last_fix_at, v.fix),
			last_battery    = CASE WHEN v.battery_at >= coalesce(d.last_battery_at, '-infinity') THEN coalesce(v.battery, d.last_battery) ELSE d.last_battery END,
			last_charging   = CASE WHEN v.battery_at >= coalesce(d.last_battery_at, '-infinity') THEN coalesce(v.charging, d.last_charging) ELSE d.last_charging END,
			last_battery_at = greatest(d.last_battery_at, v.battery_at)
		FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[], $4::smallint[], $5::timestamptz[], $6::boolean[])
			AS v(id, seen, fix, battery, battery_at, charging)
		WHERE d.id = v.id`, ids, seen, fix, battery, batteryAt, charging)
	if err != nil {
		return fmt.Errorf("store: update device health: %w", err)
	}
	return nil
}

func nonZero(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// locationColumns fills a missing battery level with the device's last
// reading at or before the fix, and reads browser fixes stored before
// migration 0016 ('manual') as 'browser'.
const locationColumns = `l.id, l.latitude, l.longitude, l.accuracy, l.ts, coalesce(l.battery_level,
	(SELECT b.battery FROM battery_readings b WHERE b.device_id = l.device_id AND b.ts <= l.ts ORDER BY b.ts DESC LIMIT 1)),
	CASE l.source WHEN 'manual' THEN 'browser' ELSE l.source END, coalesce(l.device_id, '')`

func scanLocation(row pgx.Row) (*lifeline.StoredFix, error) {
	var loc lifeline.StoredFix
	var battery *int16
	err := row.Scan(&loc.ID, &loc.Latitude, &loc.Longitude, &loc.Accuracy, &loc.Timestamp, &battery, &loc.Source, &loc.DeviceID)
	if battery != nil {
		b := int(*battery)
		loc.BatteryLevel = &b
	}
	return &loc, err
}

func timeOrNil(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t
}

// findLocationsSQL: $1 user, $2 from and $3 to (or NULL), $4 limit. The
// open ends are infinities, not "$2 IS NULL OR …": that way the range is an
// index condition even in the generic plan a prepared statement switches
// to, which otherwise reads every fix the user ever sent and filters.
const findLocationsSQL = `
	SELECT ` + locationColumns + ` FROM locations l
	WHERE l.user_id = $1
	  AND l.ts >= coalesce($2::timestamptz, '-infinity') AND l.ts <= coalesce($3::timestamptz, 'infinity')
	ORDER BY l.ts DESC, l.id DESC LIMIT $4`

func (db *DB) FindFixes(ctx context.Context, userID int64, f lifeline.FixFilter) ([]*lifeline.StoredFix, error) {
	rows, err := db.Pool.Query(ctx, findLocationsSQL, userID, timeOrNil(f.From), timeOrNil(f.To), f.Limit)
	if err != nil {
		return nil, fmt.Errorf("store: find locations: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*lifeline.StoredFix, error) { return scanLocation(row) })
	if err != nil {
		return nil, fmt.Errorf("store: find locations: %w", err)
	}
	return list, nil
}

const latestLocationSQL = `
	SELECT ` + locationColumns + ` FROM locations l WHERE l.user_id = $1 ORDER BY l.ts DESC, l.id DESC LIMIT 1`

func (db *DB) LatestFix(ctx context.Context, userID int64) (*lifeline.StoredFix, error) {
	loc, err := scanLocation(db.Pool.QueryRow(ctx, latestLocationSQL, userID))
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "No location yet.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: latest location: %w", err)
	}
	return loc, nil
}
