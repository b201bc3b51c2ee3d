package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.ClaimService = (*DB)(nil)

// Claims: a supporter told of an alert says "I'm on it" (the first claim
// wins, in one UPDATE … WHERE claimed_by IS NULL), hands it back, or
// resolves it with a note. Each step is an alert_steps row, tells the
// wearer on each of their channels (a claim_notice row naming the step),
// and a claim queues a reminder to the claimer (claim_reminder), skipped
// at its due time when the claim is over (claimHold).

// claimColumns read an alert's claim from the one alerts row of a FROM
// (alertColumns): who holds it and who resolved it, as the wearer knows
// them, and the note; claimColumnsA the same of the alerts row "a" beside
// other tables. Constants, so the SQL safety test can read them.
const (
	claimColumns = `CASE WHEN claimed_by IS NOT NULL THEN lifeline_supporter_label(user_id, claimed_by) ELSE '' END, claimed_at,
	CASE WHEN resolved_by IS NOT NULL THEN lifeline_supporter_label(user_id, resolved_by) ELSE '' END, coalesce(resolution_note, '')`
	claimColumnsA = `CASE WHEN a.claimed_by IS NOT NULL THEN lifeline_supporter_label(a.user_id, a.claimed_by) ELSE '' END, a.claimed_at,
	CASE WHEN a.resolved_by IS NOT NULL THEN lifeline_supporter_label(a.user_id, a.resolved_by) ELSE '' END, coalesce(a.resolution_note, '')`
)

// claimState is an alert as a supporter about to take a step finds it.
type claimState struct {
	wearerID, linkID int64
	person           string
	reached          bool
	ended            bool
	claimedBy        *int64
	// holder is the claimer's own name, as the other supporters read it.
	holder string
}

// readClaimState reads alertID for supporterID: reached is true when they
// were told of it (a delivery sent, or its in-app step due) and their grant
// still covers it (accepted, not revoked, the alert's scope ticked).
func (db *DB) readClaimState(ctx context.Context, q pgx.Tx, supporterID, alertID int64, now time.Time) (*claimState, error) {
	types, scopes := scopeArrays()
	var st claimState
	err := q.QueryRow(ctx, `
		SELECT a.user_id, coalesce(l.id, 0), coalesce(nullif(btrim(w.first_name || ' ' || w.last_name), ''), 'Someone you support'),
		       l.id IS NOT NULL AND EXISTS (
		           SELECT 1 FROM outbox o WHERE o.alert_id = a.id AND o.recipient_id = @sup AND o.purpose = 'alert' AND o.role = 'supporter'
		             AND NOT o.resolution AND (o.state = 'sent' OR (o.channel = 'app' AND o.state = 'pending' AND o.next_attempt_at <= @now))),
		       a.resolved_at IS NOT NULL OR a.okay_at IS NOT NULL, a.claimed_by,
		       coalesce(nullif(btrim(h.first_name || ' ' || h.last_name), ''), 'Another supporter')
		FROM alerts a JOIN users w ON w.id = a.user_id
		LEFT JOIN unnest(@scope_types::text[], @scope_names::text[]) AS s(type, scope) ON s.type = a.type
		LEFT JOIN care_links l ON l.user_id = a.user_id AND l.supporter_id = @sup AND l.accepted_at IS NOT NULL
		     AND l.revoked_at IS NULL AND s.scope = ANY (l.alert_scopes)
		LEFT JOIN users h ON h.id = a.claimed_by
		WHERE a.id = @alert`, pgx.NamedArgs{"sup": supporterID, "alert": alertID, "now": now, "scope_types": types, "scope_names": scopes}).
		Scan(&st.wearerID, &st.linkID, &st.person, &st.reached, &st.ended, &st.claimedBy, &st.holder)
	if isNoRows(err) || (err == nil && !st.reached) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Alert not found.")
	}
	if err != nil {
		return nil, err
	}
	return &st, nil
}

// scopeArrays pairs each alert type with its grant scope.
func scopeArrays() (types, scopes []string) {
	for _, t := range lifeline.AlertTypes {
		if s := lifeline.AlertTypeScope(t); s != "" {
			types, scopes = append(types, t), append(scopes, s)
		}
	}
	return types, scopes
}

