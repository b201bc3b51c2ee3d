package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline/store"
	"lifeline/store/storebench"
	"lifeline/store/storetest"
)

// The claim runs every second on every node, over an outbox that may hold
// thousands of rows waiting for slow destinations: it walks outbox_due_idx
// lane by lane and stops, never reading the due rows whole to sort them.
// That holds just after a burst into an outbox autovacuum last saw empty
// (the planner then reckons a handful of rows and would read them all and
// sort), and after; for the custom plan of a connection's first
// executions and the generic plan it keeps.
func TestClaimWalksTheDueIndex(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := db.Pool.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%v\n%s", err, sql)
		}
	}
	exec(`INSERT INTO users (email, first_name, last_name) SELECT 'p' || g || '@example.org', 'P', 'Doe' FROM generate_series(1, 100) g`)
	exec(`INSERT INTO channels (user_id, kind, address, confirmed_at) SELECT id, 'webhook', 'https://h' || id || '.example.org/hook', now() FROM users`)
	// An empty outbox, counted by autovacuum.
	exec(`VACUUM ANALYZE outbox`)
	// Then a burst: each person presses "Send a test" 100 times, one
	// after the other.
	for person := range 100 {
		exec(`INSERT INTO outbox (user_id, recipient_id, role, purpose, channel, channel_id, idempotency_key)
			SELECT c.user_id, c.user_id, 'wearer', 'test', 'webhook', c.id, 'load:' || c.id || ':' || g
			FROM channels c, generate_series(1, 100) g WHERE c.user_id = (SELECT min(id) FROM users) + $1`, person)
	}
	var busy []int64
	if err := db.Pool.QueryRow(ctx, `SELECT array_agg(DISTINCT user_id) FROM (SELECT user_id FROM outbox WHERE state = 'pending' ORDER BY id LIMIT 600) o`).Scan(&busy); err != nil {
		t.Fatal(err)
	}
	args := pgx.NamedArgs{
		"now": time.Now(), "lease": 60.0, "limit": 20, "alert_limit": 28, "other_limit": 16, "share": 4,
		"busy_users": busy, "busy_destinations": []string{}, "scan": 100,
	}
	for _, stats := range []string{"before autovacuum saw the burst", "after"} {
		if stats == "after" {
			exec(`VACUUM ANALYZE outbox`)
		}
		for _, mode := range []string{"force_custom_plan", "force_generic_plan"} {
			plan := explainClaim(t, db, mode, args)
			for _, bad := range []string{"Seq Scan on outbox", "Bitmap Heap Scan on outbox", "JIT:"} {
				if strings.Contains(plan, bad) || !strings.Contains(plan, "Index Scan using outbox_due_idx") {
					t.Errorf("%s, %s: the claim does not walk outbox_due_idx alone (%q):\n%s", stats, mode, bad, plan)
					break
				}
			}
			t.Logf("claim over a burst of 10,000 rows, %s, %s:\n%s", stats, mode, plan)
		}
	}
}

// explainClaim explains the claim as Claim runs it, in a transaction under
// its planner settings, with the plan cache mode given.
func explainClaim(t *testing.T, db *store.DB, mode string, args pgx.NamedArgs) string {
	t.Helper()
	ctx := context.Background()
	tx, err := db.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, store.ClaimSettings); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, "SET LOCAL plan_cache_mode = "+mode); err != nil {
		t.Fatal(err)
	}
	sql, values, err := args.RewriteQuery(ctx, tx.Conn(), store.ClaimSQL, nil)
	if err != nil {
		t.Fatal(err)
	}
	desc, err := tx.Conn().Prepare(ctx, "claim_"+mode, sql)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := storebench.ExplainPrepared(ctx, tx.Conn(), desc, values)
	if err != nil {
		t.Fatal(err)
	}
	if err := tx.Conn().Deallocate(ctx, desc.Name); err != nil {
		t.Fatal(err)
	}
	return plan
}
