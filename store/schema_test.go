package store_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"lifeline/migrations"
	"lifeline/store"
	"lifeline/store/storetest"
)

// schemaFixture is committed data the constraint cases build on: two users,
// a bracelet and a zone of user A.
type schemaFixture struct {
	userA, userB int64
	deviceA      string
	zoneA        int64
}

func (f schemaFixture) args() pgx.NamedArgs {
	return pgx.NamedArgs{"a": f.userA, "b": f.userB, "dev": f.deviceA, "zone": f.zoneA}
}

func newSchemaFixture(t *testing.T, pool *pgxpool.Pool) schemaFixture {
	t.Helper()
	ctx := context.Background()
	f := schemaFixture{deviceA: "brc_fixtureA1"}
	schemaScan(t, pool.QueryRow(ctx, `INSERT INTO users (email, first_name, last_name, timezone, password_hash)
		VALUES ('a@example.com', 'Ada', 'Lovelace', 'Europe/London', '$argon2id$v=19$stub') RETURNING id`), &f.userA)
	schemaScan(t, pool.QueryRow(ctx, `INSERT INTO users (email, first_name) VALUES ('b@example.com', 'Bo') RETURNING id`), &f.userB)
	schemaExec(t, pool, `INSERT INTO devices (id, user_id, name, token_hash) VALUES (@dev, @a, 'Bracelet', sha256('token'))`, f.args())
	schemaScan(t, pool.QueryRow(ctx, `INSERT INTO zones (user_id, name, type, latitude, longitude, radius_m)
		VALUES (@a, 'Home', 'safe', 37.7749, -122.4194, 150) RETURNING id`, f.args()), &f.zoneA)
	return f
}

// schemaCase runs its statements in order in one transaction that is rolled
// back; every statement but the last must succeed, and the last must fail on
// the named constraint (or succeed when reject is empty).
type schemaCase struct {
	name   string
	stmts  []string
	reject string
}

