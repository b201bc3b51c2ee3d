package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

type measureResult struct {
	Response struct {
		ID        int64
		Total     int
		Band      string
		Answers   []*int
		Subscores map[string]int
		Note      string
		TakenAt   time.Time
	}
	BandLabel string
	Crisis    bool
}

func takeMeasure(t *testing.T, c *client, instrument string, answers []any, note string) measureResult {
	t.Helper()
	resp := c.do("POST", "/api/measures/responses", map[string]any{"instrument": instrument, "answers": answers, "note": note})
	if resp.status != http.StatusCreated {
		t.Fatalf("take %s = %d %s", instrument, resp.status, resp.body)
	}
	var out measureResult
	resp.json(t, &out)
	return out
}

func TestTakingAQuestionnaire(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Robin")

	t.Run("a GAD-7 is scored on the server and listed with its note", func(t *testing.T) {
		got := takeMeasure(t, c, "gad7", []any{2, 2, 2, 2, 2, 0, 0, nil}, "  a hard fortnight  ")
		if got.Response.Total != 10 || got.Response.Band != "moderate" || got.BandLabel != "Moderate symptoms of anxiety" ||
			got.Crisis || got.Response.Note != "a hard fortnight" || got.Response.Answers[7] != nil {
			t.Errorf("result = %+v", got)
		}
		var list []struct {
			ID    int64
			Total int
			Note  string
		}
		c.do("GET", "/api/measures/responses?instrument=gad7", nil).json(t, &list)
		if len(list) != 1 || list[0].ID != got.Response.ID || list[0].Note != "a hard fortnight" {
			t.Errorf("history = %+v", list)
		}
	})

	t.Run("PHQ-9 item 9 above not at all asks for the crisis layer, and the response is stored all the same", func(t *testing.T) {
		got := takeMeasure(t, c, "phq9", []any{0, 0, 0, 0, 0, 0, 0, 0, 1, nil}, "")
		if !got.Crisis || got.Response.Total != 1 || got.Response.ID == 0 {
			t.Errorf("result = %+v", got)
		}
		if got := takeMeasure(t, c, "phq9", []any{3, 3, 3, 3, 3, 3, 3, 3, 0, 3}, ""); got.Crisis || got.Response.Band != "severe" {
			t.Errorf("item 9 at 0 = %+v", got)
		}
	})

	t.Run("the BAM is read by its three scores", func(t *testing.T) {
		answers := []any{1, 1, 1, 0, 0, 0, nil, nil, nil, nil, nil, nil, nil, 2, 3, 2, 1, 2, 4, 4, 1, 4, 3}
		got := takeMeasure(t, c, "bam", answers, "")
		if s := got.Response.Subscores; s["use"] != 0 || s["risk"] != 7 || s["protective"] != 19 || got.Response.Total != 0 || got.Response.Band != "" {
			t.Errorf("bam = %+v", got.Response)
		}
	})

	t.Run("bad answers are refused with the item named", func(t *testing.T) {
		cases := []struct {
			name  string
			body  map[string]any
			field string
		}{
			{"an answer the item does not offer", map[string]any{"instrument": "gad7", "answers": []any{0, 4, 0, 0, 0, 0, 0, nil}}, "answers.2"},
			{"a required item left out", map[string]any{"instrument": "auditc", "answers": []any{0, nil, 0}}, "answers.2"},
			{"too few answers", map[string]any{"instrument": "phq9", "answers": []any{0}}, "answers"},
			{"an unknown instrument", map[string]any{"instrument": "k10", "answers": []any{0}}, "instrument"},
			{"a note too long", map[string]any{"instrument": "auditc", "answers": []any{0, 0, 0}, "note": strings.Repeat("a", 1001)}, "note"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				resp := c.do("POST", "/api/measures/responses", tc.body)
				var e struct{ Fields map[string]string }
				resp.json(t, &e)
				if resp.status != http.StatusBadRequest || e.Fields[tc.field] == "" {
					t.Errorf("= %d %s, want 400 naming %s", resp.status, resp.body, tc.field)
				}
			})
		}
	})

	t.Run("a note is written, cleared, and a response deleted", func(t *testing.T) {
		got := takeMeasure(t, c, "auditc", []any{1, 0, 0}, "")
		path := fmt.Sprintf("/api/measures/responses/%d", got.Response.ID)
		var edited struct{ Note string }
		if resp := c.do("PATCH", path, map[string]any{"note": "birthday"}); resp.status != http.StatusOK {
			t.Fatalf("note = %d %s", resp.status, resp.body)
		} else if resp.json(t, &edited); edited.Note != "birthday" {
			t.Errorf("note = %q", edited.Note)
		}
		if resp := c.do("PATCH", path, map[string]any{}); resp.status != http.StatusBadRequest {
			t.Errorf("a PATCH without a note = %d", resp.status)
		}
		if resp := c.do("DELETE", path, nil); resp.status != http.StatusNoContent {
			t.Fatalf("delete = %d", resp.status)
		}
		if resp := c.do("DELETE", path, nil); resp.status != http.StatusNotFound {
			t.Errorf("second delete = %d", resp.status)
		}
	})
}

