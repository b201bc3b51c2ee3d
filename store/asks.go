package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.AskService = (*DB)(nil)

// An ask is open while closed_at is NULL and it is younger than
// lifeline.AskOpenFor (@open_since = now - AskOpenFor).

// CreateAsk locks the wearer's row first, so two asks sent at once cannot
// both find none open.
func (db *DB) CreateAsk(ctx context.Context, wearerID int64, a lifeline.NewAsk, now time.Time) (*lifeline.Ask, error) {
	if err := a.Validate(); err != nil {
		return nil, err
	}
	var askID int64
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE`, wearerID); err != nil {
			return err
		}
		var open bool
		err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM asks WHERE user_id = $1 AND closed_at IS NULL AND created_at > $2)`,
			wearerID, now.Add(-lifeline.AskOpenFor)).Scan(&open)
		if err != nil {
			return err
		}
		if open {
			return lifeline.Errorf(lifeline.ECONFLICT, "Your ask is still open. Say \"Thanks, I'm okay\" on it before asking again.")
		}
		err = tx.QueryRow(ctx, `
			WITH links AS (
				SELECT l.id, l.supporter_id FROM care_links l
				WHERE l.user_id = @user AND l.id = ANY (@links::bigint[]) AND l.accepted_at IS NOT NULL AND l.revoked_at IS NULL
			), ask AS (
				INSERT INTO asks (user_id, note, created_at) SELECT @user, @note, @now
				WHERE (SELECT count(*) FROM links) = cardinality(@links::bigint[]) RETURNING id
			), recipients AS (
				INSERT INTO ask_recipients (ask_id, user_id, link_id, supporter_id)
				SELECT ask.id, @user, links.id, links.supporter_id FROM ask, links RETURNING supporter_id
			), queued AS (
				INSERT INTO outbox (user_id, purpose, ask_id, recipient_id, role, channel, channel_id, idempotency_key, next_attempt_at)
				SELECT @user, 'ask', ask.id, links.supporter_id, 'supporter', c.kind, c.id, 'ask:' || ask.id || ':' || c.id, @now
				FROM ask, links JOIN channels c ON c.user_id = links.supporter_id AND c.enabled
			)
			SELECT coalesce((SELECT id FROM ask), 0)`,
			pgx.NamedArgs{"user": wearerID, "links": uniqueIDs(a.Supporters), "note": a.Note, "now": now}).Scan(&askID)
		if err != nil {
			return err
		}
		if askID == 0 {
			return lifeline.Errorf(lifeline.ENOTFOUND, "Supporter not found.")
		}
		return nil
	})
	if code := lifeline.ErrorCode(err); code == lifeline.ECONFLICT || code == lifeline.ENOTFOUND {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("store: create ask: %w", err)
	}
	return db.findAsk(ctx, wearerID, askID)
}

// uniqueIDs drops repeats, so a link named twice counts once.
func uniqueIDs(ids []int64) []int64 {
	seen := map[int64]bool{}
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

func (db *DB) OpenAsk(ctx context.Context, wearerID int64, now time.Time) (*lifeline.Ask, error) {
	var id int64
	err := db.Pool.QueryRow(ctx, `
		SELECT id FROM asks WHERE user_id = $1 AND closed_at IS NULL AND created_at > $2
		ORDER BY created_at DESC LIMIT 1`, wearerID, now.Add(-lifeline.AskOpenFor)).Scan(&id)
	if isNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: open ask: %w", err)
	}
	return db.findAsk(ctx, wearerID, id)
}

// findAsk reads one of the wearer's asks with its recipients, named as the
// wearer knows them.
func (db *DB) findAsk(ctx context.Context, wearerID, askID int64) (*lifeline.Ask, error) {
	a := lifeline.Ask{ID: askID, Recipients: []lifeline.AskRecipient{}}
	err := db.Pool.QueryRow(ctx, `SELECT note, created_at, closed_at FROM asks WHERE id = $1 AND user_id = $2`, askID, wearerID).
		Scan(&a.Note, &a.CreatedAt, &a.ClosedAt)
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Ask not found.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: find ask %d: %w", askID, err)
	}
	a.ClosesAt = a.CreatedAt.Add(lifeline.AskOpenFor)
	rows, err := db.Pool.Query(ctx, `
		SELECT r.link_id, coalesce(nullif(l.label, ''), nullif(btrim(u.first_name || ' ' || u.last_name), ''), 'A supporter'),
		       coalesce(r.answer, ''), r.answered_at
		FROM ask_recipients r JOIN care_links l ON l.id = r.link_id JOIN users u ON u.id = r.supporter_id
		WHERE r.ask_id = $1 ORDER BY r.answered_at NULLS LAST, l.tier, l.id`, askID)
	if err != nil {
		return nil, fmt.Errorf("store: find ask %d: %w", askID, err)
	}
	a.Recipients, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (lifeline.AskRecipient, error) {
		var r lifeline.AskRecipient
		err := row.Scan(&r.SupporterID, &r.Name, &r.Answer, &r.AnsweredAt)
		return r, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: find ask %d: %w", askID, err)
	}
	return &a, nil
}

