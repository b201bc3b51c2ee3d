package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.EscalationService = (*DB)(nil)

// supporterDue and supporterTold are queueDeliveries' rules for a
// supporter's row of alert r, with es the wearer's escalation_settings
// (NULL columns: no row, the defaults). supporterDue is when they are told:
// escalating (avoid-zone) alerts after the wearer's minutes or
// @escalate seconds, everything else at once. supporterTold is whether
// they are told at all: avoid-zone and device alerts unless turned off;
// a missed check-in once the wearer's number of days (default 2) runs
// without one: the days before r's (its dedup key is the local date) each
// have a missed check-in alert and no check-in. SOS always.
const (
	supporterDue = `r.created_at + CASE WHEN r.type = ANY (@escalating::text[])
		THEN make_interval(secs => coalesce(es.avoid_zone_minutes * 60, @escalate::float8)) ELSE interval '0' END`
	supporterTold = `CASE
		WHEN r.type = ANY (@escalating::text[]) THEN coalesce(es.avoid_zone_tell, true)
		WHEN r.type = ANY (@device_types::text[]) THEN coalesce(es.device_tell, true)
		WHEN r.type = @missed THEN
			NOT EXISTS (SELECT 1 FROM check_ins c WHERE c.user_id = r.user_id
			            AND c.local_date >= r.dedup_key::date - (coalesce(es.missed_checkin_days, 2) - 1) AND c.local_date < r.dedup_key::date)
			AND (SELECT count(*) FROM alerts y WHERE y.user_id = r.user_id AND y.type = @missed
			     AND y.dedup_key >= to_char(r.dedup_key::date - (coalesce(es.missed_checkin_days, 2) - 1), 'YYYY-MM-DD')
			     AND y.dedup_key < r.dedup_key) = coalesce(es.missed_checkin_days, 2) - 1
		ELSE true END`
)

// deviceAlertTypes are the alert types of the device scope.
func deviceAlertTypes() []string {
	var types []string
	for _, t := range lifeline.AlertTypes {
		if lifeline.AlertTypeScope(t) == lifeline.ScopeDevice {
			types = append(types, t)
		}
	}
	return types
}

func (db *DB) FindEscalation(ctx context.Context, userID int64) (*lifeline.EscalationSettings, error) {
	s := lifeline.DefaultEscalation(db.EscalateAfter)
	var tellZone, tellDevice bool
	err := db.Pool.QueryRow(ctx, `
		SELECT avoid_zone_tell, avoid_zone_minutes, missed_checkin_days, device_tell
		FROM escalation_settings WHERE user_id = $1`, userID).Scan(&tellZone, &s.AvoidZoneMinutes, &s.MissedCheckinDays, &tellDevice)
	if isNoRows(err) {
		return &s, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: find escalation settings: %w", err)
	}
	switch {
	case !tellZone:
		s.AvoidZone, s.AvoidZoneMinutes = lifeline.EscalateNever, nil
	case s.AvoidZoneMinutes != nil:
		s.AvoidZone = lifeline.EscalateAfter
	}
	if !tellDevice {
		s.Device = lifeline.EscalateNever
	}
	return &s, nil
}

func (db *DB) SaveEscalation(ctx context.Context, userID int64, s lifeline.EscalationSettings) (*lifeline.EscalationSettings, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	_, err := db.Pool.Exec(ctx, `
		INSERT INTO escalation_settings (user_id, avoid_zone_tell, avoid_zone_minutes, missed_checkin_days, device_tell)
		VALUES (@user, @tell_zone, @minutes, @days, @tell_device)
		ON CONFLICT (user_id) DO UPDATE SET avoid_zone_tell = excluded.avoid_zone_tell, avoid_zone_minutes = excluded.avoid_zone_minutes,
			missed_checkin_days = excluded.missed_checkin_days, device_tell = excluded.device_tell, updated_at = now()`,
		pgx.NamedArgs{"user": userID, "tell_zone": s.AvoidZone != lifeline.EscalateNever, "minutes": s.AvoidZoneMinutes,
			"days": s.MissedCheckinDays, "tell_device": s.Device != lifeline.EscalateNever})
	if err != nil {
		return nil, fmt.Errorf("store: save escalation settings: %w", err)
	}
	return db.FindEscalation(ctx, userID)
}
