package store_test

import (
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"lifeline/store/storetest"
)

// TestSignalPeopleLoadsEachPersonsOwn: the batch loader reads every
// person's inputs in their own time zone, in the order asked, leaves out
// unknown ids, and never mixes two people's rows.
func TestSignalPeopleLoadsEachPersonsOwn(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := t.Context()
	// 23:30 UTC is already the next day in Tokyo.
	now := time.Date(2026, 11, 27, 23, 30, 0, 0, time.UTC)
	var alex, kenji int64
	for _, u := range []struct {
		id        *int64
		email, tz string
	}{{&alex, "alex@example.org", "Europe/London"}, {&kenji, "kenji@example.org", "Asia/Tokyo"}} {
		if err := db.Pool.QueryRow(ctx, `INSERT INTO users (email, first_name, last_name, timezone) VALUES ($1, 'X', 'Y', $2) RETURNING id`, u.email, u.tz).Scan(u.id); err != nil {
			t.Fatal(err)
		}
	}
	for _, sql := range []string{
		`INSERT INTO check_ins (user_id, local_date, mood, craving_intensity, substance_use) VALUES (@a, '2026-11-26', 6, 2, false), (@a, '2026-11-27', 5, 4, false), (@a, '2026-10-01', 9, 9, false)`,
		`INSERT INTO check_ins (user_id, local_date, mood, craving_intensity, substance_use) VALUES (@k, '2026-11-28', 8, 1, false)`,
		`INSERT INTO coping_plans (user_id, plan) VALUES (@a, '{"copingActions": ["Call Dana", "Walk"]}'), (@k, '{"copingActions": "not a list"}')`,
		`INSERT INTO devices (id, user_id, name, token_hash) VALUES ('brc_alex', @a, 'Bracelet', sha256('t'))`,
		`INSERT INTO zones (user_id, name, type, latitude, longitude, radius_m) VALUES (@a, 'Murphy''s Bar', 'avoid', 51.5, -0.12, 100)`,
		`INSERT INTO alerts (user_id, type, message, zone_id, dedup_key, created_at)
			SELECT @a, 'geofence_enter_avoid', 'x', id, 'a', '2026-11-25 21:00Z' FROM zones WHERE user_id = @a`,
		`INSERT INTO alerts (user_id, type, message, dedup_key, created_at) VALUES (@k, 'milestone', 'x', 'm', '2026-11-25 21:00Z')`,
		`INSERT INTO measure_responses (user_id, instrument, answers, total, band, subscores, taken_at)
			VALUES (@a, 'bam', '{0}', 0, '', '{"use": 1, "risk": 9, "protective": 12}', '2026-11-20 10:00Z'),
			       (@a, 'phq9', '{0}', 0, 'minimal', '{}', '2026-11-21 10:00Z')`,
		`INSERT INTO signal_dismissals (user_id, kind, dismissed_at) VALUES (@a, 'mood', '2026-11-26 10:00Z'), (@a, 'cravings', '2026-11-01 10:00Z')`,
	} {
		if _, err := db.Pool.Exec(ctx, sql, pgx.NamedArgs{"a": alex, "k": kenji}); err != nil {
			t.Fatalf("%v\n%s", err, sql)
		}
	}

	people, err := db.SignalPeople(ctx, []int64{kenji, 999999, alex}, now)
	if err != nil {
		t.Fatal(err)
	}
	if len(people) != 2 || people[0].UserID != kenji || people[1].UserID != alex {
		t.Fatalf("people = %+v", people)
	}
	k, a := people[0], people[1]
	if k.Today.String() != "2026-11-28" || a.Today.String() != "2026-11-27" {
		t.Errorf("today: Kenji %s, Alex %s", k.Today, a.Today)
	}
	if len(k.CheckIns) != 1 || k.CheckIns[0].Mood != 8 || len(k.CopingActions) != 0 || k.LocationOn || len(k.Visits) != 0 || len(k.BAM) != 0 {
		t.Errorf("Kenji = %+v", k)
	}
	if len(a.CheckIns) != 2 || a.CheckIns[0].Date.String() != "2026-11-26" || a.CheckIns[1].Craving != 4 {
		t.Errorf("Alex's check-ins (the October one is past the look-back) = %+v", a.CheckIns)
	}
	if !a.LocationOn || !slices.Equal(a.CopingActions, []string{"Call Dana", "Walk"}) || !slices.Equal(a.NotNow, []string{"mood"}) {
		t.Errorf("Alex = %+v", a)
	}
	if len(a.BAM) != 1 || a.BAM[0].Risk != 9 || a.BAM[0].Protective != 12 || a.BAM[0].Use != 1 {
		t.Errorf("Alex's BAM = %+v", a.BAM)
	}
	if len(a.Visits) != 1 || a.Visits[0].Zone != "Murphy's Bar" || a.Visits[0].Date.String() != "2026-11-25" {
		t.Errorf("Alex's avoid-zone days = %+v", a.Visits)
	}
}
