package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.CareNoteService = (*DB)(nil)

// SendNote stores the note in the statement that finds the link, so a note
// never outlives a revocation that came first; a note to a supporter the
// wearer muted is stored muted (see migration 0040).
func (db *DB) SendNote(ctx context.Context, supporterID, linkID int64, body, preset string, now time.Time) (*lifeline.SentNote, error) {
	rows, err := db.Pool.Query(ctx, `
		INSERT INTO care_notes (user_id, supporter_id, care_link_id, body, preset, muted, created_at)
		SELECT l.user_id, l.supporter_id, l.id, $3, $4, l.notes_muted, $5 FROM care_links l
		WHERE l.id = $2 AND l.supporter_id = $1 AND l.accepted_at IS NOT NULL AND l.revoked_at IS NULL
		RETURNING id, body, preset, created_at, CASE WHEN muted THEN 0 ELSE user_id END`, supporterID, linkID, body, nullIfEmpty(preset), now)
	if err != nil {
		return nil, fmt.Errorf("store: send note: %w", err)
	}
	n, err := pgx.CollectExactlyOneRow(rows, func(row pgx.CollectableRow) (*lifeline.SentNote, error) {
		var n lifeline.SentNote
		err := row.Scan(&n.ID, &n.Body, &n.Preset, &n.CreatedAt, &n.Reaches)
		return &n, err
	})
	switch {
	case isNoRows(err):
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Person not found.")
	case isDataError(err):
		return nil, lifeline.Errorf(lifeline.EINVALID, "%s", lifeline.NoteTooLong)
	case err != nil:
		return nil, fmt.Errorf("store: send note: %w", err)
	}
	return n, nil
}

func scanSentNote(row pgx.CollectableRow) (*lifeline.SentNote, error) {
	var n lifeline.SentNote
	err := row.Scan(&n.ID, &n.Body, &n.Preset, &n.CreatedAt)
	return &n, err
}

func (db *DB) SentNotes(ctx context.Context, supporterID, linkID int64, limit int) ([]*lifeline.SentNote, error) {
	if _, err := db.findSupported(ctx, supporterID, linkID); err != nil {
		return nil, err
	}
	rows, err := db.Pool.Query(ctx, `
		SELECT id, body, preset, created_at FROM care_notes
		WHERE care_link_id = $2 AND supporter_id = $1
		ORDER BY created_at DESC, id DESC LIMIT $3`, supporterID, linkID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: sent notes: %w", err)
	}
	list, err := pgx.CollectRows(rows, scanSentNote)
	if err != nil {
		return nil, fmt.Errorf("store: sent notes: %w", err)
	}
	return list, nil
}

// careNoteColumns read a note as its wearer sees it (FROM care_notes n
// JOIN care_links l ON l.id = n.care_link_id JOIN users u ON u.id =
// n.supporter_id); visibleNote is which of them the wearer sees.
const (
	careNoteColumns = `n.id, n.care_link_id,
		coalesce(nullif(l.label, ''), nullif(btrim(u.first_name || ' ' || u.last_name), ''), 'Someone in your care circle'),
		n.body, n.preset, n.created_at, n.read_at`
	visibleNote = `NOT n.muted AND NOT l.notes_muted AND l.revoked_at IS NULL`
)

func scanCareNote(row pgx.CollectableRow) (*lifeline.CareNote, error) {
	var n lifeline.CareNote
	err := row.Scan(&n.ID, &n.SupporterID, &n.From, &n.Body, &n.Preset, &n.CreatedAt, &n.ReadAt)
	return &n, err
}

func (db *DB) FindNotes(ctx context.Context, wearerID int64, limit int) ([]*lifeline.CareNote, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT `+careNoteColumns+` FROM care_notes n
		JOIN care_links l ON l.id = n.care_link_id JOIN users u ON u.id = n.supporter_id
		WHERE n.user_id = $1 AND `+visibleNote+`
		ORDER BY n.created_at DESC, n.id DESC LIMIT $2`, wearerID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: find notes: %w", err)
	}
	list, err := pgx.CollectRows(rows, scanCareNote)
	if err != nil {
		return nil, fmt.Errorf("store: find notes: %w", err)
	}
	return list, nil
}

func (db *DB) MarkNoteRead(ctx context.Context, wearerID, noteID int64, now time.Time) (*lifeline.CareNote, error) {
	rows, err := db.Pool.Query(ctx, `
		WITH n AS (
			UPDATE care_notes n SET read_at = coalesce(n.read_at, $3)
			FROM care_links l WHERE l.id = n.care_link_id AND n.id = $2 AND n.user_id = $1 AND `+visibleNote+`
			RETURNING n.*)
		SELECT `+careNoteColumns+` FROM n
		JOIN care_links l ON l.id = n.care_link_id JOIN users u ON u.id = n.supporter_id`, wearerID, noteID, now)
	if err != nil {
		return nil, fmt.Errorf("store: mark note %d read: %w", noteID, err)
	}
	n, err := pgx.CollectExactlyOneRow(rows, scanCareNote)
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Note not found.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: mark note %d read: %w", noteID, err)
	}
	return n, nil
}

func (db *DB) MuteNotes(ctx context.Context, wearerID, linkID int64, muted bool) (*lifeline.Supporter, error) {
	rows, err := db.Pool.Query(ctx, `
		WITH l AS (
			UPDATE care_links SET notes_muted = $3, updated_at = now()
			WHERE id = $2 AND user_id = $1 AND revoked_at IS NULL RETURNING *)
		SELECT `+supporterColumns+` FROM l LEFT JOIN users u ON u.id = l.supporter_id`, wearerID, linkID, muted)
	if err != nil {
		return nil, fmt.Errorf("store: mute notes %d: %w", linkID, err)
	}
	s, err := pgx.CollectExactlyOneRow(rows, scanSupporter)
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Supporter not found.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: mute notes %d: %w", linkID, err)
	}
	return s, nil
}
