package storebench_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"lifeline"
	"lifeline/store"
	"lifeline/store/storebench"
	"lifeline/store/storetest"
)

// schemaOf lists every index and constraint definition of the tables the
// seeder rebuilds.
func schemaOf(t *testing.T, db *store.DB) string {
	t.Helper()
	var out string
	err := db.Pool.QueryRow(context.Background(), `
		SELECT string_agg(d, E'\n' ORDER BY d) FROM (
			SELECT indexdef AS d FROM pg_indexes WHERE tablename IN ('check_ins', 'locations')
			UNION ALL
			SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) || ' ' || convalidated
			FROM pg_constraint WHERE conrelid IN ('check_ins'::regclass, 'locations'::regclass)) x`).Scan(&out)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestSeedAPIBench(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	before := schemaOf(t, db)
	now := time.Date(2026, 11, 22, 8, 30, 0, 0, time.UTC)
	seed := storebench.APISeed{Users: 7, Days: 45, Fixes: 700, FixEvery: 5 * time.Minute, PasswordHash: "$argon2id$x", Now: now}
	res, err := storebench.SeedAPI(ctx, db, seed)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Users) != 7 || res.CheckIns != 7*45 || res.Fixes != 7*700 {
		t.Fatalf("seeded %d users, %d check-ins, %d fixes; want 7, 315, 4900", len(res.Users), res.CheckIns, res.Fixes)
	}
	if after := schemaOf(t, db); after != before {
		t.Errorf("indexes and constraints differ after seeding:\nbefore:\n%s\nafter:\n%s", before, after)
	}

	today := lifeline.Date{Time: time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)}
	for _, u := range res.Users {
		all, err := db.FindCheckIns(ctx, u.ID, lifeline.CheckInFilter{Limit: 1000})
		if err != nil {
			t.Fatal(err)
		}
		if len(all) != 45 || all[0].Date != today || all[44].Date != (lifeline.Date{Time: today.AddDate(0, 0, -44)}) {
			t.Fatalf("user %d: %d check-ins from %v to %v, want 45 ending today", u.ID, len(all), all[len(all)-1].Date, all[0].Date)
		}
		latest, err := db.LatestFix(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !latest.Timestamp.Equal(now) || latest.DeviceID != u.DeviceID || latest.BatteryLevel == nil {
			t.Errorf("user %d: latest fix %+v, want one at %v from %s with a battery level", u.ID, latest, now, u.DeviceID)
		}
		// Yesterday's track: a fix every five minutes, all day.
		day := today.AddDate(0, 0, -1)
		track, err := db.FindFixes(ctx, u.ID, lifeline.FixFilter{From: day, To: day.Add(24*time.Hour - time.Second), Limit: 1000})
		if err != nil {
			t.Fatal(err)
		}
		if len(track) != 288 {
			t.Errorf("user %d: %d fixes yesterday, want 288", u.ID, len(track))
		}
		user, hash, err := db.FindUserByEmail(ctx, u.Email)
		if err != nil || user.ID != u.ID || hash != seed.PasswordHash {
			t.Errorf("user %s: %v %v, want the one shared password hash", u.Email, user, err)
		}
	}
	// Every check-in value is one the API accepts: the constraints held, and
	// the hash spread the moods over the scale.
	var moods, uses int
	db.Pool.QueryRow(ctx, `SELECT count(DISTINCT mood), count(*) FILTER (WHERE substance_use) FROM check_ins`).Scan(&moods, &uses)
	if moods < 8 || uses == 0 {
		t.Errorf("%d distinct moods and %d days of use, want a spread", moods, uses)
	}

	hashes := make([][]byte, len(res.Users))
	ids := make([]int64, len(res.Users))
	for i, u := range res.Users {
		ids[i], hashes[i] = u.ID, []byte(strings.Repeat(string(rune('a'+i)), 32))
	}
	if err := storebench.SeedSessions(ctx, db, ids, hashes, now, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	s, err := db.FindSession(ctx, hashes[3])
	if err != nil || s.UserID != ids[3] {
		t.Errorf("seeded session: %+v %v", s, err)
	}

	if _, err := storebench.SeedAPI(ctx, db, seed); err == nil || !strings.Contains(err.Error(), "already has users") {
		t.Errorf("a second seed: %v, want a refusal", err)
	}
}

func TestExplainQueries(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 22, 8, 30, 0, 0, time.UTC)
	// Enough users that one user's rows are a small part of each table, as
	// in production, so the planner has a reason to use the indexes.
	res, err := storebench.SeedAPI(ctx, db, storebench.APISeed{Users: 200, Days: 40, Fixes: 400, FixEvery: 5 * time.Minute, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	var wearers []int64
	for _, u := range res.Users {
		wearers = append(wearers, u.ID)
	}
	supporters, err := storebench.SeedCaseload(ctx, db, storebench.CaseloadSeed{Supporters: 10, MaxPeople: 200, Full: 1, Wearers: wearers, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	var links int
	if err := db.Pool.QueryRow(ctx, `SELECT count(*) FROM care_links WHERE supporter_id = $1`, supporters[0]).Scan(&links); err != nil || links != 200 {
		t.Fatalf("the full supporter has %d people (%v), want 200", links, err)
	}
	day := time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)
	queries, err := storebench.APIPlanQueries(ctx, db, res.Users[0].ID, supporters[0], make([]byte, 32), day.AddDate(0, 0, 1),
		time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC), day, day.Add(24*time.Hour-time.Second))
	if err != nil {
		t.Fatal(err)
	}
	// Recorded from the store's own methods: the lookup every signed-in
	// request makes is the session query, with the token hash as argument.
	if len(queries) != 9 || !strings.Contains(queries[0].SQL, "FROM sessions") || len(queries[0].Args) != 1 {
		t.Fatalf("recorded %d queries, the first %+v; want 9, the first the session lookup", len(queries), queries[0])
	}
	plans, err := storebench.ExplainQueries(ctx, db, queries)
	if err != nil {
		t.Fatal(err)
	}
	if len(plans) != len(queries) {
		t.Fatalf("%d plans for %d queries", len(plans), len(queries))
	}
	for _, p := range plans {
		for _, text := range []string{p.Custom, p.Generic} {
			if !strings.Contains(text, "Execution Time") || !strings.Contains(text, "actual time") {
				t.Errorf("%s: not an EXPLAIN ANALYZE:\n%s", p.Name, text)
			}
		}
		// A day's track returns the 288 fixes of that day.
		if p.Name == "FindFixes (a day)" && !strings.Contains(p.Custom, "rows=288") {
			t.Errorf("the day's track plan does not return 288 rows:\n%s", p.Custom)
		}
		// Ranges are index conditions in the generic plan too: no reading
		// of the user's whole history to filter it.
		if strings.HasPrefix(p.Name, "FindFixes") || strings.HasPrefix(p.Name, "FindCheckIns") {
			if strings.Contains(p.Generic, "Rows Removed by Filter") {
				t.Errorf("%s: the generic plan filters rows instead of bounding the index scan:\n%s", p.Name, p.Generic)
			}
		}
	}
}

func TestExplainQueriesFlagsSeqScans(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	byFirstName := []storebench.PlanQuery{{Endpoint: "test", Name: "by first name",
		SQL: `SELECT id FROM users WHERE first_name = $1`, Args: []any{"Ada"}}}
	// Nothing indexes first_name: the plan reads users whole. Fifty rows
	// read whole are no finding; two thousand are.
	for _, tt := range []struct {
		users int
		want  []string
	}{{50, nil}, {2000, []string{"users"}}} {
		if _, err := db.Pool.Exec(ctx, `DELETE FROM users`); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Pool.Exec(ctx, `INSERT INTO users (email) SELECT 'u' || g || '@example.org' FROM generate_series(1, $1::int) g`, tt.users); err != nil {
			t.Fatal(err)
		}
		plans, err := storebench.ExplainQueries(ctx, db, byFirstName)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(plans[0].SeqScans, tt.want) {
			t.Errorf("%d users: seq scans %v, want %v in:\n%s", tt.users, plans[0].SeqScans, tt.want, plans[0].Custom)
		}
	}
}
