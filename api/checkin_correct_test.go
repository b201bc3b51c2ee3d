package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// recovery is the part of GET /api/stats that Recovery days read.
type recovery struct {
	StreakDays            int
	WeeklyCheckins        int
	AvgMood               *float64
	DaysSinceSubstanceUse *int
	SubstanceUseReported  bool
	SoberDate             *string
	UseSinceSoberDate     *string
}

func statsOf(t *testing.T, c *client) recovery {
	t.Helper()
	var s recovery
	resp := c.do("GET", "/api/stats", nil)
	if resp.status != http.StatusOK {
		t.Fatalf("GET /api/stats = %d %s", resp.status, resp.body)
	}
	resp.json(t, &s)
	return s
}

func days(s recovery) string {
	if s.DaysSinceSubstanceUse == nil {
		return "none"
	}
	return fmt.Sprint(*s.DaysSinceSubstanceUse)
}

func TestCheckInCorrectionValidation(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Val")
	body := checkInBody(5, 1, true)
	body["substanceDetails"] = "Two beers"
	var saved checkIn
	c.do("POST", "/api/checkins", body).json(t, &saved)
	path := fmt.Sprintf("/api/checkins/%d", saved.ID)
	tests := []struct {
		name, field, want string
		body              any
	}{
		{"mood below the scale", "mood", "Number must be greater than or equal to 1", map[string]any{"mood": 0}},
		{"cravings above the scale", "cravingIntensity", "Number must be less than or equal to 10", map[string]any{"cravingIntensity": 11}},
		{"substance use cleared", "substanceUse", "Required", map[string]any{"substanceUse": nil}},
		{"unknown trigger", "triggers", `Unknown option "weather"`, map[string]any{"triggers": []string{"weather"}}},
		{"notes too long", "notes", "at most 5000", map[string]any{"notes": strings.Repeat("x", 5001)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := c.do("PATCH", path, tt.body)
			_, _, fields := resp.errorBody(t)
			if resp.status != http.StatusBadRequest || !strings.Contains(fields[tt.field], tt.want) {
				t.Errorf("= %d %v, want 400 with %s: %q", resp.status, fields, tt.field, tt.want)
			}
		})
	}
	if got := c.do("PATCH", path, map[string]any{"date": "2026-11-01"}); got.status != http.StatusBadRequest {
		t.Errorf("moving a check-in to another date = %d, want 400: a check-in belongs to its day", got.status)
	}

	var got struct {
		checkIn
		Notes     string
		UpdatedAt *time.Time
	}
	resp := c.do("PATCH", path, map[string]any{"mood": 8})
	resp.json(t, &got)
	if resp.status != http.StatusOK || got.Mood != 8 || got.CravingIntensity != 1 || got.SubstanceDetails != "Two beers" || got.Date != saved.Date || got.UpdatedAt == nil {
		t.Errorf("PATCH mood = %d %+v: want mood 8, the rest kept, the date kept, updatedAt set", resp.status, got)
	}
	c.do("PATCH", path, map[string]any{"substanceUse": false}).json(t, &got)
	if got.SubstanceUse || got.SubstanceDetails != "" {
		t.Errorf("after substanceUse false = %+v: the details go with the use", got)
	}

	_, other := app.twoUsers()
	requireIsolated(t, other, []isolationCase{
		{"PATCH", path, map[string]any{"mood": 1}},
		{"DELETE", path, nil},
	})
	for _, p := range []string{"/api/checkins/999999", "/api/checkins/abc"} {
		if got := c.do("PATCH", p, map[string]any{"mood": 3}).status; got != http.StatusNotFound {
			t.Errorf("PATCH %s = %d, want 404", p, got)
		}
		if got := c.do("DELETE", p, nil).status; got != http.StatusNotFound {
			t.Errorf("DELETE %s = %d, want 404", p, got)
		}
	}
}

