package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.AlertService = (*DB)(nil)

func (db *DB) RaiseAlert(ctx context.Context, userID int64, a lifeline.NewAlert) (bool, error) {
	var zone, evidence any
	if a.ZoneID != 0 {
		zone = a.ZoneID
	}
	if len(a.Evidence) > 0 {
		evidence = string(a.Evidence)
	}
	tag, err := db.Pool.Exec(ctx, `
		INSERT INTO alerts (user_id, type, message, link, dedup_key, zone_id, device_id, evidence)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)
		ON CONFLICT (user_id, type, dedup_key) DO NOTHING`,
		userID, a.Type, a.Message, nullIfEmpty(a.Link), a.DedupKey, zone, nullIfEmpty(a.DeviceID), evidence)
	if err != nil {
		return false, fmt.Errorf("store: raise %s alert: %w", a.Type, err)
	}
	return tag.RowsAffected() == 1, nil
}

func (db *DB) FindAlerts(ctx context.Context, userID int64, limit int) ([]*lifeline.Alert, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT id, type, message, coalesce(link, ''), is_read, created_at FROM alerts
		WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`, userID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: find alerts: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*lifeline.Alert, error) {
		var a lifeline.Alert
		err := row.Scan(&a.ID, &a.Type, &a.Message, &a.Link, &a.IsRead, &a.CreatedAt)
		return &a, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: find alerts: %w", err)
	}
	return list, nil
}

func (db *DB) FindAlert(ctx context.Context, userID, alertID int64) (*lifeline.Alert, error) {
	var a lifeline.Alert
	var evidence []byte
	err := db.Pool.QueryRow(ctx, `
		SELECT id, type, message, coalesce(link, ''), is_read, created_at, evidence, zone_id, device_id
		FROM alerts WHERE id = $1 AND user_id = $2`, alertID, userID).
		Scan(&a.ID, &a.Type, &a.Message, &a.Link, &a.IsRead, &a.CreatedAt, &evidence, &a.ZoneID, &a.DeviceID)
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Alert not found.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: find alert %d: %w", alertID, err)
	}
	a.Evidence = evidence
	return &a, nil
}

func (db *DB) MarkAlertRead(ctx context.Context, userID, alertID int64) error {
	tag, err := db.Pool.Exec(ctx, `UPDATE alerts SET is_read = true WHERE id = $2 AND user_id = $1`, userID, alertID)
	if err != nil {
		return fmt.Errorf("store: mark alert %d read: %w", alertID, err)
	}
	if tag.RowsAffected() == 0 {
		return lifeline.Errorf(lifeline.ENOTFOUND, "Alert not found.")
	}
	return nil
}

// RaiseMissedCheckins is one statement, so every node can run it every
// minute: the unique (user, type, local date) key makes the second insert a
// no-op. Users whose zone PostgreSQL does not know are skipped rather than
// failing everyone's reminder.
func (db *DB) RaiseMissedCheckins(ctx context.Context, now time.Time, hour int) (int, error) {
	tag, err := db.Pool.Exec(ctx, `
		WITH local AS (
			SELECT u.id, u.timezone, u.created_at, ($1::timestamptz AT TIME ZONE u.timezone) AS wall
			FROM users u
			WHERE u.timezone IN (SELECT name FROM pg_timezone_names)
		)
		INSERT INTO alerts (user_id, type, message, link, dedup_key)
		SELECT l.id, 'missed_checkin', $3, '/checkin', to_char(l.wall::date, 'YYYY-MM-DD')
		FROM local l
		WHERE extract(hour FROM l.wall) >= $2::int
		  AND l.created_at < ((l.wall::date + make_interval(hours => $2::int)) AT TIME ZONE l.timezone)
		  AND NOT EXISTS (SELECT 1 FROM check_ins c WHERE c.user_id = l.id AND c.local_date = l.wall::date)
		ON CONFLICT (user_id, type, dedup_key) DO NOTHING`,
		now, hour, lifeline.MissedCheckinMessage)
	if err != nil {
		return 0, fmt.Errorf("store: raise missed check-in alerts: %w", err)
	}
	return int(tag.RowsAffected()), nil
}