func TestSchemaConstraints(t *testing.T) {
	db := storetest.NewDB(t)
	f := newSchemaFixture(t, db.Pool)

	const (
		checkIn  = `INSERT INTO check_ins (user_id, local_date, mood, craving_intensity) `
		symptom  = `INSERT INTO symptom_logs (user_id, physical_symptom, physical_severity, mental_symptom, mental_severity, duration) `
		contact  = `INSERT INTO crisis_contacts (user_id, name, phone, relationship) `
		circle   = `INSERT INTO zones (user_id, name, type, latitude, longitude, radius_m) `
		fix      = `INSERT INTO locations (user_id, device_id, source, ts, seq, latitude, longitude, accuracy, battery_level) `
		battery  = `INSERT INTO battery_readings (device_id, user_id, ts, seq, battery, charging) `
		alert    = `INSERT INTO alerts (user_id, type, message, dedup_key, link) `
		article  = `INSERT INTO articles (slug, title, content, category, read_time_minutes, image_url) `
		fixAt    = `'2025-11-22 06:41:04+00'`
		validFix = fix + `VALUES (@a, @dev, 'bracelet', ` + fixAt + `, 1042, 37.7749, -122.4194, 6.5, 81)`
	)

	rejects := []schemaCase{
		{"uppercase email", []string{`INSERT INTO users (email) VALUES ('Ada@Example.com')`}, "users_email_normalised"},
		{"email taken in another case", []string{`INSERT INTO users (email) VALUES ('a@example.com')`}, "users_email_unique"},
		{"email without at sign", []string{`INSERT INTO users (email) VALUES ('nobody')`}, "users_email_shape"},
		{"account with no sign-in identity", []string{`INSERT INTO users (first_name) VALUES ('Ghost')`}, "users_has_identity"},
		{"password on an account without email", []string{`INSERT INTO users (oidc_issuer, oidc_subject, password_hash) VALUES ('https://idp.example', 's1', 'x')`}, "users_password_needs_email"},
		{"oidc issuer without subject", []string{`INSERT INTO users (email, oidc_issuer) VALUES ('c@example.com', 'https://idp.example')`}, "users_oidc_pair"},
		{"second account for one oidc identity", []string{
			`INSERT INTO users (oidc_issuer, oidc_subject) VALUES ('https://idp.example', 's1')`,
			`INSERT INTO users (oidc_issuer, oidc_subject) VALUES ('https://idp.example', 's1')`}, "users_oidc_identity_unique"},
		{"blank timezone", []string{`INSERT INTO users (email, timezone) VALUES ('c@example.com', '')`}, "users_timezone_shape"},
		{"session token hash not sha-256", []string{`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ('\x0102'::bytea, @a, now() + interval '1 day')`}, "sessions_token_hash_length"},
		{"session expiring before creation", []string{`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (sha256('s'), @a, now() - interval '1 day')`}, "sessions_expiry_after_creation"},

		{"mood 0", []string{checkIn + `VALUES (@a, '2025-11-22', 0, 1)`}, "check_ins_mood_range"},
		{"mood 11", []string{checkIn + `VALUES (@a, '2025-11-22', 11, 1)`}, "check_ins_mood_range"},
		{"craving intensity 0", []string{checkIn + `VALUES (@a, '2025-11-22', 5, 0)`}, "check_ins_craving_intensity_range"},
		{"craving intensity 11", []string{checkIn + `VALUES (@a, '2025-11-22', 5, 11)`}, "check_ins_craving_intensity_range"},
		{"trigger id not in the list", []string{`INSERT INTO check_ins (user_id, local_date, mood, craving_intensity, triggers)
			VALUES (@a, '2025-11-22', 5, 1, '{stress,anger}')`}, "check_ins_triggers_known"},
		{"null trigger id", []string{`INSERT INTO check_ins (user_id, local_date, mood, craving_intensity, triggers)
			VALUES (@a, '2025-11-22', 5, 1, ARRAY[NULL]::text[])`}, "check_ins_triggers_known"},
		{"coping id not in the list", []string{`INSERT INTO check_ins (user_id, local_date, mood, craving_intensity, coping_strategies)
			VALUES (@a, '2025-11-22', 5, 1, '{breathing,Meditation}')`}, "check_ins_coping_strategies_known"},
		{"second check-in on the same local date", []string{
			checkIn + `VALUES (@a, '2025-11-22', 5, 1)`,
			checkIn + `VALUES (@a, '2025-11-22', 7, 2)`}, "check_ins_one_per_local_date"},
		{"substance details without substance use", []string{`INSERT INTO check_ins (user_id, local_date, mood, craving_intensity, substance_use, substance_details)
			VALUES (@a, '2025-11-22', 5, 1, false, 'a drink')`}, "check_ins_substance_details_need_use"},

		{"physical severity 0", []string{symptom + `VALUES (@a, 'Headache', 0, NULL, NULL, 'All day')`}, "symptom_logs_physical_severity_range"},
		{"physical severity 11", []string{symptom + `VALUES (@a, 'Headache', 11, NULL, NULL, 'All day')`}, "symptom_logs_physical_severity_range"},
		{"mental severity 11", []string{symptom + `VALUES (@a, NULL, NULL, 'Anxiety', 11, 'All day')`}, "symptom_logs_mental_severity_range"},
		{"duration not in the list", []string{symptom + `VALUES (@a, 'Headache', 5, NULL, NULL, 'A week')`}, "symptom_logs_duration_known"},
		{"physical symptom not in the list", []string{symptom + `VALUES (@a, 'Cough', 5, NULL, NULL, 'Half day')`}, "symptom_logs_physical_symptom_known"},
		{"mental symptom not in the list", []string{symptom + `VALUES (@a, NULL, NULL, 'Bored', 5, 'Half day')`}, "symptom_logs_mental_symptom_known"},

		{"blank contact name", []string{contact + `VALUES (@a, '   ', '988', NULL)`}, "crisis_contacts_name_present"},
		{"blank contact phone", []string{contact + `VALUES (@a, 'Sam', '', NULL)`}, "crisis_contacts_phone_present"},
		{"contact relationship not in the list", []string{contact + `VALUES (@a, 'Sam', '555-0100', 'boss')`}, "crisis_contacts_relationship_known"},
		{"coping plan that is not an object", []string{`INSERT INTO coping_plans (user_id, plan) VALUES (@a, '[]')`}, "coping_plans_plan_object"},
		{"safety plan that is not an object", []string{`INSERT INTO safety_plans (user_id, plan) VALUES (@a, '"plan"')`}, "safety_plans_plan_object"},

		{"device id with an mqtt separator", []string{`INSERT INTO devices (id, user_id, name, token_hash) VALUES ('brc_a/b+c', @a, 'X', sha256('t'))`}, "devices_id_shape"},
		{"device of an unknown kind", []string{`INSERT INTO devices (id, user_id, name, token_hash, kind) VALUES ('brc_watch', @a, 'X', sha256('t'), 'watch')`}, "devices_kind_valid"},
		{"device battery 101", []string{`UPDATE devices SET last_battery = 101 WHERE id = @dev`}, "devices_last_battery_range"},
		{"device token hash too short", []string{`INSERT INTO devices (id, user_id, name, token_hash) VALUES ('brc_short001', @a, 'X', '\x01'::bytea)`}, "devices_token_hash_length"},

		{"zone type maybe", []string{circle + `VALUES (@a, 'Bar', 'maybe', 37.77, -122.41, 100)`}, "zones_type_valid"},
		{"zone radius 5", []string{circle + `VALUES (@a, 'Bar', 'avoid', 37.77, -122.41, 5)`}, "zones_radius_range"},
		{"zone radius 50001", []string{circle + `VALUES (@a, 'Bar', 'avoid', 37.77, -122.41, 50001)`}, "zones_radius_range"},
		{"zone latitude 91", []string{circle + `VALUES (@a, 'Bar', 'avoid', 91, -122.41, 100)`}, "zones_latitude_range"},
		{"zone longitude -181", []string{circle + `VALUES (@a, 'Bar', 'avoid', 37.77, -181, 100)`}, "zones_longitude_range"},
		{"blank zone name", []string{circle + `VALUES (@a, '  ', 'avoid', 37.77, -122.41, 100)`}, "zones_name_length"},
		{"zone name of 81 characters", []string{circle + `VALUES (@a, repeat('x', 81), 'avoid', 37.77, -122.41, 100)`}, "zones_name_length"},
		{"circle without radius", []string{circle + `VALUES (@a, 'Bar', 'avoid', 37.77, -122.41, NULL)`}, "zones_circle_geometry"},
		{"polygon that is not geojson polygon", []string{`INSERT INTO zones (user_id, name, type, shape, polygon)
			VALUES (@a, 'Park', 'safe', 'polygon', '{"type": "Point", "coordinates": [0, 0]}')`}, "zones_polygon_geometry"},
		{"polygon with a radius", []string{`INSERT INTO zones (user_id, name, type, shape, radius_m, polygon)
			VALUES (@a, 'Park', 'safe', 'polygon', 100, '{"type": "Polygon", "coordinates": [[[0,0],[1,0],[1,1],[0,0]]]}')`}, "zones_polygon_geometry"},
		{"dwell time on a safe zone", []string{`INSERT INTO zones (user_id, name, type, latitude, longitude, radius_m, dwell_minutes)
			VALUES (@a, 'Home', 'safe', 37.77, -122.41, 100, 10)`}, "zones_dwell_avoid_only"},
		{"schedule on an avoid zone", []string{`INSERT INTO zones (user_id, name, type, latitude, longitude, radius_m, schedule_start, schedule_end)
			VALUES (@a, 'Bar', 'avoid', 37.77, -122.41, 100, '22:00', '06:00')`}, "zones_schedule_safe_only"},
		{"schedule with only a start", []string{`INSERT INTO zones (user_id, name, type, latitude, longitude, radius_m, schedule_start)
			VALUES (@a, 'Home', 'safe', 37.77, -122.41, 100, '22:00')`}, "zones_schedule_safe_only"},
		{"geofence state with an unknown device key", []string{`INSERT INTO geofence_state (device_key, zone_id, user_id, inside, since)
			VALUES ('phone', @zone, @a, true, now())`}, "geofence_state_device_key_shape"},

		{"alert type not in the list", []string{alert + `VALUES (@a, 'spam', 'Hi', 'k', NULL)`}, "alerts_type_known"},
		{"alert link to another site", []string{alert + `VALUES (@a, 'milestone', 'Hi', 'k', 'https://evil.example/')`}, "alerts_link_internal"},
		{"alert link that is protocol-relative", []string{alert + `VALUES (@a, 'milestone', 'Hi', 'k', '//evil.example/')`}, "alerts_link_internal"},
		{"blank alert message", []string{alert + `VALUES (@a, 'milestone', ' ', 'k', NULL)`}, "alerts_message_present"},
		{"second alert with the same dedup key", []string{
			alert + `VALUES (@a, 'missed_checkin', 'We missed you', '2025-11-22', '/checkin')`,
			alert + `VALUES (@a, 'missed_checkin', 'We missed you', '2025-11-22', '/checkin')`}, "alerts_dedup"},

		{"latitude 91", []string{fix + `VALUES (@a, @dev, 'bracelet', now(), 1, 91, 0, 5, NULL)`}, "locations_latitude_range"},
		{"latitude -91", []string{fix + `VALUES (@a, @dev, 'bracelet', now(), 1, -91, 0, 5, NULL)`}, "locations_latitude_range"},
		{"latitude NaN", []string{fix + `VALUES (@a, @dev, 'bracelet', now(), 1, 'NaN', 0, 5, NULL)`}, "locations_latitude_range"},
		{"longitude -181", []string{fix + `VALUES (@a, @dev, 'bracelet', now(), 1, 0, -181, 5, NULL)`}, "locations_longitude_range"},
		{"longitude 181", []string{fix + `VALUES (@a, @dev, 'bracelet', now(), 1, 0, 181, 5, NULL)`}, "locations_longitude_range"},
		{"negative accuracy", []string{fix + `VALUES (@a, @dev, 'bracelet', now(), 1, 0, 0, -1, NULL)`}, "locations_accuracy_range"},
		{"accuracy NaN", []string{fix + `VALUES (@a, @dev, 'bracelet', now(), 1, 0, 0, 'NaN', NULL)`}, "locations_accuracy_range"},
		{"fix battery 101", []string{fix + `VALUES (@a, @dev, 'bracelet', now(), 1, 0, 0, 5, 101)`}, "locations_battery_range"},
		{"fix battery -1", []string{fix + `VALUES (@a, @dev, 'bracelet', now(), 1, 0, 0, 5, -1)`}, "locations_battery_range"},
		{"bracelet fix without device", []string{fix + `VALUES (@a, NULL, 'bracelet', now(), 1, 0, 0, 5, NULL)`}, "locations_source_matches_device"},
		{"manual fix with a device", []string{fix + `VALUES (@a, @dev, 'manual', now(), 1, 0, 0, 5, NULL)`}, "locations_source_matches_device"},
		{"browser fix with a device", []string{fix + `VALUES (@a, @dev, 'browser', now(), 1, 0, 0, 5, NULL)`}, "locations_source_matches_device"},
		{"phone app fix without device", []string{fix + `VALUES (@a, NULL, 'owntracks', now(), 0, 0, 0, 5, NULL)`}, "locations_source_matches_device"},
		{"bracelet fix without seq", []string{fix + `VALUES (@a, @dev, 'bracelet', now(), NULL, 0, 0, 5, NULL)`}, "locations_device_has_seq"},
		{"phone app fix without seq", []string{fix + `VALUES (@a, @dev, 'overland', now(), NULL, 0, 0, 5, NULL)`}, "locations_device_has_seq"},
		{"unknown fix source", []string{fix + `VALUES (@a, @dev, 'satellite', now(), 1, 0, 0, 5, NULL)`}, "locations_source_valid"},
		// A fix filed under a user who does not own its device: WriteFixes
		// refuses it (TestWriteFixesRefusesStrayFixes); no key since 0011.
		{"re-sent fix inserted without on conflict", []string{validFix, validFix}, "locations_device_fix_unique"},
		{"battery reading 101", []string{battery + `VALUES (@dev, @a, now(), 7, 101, false)`}, "battery_readings_battery_range"},
		{"re-sent battery reading inserted without on conflict", []string{
			battery + `VALUES (@dev, @a, ` + fixAt + `, 7, 80, false)`,
			battery + `VALUES (@dev, @a, ` + fixAt + `, 7, 80, false)`}, "battery_readings_pkey"},
		{"retention of zero days", []string{`UPDATE retention_settings SET keep_days = 0 WHERE relation = 'locations'`}, "retention_settings_keep_days_positive"},

		{"article category label instead of id", []string{article + `VALUES ('sleep', 'Sleep', 'Text', 'Health & Wellness', 5, NULL)`}, "articles_category_known"},
		{"article read time 0", []string{article + `VALUES ('sleep', 'Sleep', 'Text', 'Health', 0, NULL)`}, "articles_read_time_positive"},
		{"article image on an outside host", []string{article + `VALUES ('sleep', 'Sleep', 'Text', 'Health', 5, 'https://cdn.example/x.jpg')`}, "articles_image_url_local"},
		{"article slug with spaces", []string{article + `VALUES ('Sleep well', 'Sleep', 'Text', 'Health', 5, NULL)`}, "articles_slug_shape"},
		{"statistic category not in the list", []string{`INSERT INTO statistics (slug, title, category, year, value, source)
			VALUES ('x', 'X', 'other', 2023, '1 in 6', 'NSDUH 2023')`}, "statistics_category_known"},
		{"statistic without a source", []string{`INSERT INTO statistics (slug, title, category, year, value, source)
			VALUES ('x', 'X', 'trends', 2023, '1 in 6', ' ')`}, "statistics_source_present"},
	}

	accepts := []schemaCase{
		{"oidc-only account without email or password", []string{`INSERT INTO users (oidc_issuer, oidc_subject) VALUES ('https://idp.example', 's1')`}, ""},
		{"full check-in with substance use and details", []string{`INSERT INTO check_ins (user_id, local_date, mood, craving_intensity,
			mood_description, triggers, trigger_description, substance_use, substance_details, coping_strategies, notes)
			VALUES (@a, '2025-11-22', 10, 10, 'Rough day', '{stress,social,boredom,emotions,physical,environment}', 'Work',
			true, 'Two drinks', '{meditation,exercise,journaling,support,breathing,distraction,other}', NULL)`}, ""},
		{"mood and cravings at 1", []string{checkIn + `VALUES (@a, '2025-11-22', 1, 1)`}, ""},
		{"check-ins on consecutive dates", []string{checkIn + `VALUES (@a, '2025-11-22', 5, 1)`, checkIn + `VALUES (@a, '2025-11-23', 5, 1)`}, ""},
		{"two users checking in on the same date", []string{checkIn + `VALUES (@a, '2025-11-22', 5, 1)`, checkIn + `VALUES (@b, '2025-11-22', 5, 1)`}, ""},
		{"symptom log with only a duration", []string{symptom + `VALUES (@a, NULL, NULL, NULL, NULL, 'Less than 1 hour')`}, ""},
		{"symptom log with both symptoms", []string{symptom + `VALUES (@a, 'Sleep issues', 1, 'Difficulty concentrating', 10, '1-4 hours')`}, ""},
		{"crisis contact without relationship", []string{contact + `VALUES (@a, 'Sam', '555-0100', NULL)`}, ""},
		{"emergency contact", []string{`INSERT INTO crisis_contacts (user_id, name, phone, relationship, is_emergency) VALUES (@a, 'Dr Lee', '555-0101', 'doctor', true)`}, ""},
		{"coping and safety plans", []string{
			`INSERT INTO coping_plans (user_id, plan) VALUES (@a, '{"warningSigns": ["isolating"]}')`,
			`INSERT INTO safety_plans (user_id, plan) VALUES (@a, '{"professionals": [{"name": "988 Lifeline", "phone": "988"}]}')`}, ""},
		{"circle zones at both radius limits", []string{circle + `VALUES (@a, 'Tiny', 'avoid', 90, 180, 10)`, circle + `VALUES (@a, 'Huge', 'safe', -90, -180, 50000)`}, ""},
		{"polygon zone with a hole", []string{`INSERT INTO zones (user_id, name, type, shape, polygon) VALUES (@a, 'Park', 'safe', 'polygon',
			'{"type": "Polygon", "coordinates": [[[0,0],[4,0],[4,4],[0,4],[0,0]], [[1,1],[2,1],[2,2],[1,1]]]}')`}, ""},
		{"multipolygon zone across the antimeridian", []string{`INSERT INTO zones (user_id, name, type, shape, polygon) VALUES (@a, 'Fiji', 'avoid', 'polygon',
			'{"type": "MultiPolygon", "coordinates": [[[[179,-17],[180,-17],[180,-16],[179,-17]]], [[[-180,-17],[-179,-17],[-180,-16],[-180,-17]]]]}')`}, ""},
		{"safe zone with an overnight schedule", []string{`INSERT INTO zones (user_id, name, type, latitude, longitude, radius_m, schedule_start, schedule_end)
			VALUES (@a, 'Home', 'safe', 37.77, -122.41, 100, '22:00', '06:00')`}, ""},
		{"avoid zone with a dwell time", []string{`INSERT INTO zones (user_id, name, type, latitude, longitude, radius_m, dwell_minutes)
			VALUES (@a, 'Bar', 'avoid', 37.77, -122.41, 100, 10)`}, ""},
		{"bracelet fix at the coordinate limits", []string{
			fix + `VALUES (@a, @dev, 'bracelet', now(), 1, 90, 180, 0, 100)`,
			fix + `VALUES (@a, @dev, 'bracelet', now(), 2, -90, -180, NULL, 0)`}, ""},
		{"manual fixes without device or seq", []string{
			fix + `VALUES (@a, NULL, 'manual', ` + fixAt + `, NULL, 37.7749, -122.4194, 20, NULL)`,
			fix + `VALUES (@a, NULL, 'manual', ` + fixAt + `, NULL, 37.7749, -122.4194, 20, NULL)`}, ""},
		{"battery reading with unknown charging state", []string{battery + `VALUES (@dev, @a, now(), 7, 15, NULL)`}, ""},
		{"geofence state for a bracelet and for manual fixes", []string{
			`INSERT INTO geofence_state (device_key, zone_id, user_id, inside, since, pending_evidence) VALUES (@dev, @zone, @a, true, now(), '[]')`,
			`INSERT INTO geofence_state (device_key, zone_id, user_id, inside, since) VALUES ('manual:' || @a::bigint, @zone, @a, false, now())`}, ""},
		{"geofence alert with evidence and a link", []string{`INSERT INTO alerts (user_id, type, message, link, dedup_key, zone_id, device_id, evidence)
			VALUES (@a, 'geofence_exit_safe', 'You left Home at 23:10.', '/gps', 'zone:1', @zone, @dev, '{"rule": "exit_safe", "fixes": []}')`}, ""},
		{"every alert type", []string{alert + `SELECT @a::bigint, t, 'Message', 'k', '/crisis' FROM unnest('{missed_checkin,concerning_pattern,milestone,
			low_battery,device_offline,geofence_enter_avoid,geofence_exit_safe,geofence_dwell,geofence_schedule}'::text[]) t`}, ""},
		{"article in each category", []string{article + `SELECT 'a-' || i, 'Title', 'Text', c, 5, '/content/images/a.jpg'
			FROM unnest('{Recovery Basics,Coping Skills,Community,Health,Education,Relationships}'::text[]) WITH ORDINALITY AS x(c, i)`}, ""},
		{"blog post without publication date", []string{`INSERT INTO blog_posts (slug, title, excerpt, content, category, author, read_time_minutes)
			VALUES ('first-week', 'My first week', 'It was hard.', 'Body', 'Stories', 'Sam', 4)`}, ""},
		{"statistic with a source link", []string{`INSERT INTO statistics (slug, title, category, year, value, source, source_url)
			VALUES ('sud-prevalence', 'People with a SUD', 'prevalence', 2023, '48.5 million', 'SAMHSA NSDUH 2023', 'https://www.samhsa.gov/')`}, ""},
	}

	for _, group := range []struct {
		name  string
		cases []schemaCase
	}{{"rejects", rejects}, {"accepts", accepts}} {
		t.Run(group.name, func(t *testing.T) {
			for _, c := range group.cases {
				t.Run(c.name, func(t *testing.T) {
					schemaRunCase(t, db.Pool, f, c)
				})
			}
		})
	}
}

