package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.DeviceService = (*DB)(nil)

func (db *DB) CreateDevice(ctx context.Context, d *lifeline.Device, tokenHash []byte) error {
	if d.Kind == "" {
		d.Kind = lifeline.DeviceBracelet
	}
	err := db.Pool.QueryRow(ctx, `
		INSERT INTO devices (id, user_id, name, token_hash, kind) VALUES ($1, $2, $3, $4, $5)
		RETURNING created_at, interval_s`, d.ID, d.UserID, d.Name, tokenHash, d.Kind).Scan(&d.CreatedAt, &d.IntervalS)
	if err != nil {
		return fmt.Errorf("store: create device: %w", err)
	}
	return nil
}

// NewDevice is one device to pair in bulk, with its token's hash.
type NewDevice struct {
	Device    *lifeline.Device
	TokenHash []byte
}

// CreateDevices pairs many devices in one transaction with COPY: a hundred
// thousand load-test bracelets in seconds, where one INSERT each takes
// minutes. All are paired or none.
func (db *DB) CreateDevices(ctx context.Context, devices []NewDevice) error {
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		_, err := tx.CopyFrom(ctx, pgx.Identifier{"devices"}, []string{"id", "user_id", "name", "token_hash", "kind"},
			pgx.CopyFromSlice(len(devices), func(i int) ([]any, error) {
				d := devices[i].Device
				if d.Kind == "" {
					d.Kind = lifeline.DeviceBracelet
				}
				return []any{d.ID, d.UserID, d.Name, devices[i].TokenHash, d.Kind}, nil
			}))
		return err
	})
	if err != nil {
		return fmt.Errorf("store: create devices: %w", err)
	}
	return nil
}

func (db *DB) FindDevices(ctx context.Context, userID int64) ([]*lifeline.Device, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT `+deviceColumns+` FROM devices WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at, id`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: find devices: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*lifeline.Device, error) { return scanDevice(row) })
	if err != nil {
		return nil, fmt.Errorf("store: find devices: %w", err)
	}
	return list, nil
}

// deviceColumns and scanDevice read a device row as FindDevices does.
const deviceColumns = `id, user_id, name, kind, created_at, revoked_at, last_seen_at, last_fix_at, last_battery, interval_s, last_charging,
	coalesce(to_char(refused_on, 'YYYY-MM-DD'), ''), refused_count, refused_at, coalesce(refused_reason, ''), coalesce(refused_detail, '')`

func scanDevice(row pgx.Row) (*lifeline.Device, error) {
	var d lifeline.Device
	var battery *int16
	var refusal lifeline.Refusal
	var refusedAt *time.Time
	if err := row.Scan(&d.ID, &d.UserID, &d.Name, &d.Kind, &d.CreatedAt, &d.RevokedAt, &d.LastSeenAt, &d.LastFixAt, &battery, &d.IntervalS, &d.Charging,
		&d.RefusedOn, &d.RefusedToday, &refusedAt, &refusal.Reason, &refusal.Detail); err != nil {
		return nil, err
	}
	if battery != nil {
		b := int(*battery)
		d.LastBattery = &b
	}
	if refusedAt != nil {
		refusal.At = *refusedAt
		d.LastRefusal = &refusal
	}
	return &d, nil
}

// FindDevice returns one of the user's active devices.
func (db *DB) FindDevice(ctx context.Context, userID int64, deviceID string) (*lifeline.Device, error) {
	d, err := scanDevice(db.Pool.QueryRow(ctx, `
		SELECT `+deviceColumns+` FROM devices WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`, deviceID, userID))
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Bracelet not found.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: find device: %w", err)
	}
	return d, nil
}

// RenameDevice renames one of the user's active devices.
func (db *DB) RenameDevice(ctx context.Context, userID int64, deviceID, name string) (*lifeline.Device, error) {
	d, err := scanDevice(db.Pool.QueryRow(ctx, `
		UPDATE devices SET name = $3, updated_at = now()
		WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL
		RETURNING `+deviceColumns, deviceID, userID, name))
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Bracelet not found.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: rename device: %w", err)
	}
	return d, nil
}

func (db *DB) RevokeDevice(ctx context.Context, userID int64, deviceID string) error {
	tag, err := db.Pool.Exec(ctx, `
		UPDATE devices SET revoked_at = now(), updated_at = now()
		WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`, deviceID, userID)
	if err != nil {
		return fmt.Errorf("store: revoke device: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return lifeline.Errorf(lifeline.ENOTFOUND, "Bracelet not found.")
	}
	return nil
}

// FindAllDevices lists every device with its owner's email, for operators.
func (db *DB) FindAllDevices(ctx context.Context) ([]*lifeline.Device, []string, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT d.id, d.user_id, d.name, d.kind, d.created_at, d.revoked_at, d.last_seen_at, coalesce(u.email, '')
		FROM devices d JOIN users u ON u.id = d.user_id ORDER BY d.created_at, d.id`)
	if err != nil {
		return nil, nil, fmt.Errorf("store: list devices: %w", err)
	}
	defer rows.Close()
	var devices []*lifeline.Device
	var owners []string
	for rows.Next() {
		var d lifeline.Device
		var owner string
		if err := rows.Scan(&d.ID, &d.UserID, &d.Name, &d.Kind, &d.CreatedAt, &d.RevokedAt, &d.LastSeenAt, &owner); err != nil {
			return nil, nil, fmt.Errorf("store: list devices: %w", err)
		}
		devices, owners = append(devices, &d), append(owners, owner)
	}
	return devices, owners, rows.Err()
}

