package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.ShareService = (*DB)(nil)

// shareEndedKept is how long an ended link stays for the wearer's export
// before creating a new one clears it.
const shareEndedKept = 30 * 24 * time.Hour

const shareColumns = `id, created_at, expires_at, open_count, opened_at`

func scanShare(row pgx.CollectableRow) (*lifeline.ShareLink, error) {
	var l lifeline.ShareLink
	err := row.Scan(&l.ID, &l.CreatedAt, &l.ExpiresAt, &l.OpenCount, &l.OpenedAt)
	if l.OpenedAt == nil {
		l.OpenedAt = []time.Time{}
	}
	return &l, err
}

// CreateShare counts the live links and inserts in one statement, under a
// lock on the wearer's row so two requests cannot both pass the count.
func (db *DB) CreateShare(ctx context.Context, userID int64, hours int, now time.Time) (*lifeline.NewShare, error) {
	token, hash := lifeline.NewDeviceToken() // 256 random bits; only the SHA-256 is kept
	var link *lifeline.ShareLink
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		var live int
		err := tx.QueryRow(ctx, `
			SELECT (SELECT count(*) FROM share_links s WHERE s.user_id = u.id AND s.revoked_at IS NULL AND s.expires_at > $2)
			FROM users u WHERE u.id = $1 FOR UPDATE`, userID, now).Scan(&live)
		if err != nil {
			return err
		}
		if live >= lifeline.MaxActiveShares {
			return lifeline.Errorf(lifeline.ECONFLICT, "You already have %d live links. Turn one off before making another.", live)
		}
		if _, err := tx.Exec(ctx, `DELETE FROM share_links WHERE user_id = $1 AND expires_at < $2`, userID, now.Add(-shareEndedKept)); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `
			INSERT INTO share_links (user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)
			RETURNING `+shareColumns, userID, hash, now, now.Add(time.Duration(hours)*time.Hour))
		if err != nil {
			return err
		}
		link, err = pgx.CollectExactlyOneRow(rows, scanShare)
		return err
	})
	if lifeline.ErrorCode(err) == lifeline.ECONFLICT {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("store: create share link: %w", err)
	}
	return &lifeline.NewShare{Link: link, Token: token}, nil
}

func (db *DB) FindShares(ctx context.Context, userID int64, now time.Time) ([]*lifeline.ShareLink, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT `+shareColumns+` FROM share_links
		WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2 ORDER BY created_at DESC, id DESC`, userID, now)
	if err != nil {
		return nil, fmt.Errorf("store: find share links: %w", err)
	}
	list, err := pgx.CollectRows(rows, scanShare)
	if err != nil {
		return nil, fmt.Errorf("store: find share links: %w", err)
	}
	return list, nil
}

func (db *DB) RevokeShare(ctx context.Context, userID, id int64, now time.Time) error {
	tag, err := db.Pool.Exec(ctx, `
		UPDATE share_links SET revoked_at = $3, token_hash = NULL
		WHERE id = $2 AND user_id = $1 AND revoked_at IS NULL AND expires_at > $3`, userID, id, now)
	if err != nil {
		return fmt.Errorf("store: revoke share link %d: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
		return lifeline.Errorf(lifeline.ENOTFOUND, "Link not found.")
	}
	return nil
}

// OpenShare looks the token up by its hash (an index lookup on a digest: no
// timing tells how close a guess came).
func (db *DB) OpenShare(ctx context.Context, token string, opened bool, now time.Time) (int64, string, time.Time, error) {
	var userID int64
	var first string
	var expires time.Time
	err := db.Pool.QueryRow(ctx, `
		WITH s AS (
			UPDATE share_links SET
				open_count = open_count + CASE WHEN $3 THEN 1 ELSE 0 END,
				opened_at = CASE WHEN $3 THEN (array_prepend($2::timestamptz, opened_at))[1:$4] ELSE opened_at END
			WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2
			RETURNING user_id, expires_at)
		SELECT s.user_id, u.first_name, s.expires_at FROM s JOIN users u ON u.id = s.user_id`,
		lifeline.HashDeviceToken(token), now, opened, lifeline.ShareOpensKept).Scan(&userID, &first, &expires)
	if isNoRows(err) {
		return 0, "", time.Time{}, lifeline.Errorf(lifeline.ENOTFOUND, "%s", lifeline.ShareGone)
	}
	if err != nil {
		return 0, "", time.Time{}, fmt.Errorf("store: open share link: %w", err)
	}
	return userID, first, expires, nil
}
