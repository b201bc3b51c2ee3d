package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline/signals"
)

var _ signals.Store = (*DB)(nil)

// Each of the signal loader's statements reads every person asked for at
// once: $1 their ids, $2 now (each person's own today is now in their time
// zone), $3 how many days back.
const (
	signalPeopleSQL = `
		SELECT u.id, ($2::timestamptz AT TIME ZONE u.timezone)::date,
		       EXISTS (SELECT 1 FROM devices d WHERE d.user_id = u.id AND d.revoked_at IS NULL),
		       coalesce((SELECT array(SELECT jsonb_array_elements_text(p.plan->'copingActions'))
		                 FROM coping_plans p WHERE p.user_id = u.id AND jsonb_typeof(p.plan->'copingActions') = 'array'), '{}'),
		       coalesce((SELECT array_agg(s.kind) FROM signal_dismissals s
		                 WHERE s.user_id = u.id AND s.dismissed_at > $2::timestamptz - make_interval(days => $3::int)), '{}'),
		       coalesce((SELECT array_agg(DISTINCT k) FROM signal_nudges n, unnest(n.kinds) k
		                 WHERE n.user_id = u.id AND n.created_at > $2::timestamptz - make_interval(days => $3::int)), '{}')
		FROM unnest($1::bigint[]) WITH ORDINALITY AS ids (id, ord) JOIN users u ON u.id = ids.id
		ORDER BY ids.ord`
	signalCheckInsSQL = `
		SELECT c.user_id, c.local_date, c.mood, c.craving_intensity
		FROM unnest($1::bigint[]) AS ids (id) JOIN users u ON u.id = ids.id
		JOIN check_ins c ON c.user_id = u.id
		     AND c.local_date > ($2::timestamptz AT TIME ZONE u.timezone)::date - $3::int
		     AND c.local_date <= ($2::timestamptz AT TIME ZONE u.timezone)::date
		ORDER BY c.user_id, c.local_date`
	signalBAMSQL = `
		SELECT m.user_id, (m.taken_at AT TIME ZONE u.timezone)::date,
		       coalesce((m.subscores->>'use')::smallint, 0), coalesce((m.subscores->>'risk')::smallint, 0),
		       coalesce((m.subscores->>'protective')::smallint, 0)
		FROM unnest($1::bigint[]) AS ids (id) JOIN users u ON u.id = ids.id
		JOIN measure_responses m ON m.user_id = u.id AND m.instrument = 'bam'
		     AND m.taken_at > $2::timestamptz - make_interval(days => $3::int) AND m.taken_at <= $2::timestamptz
		ORDER BY m.user_id, m.taken_at`
	signalVisitsSQL = `
		SELECT a.user_id, (a.created_at AT TIME ZONE u.timezone)::date, coalesce(z.name, '')
		FROM unnest($1::bigint[]) AS ids (id) JOIN users u ON u.id = ids.id
		JOIN alerts a ON a.user_id = u.id AND a.type = 'geofence_enter_avoid'
		     AND a.created_at > $2::timestamptz - make_interval(days => $3::int) AND a.created_at <= $2::timestamptz
		LEFT JOIN zones z ON z.id = a.zone_id
		ORDER BY a.user_id, a.created_at`
)

