package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.CrisisContactService = (*DB)(nil)

const crisisContactColumns = `id, name, phone, coalesce(relationship, ''), is_emergency, created_at`

func scanCrisisContact(row pgx.Row) (*lifeline.CrisisContact, error) {
	var c lifeline.CrisisContact
	err := row.Scan(&c.ID, &c.Name, &c.Phone, &c.Relationship, &c.IsEmergency, &c.CreatedAt)
	return &c, err
}

func contactNotFound() error { return lifeline.Errorf(lifeline.ENOTFOUND, "Contact not found.") }

// CreateCrisisContact inserts only while the user is under the cap; two
// racing requests at the cap can overshoot it by one, which is harmless.
func (db *DB) CreateCrisisContact(ctx context.Context, userID int64, c *lifeline.CrisisContact) error {
	row := db.Pool.QueryRow(ctx, `
		INSERT INTO crisis_contacts (user_id, name, phone, relationship, is_emergency)
		SELECT $1, $2, $3, $4, $5
		WHERE (SELECT count(*) FROM crisis_contacts WHERE user_id = $1) < $6
		RETURNING `+crisisContactColumns,
		userID, c.Name, c.Phone, nullIfEmpty(c.Relationship), c.IsEmergency, lifeline.MaxCrisisContacts)
	created, err := scanCrisisContact(row)
	if isNoRows(err) {
		return lifeline.Errorf(lifeline.EINVALID, "You can keep up to %d personal contacts. Remove one to add another.", lifeline.MaxCrisisContacts)
	}
	if err != nil {
		return fmt.Errorf("store: create crisis contact: %w", err)
	}
	*c = *created
	return nil
}

func (db *DB) UpdateCrisisContact(ctx context.Context, userID int64, c *lifeline.CrisisContact) error {
	row := db.Pool.QueryRow(ctx, `
		UPDATE crisis_contacts SET name = $3, phone = $4, relationship = $5, is_emergency = $6, updated_at = now()
		WHERE id = $1 AND user_id = $2
		RETURNING `+crisisContactColumns,
		c.ID, userID, c.Name, c.Phone, nullIfEmpty(c.Relationship), c.IsEmergency)
	updated, err := scanCrisisContact(row)
	if isNoRows(err) {
		return contactNotFound()
	}
	if err != nil {
		return fmt.Errorf("store: update crisis contact %d: %w", c.ID, err)
	}
	*c = *updated
	return nil
}

func (db *DB) DeleteCrisisContact(ctx context.Context, userID, contactID int64) error {
	tag, err := db.Pool.Exec(ctx, `DELETE FROM crisis_contacts WHERE id = $1 AND user_id = $2`, contactID, userID)
	if err != nil {
		return fmt.Errorf("store: delete crisis contact %d: %w", contactID, err)
	}
	if tag.RowsAffected() == 0 {
		return contactNotFound()
	}
	return nil
}

func (db *DB) FindCrisisContact(ctx context.Context, userID, contactID int64) (*lifeline.CrisisContact, error) {
	c, err := scanCrisisContact(db.Pool.QueryRow(ctx,
		`SELECT `+crisisContactColumns+` FROM crisis_contacts WHERE id = $1 AND user_id = $2`, contactID, userID))
	if isNoRows(err) {
		return nil, contactNotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("store: find crisis contact %d: %w", contactID, err)
	}
	return c, nil
}

func (db *DB) FindCrisisContacts(ctx context.Context, userID int64) ([]*lifeline.CrisisContact, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT `+crisisContactColumns+` FROM crisis_contacts
		WHERE user_id = $1
		ORDER BY is_emergency DESC, lower(name), name, id`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: find crisis contacts: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*lifeline.CrisisContact, error) { return scanCrisisContact(row) })
	if err != nil {
		return nil, fmt.Errorf("store: find crisis contacts: %w", err)
	}
	return list, nil
}
