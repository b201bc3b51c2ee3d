package storebench_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"lifeline"
	"lifeline/store/storebench"
	"lifeline/store/storetest"
)

func TestMeasureFixesOnDisk(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	seed := storebench.APISeed{Users: 5, Fixes: 700, FixEvery: 5 * time.Minute, Now: time.Now()}
	seeded, err := storebench.SeedAPI(ctx, db, seed)
	if err != nil {
		t.Fatal(err)
	}
	got, err := storebench.MeasureFixesOnDisk(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if got.Fixes != 5*700 || got.Before.TotalBytes != got.Before.TableBytes+got.Before.IndexBytes || got.Before.IndexBytes == 0 {
		t.Fatalf("measured %+v, want 3500 fixes with a table and indexes", got)
	}
	// A fix is some 100 bytes of row and as much again of indexes.
	if per := got.Before.BytesPerFix; per < 80 || per > 1000 {
		t.Errorf("%.0f bytes per fix before compression, want a row's size", per)
	}

	switch storetest.Engine() {
	case storetest.EnginePlain:
		if got.Engine != "postgresql" || got.After != nil || got.Chunks != 0 {
			t.Errorf("on plain PostgreSQL: %+v, want engine postgresql and no compression", got)
		}
	case storetest.EngineTimescale:
		// 700 fixes 5 minutes apart span about two and a half days: three
		// or four daily chunks.
		if got.Engine != "timescaledb" || got.After == nil || got.Chunks < 3 {
			t.Fatalf("on TimescaleDB: %+v, want every daily chunk compressed", got)
		}
		if got.After.BytesPerFix >= got.Before.BytesPerFix/2 {
			t.Errorf("compressed: %.0f bytes per fix, before %.0f; want less than half", got.After.BytesPerFix, got.Before.BytesPerFix)
		}
		var compressed int
		if err := db.Pool.QueryRow(ctx, `SELECT count(*) FROM timescaledb_information.chunks WHERE hypertable_name = 'locations' AND is_compressed`).Scan(&compressed); err != nil || compressed != got.Chunks {
			t.Errorf("%d chunks compressed (%v), want %d", compressed, err, got.Chunks)
		}
	}
	track, err := db.FindFixes(ctx, seeded.Users[0].ID, lifeline.FixFilter{Limit: 1000})
	if err != nil || len(track) != 700 {
		t.Errorf("a user's track after the measurement: %d fixes (%v), want 700", len(track), err)
	}
}

func TestMeasureFixesOnDiskRefusesRealData(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	if _, err := db.Pool.Exec(ctx, `INSERT INTO users (email) VALUES ('someone@example.org')`); err != nil {
		t.Fatal(err)
	}
	if _, err := storebench.MeasureFixesOnDisk(ctx, db); err == nil || !strings.Contains(err.Error(), "benchmark") {
		t.Errorf("MeasureFixesOnDisk with a real user = %v, want a refusal", err)
	}
}
