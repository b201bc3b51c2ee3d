package api_test

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

type symptomLog struct {
	ID               int64
	PhysicalSymptom  string
	PhysicalSeverity *int
	MentalSymptom    string
	MentalSeverity   *int
	Duration         string
	Notes            string
	Date             time.Time
}

func symptomBody() map[string]any {
	return map[string]any{
		"physicalSymptom": "Headache", "physicalSeverity": 7, "mentalSymptom": "Anxiety", "mentalSeverity": 4,
		"duration": "1-4 hours", "notes": "After a long meeting",
	}
}

func logSymptom(t *testing.T, c *client, body any) symptomLog {
	t.Helper()
	resp := c.do("POST", "/api/symptoms", body)
	if resp.status != http.StatusCreated {
		t.Fatalf("POST /api/symptoms = %d %s", resp.status, resp.body)
	}
	var l symptomLog
	resp.json(t, &l)
	return l
}

func symptomList(t *testing.T, c *client) []symptomLog {
	t.Helper()
	resp := c.do("GET", "/api/symptoms", nil)
	if resp.status != http.StatusOK {
		t.Fatalf("GET /api/symptoms = %d %s", resp.status, resp.body)
	}
	var list []symptomLog
	resp.json(t, &list)
	return list
}

func TestSymptomsCRUD(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Sam")
	if list := symptomList(t, c); list == nil || len(list) != 0 {
		t.Fatalf("empty list = %v, want []", list)
	}
	first := logSymptom(t, c, symptomBody())
	if first.ID == 0 || first.PhysicalSymptom != "Headache" || *first.PhysicalSeverity != 7 || first.MentalSymptom != "Anxiety" ||
		*first.MentalSeverity != 4 || first.Duration != "1-4 hours" || first.Notes != "After a long meeting" ||
		!first.Date.Equal(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)) {
		t.Errorf("created = %+v", first)
	}
	app.advance(time.Minute)
	second := logSymptom(t, c, map[string]any{"duration": "Less than 1 hour", "physicalSymptom": "", "mentalSeverity": nil})
	if second.PhysicalSymptom != "" || second.PhysicalSeverity != nil || second.MentalSeverity != nil {
		t.Errorf("only a duration = %+v", second)
	}
	if list := symptomList(t, c); len(list) != 2 || list[0].ID != second.ID || list[1].ID != first.ID {
		t.Errorf("list = %+v, want newest first", list)
	}

	var got symptomLog
	c.do("GET", fmt.Sprintf("/api/symptoms/%d", first.ID), nil).json(t, &got)
	if got.ID != first.ID || got.Notes != first.Notes {
		t.Errorf("GET by id = %+v", got)
	}

	resp := c.do("PATCH", fmt.Sprintf("/api/symptoms/%d", first.ID), map[string]any{"duration": "All day", "physicalSeverity": nil})
	var patched symptomLog
	resp.json(t, &patched)
	if resp.status != http.StatusOK || patched.Duration != "All day" || patched.PhysicalSeverity != nil ||
		patched.PhysicalSymptom != "Headache" || *patched.MentalSeverity != 4 || !patched.Date.Equal(first.Date) {
		t.Errorf("PATCH = %d %+v", resp.status, patched)
	}

	if resp := c.do("DELETE", fmt.Sprintf("/api/symptoms/%d", first.ID), nil); resp.status != http.StatusNoContent {
		t.Errorf("DELETE = %d %s", resp.status, resp.body)
	}
	for _, path := range []string{fmt.Sprintf("/api/symptoms/%d", first.ID), "/api/symptoms/not-a-number"} {
		if resp := c.do("GET", path, nil); resp.status != http.StatusNotFound {
			t.Errorf("GET %s = %d", path, resp.status)
		}
	}
	if list := symptomList(t, c); len(list) != 1 {
		t.Errorf("after delete: %d logs", len(list))
	}
}