func (db *DB) ClaimAlert(ctx context.Context, supporterID, alertID int64, now time.Time) (*lifeline.ClaimOutcome, error) {
	return db.claimOutcome(ctx, supporterID, alertID, now, func(tx pgx.Tx, st *claimState) error {
		return db.claim(ctx, tx, st, supporterID, alertID, lifeline.ViaApp, now)
	})
}

// claim takes the alert for supporterID unless someone else holds it or it
// ended; holding it already changes nothing.
func (db *DB) claim(ctx context.Context, tx pgx.Tx, st *claimState, supporterID, alertID int64, via string, now time.Time) error {
	switch {
	case st.ended:
		return lifeline.Errorf(lifeline.ECONFLICT, "%s", lifeline.ClaimEnded)
	case st.claimedBy != nil && *st.claimedBy == supporterID:
		return nil
	case st.claimedBy != nil:
		return lifeline.Errorf(lifeline.ECONFLICT, "%s", lifeline.OnItMessage(st.holder))
	}
	var label string
	err := tx.QueryRow(ctx, `
		UPDATE alerts SET claimed_by = $2, claimed_at = $3
		WHERE id = $1 AND claimed_by IS NULL AND resolved_at IS NULL AND okay_at IS NULL
		RETURNING lifeline_supporter_label(user_id, $2)`, alertID, supporterID, now).Scan(&label)
	if isNoRows(err) { // another claim won since the read: say whose
		again, err := db.readClaimState(ctx, tx, supporterID, alertID, now)
		if err != nil {
			return err
		}
		if again.claimedBy == nil {
			return lifeline.Errorf(lifeline.ECONFLICT, "%s", lifeline.ClaimEnded)
		}
		return db.claim(ctx, tx, again, supporterID, alertID, via, now)
	}
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `
		WITH step AS (
			INSERT INTO alert_steps (alert_id, user_id, actor_id, actor_label, kind, via, at)
			VALUES (@alert, @wearer, @sup, @label, 'claimed', @via, @now) RETURNING id
		), held AS (
			-- An in-app step already due stays: that supporter was told, and
			-- sees who is on it. Every other waiting step is skipped.
			UPDATE outbox o SET state = CASE WHEN o.channel = 'app' AND o.next_attempt_at <= @now THEN 'sent' ELSE 'skipped' END,
				sent_at = CASE WHEN o.channel = 'app' AND o.next_attempt_at <= @now THEN @now::timestamptz END,
				last_error = CASE WHEN o.channel = 'app' AND o.next_attempt_at <= @now THEN NULL ELSE @reason END, claimed_until = NULL
			WHERE o.alert_id = @alert AND o.purpose = 'alert' AND o.role = 'supporter' AND NOT o.resolution
			  AND o.state = 'pending' AND o.claimed_until IS NULL
		)`+queueNotices+`, reminders AS (
			INSERT INTO outbox (user_id, alert_id, alert_step_id, recipient_id, role, purpose, channel, channel_id, idempotency_key, next_attempt_at)
			SELECT @wearer, @alert, s.id, @sup, 'supporter', 'claim_reminder', c.kind, c.id, 'remind:' || s.id || ':' || c.id,
			       @now::timestamptz + make_interval(mins => coalesce(es.claim_remind_minutes, @remind::int))
			FROM step s JOIN channels c ON c.user_id = @sup AND c.enabled
			LEFT JOIN escalation_settings es ON es.user_id = @wearer)
		SELECT 1`, pgx.NamedArgs{"alert": alertID, "wearer": st.wearerID, "sup": supporterID, "label": label, "via": via, "now": now,
		"reason": lifeline.OnItMessage(label), "remind": int(lifeline.DefaultClaimRemindAfter / time.Minute)})
	return err
}

// queueNotices continues a WITH whose CTE "step" returns the new step's
// id: the wearer hears of it on each of their channels, at once.
const queueNotices = `, notices AS (
			INSERT INTO outbox (user_id, alert_id, alert_step_id, recipient_id, role, purpose, channel, channel_id, idempotency_key, next_attempt_at)
			SELECT @wearer, @alert, s.id, @wearer, 'wearer', 'claim_notice', c.kind, c.id, 'notice:' || s.id || ':' || c.id, @now
			FROM step s JOIN channels c ON c.user_id = @wearer AND c.enabled)`