// RevokeDeviceByID revokes a device whoever owns it (the operator CLI).
func (db *DB) RevokeDeviceByID(ctx context.Context, deviceID string) (userID int64, err error) {
	err = db.Pool.QueryRow(ctx, `
		UPDATE devices SET revoked_at = now(), updated_at = now()
		WHERE id = $1 AND revoked_at IS NULL RETURNING user_id`, deviceID).Scan(&userID)
	if isNoRows(err) {
		return 0, lifeline.Errorf(lifeline.ENOTFOUND, "No active bracelet %s.", deviceID)
	}
	if err != nil {
		return 0, fmt.Errorf("store: revoke device: %w", err)
	}
	return userID, nil
}

func (db *DB) DeviceCredentials(ctx context.Context, deviceID string) (*lifeline.DeviceCredentials, error) {
	var c lifeline.DeviceCredentials
	var revokedAt *time.Time
	err := db.Pool.QueryRow(ctx, `SELECT id, user_id, token_hash, revoked_at, kind FROM devices WHERE id = $1`, deviceID).
		Scan(&c.DeviceID, &c.UserID, &c.TokenHash, &revokedAt, &c.Kind)
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Unknown device.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: device credentials: %w", err)
	}
	if revokedAt != nil {
		c.RevokedAt = *revokedAt
	}
	return &c, nil
}