// SignalPeople loads what the signal rules read of each person in ids (in
// that order; an id with no account is left out): their check-ins, BAM
// subscores and avoid-zone days within the rules' look-back, whether
// their location is on, their coping plan's steps, and the kinds they set
// aside or were nudged about in the last signals.NotNowDays. Four
// statements however many people.
func (db *DB) SignalPeople(ctx context.Context, ids []int64, now time.Time) ([]signals.Person, error) {
	people := make([]signals.Person, 0, len(ids))
	at := make(map[int64]int, len(ids))
	rows, err := db.Pool.Query(ctx, signalPeopleSQL, ids, now, signals.NotNowDays)
	if err != nil {
		return nil, fmt.Errorf("store: signal people: %w", err)
	}
	var p signals.Person
	_, err = pgx.ForEachRow(rows, []any{&p.UserID, &p.Today.Time, &p.LocationOn, &p.CopingActions, &p.NotNow, &p.Nudged}, func() error {
		at[p.UserID] = len(people)
		people = append(people, p)
		p = signals.Person{}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: signal people: %w", err)
	}
	if len(people) == 0 {
		return people, nil
	}
	var id int64
	var c signals.CheckIn
	rows, err = db.Pool.Query(ctx, signalCheckInsSQL, ids, now, signals.LookbackDays)
	if err == nil {
		_, err = pgx.ForEachRow(rows, []any{&id, &c.Date.Time, &c.Mood, &c.Craving}, func() error {
			p := &people[at[id]]
			p.CheckIns = append(p.CheckIns, c)
			return nil
		})
	}
	if err != nil {
		return nil, fmt.Errorf("store: signal check-ins: %w", err)
	}
	var b signals.BAM
	rows, err = db.Pool.Query(ctx, signalBAMSQL, ids, now, signals.BAMLookbackDays)
	if err == nil {
		_, err = pgx.ForEachRow(rows, []any{&id, &b.Date.Time, &b.Use, &b.Risk, &b.Protective}, func() error {
			p := &people[at[id]]
			p.BAM = append(p.BAM, b)
			return nil
		})
	}
	if err != nil {
		return nil, fmt.Errorf("store: signal BAM: %w", err)
	}
	var v signals.Visit
	rows, err = db.Pool.Query(ctx, signalVisitsSQL, ids, now, signals.LookbackDays)
	if err == nil {
		_, err = pgx.ForEachRow(rows, []any{&id, &v.Date.Time, &v.Zone}, func() error {
			p := &people[at[id]]
			p.Visits = append(p.Visits, v)
			return nil
		})
	}
	if err != nil {
		return nil, fmt.Errorf("store: signal avoid-zone days: %w", err)
	}
	return people, nil
}

// DismissSignal records the person's "Not now" to a kind of signal.
func (db *DB) DismissSignal(ctx context.Context, userID int64, kind string, now time.Time) error {
	_, err := db.Pool.Exec(ctx, `
		INSERT INTO signal_dismissals (user_id, kind, dismissed_at) VALUES ($1, $2, $3)
		ON CONFLICT (user_id, kind) DO UPDATE SET dismissed_at = excluded.dismissed_at`, userID, kind, now)
	if err != nil {
		return fmt.Errorf("store: dismiss signal %s of user %d: %w", kind, userID, err)
	}
	return nil
}

// NudgeCandidates lists the people who may get today's nudge at now: an
// enabled, confirmed channel, their local time past signals.NudgeHour, and
// no nudge yet on their local date.
func (db *DB) NudgeCandidates(ctx context.Context, now time.Time) ([]int64, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT u.id FROM users u
		WHERE extract(hour FROM $1::timestamptz AT TIME ZONE u.timezone) >= $2
		  AND EXISTS (SELECT 1 FROM channels c WHERE c.user_id = u.id AND c.enabled AND c.confirmed_at IS NOT NULL)
		  AND NOT EXISTS (SELECT 1 FROM signal_nudges n
		                  WHERE n.user_id = u.id AND n.local_date = ($1::timestamptz AT TIME ZONE u.timezone)::date)
		ORDER BY u.id`, now, signals.NudgeHour)
	if err != nil {
		return nil, fmt.Errorf("store: nudge candidates: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("store: nudge candidates: %w", err)
	}
	return ids, nil
}

// QueueNudge records the person's nudge of their local date, about kinds,
// and queues it to each of their enabled channels, in one statement: a
// second call the same day (on any node) queues nothing. It returns how
// many outbox rows it queued.
func (db *DB) QueueNudge(ctx context.Context, userID int64, kinds []string, now time.Time) (int, error) {
	tag, err := db.Pool.Exec(ctx, `
		WITH nudge AS (
			INSERT INTO signal_nudges (user_id, local_date, kinds, created_at)
			SELECT u.id, ($3::timestamptz AT TIME ZONE u.timezone)::date, $2, $3 FROM users u WHERE u.id = $1
			ON CONFLICT (user_id, local_date) DO NOTHING
			RETURNING user_id, local_date
		)
		INSERT INTO outbox (user_id, purpose, recipient_id, role, channel, channel_id, idempotency_key, next_attempt_at)
		SELECT n.user_id, 'signal_nudge', n.user_id, 'wearer', c.kind, c.id,
		       'signal_nudge:' || n.user_id || ':' || n.local_date || ':' || c.id, $3
		FROM nudge n JOIN channels c ON c.user_id = n.user_id AND c.enabled
		ON CONFLICT (idempotency_key) DO NOTHING`, userID, kinds, now)
	if err != nil {
		return 0, fmt.Errorf("store: queue nudge of user %d: %w", userID, err)
	}
	return int(tag.RowsAffected()), nil
}
