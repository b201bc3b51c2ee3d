package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.Outbox = (*DB)(nil)

// queueDeliveries continues a WITH whose CTE "raised" returns new alerts
// rows: it writes their outbox rows in the same statement, so an alert and
// its deliveries commit together. Who is told and when is tellRecipients'
// (escalation.go), whose arguments come from escalationArgs; each of them
// gets one row per enabled channel (an unconfirmed address's row is
// skipped when it falls due, saying why), and a supporter an in-app step.
const queueDeliveries = tellRecipients + `, queued AS (
		INSERT INTO outbox (user_id, alert_id, recipient_id, role, channel, channel_id, idempotency_key, escalation, next_attempt_at)
		SELECT p.user_id, p.alert_id, p.recipient_id, p.role, c.kind, c.id,
		       p.alert_id || ':' || p.recipient_id || ':' || c.id, p.escalation, p.due
		FROM recipients p JOIN channels c ON c.user_id = p.recipient_id AND c.enabled
		UNION ALL
		SELECT p.user_id, p.alert_id, p.recipient_id, p.role, 'app', NULL,
		       p.alert_id || ':' || p.recipient_id || ':app', p.escalation, p.due
		FROM recipients p WHERE p.role = 'supporter'
		ON CONFLICT (idempotency_key) DO NOTHING)`

// claimSQL claims due rows (SKIP LOCKED: a row another worker is claiming
// is left to it; the lease keeps it from everyone once claimed) and reads
// what wording and policy need. It walks outbox_due_idx lane by lane,
// oldest first, passing over rows of busy people and busy or paused
// destinations (never an SOS's), and takes at most @share rows per person
// and per destination and the lanes' limits. The limits are subqueries so
// the plan does not depend on them: a connection keeps one generic plan
// rather than planning every claim anew (6 ms each, more than the claim).
const claimSQL = `
	WITH scan AS (
		SELECT o.id, o.user_id, o.priority, o.next_attempt_at, o.destination
		FROM outbox o
		WHERE o.state = 'pending' AND o.next_attempt_at <= @now AND (o.claimed_until IS NULL OR o.claimed_until < @now)
		  AND (o.priority = 0 OR (o.user_id <> ALL (@busy_users::bigint[]) AND coalesce(o.destination, '') <> ALL (@busy_destinations::text[])
		       AND NOT EXISTS (SELECT 1 FROM destination_pauses p WHERE p.destination = o.destination AND p.paused_until > @now)))
		ORDER BY o.priority, o.next_attempt_at, o.id LIMIT (SELECT @scan::int)
	), placed AS (
		SELECT s.*, row_number() OVER (PARTITION BY s.destination ORDER BY s.priority, s.next_attempt_at, s.id) AS at_destination
		FROM scan s
	), personal AS (
		SELECT p.*, row_number() OVER (PARTITION BY p.user_id ORDER BY p.priority, p.next_attempt_at, p.id) AS of_person
		FROM placed p WHERE p.priority = 0 OR p.destination IS NULL OR p.at_destination <= @share::int
	), ranked AS (
		SELECT p.*, row_number() OVER (PARTITION BY p.priority ORDER BY p.next_attempt_at, p.id) AS in_lane
		FROM personal p WHERE p.priority = 0 OR p.of_person <= @share::int
	), due AS (
		SELECT o.id FROM outbox o JOIN ranked r ON r.id = o.id
		WHERE (r.priority = 0 OR r.in_lane <= CASE r.priority WHEN 1 THEN @alert_limit::int ELSE @other_limit::int END)
		  -- again here: the lock rechecks these on a row another worker
		  -- claimed since the scan read it
		  AND o.state = 'pending' AND o.next_attempt_at <= @now AND (o.claimed_until IS NULL OR o.claimed_until < @now)
		ORDER BY r.priority, r.next_attempt_at, r.id LIMIT (SELECT @limit::int)
		FOR UPDATE OF o SKIP LOCKED
	), claimed AS (
		UPDATE outbox o SET claimed_until = @now::timestamptz + make_interval(secs => @lease::float8), attempts = o.attempts + 1
		FROM due WHERE o.id = due.id RETURNING o.*
	)
	SELECT c.id, c.user_id, c.priority, coalesce(c.destination, ''),
	       EXISTS (SELECT 1 FROM destination_pauses p WHERE p.destination = c.destination), c.idempotency_key, c.purpose, coalesce(c.role, ''), c.channel, c.resolution,
	       c.channel <> 'app' AND c.purpose NOT IN ('invitation', 'password_reset') AND ch.id IS NULL, coalesce(ch.enabled, true), ch.confirmed_at IS NOT NULL,
	       coalesce(ch.address, il.invite_email, CASE c.purpose WHEN 'password_reset' THEN w.email END, ''),
	       coalesce(ch.ntfy, false), coalesce(ch.p256dh, ''), coalesce(ch.auth, ''),
	       coalesce(c.channel_id, 0), coalesce(c.secret_link, ''), coalesce(il.expires_at, ch.confirm_expires_at, pr.expires_at),
	       c.attempts, c.escalation,
	       a.id, a.type, a.message, a.link, a.created_at, a.okay_at, a.resolved_at, coalesce(z.name, ''),
	       coalesce(nullif(btrim(w.first_name || ' ' || w.last_name), ''), CASE c.purpose WHEN 'invitation' THEN w.email ELSE 'Someone you support' END),
	       coalesce(r.timezone, w.timezone), q.quiet_start, q.quiet_end,
	       l.id IS NOT NULL, coalesce(l.alert_scopes, '{}'), coalesce(l.location_scope, 'never'), coalesce(l.location_window_minutes, 60),
	       EXISTS (SELECT 1 FROM geofence_state g WHERE g.zone_id = a.zone_id AND g.user_id = a.user_id AND g.inside),
	       CASE WHEN a.claimed_by IS NOT NULL THEN lifeline_supporter_label(a.user_id, a.claimed_by) ELSE '' END,
	       coalesce(a.claimed_by = c.recipient_id AND a.claimed_at = st.at, false),
	       coalesce(st.kind, ''), coalesce(st.actor_label, ''), coalesce(st.note, ''), st.at,
	       CASE WHEN c.purpose <> 'invitation' THEN ''
	            WHEN il.revoked_at IS NOT NULL THEN 'The invitation was withdrawn.'
	            WHEN il.accepted_at IS NOT NULL THEN 'The invitation was accepted before the email went out.'
	            WHEN il.expires_at <= $1 THEN 'The invitation expired before the email went out.'
	            WHEN c.secret_link IS NULL OR il.invite_email IS NULL THEN 'Nothing to send.'
	            ELSE '' END,
	       c.digest, coalesce(l.digest, false)
	FROM claimed c
	JOIN users w ON w.id = c.user_id
	LEFT JOIN users r ON r.id = c.recipient_id
	LEFT JOIN channels ch ON ch.id = c.channel_id
	LEFT JOIN care_links il ON il.id = c.care_link_id
	LEFT JOIN password_resets pr ON c.purpose = 'password_reset' AND pr.user_id = c.user_id
	LEFT JOIN alerts a ON a.id = c.alert_id
	LEFT JOIN zones z ON z.id = a.zone_id
	LEFT JOIN alert_steps st ON st.id = c.alert_step_id
	LEFT JOIN notify_settings q ON q.user_id = c.recipient_id
	LEFT JOIN care_links l ON c.role = 'supporter' AND l.user_id = c.user_id AND l.supporter_id = c.recipient_id
	     AND l.accepted_at IS NOT NULL AND l.revoked_at IS NULL
	ORDER BY c.priority, c.next_attempt_at, c.id`