// HandBackAlert clears the claim; the reminder is skipped, and the alert
// escalates again: each other supporter's channel that was sent the alert
// gets it again at once, and each step that was skipped (by the claim,
// most often) a new row, due when the skipped one was or now if later.
// Every new row is held at its due time as any other (grant, channel,
// "I'm okay", a new claim). Steps still waiting keep waiting.
func (db *DB) HandBackAlert(ctx context.Context, supporterID, alertID int64, now time.Time) (*lifeline.ClaimOutcome, error) {
	return db.claimOutcome(ctx, supporterID, alertID, now, func(tx pgx.Tx, st *claimState) error {
		if err := holding(st, supporterID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `
			WITH cleared AS (
				UPDATE alerts SET claimed_by = NULL, claimed_at = NULL WHERE id = @alert AND claimed_by = @sup RETURNING id
			), step AS (
				INSERT INTO alert_steps (alert_id, user_id, actor_id, actor_label, kind, via, at)
				SELECT @alert, @wearer, @sup, lifeline_supporter_label(@wearer, @sup), 'handed_back', 'app', @now FROM cleared
				RETURNING id
			), reminder AS (
				UPDATE outbox o SET state = 'skipped', last_error = 'They handed it back.', claimed_until = NULL
				FROM cleared WHERE o.alert_id = cleared.id AND o.purpose = 'claim_reminder' AND o.state = 'pending'
			), latest AS (
				SELECT DISTINCT ON (o.recipient_id, o.channel, o.channel_id) o.*
				FROM outbox o JOIN cleared ON o.alert_id = cleared.id
				WHERE o.purpose = 'alert' AND o.role = 'supporter' AND NOT o.resolution AND o.recipient_id <> @sup
				ORDER BY o.recipient_id, o.channel, o.channel_id, o.id DESC
			), again AS (
				INSERT INTO outbox (user_id, alert_id, recipient_id, role, channel, channel_id, idempotency_key, escalation, next_attempt_at)
				SELECT l.user_id, l.alert_id, l.recipient_id, 'supporter', l.channel, l.channel_id,
				       l.alert_id || ':' || l.recipient_id || ':' || coalesce(l.channel_id::text, 'app') || ':again:' || s.id, l.escalation,
				       greatest(l.next_attempt_at, @now)
				FROM latest l CROSS JOIN step s
				WHERE l.state = 'skipped' OR (l.state = 'sent' AND l.channel <> 'app')
				ON CONFLICT (idempotency_key) DO NOTHING
			)`+queueNotices+`
			SELECT 1`, pgx.NamedArgs{"alert": alertID, "wearer": st.wearerID, "sup": supporterID, "now": now})
		return err
	})
}

// ResolveClaimedAlert ends the alert for everyone: what is still waiting
// is skipped (the reminder too), and the wearer reads the note on their
// screens and on their channels.
func (db *DB) ResolveClaimedAlert(ctx context.Context, supporterID, alertID int64, note string, now time.Time) (*lifeline.ClaimOutcome, error) {
	note, err := lifeline.ValidateResolutionNote(note)
	if err != nil {
		return nil, err
	}
	return db.claimOutcome(ctx, supporterID, alertID, now, func(tx pgx.Tx, st *claimState) error {
		if err := holding(st, supporterID); err != nil {
			return err
		}
		var label string
		err := tx.QueryRow(ctx, `SELECT lifeline_supporter_label($1, $2)`, st.wearerID, supporterID).Scan(&label)
		if err != nil {
			return err
		}
		var wearerTZ string
		if err := tx.QueryRow(ctx, `SELECT timezone FROM users WHERE id = $1`, st.wearerID).Scan(&wearerTZ); err != nil {
			return err
		}
		resolution := lifeline.ClaimResolution(label, now.In((&lifeline.User{Timezone: wearerTZ}).Location()))
		_, err = tx.Exec(ctx, `
			WITH ended AS (
				UPDATE alerts SET resolved_at = @now, resolution = @resolution, resolved_by = @sup, resolution_note = @note
				WHERE id = @alert AND claimed_by = @sup AND resolved_at IS NULL AND okay_at IS NULL RETURNING id
			), step AS (
				INSERT INTO alert_steps (alert_id, user_id, actor_id, actor_label, kind, via, note, at)
				SELECT @alert, @wearer, @sup, @label, 'resolved', 'app', @note, @now FROM ended
				RETURNING id
			), skipped AS (
				UPDATE outbox o SET state = 'skipped', last_error = @resolution, claimed_until = NULL
				FROM ended e WHERE o.alert_id = e.id AND o.state = 'pending' AND o.claimed_until IS NULL AND o.purpose <> 'claim_notice'
			)`+queueNotices+`
			SELECT 1`, pgx.NamedArgs{"alert": alertID, "wearer": st.wearerID, "sup": supporterID, "now": now,
			"resolution": resolution, "note": note, "label": label})
		return err
	})
}

