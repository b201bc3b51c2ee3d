package store

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.DigestService = (*DB)(nil)

// SetDigest moves digest_since only when the digest is turned on from off,
// so an unsubscribe link keeps working (turning it off twice is harmless)
// until the digest is turned on anew, when the links of earlier emails
// stop.
func (db *DB) SetDigest(ctx context.Context, supporterID, linkID int64, on bool, now time.Time) (*lifeline.Supported, error) {
	tag, err := db.Pool.Exec(ctx, `
		UPDATE care_links SET digest = $3,
			digest_since = CASE WHEN $3 AND NOT digest THEN $4::timestamptz ELSE digest_since END, updated_at = $4
		WHERE id = $2 AND supporter_id = $1 AND revoked_at IS NULL`, supporterID, linkID, on, now)
	if err != nil {
		return nil, fmt.Errorf("store: set digest %d: %w", linkID, err)
	}
	if tag.RowsAffected() == 0 {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Person not found.")
	}
	return db.findSupported(ctx, supporterID, linkID)
}

// dueDigest is one link whose digest is due this week.
type dueDigest struct {
	linkID, wearerID int64
	week             string
	since            time.Time
	wearerTimezone   string
	grant            lifeline.Grant
}

// QueueDigests finds the links whose supporter's local time is Monday from
// DigestHour and whose week's digest is not queued yet, counts each one's
// week within its grant, and queues a row per enabled email channel of the
// supporter. The key "digest:link:week:channel" keeps it to one per week
// however many nodes run this at once.
func (db *DB) QueueDigests(ctx context.Context, now time.Time, unsubscribeBase string) (int, error) {
	rows, err := db.Pool.Query(ctx, `
		WITH due AS (
			SELECT l.id, l.user_id, l.digest_since, w.timezone AS wearer_tz,
			       l.share_checkins, l.share_checkin_details, l.alert_scopes,
			       to_char($1::timestamptz AT TIME ZONE s.timezone, 'IYYY-"W"IW') AS week
			FROM care_links l JOIN users s ON s.id = l.supporter_id JOIN users w ON w.id = l.user_id
			WHERE l.digest AND l.accepted_at IS NOT NULL AND l.revoked_at IS NULL
			  AND extract(isodow FROM $1::timestamptz AT TIME ZONE s.timezone) = 1
			  AND extract(hour FROM $1::timestamptz AT TIME ZONE s.timezone) >= $2
		)
		SELECT d.id, d.user_id, d.week, d.digest_since, d.wearer_tz, d.share_checkins, d.share_checkin_details, d.alert_scopes
		FROM due d
		WHERE NOT EXISTS (SELECT 1 FROM outbox o WHERE o.digest_link_id = d.id AND starts_with(o.idempotency_key, 'digest:' || d.id || ':' || d.week || ':'))
		ORDER BY d.id`, now, lifeline.DigestHour)
	if err != nil {
		return 0, fmt.Errorf("store: due digests: %w", err)
	}
	due, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (dueDigest, error) {
		var d dueDigest
		err := row.Scan(&d.linkID, &d.wearerID, &d.week, &d.since, &d.wearerTimezone, &d.grant.CheckIns, &d.grant.CheckInDetails, &d.grant.Alerts)
		return d, err
	})
	if err != nil {
		return 0, fmt.Errorf("store: due digests: %w", err)
	}
	if len(due) == 0 {
		return 0, nil
	}
	key, err := db.digestKey(ctx)
	if err != nil {
		return 0, err
	}
	queued := 0
	for _, d := range due {
		digest, err := db.weekOf(ctx, d, now)
		if err != nil {
			return queued, err
		}
		tag, err := db.Pool.Exec(ctx, `
			INSERT INTO outbox (user_id, recipient_id, role, purpose, channel, channel_id, idempotency_key, digest, digest_link_id, secret_link, next_attempt_at)
			SELECT l.user_id, l.supporter_id, 'supporter', 'digest', c.kind, c.id, 'digest:' || l.id || ':' || $2 || ':' || c.id, $3, l.id, $4, $5
			FROM care_links l JOIN channels c ON c.user_id = l.supporter_id AND c.kind = 'email' AND c.enabled
			WHERE l.id = $1 AND l.digest AND l.revoked_at IS NULL
			ON CONFLICT (idempotency_key) DO NOTHING`,
			d.linkID, d.week, digest, unsubscribeBase+unsubscribeToken(key, d.linkID, d.since), now)
		if err != nil {
			return queued, fmt.Errorf("store: queue digest %d: %w", d.linkID, err)
		}
		queued += int(tag.RowsAffected())
	}
	return queued, nil
}