// claimSettings are the planner settings the claim runs under (see Claim).
const claimSettings = `SELECT set_config('enable_sort', 'off', true), set_config('jit', 'off', true)`

// claimedRow is one row of claimSQL before policy is applied.
type claimedRow struct {
	item                 lifeline.OutboxItem
	wearerID             int64
	channelGone, enabled bool
	confirmed            bool
	expiresAt            *time.Time
	alertID              *int64
	alertType, message   *string
	link                 *string
	createdAt, okayAt    *time.Time
	resolvedAt           *time.Time
	timezone             string
	linked, inside       bool
	grant                lifeline.Grant
	quietStart, quietEnd *int16
	invitationHold       string
	// claimer is who holds the alert ("" when nobody), as the wearer
	// knows them; claimHeld that the row's step is the claim its
	// recipient still holds (a reminder).
	claimer   string
	claimHeld bool
	step      lifeline.AlertStep
	stepAt    *time.Time
	digestOn  bool
}

func (db *DB) Claim(ctx context.Context, r lifeline.ClaimRequest) ([]*lifeline.OutboxItem, error) {
	now := r.Now
	var claimed []*claimedRow
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		// The scan must walk outbox_due_idx in order and stop after @scan
		// rows. Just after a burst of new rows the statistics still say the
		// queue is nearly empty, and the planner would rather read every
		// due row and sort them (8 ms a claim with 8,000 queued, where the
		// walk takes a fraction of one): a sort is its last resort here.
		// That resort's cost would make the plan look worth compiling, and
		// JIT takes seconds: off too.
		if _, err := tx.Exec(ctx, claimSettings); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, claimSQL, pgx.NamedArgs{
			"now": now, "lease": r.Lease.Seconds(), "limit": r.Limit, "alert_limit": r.AlertLimit, "other_limit": r.OtherLimit,
			"share": r.Share, "busy_users": nonNil(r.BusyUsers), "busy_destinations": nonNil(r.BusyDestinations),
			// The scan looks a few claims ahead, so the shares can pass over a
			// busy person's or destination's rows to the next.
			"scan": max(4*r.Limit, 100),
		})
		if err != nil {
			return err
		}
		claimed, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (*claimedRow, error) {
			var c claimedRow
			it, g := &c.item, &c.grant
			err := row.Scan(&it.ID, &c.wearerID, &it.Priority, &it.Destination, &it.DestinationFailing, &it.IdempotencyKey, &it.Purpose, &it.Role, &it.Channel, &it.Resolution,
				&c.channelGone, &c.enabled, &c.confirmed,
				&it.Address, &it.Ntfy, &it.P256dh, &it.Auth, &it.ChannelID, &it.SecretLink, &c.expiresAt,
				&it.Attempts, &it.Escalation,
				&c.alertID, &c.alertType, &c.message, &c.link, &c.createdAt, &c.okayAt, &c.resolvedAt, &it.ZoneName,
				&it.Wearer, &c.timezone, &c.quietStart, &c.quietEnd,
				&c.linked, &g.Alerts, &g.Location, &g.LocationWindowMinutes, &c.inside,
				&c.claimer, &c.claimHeld, &c.step.Kind, &c.step.Actor, &c.step.Note, &c.stepAt, &c.invitationHold,
				&it.Digest, &c.digestOn)
			return &c, err
		})
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: claim outbox: %w", err)
	}
	items := make([]*lifeline.OutboxItem, 0, len(claimed))
	for _, c := range claimed {
		it := &c.item
		it.UserID = c.wearerID
		if c.alertID != nil {
			it.Alert = &lifeline.Alert{ID: *c.alertID, UserID: c.wearerID, Type: *c.alertType, Message: *c.message,
				CreatedAt: *c.createdAt, OkayAt: c.okayAt, ResolvedAt: c.resolvedAt, ZoneName: it.ZoneName}
			if c.link != nil {
				it.Alert.Link = *c.link
			}
		}
		if c.expiresAt != nil {
			it.ExpiresAt = *c.expiresAt
		}
		if c.stepAt != nil {
			c.step.At = *c.stepAt
			it.Step = &c.step
		}
		it.RecipientLocation = (&lifeline.User{Timezone: c.timezone}).Location()
		if c.quietStart != nil && c.quietEnd != nil {
			start, end := int(*c.quietStart), int(*c.quietEnd)
			it.Quiet = lifeline.QuietHours{Start: &start, End: &end}
		}
		it.Hold = hold(c, now)
		if it.Hold == "" && it.Alert != nil && it.Role == "supporter" && it.Channel != lifeline.ChannelApp && !it.Resolution && c.grant.LocationVisible(now, it.Alert.CreatedAt) {
			if it.Position, err = db.LatestFix(ctx, c.wearerID); lifeline.ErrorCode(err) == lifeline.ENOTFOUND {
				err = nil
			}
			if err != nil {
				return nil, err
			}
		}
		items = append(items, it)
	}
	return items, nil
}

