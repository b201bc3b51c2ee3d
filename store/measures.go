package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.MeasureService = (*DB)(nil)

const measureColumns = `id, user_id, instrument, answers, total, band, subscores, coalesce(note, ''), taken_at`

func scanMeasureResponse(row pgx.CollectableRow) (lifeline.MeasureResponse, error) {
	var r lifeline.MeasureResponse
	var answers []*int16
	var subscores []byte
	err := row.Scan(&r.ID, &r.UserID, &r.Instrument, &answers, &r.Total, &r.Band, &subscores, &r.Note, &r.TakenAt)
	if err != nil {
		return r, err
	}
	r.Answers = make([]*int, len(answers))
	for i, a := range answers {
		if a != nil {
			v := int(*a)
			r.Answers[i] = &v
		}
	}
	if err := json.Unmarshal(subscores, &r.Subscores); err != nil {
		return r, fmt.Errorf("subscores: %w", err)
	}
	if len(r.Subscores) == 0 {
		r.Subscores = nil
	}
	return r, nil
}

func (db *DB) SaveMeasureResponse(ctx context.Context, r *lifeline.MeasureResponse) error {
	answers := make([]*int16, len(r.Answers))
	for i, a := range r.Answers {
		if a != nil {
			v := int16(*a)
			answers[i] = &v
		}
	}
	subscores := r.Subscores
	if subscores == nil {
		subscores = map[string]int{}
	}
	doc, err := json.Marshal(subscores)
	if err != nil {
		return fmt.Errorf("store: save measure response: %w", err)
	}
	var takenAt any
	if !r.TakenAt.IsZero() {
		takenAt = r.TakenAt
	}
	err = db.Pool.QueryRow(ctx, `
		INSERT INTO measure_responses (user_id, instrument, answers, total, band, subscores, note, taken_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8, now()))
		RETURNING id, taken_at`,
		r.UserID, r.Instrument, answers, r.Total, r.Band, doc, nullIfEmpty(r.Note), takenAt).Scan(&r.ID, &r.TakenAt)
	if err != nil {
		return fmt.Errorf("store: save %s response of user %d: %w", r.Instrument, r.UserID, err)
	}
	return nil
}

func (db *DB) MeasureResponses(ctx context.Context, userID int64, since time.Time) ([]lifeline.MeasureResponse, error) {
	rows, err := db.Pool.Query(ctx, `SELECT `+measureColumns+` FROM measure_responses
		WHERE user_id = $1 AND taken_at >= $2 ORDER BY taken_at, id`, userID, since)
	if err != nil {
		return nil, fmt.Errorf("store: measure responses of user %d: %w", userID, err)
	}
	list, err := pgx.CollectRows(rows, scanMeasureResponse)
	if err != nil {
		return nil, fmt.Errorf("store: measure responses of user %d: %w", userID, err)
	}
	return list, nil
}

func (db *DB) MeasureHistory(ctx context.Context, userID int64, instrument string, limit int) ([]lifeline.MeasureResponse, error) {
	rows, err := db.Pool.Query(ctx, `SELECT `+measureColumns+` FROM measure_responses
		WHERE user_id = $1 AND instrument = $2 ORDER BY taken_at DESC, id DESC LIMIT $3`, userID, instrument, limit)
	if err != nil {
		return nil, fmt.Errorf("store: %s history of user %d: %w", instrument, userID, err)
	}
	list, err := pgx.CollectRows(rows, scanMeasureResponse)
	if err != nil {
		return nil, fmt.Errorf("store: %s history of user %d: %w", instrument, userID, err)
	}
	return list, nil
}

func (db *DB) SetMeasureNote(ctx context.Context, userID, id int64, note string) (*lifeline.MeasureResponse, error) {
	rows, err := db.Pool.Query(ctx, `UPDATE measure_responses SET note = $3
		WHERE id = $2 AND user_id = $1 RETURNING `+measureColumns, userID, id, nullIfEmpty(note))
	if err != nil {
		return nil, fmt.Errorf("store: note of measure response %d: %w", id, err)
	}
	r, err := pgx.CollectExactlyOneRow(rows, scanMeasureResponse)
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Response not found.")
	}
	if err != nil {
		return nil, fmt.Errorf("store: note of measure response %d: %w", id, err)
	}
	return &r, nil
}

