package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.CareService = (*DB)(nil)

// supporterColumns are what the wearer sees of a link, read by scanSupporter
// (FROM care_links l LEFT JOIN users u ON u.id = l.supporter_id).
const supporterColumns = `l.id, l.user_id, coalesce(l.supporter_id, 0), l.label, coalesce(l.invite_email, ''),
	CASE WHEN l.revoked_at IS NOT NULL THEN 'revoked' WHEN l.accepted_at IS NOT NULL THEN 'active' ELSE 'pending' END,
	btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), coalesce(u.email, ''),
	l.invited_at, l.expires_at, l.accepted_at,
	l.share_checkins, l.share_checkin_details, l.alert_scopes, l.location_scope, l.location_window_minutes, l.share_phone, l.share_measures, l.share_signals, l.tier, l.notes_muted,
	(SELECT m.state FROM outbox m WHERE m.care_link_id = l.id), (SELECT m.last_error FROM outbox m WHERE m.care_link_id = l.id)`

func scanSupporter(row pgx.CollectableRow) (*lifeline.Supporter, error) {
	var s lifeline.Supporter
	g := &s.Grant
	err := row.Scan(&s.ID, &s.WearerID, &s.SupporterID, &s.Label, &s.InviteEmail, &s.Status, &s.Name, &s.Email,
		&s.InvitedAt, &s.ExpiresAt, &s.AcceptedAt,
		&g.CheckIns, &g.CheckInDetails, &g.Alerts, &g.Location, &g.LocationWindowMinutes, &g.Phone, &g.Measures, &g.Signals, &s.Tier, &s.NotesMuted,
		&s.InviteEmailState, &s.InviteEmailError)
	return &s, err
}

func (db *DB) InviteSupporter(ctx context.Context, wearerID int64, label, email string, now time.Time) (*lifeline.Invitation, error) {
	return db.invite(ctx, wearerID, label, email, "", now)
}

func (db *DB) InviteSupporterByEmail(ctx context.Context, wearerID int64, label, email, acceptBase string, now time.Time) (*lifeline.Invitation, error) {
	if email == "" || acceptBase == "" {
		return nil, lifeline.Errorf(lifeline.EINVALID, "An email invitation needs an address.")
	}
	return db.invite(ctx, wearerID, label, email, acceptBase, now)
}

// invite creates the link and, with an email address and acceptBase, the
// outbox row of the invitation email that carries acceptBase + token (one
// per link: its key is "invite:link").
func (db *DB) invite(ctx context.Context, wearerID int64, label, email, acceptBase string, now time.Time) (*lifeline.Invitation, error) {
	token, hash := lifeline.NewDeviceToken() // same shape: 256 random bits, SHA-256 stored
	mail := email != "" && acceptBase != ""
	rows, err := db.Pool.Query(ctx, `
		WITH l AS (
			INSERT INTO care_links (user_id, label, invite_email, token_hash, invited_at, expires_at)
			VALUES ($1, $2, $3, $4, $5, $6) RETURNING *
		), m AS (
			INSERT INTO outbox (user_id, purpose, channel, care_link_id, secret_link, idempotency_key, next_attempt_at)
			SELECT l.user_id, 'invitation', 'email', l.id, $7, 'invite:' || l.id, $5 FROM l WHERE $8)
		SELECT `+supporterColumns+` FROM l LEFT JOIN users u ON u.id = l.supporter_id`,
		wearerID, label, nullIfEmpty(email), hash, now, now.AddDate(0, 0, lifeline.InviteDays), acceptBase+token, mail)
	if err != nil {
		return nil, fmt.Errorf("store: invite supporter: %w", err)
	}
	s, err := pgx.CollectExactlyOneRow(rows, scanSupporter)
	if isDataError(err) {
		return nil, lifeline.Errorf(lifeline.EINVALID, "Please check the invitation's name and email.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: invite supporter: %w", err)
	}
	if mail {
		pending := lifeline.DeliveryPending // the row m is not visible to the statement's own reads
		s.InviteEmailState = &pending
	}
	return &lifeline.Invitation{Supporter: s, Token: token}, nil
}

