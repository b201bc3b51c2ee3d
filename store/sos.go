package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

// The SOS after the press: the one still open, its end, and who it reaches
// (raising it is RaiseSOS, beside the rest of the care circle).

var _ lifeline.SOSService = (*DB)(nil)

func (db *DB) OpenSOS(ctx context.Context, wearerID int64) (*lifeline.Alert, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT `+alertColumns+` FROM alerts
		WHERE user_id = $1 AND type = $2 AND resolved_at IS NULL
		ORDER BY created_at DESC, id DESC LIMIT 1`, wearerID, lifeline.AlertSOS)
	if err != nil {
		return nil, fmt.Errorf("store: open sos: %w", err)
	}
	a, err := pgx.CollectExactlyOneRow(rows, scanAlert)
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "You have no open SOS.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: open sos: %w", err)
	}
	return a, nil
}

// ResolveSOS, in one transaction: the wearer's open SOS alerts are closed,
// this one and any other (two presses a few minutes apart are one crisis,
// and "I'm safe now" ends it); their rows not yet claimed are skipped (a
// row a worker holds finishes, and a retry of it is held by the claim, as
// its alert is closed); and each channel that told a supporter, or is
// telling them now, gets one short line, due at once, however many of the
// closed alerts it carried.
func (db *DB) ResolveSOS(ctx context.Context, wearerID, alertID int64, now time.Time) (*lifeline.Alert, error) {
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		var mine bool
		err := tx.QueryRow(ctx, `SELECT true FROM alerts WHERE id = $2 AND user_id = $1 AND type = $3`,
			wearerID, alertID, lifeline.AlertSOS).Scan(&mine)
		if isNoRows(err) {
			return lifeline.Errorf(lifeline.ENOTFOUND, "SOS not found.")
		}
		if err != nil {
			return err
		}
		// Closed before: nothing is closed now, so nobody is told twice.
		_, err = tx.Exec(ctx, `
			WITH closed AS (
				UPDATE alerts SET resolved_at = $2, resolution = $3, is_read = true
				WHERE user_id = $1 AND type = $4 AND resolved_at IS NULL RETURNING id
			), told AS (
				SELECT DISTINCT ON (o.recipient_id, o.channel, o.channel_id) o.*
				FROM outbox o JOIN closed c ON c.id = o.alert_id
				WHERE o.role = 'supporter' AND o.channel <> 'app' AND NOT o.resolution
				  AND (o.state = 'sent' OR (o.state = 'pending' AND o.claimed_until IS NOT NULL))
				ORDER BY o.recipient_id, o.channel, o.channel_id, o.alert_id DESC
			), lines AS (
				INSERT INTO outbox (user_id, alert_id, recipient_id, role, channel, channel_id, idempotency_key, resolution)
				SELECT user_id, alert_id, recipient_id, role, channel, channel_id, idempotency_key || ':safe', true
				FROM told
				ON CONFLICT (idempotency_key) DO NOTHING)
			UPDATE outbox o SET state = 'skipped', last_error = $3
			FROM closed c
			WHERE o.alert_id = c.id AND o.state = 'pending' AND o.claimed_until IS NULL AND NOT o.resolution`,
			wearerID, now, lifeline.SOSResolution, lifeline.AlertSOS)
		return err
	})
	if lifeline.ErrorCode(err) == lifeline.ENOTFOUND {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("store: resolve sos %d: %w", alertID, err)
	}
	a, err := db.FindAlert(ctx, wearerID, alertID)
	if err != nil {
		return nil, err
	}
	a.UserID = wearerID
	return a, nil
}

func (db *DB) SOSAudience(ctx context.Context, wearerID int64) ([]*lifeline.SOSListener, error) {
	list, err := db.sosAudience(ctx, db.Pool, wearerID)
	if err != nil {
		return nil, fmt.Errorf("store: sos audience: %w", err)
	}
	return list, nil
}

// sosAudience reads, for each active supporter with the SOS scope, the
// kinds of their channels that are on and would be used now (an address
// waiting for confirmation receives nothing; an ntfy topic is a webhook).
func (db *DB) sosAudience(ctx context.Context, q querier, wearerID int64) ([]*lifeline.SOSListener, error) {
	rows, err := q.Query(ctx, `
		SELECT l.id, l.supporter_id,
		       coalesce(nullif(l.label, ''), nullif(btrim(u.first_name || ' ' || u.last_name), ''), 'A supporter'),
		       array(SELECT DISTINCT kind FROM channels c WHERE c.user_id = l.supporter_id AND c.enabled AND c.confirmed_at IS NOT NULL
		             ORDER BY 1)
		FROM care_links l JOIN users u ON u.id = l.supporter_id
		WHERE l.user_id = $1 AND l.accepted_at IS NOT NULL AND l.revoked_at IS NULL AND $2 = ANY (l.alert_scopes)
		ORDER BY l.accepted_at, l.id`, wearerID, lifeline.ScopeSOS)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (*lifeline.SOSListener, error) {
		var l lifeline.SOSListener
		err := row.Scan(&l.ID, &l.UserID, &l.Label, &l.Channels)
		return &l, err
	})
}

func sosReach(audience []*lifeline.SOSListener) lifeline.SOSReach {
	reach := lifeline.SOSReach{Supporters: len(audience)}
	for _, l := range audience {
		if l.HearsOutsideApp() {
			reach.OutsideApp++
		}
	}
	return reach
}

// SupportedSOS: an SOS reached the supporter when its in-app step to them
// is queued or taken (an SOS has no wait, so it shows at once); one its
// wearer closed before that was never theirs to see.
func (db *DB) SupportedSOS(ctx context.Context, supporterID, wearerID int64, closedSince time.Time) (*lifeline.Alert, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT `+alertColumns+` FROM alerts a
		WHERE a.user_id = $2 AND a.type = $3 AND (a.resolved_at IS NULL OR a.resolved_at >= $4)
		  AND EXISTS (SELECT 1 FROM outbox o WHERE o.alert_id = a.id AND o.recipient_id = $1 AND o.channel = 'app'
		              AND o.state IN ('pending', 'sent'))
		ORDER BY a.created_at DESC, a.id DESC LIMIT 1`, supporterID, wearerID, lifeline.AlertSOS, closedSince)
	if err != nil {
		return nil, fmt.Errorf("store: supported sos: %w", err)
	}
	a, err := pgx.CollectExactlyOneRow(rows, scanAlert)
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "No SOS.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: supported sos: %w", err)
	}
	return a, nil
}