// holding refuses a step on an alert the supporter does not hold.
func holding(st *claimState, supporterID int64) error {
	switch {
	case st.ended:
		return lifeline.Errorf(lifeline.ECONFLICT, "%s", lifeline.ClaimEnded)
	case st.claimedBy == nil || *st.claimedBy != supporterID:
		return lifeline.Errorf(lifeline.ECONFLICT, "%s", lifeline.ClaimNotYours)
	}
	return nil
}

// ClaimByLink spends the link in the claim's transaction: it works once,
// and only for its alert and supporter.
func (db *DB) ClaimByLink(ctx context.Context, token string, now time.Time) (*lifeline.ClaimOutcome, error) {
	var supporterID, alertID int64
	var via string
	err := db.Pool.QueryRow(ctx, `
		SELECT supporter_id, alert_id, via FROM claim_links
		WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2`, lifeline.HashDeviceToken(token), now).Scan(&supporterID, &alertID, &via)
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "%s", lifeline.ClaimLinkGone)
	}
	if err != nil {
		return nil, fmt.Errorf("store: claim link: %w", err)
	}
	out, err := db.claimOutcome(ctx, supporterID, alertID, now, func(tx pgx.Tx, st *claimState) error {
		tag, err := tx.Exec(ctx, `UPDATE claim_links SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL`,
			lifeline.HashDeviceToken(token), now)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 { // the same link, used a moment ago
			return lifeline.Errorf(lifeline.ENOTFOUND, "%s", lifeline.ClaimLinkGone)
		}
		return db.claim(ctx, tx, st, supporterID, alertID, via, now)
	})
	if lifeline.ErrorCode(err) == lifeline.ENOTFOUND {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "%s", lifeline.ClaimLinkGone)
	}
	return out, err
}

// claimOutcome runs step in a transaction after reading the alert for the
// supporter, then reads what the pages that show it need.
func (db *DB) claimOutcome(ctx context.Context, supporterID, alertID int64, now time.Time, step func(pgx.Tx, *claimState) error) (*lifeline.ClaimOutcome, error) {
	var st *claimState
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		var err error
		if st, err = db.readClaimState(ctx, tx, supporterID, alertID, now); err != nil {
			return err
		}
		return step(tx, st)
	})
	switch code := lifeline.ErrorCode(err); {
	case code == lifeline.ENOTFOUND || code == lifeline.ECONFLICT || code == lifeline.EINVALID:
		return nil, err
	case err != nil:
		return nil, fmt.Errorf("store: claim step on alert %d: %w", alertID, err)
	}
	rows, err := db.Pool.Query(ctx, `SELECT `+alertColumns+` FROM alerts WHERE id = $1`, alertID)
	if err != nil {
		return nil, fmt.Errorf("store: claimed alert %d: %w", alertID, err)
	}
	a, err := pgx.CollectExactlyOneRow(rows, scanAlert)
	if err != nil {
		return nil, fmt.Errorf("store: claimed alert %d: %w", alertID, err)
	}
	told, err := db.toldOf(ctx, alertID)
	if err != nil {
		return nil, err
	}
	return &lifeline.ClaimOutcome{Alert: a, Person: st.person, PersonID: st.linkID, Told: told}, nil
}

