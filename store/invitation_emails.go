package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.InvitationOutbox = (*DB)(nil)

func (db *DB) InviteSupporterByEmail(ctx context.Context, wearerID int64, label, email, acceptBase string, now time.Time) (*lifeline.Invitation, error) {
	if email == "" || acceptBase == "" {
		return nil, lifeline.Errorf(lifeline.EINVALID, "An email invitation needs an address.")
	}
	return db.invite(ctx, wearerID, label, email, acceptBase, now)
}

// claimInvitationsSQL claims due invitation emails as claimSQL claims
// outbox rows (SKIP LOCKED and a lease), with whether the invitation still
// stands.
const claimInvitationsSQL = `
	WITH due AS (
		SELECT id FROM invitation_emails
		WHERE state = 'pending' AND next_attempt_at <= $1 AND (claimed_until IS NULL OR claimed_until < $1)
		ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED
	), claimed AS (
		UPDATE invitation_emails m SET claimed_until = $1::timestamptz + make_interval(secs => $3::float8), attempts = m.attempts + 1
		FROM due WHERE m.id = due.id RETURNING m.*
	)
	SELECT c.id, c.link_id, coalesce(l.invite_email, ''), coalesce(c.accept_url, ''), l.expires_at, c.attempts,
	       coalesce(nullif(btrim(w.first_name || ' ' || w.last_name), ''), w.email), w.timezone,
	       CASE WHEN l.revoked_at IS NOT NULL THEN 'The invitation was withdrawn.'
	            WHEN l.accepted_at IS NOT NULL THEN 'The invitation was accepted before the email went out.'
	            WHEN l.expires_at <= $1 THEN 'The invitation expired before the email went out.'
	            WHEN c.accept_url IS NULL OR l.invite_email IS NULL THEN 'Nothing to send.'
	            ELSE '' END
	FROM claimed c JOIN care_links l ON l.id = c.link_id JOIN users w ON w.id = l.user_id
	ORDER BY c.next_attempt_at, c.id`

func (db *DB) ClaimInvitations(ctx context.Context, now time.Time, limit int, lease time.Duration) ([]*lifeline.InvitationEmail, error) {
	rows, err := db.Pool.Query(ctx, claimInvitationsSQL, now, limit, lease.Seconds())
	if err != nil {
		return nil, fmt.Errorf("store: claim invitation emails: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*lifeline.InvitationEmail, error) {
		var m lifeline.InvitationEmail
		var tz string
		err := row.Scan(&m.ID, &m.LinkID, &m.To, &m.AcceptURL, &m.ExpiresAt, &m.Attempts, &m.Wearer, &tz, &m.Hold)
		m.Location = (&lifeline.User{Timezone: tz}).Location()
		return &m, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: claim invitation emails: %w", err)
	}
	return list, nil
}

// FinishInvitation keeps the accept URL (the token in plain text) only
// while the email is still to be sent.
func (db *DB) FinishInvitation(ctx context.Context, id int64, state string, next time.Time, reason string, at time.Time) error {
	var errText *string
	if reason != "" {
		r := truncate(reason, 500)
		errText = &r
	}
	_, err := db.Pool.Exec(ctx, `
		UPDATE invitation_emails SET state = $2, claimed_until = NULL, last_error = $4,
			next_attempt_at = CASE WHEN $2 = 'pending' THEN $3 ELSE next_attempt_at END,
			sent_at = CASE WHEN $2 = 'sent' THEN $5::timestamptz END,
			accept_url = CASE WHEN $2 = 'pending' THEN accept_url END
		WHERE id = $1`, id, state, next, errText, at)
	if err != nil {
		return fmt.Errorf("store: invitation email %d %s: %w", id, state, err)
	}
	return nil
}