// TestCorrectingASlip: an accidental "Yes" is corrected; Recovery days,
// the alert it raised and the supporter's view all follow.
func TestCorrectingASlip(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, _ := app.registerUser("Kai")
	seedCheckIns(t, app, wearer, "2026-11-21", "2026-11-20", "2026-11-12")
	supporter, _ := app.registerUser("Sam")
	linkID, token := invite(t, wearer, "Sam", "")
	accept(t, supporter, token)
	grant(t, wearer, linkID, map[string]any{"checkIns": true, "checkInDetails": true})
	supporterSees := func() string {
		t.Helper()
		list := supported(t, supporter)
		if len(list) != 1 || list[0].CheckIns == nil {
			t.Fatalf("supporting = %+v", list)
		}
		return fmt.Sprintf("%v days, reported %v, streak %v", list[0].CheckIns["daysSinceSubstanceUse"], list[0].CheckIns["substanceUseReported"], list[0].CheckIns["streakDays"])
	}

	var slip checkIn
	wearer.do("POST", "/api/checkins", checkInBody(6, 2, true)).json(t, &slip)
	if s := statsOf(t, wearer); days(s) != "0" || !s.SubstanceUseReported {
		t.Fatalf("after the slip: %s days (reported %v), want 0", days(s), s.SubstanceUseReported)
	}
	if got, want := supporterSees(), "0 days, reported true, streak 3"; got != want {
		t.Errorf("the supporter sees %q, want %q", got, want)
	}
	type alert struct {
		ID               int64
		Type, Resolution string
		ResolvedAt       *time.Time
	}
	var alerts []alert
	wearer.do("GET", "/api/alerts", nil).json(t, &alerts)
	if len(alerts) != 1 || alerts[0].Type != "concerning_pattern" || alerts[0].ResolvedAt != nil {
		t.Fatalf("alerts after the slip = %+v, want one open concerning_pattern", alerts)
	}

	path := fmt.Sprintf("/api/checkins/%d", slip.ID)
	if resp := wearer.do("PATCH", path, map[string]any{"substanceUse": false}); resp.status != http.StatusOK {
		t.Fatalf("PATCH = %d %s", resp.status, resp.body)
	}
	if s := statsOf(t, wearer); days(s) != "10" || s.SubstanceUseReported || s.StreakDays != 3 {
		t.Errorf("after the correction: %s days (reported %v), streak %d; want 10 days from the first check-in, streak 3", days(s), s.SubstanceUseReported, s.StreakDays)
	}
	if got, want := supporterSees(), "10 days, reported false, streak 3"; got != want {
		t.Errorf("after the correction the supporter sees %q, want %q", got, want)
	}
	wearer.do("GET", "/api/alerts", nil).json(t, &alerts)
	if len(alerts) != 1 || alerts[0].ResolvedAt == nil || !strings.Contains(alerts[0].Resolution, "corrected") {
		t.Errorf("alerts after the correction = %+v, want the slip's alert kept and resolved as corrected", alerts)
	}
	var pending int
	app.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM outbox WHERE alert_id = $1 AND state = 'pending'`, alerts[0].ID).Scan(&pending)
	if pending != 0 {
		t.Errorf("%d deliveries of the corrected alert still wait", pending)
	}

	// Corrected back to Yes: Recovery days follow again, and the slip is
	// alerted anew (the resolved alert kept beside it).
	wearer.do("PATCH", path, map[string]any{"substanceUse": true})
	if s := statsOf(t, wearer); days(s) != "0" {
		t.Errorf("after correcting back: %s days, want 0", days(s))
	}
	alerts = nil // decoding into a used slice would keep what an open alert leaves out
	wearer.do("GET", "/api/alerts", nil).json(t, &alerts)
	if len(alerts) != 2 || alerts[0].Type != "concerning_pattern" || alerts[0].ResolvedAt != nil || alerts[1].ResolvedAt == nil {
		t.Errorf("alerts after correcting back = %+v, want a new open concerning_pattern beside the corrected one", alerts)
	}
	// An edit that keeps the slip raises nothing more.
	wearer.do("PATCH", path, map[string]any{"mood": 5})
	alerts = nil
	wearer.do("GET", "/api/alerts", nil).json(t, &alerts)
	if len(alerts) != 2 || alerts[0].ResolvedAt != nil {
		t.Errorf("alerts after an edit that keeps the slip = %+v, want the same two", alerts)
	}
}

func TestDeletingACheckIn(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Del")
	seedCheckIns(t, app, c, "2026-11-21", "2026-11-20")
	var today checkIn
	c.do("POST", "/api/checkins", checkInBody(2, 9, true)).json(t, &today)
	if s := statsOf(t, c); s.StreakDays != 3 || s.WeeklyCheckins != 3 || days(s) != "0" {
		t.Fatalf("before: %+v", s)
	}

	path := fmt.Sprintf("/api/checkins/%d", today.ID)
	if resp := c.do("DELETE", path, nil); resp.status != http.StatusNoContent {
		t.Fatalf("DELETE = %d %s", resp.status, resp.body)
	}
	s := statsOf(t, c)
	if s.StreakDays != 2 || s.WeeklyCheckins != 2 || *s.AvgMood != 6 || days(s) != "2" || s.SubstanceUseReported {
		t.Errorf("after deleting today's: %+v (%s days), want streak 2 (today still open), weekly 2, mood 6, 2 days from the first check-in", s, days(s))
	}
	var none any
	c.do("GET", "/api/checkins/today", nil).json(t, &none)
	if none != nil {
		t.Errorf("today after the delete = %v, want null", none)
	}
	if got := c.do("DELETE", path, nil).status; got != http.StatusNotFound {
		t.Errorf("deleting it again = %d, want 404", got)
	}
	var alerts []struct{ ResolvedAt *time.Time }
	c.do("GET", "/api/alerts", nil).json(t, &alerts)
	if len(alerts) == 0 || alerts[0].ResolvedAt == nil {
		t.Errorf("alerts after the delete = %+v, want the slip's alert resolved", alerts)
	}
	if got := c.do("POST", "/api/checkins", checkInBody(5, 1, false)).status; got != http.StatusCreated {
		t.Errorf("checking in again the same day = %d, want 201: one check-in per day, and the day is free again", got)
	}
}

// TestSoberDateAcrossTimeZones: the sober date is a date in the person's
// own zone: "today" there is the latest it may be, and the count is the
// days from it to their today.
func TestSoberDateAcrossTimeZones(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	// 10:30 UTC on the 22nd is the 23rd in Kiritimati and the 21st in Pago Pago.
	at := time.Date(2026, 11, 22, 10, 30, 0, 0, time.UTC)
	app.now.Store(&at)
	tests := []struct {
		zone, date string
		wantStatus int
		wantDays   string
	}{
		{"Pacific/Kiritimati", "2026-11-23", http.StatusNoContent, "0"},
		{"Pacific/Kiritimati", "2026-11-01", http.StatusNoContent, "22"},
		{"Pacific/Pago_Pago", "2026-11-22", http.StatusBadRequest, "none"},
		{"Pacific/Pago_Pago", "2026-11-01", http.StatusNoContent, "20"},
		{"Europe/London", "2025-11-22", http.StatusNoContent, "365"},
		{"Europe/London", "1899-01-01", http.StatusBadRequest, "none"},
	}
	for _, tt := range tests {
		t.Run(tt.zone+" "+tt.date, func(t *testing.T) {
			c, _ := app.registerUser("Zed")
			c.do("PATCH", "/api/auth/user", map[string]string{"timezone": tt.zone})
			resp := c.do("PUT", "/api/sober-date", map[string]any{"date": tt.date})
			if resp.status != tt.wantStatus {
				t.Fatalf("PUT = %d %s, want %d", resp.status, resp.body, tt.wantStatus)
			}
			if resp.status == http.StatusBadRequest {
				if _, _, fields := resp.errorBody(t); fields["date"] == "" {
					t.Errorf("400 without a message for the date: %s", resp.body)
				}
			}
			if s := statsOf(t, c); days(s) != tt.wantDays {
				t.Errorf("Recovery days = %s, want %s", days(s), tt.wantDays)
			}
		})
	}
}

// TestAUseAfterTheSoberDateIsOffered: a reported use after the sober date
// does not move it; it is offered until the person starts again from it or
// keeps their date.
func TestAUseAfterTheSoberDateIsOffered(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Ola")
	seedCheckIns(t, app, c, "2026-11-21")
	set := func(date any) {
		t.Helper()
		if resp := c.do("PUT", "/api/sober-date", map[string]any{"date": date}); resp.status != http.StatusNoContent {
			t.Fatalf("PUT %v = %d %s", date, resp.status, resp.body)
		}
	}
	set("2026-11-01")
	if s := statsOf(t, c); days(s) != "21" || *s.SoberDate != "2026-11-01" || s.UseSinceSoberDate != nil {
		t.Fatalf("with a sober date: %+v (%s days)", s, days(s))
	}
	app.advance(time.Minute)
	c.do("POST", "/api/checkins", checkInBody(4, 6, true))
	s := statsOf(t, c)
	if days(s) != "21" || s.UseSinceSoberDate == nil || *s.UseSinceSoberDate != "2026-11-22" {
		t.Fatalf("after a use: %+v (%s days), want 21 days still and the use offered", s, days(s))
	}

	app.advance(time.Minute)
	set("2026-11-01") // "Keep my date"
	if s := statsOf(t, c); days(s) != "21" || s.UseSinceSoberDate != nil {
		t.Errorf("after keeping the date: %+v, want 21 days and nothing offered", s)
	}
	set("2026-11-22") // "Start again from Nov 22"
	if s := statsOf(t, c); days(s) != "0" || s.UseSinceSoberDate != nil {
		t.Errorf("after starting again: %+v (%s days), want 0", s, days(s))
	}
	set(nil)
	if s := statsOf(t, c); days(s) != "0" || !s.SubstanceUseReported || s.SoberDate != nil {
		t.Errorf("after clearing: %+v (%s days), want today's rule: 0 days since the use", s, days(s))
	}
}
