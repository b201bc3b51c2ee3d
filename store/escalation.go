package store

import (
	"context"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.EscalationService = (*DB)(nil)

// Who is told of an alert, and when: the one home of the escalation rule.
//
// tellRecipients continues a WITH whose CTE "raised" returns new alerts
// rows with one row per person to tell (alert_id, user_id, recipient_id,
// role, escalation, due); queueDeliveries (outbox.go) turns each into its
// outbox rows. The wearer hears of every alert but an SOS at once. Each
// supporter whose grant covers the alert's scope hears when and if the
// wearer's escalation settings (es, NULL columns: the defaults) say:
//   - avoid-zone alerts (escalating) after the wearer's minutes, or the
//     server's --escalate-after, unless turned off; at claim time only if
//     the wearer has not answered "I'm okay" and is still inside
//     (escalationHold);
//   - device alerts at once, unless turned off;
//   - a missed check-in once the wearer's number of days runs without one:
//     the days before r's (its dedup key is the local date) each have a
//     missed check-in alert and no check-in;
//   - SOS and everything else at once.
//
// Tiers: a supporter in tier k hears (k-1) tier windows (the wearer's,
// or lifeline.DefaultTierWindow) after tier 1 would, and that later step
// is an escalation step: the wearer's "I'm okay" (and, for avoid zones,
// leaving the place) skips it, and a claim does (the claim's hold). An
// SOS reaches every tier at once: nobody pressing it waits on a window.
//
// Its named arguments come from escalationArgs.
const tellRecipients = `, recipients AS (
		SELECT r.id AS alert_id, r.user_id, r.user_id AS recipient_id, 'wearer' AS role, false AS escalation, r.created_at AS due
		FROM raised r WHERE r.type <> @sos
		UNION ALL
		SELECT r.id, r.user_id, l.supporter_id, 'supporter', r.type = ANY (@escalating::text[]) OR rule.later_tier,
		       r.created_at + CASE WHEN r.type = ANY (@escalating::text[]) THEN rule.wait ELSE interval '0' END
		                    + CASE WHEN rule.later_tier THEN (l.tier - 1) * rule.tier_window ELSE interval '0' END
		FROM raised r
		JOIN unnest(@scope_types::text[], @scope_names::text[]) AS s(type, scope) ON s.type = r.type
		JOIN care_links l ON l.user_id = r.user_id AND l.accepted_at IS NOT NULL AND l.revoked_at IS NULL AND s.scope = ANY (l.alert_scopes)
		LEFT JOIN escalation_settings es ON es.user_id = r.user_id
		CROSS JOIN LATERAL (SELECT make_interval(secs => coalesce(es.avoid_zone_minutes * 60, @escalate::float8)) AS wait,
		                           coalesce(es.missed_checkin_days, @missed_days::int) AS missed_days,
		                           make_interval(secs => coalesce(es.tier_window_minutes * 60, @tier_window::float8)) AS tier_window,
		                           l.tier > 1 AND r.type <> @sos AS later_tier) rule
		WHERE CASE
			WHEN r.type = ANY (@escalating::text[]) THEN coalesce(es.avoid_zone_tell, true)
			WHEN r.type = ANY (@device_types::text[]) THEN coalesce(es.device_tell, true)
			WHEN r.type = @missed THEN
				NOT EXISTS (SELECT 1 FROM check_ins c WHERE c.user_id = r.user_id
				            AND c.local_date >= r.dedup_key::date - (rule.missed_days - 1) AND c.local_date < r.dedup_key::date)
				AND (SELECT count(*) FROM alerts y WHERE y.user_id = r.user_id AND y.type = @missed
				     AND y.dedup_key >= to_char(r.dedup_key::date - (rule.missed_days - 1), 'YYYY-MM-DD')
				     AND y.dedup_key < r.dedup_key) = rule.missed_days - 1
			ELSE true END
	)`

// escalationArgs are tellRecipients' arguments: the scopes and escalation
// defaults as the domain defines them.
func (db *DB) escalationArgs() pgx.NamedArgs {
	var types, scopes []string
	for _, t := range lifeline.AlertTypes {
		if s := lifeline.AlertTypeScope(t); s != "" {
			types, scopes = append(types, t), append(scopes, s)
		}
	}
	return pgx.NamedArgs{
		"sos": lifeline.AlertSOS, "missed": lifeline.AlertMissedCheckin, "escalating": lifeline.EscalatingAlertTypes,
		"escalate": lifeline.EscalationDelay(db.EscalateAfter).Seconds(), "missed_days": lifeline.DefaultMissedCheckinDays,
		"scope_types": types, "scope_names": scopes, "device_types": deviceAlertTypes(),
		"tier_window": lifeline.DefaultTierWindow.Seconds(),
	}
}

// escalationHold says why a supporter's escalation step must not be taken
// when it falls due, or "": the wearer answered "I'm okay", or left the
// place before anyone needed to be told.
func escalationHold(a *lifeline.Alert, escalation, inside bool) string {
	switch {
	case escalation && a.OkayAt != nil:
		return okaySkipped
	case escalation && slices.Contains(lifeline.EscalatingAlertTypes, a.Type) && !inside:
		return "They left the place before anyone needed to be told."
	}
	return ""
}

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
		SELECT avoid_zone_tell, avoid_zone_minutes, missed_checkin_days, device_tell,
		       coalesce(tier_window_minutes, $2), coalesce(claim_remind_minutes, $3)
		FROM escalation_settings WHERE user_id = $1`, userID, s.TierWindowMinutes, s.ClaimRemindMinutes).Scan(
		&tellZone, &s.AvoidZoneMinutes, &s.MissedCheckinDays, &tellDevice, &s.TierWindowMinutes, &s.ClaimRemindMinutes)
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
		INSERT INTO escalation_settings (user_id, avoid_zone_tell, avoid_zone_minutes, missed_checkin_days, device_tell,
		                                 tier_window_minutes, claim_remind_minutes)
		VALUES (@user, @tell_zone, @minutes, @days, @tell_device, @tier_window, @claim_remind)
		ON CONFLICT (user_id) DO UPDATE SET avoid_zone_tell = excluded.avoid_zone_tell, avoid_zone_minutes = excluded.avoid_zone_minutes,
			missed_checkin_days = excluded.missed_checkin_days, device_tell = excluded.device_tell,
			tier_window_minutes = excluded.tier_window_minutes, claim_remind_minutes = excluded.claim_remind_minutes, updated_at = now()`,
		pgx.NamedArgs{"user": userID, "tell_zone": s.AvoidZone != lifeline.EscalateNever, "minutes": s.AvoidZoneMinutes,
			"days": s.MissedCheckinDays, "tell_device": s.Device != lifeline.EscalateNever,
			"tier_window": s.TierWindowMinutes, "claim_remind": s.ClaimRemindMinutes})
	if err != nil {
		return nil, fmt.Errorf("store: save escalation settings: %w", err)
	}
	return db.FindEscalation(ctx, userID)
}