func schemaRunCase(t *testing.T, pool *pgxpool.Pool, f schemaFixture, c schemaCase) {
	t.Helper()
	ctx := context.Background()
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	last := len(c.stmts) - 1
	for i, stmt := range c.stmts[:last] {
		if _, err := tx.Exec(ctx, stmt, f.args()); err != nil {
			t.Fatalf("setup statement %d failed: %v", i+1, err)
		}
	}
	_, err = tx.Exec(ctx, c.stmts[last], f.args())
	if c.reject == "" {
		if err != nil {
			t.Fatalf("want the row accepted, got %v", err)
		}
		return
	}
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) {
		t.Fatalf("want a violation of %s, got %v", c.reject, err)
	}
	if chunkConstraintPrefix.ReplaceAllString(pgErr.ConstraintName, "") != c.reject {
		t.Fatalf("want a violation of %s, got %s (%s)", c.reject, pgErr.ConstraintName, pgErr.Message)
	}
}

// chunkConstraintPrefix is what TimescaleDB puts before a hypertable's
// constraint name on each chunk's copy ("14_locations_device_fix_unique").
var chunkConstraintPrefix = regexp.MustCompile(`^[0-9]+_`)

// The ingest writer relies on ON CONFLICT DO NOTHING to store a re-sent fix
// once, whether the copy arrives in a later batch or in the same one.
func TestSchemaResentFixStoredOnce(t *testing.T) {
	db := storetest.NewDB(t)
	f := newSchemaFixture(t, db.Pool)
	ctx := context.Background()
	const insert = `INSERT INTO locations (user_id, device_id, source, ts, seq, latitude, longitude, accuracy, battery_level)
		SELECT @a::bigint, @dev::text, 'bracelet', to_timestamp(ms / 1000.0), seq, 37.7749, -122.4194, 6.5, 81
		FROM (VALUES %s) AS v(ms, seq)
		ON CONFLICT (device_id, ts, seq) DO NOTHING`

	t.Run("a later duplicate is ignored", func(t *testing.T) {
		first := schemaExec(t, db.Pool, fmt.Sprintf(insert, `(1763793664000, 1042)`), f.args())
		again := schemaExec(t, db.Pool, fmt.Sprintf(insert, `(1763793664000, 1042)`), f.args())
		if first.RowsAffected() != 1 || again.RowsAffected() != 0 {
			t.Fatalf("rows affected: first %d, re-sent %d; want 1 and 0", first.RowsAffected(), again.RowsAffected())
		}
	})
	t.Run("a duplicate within one batch is ignored", func(t *testing.T) {
		tag := schemaExec(t, db.Pool, fmt.Sprintf(insert, `(1763793694000, 1043), (1763793694000, 1043), (1763793724000, 1044)`), f.args())
		if tag.RowsAffected() != 2 {
			t.Fatalf("rows affected %d, want 2", tag.RowsAffected())
		}
	})
	t.Run("one row per fix remains", func(t *testing.T) {
		var n int
		schemaScan(t, db.Pool.QueryRow(ctx, `SELECT count(*) FROM locations WHERE device_id = @dev`, f.args()), &n)
		if n != 3 {
			t.Fatalf("%d rows stored, want 3", n)
		}
	})
}

