package api_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

func checkInBody(mood, craving int, substanceUse bool) map[string]any {
	return map[string]any{
		"mood": mood, "moodDescription": "Steady morning, restless evening", "cravingIntensity": craving,
		"triggers": []string{"stress", "social"}, "triggerDescription": "Work party",
		"substanceUse": substanceUse, "substanceDetails": "", "copingStrategies": []string{"support", "breathing"}, "notes": "",
	}
}

type checkIn struct {
	ID               int64
	Date             string
	Mood             int
	CravingIntensity int
	Triggers         []string
	SubstanceUse     bool
	SubstanceDetails string
	CopingStrategies []string
}

// seedCheckIns stores check-ins on the given local dates (mood 6, craving 2)
// straight into the database, to build a history quickly.
func seedCheckIns(t *testing.T, app *testApp, c *client, dates ...string) {
	t.Helper()
	id := userID(t, c)
	for _, d := range dates {
		if _, err := app.db.Pool.Exec(context.Background(),
			`INSERT INTO check_ins (user_id, local_date, mood, craving_intensity) VALUES ($1, $2, 6, 2)`, id, d); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCheckInValidation(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Val")
	with := func(k string, v any) map[string]any { b := checkInBody(5, 1, false); b[k] = v; return b }
	without := func(k string) map[string]any { b := checkInBody(5, 1, false); delete(b, k); return b }
	tests := []struct {
		name, field, want string
		body              any
	}{
		{"mood missing", "mood", "Required", without("mood")},
		{"mood below the scale", "mood", "Number must be greater than or equal to 1", with("mood", 0)},
		{"cravings above the scale", "cravingIntensity", "Number must be less than or equal to 10", with("cravingIntensity", 11)},
		{"substance use missing", "substanceUse", "Required", without("substanceUse")},
		{"unknown trigger", "triggers", `Unknown option "weather"`, with("triggers", []string{"stress", "weather"})},
		{"unknown coping strategy", "copingStrategies", `Unknown option "yelling"`, with("copingStrategies", []string{"yelling"})},
		{"description too long", "moodDescription", "at most 2000", with("moodDescription", strings.Repeat("x", 2001))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := c.do("POST", "/api/checkins", tt.body)
			_, _, fields := resp.errorBody(t)
			if resp.status != http.StatusBadRequest || !strings.Contains(fields[tt.field], tt.want) {
				t.Errorf("= %d %v, want 400 with %s: %q", resp.status, fields, tt.field, tt.want)
			}
		})
	}
	if got := c.do("POST", "/api/checkins", `{"mood": 5.5, "cravingIntensity": 1, "substanceUse": false}`); got.status != http.StatusBadRequest {
		t.Errorf("a fractional mood = %d, want 400", got.status)
	}
}

func TestCheckInOncePerLocalDay(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Dee")
	var today any
	c.do("GET", "/api/checkins/today", nil).json(t, &today)
	if today != nil {
		t.Fatalf("today before any check-in = %v, want null", today)
	}

	body := checkInBody(7, 3, true)
	body["substanceDetails"] = "Two beers after work"
	body["triggers"] = []string{"stress", "stress", "social"}
	resp := c.do("POST", "/api/checkins", body)
	if resp.status != http.StatusCreated {
		t.Fatalf("POST = %d %s", resp.status, resp.body)
	}
	var saved checkIn
	resp.json(t, &saved)
	if saved.Date != "2026-11-22" || saved.SubstanceDetails != "Two beers after work" || len(saved.Triggers) != 2 {
		t.Errorf("saved = %+v", saved)
	}
	var got checkIn
	c.do("GET", "/api/checkins/today", nil).json(t, &got)
	if got.ID != saved.ID {
		t.Errorf("today = %+v, want the saved check-in", got)
	}
	if again := c.do("POST", "/api/checkins", checkInBody(5, 1, false)); again.status != http.StatusConflict {
		t.Errorf("second check-in = %d, want 409", again.status)
	}

	app.advance(24 * time.Hour)
	if next := c.do("POST", "/api/checkins", checkInBody(5, 1, false)); next.status != http.StatusCreated {
		t.Errorf("next day's check-in = %d, want 201", next.status)
	}
}

func TestConcurrentCheckInsGiveExactlyOne(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Race")
	statuses := make([]int, 20)
	var wg sync.WaitGroup
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = c.do("POST", "/api/checkins", checkInBody(5, 1, false)).status
		}()
	}
	wg.Wait()
	count := map[int]int{}
	for _, s := range statuses {
		count[s]++
	}
	if count[http.StatusCreated] != 1 || count[http.StatusConflict] != 19 {
		t.Errorf("statuses = %v, want one 201 and nineteen 409", count)
	}
}

