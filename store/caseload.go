package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

// caseloadQuery reads a supporter's whole caseload in one statement: each
// part is a lateral read of one person's rows by their own indexes, taken
// only when the link's grant covers it (a part outside the grant is NULL),
// and the need and its order are computed here, so 200 people are one
// round trip, not 200.
//
// An alert is on it when it reached the supporter as People I support
// says (store.SupportedAlerts: the in-app step to them was taken; an SOS's
// also while pending), is still open, and its type is in the grant. An
// SOS and an alert I claimed stay on it past the day's window.
const caseloadQuery = `
WITH p AS (
	SELECT l.id, l.user_id, btrim(w.first_name || ' ' || w.last_name) AS name,
	       l.share_checkins, l.share_checkin_details, l.alert_scopes, l.location_scope, l.location_window_minutes, l.share_phone,
	       l.share_measures, l.share_signals,
	       (@now::timestamptz AT TIME ZONE w.timezone)::date AS today,
	       (w.created_at AT TIME ZONE w.timezone)::date AS joined
	FROM care_links l JOIN users w ON w.id = l.user_id
	WHERE l.supporter_id = @supporter AND l.revoked_at IS NULL
), c AS (
	SELECT p.*, a.*, ci.*, d.*
	FROM p
	LEFT JOIN LATERAL (
		SELECT count(*) FILTER (WHERE x.claimed_by IS NULL) AS unclaimed,
		       min(x.created_at) FILTER (WHERE x.claimed_by IS NULL) AS oldest_unclaimed,
		       count(*) FILTER (WHERE x.claimed_by = @supporter) AS mine,
		       min(x.claimed_at) FILTER (WHERE x.claimed_by = @supporter) AS oldest_mine,
		       count(*) FILTER (WHERE x.claimed_by <> @supporter) AS others,
		       (array_agg(x.id ORDER BY x.created_at) FILTER (WHERE x.type = @sos))[1] AS sos_id,
		       min(x.created_at) FILTER (WHERE x.type = @sos) AS sos_at
		FROM alerts x
		WHERE x.user_id = p.user_id AND x.okay_at IS NULL AND x.resolved_at IS NULL
		  AND (x.created_at >= @since OR x.type = @sos OR x.claimed_by = @supporter)
		  AND EXISTS (SELECT 1 FROM unnest(@types::text[], @scopes::text[]) AS m (type, scope)
		              WHERE m.type = x.type AND m.scope = ANY (p.alert_scopes))
		  AND EXISTS (SELECT 1 FROM outbox o
		              WHERE o.alert_id = x.id AND o.recipient_id = @supporter AND o.channel = 'app'
		                AND (o.state = 'sent' OR (x.type = @sos AND o.state = 'pending')))
	) a ON cardinality(p.alert_scopes) > 0
	LEFT JOIN LATERAL (
		SELECT (SELECT max(k.local_date) FROM check_ins k WHERE k.user_id = p.user_id AND k.local_date <= p.today) AS last_checkin,
		       greatest(0, p.today - greatest(p.today - @missed_days::int, p.joined)
		         - (SELECT count(*) FROM check_ins k
		            WHERE k.user_id = p.user_id AND k.local_date >= p.today - @missed_days::int AND k.local_date < p.today)) AS missed
	) ci ON p.share_checkins
	LEFT JOIN LATERAL (
		SELECT count(*) AS bracelets,
		       coalesce(bool_or(d.offline), false) AS offline,
		       coalesce(bool_or(NOT d.offline AND d.last_battery <= @low_battery AND NOT coalesce(d.last_charging, false)), false) AS battery_low,
		       max(d.last_seen_at) AS last_seen
		FROM (SELECT dv.last_battery, dv.last_charging, dv.last_seen_at,
		             dv.last_seen_at < @now::timestamptz - make_interval(secs => CASE WHEN @offline_after::float8 > 0 THEN @offline_after::float8
		                 ELSE greatest(dv.interval_s * @offline_intervals::int, @min_offline_after::float8) END) AS offline
		      FROM devices dv WHERE dv.user_id = p.user_id AND dv.revoked_at IS NULL) d
	) d ON @device = ANY (p.alert_scopes)
), n AS (
	SELECT c.*,
	       CASE WHEN c.sos_id IS NOT NULL THEN 0
	            WHEN c.unclaimed > 0 THEN 1
	            WHEN c.mine > 0 THEN 2
	            WHEN c.missed > 0 THEN 3
	            WHEN c.offline OR c.battery_low THEN 4
	            ELSE 5 END AS rank
	FROM c
)
SELECT n.id, n.user_id, n.name,
       n.share_checkins, n.share_checkin_details, n.alert_scopes, n.location_scope, n.location_window_minutes, n.share_phone,
       n.share_measures, n.share_signals,
       n.rank, n.sos_id, n.sos_at, n.unclaimed, n.oldest_unclaimed, n.mine, n.others,
       n.last_checkin = n.today, n.missed, n.today - n.last_checkin,
       n.bracelets, n.offline, n.battery_low, n.last_seen
FROM n
ORDER BY n.rank,
         CASE n.rank WHEN 0 THEN n.sos_at WHEN 1 THEN n.oldest_unclaimed WHEN 2 THEN n.oldest_mine END,
         CASE n.rank WHEN 3 THEN coalesce(n.today - n.last_checkin, n.today - n.joined + 1) END DESC,
         lower(n.name), n.id`