func (db *DB) AcceptInvitation(ctx context.Context, supporter *lifeline.User, token string, now time.Time) (*lifeline.Supported, error) {
	var linkID int64
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		var wearerID int64
		var email *string
		err := tx.QueryRow(ctx, `
			SELECT id, user_id, invite_email FROM care_links
			WHERE token_hash = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $2
			FOR UPDATE`, lifeline.HashDeviceToken(token), now).Scan(&linkID, &wearerID, &email)
		switch {
		case isNoRows(err):
			return lifeline.Errorf(lifeline.ENOTFOUND, "This invitation is not valid any more. Ask for a new one.")
		case err != nil:
			return err
		case wearerID == supporter.ID:
			return lifeline.Errorf(lifeline.EINVALID, "This is your own invitation: send it to the person you want in your care circle.")
		case email != nil && *email != supporter.Email:
			return lifeline.Errorf(lifeline.EINVALID, "This invitation was sent to another email address.")
		}
		_, err = tx.Exec(ctx, `
			UPDATE care_links SET supporter_id = $2, accepted_at = $3, token_hash = NULL, updated_at = $3
			WHERE id = $1`, linkID, supporter.ID, now)
		if uniqueViolation(err) == "care_links_one_live_pair" {
			return lifeline.Errorf(lifeline.ECONFLICT, "You already support this person.")
		}
		return err
	})
	if lifeline.ErrorCode(err) != lifeline.EINTERNAL && err != nil {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("store: accept invitation: %w", err)
	}
	return db.findSupported(ctx, supporter.ID, linkID)
}

func (db *DB) PreviewInvitation(ctx context.Context, token string, now time.Time) (*lifeline.InvitationPreview, error) {
	var p lifeline.InvitationPreview
	err := db.Pool.QueryRow(ctx, `
		SELECT u.first_name, l.expires_at, l.invite_email IS NOT NULL
		FROM care_links l JOIN users u ON u.id = l.user_id
		WHERE l.token_hash = $1 AND l.accepted_at IS NULL AND l.revoked_at IS NULL AND l.expires_at > $2`,
		lifeline.HashDeviceToken(token), now).Scan(&p.From, &p.ExpiresAt, &p.ForEmail)
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "This invitation is not valid any more. Ask for a new one.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: preview invitation: %w", err)
	}
	return &p, nil
}