func TestTodayIsTheUsersLocalDate(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	// 10:30 UTC on the 22nd is 00:30 on the 23rd in Kiritimati, 23:30 on
	// the 21st in Pago Pago, and 10:30 on the 22nd in London.
	at := time.Date(2026, 11, 22, 10, 30, 0, 0, time.UTC)
	app.now.Store(&at)
	for zone, want := range map[string]string{"Pacific/Kiritimati": "2026-11-23", "Pacific/Pago_Pago": "2026-11-21", "Europe/London": "2026-11-22"} {
		t.Run(zone, func(t *testing.T) {
			c, _ := app.registerUser("Zed")
			c.do("PATCH", "/api/auth/user", map[string]string{"timezone": zone})
			var saved checkIn
			c.do("POST", "/api/checkins", checkInBody(5, 1, false)).json(t, &saved)
			if saved.Date != want {
				t.Errorf("check-in date = %s, want %s", saved.Date, want)
			}
		})
	}
}

func TestStatsAndMilestone(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Sol")
	seedCheckIns(t, app, c, "2026-11-21", "2026-11-20", "2026-11-19", "2026-11-18", "2026-11-17", "2026-11-16", "2026-11-01")

	var stats struct {
		StreakDays, WeeklyCheckins int
		AvgMood, AvgCravings       *float64
		DaysSinceSubstanceUse      *int
		SubstanceUseReported       bool
	}
	c.do("GET", "/api/stats", nil).json(t, &stats)
	if stats.StreakDays != 6 || stats.WeeklyCheckins != 6 || *stats.AvgMood != 6 || *stats.DaysSinceSubstanceUse != 21 {
		t.Errorf("stats with today open = %+v, want streak 6, weekly 6, mood 6, 21 days since the first check-in", stats)
	}

	c.do("POST", "/api/checkins", checkInBody(9, 1, false))
	c.do("GET", "/api/stats", nil).json(t, &stats)
	if stats.StreakDays != 7 || stats.WeeklyCheckins != 7 || *stats.AvgMood != 6.4 {
		t.Errorf("stats after today's check-in = %+v, want streak 7, weekly 7, mood 6.4", stats)
	}
	var alerts []struct {
		ID            int64
		Type, Message string
		Link          string
		IsRead        bool
	}
	c.do("GET", "/api/alerts", nil).json(t, &alerts)
	if len(alerts) != 1 || alerts[0].Type != "milestone" || !strings.Contains(alerts[0].Message, "week") {
		t.Fatalf("alerts = %+v, want one milestone", alerts)
	}

	t.Run("marking read, and other users cannot", func(t *testing.T) {
		_, other := app.twoUsers()
		requireIsolated(t, other, []isolationCase{
			{"PATCH", fmt.Sprintf("/api/alerts/%d/read", alerts[0].ID), nil},
		})
		if got := c.do("PATCH", fmt.Sprintf("/api/alerts/%d/read", alerts[0].ID), nil).status; got != http.StatusNoContent {
			t.Fatalf("PATCH read = %d", got)
		}
		c.do("GET", "/api/alerts", nil).json(t, &alerts)
		if !alerts[0].IsRead {
			t.Error("the alert is still unread")
		}
		for _, path := range []string{"/api/alerts/999999/read", "/api/alerts/abc/read"} {
			if got := c.do("PATCH", path, nil).status; got != http.StatusNotFound {
				t.Errorf("PATCH %s = %d, want 404", path, got)
			}
		}
	})
}

