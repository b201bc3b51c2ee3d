package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.AlertService = (*DB)(nil)

// alertColumns are what an alert list shows, read by scanAlert.
// The claim's columns name supporters as the wearer knows them (claims.go).
const alertColumns = `id, user_id, type, message, coalesce(link, ''), is_read, created_at, resolved_at, coalesce(resolution, ''),
	` + claimColumns

func scanAlert(row pgx.CollectableRow) (*lifeline.Alert, error) {
	var a lifeline.Alert
	err := row.Scan(&a.ID, &a.UserID, &a.Type, &a.Message, &a.Link, &a.IsRead, &a.CreatedAt, &a.ResolvedAt, &a.Resolution,
		&a.ClaimedBy, &a.ClaimedAt, &a.ResolvedBy, &a.ResolutionNote)
	return &a, err
}

// querier is a pool or a transaction.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

func (db *DB) RaiseAlert(ctx context.Context, userID int64, a lifeline.NewAlert) (*lifeline.Alert, error) {
	return db.insertAlert(ctx, db.Pool, userID, a)
}

// insertAlert stores a unless its key exists, with its deliveries in the
// same statement (queueDeliveries), and returns it (nil if not new).
func (db *DB) insertAlert(ctx context.Context, q querier, userID int64, a lifeline.NewAlert) (*lifeline.Alert, error) {
	var zone, evidence any
	if a.ZoneID != 0 {
		zone = a.ZoneID
	}
	if len(a.Evidence) > 0 {
		evidence = string(a.Evidence)
	}
	args := db.escalationArgs()
	args["user"], args["type"], args["message"], args["link"] = userID, a.Type, a.Message, nullIfEmpty(a.Link)
	args["key"], args["zone"], args["device"], args["evidence"] = a.DedupKey, zone, nullIfEmpty(a.DeviceID), evidence
	rows, err := q.Query(ctx, `
		WITH raised AS (
			INSERT INTO alerts (user_id, type, message, link, dedup_key, zone_id, device_id, evidence)
			VALUES (@user, @type, @message, @link, @key, @zone, @device, @evidence::jsonb)
			ON CONFLICT (user_id, type, dedup_key) DO NOTHING
			RETURNING *)`+queueDeliveries+`
		SELECT `+alertColumns+` FROM raised`, args)
	if err != nil {
		return nil, fmt.Errorf("store: raise %s alert: %w", a.Type, err)
	}
	added, err := pgx.CollectRows(rows, scanAlert)
	switch {
	case err != nil:
		return nil, fmt.Errorf("store: raise %s alert: %w", a.Type, err)
	case len(added) == 0:
		return nil, nil // raised before
	}
	return added[0], nil
}

func (db *DB) FindAlerts(ctx context.Context, userID int64, limit int) ([]*lifeline.Alert, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT `+alertColumns+` FROM alerts
		WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`, userID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: find alerts: %w", err)
	}
	list, err := pgx.CollectRows(rows, scanAlert)
	if err != nil {
		return nil, fmt.Errorf("store: find alerts: %w", err)
	}
	return list, nil
}

// FindAlertsAfter returns the user's alerts with an id above after, oldest
// first: what a reconnecting live client missed.
func (db *DB) FindAlertsAfter(ctx context.Context, userID, after int64) ([]*lifeline.Alert, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT `+alertColumns+` FROM alerts
		WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT 100`, userID, after)
	if err != nil {
		return nil, fmt.Errorf("store: alerts after %d: %w", after, err)
	}
	defer rows.Close()
	list, err := pgx.CollectRows(rows, scanAlert)
	if err != nil {
		return nil, fmt.Errorf("store: alerts after %d: %w", after, err)
	}
	return list, nil
}