// toldOf lists the supporters whose People I support shows the alert.
func (db *DB) toldOf(ctx context.Context, alertID int64) ([]*lifeline.SOSListener, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT DISTINCT l.id, l.supporter_id FROM outbox o
		JOIN care_links l ON l.user_id = o.user_id AND l.supporter_id = o.recipient_id AND l.accepted_at IS NOT NULL AND l.revoked_at IS NULL
		WHERE o.alert_id = $1 AND o.purpose = 'alert' AND o.role = 'supporter' AND o.channel = 'app' AND o.state IN ('pending', 'sent')`, alertID)
	if err != nil {
		return nil, fmt.Errorf("store: told of alert %d: %w", alertID, err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*lifeline.SOSListener, error) {
		var l lifeline.SOSListener
		err := row.Scan(&l.ID, &l.UserID)
		return &l, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: told of alert %d: %w", alertID, err)
	}
	return list, nil
}

// findSteps are the people's steps on "Why this alert?", oldest first.
func (db *DB) findSteps(ctx context.Context, wearerID, alertID int64) ([]lifeline.AlertStep, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT actor_label, kind, coalesce(via, ''), coalesce(note, ''), at FROM alert_steps
		WHERE alert_id = $2 AND user_id = $1 ORDER BY at, id`, wearerID, alertID)
	if err != nil {
		return nil, fmt.Errorf("store: steps of alert %d: %w", alertID, err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (lifeline.AlertStep, error) {
		var s lifeline.AlertStep
		err := row.Scan(&s.Actor, &s.Kind, &s.Via, &s.Note, &s.At)
		return s, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: steps of alert %d: %w", alertID, err)
	}
	return list, nil
}

// MakeClaimLink makes the one-tap link of the supporter's alert row
// outboxID: it claims that alert as that supporter, once, until
// lifeline.ClaimLinkTTL has passed.
func (db *DB) MakeClaimLink(ctx context.Context, outboxID int64, via string, now time.Time) (string, error) {
	token, hash := lifeline.NewDeviceToken()
	tag, err := db.Pool.Exec(ctx, `
		INSERT INTO claim_links (user_id, alert_id, supporter_id, via, token_hash, created_at, expires_at)
		SELECT user_id, alert_id, recipient_id, $2, $3, $4, $5 FROM outbox
		WHERE id = $1 AND purpose = 'alert' AND role = 'supporter'`, outboxID, via, hash, now, now.Add(lifeline.ClaimLinkTTL))
	if err != nil {
		return "", fmt.Errorf("store: make claim link for outbox %d: %w", outboxID, err)
	}
	if tag.RowsAffected() == 0 {
		return "", lifeline.Errorf(lifeline.ENOTFOUND, "No alert to claim.")
	}
	return token, nil
}

// RecordReminded writes the reminded step of a claim_reminder row once it
// was sent: one step per reminder, however many channels carried it.
func (db *DB) RecordReminded(ctx context.Context, outboxID int64, at time.Time) error {
	_, err := db.Pool.Exec(ctx, `
		INSERT INTO alert_steps (alert_id, user_id, actor_id, actor_label, kind, via, at)
		SELECT s.alert_id, s.user_id, s.actor_id, s.actor_label, 'reminded', NULL, $2
		FROM outbox o JOIN alert_steps s ON s.id = o.alert_step_id
		WHERE o.id = $1 AND o.purpose = 'claim_reminder'
		  AND NOT EXISTS (SELECT 1 FROM alert_steps r WHERE r.alert_id = s.alert_id AND r.kind = 'reminded'
		                  AND r.actor_id = s.actor_id AND r.at >= s.at)`, outboxID, at)
	if err != nil {
		return fmt.Errorf("store: reminded, outbox %d: %w", outboxID, err)
	}
	return nil
}

// claimHold says why a supporter's row must not be sent because of a
// claim, or "": an alert someone is on reaches no further supporters, and
// a reminder stands only while its claim does.
func claimHold(c *claimedRow) string {
	it := &c.item
	switch {
	case it.Purpose == lifeline.PurposeClaimReminder && c.okayAt != nil:
		return okaySkipped
	case it.Purpose == lifeline.PurposeClaimReminder && !c.claimHeld:
		return "They handed it back."
	case it.Purpose == lifeline.PurposeAlert && !it.Resolution && c.claimer != "":
		return lifeline.OnItMessage(c.claimer)
	}
	return ""
}