// schemaUserTables lists every base table with a user_id column, from the live
// schema, so tables added by later migrations are covered without edits here.
func schemaUserTables(t *testing.T, pool *pgxpool.Pool) []string {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT c.table_name
		FROM information_schema.columns c
		JOIN information_schema.tables tb USING (table_schema, table_name)
		WHERE c.table_schema = current_schema() AND c.column_name = 'user_id' AND tb.table_type = 'BASE TABLE'
		ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if len(tables) == 0 {
		t.Fatal("no table has a user_id column")
	}
	return tables
}

func TestSchemaUserTablesCascadeAndAreIndexed(t *testing.T) {
	db := storetest.NewDB(t)
	// Tables whose rows a trigger on users deletes instead of a foreign key
	// (migration 0011: the key cost ingest a row lock per fix).
	byTrigger := map[string]string{"locations": "users_delete_locations"}
	for _, table := range schemaUserTables(t, db.Pool) {
		t.Run(table+" rows go with their user", func(t *testing.T) {
			if trigger, ok := byTrigger[table]; ok {
				var exists bool
				schemaScan(t, db.Pool.QueryRow(context.Background(), `SELECT EXISTS (
					SELECT 1 FROM pg_trigger WHERE tgrelid = 'users'::regclass AND tgname = $1 AND tgenabled <> 'D')`, trigger), &exists)
				if !exists {
					t.Fatalf("users needs the trigger %s that deletes %s rows", trigger, table)
				}
				return
			}
			var cascades bool
			schemaScan(t, db.Pool.QueryRow(context.Background(), `SELECT EXISTS (
				SELECT 1 FROM pg_constraint c
				JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attname = 'user_id'
				WHERE c.conrelid = $1::regclass AND c.contype = 'f'
				  AND c.confrelid = 'users'::regclass AND c.conkey = ARRAY[a.attnum]
				  AND c.confdeltype = 'c')`, table), &cascades)
			if !cascades {
				t.Fatalf("%s.user_id needs REFERENCES users (id) ON DELETE CASCADE", table)
			}
		})
		t.Run(table+" has an index leading with user_id", func(t *testing.T) {
			var indexed bool
			schemaScan(t, db.Pool.QueryRow(context.Background(), `SELECT EXISTS (
				SELECT 1 FROM pg_index i
				JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attname = 'user_id'
				WHERE i.indrelid = $1::regclass AND i.indkey[0] = a.attnum AND i.indpred IS NULL)`, table), &indexed)
			if !indexed {
				t.Fatalf("%s needs an index whose first column is user_id (cascade deletes and per-user queries)", table)
			}
		})
	}
}