func (db *DB) BatteryHistory(ctx context.Context, deviceID string, since time.Time) ([]lifeline.BatteryPoint, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT ts, battery, coalesce(charging, false) FROM battery_readings
		WHERE device_id = $1 AND ts >= $2 ORDER BY ts, seq`, deviceID, since)
	if err != nil {
		return nil, fmt.Errorf("store: battery history: %w", err)
	}
	points, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (lifeline.BatteryPoint, error) {
		var p lifeline.BatteryPoint
		var level int16
		err := row.Scan(&p.At, &level, &p.Charging)
		p.Level = int(level)
		return p, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: battery history: %w", err)
	}
	return points, nil
}

// RaiseDeviceAlerts claims each alert on the device row first (the
// *_alerted_at columns), so a discharge or a silence alerts once however
// many nodes sweep; the alert's dedup key is the same claim. The domain
// words them (lifeline.LowBatteryAlert, lifeline.DeviceOfflineAlert).
// Only bracelets raise them: a phone app reports when the phone lets it
// (often only on movement) and the phone warns of its own battery.
func (db *DB) RaiseDeviceAlerts(ctx context.Context, now time.Time) ([]*lifeline.Alert, error) {
	// lifeline.OfflineAfter in SQL: intervals of the device's own, at
	// least a fixed time; --offline-after is the fixed time alone.
	intervals, least := lifeline.OfflineIntervals, lifeline.MinOfflineAfter
	if db.OfflineAfter > 0 {
		intervals, least = 0, db.OfflineAfter
	}
	var raised []*lifeline.Alert
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		raised = nil
		// A discharge ends when the battery rises above the threshold or charges.
		if _, err := tx.Exec(ctx, `
			UPDATE devices SET low_battery_alerted_at = NULL
			WHERE low_battery_alerted_at IS NOT NULL AND (last_battery > $1 OR last_charging)`, lifeline.LowBattery); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `
			UPDATE devices SET low_battery_alerted_at = $1
			WHERE kind = 'bracelet' AND revoked_at IS NULL AND last_battery <= $2 AND NOT coalesce(last_charging, false)
			  AND low_battery_alerted_at IS NULL
			RETURNING user_id, id, name, last_battery`, now, lifeline.LowBattery)
		if err != nil {
			return err
		}
		low, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (claimedAlert, error) {
			var c claimedAlert
			var id, name string
			var level int16
			err := row.Scan(&c.userID, &id, &name, &level)
			c.alert = lifeline.LowBatteryAlert(id, name, int(level), now)
			return c, err
		})
		if err != nil {
			return err
		}
		rows, err = tx.Query(ctx, `
			UPDATE devices d SET offline_alerted_at = $1
			FROM users u
			WHERE u.id = d.user_id AND d.kind = 'bracelet' AND d.revoked_at IS NULL AND d.last_seen_at IS NOT NULL
			  AND d.last_seen_at < $1::timestamptz - greatest(make_interval(secs => d.interval_s * $2::int), make_interval(secs => $3::float8))
			  AND (d.offline_alerted_at IS NULL OR d.offline_alerted_at < d.last_seen_at)
			RETURNING d.user_id, d.id, d.name, d.last_seen_at, u.timezone`,
			now, intervals, least.Seconds())
		if err != nil {
			return err
		}
		silent, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (claimedAlert, error) {
			var c claimedAlert
			var id, name, timezone string
			var lastSeen time.Time
			err := row.Scan(&c.userID, &id, &name, &lastSeen, &timezone)
			c.alert = lifeline.DeviceOfflineAlert(id, name, lastSeen, (&lifeline.User{Timezone: timezone}).Location())
			return c, err
		})
		if err != nil {
			return err
		}
		for _, c := range append(low, silent...) {
			a, err := db.insertAlert(ctx, tx, c.userID, c.alert)
			if err != nil {
				return err
			}
			if a != nil {
				raised = append(raised, a)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: raise device alerts: %w", err)
	}
	return raised, nil
}

// ResolveDeviceAlerts finds the open device alerts whose cause is over on
// their device's row (which ingest keeps up to date about once a second),
// words each resolution for its owner, and closes them with their waiting
// deliveries, in one transaction. A device is back when it was heard from
// after its last offline claim (RaiseDeviceAlerts: the same condition
// makes its next silence alert again), and a discharge is over when its
// claim is released (the battery above LowBattery, or charging). Each
// alert is locked while it is resolved, so one node resolves it however
// many sweep. An alert whose device was deleted stays open.
func (db *DB) ResolveDeviceAlerts(ctx context.Context, now time.Time) ([]*lifeline.Alert, error) {
	var resolved []*lifeline.Alert
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		// The literal types match alerts_open_device_idx.
		rows, err := tx.Query(ctx, `
			SELECT a.id, a.type, d.last_seen_at, least(coalesce(d.last_battery_at, $1), $1::timestamptz),
			       coalesce(d.last_battery, 0), coalesce(d.last_charging, false), u.timezone
			FROM alerts a JOIN devices d ON d.id = a.device_id JOIN users u ON u.id = a.user_id
			WHERE a.resolved_at IS NULL AND a.type IN ('device_offline', 'low_battery')
			  AND CASE a.type WHEN 'device_offline' THEN d.last_seen_at > d.offline_alerted_at
			                  ELSE d.last_battery > $2 OR coalesce(d.last_charging, false) END
			FOR UPDATE OF a SKIP LOCKED`, now, lifeline.LowBattery)
		if err != nil {
			return err
		}
		type ending struct {
			id    int64
			at    time.Time
			words string
		}
		ends, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (ending, error) {
			var e ending
			var kind, timezone string
			var seen *time.Time
			var batteryAt time.Time
			var level int16
			var charging bool
			if err := row.Scan(&e.id, &kind, &seen, &batteryAt, &level, &charging, &timezone); err != nil {
				return e, err
			}
			owner := (&lifeline.User{Timezone: timezone}).Location()
			if kind == lifeline.AlertDeviceOffline {
				e.at = *seen // not NULL: later than the alert
				e.words = lifeline.DeviceBackResolution(e.at.In(owner))
			} else {
				e.at = batteryAt
				e.words = lifeline.BatteryResolution(int(level), charging, e.at.In(owner))
			}
			return e, nil
		})
		if err != nil || len(ends) == 0 {
			return err
		}
		ids, ats, words := make([]int64, len(ends)), make([]time.Time, len(ends)), make([]string, len(ends))
		for i, e := range ends {
			ids[i], ats[i], words[i] = e.id, e.at, e.words
		}
		rows, err = tx.Query(ctx, `
			WITH ended AS (
				UPDATE alerts a SET resolved_at = v.at, resolution = v.words
				FROM unnest($1::bigint[], $2::timestamptz[], $3::text[]) AS v(id, at, words)
				WHERE a.id = v.id
				RETURNING a.*
			), skipped AS (
				UPDATE outbox o SET state = 'skipped', last_error = e.resolution, claimed_until = NULL
				FROM ended e WHERE o.alert_id = e.id AND o.state = 'pending'
			)
			SELECT `+alertColumns+` FROM ended`, ids, ats, words)
		if err != nil {
			return err
		}
		resolved, err = pgx.CollectRows(rows, scanAlert)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: resolve device alerts: %w", err)
	}
	return resolved, nil
}

// claimedAlert is an alert a device row was claimed for.
type claimedAlert struct {
	userID int64
	alert  lifeline.NewAlert
}

// RotateDeviceToken replaces an active device's token hash.
func (db *DB) RotateDeviceToken(ctx context.Context, deviceID string, hash []byte) error {
	tag, err := db.Pool.Exec(ctx, `UPDATE devices SET token_hash = $2, updated_at = now() WHERE id = $1 AND revoked_at IS NULL`, deviceID, hash)
	if err != nil {
		return fmt.Errorf("store: rotate device token: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return lifeline.Errorf(lifeline.ENOTFOUND, "No active bracelet %s.", deviceID)
	}
	return nil
}