func (db *DB) FindSupporters(ctx context.Context, wearerID int64) ([]*lifeline.Supporter, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT `+supporterColumns+` FROM care_links l LEFT JOIN users u ON u.id = l.supporter_id
		WHERE l.user_id = $1 AND l.revoked_at IS NULL ORDER BY l.invited_at, l.id`, wearerID)
	if err != nil {
		return nil, fmt.Errorf("store: find supporters: %w", err)
	}
	list, err := pgx.CollectRows(rows, scanSupporter)
	if err != nil {
		return nil, fmt.Errorf("store: find supporters: %w", err)
	}
	return list, nil
}

func (db *DB) SetGrant(ctx context.Context, wearerID, linkID int64, g lifeline.Grant) (*lifeline.Supporter, error) {
	rows, err := db.Pool.Query(ctx, `
		WITH l AS (
			UPDATE care_links SET share_checkins = $3, share_checkin_details = $4, alert_scopes = $5,
				location_scope = $6, location_window_minutes = $7, share_phone = $8,
				share_measures = $9, share_signals = $10, updated_at = now()
			WHERE id = $2 AND user_id = $1 AND revoked_at IS NULL RETURNING *)
		SELECT `+supporterColumns+` FROM l LEFT JOIN users u ON u.id = l.supporter_id`,
		wearerID, linkID, g.CheckIns, g.CheckInDetails, g.Alerts, g.Location, g.LocationWindowMinutes, g.Phone, g.Measures, g.Signals)
	if err != nil {
		return nil, fmt.Errorf("store: set grant %d: %w", linkID, err)
	}
	s, err := pgx.CollectExactlyOneRow(rows, scanSupporter)
	switch {
	case isNoRows(err):
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Supporter not found.")
	case isDataError(err):
		return nil, lifeline.Errorf(lifeline.EINVALID, "That grant is not possible.")
	case err != nil:
		return nil, fmt.Errorf("store: set grant %d: %w", linkID, err)
	}
	return s, nil
}

func (db *DB) SetTier(ctx context.Context, wearerID, linkID int64, tier int) (*lifeline.Supporter, error) {
	if err := lifeline.ValidTier(tier); err != nil {
		return nil, err
	}
	rows, err := db.Pool.Query(ctx, `
		WITH l AS (
			UPDATE care_links SET tier = $3, updated_at = now()
			WHERE id = $2 AND user_id = $1 AND revoked_at IS NULL RETURNING *)
		SELECT `+supporterColumns+` FROM l LEFT JOIN users u ON u.id = l.supporter_id`, wearerID, linkID, tier)
	if err != nil {
		return nil, fmt.Errorf("store: set tier %d: %w", linkID, err)
	}
	s, err := pgx.CollectExactlyOneRow(rows, scanSupporter)
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Supporter not found.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: set tier %d: %w", linkID, err)
	}
	return s, nil
}

// RevokeSupporter ends the link and drops the deliveries still waiting for
// that supporter: nothing reaches them after the wearer said no.
func (db *DB) RevokeSupporter(ctx context.Context, wearerID, linkID int64, now time.Time) error {
	return pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		var supporterID *int64
		err := tx.QueryRow(ctx, `
			UPDATE care_links SET revoked_at = $3, token_hash = NULL, updated_at = $3
			WHERE id = $2 AND user_id = $1 AND revoked_at IS NULL RETURNING supporter_id`, wearerID, linkID, now).Scan(&supporterID)
		if isNoRows(err) {
			return lifeline.Errorf(lifeline.ENOTFOUND, "Supporter not found.")
		}
		if err != nil {
			return fmt.Errorf("store: revoke supporter %d: %w", linkID, err)
		}
		if supporterID == nil {
			return nil
		}
		_, err = tx.Exec(ctx, `
			UPDATE outbox SET state = 'skipped', last_error = 'The supporter was removed.', claimed_until = NULL, secret_link = NULL
			WHERE user_id = $1 AND recipient_id = $2 AND state = 'pending'`, wearerID, *supporterID)
		if err != nil {
			return fmt.Errorf("store: revoke supporter %d: %w", linkID, err)
		}
		return nil
	})
}

// supportedColumns read a link from the supporter's side (FROM care_links l
// JOIN users w ON w.id = l.user_id).
const supportedColumns = `l.id, l.user_id, btrim(w.first_name || ' ' || w.last_name), w.timezone, coalesce(w.phone, ''),
	l.share_checkins, l.share_checkin_details, l.alert_scopes, l.location_scope, l.location_window_minutes, l.share_phone, l.share_measures, l.share_signals, l.tier, l.digest`

func scanSupported(row pgx.CollectableRow) (*lifeline.Supported, error) {
	var s lifeline.Supported
	g := &s.Grant
	err := row.Scan(&s.LinkID, &s.WearerID, &s.Name, &s.Timezone, &s.Phone,
		&g.CheckIns, &g.CheckInDetails, &g.Alerts, &g.Location, &g.LocationWindowMinutes, &g.Phone, &g.Measures, &g.Signals, &s.Tier, &s.Digest)
	if s.Name == "" {
		s.Name = "Someone you support"
	}
	return &s, err
}

func (db *DB) FindSupported(ctx context.Context, supporterID int64) ([]*lifeline.Supported, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT `+supportedColumns+` FROM care_links l JOIN users w ON w.id = l.user_id
		WHERE l.supporter_id = $1 AND l.revoked_at IS NULL ORDER BY l.accepted_at, l.id`, supporterID)
	if err != nil {
		return nil, fmt.Errorf("store: find supported: %w", err)
	}
	list, err := pgx.CollectRows(rows, scanSupported)
	if err != nil {
		return nil, fmt.Errorf("store: find supported: %w", err)
	}
	return list, nil
}