// schemaInsertUserData gives the user one row in every user-owned table.
func schemaInsertUserData(t *testing.T, pool *pgxpool.Pool, user int64, tag string) {
	t.Helper()
	args := pgx.NamedArgs{"u": user, "dev": "brc_del" + tag, "key": "manual:" + strconv.FormatInt(user, 10)}
	for _, stmt := range []string{
		`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (sha256(@dev::text::bytea), @u, now() + interval '1 day')`,
		`INSERT INTO check_ins (user_id, local_date, mood, craving_intensity) VALUES (@u, '2025-11-22', 6, 2)`,
		`INSERT INTO symptom_logs (user_id, duration) VALUES (@u, 'All day')`,
		`INSERT INTO crisis_contacts (user_id, name, phone) VALUES (@u, 'Sam', '555-0100')`,
		`INSERT INTO coping_plans (user_id) VALUES (@u)`,
		`INSERT INTO safety_plans (user_id) VALUES (@u)`,
		`INSERT INTO devices (id, user_id, name, token_hash) VALUES (@dev, @u, 'Bracelet', sha256('t'))`,
		`INSERT INTO zones (user_id, name, type, latitude, longitude, radius_m) VALUES (@u, 'Bar', 'avoid', 1, 1, 100)`,
		`INSERT INTO geofence_state (device_key, zone_id, user_id, inside, since)
			SELECT @dev::text, id, @u::bigint, true, now() FROM zones WHERE user_id = @u`,
		`INSERT INTO geofence_state (device_key, zone_id, user_id, inside, since)
			SELECT @key::text, id, @u::bigint, false, now() FROM zones WHERE user_id = @u`,
		`INSERT INTO alerts (user_id, type, message, dedup_key, device_id) VALUES (@u, 'low_battery', 'Charge me', 'k', @dev)`,
		`INSERT INTO locations (user_id, device_id, source, ts, seq, latitude, longitude) VALUES (@u, @dev, 'bracelet', now(), 1, 1, 1)`,
		`INSERT INTO locations (user_id, source, ts, latitude, longitude) VALUES (@u, 'manual', now(), 1, 1)`,
		`INSERT INTO battery_readings (device_id, user_id, ts, seq, battery) VALUES (@dev, @u, now(), 1, 50)`,
		// The care circle (migrations 0018, 0019): a pending invitation, a view, a channel, quiet hours, a delivery.
		`INSERT INTO care_links (user_id, token_hash, expires_at) VALUES (@u, sha256(@dev::text::bytea), now() + interval '7 days')`,
		`INSERT INTO care_views (user_id, link_id, supporter_id, what) SELECT @u, id, @u, 'alerts' FROM care_links WHERE user_id = @u`,
		`INSERT INTO alert_steps (alert_id, user_id, actor_id, kind, via, note) SELECT id, @u, @u, 'claimed', 'app', 'On my way' FROM alerts WHERE user_id = @u`,
		`INSERT INTO claim_links (user_id, alert_id, supporter_id, via, token_hash, created_at, expires_at)
		 SELECT @u, id, @u, 'email', sha256((@dev::text || 'claim')::bytea), now(), now() + interval '1 day' FROM alerts WHERE user_id = @u`,
		`INSERT INTO care_notes (user_id, supporter_id, care_link_id, body) SELECT @u, @u, id, 'Thinking of you' FROM care_links WHERE user_id = @u`,
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
		// A gentle ask to the wearer's own pending link, its recipient and its message (migration 0039).
		`INSERT INTO asks (user_id, note) VALUES (@u, 'Rough evening')`,
		`INSERT INTO measure_responses (user_id, instrument, answers, total, band) VALUES (@u, 'auditc', '{0,0,0}', 0, 'none')`,
		`INSERT INTO measure_schedules (user_id, instrument, every_days) VALUES (@u, 'phq9', 14)`,
		`INSERT INTO ask_recipients (ask_id, user_id, link_id, supporter_id) SELECT k.id, @u, l.id, @u FROM asks k, care_links l WHERE k.user_id = @u AND l.user_id = @u`,
		`INSERT INTO outbox (user_id, purpose, ask_id, recipient_id, role, channel, channel_id, idempotency_key)
			SELECT @u, 'ask', k.id, @u, 'supporter', 'email', c.id, 'ask:' || k.id || ':' || c.id FROM asks k, channels c WHERE k.user_id = @u AND c.user_id = @u AND c.kind = 'email'`,
		// Early-warning signals (migration 0044): a "Not now" and a nudge,
		// and a questionnaire and its schedule (0042, issue 31's shared ground).
		`INSERT INTO measure_responses (user_id, instrument, answers, total, band, subscores) VALUES (@u, 'bam', '{1,2}', 3, '', '{"risk": 3}')`,
		`INSERT INTO measure_schedules (user_id, instrument, every_days) VALUES (@u, 'bam', 7)`,
		`INSERT INTO signal_dismissals (user_id, kind, dismissed_at) VALUES (@u, 'cravings', now())`,
		`INSERT INTO signal_nudges (user_id, local_date, kinds, created_at) VALUES (@u, current_date, '{cravings}', now())`,
		// A password reset link and its email (migration 0034).
		`INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES (@u, sha256((@dev::text || 'reset')::bytea), now() + interval '1 hour')`,
		`INSERT INTO outbox (user_id, recipient_id, role, purpose, channel, secret_link, idempotency_key) SELECT @u::bigint, @u::bigint, 'wearer', 'password_reset', 'email', 'https://lifeline.example.org/reset-password#token=' || @dev::text, 'reset:' || @dev::text`,
	} {
		schemaExec(t, pool, stmt, args)
	}
}