func (db *DB) CloseAsk(ctx context.Context, wearerID, askID int64, now time.Time) (*lifeline.Ask, error) {
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE asks SET closed_at = coalesce(closed_at, $3) WHERE id = $2 AND user_id = $1`, wearerID, askID, now)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return lifeline.Errorf(lifeline.ENOTFOUND, "Ask not found.")
		}
		_, err = tx.Exec(ctx, `
			UPDATE outbox SET state = 'skipped', last_error = $2, claimed_until = NULL
			WHERE ask_id = $1 AND state = 'pending'`, askID, askClosedSkipped)
		return err
	})
	if lifeline.ErrorCode(err) == lifeline.ENOTFOUND {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("store: close ask %d: %w", askID, err)
	}
	return db.findAsk(ctx, wearerID, askID)
}

// askClosedSkipped is why an ask's message was not sent.
const askClosedSkipped = "They said they're okay before it was sent."

// supportedAsksSQL reads the open asks that went to @supporter through a
// link that still stands (revoking it ends the supporter's view).
const supportedAsksSQL = `
	SELECT k.id, l.id, coalesce(nullif(btrim(w.first_name || ' ' || w.last_name), ''), 'Someone you support'),
	       k.note, k.created_at, coalesce(r.answer, ''), r.answered_at, k.user_id
	FROM ask_recipients r
	JOIN asks k ON k.id = r.ask_id
	JOIN care_links l ON l.id = r.link_id AND l.supporter_id = r.supporter_id AND l.revoked_at IS NULL
	JOIN users w ON w.id = k.user_id
	WHERE r.supporter_id = @supporter AND k.closed_at IS NULL AND k.created_at > @open_since`

func scanSupportedAsk(row pgx.CollectableRow) (*lifeline.SupportedAsk, error) {
	var a lifeline.SupportedAsk
	err := row.Scan(&a.ID, &a.PersonID, &a.Name, &a.Note, &a.CreatedAt, &a.Answer, &a.AnsweredAt, &a.WearerID)
	return &a, err
}

func (db *DB) AsksOfSupporter(ctx context.Context, supporterID int64, now time.Time) ([]*lifeline.SupportedAsk, error) {
	rows, err := db.Pool.Query(ctx, supportedAsksSQL+` ORDER BY k.created_at DESC`,
		pgx.NamedArgs{"supporter": supporterID, "open_since": now.Add(-lifeline.AskOpenFor)})
	if err != nil {
		return nil, fmt.Errorf("store: asks of supporter: %w", err)
	}
	list, err := pgx.CollectRows(rows, scanSupportedAsk)
	if err != nil {
		return nil, fmt.Errorf("store: asks of supporter: %w", err)
	}
	return list, nil
}

func (db *DB) AnswerAsk(ctx context.Context, supporterID, askID int64, answer string, now time.Time) (*lifeline.SupportedAsk, error) {
	if answer != lifeline.AskWillCall && answer != lifeline.AskCantNow {
		return nil, &lifeline.Error{Code: lifeline.EINVALID, Message: "Please check the highlighted fields.",
			Fields: map[string]string{"answer": "Answer will_call or cant_now."}}
	}
	args := pgx.NamedArgs{"supporter": supporterID, "ask": askID, "answer": answer, "now": now, "open_since": now.Add(-lifeline.AskOpenFor)}
	tag, err := db.Pool.Exec(ctx, `
		UPDATE ask_recipients r SET answer = @answer, answered_at = @now
		FROM asks k, care_links l
		WHERE r.ask_id = @ask AND r.supporter_id = @supporter AND k.id = r.ask_id AND k.closed_at IS NULL AND k.created_at > @open_since
		  AND l.id = r.link_id AND l.supporter_id = r.supporter_id AND l.revoked_at IS NULL`, args)
	if err != nil {
		return nil, fmt.Errorf("store: answer ask %d: %w", askID, err)
	}
	if tag.RowsAffected() == 0 {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "This ask is closed now.")
	}
	rows, err := db.Pool.Query(ctx, supportedAsksSQL+` AND k.id = @ask`, args)
	if err != nil {
		return nil, fmt.Errorf("store: answer ask %d: %w", askID, err)
	}
	a, err := pgx.CollectExactlyOneRow(rows, scanSupportedAsk)
	if err != nil {
		return nil, fmt.Errorf("store: answer ask %d: %w", askID, err)
	}
	return a, nil
}