func (db *DB) FindAlert(ctx context.Context, userID, alertID int64) (*lifeline.Alert, error) {
	var a lifeline.Alert
	var evidence []byte
	err := db.Pool.QueryRow(ctx, `
		SELECT a.id, a.type, a.message, coalesce(a.link, ''), a.is_read, a.created_at, a.evidence, a.zone_id, a.device_id, a.okay_at,
		       a.resolved_at, coalesce(a.resolution, ''), coalesce(z.name, ''),
		       `+claimColumnsA+`
		FROM alerts a LEFT JOIN zones z ON z.id = a.zone_id AND z.user_id = a.user_id
		WHERE a.id = $1 AND a.user_id = $2`, alertID, userID).
		Scan(&a.ID, &a.Type, &a.Message, &a.Link, &a.IsRead, &a.CreatedAt, &evidence, &a.ZoneID, &a.DeviceID, &a.OkayAt,
			&a.ResolvedAt, &a.Resolution, &a.ZoneName, &a.ClaimedBy, &a.ClaimedAt, &a.ResolvedBy, &a.ResolutionNote)
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Alert not found.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: find alert %d: %w", alertID, err)
	}
	a.Evidence = evidence
	if a.Deliveries, err = db.FindDeliveries(ctx, userID, alertID); err != nil {
		return nil, err
	}
	if a.Steps, err = db.findSteps(ctx, userID, alertID); err != nil {
		return nil, err
	}
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
func (db *DB) RaiseMissedCheckins(ctx context.Context, now time.Time, hour int) ([]*lifeline.Alert, error) {
	reminder := lifeline.MissedCheckinReminder()
	args := db.escalationArgs()
	args["now"], args["hour"], args["type"], args["message"], args["link"] = now, hour, reminder.Type, reminder.Message, reminder.Link
	rows, err := db.Pool.Query(ctx, `
		WITH local AS (
			SELECT u.id, u.timezone, u.created_at, (@now::timestamptz AT TIME ZONE u.timezone) AS wall
			FROM users u
			WHERE u.timezone IN (SELECT name FROM pg_timezone_names)
		), raised AS (
			INSERT INTO alerts (user_id, type, message, link, dedup_key)
			SELECT l.id, @type, @message, @link, to_char(l.wall::date, 'YYYY-MM-DD')
			FROM local l
			WHERE extract(hour FROM l.wall) >= @hour::int
			  AND l.created_at < ((l.wall::date + make_interval(hours => @hour::int)) AT TIME ZONE l.timezone)
			  AND NOT EXISTS (SELECT 1 FROM check_ins c WHERE c.user_id = l.id AND c.local_date = l.wall::date)
			ON CONFLICT (user_id, type, dedup_key) DO NOTHING
			RETURNING *)`+queueDeliveries+`
		SELECT `+alertColumns+` FROM raised`, args)
	if err != nil {
		return nil, fmt.Errorf("store: raise missed check-in alerts: %w", err)
	}
	added, err := pgx.CollectRows(rows, scanAlert)
	if err != nil {
		return nil, fmt.Errorf("store: raise missed check-in alerts: %w", err)
	}
	return added, nil
}

func (db *DB) FindOpenPatternAlerts(ctx context.Context, userID int64, from lifeline.Date) ([]*lifeline.Alert, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT `+alertColumns+`, dedup_key FROM alerts
		WHERE user_id = $1 AND type = $2 AND resolved_at IS NULL AND split_part(dedup_key, ':', 2) >= $3
		ORDER BY id`, userID, lifeline.AlertConcerningPattern, from.String())
	if err != nil {
		return nil, fmt.Errorf("store: find open pattern alerts: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*lifeline.Alert, error) {
		var a lifeline.Alert
		err := row.Scan(&a.ID, &a.UserID, &a.Type, &a.Message, &a.Link, &a.IsRead, &a.CreatedAt, &a.ResolvedAt, &a.Resolution,
			&a.ClaimedBy, &a.ClaimedAt, &a.ResolvedBy, &a.ResolutionNote, &a.DedupKey)
		return &a, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: find open pattern alerts: %w", err)
	}
	return list, nil
}

func (db *DB) ResolveAlerts(ctx context.Context, userID int64, ids []int64, resolution string, now time.Time) ([]*lifeline.Alert, error) {
	rows, err := db.Pool.Query(ctx, `
		WITH ended AS (
			-- The key is freed (it keeps the old one inside, made unique by
			-- the id), so the cause arising again raises a new alert.
			UPDATE alerts SET resolved_at = $4, resolution = $3, dedup_key = left(dedup_key, 150) || ':resolved:' || id
			WHERE user_id = $1 AND id = ANY ($2) AND resolved_at IS NULL
			RETURNING *
		), skipped AS (
			UPDATE outbox o SET state = 'skipped', last_error = e.resolution, claimed_until = NULL
			FROM ended e WHERE o.alert_id = e.id AND o.state = 'pending'
		)
		SELECT `+alertColumns+` FROM ended`, userID, ids, resolution, now)
	if err != nil {
		return nil, fmt.Errorf("store: resolve alerts: %w", err)
	}
	list, err := pgx.CollectRows(rows, scanAlert)
	if err != nil {
		return nil, fmt.Errorf("store: resolve alerts: %w", err)
	}
	return list, nil
}
