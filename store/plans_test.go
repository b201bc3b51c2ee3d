package store_test

import (
	"context"
	"strings"
	"testing"

	"lifeline"
	"lifeline/store/storetest"
)

func TestPlansAreUpsertedPerUser(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	var alice, bruno int64
	db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ('a@example.org') RETURNING id`).Scan(&alice)
	db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ('b@example.org') RETURNING id`).Scan(&bruno)

	if _, err := db.FindSafetyPlan(ctx, alice); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("safety plan before saving = %v, want ENOTFOUND", err)
	}
	if _, err := db.FindCopingPlan(ctx, alice); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("coping plan before saving = %v, want ENOTFOUND", err)
	}

	safety := &lifeline.SafetyPlan{
		WarningSigns:  []string{"Skipping meals", "Not answering my phone"},
		Professionals: []lifeline.PlanContact{{Name: "Dr Lee", Phone: "555-0102"}},
	}
	if err := db.SaveSafetyPlan(ctx, alice, safety); err != nil || safety.UpdatedAt == nil {
		t.Fatalf("save = %v, updatedAt %v", err, safety.UpdatedAt)
	}
	safety.ReasonsForLiving = []string{"My daughter"}
	if err := db.SaveSafetyPlan(ctx, alice, safety); err != nil {
		t.Fatal(err)
	}
	got, err := db.FindSafetyPlan(ctx, alice)
	if err != nil || len(got.WarningSigns) != 2 || got.ReasonsForLiving[0] != "My daughter" || got.Professionals[0].Phone != "555-0102" || got.UpdatedAt == nil {
		t.Fatalf("safety plan read back as %+v, %v", got, err)
	}
	var stored string
	db.Pool.QueryRow(ctx, `SELECT plan::text FROM safety_plans WHERE user_id = $1`, alice).Scan(&stored)
	if strings.Contains(stored, "updatedAt") {
		t.Errorf("updatedAt was stored inside the plan: %s", stored)
	}
	if _, err := db.FindSafetyPlan(ctx, bruno); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("the other user sees a safety plan: %v", err)
	}

	coping := &lifeline.CopingPlan{CopingActions: []string{"Walk the dog"}, PeopleToCall: []lifeline.PlanContact{{Name: "Sam", Phone: "555-0104"}}}
	if err := db.SaveCopingPlan(ctx, bruno, coping); err != nil {
		t.Fatal(err)
	}
	if c, err := db.FindCopingPlan(ctx, bruno); err != nil || c.CopingActions[0] != "Walk the dog" || c.PeopleToCall[0].Name != "Sam" {
		t.Errorf("coping plan read back as %+v, %v", c, err)
	}
	if _, err := db.FindCopingPlan(ctx, alice); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("the other user sees a coping plan: %v", err)
	}
}

func TestPlanOverTheDatabaseLimitIsInvalid(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	var user int64
	db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ('a@example.org') RETURNING id`).Scan(&user)
	huge := &lifeline.CopingPlan{SafePlaces: []string{strings.Repeat("é", 40000)}}
	if err := db.SaveCopingPlan(ctx, user, huge); lifeline.ErrorCode(err) != lifeline.EINVALID {
		t.Errorf("a plan over 64 KiB = %v, want EINVALID", err)
	}
}
