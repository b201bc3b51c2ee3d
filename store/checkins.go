package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline"
)

var _ lifeline.CheckInService = (*DB)(nil)

const checkInColumns = `id, local_date, created_at, mood, craving_intensity, coalesce(mood_description, ''), triggers,
	coalesce(trigger_description, ''), substance_use, coalesce(substance_details, ''), coping_strategies, coalesce(notes, ''), updated_at`

func scanCheckIn(row pgx.Row) (*lifeline.CheckIn, error) {
	var c lifeline.CheckIn
	var date time.Time
	err := row.Scan(&c.ID, &date, &c.CreatedAt, &c.Mood, &c.CravingIntensity, &c.MoodDescription, &c.Triggers,
		&c.TriggerDescription, &c.SubstanceUse, &c.SubstanceDetails, &c.CopingStrategies, &c.Notes, &c.UpdatedAt)
	c.Date = lifeline.Date{Time: date}
	return &c, err
}

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// emptyLists stores a check-in's missing lists as empty ones.
func emptyLists(c *lifeline.CheckIn) {
	if c.Triggers == nil {
		c.Triggers = []string{}
	}
	if c.CopingStrategies == nil {
		c.CopingStrategies = []string{}
	}
}

func (db *DB) CreateCheckIn(ctx context.Context, userID int64, c *lifeline.CheckIn) error {
	emptyLists(c)
	row := db.Pool.QueryRow(ctx, `
		INSERT INTO check_ins (user_id, local_date, mood, craving_intensity, mood_description, triggers,
			trigger_description, substance_use, substance_details, coping_strategies, notes)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
		RETURNING id, created_at`,
		userID, c.Date.Time, c.Mood, c.CravingIntensity, nullIfEmpty(c.MoodDescription), c.Triggers,
		nullIfEmpty(c.TriggerDescription), c.SubstanceUse, nullIfEmpty(c.SubstanceDetails), c.CopingStrategies, nullIfEmpty(c.Notes))
	err := row.Scan(&c.ID, &c.CreatedAt)
	if uniqueViolation(err) == "check_ins_one_per_local_date" {
		return lifeline.Errorf(lifeline.ECONFLICT, "You've already completed your daily check-in for today. Come back tomorrow!")
	}
	if err != nil {
		return fmt.Errorf("store: create check-in: %w", err)
	}
	return nil
}

func (db *DB) FindCheckIn(ctx context.Context, userID int64, date lifeline.Date) (*lifeline.CheckIn, error) {
	c, err := scanCheckIn(db.Pool.QueryRow(ctx, `SELECT `+checkInColumns+` FROM check_ins WHERE user_id = $1 AND local_date = $2`, userID, date.Time))
	if isNoRows(err) {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "No check-in on %s.", date)
	}
	if err != nil {
		return nil, fmt.Errorf("store: find check-in: %w", err)
	}
	return c, nil
}

// errNoCheckIn is the answer for an id that is not one of the user's
// check-ins, whether it is someone else's or none at all.
var errNoCheckIn = lifeline.Errorf(lifeline.ENOTFOUND, "Check-in not found.")

func (db *DB) FindCheckInByID(ctx context.Context, userID, id int64) (*lifeline.CheckIn, error) {
	c, err := scanCheckIn(db.Pool.QueryRow(ctx, `SELECT `+checkInColumns+` FROM check_ins WHERE id = $1 AND user_id = $2`, id, userID))
	if isNoRows(err) {
		return nil, errNoCheckIn
	}
	if err != nil {
		return nil, fmt.Errorf("store: find check-in %d: %w", id, err)
	}
	return c, nil
}

func (db *DB) UpdateCheckIn(ctx context.Context, userID int64, c *lifeline.CheckIn) error {
	emptyLists(c)
	saved, err := scanCheckIn(db.Pool.QueryRow(ctx, `
		UPDATE check_ins SET mood = $3, craving_intensity = $4, mood_description = $5, triggers = $6,
			trigger_description = $7, substance_use = $8, substance_details = $9, coping_strategies = $10,
			notes = $11, updated_at = now()
		WHERE id = $1 AND user_id = $2
		RETURNING `+checkInColumns,
		c.ID, userID, c.Mood, c.CravingIntensity, nullIfEmpty(c.MoodDescription), c.Triggers,
		nullIfEmpty(c.TriggerDescription), c.SubstanceUse, nullIfEmpty(c.SubstanceDetails), c.CopingStrategies,
		nullIfEmpty(c.Notes)))
	if isNoRows(err) {
		return errNoCheckIn
	}
	if err != nil {
		return fmt.Errorf("store: update check-in %d: %w", c.ID, err)
	}
	*c = *saved
	return nil
}