func TestSymptomValidation(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Val")
	with := func(k string, v any) map[string]any { b := symptomBody(); b[k] = v; return b }
	without := func(k string) map[string]any { b := symptomBody(); delete(b, k); return b }
	durations := "'Less than 1 hour' | '1-4 hours' | 'Half day' | 'All day' | 'Multiple days'"
	tests := []struct {
		name, field, want string
		body              any
	}{
		{"duration missing", "duration", "Required", without("duration")},
		{"duration empty", "duration", "Required", with("duration", "")},
		{"duration null", "duration", "Required", with("duration", nil)},
		{"duration not a choice", "duration", "Invalid enum value. Expected " + durations + ", received 'A week'", with("duration", "A week")},
		{"duration not text", "duration", "Expected string, received number", with("duration", 4)},
		{"physical symptom not in the list", "physicalSymptom", "received 'Cough'", with("physicalSymptom", "Cough")},
		{"mental symptom not in the list", "mentalSymptom", "Expected 'Anxiety' | 'Depression'", with("mentalSymptom", "Bored")},
		{"severity below the scale", "physicalSeverity", "Number must be greater than or equal to 1", with("physicalSeverity", 0)},
		{"severity above the scale", "mentalSeverity", "Number must be less than or equal to 10", with("mentalSeverity", 11)},
		{"severity not whole", "physicalSeverity", "Expected integer, received float", with("physicalSeverity", 5.5)},
		{"severity as text", "mentalSeverity", "Expected number, received string", with("mentalSeverity", "5")},
		{"notes too long", "notes", "String must contain at most 5000 character(s)", with("notes", strings.Repeat("n", 5001))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := c.do("POST", "/api/symptoms", tt.body)
			_, _, fields := resp.errorBody(t)
			if resp.status != http.StatusBadRequest || !strings.Contains(fields[tt.field], tt.want) {
				t.Errorf("= %d %v, want 400 with %s: %q", resp.status, fields, tt.field, tt.want)
			}
		})
	}
	for _, body := range []string{`{"duration": "All day", "mood": 5}`, `not json`, `[]`} {
		if got := c.do("POST", "/api/symptoms", body); got.status != http.StatusBadRequest {
			t.Errorf("POST %s = %d, want 400", body, got.status)
		}
	}
	t.Run("severities at the ends of the scale and text trimmed", func(t *testing.T) {
		l := logSymptom(t, c, map[string]any{"physicalSeverity": 1, "mentalSeverity": 10.0, "duration": " Half day ", "notes": strings.Repeat("n", 5000)})
		if *l.PhysicalSeverity != 1 || *l.MentalSeverity != 10 || l.Duration != "Half day" {
			t.Errorf("= %+v", l)
		}
		resp := c.do("PATCH", fmt.Sprintf("/api/symptoms/%d", l.ID), map[string]any{"duration": "Forever", "notes": "changed"})
		if _, _, fields := resp.errorBody(t); resp.status != http.StatusBadRequest || fields["duration"] == "" {
			t.Errorf("bad PATCH = %d %v", resp.status, fields)
		}
		var after symptomLog
		c.do("GET", fmt.Sprintf("/api/symptoms/%d", l.ID), nil).json(t, &after)
		if after.Notes == "changed" || after.Duration != "Half day" {
			t.Errorf("a refused PATCH changed the log: %+v", after)
		}
	})
	if list := symptomList(t, c); len(list) != 1 {
		t.Errorf("invalid posts stored %d logs", len(list)-1)
	}
}

func TestSymptomExport(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Exporter")
	body := symptomBody()
	body["notes"] = `=HYPERLINK("http://evil.example","click")`
	logSymptom(t, c, body)

	resp := c.do("GET", "/api/symptoms/export?format=csv", nil)
	if resp.status != http.StatusOK || !strings.HasPrefix(resp.header.Get("Content-Type"), "text/csv") ||
		resp.header.Get("Content-Disposition") != `attachment; filename="lifeline-symptoms-2026-11-22.csv"` {
		t.Fatalf("CSV export = %d %v", resp.status, resp.header)
	}
	rows, err := csv.NewReader(strings.NewReader(string(resp.body))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"2026-11-22T09:00:00Z", "Headache", "7", "Anxiety", "4", "1-4 hours", `'=HYPERLINK("http://evil.example","click")`}
	if len(rows) != 2 || rows[0][0] != "date" || !equalStrings(rows[1], want) {
		t.Errorf("CSV rows = %q, want header and %q", rows, want)
	}
	if resp := c.do("GET", "/api/symptoms/export", nil); resp.status != http.StatusOK || !strings.Contains(string(resp.body), "'=HYPERLINK") {
		t.Errorf("default format = %d %s", resp.status, resp.body)
	}

	resp = c.do("GET", "/api/symptoms/export?format=json", nil)
	var list []symptomLog
	resp.json(t, &list)
	if resp.status != http.StatusOK || resp.header.Get("Content-Disposition") != `attachment; filename="lifeline-symptoms-2026-11-22.json"` ||
		len(list) != 1 || list[0].Notes != body["notes"] || list[0].PhysicalSymptom != "Headache" {
		t.Errorf("JSON export = %d %v %+v", resp.status, resp.header, list)
	}
	if resp := c.do("GET", "/api/symptoms/export?format=xml", nil); resp.status != http.StatusBadRequest {
		t.Errorf("format=xml = %d", resp.status)
	}
}

