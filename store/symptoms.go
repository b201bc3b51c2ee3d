package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.SymptomService = (*DB)(nil)

const symptomColumns = `id, coalesce(physical_symptom, ''), physical_severity, coalesce(mental_symptom, ''), mental_severity,
	duration, coalesce(notes, ''), logged_at, updated_at`

func scanSymptomLog(row pgx.Row) (*lifeline.SymptomLog, error) {
	var l lifeline.SymptomLog
	var physical, mental *int16
	err := row.Scan(&l.ID, &l.PhysicalSymptom, &physical, &l.MentalSymptom, &mental, &l.Duration, &l.Notes, &l.Date, &l.UpdatedAt)
	l.PhysicalSeverity, l.MentalSeverity = intOrNil(physical), intOrNil(mental)
	return &l, err
}

func intOrNil(v *int16) *int {
	if v == nil {
		return nil
	}
	n := int(*v)
	return &n
}

func symptomNotFound() error { return lifeline.Errorf(lifeline.ENOTFOUND, "Symptom log not found.") }

func (db *DB) CreateSymptomLog(ctx context.Context, userID int64, l *lifeline.SymptomLog) error {
	row := db.Pool.QueryRow(ctx, `
		INSERT INTO symptom_logs (user_id, physical_symptom, physical_severity, mental_symptom, mental_severity, duration, notes, logged_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8, now()))
		RETURNING `+symptomColumns,
		userID, nullIfEmpty(l.PhysicalSymptom), l.PhysicalSeverity, nullIfEmpty(l.MentalSymptom), l.MentalSeverity,
		l.Duration, nullIfEmpty(l.Notes), timeOrNil(l.Date))
	created, err := scanSymptomLog(row)
	if err != nil {
		return fmt.Errorf("store: create symptom log: %w", err)
	}
	*l = *created
	return nil
}

func (db *DB) UpdateSymptomLog(ctx context.Context, userID int64, l *lifeline.SymptomLog) error {
	row := db.Pool.QueryRow(ctx, `
		UPDATE symptom_logs SET physical_symptom = $3, physical_severity = $4, mental_symptom = $5, mental_severity = $6,
			duration = $7, notes = $8, updated_at = now()
		WHERE id = $1 AND user_id = $2
		RETURNING `+symptomColumns,
		l.ID, userID, nullIfEmpty(l.PhysicalSymptom), l.PhysicalSeverity, nullIfEmpty(l.MentalSymptom), l.MentalSeverity,
		l.Duration, nullIfEmpty(l.Notes))
	updated, err := scanSymptomLog(row)
	if isNoRows(err) {
		return symptomNotFound()
	}
	if err != nil {
		return fmt.Errorf("store: update symptom log %d: %w", l.ID, err)
	}
	*l = *updated
	return nil
}

func (db *DB) DeleteSymptomLog(ctx context.Context, userID, logID int64) error {
	tag, err := db.Pool.Exec(ctx, `DELETE FROM symptom_logs WHERE id = $1 AND user_id = $2`, logID, userID)
	if err != nil {
		return fmt.Errorf("store: delete symptom log %d: %w", logID, err)
	}
	if tag.RowsAffected() == 0 {
		return symptomNotFound()
	}
	return nil
}

func (db *DB) FindSymptomLog(ctx context.Context, userID, logID int64) (*lifeline.SymptomLog, error) {
	l, err := scanSymptomLog(db.Pool.QueryRow(ctx,
		`SELECT `+symptomColumns+` FROM symptom_logs WHERE id = $1 AND user_id = $2`, logID, userID))
	if isNoRows(err) {
		return nil, symptomNotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("store: find symptom log %d: %w", logID, err)
	}
	return l, nil
}

func (db *DB) FindSymptomLogs(ctx context.Context, userID int64, f lifeline.SymptomFilter) ([]*lifeline.SymptomLog, error) {
	rows, err := db.Pool.Query(ctx, `
		SELECT `+symptomColumns+` FROM symptom_logs
		WHERE user_id = $1
		  AND ($2::timestamptz IS NULL OR logged_at >= $2)
		  AND ($3::timestamptz IS NULL OR logged_at < $3)
		ORDER BY logged_at DESC, id DESC
		LIMIT $4`,
		userID, timeOrNil(f.From), timeOrNil(f.To), f.Limit)
	if err != nil {
		return nil, fmt.Errorf("store: find symptom logs: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*lifeline.SymptomLog, error) { return scanSymptomLog(row) })
	if err != nil {
		return nil, fmt.Errorf("store: find symptom logs: %w", err)
	}
	return list, nil
}