func (db *DB) DeleteCheckIn(ctx context.Context, userID, id int64) (*lifeline.CheckIn, error) {
	c, err := scanCheckIn(db.Pool.QueryRow(ctx, `DELETE FROM check_ins WHERE id = $1 AND user_id = $2 RETURNING `+checkInColumns, id, userID))
	if isNoRows(err) {
		return nil, errNoCheckIn
	}
	if err != nil {
		return nil, fmt.Errorf("store: delete check-in %d: %w", id, err)
	}
	return c, nil
}

func dateOrNil(d lifeline.Date) any {
	if d.IsZero() {
		return nil
	}
	return d.Time
}

// findCheckInsSQL: $1 user, $2 from, $3 to, $4 before (dates or NULL), $5
// limit. Open ends are infinities so the range stays an index condition in
// a generic plan too (see findLocationsSQL).
const findCheckInsSQL = `
	SELECT ` + checkInColumns + ` FROM check_ins
	WHERE user_id = $1
	  AND local_date >= coalesce($2::date, '-infinity')
	  AND local_date <= coalesce($3::date, 'infinity')
	  AND local_date < coalesce($4::date, 'infinity')
	ORDER BY local_date DESC
	LIMIT $5`

// findCheckInDatesSQL is findCheckInsSQL for the dates alone: an
// index-only scan of check_ins_one_per_local_date.
const findCheckInDatesSQL = `
	SELECT local_date FROM check_ins
	WHERE user_id = $1
	  AND local_date >= coalesce($2::date, '-infinity')
	  AND local_date <= coalesce($3::date, 'infinity')
	  AND local_date < coalesce($4::date, 'infinity')
	ORDER BY local_date DESC
	LIMIT $5`

func (db *DB) FindCheckInDates(ctx context.Context, userID int64, f lifeline.CheckInFilter) ([]lifeline.Date, error) {
	rows, err := db.Pool.Query(ctx, findCheckInDatesSQL, userID, dateOrNil(f.From), dateOrNil(f.To), dateOrNil(f.Before), f.Limit)
	if err != nil {
		return nil, fmt.Errorf("store: find check-in dates: %w", err)
	}
	dates, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (lifeline.Date, error) {
		var d time.Time
		err := row.Scan(&d)
		return lifeline.Date{Time: d}, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: find check-in dates: %w", err)
	}
	return dates, nil
}

func (db *DB) FindCheckIns(ctx context.Context, userID int64, f lifeline.CheckInFilter) ([]*lifeline.CheckIn, error) {
	rows, err := db.Pool.Query(ctx, findCheckInsSQL, userID, dateOrNil(f.From), dateOrNil(f.To), dateOrNil(f.Before), f.Limit)
	if err != nil {
		return nil, fmt.Errorf("store: find check-ins: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*lifeline.CheckIn, error) { return scanCheckIn(row) })
	if err != nil {
		return nil, fmt.Errorf("store: find check-ins: %w", err)
	}
	return list, nil
}

// findRecoverySQL: single-entry index probes (the first date from
// check_ins_one_per_local_date, the last use from the partial
// check_ins_substance_use_idx) rather than an aggregate over every one of
// the user's check-ins, and the user's sober date.
const findRecoverySQL = `
	SELECT (SELECT min(local_date) FROM check_ins WHERE user_id = $1),
		(SELECT max(local_date) FROM check_ins WHERE user_id = $1 AND substance_use),
		u.sober_date,
		(SELECT max(c.local_date) FROM check_ins c
		 WHERE c.user_id = $1 AND c.substance_use AND c.local_date > u.sober_date
		   AND coalesce(c.updated_at, c.created_at) > u.sober_date_set_at)
	FROM users u WHERE u.id = $1`

func (db *DB) FindRecovery(ctx context.Context, userID int64) (lifeline.Recovery, error) {
	var dates [4]*time.Time
	if err := db.Pool.QueryRow(ctx, findRecoverySQL, userID).Scan(&dates[0], &dates[1], &dates[2], &dates[3]); err != nil {
		return lifeline.Recovery{}, fmt.Errorf("store: find recovery: %w", err)
	}
	var rec lifeline.Recovery
	for i, dst := range []**lifeline.Date{&rec.First, &rec.LastUse, &rec.SoberDate, &rec.UseSinceSoberDate} {
		if dates[i] != nil {
			*dst = &lifeline.Date{Time: *dates[i]}
		}
	}
	return rec, nil
}

func (db *DB) SetSoberDate(ctx context.Context, userID int64, d *lifeline.Date) error {
	var date any
	if d != nil {
		date = d.Time
	}
	if _, err := db.Pool.Exec(ctx, `
		UPDATE users SET sober_date = $2::date, sober_date_set_at = CASE WHEN $2::date IS NULL THEN NULL ELSE now() END
		WHERE id = $1`, userID, date); err != nil {
		return fmt.Errorf("store: set sober date: %w", err)
	}
	return nil
}