func equalStrings(a, b []string) bool {
	return strings.Join(a, "\x00") == strings.Join(b, "\x00")
}

type trendDay struct {
	Date             string
	PhysicalSeverity *float64
	MentalSeverity   *float64
	Logs             int
}

func TestSymptomTrend(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Trend") // Europe/London: UTC in November
	logSymptom(t, c, map[string]any{"physicalSeverity": 4, "mentalSeverity": 6, "duration": "All day"})
	logSymptom(t, c, map[string]any{"physicalSeverity": 7, "duration": "All day"})
	app.advance(48 * time.Hour) // 2026-11-24
	logSymptom(t, c, map[string]any{"mentalSeverity": 2, "duration": "Half day"})

	resp := c.do("GET", "/api/symptoms/trend?days=3", nil)
	var days []trendDay
	resp.json(t, &days)
	if resp.status != http.StatusOK || len(days) != 3 {
		t.Fatalf("trend = %d %s", resp.status, resp.body)
	}
	p := func(v *float64) string {
		if v == nil {
			return "null"
		}
		return fmt.Sprint(*v)
	}
	var got []string
	for _, d := range days {
		got = append(got, fmt.Sprintf("%s %s %s %d", d.Date, p(d.PhysicalSeverity), p(d.MentalSeverity), d.Logs))
	}
	want := []string{"2026-11-22 5.5 6 2", "2026-11-23 null null 0", "2026-11-24 null 2 1"}
	if !equalStrings(got, want) {
		t.Errorf("trend = %q, want %q", got, want)
	}
	resp = c.do("GET", "/api/symptoms/trend", nil)
	resp.json(t, &days)
	if len(days) != 30 || days[29].Date != "2026-11-24" || days[0].Date != "2026-10-26" {
		t.Errorf("default trend: %d days from %s", len(days), days[0].Date)
	}
	for _, q := range []string{"0", "367", "x"} {
		if resp := c.do("GET", "/api/symptoms/trend?days="+q, nil); resp.status != http.StatusBadRequest {
			t.Errorf("days=%s = %d", q, resp.status)
		}
	}
}

func TestSymptomsAreIsolated(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	alice, bruno := app.twoUsers()
	l := logSymptom(t, alice, symptomBody())
	path := fmt.Sprintf("/api/symptoms/%d", l.ID)
	requireIsolated(t, bruno, []isolationCase{
		{"GET", path, nil},
		{"PATCH", path, map[string]any{"notes": "mine now"}},
		{"DELETE", path, nil},
	})
	if list := symptomList(t, bruno); len(list) != 0 {
		t.Errorf("the other user lists %d logs", len(list))
	}
	for _, q := range []string{"csv", "json"} {
		if resp := bruno.do("GET", "/api/symptoms/export?format="+q, nil); strings.Contains(string(resp.body), "After a long meeting") {
			t.Errorf("the other user's %s export holds the log", q)
		}
	}
	var trend []trendDay
	bruno.do("GET", "/api/symptoms/trend?days=1", nil).json(t, &trend)
	if len(trend) != 1 || trend[0].Logs != 0 {
		t.Errorf("the other user's trend = %+v", trend)
	}
	var still symptomLog
	alice.do("GET", path, nil).json(t, &still)
	if still.Notes != "After a long meeting" {
		t.Errorf("the owner's log changed: %+v", still)
	}
	signedOut := app.newClient()
	for _, p := range []string{"/api/symptoms", path, "/api/symptoms/export", "/api/symptoms/trend"} {
		if resp := signedOut.do("GET", p, nil); resp.status != http.StatusUnauthorized {
			t.Errorf("signed out GET %s = %d", p, resp.status)
		}
	}
}
