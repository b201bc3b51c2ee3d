package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.GeofenceStore = (*DB)(nil)

func (db *DB) FindGeofenceStates(ctx context.Context) ([]lifeline.GeofenceState, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT device_key, zone_id, user_id, inside, since, pending_inside, pending_count, pending_since,
		       pending_evidence, last_fix_ts, last_alert_at, dwell_alerted_at, schedule_alerted_at
		FROM geofence_state`)
	if err != nil {
		return nil, fmt.Errorf("store: geofence states: %w", err)
	}
	states, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (lifeline.GeofenceState, error) {
		var s lifeline.GeofenceState
		var pendingSince, lastFix, lastAlert, dwell, schedule *time.Time
		var evidence []byte
		err := row.Scan(&s.DeviceKey, &s.ZoneID, &s.UserID, &s.Inside, &s.Since, &s.PendingInside, &s.PendingCount,
			&pendingSince, &evidence, &lastFix, &lastAlert, &dwell, &schedule)
		s.PendingSince, s.LastFixTS, s.LastAlertAt, s.DwellAlertedAt, s.ScheduleAlertedAt =
			deref(pendingSince), deref(lastFix), deref(lastAlert), deref(dwell), deref(schedule)
		s.PendingEvidence = evidence
		return s, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: geofence states: %w", err)
	}
	return states, nil
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
	evidence := make([]*string, n)
	for i, s := range states {
		keys[i], zones[i], users[i], inside[i], since[i] = s.DeviceKey, s.ZoneID, s.UserID, s.Inside, s.Since
		pendingInside[i], counts[i] = s.PendingInside, int32(s.PendingCount)
		pendingSince[i], lastFix[i], lastAlert[i] = nonZero(s.PendingSince), nonZero(s.LastFixTS), nonZero(s.LastAlertAt)
		dwell[i], schedule[i] = nonZero(s.DwellAlertedAt), nonZero(s.ScheduleAlertedAt)
		if len(s.PendingEvidence) > 0 && string(s.PendingEvidence) != "null" {
			e := string(s.PendingEvidence)
			evidence[i] = &e
		}
	}
	_, err := db.Pool.Exec(ctx, `
		INSERT INTO geofence_state (device_key, zone_id, user_id, inside, since, pending_inside, pending_count, pending_since,
			pending_evidence, last_fix_ts, last_alert_at, dwell_alerted_at, schedule_alerted_at, updated_at)
		SELECT v.device_key, v.zone_id, v.user_id, v.inside, v.since, v.pending_inside, v.pending_count, v.pending_since,
			v.pending_evidence::jsonb, v.last_fix_ts, v.last_alert_at, v.dwell_alerted_at, v.schedule_alerted_at, now()
		FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::boolean[], $5::timestamptz[], $6::boolean[], $7::int[],
			$8::timestamptz[], $9::text[], $10::timestamptz[], $11::timestamptz[], $12::timestamptz[], $13::timestamptz[])
			AS v(device_key, zone_id, user_id, inside, since, pending_inside, pending_count, pending_since,
			     pending_evidence, last_fix_ts, last_alert_at, dwell_alerted_at, schedule_alerted_at)
		WHERE EXISTS (SELECT 1 FROM zones z WHERE z.id = v.zone_id)
		ON CONFLICT (device_key, zone_id) DO UPDATE SET
			inside = excluded.inside, since = excluded.since, pending_inside = excluded.pending_inside,
			pending_count = excluded.pending_count, pending_since = excluded.pending_since,
			pending_evidence = excluded.pending_evidence, last_fix_ts = excluded.last_fix_ts,
			last_alert_at = excluded.last_alert_at, dwell_alerted_at = excluded.dwell_alerted_at,
			schedule_alerted_at = excluded.schedule_alerted_at, updated_at = now()`,
		keys, zones, users, inside, since, pendingInside, counts, pendingSince, evidence, lastFix, lastAlert, dwell, schedule)
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
