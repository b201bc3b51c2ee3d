package store

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.ZoneService = (*DB)(nil)

const zoneColumns = `id, user_id, name, type, shape, coalesce(latitude, 0), coalesce(longitude, 0), radius_m, polygon,
	is_active, dwell_minutes, to_char(schedule_start, 'HH24:MI'), to_char(schedule_end, 'HH24:MI'), created_at, updated_at`

func scanZone(row pgx.Row) (*lifeline.Zone, error) {
	var z lifeline.Zone
	var polygon []byte
	var start, end *string
	err := row.Scan(&z.ID, &z.UserID, &z.Name, &z.Type, &z.Shape, &z.Latitude, &z.Longitude, &z.Radius, &polygon,
		&z.IsActive, &z.DwellMinutes, &start, &end, &z.CreatedAt, &z.UpdatedAt)
	if len(polygon) > 0 {
		z.Polygon = json.RawMessage(polygon)
	}
	if start != nil && end != nil {
		z.Schedule = &lifeline.ZoneSchedule{Start: *start, End: *end}
	}
	return &z, err
}

// zoneArgs are the columns a create or update writes, in order.
func zoneArgs(z *lifeline.Zone) []any {
	var polygon any
	if len(z.Polygon) > 0 {
		polygon = string(z.Polygon)
	}
	var start, end any
	if z.Schedule != nil {
		start, end = z.Schedule.Start, z.Schedule.End
	}
	return []any{z.Name, z.Type, z.Shape, z.Latitude, z.Longitude, z.Radius, polygon, z.IsActive, z.DwellMinutes, start, end}
}

func (db *DB) CreateZone(ctx context.Context, z *lifeline.Zone) error {
	row := db.Pool.QueryRow(ctx, `
		INSERT INTO zones (user_id, name, type, shape, latitude, longitude, radius_m, polygon, is_active, dwell_minutes, schedule_start, schedule_end)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11::time, $12::time)
		RETURNING `+zoneColumns, append([]any{z.UserID}, zoneArgs(z)...)...)
	created, err := scanZone(row)
	if err != nil {
		return fmt.Errorf("store: create zone: %w", err)
	}
	*z = *created
	return nil
}

func (db *DB) UpdateZone(ctx context.Context, z *lifeline.Zone) error {
	row := db.Pool.QueryRow(ctx, `
		UPDATE zones SET name = $3, type = $4, shape = $5, latitude = $6, longitude = $7, radius_m = $8, polygon = $9::jsonb,
			is_active = $10, dwell_minutes = $11, schedule_start = $12::time, schedule_end = $13::time, updated_at = now()
		WHERE id = $1 AND user_id = $2
		RETURNING `+zoneColumns, append([]any{z.ID, z.UserID}, zoneArgs(z)...)...)
	updated, err := scanZone(row)
	if isNoRows(err) {
		return lifeline.Errorf(lifeline.ENOTFOUND, "Zone not found.")
	}
	if err != nil {
		return fmt.Errorf("store: update zone %d: %w", z.ID, err)
	}
	*z = *updated
	return nil
}

func (db *DB) DeleteZone(ctx context.Context, userID, zoneID int64) error {
	tag, err := db.Pool.Exec(ctx, `DELETE FROM zones WHERE id = $1 AND user_id = $2`, zoneID, userID)
	if err != nil {
		return fmt.Errorf("store: delete zone %d: %w", zoneID, err)
	}
	if tag.RowsAffected() == 0 {
		return lifeline.Errorf(lifeline.ENOTFOUND, "Zone not found.")
	}
	return nil
}

func (db *DB) FindZones(ctx context.Context, userID int64) ([]*lifeline.Zone, error) {
	rows, err := db.Pool.Query(ctx, `SELECT `+zoneColumns+` FROM zones WHERE user_id = $1 ORDER BY created_at, id`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: find zones: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*lifeline.Zone, error) { return scanZone(row) })
	if err != nil {
		return nil, fmt.Errorf("store: find zones: %w", err)
	}
	return list, nil
}

func (db *DB) FindZoneByID(ctx context.Context, zoneID int64) (*lifeline.Zone, error) {
	z, err := scanZone(db.Pool.QueryRow(ctx, `SELECT `+zoneColumns+` FROM zones WHERE id = $1`, zoneID))
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Zone not found.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: find zone %d: %w", zoneID, err)
	}
	return z, nil
}

func (db *DB) FindActiveZones(ctx context.Context) ([]*lifeline.Zone, map[int64]string, error) {
	rows, err := db.Pool.Query(ctx, `SELECT `+zoneColumns+` FROM zones WHERE is_active ORDER BY id`)
	if err != nil {
		return nil, nil, fmt.Errorf("store: active zones: %w", err)
	}
	zones, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*lifeline.Zone, error) { return scanZone(row) })
	if err != nil {
		return nil, nil, fmt.Errorf("store: active zones: %w", err)
	}
	timezones := map[int64]string{}
	rows, err = db.Pool.Query(ctx, `SELECT id, timezone FROM users WHERE id IN (SELECT DISTINCT user_id FROM zones WHERE is_active)`)
	if err != nil {
		return nil, nil, fmt.Errorf("store: zone owners: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var tz string
		if err := rows.Scan(&id, &tz); err != nil {
			return nil, nil, err
		}
		timezones[id] = tz
	}
	return zones, timezones, rows.Err()
}
