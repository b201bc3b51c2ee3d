package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.GeofenceStore = (*DB)(nil)

// geofenceStateColumns are a geofence_state row, read by scanGeofenceState.
const geofenceStateColumns = `device_key, zone_id, user_id, inside, since, pending_inside, pending_count, pending_since,
	pending_evidence, last_fix_ts, last_alert_at, dwell_alerted_at, schedule_alerted_at, okay_at`

func scanGeofenceState(row pgx.Row) (lifeline.GeofenceState, error) {
	var s lifeline.GeofenceState
	var pendingSince, lastFix, lastAlert, dwell, schedule, okay *time.Time
	var evidence []byte
	err := row.Scan(&s.DeviceKey, &s.ZoneID, &s.UserID, &s.Inside, &s.Since, &s.PendingInside, &s.PendingCount,
		&pendingSince, &evidence, &lastFix, &lastAlert, &dwell, &schedule, &okay)
	s.PendingSince, s.LastFixTS, s.LastAlertAt, s.DwellAlertedAt, s.ScheduleAlertedAt, s.OkayAt =
		deref(pendingSince), deref(lastFix), deref(lastAlert), deref(dwell), deref(schedule), deref(okay)
	s.PendingEvidence = evidence
	return s, err
}

func (db *DB) FindGeofenceStates(ctx context.Context) ([]lifeline.GeofenceState, error) {
	rows, err := db.Pool.Query(ctx, `SELECT `+geofenceStateColumns+` FROM geofence_state`)
	if err != nil {
		return nil, fmt.Errorf("store: geofence states: %w", err)
	}
	states, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (lifeline.GeofenceState, error) { return scanGeofenceState(row) })
	if err != nil {
		return nil, fmt.Errorf("store: geofence states: %w", err)
	}
	return states, nil
}

func (db *DB) FindGeofenceState(ctx context.Context, deviceKey string, zoneID int64) (*lifeline.GeofenceState, error) {
	s, err := scanGeofenceState(db.Pool.QueryRow(ctx, `
		SELECT `+geofenceStateColumns+` FROM geofence_state WHERE device_key = $1 AND zone_id = $2`, deviceKey, zoneID))
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "No geofence state for %s in zone %d.", deviceKey, zoneID)
	}
	if err != nil {
		return nil, fmt.Errorf("store: geofence state of %s in zone %d: %w", deviceKey, zoneID, err)
	}
	return &s, nil
}

// answerGeofenceAlert writes the wearer's "I'm okay" to an alert onto the
// engine's state, in the answer's transaction: if the alert is the last
// one its (device, zone) raised (the state's last_alert_at is the
// detectedAt of its evidence), its cool-down is over (okay_at). Alerts
// that are not the engine's, or older than its evidence's detectedAt,
// change nothing.
func answerGeofenceAlert(ctx context.Context, tx pgx.Tx, wearerID int64, zoneID *int64, deviceID *string, evidence []byte, okayAt time.Time) error {
	var detected struct {
		At time.Time `json:"detectedAt"`
	}
	if zoneID == nil || json.Unmarshal(evidence, &detected) != nil || detected.At.IsZero() {
		return nil
	}
	device := ""
	if deviceID != nil {
		device = *deviceID
	}
	_, err := tx.Exec(ctx, `
		UPDATE geofence_state SET okay_at = $4, updated_at = now()
		WHERE device_key = $1 AND zone_id = $2 AND last_alert_at = $3 AND okay_at IS NULL`,
		lifeline.GeofenceDeviceKey(device, wearerID), *zoneID, detected.At, okayAt)
	return err
}

// SaveGeofenceStates writes the changed states in one statement. A state
// whose zone was deleted meanwhile is skipped (its row would violate the
// foreign key).
func (db *DB) SaveGeofenceStates(ctx context.Context, states []lifeline.GeofenceState) error {
	if len(states) == 0 {
		return nil
	}
	n := len(states)
	keys, zones, users := make([]string, n), make([]int64, n), make([]int64, n)
	inside, pendingInside, counts := make([]bool, n), make([]*bool, n), make([]int32, n)
	since, pendingSince, lastFix, lastAlert, dwell, schedule := make([]time.Time, n), make([]*time.Time, n), make([]*time.Time, n), make([]*time.Time, n), make([]*time.Time, n), make([]*time.Time, n)
	okay := make([]*time.Time, n)
	evidence := make([]*string, n)
	for i, s := range states {
		keys[i], zones[i], users[i], inside[i], since[i] = s.DeviceKey, s.ZoneID, s.UserID, s.Inside, s.Since
		pendingInside[i], counts[i] = s.PendingInside, int32(s.PendingCount)
		pendingSince[i], lastFix[i], lastAlert[i] = nonZero(s.PendingSince), nonZero(s.LastFixTS), nonZero(s.LastAlertAt)
		dwell[i], schedule[i], okay[i] = nonZero(s.DwellAlertedAt), nonZero(s.ScheduleAlertedAt), nonZero(s.OkayAt)
		if len(s.PendingEvidence) > 0 && string(s.PendingEvidence) != "null" {
			e := string(s.PendingEvidence)
			evidence[i] = &e
		}
	}
	// An answer written by answerGeofenceAlert is kept until the engine
	// raises its next alert, even when the engine has not heard of it yet.
	_, err := db.Pool.Exec(ctx, `
		INSERT INTO geofence_state (device_key, zone_id, user_id, inside, since, pending_inside, pending_count, pending_since,
			pending_evidence, last_fix_ts, last_alert_at, dwell_alerted_at, schedule_alerted_at, okay_at, updated_at)
		SELECT v.device_key, v.zone_id, v.user_id, v.inside, v.since, v.pending_inside, v.pending_count, v.pending_since,
			v.pending_evidence::jsonb, v.last_fix_ts, v.last_alert_at, v.dwell_alerted_at, v.schedule_alerted_at, v.okay_at, now()
		FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::boolean[], $5::timestamptz[], $6::boolean[], $7::int[],
			$8::timestamptz[], $9::text[], $10::timestamptz[], $11::timestamptz[], $12::timestamptz[], $13::timestamptz[],
			$14::timestamptz[])
			AS v(device_key, zone_id, user_id, inside, since, pending_inside, pending_count, pending_since,
			     pending_evidence, last_fix_ts, last_alert_at, dwell_alerted_at, schedule_alerted_at, okay_at)
		WHERE EXISTS (SELECT 1 FROM zones z WHERE z.id = v.zone_id)
		ON CONFLICT (device_key, zone_id) DO UPDATE SET
			inside = excluded.inside, since = excluded.since, pending_inside = excluded.pending_inside,
			pending_count = excluded.pending_count, pending_since = excluded.pending_since,
			pending_evidence = excluded.pending_evidence, last_fix_ts = excluded.last_fix_ts,
			last_alert_at = excluded.last_alert_at, dwell_alerted_at = excluded.dwell_alerted_at,
			schedule_alerted_at = excluded.schedule_alerted_at,
			okay_at = CASE WHEN excluded.last_alert_at IS NOT DISTINCT FROM geofence_state.last_alert_at
			               THEN coalesce(excluded.okay_at, geofence_state.okay_at) ELSE excluded.okay_at END,
			updated_at = now()`,
		keys, zones, users, inside, since, pendingInside, counts, pendingSince, evidence, lastFix, lastAlert, dwell, schedule, okay)
	if err != nil {
		return fmt.Errorf("store: save %d geofence states: %w", n, err)
	}
	return nil
}

func deref(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return *t
}