func TestSubstanceUseRaisesAKindAlertAndKeepsHistory(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Kai")
	seedCheckIns(t, app, c, "2026-11-21", "2026-11-20")
	body := checkInBody(4, 7, true)
	body["substanceDetails"] = "A few drinks"
	c.do("POST", "/api/checkins", body)

	var alerts []struct{ Type, Link, Message string }
	c.do("GET", "/api/alerts", nil).json(t, &alerts)
	if len(alerts) != 1 || alerts[0].Type != "concerning_pattern" || alerts[0].Link != "/crisis" {
		t.Fatalf("alerts = %+v, want one concerning_pattern linking to /crisis", alerts)
	}
	var stats struct {
		StreakDays            int
		DaysSinceSubstanceUse *int
		SubstanceUseReported  bool
	}
	c.do("GET", "/api/stats", nil).json(t, &stats)
	if stats.StreakDays != 3 || *stats.DaysSinceSubstanceUse != 0 || !stats.SubstanceUseReported {
		t.Errorf("stats = %+v: the check-in streak must go on, days since use restart at 0", stats)
	}
}

func TestCheckInListPagesAndExports(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Pat")
	seedCheckIns(t, app, c, "2026-11-20", "2026-11-19", "2026-11-18", "2026-11-10", "2026-10-30")
	body := checkInBody(6, 2, false)
	body["moodDescription"] = "=HYPERLINK(\"http://evil.example\")"
	c.do("POST", "/api/checkins", body)

	dates := func(path string) string {
		var list []checkIn
		resp := c.do("GET", path, nil)
		if resp.status != http.StatusOK {
			t.Fatalf("GET %s = %d %s", path, resp.status, resp.body)
		}
		resp.json(t, &list)
		var out []string
		for _, ci := range list {
			out = append(out, ci.Date[5:])
		}
		return strings.Join(out, " ")
	}
	tests := []struct{ path, want string }{
		{"/api/checkins", "11-22 11-20 11-19 11-18 11-10 10-30"},
		{"/api/checkins?limit=2", "11-22 11-20"},
		{"/api/checkins?limit=2&before=2026-11-20", "11-19 11-18"},
		{"/api/checkins?from=2026-11-01&to=2026-11-19", "11-19 11-18 11-10"},
	}
	for _, tt := range tests {
		if got := dates(tt.path); got != tt.want {
			t.Errorf("GET %s = %q, want %q", tt.path, got, tt.want)
		}
	}
	for _, bad := range []string{"/api/checkins?limit=0", "/api/checkins?limit=x", "/api/checkins?from=yesterday"} {
		if got := c.do("GET", bad, nil).status; got != http.StatusBadRequest {
			t.Errorf("GET %s = %d, want 400", bad, got)
		}
	}

	resp := c.do("GET", "/api/checkins/export?from=2026-11-18", nil)
	if resp.status != http.StatusOK || !strings.HasPrefix(resp.header.Get("Content-Type"), "text/csv") {
		t.Fatalf("export = %d %q", resp.status, resp.header.Get("Content-Type"))
	}
	rows, err := csv.NewReader(strings.NewReader(string(resp.body))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 5 || rows[0][0] != "date" || rows[1][0] != "2026-11-22" {
		t.Fatalf("CSV rows = %v", rows)
	}
	if !strings.HasPrefix(rows[1][3], "'=") || rows[1][4] != "stress;social" {
		t.Errorf("CSV row = %v: want the formula defused and the triggers joined", rows[1])
	}

	_, other := app.twoUsers()
	if got := other.do("GET", "/api/checkins", nil); string(got.body) != "[]\n" {
		t.Errorf("another user's list = %s, want []", got.body)
	}
}