// weekOf counts the wearer's last StatsWindowDays days, as their own
// dashboard does, and keeps what d's grant shares.
func (db *DB) weekOf(ctx context.Context, d dueDigest, now time.Time) (lifeline.Digest, error) {
	var st lifeline.Stats
	if d.grant.CheckIns {
		today := lifeline.DateOf(now, (&lifeline.User{Timezone: d.wearerTimezone}).Location())
		streak, recent, err := lifeline.StreakAndRecent(ctx, db, d.wearerID, today)
		if err != nil {
			return lifeline.Digest{}, fmt.Errorf("store: digest %d: %w", d.linkID, err)
		}
		rec, err := db.FindRecovery(ctx, d.wearerID)
		if err != nil {
			return lifeline.Digest{}, fmt.Errorf("store: digest %d: %w", d.linkID, err)
		}
		st = lifeline.ComputeStats(streak, recent, rec, today)
	}
	byType := map[string]int{}
	if len(d.grant.Alerts) > 0 {
		rows, err := db.Pool.Query(ctx, `
			SELECT type, count(*) FROM alerts WHERE user_id = $1 AND created_at > $2 AND created_at <= $3 GROUP BY type`,
			d.wearerID, now.AddDate(0, 0, -lifeline.StatsWindowDays), now)
		if err != nil {
			return lifeline.Digest{}, fmt.Errorf("store: digest %d alerts: %w", d.linkID, err)
		}
		var t string
		var n int
		if _, err := pgx.ForEachRow(rows, []any{&t, &n}, func() error { byType[t] = n; return nil }); err != nil {
			return lifeline.Digest{}, fmt.Errorf("store: digest %d alerts: %w", d.linkID, err)
		}
	}
	return lifeline.BuildDigest(d.grant, st, byType), nil
}

// digestKey is the server's key for unsubscribe tokens.
func (db *DB) digestKey(ctx context.Context) ([]byte, error) {
	return db.serverSecret(ctx, "digest_unsubscribe_key")
}

// unsubscribeToken is "link.mac": the mac binds this purpose, the link and
// when its digest was turned on, so the token turns off that one digest
// and nothing else, and stops working once the digest is turned on anew.
func unsubscribeToken(key []byte, linkID int64, since time.Time) string {
	mac := hmac.New(sha256.New, key)
	fmt.Fprintf(mac, "digest-unsubscribe\x00%d\x00%d", linkID, since.UnixMicro())
	return strconv.FormatInt(linkID, 10) + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

func (db *DB) Unsubscribe(ctx context.Context, token string) (string, error) {
	notFound := lifeline.Errorf(lifeline.ENOTFOUND, "This link doesn't turn off any summary any more. You can turn it off under People I support.")
	id, _, ok := strings.Cut(token, ".")
	linkID, err := strconv.ParseInt(id, 10, 64)
	if !ok || err != nil || linkID <= 0 {
		return "", notFound
	}
	var since *time.Time
	var name string
	err = db.Pool.QueryRow(ctx, `
		SELECT l.digest_since, coalesce(nullif(w.first_name, ''), 'them') FROM care_links l JOIN users w ON w.id = l.user_id
		WHERE l.id = $1 AND l.revoked_at IS NULL AND l.accepted_at IS NOT NULL`, linkID).Scan(&since, &name)
	if isNoRows(err) || (err == nil && since == nil) {
		return "", notFound
	}
	if err != nil {
		return "", fmt.Errorf("store: unsubscribe: %w", err)
	}
	key, err := db.digestKey(ctx)
	if err != nil {
		return "", err
	}
	if !hmac.Equal([]byte(unsubscribeToken(key, linkID, *since)), []byte(token)) {
		return "", notFound
	}
	// Turning it off again is fine (a second click, a mail client's POST
	// and the person's own): digest_since stays until it is turned on.
	if _, err := db.Pool.Exec(ctx, `UPDATE care_links SET digest = false, updated_at = now() WHERE id = $1`, linkID); err != nil {
		return "", fmt.Errorf("store: unsubscribe: %w", err)
	}
	return name, nil
}
