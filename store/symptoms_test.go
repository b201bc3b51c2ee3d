package store_test

import (
	"context"
	"testing"
	"time"

	"lifeline"
	"lifeline/store/storetest"
)

func TestSymptomLogsStayWithTheirOwner(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	var alice, bruno int64
	db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ('a@example.org') RETURNING id`).Scan(&alice)
	db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ('b@example.org') RETURNING id`).Scan(&bruno)
	five := 5
	at := time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC)
	older := &lifeline.SymptomLog{MentalSymptom: "Anxiety", MentalSeverity: &five, Duration: "All day", Date: at}
	newer := &lifeline.SymptomLog{PhysicalSymptom: "Headache", PhysicalSeverity: &five, Duration: "1-4 hours", Notes: "after lunch", Date: at.Add(time.Hour)}
	for _, l := range []*lifeline.SymptomLog{older, newer} {
		if err := db.CreateSymptomLog(ctx, alice, l); err != nil {
			t.Fatal(err)
		}
	}
	if older.ID == 0 || !older.Date.Equal(at) || older.PhysicalSeverity != nil || *older.MentalSeverity != 5 || older.PhysicalSymptom != "" {
		t.Errorf("created = %+v", older)
	}
	list, err := db.FindSymptomLogs(ctx, alice, lifeline.SymptomFilter{Limit: 10})
	if err != nil || len(list) != 2 || list[0].ID != newer.ID {
		t.Fatalf("list = %v, %v; want newest first", list, err)
	}
	window, _ := db.FindSymptomLogs(ctx, alice, lifeline.SymptomFilter{From: at.Add(time.Minute), To: at.Add(2 * time.Hour), Limit: 10})
	if len(window) != 1 || window[0].ID != newer.ID {
		t.Errorf("window = %v", window)
	}
	if others, _ := db.FindSymptomLogs(ctx, bruno, lifeline.SymptomFilter{Limit: 10}); len(others) != 0 {
		t.Errorf("the other user sees %d logs", len(others))
	}
	if _, err := db.FindSymptomLog(ctx, bruno, newer.ID); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("another user's find = %v", err)
	}
	stolen := *newer
	if err := db.UpdateSymptomLog(ctx, bruno, &stolen); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("another user's update = %v", err)
	}
	if err := db.DeleteSymptomLog(ctx, bruno, newer.ID); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("another user's delete = %v", err)
	}
	newer.PhysicalSeverity, newer.Notes = nil, ""
	if err := db.UpdateSymptomLog(ctx, alice, newer); err != nil || newer.PhysicalSeverity != nil || newer.Notes != "" || !newer.Date.Equal(at.Add(time.Hour)) {
		t.Errorf("update = %+v, %v", newer, err)
	}
	if err := db.DeleteSymptomLog(ctx, alice, newer.ID); err != nil {
		t.Error(err)
	}
}
