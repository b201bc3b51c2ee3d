package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.UserService = (*DB)(nil)

const userColumns = `id, coalesce(email, ''), first_name, last_name, timezone, password_hash IS NOT NULL, history_keep_days, coalesce(phone, ''), advanced`

func scanUser(row pgx.Row, extra ...any) (*lifeline.User, error) {
	var u lifeline.User
	dest := append([]any{&u.ID, &u.Email, &u.FirstName, &u.LastName, &u.Timezone, &u.HasPassword, &u.HistoryDays, &u.Phone, &u.Advanced}, extra...)
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	return &u, nil
}

// NormalizeEmail is the one form emails are stored and compared in.
func NormalizeEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

func (db *DB) CreateUser(ctx context.Context, u *lifeline.User, passwordHash string) error {
	u.Email = NormalizeEmail(u.Email)
	err := db.Pool.QueryRow(ctx, `
		INSERT INTO users (email, first_name, last_name, timezone, password_hash)
		VALUES ($1, $2, $3, $4, $5) RETURNING id, history_keep_days`,
		u.Email, u.FirstName, u.LastName, u.Timezone, passwordHash).Scan(&u.ID, &u.HistoryDays)
	if uniqueViolation(err) == "users_email_unique" {
		return lifeline.Errorf(lifeline.ECONFLICT, "An account with this email already exists. Sign in instead.")
	}
	if err != nil {
		return fmt.Errorf("store: create user: %w", err)
	}
	u.HasPassword = passwordHash != ""
	return nil
}

const findUserByIDSQL = `SELECT ` + userColumns + ` FROM users WHERE id = $1`

func (db *DB) FindUserByID(ctx context.Context, id int64) (*lifeline.User, error) {
	u, err := scanUser(db.Pool.QueryRow(ctx, findUserByIDSQL, id))
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "User not found.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: find user %d: %w", id, err)
	}
	return u, nil
}

func (db *DB) FindUserByEmail(ctx context.Context, email string) (*lifeline.User, string, error) {
	var hash string
	u, err := scanUser(db.Pool.QueryRow(ctx, `SELECT `+userColumns+`, coalesce(password_hash, '') FROM users WHERE email = $1`,
		NormalizeEmail(email)), &hash)
	if isNoRows(err) {
		return nil, "", lifeline.Errorf(lifeline.ENOTFOUND, "User not found.")
	}
	if err != nil {
		return nil, "", fmt.Errorf("store: find user by email: %w", err)
	}
	return u, hash, nil
}

func (db *DB) PasswordHash(ctx context.Context, id int64) (string, error) {
	var hash string
	err := db.Pool.QueryRow(ctx, `SELECT coalesce(password_hash, '') FROM users WHERE id = $1`, id).Scan(&hash)
	if isNoRows(err) {
		return "", lifeline.Errorf(lifeline.ENOTFOUND, "User not found.")
	}
	if err != nil {
		return "", fmt.Errorf("store: password hash of user %d: %w", id, err)
	}
	return hash, nil
}