func (db *DB) DeleteMeasureResponse(ctx context.Context, userID, id int64) error {
	tag, err := db.Pool.Exec(ctx, `DELETE FROM measure_responses WHERE id = $2 AND user_id = $1`, userID, id)
	if err != nil {
		return fmt.Errorf("store: delete measure response %d: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
		return lifeline.Errorf(lifeline.ENOTFOUND, "Response not found.")
	}
	return nil
}

func (db *DB) MeasureSchedules(ctx context.Context, userID int64) (map[string]lifeline.MeasureSchedule, map[string]time.Time, error) {
	schedules := map[string]lifeline.MeasureSchedule{}
	rows, err := db.Pool.Query(ctx, `SELECT instrument, every_days, reminded_at FROM measure_schedules WHERE user_id = $1`, userID)
	if err != nil {
		return nil, nil, fmt.Errorf("store: measure schedules of user %d: %w", userID, err)
	}
	var s lifeline.MeasureSchedule
	_, err = pgx.ForEachRow(rows, []any{&s.Instrument, &s.EveryDays, &s.RemindedAt}, func() error {
		s.Chosen = true
		schedules[s.Instrument] = s
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("store: measure schedules of user %d: %w", userID, err)
	}
	last := map[string]time.Time{}
	rows, err = db.Pool.Query(ctx, `SELECT instrument, max(taken_at) FROM measure_responses WHERE user_id = $1 GROUP BY instrument`, userID)
	if err != nil {
		return nil, nil, fmt.Errorf("store: last measure responses of user %d: %w", userID, err)
	}
	var instrument string
	var at time.Time
	_, err = pgx.ForEachRow(rows, []any{&instrument, &at}, func() error {
		last[instrument] = at
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("store: last measure responses of user %d: %w", userID, err)
	}
	return schedules, last, nil
}

func (db *DB) SetMeasureSchedule(ctx context.Context, userID int64, instrument string, everyDays int) error {
	_, err := db.Pool.Exec(ctx, `
		INSERT INTO measure_schedules (user_id, instrument, every_days) VALUES ($1, $2, $3)
		ON CONFLICT (user_id, instrument) DO UPDATE SET every_days = excluded.every_days, updated_at = now()`,
		userID, instrument, everyDays)
	if err != nil {
		return fmt.Errorf("store: schedule %s of user %d: %w", instrument, userID, err)
	}
	return nil
}

func (db *DB) EnsureMeasureSchedule(ctx context.Context, userID int64, instrument string, everyDays int) error {
	_, err := db.Pool.Exec(ctx, `
		INSERT INTO measure_schedules (user_id, instrument, every_days) VALUES ($1, $2, $3)
		ON CONFLICT (user_id, instrument) DO NOTHING`, userID, instrument, everyDays)
	if err != nil {
		return fmt.Errorf("store: default schedule %s of user %d: %w", instrument, userID, err)
	}
	return nil
}

// QueueMeasureReminders marks each schedule whose due date (its newest
// response plus every_days) has come and was not reminded yet, and queues
// one row per person, local day and enabled channel. The key
// "measure:user:day:channel" keeps it to one a day however many nodes run
// this at once, and two questionnaires due the same day make one message.
// A schedule without any response is due at once on the person's list but
// is not reminded: nothing was taken yet to count from.
func (db *DB) QueueMeasureReminders(ctx context.Context, now time.Time) (int, error) {
	tag, err := db.Pool.Exec(ctx, `
		WITH due AS (
			SELECT s.user_id, s.instrument
			FROM measure_schedules s
			JOIN LATERAL (SELECT max(r.taken_at) AS last FROM measure_responses r
			              WHERE r.user_id = s.user_id AND r.instrument = s.instrument) r ON r.last IS NOT NULL
			WHERE s.every_days > 0
			  AND r.last + make_interval(days => s.every_days) <= $1
			  AND (s.reminded_at IS NULL OR s.reminded_at < r.last + make_interval(days => s.every_days))
			FOR UPDATE OF s SKIP LOCKED
		), marked AS (
			UPDATE measure_schedules s SET reminded_at = $1
			FROM due d WHERE s.user_id = d.user_id AND s.instrument = d.instrument
			RETURNING s.user_id
		)
		INSERT INTO outbox (user_id, recipient_id, role, purpose, channel, channel_id, idempotency_key, next_attempt_at)
		SELECT DISTINCT m.user_id, m.user_id, 'wearer', 'measure_reminder', c.kind, c.id,
		       'measure:' || m.user_id || ':' || to_char($1::timestamptz AT TIME ZONE u.timezone, 'YYYY-MM-DD') || ':' || c.id, $1
		FROM marked m JOIN users u ON u.id = m.user_id JOIN channels c ON c.user_id = m.user_id AND c.enabled
		ON CONFLICT (idempotency_key) DO NOTHING`, now)
	if err != nil {
		return 0, fmt.Errorf("store: queue measure reminders: %w", err)
	}
	return int(tag.RowsAffected()), nil
}
