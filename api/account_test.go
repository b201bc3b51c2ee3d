package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"lifeline/store"
)

func userID(t *testing.T, c *client) int64 {
	t.Helper()
	var u struct{ ID int64 }
	c.do("GET", "/api/auth/user", nil).json(t, &u)
	return u.ID
}

// seedEverything gives the user a row in every table that holds user data,
// through SQL: the endpoints for most of them come in later issues.
func seedEverything(t *testing.T, app *testApp, id int64, tag string) {
	t.Helper()
	args := pgx.NamedArgs{"u": id, "dev": "brc_" + tag + "dev"}
	for _, sql := range []string{
		`INSERT INTO check_ins (user_id, local_date, mood, craving_intensity, substance_use, substance_details) VALUES (@u, '2026-11-21', 6, 3, true, 'one drink')`,
		`INSERT INTO symptom_logs (user_id, physical_symptom, physical_severity, duration) VALUES (@u, 'Headache', 4, 'Half day')`,
		`INSERT INTO crisis_contacts (user_id, name, phone, relationship) VALUES (@u, 'Sponsor', '555-0100', 'sponsor')`,
		`INSERT INTO coping_plans (user_id, plan) VALUES (@u, '{"warningSigns": ["poor sleep"]}')`,
		`INSERT INTO safety_plans (user_id, plan) VALUES (@u, '{"reasons": ["my kids"]}')`,
		`INSERT INTO devices (id, user_id, name, token_hash) VALUES (@dev, @u, 'Bracelet', sha256('token'))`,
		`INSERT INTO zones (user_id, name, type, latitude, longitude, radius_m) VALUES (@u, 'Old bar', 'avoid', 37.77, -122.41, 150)`,
		`INSERT INTO geofence_state (device_key, zone_id, user_id, inside, since) SELECT @dev, id, @u, false, now() FROM zones WHERE user_id = @u`,
		`INSERT INTO alerts (user_id, type, message, dedup_key) VALUES (@u, 'milestone', 'One week!', 'streak-7')`,
		`INSERT INTO locations (user_id, device_id, source, ts, seq, latitude, longitude, accuracy, battery_level) VALUES (@u, @dev, 'bracelet', now(), 1, 37.77, -122.41, 5, 80)`,
		`INSERT INTO battery_readings (device_id, user_id, ts, seq, battery, charging) VALUES (@dev, @u, now(), 2, 80, false)`,
		// The care circle (migrations 0018, 0019): a pending invitation, a view, a channel, quiet hours, a delivery.
		`INSERT INTO care_links (user_id, token_hash, expires_at) VALUES (@u, sha256(@dev::text::bytea), now() + interval '7 days')`,
		`INSERT INTO care_views (user_id, link_id, supporter_id, what) SELECT @u, id, @u, 'alerts' FROM care_links WHERE user_id = @u`,
		`INSERT INTO alert_steps (alert_id, user_id, actor_id, actor_label, kind, via, note) SELECT id, @u, @u, 'Sam', 'resolved', 'app', 'Called them' FROM alerts WHERE user_id = @u`,
		`INSERT INTO claim_links (user_id, alert_id, supporter_id, via, token_hash, created_at, expires_at)
			SELECT @u, id, @u, 'email', sha256((@dev::text || 'claim')::bytea), now(), now() + interval '1 day' FROM alerts WHERE user_id = @u`,
		`INSERT INTO channels (user_id, kind, address) VALUES (@u, 'email', 'me@example.org')`,
		`INSERT INTO notify_settings (user_id, quiet_start, quiet_end) VALUES (@u, 1320, 420)`,
		`INSERT INTO escalation_settings (user_id, avoid_zone_minutes, missed_checkin_days) VALUES (@u, 30, 3)`,
		`INSERT INTO outbox (user_id, alert_id, recipient_id, role, channel, channel_id, idempotency_key)
			SELECT @u, a.id, @u, 'wearer', 'email', c.id, 'seed:' || a.id FROM alerts a, channels c WHERE a.user_id = @u AND c.user_id = @u`,
		// Share links (migration 0021) and an invitation email (0029).
		`INSERT INTO share_links (user_id, token_hash, expires_at, open_count, opened_at) VALUES (@u, sha256((@dev::text || 'share')::bytea), now() + interval '1 hour', 1, ARRAY[now()])`,
		`INSERT INTO outbox (user_id, purpose, channel, care_link_id, secret_link, idempotency_key) SELECT @u, 'invitation', 'email', id, 'https://lifeline.example.org/care/accept#token=' || @dev::text, 'invite:' || id FROM care_links WHERE user_id = @u`,
		// Web push (migrations 0020, 0030): a browser's push channel.
		`INSERT INTO channels (user_id, kind, address, p256dh, auth, confirmed_at) VALUES (@u, 'push', 'https://push.example.org/' || @dev::text, repeat('A', 87), repeat('B', 22), now())`,
		// A gentle ask, its recipient and its message (migration 0039).
		`INSERT INTO care_notes (user_id, supporter_id, care_link_id, body) SELECT @u, @u, id, 'Thinking of you' FROM care_links WHERE user_id = @u`,
		`INSERT INTO asks (user_id, note) VALUES (@u, 'Rough evening')`,
		// Early-warning signals (migration 0044): a "Not now" and a nudge;
		// what they read of a BAM is seeded with the questionnaires below.
		`INSERT INTO measure_responses (user_id, instrument, answers, total, band, subscores) VALUES (@u, 'bam', '{1,2}', 3, '', '{"risk": 3}')`,
		`INSERT INTO signal_dismissals (user_id, kind, dismissed_at) VALUES (@u, 'cravings', now())`,
		`INSERT INTO signal_nudges (user_id, local_date, kinds, created_at) VALUES (@u, current_date, '{cravings}', now())`,
		`INSERT INTO ask_recipients (ask_id, user_id, link_id, supporter_id) SELECT k.id, @u, l.id, @u FROM asks k, care_links l WHERE k.user_id = @u AND l.user_id = @u`,
		`INSERT INTO outbox (user_id, purpose, ask_id, recipient_id, role, channel, channel_id, idempotency_key)
			SELECT @u, 'ask', k.id, @u, 'supporter', 'email', c.id, 'ask:' || k.id || ':' || c.id FROM asks k, channels c WHERE k.user_id = @u AND c.user_id = @u AND c.kind = 'email'`,
		// A questionnaire response and a schedule (migration 0042).
		`INSERT INTO measure_responses (user_id, instrument, answers, total, band, note) VALUES (@u, 'gad7', '{1,1,1,1,1,0,0,NULL}', 5, 'mild', 'A busy fortnight')`,
		`INSERT INTO measure_schedules (user_id, instrument, every_days) VALUES (@u, 'bam', 7)`,
		// A password reset link and its email (migration 0034).
		`INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES (@u, sha256((@dev::text || 'reset')::bytea), now() + interval '1 hour')`,
		`INSERT INTO outbox (user_id, recipient_id, role, purpose, channel, secret_link, idempotency_key) SELECT @u::bigint, @u::bigint, 'wearer', 'password_reset', 'email', 'https://lifeline.example.org/reset-password#token=' || @dev::text, 'reset:' || @dev::text`,
	} {
		if _, err := app.db.Pool.Exec(context.Background(), sql, args); err != nil {
			t.Fatalf("seed: %v\n%s", err, sql)
		}
	}
}