// SetPasswordHash also ends the account's reset link: it was for the old
// password.
func (db *DB) SetPasswordHash(ctx context.Context, id int64, hash string) error {
	tag, err := db.Pool.Exec(ctx, `
		WITH reset AS (DELETE FROM password_resets WHERE user_id = $1)
		UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, id, hash)
	if err != nil {
		return fmt.Errorf("store: set password of user %d: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
		return lifeline.Errorf(lifeline.ENOTFOUND, "User not found.")
	}
	return nil
}

func (db *DB) UpdateUser(ctx context.Context, id int64, upd lifeline.UserUpdate) (*lifeline.User, error) {
	u, err := scanUser(db.Pool.QueryRow(ctx, `
		UPDATE users SET
			first_name = coalesce($2, first_name),
			last_name  = coalesce($3, last_name),
			timezone   = coalesce($4, timezone),
			history_keep_days = coalesce($5, history_keep_days),
			phone      = CASE WHEN $6::text IS NULL THEN phone ELSE nullif($6, '') END,
			advanced   = coalesce($7, advanced),
			updated_at = now()
		WHERE id = $1
		RETURNING `+userColumns, id, upd.FirstName, upd.LastName, upd.Timezone, upd.HistoryDays, upd.Phone, upd.Advanced))
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "User not found.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: update user %d: %w", id, err)
	}
	return u, nil
}

func (db *DB) FindOrCreateOIDCUser(ctx context.Context, id lifeline.OIDCIdentity) (*lifeline.User, error) {
	find := func() (*lifeline.User, error) {
		return scanUser(db.Pool.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE oidc_issuer = $1 AND oidc_subject = $2`, id.Issuer, id.Subject))
	}
	u, err := find()
	if err == nil || !isNoRows(err) {
		return u, err
	}
	var email any
	if e := NormalizeEmail(id.Email); e != "" {
		email = e
	}
	for attempt := 0; attempt < 2; attempt++ {
		u, err = scanUser(db.Pool.QueryRow(ctx, `
			INSERT INTO users (email, first_name, last_name, oidc_issuer, oidc_subject)
			VALUES ($1, $2, $3, $4, $5) RETURNING `+userColumns,
			email, truncate(id.FirstName, 100), truncate(id.LastName, 100), id.Issuer, id.Subject))
		switch uniqueViolation(err) {
		case "users_email_unique":
			email = nil // keep the other account's email out of reach
			continue
		case "users_oidc_identity_unique":
			return find() // a concurrent first sign-in created it
		}
		break
	}
	if err != nil {
		return nil, fmt.Errorf("store: create oidc user: %w", err)
	}
	return u, nil
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// DeleteUser erases an account: every row of it (the tables with a user_id
// cascade from users), the sign-in counters of its email, its email in
// invitations other people sent to it, and the pauses of destinations only
// it used. What remains names nobody: counters
// of a client address alone are digests that age out within a day (see
// throttle.go).
func (db *DB) DeleteUser(ctx context.Context, id int64) error {
	digest, err := db.throttleDigester(ctx)
	if err != nil {
		return fmt.Errorf("store: delete user %d: %w", id, err)
	}
	return pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		// Waits for fix batches in flight and holds off new ones until the
		// deletion commits (see ingestGate).
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(ingestGate)); err != nil {
			return fmt.Errorf("store: delete user %d: %w", id, err)
		}
		// The time-series tables first, by user: on TimescaleDB a cascade
		// from users may plan a scan of every chunk.
		for _, table := range []string{"locations", "battery_readings"} {
			if _, err := tx.Exec(ctx, `DELETE FROM `+table+` WHERE user_id = $1`, id); err != nil {
				return fmt.Errorf("store: delete user %d: %s: %w", id, table, err)
			}
		}
		// A paused destination only this account's channels name (its own
		// domain or webhook host) names the account: it goes too.
		if _, err := tx.Exec(ctx, `
			DELETE FROM destination_pauses p
			WHERE p.destination IN (SELECT lifeline_destination(c.kind, c.address) FROM channels c WHERE c.user_id = $1)
			  AND NOT EXISTS (SELECT 1 FROM channels c WHERE c.user_id <> $1 AND lifeline_destination(c.kind, c.address) = p.destination)`, id); err != nil {
			return fmt.Errorf("store: delete user %d: paused destinations: %w", id, err)
		}
		var email *string
		err := tx.QueryRow(ctx, `DELETE FROM users WHERE id = $1 RETURNING email`, id).Scan(&email)
		if isNoRows(err) {
			return lifeline.Errorf(lifeline.ENOTFOUND, "User not found.")
		}
		if err != nil {
			return fmt.Errorf("store: delete user %d: %w", id, err)
		}
		if email == nil {
			return nil // an OpenID Connect account without one
		}
		if err := forgetSignIns(ctx, tx, digest, *email); err != nil {
			return fmt.Errorf("store: delete user %d: sign-in counters: %w", id, err)
		}
		// An invitation someone sent to the address stays theirs, and its
		// link still works; only the address goes.
		if _, err := tx.Exec(ctx, `UPDATE care_links SET invite_email = NULL, updated_at = now() WHERE invite_email = $1`, *email); err != nil {
			return fmt.Errorf("store: delete user %d: invitations to its email: %w", id, err)
		}
		return nil
	})
}

// ExportUser reads the live schema for every table with a user_id column,
// so a table added later is exported without touching this code.
func (db *DB) ExportUser(ctx context.Context, id int64) (map[string][]json.RawMessage, error) {
	tables, err := UserTables(ctx, db.Pool)
	if err != nil {
		return nil, err
	}
	out := map[string][]json.RawMessage{}
	collect := func(name, sql string) error {
		rows, err := db.Pool.Query(ctx, sql, id)
		if err != nil {
			return fmt.Errorf("store: export %s: %w", name, err)
		}
		list, err := pgx.CollectRows(rows, pgx.RowTo[json.RawMessage])
		if err != nil {
			return fmt.Errorf("store: export %s: %w", name, err)
		}
		out[name] = list
		return nil
	}
	if err := collect("users", `SELECT to_jsonb(t) - 'password_hash' FROM users t WHERE id = $1`); err != nil {
		return nil, err
	}
	if len(out["users"]) == 0 {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "User not found.")
	}
	for _, table := range tables {
		// secret_link: an invitation's or a confirmation's token on its
		// way out by email.
		sql := `SELECT to_jsonb(t) - 'token_hash' - 'password_hash' - 'secret_link' - 'confirm_token_hash' FROM ` + pgx.Identifier{table}.Sanitize() + ` t WHERE user_id = $1`
		if err := collect(table, sql); err != nil {
			return nil, err
		}
	}
	// The care circle from the supporter's side: the people they support
	// (user_id is the wearer's there).
	if err := collect("care_links_as_supporter", `SELECT to_jsonb(t) - 'token_hash' FROM care_links t WHERE supporter_id = $1`); err != nil {
		return nil, err
	}
	// The notes they wrote, without whether the wearer muted them.
	if err := collect("care_notes_as_supporter", `SELECT to_jsonb(t) - 'muted' - 'read_at' FROM care_notes t WHERE supporter_id = $1`); err != nil {
		return nil, err
	}
	return out, nil
}

// UserTables lists the tables that hold a user's rows (a user_id column).
func UserTables(ctx context.Context, q interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}) ([]string, error) {
	rows, err := q.Query(ctx, `
		SELECT c.table_name FROM information_schema.columns c
		JOIN information_schema.tables t USING (table_schema, table_name)
		WHERE c.table_schema = current_schema() AND c.column_name = 'user_id' AND t.table_type = 'BASE TABLE'
		ORDER BY c.table_name`)
	if err != nil {
		return nil, fmt.Errorf("store: list user tables: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}