func TestSchemaDeletingUserRemovesAllTheirRows(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	var gone, kept int64
	schemaScan(t, db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ('gone@example.com') RETURNING id`), &gone)
	schemaScan(t, db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ('kept@example.com') RETURNING id`), &kept)
	schemaInsertUserData(t, db.Pool, gone, "Gone1")
	schemaInsertUserData(t, db.Pool, kept, "Kept1")

	tables := schemaUserTables(t, db.Pool)
	count := func(table string, user int64) int {
		var n int
		schemaScan(t, db.Pool.QueryRow(ctx, `SELECT count(*) FROM `+pgx.Identifier{table}.Sanitize()+` WHERE user_id = $1`, user), &n)
		return n
	}
	before := map[string]int{}
	for _, table := range tables {
		if count(table, gone) == 0 {
			t.Fatalf("schemaInsertUserData puts no row in %s: add one so the deletion check covers it", table)
		}
		before[table] = count(table, kept)
	}

	schemaExec(t, db.Pool, `DELETE FROM users WHERE id = $1`, gone)

	for _, table := range tables {
		t.Run(table+" keeps no row of the deleted user", func(t *testing.T) {
			if n := count(table, gone); n != 0 {
				t.Fatalf("%d rows left", n)
			}
		})
		t.Run(table+" keeps the other user's rows", func(t *testing.T) {
			if n := count(table, kept); n != before[table] {
				t.Fatalf("%d rows, want %d", n, before[table])
			}
		})
	}
}