func (db *DB) findSupported(ctx context.Context, supporterID, linkID int64) (*lifeline.Supported, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT `+supportedColumns+` FROM care_links l JOIN users w ON w.id = l.user_id
		WHERE l.id = $2 AND l.supporter_id = $1 AND l.revoked_at IS NULL`, supporterID, linkID)
	if err != nil {
		return nil, fmt.Errorf("store: find supported %d: %w", linkID, err)
	}
	s, err := pgx.CollectExactlyOneRow(rows, scanSupported)
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Person not found.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: find supported %d: %w", linkID, err)
	}
	return s, nil
}

// SupportedAlerts: an alert reached the supporter when its in-app step to
// them was taken (sent); the wearer's "I'm okay" closes it, and so does its
// resolution (a bracelet reporting again, a claimer resolving it). Who is
// on it comes with it (the claimer's own name: fellow supporters may not
// know the wearer's label for them).
func (db *DB) SupportedAlerts(ctx context.Context, supporterID, wearerID int64, since time.Time) ([]*lifeline.Alert, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT a.id, a.user_id, a.type, a.message, coalesce(a.link, ''), a.is_read, a.created_at, a.zone_id, a.device_id,
		       coalesce(z.name, ''), a.claimed_by, a.claimed_at,
		       coalesce(nullif(btrim(h.first_name || ' ' || h.last_name), ''), 'Another supporter')
		FROM alerts a
		JOIN outbox o ON o.alert_id = a.id AND o.recipient_id = $1 AND o.channel = 'app' AND o.state = 'sent'
		LEFT JOIN zones z ON z.id = a.zone_id
		LEFT JOIN users h ON h.id = a.claimed_by
		WHERE a.user_id = $2 AND a.okay_at IS NULL AND a.resolved_at IS NULL AND a.created_at >= $3
		ORDER BY a.created_at DESC, a.id DESC LIMIT 50`, supporterID, wearerID, since)
	if err != nil {
		return nil, fmt.Errorf("store: supported alerts: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*lifeline.Alert, error) {
		var a lifeline.Alert
		// ClaimedBy: the claimer's own name, as fellow supporters read it.
		err := row.Scan(&a.ID, &a.UserID, &a.Type, &a.Message, &a.Link, &a.IsRead, &a.CreatedAt, &a.ZoneID, &a.DeviceID, &a.ZoneName,
			&a.ClaimedByID, &a.ClaimedAt, &a.ClaimedBy)
		return &a, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: supported alerts: %w", err)
	}
	return list, nil
}

// RecordViews is RecordLooks with one look.
func (db *DB) RecordViews(ctx context.Context, link *lifeline.Supported, supporterID int64, what []string, now time.Time) error {
	return db.RecordLooks(ctx, supporterID, []lifeline.CareLook{{LinkID: link.LinkID, WearerID: link.WearerID, What: what}}, now)
}

// recordLooksStale counts the looks whose session is not fresh: none open
// (a new line), or its last look older than lifeline.ViewRecordGrain.
const recordLooksStale = `
	SELECT count(*) FROM unnest($1::bigint[], $2::text[]) AS v (link_id, what)
	WHERE NOT EXISTS (
		SELECT 1 FROM care_views c
		WHERE c.supporter_id = $3 AND c.link_id = v.link_id AND c.what = v.what AND c.last_viewed_at > $4)`

// recordLooksSQL continues each look's open session (its newest line
// within lifeline.ViewSessionGap), moving its end only when it is older
// than the grain, and begins a line for the others.
const recordLooksSQL = `
	WITH v AS (
		SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[]) AS v (link_id, user_id, what)
	), open AS (
		SELECT DISTINCT ON (c.link_id, c.what) c.id, c.link_id, c.what, c.last_viewed_at
		FROM care_views c JOIN v ON c.link_id = v.link_id AND c.what = v.what
		WHERE c.supporter_id = $4 AND c.last_viewed_at > $6
		ORDER BY c.link_id, c.what, c.last_viewed_at DESC
	), moved AS (
		UPDATE care_views c SET last_viewed_at = greatest(c.last_viewed_at, $5)
		FROM open o WHERE c.id = o.id AND o.last_viewed_at <= $7
	)
	INSERT INTO care_views (user_id, link_id, supporter_id, what, viewed_at, last_viewed_at)
	SELECT v.user_id, v.link_id, $4, v.what, $5, $5 FROM v
	WHERE NOT EXISTS (SELECT 1 FROM open o WHERE o.link_id = v.link_id AND o.what = v.what)`

