package store_test

import (
	"context"
	"io/fs"
	"testing"
	"testing/fstest"

	"lifeline/migrations"
	"lifeline/store"
)

// migrationsBefore is the schema as it was before version.
func migrationsBefore(t *testing.T, version string) fs.FS {
	t.Helper()
	files, err := fs.ReadDir(migrations.FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	old := fstest.MapFS{}
	for _, f := range files {
		if f.Name() < version {
			data, err := fs.ReadFile(migrations.FS, f.Name())
			if err != nil {
				t.Fatal(err)
			}
			old[f.Name()] = &fstest.MapFile{Data: data}
		}
	}
	return old
}

// TestMigrateOneOutboxAndChannelModel: a database with an invitation email
// waiting, a push subscription with a push row waiting, and an email
// channel comes out of 0029-0031 with the email in the outbox, the
// subscription a push channel its row still names, and the email address
// confirmed (it was added before addresses needed confirming).
func TestMigrateOneOutboxAndChannelModel(t *testing.T) {
	pool := emptyPool(t)
	ctx := context.Background()
	if _, err := store.Migrate(ctx, pool, migrationsBefore(t, "0029"), store.TimescaleOff); err != nil {
		t.Fatal(err)
	}
	for _, sql := range []string{
		`INSERT INTO users (email, first_name) VALUES ('alex@example.org', 'Alex')`,
		`INSERT INTO care_links (user_id, invite_email, token_hash, expires_at) SELECT id, 'jo@example.org', sha256('t'), now() + interval '7 days' FROM users`,
		`INSERT INTO invitation_emails (user_id, link_id, accept_url) SELECT user_id, id, 'https://lifeline.example.org/care/accept#token=t' FROM care_links`,
		`INSERT INTO notification_channels (user_id, kind, address) SELECT id, 'email', 'alex@example.org' FROM users`,
		`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, label) SELECT id, 'https://push.example.org/abc', repeat('A', 87), repeat('B', 22), 'Firefox' FROM users`,
		`INSERT INTO alerts (user_id, type, message, dedup_key) SELECT id, 'sos', 'Help', 'k' FROM users`,
		`INSERT INTO outbox (user_id, alert_id, recipient_id, role, channel, push_subscription_id, idempotency_key)
			SELECT a.user_id, a.id, a.user_id, 'wearer', 'push', s.id, 'k:p' || s.id FROM alerts a, push_subscriptions s`,
	} {
		if _, err := pool.Exec(ctx, sql); err != nil {
			t.Fatalf("%v\n%s", err, sql)
		}
	}
	if _, err := store.Migrate(ctx, pool, migrations.FS, store.TimescaleOff); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, sql, want string
	}{
		{"the invitation email is an outbox row", `SELECT purpose || ' ' || channel || ' ' || state || ' ' || secret_link || ' ' || idempotency_key FROM outbox WHERE care_link_id IS NOT NULL`,
			"invitation email pending https://lifeline.example.org/care/accept#token=t invite:1"},
		{"the subscription is a push channel", `SELECT kind || ' ' || address || ' ' || label || ' ' || (confirmed_at IS NOT NULL) FROM channels WHERE kind = 'push'`,
			"push https://push.example.org/abc Firefox true"},
		{"its row names the channel", `SELECT o.purpose || ' ' || c.kind FROM outbox o JOIN channels c ON c.id = o.channel_id WHERE o.alert_id IS NOT NULL`,
			"alert push"},
		{"the older email address counts as confirmed", `SELECT (confirmed_at IS NOT NULL)::text FROM channels WHERE kind = 'email'`, "true"},
		{"the old tables are gone", `SELECT (to_regclass('invitation_emails') IS NULL AND to_regclass('push_subscriptions') IS NULL)::text`, "true"},
	} {
		var got string
		if err := pool.QueryRow(ctx, tc.sql).Scan(&got); err != nil || got != tc.want {
			t.Errorf("%s: %q (%v), want %q", tc.name, got, err, tc.want)
		}
	}
}
