package storebench

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline/store"
)

// CaseloadSeed sizes the caseload's part of the API data set: Supporters
// accounts, each supporting up to MaxPeople of the seeded wearers (the
// first Full of them exactly MaxPeople, the others 1 to MaxPeople), with
// grants, open alerts that reached them, claims and an SOS or two spread
// over the wearers as a busy evening would leave them.
type CaseloadSeed struct {
	Supporters, MaxPeople, Full int
	Wearers                     []int64
	PasswordHash                string
	Now                         time.Time
}

// SeedCaseload writes the supporters, their links and the alerts in a few
// statements (generate_series, server-side), after SeedAPI. It returns the
// supporters' ids, the Full ones first.
func SeedCaseload(ctx context.Context, db *store.DB, s CaseloadSeed) ([]int64, error) {
	if s.Supporters < 1 || s.MaxPeople < 1 || s.MaxPeople > len(s.Wearers) || s.Full > s.Supporters {
		return nil, errors.New("storebench: seed caseload: need supporters, and at least MaxPeople wearers")
	}
	now := s.Now.UTC()
	var ids []int64
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			INSERT INTO users (email, first_name, last_name, timezone, password_hash, created_at)
			SELECT format('bench-supporter-%s@bench.invalid', g), 'Supporter', 'No. ' || g, 'UTC', nullif($2::text, ''), $3
			FROM generate_series(1, $1::int) g ORDER BY g
			RETURNING id`, s.Supporters, s.PasswordHash, now.AddDate(-1, 0, 0))
		if err != nil {
			return err
		}
		if ids, err = pgx.CollectRows(rows, pgx.RowTo[int64]); err != nil {
			return err
		}
		// Supporter i (0-based) supports n wearers from an offset of its own,
		// so no pair repeats; grants vary by a hash of the pair: most share
		// check-ins and every alert, some only alerts, a few nothing.
		if _, err := tx.Exec(ctx, `
			INSERT INTO care_links (user_id, supporter_id, label, invited_at, expires_at, accepted_at,
				share_checkins, alert_scopes, location_scope)
			SELECT w.id, s.id, 'Bench', $4::timestamptz, $4::timestamptz + interval '7 days', $4::timestamptz,
				h % 10 < 8, CASE WHEN h % 10 < 9 THEN '{avoid_zone,device,missed_checkin,sos}'::text[] ELSE '{}' END,
				CASE WHEN h % 4 = 0 THEN 'during_alert' ELSE 'never' END
			FROM unnest($1::bigint[]) WITH ORDINALITY AS s (id, i)
			CROSS JOIN LATERAL generate_series(0, CASE WHEN s.i <= $3 THEN $2::int ELSE 1 + abs(hashint8(s.id)) % $2::int END - 1) AS j
			CROSS JOIN LATERAL (SELECT ($5::bigint[])[1 + ((s.i * 7919 + j) % cardinality($5::bigint[]))] AS id) w
			CROSS JOIN LATERAL (SELECT abs(hashint8(s.id * 100003 + w.id)) AS h) r`,
			ids, s.MaxPeople, s.Full, now.AddDate(0, -6, 0), s.Wearers); err != nil {
			return err
		}
		// One wearer in twenty has an avoid-zone alert of the last hours,
		// told to each of their supporters in the app; a third of those are
		// claimed by one of them; one in a hundred has an open SOS.
		if _, err := tx.Exec(ctx, `
			WITH a AS (
				INSERT INTO alerts (user_id, type, message, link, dedup_key, created_at)
				SELECT w, CASE WHEN w % 100 = 0 THEN 'sos' ELSE 'geofence_enter_avoid' END, 'Bench alert.', '/gps', 'bench', $2::timestamptz - (w % 180) * interval '1 minute'
				FROM unnest($1::bigint[]) AS w WHERE w % 20 = 0
				RETURNING id, user_id, type, created_at
			)
			INSERT INTO outbox (user_id, alert_id, recipient_id, role, channel, idempotency_key, escalation, state, next_attempt_at, sent_at, purpose)
			SELECT a.user_id, a.id, l.supporter_id, 'supporter', 'app', a.id || ':' || l.supporter_id || ':app', a.type <> 'sos', 'sent',
				a.created_at, a.created_at + interval '10 minutes', 'alert'
			FROM a JOIN care_links l ON l.user_id = a.user_id AND l.revoked_at IS NULL AND l.supporter_id IS NOT NULL`,
			s.Wearers, now); err != nil {
			return err
		}
		// A month of answered alerts behind them, as every wearer has.
		if _, err := tx.Exec(ctx, `
			INSERT INTO alerts (user_id, type, message, dedup_key, created_at, okay_at, is_read)
			SELECT w, 'missed_checkin', 'Bench alert.', 'bench-' || d, $2::timestamptz - d * interval '1 day',
				$2::timestamptz - d * interval '1 day' + interval '1 hour', true
			FROM unnest($1::bigint[]) AS w CROSS JOIN generate_series(1, 30) AS d`, s.Wearers, now); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `
			UPDATE alerts x SET claimed_by = l.supporter_id, claimed_at = x.created_at + interval '12 minutes'
			FROM (SELECT DISTINCT ON (user_id) user_id, supporter_id FROM care_links ORDER BY user_id, id) l
			WHERE l.user_id = x.user_id AND x.dedup_key = 'bench' AND x.id % 3 = 0`)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("storebench: seed caseload: %w", err)
	}
	if _, err := db.Pool.Exec(ctx, `VACUUM (ANALYZE) users, care_links, alerts, outbox`); err != nil {
		return nil, fmt.Errorf("storebench: seed caseload: %w", err)
	}
	return ids, nil
}