func TestMeasureScheduleAndDue(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Robin")
	type status struct {
		Instrument string
		EveryDays  int
		Due        bool
		NextDueAt  *time.Time
		Latest     *struct{ Total int }
	}
	statuses := func() map[string]status {
		var list []status
		c.do("GET", "/api/measures", nil).json(t, &list)
		out := map[string]status{}
		for _, s := range list {
			out[s.Instrument] = s
		}
		return out
	}
	s := statuses()
	if len(s) != 4 || !s["bam"].Due || s["bam"].EveryDays != 7 || !s["phq9"].Due || s["phq9"].EveryDays != 14 || s["auditc"].Due || s["auditc"].NextDueAt != nil {
		t.Fatalf("defaults = %+v", s)
	}
	takeMeasure(t, c, "gad7", []any{0, 0, 0, 0, 0, 0, 0, nil}, "")
	if s := statuses()["gad7"]; s.Due || s.Latest == nil || s.NextDueAt == nil || !s.NextDueAt.Equal(app.now.Load().Add(14*24*time.Hour)) {
		t.Errorf("after taking it = %+v", s)
	}
	resp := c.do("PUT", "/api/measures/schedule", map[string]any{"schedules": []any{
		map[string]any{"instrument": "gad7", "everyDays": 3}, map[string]any{"instrument": "bam", "everyDays": 0}}})
	if resp.status != http.StatusOK {
		t.Fatalf("schedule = %d %s", resp.status, resp.body)
	}
	app.advance(3 * 24 * time.Hour)
	if s := statuses(); !s["gad7"].Due || s["bam"].Due || s["bam"].EveryDays != 0 {
		t.Errorf("after choosing = %+v", s)
	}
	for _, bad := range []map[string]any{
		{"schedules": []any{map[string]any{"instrument": "gad7", "everyDays": 91}}},
		{"schedules": []any{map[string]any{"instrument": "k10", "everyDays": 7}}},
		{"schedules": []any{}},
	} {
		if resp := c.do("PUT", "/api/measures/schedule", bad); resp.status != http.StatusBadRequest {
			t.Errorf("%v = %d", bad, resp.status)
		}
	}
}

// TestSupportersSeeScoresNeverAnswers: with the measures scope a supporter
// sees scores and bands; never the answers to items or the person's notes;
// without it, nothing.
func TestSupportersSeeScoresNeverAnswers(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, _ := app.registerUser("Robin")
	takeMeasure(t, wearer, "phq9", []any{1, 1, 1, 1, 1, 0, 0, 0, 0, 2}, "private words")
	takeMeasure(t, wearer, "bam", []any{0, 0, 0, 0, 0, 0, nil, nil, nil, nil, nil, nil, nil, 0, 4, 4, 0, 4, 4, 4, 0, 4, 4}, "")
	sam, link := linkSupporter(t, app, wearer, "Sam")
	var linkID int64
	var people []struct{ ID int64 }
	sam.do("GET", "/api/supporting", nil).json(t, &people)
	if len(people) != 1 {
		t.Fatalf("people = %+v", people)
	}
	linkID = people[0].ID
	view := func() (map[string]any, string) {
		resp := sam.do("GET", fmt.Sprintf("/api/supporting/%d", linkID), nil)
		if resp.status != http.StatusOK {
			t.Fatalf("view = %d %s", resp.status, resp.body)
		}
		var v map[string]any
		resp.json(t, &v)
		return v, string(resp.body)
	}
	if v, _ := view(); v["measures"] != nil {
		t.Errorf("without the scope: measures = %v", v["measures"])
	}
	grant(t, wearer, link, map[string]any{"measures": true})
	v, body := view()
	scores, _ := v["measures"].([]any)
	if len(scores) != 2 {
		t.Fatalf("with the scope: measures = %v", v["measures"])
	}
	for _, secret := range []string{"private words", "answers", "note"} {
		if strings.Contains(body, secret) {
			t.Errorf("the supporter's view holds %q: %s", secret, body)
		}
	}
	phq := scores[0].(map[string]any)
	if phq["instrument"] != "phq9" || phq["total"] != 5.0 || phq["band"] != "mild" || phq["bandLabel"] != "Mild symptoms of depression" {
		t.Errorf("phq9 score = %v", phq)
	}
	if bam := scores[1].(map[string]any); bam["subscores"].(map[string]any)["protective"] != 24.0 {
		t.Errorf("bam score = %v", bam)
	}
	var seen int
	app.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM care_views WHERE what = 'measures'`).Scan(&seen)
	if seen != 1 {
		t.Errorf("the look is not in the audit log: %d rows", seen)
	}
}