// hold says why a claimed row must not be sent now, or "".
func hold(c *claimedRow, now time.Time) string {
	it := &c.item
	switch {
	case c.channelGone:
		return "The channel was removed."
	case !c.enabled:
		return "The channel is turned off."
	case it.Purpose == lifeline.PurposeInvitation:
		return c.invitationHold
	case it.Purpose == lifeline.PurposeConfirmation && c.confirmed:
		return "The address was confirmed before the email went out."
	case it.Purpose == lifeline.PurposeConfirmation && !it.ExpiresAt.After(now):
		return "The link expired before the email went out."
	case it.Purpose == lifeline.PurposeConfirmation:
		return ""
	case it.Purpose == lifeline.PurposePasswordReset && c.expiresAt == nil:
		return "The link was used before the email went out."
	case it.Purpose == lifeline.PurposePasswordReset && !it.ExpiresAt.After(now):
		return "The link expired before the email went out."
	case it.Purpose == lifeline.PurposePasswordReset:
		return ""
	case it.Channel != lifeline.ChannelApp && !c.confirmed:
		return "The address is waiting for its owner to confirm it."
	case it.Purpose == lifeline.PurposeDigest && !c.linked:
		return "The supporter was removed."
	case it.Purpose == lifeline.PurposeDigest && !c.digestOn:
		return "The weekly summary was turned off."
	case it.Alert == nil || it.Role == "wearer":
		return ""
	case !c.linked:
		return "The supporter was removed."
	case !c.grant.Allows(it.Alert.Type):
		return "The supporter's grant no longer covers this alert."
	case it.Alert.ResolvedAt != nil && !it.Resolution:
		return "The alert ended before it was sent."
	}
	if h := claimHold(c); h != "" {
		return h
	}
	return escalationHold(it.Alert, it.Escalation, c.inside)
}

