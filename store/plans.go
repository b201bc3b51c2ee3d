package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"lifeline"
)

var _ lifeline.PlanService = (*DB)(nil)

// The plan tables, each one JSON object per user (migration 0002).
const (
	safetyPlans = "safety_plans"
	copingPlans = "coping_plans"
)

func (db *DB) FindSafetyPlan(ctx context.Context, userID int64) (*lifeline.SafetyPlan, error) {
	var p lifeline.SafetyPlan
	updated, err := db.findPlan(ctx, safetyPlans, userID, &p)
	if err != nil {
		return nil, err
	}
	p.UpdatedAt = &updated
	return &p, nil
}

func (db *DB) SaveSafetyPlan(ctx context.Context, userID int64, p *lifeline.SafetyPlan) error {
	updated, err := db.savePlan(ctx, safetyPlans, userID, p)
	if err != nil {
		return err
	}
	p.UpdatedAt = &updated
	return nil
}

func (db *DB) FindCopingPlan(ctx context.Context, userID int64) (*lifeline.CopingPlan, error) {
	var p lifeline.CopingPlan
	updated, err := db.findPlan(ctx, copingPlans, userID, &p)
	if err != nil {
		return nil, err
	}
	p.UpdatedAt = &updated
	return &p, nil
}

func (db *DB) SaveCopingPlan(ctx context.Context, userID int64, p *lifeline.CopingPlan) error {
	updated, err := db.savePlan(ctx, copingPlans, userID, p)
	if err != nil {
		return err
	}
	p.UpdatedAt = &updated
	return nil
}

// findPlan reads a user's plan from table into dst. Keys the plan type does
// not know are ignored, so an older or newer shape still loads.
func (db *DB) findPlan(ctx context.Context, table string, userID int64, dst any) (time.Time, error) {
	var raw []byte
	var updated time.Time
	err := db.Pool.QueryRow(ctx, `SELECT plan, updated_at FROM `+table+` WHERE user_id = $1`, userID).Scan(&raw, &updated)
	if isNoRows(err) {
		return time.Time{}, lifeline.Errorf(lifeline.ENOTFOUND, "No plan saved yet.")
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("store: find %s of user %d: %w", table, userID, err)
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		return time.Time{}, fmt.Errorf("store: decode %s of user %d: %w", table, userID, err)
	}
	return updated, nil
}

// savePlan upserts a user's plan. updatedAt lives in its column, not in the
// JSON.
func (db *DB) savePlan(ctx context.Context, table string, userID int64, plan any) (time.Time, error) {
	raw, err := json.Marshal(plan)
	if err != nil {
		return time.Time{}, fmt.Errorf("store: encode %s: %w", table, err)
	}
	var updated time.Time
	err = db.Pool.QueryRow(ctx, `
		INSERT INTO `+table+` AS p (user_id, plan) VALUES ($1, $2::jsonb - 'updatedAt')
		ON CONFLICT (user_id) DO UPDATE SET plan = excluded.plan, updated_at = now()
		RETURNING p.updated_at`, userID, string(raw)).Scan(&updated)
	if constraintViolated(err) == table+"_plan_size" {
		return time.Time{}, lifeline.Errorf(lifeline.EINVALID, "The plan is too long to save. Shorten some of its entries.")
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("store: save %s of user %d: %w", table, userID, err)
	}
	return updated, nil
}

// constraintViolated names the CHECK constraint err violated, or "".
func constraintViolated(err error) string {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23514" {
		return pgErr.ConstraintName
	}
	return ""
}