// caseloadNeeds are the ranks of caseloadQuery, in order.
var caseloadNeeds = []string{lifeline.NeedSOS, lifeline.NeedUnclaimed, lifeline.NeedMine,
	lifeline.NeedMissedCheckins, lifeline.NeedDevice, lifeline.NeedNone}

func (db *DB) FindCaseload(ctx context.Context, q lifeline.CaseloadQuery) ([]*lifeline.CaseloadEntry, error) {
	rows, err := db.Pool.Query(ctx, caseloadQuery, caseloadArgs(q))
	if err != nil {
		return nil, fmt.Errorf("store: find caseload: %w", err)
	}
	list, err := pgx.CollectRows(rows, scanCaseloadEntry)
	if err != nil {
		return nil, fmt.Errorf("store: find caseload: %w", err)
	}
	return list, nil
}

// caseloadArgs are caseloadQuery's arguments; the type-to-scope table and
// the thresholds come from the domain, so the SQL keeps no copy of them.
func caseloadArgs(q lifeline.CaseloadQuery) pgx.NamedArgs {
	var types, scopes []string
	for _, t := range lifeline.AlertTypes {
		if s := lifeline.AlertTypeScope(t); s != "" {
			types, scopes = append(types, t), append(scopes, s)
		}
	}
	return pgx.NamedArgs{
		"supporter": q.SupporterID, "now": q.Now, "since": q.OpenSince,
		"types": types, "scopes": scopes, "sos": lifeline.AlertSOS, "device": lifeline.ScopeDevice,
		"missed_days": lifeline.CaseloadMissedDays, "low_battery": lifeline.LowBattery,
		"offline_after": q.OfflineAfter.Seconds(), "offline_intervals": lifeline.OfflineIntervals,
		"min_offline_after": lifeline.MinOfflineAfter.Seconds(),
	}
}

func scanCaseloadEntry(row pgx.CollectableRow) (*lifeline.CaseloadEntry, error) {
	var e lifeline.CaseloadEntry
	g := &e.Grant
	var rank int
	var sosID *int64
	var sosAt, oldestUnclaimed, lastSeen *time.Time
	var unclaimed, mine, others, missed, daysSince, bracelets *int
	var checkedInToday, offline, batteryLow *bool
	err := row.Scan(&e.LinkID, &e.WearerID, &e.Name,
		&g.CheckIns, &g.CheckInDetails, &g.Alerts, &g.Location, &g.LocationWindowMinutes, &g.Phone, &g.Measures, &g.Signals,
		&rank, &sosID, &sosAt, &unclaimed, &oldestUnclaimed, &mine, &others,
		&checkedInToday, &missed, &daysSince,
		&bracelets, &offline, &batteryLow, &lastSeen)
	if err != nil {
		return nil, err
	}
	if e.Name == "" {
		e.Name = "Someone you support"
	}
	e.Need = caseloadNeeds[rank]
	if sosID != nil {
		e.SOS = &lifeline.CaseloadSOS{AlertID: *sosID, CreatedAt: *sosAt}
	}
	if unclaimed != nil {
		e.Alerts = &lifeline.CaseloadAlerts{Unclaimed: *unclaimed, OldestUnclaimedAt: oldestUnclaimed, Mine: *mine, ClaimedByOthers: *others}
	}
	if missed != nil {
		e.CheckIns = &lifeline.CaseloadCheckIns{CheckedInToday: checkedInToday != nil && *checkedInToday, MissedLately: *missed, DaysSinceLast: daysSince}
	}
	if bracelets != nil {
		e.Device = &lifeline.CaseloadDevice{Bracelets: *bracelets, Offline: *offline, BatteryLow: *batteryLow, LastSeenAt: lastSeen}
	}
	return &e, nil
}
