package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline/store"
	"lifeline/store/storetest"
)

// The claim runs every second on every node, over an outbox that may hold
// thousands of rows waiting for slow destinations: it walks outbox_due_idx
// lane by lane and stops, never reading the table whole.
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
	exec(`INSERT INTO outbox (user_id, recipient_id, role, purpose, channel, channel_id, idempotency_key, next_attempt_at)
		SELECT c.user_id, c.user_id, 'wearer', 'test', 'webhook', c.id, 'load:' || c.id || ':' || g, now() - g * interval '1 second'
		FROM channels c, generate_series(1, 200) g`)
	exec(`INSERT INTO outbox (user_id, recipient_id, role, purpose, channel, channel_id, idempotency_key, state)
		SELECT c.user_id, c.user_id, 'wearer', 'test', 'webhook', c.id, 'done:' || c.id || ':' || g, 'skipped'
		FROM channels c, generate_series(1, 200) g`)
	exec(`ANALYZE outbox`)

	rows, err := db.Pool.Query(ctx, "EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) "+store.ClaimSQL, pgx.NamedArgs{
		"now": time.Now(), "lease": 60.0, "limit": 20, "alert_limit": 28, "other_limit": 16, "share": 4,
		"busy_users": []int64{}, "busy_destinations": []string{}, "scan": 100,
	})
	if err != nil {
		t.Fatal(err)
	}
	lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	plan := strings.Join(lines, "\n")
	if !strings.Contains(plan, "outbox_due_idx") || strings.Contains(plan, "Seq Scan on outbox") {
		t.Errorf("the claim does not walk outbox_due_idx:\n%s", plan)
	}
	t.Logf("claim over 20,000 pending and 20,000 settled rows:\n%s", plan)
}