func TestSchemaUsesTimestamptzOnly(t *testing.T) {
	db := storetest.NewDB(t)
	rows, err := db.Pool.Query(context.Background(), `SELECT table_name || '.' || column_name
		FROM information_schema.columns
		WHERE table_schema = current_schema() AND data_type = 'timestamp without time zone'`)
	if err != nil {
		t.Fatal(err)
	}
	naive, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if len(naive) > 0 {
		t.Fatalf("columns without time zone: %s", strings.Join(naive, ", "))
	}
}

// The timescale variant cannot run on this machine; at least its retention
// policies must say what retention_settings (used by Go on the plain path and
// by the ingest decoder) says.
func TestSchemaRetentionMatchesTimescalePolicy(t *testing.T) {
	db := storetest.NewDB(t)
	files, err := fs.Glob(migrations.FS, "*.timescale.sql")
	if err != nil {
		t.Fatal(err)
	}
	policy := regexp.MustCompile(`add_retention_policy\('(\w+)',\s*drop_after\s*=>\s*INTERVAL\s*'(\d+) days'`)
	found := map[string]int{}
	for _, file := range files {
		b, err := fs.ReadFile(migrations.FS, file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range policy.FindAllStringSubmatch(string(b), -1) {
			days, _ := strconv.Atoi(m[2])
			found[m[1]] = days // a later file's policy replaces an earlier one
		}
	}
	rows, err := db.Pool.Query(context.Background(), `SELECT relation, keep_days FROM retention_settings`)
	if err != nil {
		t.Fatal(err)
	}
	type setting struct {
		Relation string
		KeepDays int
	}
	settings, err := pgx.CollectRows(rows, pgx.RowToStructByPos[setting])
	if err != nil {
		t.Fatal(err)
	}
	if len(settings) != len(found) {
		t.Fatalf("retention_settings has %d relations, timescale policies %d (%v)", len(settings), len(found), found)
	}
	for _, s := range settings {
		t.Run(s.Relation+" keeps the same number of days", func(t *testing.T) {
			if found[s.Relation] != s.KeepDays {
				t.Fatalf("retention_settings says %d days, the timescale policy %d", s.KeepDays, found[s.Relation])
			}
		})
	}
}

func TestSchemaMigrateAgainIsANoOp(t *testing.T) {
	db := storetest.NewDB(t)
	n, err := store.Migrate(context.Background(), db.Pool, migrations.FS, store.TimescaleAuto)
	if err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Fatalf("%d migrations applied again, want 0", n)
	}
}

func schemaExec(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) pgconn.CommandTag {
	t.Helper()
	tag, err := pool.Exec(context.Background(), sql, args...)
	if err != nil {
		t.Fatalf("%s: %v", strings.Join(strings.Fields(sql), " "), err)
	}
	return tag
}

func schemaScan(t *testing.T, row pgx.Row, dest ...any) {
	t.Helper()
	if err := row.Scan(dest...); err != nil {
		t.Fatal(err)
	}
}