// finishSQL ends a claim; $2 is the new state, $3 when the next attempt is
// due (pending) and $4 the error, if any. A secret link is kept only while
// the row is still to be sent. The channel's last result follows every real
// attempt.
const finishSQL = `
	WITH done AS (
		UPDATE outbox SET state = $2, next_attempt_at = coalesce($3, next_attempt_at), last_error = $4,
			sent_at = CASE WHEN $2 = 'sent' THEN $5::timestamptz END, claimed_until = NULL,
			secret_link = CASE WHEN $2 = 'pending' THEN secret_link END
		WHERE id = $1 RETURNING channel_id, state
	)
	UPDATE channels c SET last_state = CASE WHEN $2 = 'sent' THEN 'sent' ELSE 'failed' END,
		last_error = $4, last_at = $5
	FROM done WHERE c.id = done.channel_id AND $6`

func (db *DB) finish(ctx context.Context, id int64, state string, next *time.Time, reason string, at time.Time, attempted bool) error {
	var errText *string
	if reason != "" {
		r := truncate(reason, 500)
		errText = &r
	}
	if _, err := db.Pool.Exec(ctx, finishSQL, id, state, next, errText, at, attempted); err != nil {
		return fmt.Errorf("store: outbox %d %s: %w", id, state, err)
	}
	return nil
}

func (db *DB) MarkSent(ctx context.Context, id int64, at time.Time) error {
	return db.finish(ctx, id, lifeline.DeliverySent, nil, "", at, true)
}

func (db *DB) MarkRetry(ctx context.Context, id int64, next time.Time, reason string) error {
	return db.finish(ctx, id, lifeline.DeliveryPending, &next, reason, time.Now(), true)
}

func (db *DB) MarkFailed(ctx context.Context, id int64, reason string) error {
	return db.finish(ctx, id, lifeline.DeliveryFailed, nil, reason, time.Now(), true)
}

func (db *DB) MarkSkipped(ctx context.Context, id int64, reason string) error {
	return db.finish(ctx, id, lifeline.DeliverySkipped, nil, reason, time.Now(), false)
}

// Postpone gives back the attempt the claim counted.
func (db *DB) Postpone(ctx context.Context, id int64, next time.Time) error {
	_, err := db.Pool.Exec(ctx, `
		UPDATE outbox SET next_attempt_at = $2, attempts = attempts - 1, claimed_until = NULL WHERE id = $1`, id, next)
	if err != nil {
		return fmt.Errorf("store: postpone outbox %d: %w", id, err)
	}
	return nil
}

func (db *DB) RemoveEndedChannel(ctx context.Context, id int64) error {
	if _, err := db.Pool.Exec(ctx, `DELETE FROM channels WHERE id = $1 AND kind = 'push'`, id); err != nil {
		return fmt.Errorf("store: remove ended channel %d: %w", id, err)
	}
	return nil
}

func (db *DB) FindDeliveries(ctx context.Context, userID, alertID int64) ([]lifeline.Delivery, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT CASE WHEN o.role = 'wearer' THEN 'you'
		            ELSE coalesce(nullif(l.label, ''), nullif(btrim(u.first_name || ' ' || u.last_name), ''), 'A supporter') END,
		       o.role, o.channel, o.state, o.attempts, o.next_attempt_at, o.sent_at, o.last_error, o.resolution
		FROM outbox o JOIN users u ON u.id = o.recipient_id
		LEFT JOIN LATERAL (SELECT label FROM care_links WHERE user_id = o.user_id AND supporter_id = o.recipient_id
		                   ORDER BY revoked_at NULLS FIRST, id DESC LIMIT 1) l ON true
		WHERE o.alert_id = $2 AND o.user_id = $1 AND o.purpose = 'alert'
		ORDER BY o.next_attempt_at, o.id`, userID, alertID)
	if err != nil {
		return nil, fmt.Errorf("store: deliveries of alert %d: %w", alertID, err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (lifeline.Delivery, error) {
		var d lifeline.Delivery
		err := row.Scan(&d.Recipient, &d.Role, &d.Channel, &d.State, &d.Attempts, &d.DueAt, &d.SentAt, &d.LastError, &d.Resolution)
		return d, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: deliveries of alert %d: %w", alertID, err)
	}
	return list, nil
}