// RecordLooks first reads whether anything is to be written: a page
// refreshed every 15 seconds mostly finds every session fresh. When it
// writes, one lock per supporter (two tabs refreshing at once) makes the
// second continue the sessions the first began rather than begin its own.
func (db *DB) RecordLooks(ctx context.Context, supporterID int64, looks []lifeline.CareLook, now time.Time) error {
	var links, wearers []int64
	var whats []string
	for _, l := range looks {
		for _, w := range l.What {
			links, wearers, whats = append(links, l.LinkID), append(wearers, l.WearerID), append(whats, w)
		}
	}
	if len(whats) == 0 {
		return nil
	}
	fresh := now.Add(-lifeline.ViewRecordGrain)
	var stale int
	if err := db.Pool.QueryRow(ctx, recordLooksStale, links, whats, supporterID, fresh).Scan(&stale); err != nil {
		return fmt.Errorf("store: record views: %w", err)
	}
	if stale == 0 {
		return nil
	}
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('care_views', $1))`, supporterID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, recordLooksSQL, links, wearers, whats, supporterID, now, now.Add(-lifeline.ViewSessionGap), fresh)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: record views: %w", err)
	}
	return nil
}

func (db *DB) FindCareViews(ctx context.Context, wearerID int64, limit int) ([]*lifeline.CareView, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT v.link_id, coalesce(nullif(l.label, ''), nullif(btrim(u.first_name || ' ' || u.last_name), ''), u.email, 'A supporter'),
		       v.what, v.viewed_at, v.last_viewed_at
		FROM care_views v JOIN care_links l ON l.id = v.link_id JOIN users u ON u.id = v.supporter_id
		WHERE v.user_id = $1 ORDER BY v.viewed_at DESC, v.id DESC LIMIT $2`, wearerID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: find care views: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*lifeline.CareView, error) {
		var v lifeline.CareView
		err := row.Scan(&v.SupporterID, &v.Name, &v.What, &v.ViewedAt, &v.LastViewedAt)
		return &v, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: find care views: %w", err)
	}
	return list, nil
}

// RaiseSOS reads its audience first, so the wearer's own copy of the
// alert says who it reached and how; the alert and its deliveries are one
// statement (insertAlert) in the same transaction. The wearer's row is
// locked while it looks for a press that this one repeats, so two presses
// at once are one SOS.
func (db *DB) RaiseSOS(ctx context.Context, wearerID int64, now time.Time) (*lifeline.Alert, int, error) {
	var alert *lifeline.Alert
	var reach lifeline.SOSReach
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		var tz string
		if err := tx.QueryRow(ctx, `SELECT timezone FROM users WHERE id = $1 FOR UPDATE`, wearerID).Scan(&tz); err != nil {
			return err
		}
		var last string
		err := tx.QueryRow(ctx, `
			SELECT dedup_key FROM alerts WHERE user_id = $1 AND type = $2
			ORDER BY id DESC LIMIT 1`, wearerID, lifeline.AlertSOS).Scan(&last)
		if err != nil && !isNoRows(err) {
			return err
		}
		if lifeline.SOSRepeats(last, now) {
			return nil
		}
		audience, err := db.sosAudience(ctx, tx, wearerID)
		if err != nil {
			return err
		}
		reach = sosReach(audience)
		owner := (&lifeline.User{Timezone: tz}).Location()
		alert, err = db.insertAlert(ctx, tx, wearerID, lifeline.SOSAlert(reach, now, owner))
		return err
	})
	if err != nil {
		return nil, 0, fmt.Errorf("store: raise sos: %w", err)
	}
	if alert == nil {
		return nil, 0, lifeline.Errorf(lifeline.ECONFLICT, "Your people were told a moment ago. If you need someone right now, call or text 988.")
	}
	return alert, reach.Supporters, nil
}

func (db *DB) AnswerOkay(ctx context.Context, wearerID, alertID int64, now time.Time) (*lifeline.Alert, error) {
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		var zoneID *int64
		var deviceID *string
		var evidence []byte
		var okayAt time.Time
		err := tx.QueryRow(ctx, `
			UPDATE alerts SET okay_at = coalesce(okay_at, $3), is_read = true WHERE id = $2 AND user_id = $1
			RETURNING zone_id, device_id, evidence, okay_at`, wearerID, alertID, now).Scan(&zoneID, &deviceID, &evidence, &okayAt)
		if isNoRows(err) {
			return lifeline.Errorf(lifeline.ENOTFOUND, "Alert not found.")
		}
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `
			UPDATE outbox SET state = 'skipped', last_error = $2, claimed_until = NULL
			WHERE alert_id = $1 AND escalation AND state = 'pending'`, alertID, okaySkipped)
		if err != nil {
			return err
		}
		return answerGeofenceAlert(ctx, tx, wearerID, zoneID, deviceID, evidence, okayAt)
	})
	if lifeline.ErrorCode(err) == lifeline.ENOTFOUND {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("store: answer okay %d: %w", alertID, err)
	}
	return db.FindAlert(ctx, wearerID, alertID)
}

// okaySkipped is why an escalation step was not taken.
const okaySkipped = `They answered "I'm okay".`