// rowsPerTable counts the user's rows in every table with a user_id column,
// read from the live schema so a table added later is covered too.
func rowsPerTable(t *testing.T, app *testApp, id int64) map[string]int {
	t.Helper()
	ctx := context.Background()
	tables, err := store.UserTables(ctx, app.db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, table := range tables {
		var n int
		if err := app.db.Pool.QueryRow(ctx, `SELECT count(*) FROM `+pgx.Identifier{table}.Sanitize()+` WHERE user_id = $1`, id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		counts[table] = n
	}
	return counts
}

func TestExportHoldsEveryTableOfTheUserOnly(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	a, b := app.twoUsers()
	idA, idB := userID(t, a), userID(t, b)
	seedEverything(t, app, idA, "alice")
	seedEverything(t, app, idB, "bruno")

	resp := a.do("GET", "/api/account/export", nil)
	if resp.status != http.StatusOK || !strings.Contains(resp.header.Get("Content-Disposition"), `attachment; filename="lifeline-export-`) {
		t.Fatalf("export = %d, disposition %q", resp.status, resp.header.Get("Content-Disposition"))
	}
	if strings.Contains(string(resp.body), "token_hash") || strings.Contains(string(resp.body), "password_hash") || strings.Contains(string(resp.body), "argon2id") ||
		strings.Contains(string(resp.body), "care/accept#token=") {
		t.Error("the export contains secrets")
	}
	var export struct {
		Format string
		Tables map[string][]map[string]any
	}
	resp.json(t, &export)
	for table, want := range rowsPerTable(t, app, idA) {
		if want == 0 {
			t.Errorf("table %s has no seeded row: add one to seedEverything so the export and deletion are checked for it", table)
		}
		rows, ok := export.Tables[table]
		if !ok {
			t.Errorf("export lacks table %s", table)
			continue
		}
		if len(rows) != want {
			t.Errorf("export of %s has %d rows, want %d", table, len(rows), want)
		}
		for _, row := range rows {
			if owner, _ := row["user_id"].(float64); int64(owner) != idA {
				t.Errorf("export of %s holds a row of user %v", table, row["user_id"])
			}
		}
	}
	if users := export.Tables["users"]; len(users) != 1 || int64(users[0]["id"].(float64)) != idA {
		t.Errorf("export users = %v, want only the account itself", users)
	}
}

func TestDeleteAccountRemovesEveryRow(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	a, b := app.twoUsers()
	idA, idB := userID(t, a), userID(t, b)
	seedEverything(t, app, idA, "alice")
	seedEverything(t, app, idB, "bruno")
	var emailA string
	app.db.Pool.QueryRow(context.Background(), `SELECT email FROM users WHERE id = $1`, idA).Scan(&emailA)

	if got := a.do("DELETE", "/api/account", map[string]string{"password": "not my password"}); got.status != http.StatusBadRequest {
		t.Fatalf("delete with a wrong password = %d, want 400", got.status)
	}
	resp := a.do("DELETE", "/api/account", map[string]string{"password": goodPassword})
	if resp.status != http.StatusNoContent {
		t.Fatalf("delete = %d %s", resp.status, resp.body)
	}
	for table, n := range rowsPerTable(t, app, idA) {
		if n != 0 {
			t.Errorf("%d rows of the deleted user remain in %s", n, table)
		}
	}
	var users int
	app.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM users WHERE id = $1`, idA).Scan(&users)
	if users != 0 {
		t.Error("the users row remains")
	}
	if got := a.do("GET", "/api/auth/user", nil).status; got != http.StatusUnauthorized {
		t.Errorf("after deletion the session still works: %d", got)
	}
	if got := app.newClient().do("POST", "/api/auth/login", map[string]string{"email": emailA, "password": goodPassword}).status; got != http.StatusUnauthorized {
		t.Errorf("sign-in after deletion = %d, want 401", got)
	}
	for table, n := range rowsPerTable(t, app, idB) {
		if n == 0 {
			t.Errorf("the other user's rows in %s were deleted too", table)
		}
	}
	if got := b.do("GET", "/api/auth/user", nil).status; got != http.StatusOK {
		t.Errorf("the other user was signed out: %d", got)
	}
}

func TestAccountEndpointsOnlyTouchTheSignedInUser(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	a, b := app.twoUsers()
	b.do("PATCH", "/api/auth/user", map[string]string{"firstName": "Changed"})
	var me struct{ FirstName string }
	a.do("GET", "/api/auth/user", nil).json(t, &me)
	if me.FirstName != "Alice" {
		t.Errorf("user B's profile change reached user A: %q", me.FirstName)
	}
	var export struct{ Tables map[string][]json.RawMessage }
	b.do("GET", "/api/account/export", nil).json(t, &export)
	if strings.Contains(string(export.Tables["users"][0]), "Alice") {
		t.Error("user B's export holds user A")
	}
}
