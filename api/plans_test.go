package api_test

import (
	"net/http"
	"strings"
	"testing"
)

type planContact struct{ Name, Phone string }

type safetyPlan struct {
	WarningSigns            []string
	CopingStrategies        []string
	DistractionPeoplePlaces []string
	HelpPeople              []string
	Professionals           []planContact
	EnvironmentSafety       []string
	ReasonsForLiving        []string
	UpdatedAt               *string
}

type copingPlan struct {
	WarningSigns    []string
	TriggersToAvoid []string
	CopingActions   []string
	PeopleToCall    []planContact
	SafePlaces      []string
	UpdatedAt       *string
}

func TestSafetyPlanDefaultsSaveAndReload(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Sage")

	resp := c.do("GET", "/api/safety-plan", nil)
	if resp.status != http.StatusOK {
		t.Fatalf("GET = %d %s", resp.status, resp.body)
	}
	for _, section := range []string{`"warningSigns":[]`, `"copingStrategies":[]`, `"distractionPeoplePlaces":[]`, `"helpPeople":[]`,
		`"environmentSafety":[]`, `"reasonsForLiving":[]`, `"updatedAt":null`} {
		if !strings.Contains(string(resp.body), section) {
			t.Errorf("the empty plan lacks %s: %s", section, resp.body)
		}
	}
	var empty safetyPlan
	resp.json(t, &empty)
	if len(empty.Professionals) != 1 || empty.Professionals[0].Phone != "988" || !strings.Contains(empty.Professionals[0].Name, "988") {
		t.Errorf("professionals = %+v, want the 988 line pre-filled", empty.Professionals)
	}

	body := map[string]any{
		"warningSigns":            []string{"  Not sleeping  ", "", "Avoiding friends"},
		"copingStrategies":        []string{"Go for a run"},
		"distractionPeoplePlaces": []string{"The library"},
		"helpPeople":              []string{"Sam 555-0100"},
		"professionals":           []map[string]string{{"name": "Dr Lee", "phone": "555-0102"}, {"name": "", "phone": ""}},
		"environmentSafety":       []string{"Give my pills to my sister"},
		"reasonsForLiving":        []string{"My daughter"},
		"updatedAt":               nil,
	}
	resp = c.do("PUT", "/api/safety-plan", body)
	var saved safetyPlan
	resp.json(t, &saved)
	if resp.status != http.StatusOK || saved.UpdatedAt == nil {
		t.Fatalf("PUT = %d %s", resp.status, resp.body)
	}
	var got safetyPlan
	c.do("GET", "/api/safety-plan", nil).json(t, &got)
	if strings.Join(got.WarningSigns, "|") != "Not sleeping|Avoiding friends" {
		t.Errorf("warning signs = %q, want trimmed with blanks dropped", got.WarningSigns)
	}
	if len(got.Professionals) != 1 || got.Professionals[0].Name != "Dr Lee" || got.ReasonsForLiving[0] != "My daughter" || got.UpdatedAt == nil {
		t.Errorf("reloaded plan = %+v", got)
	}

	body["professionals"] = []any{}
	c.do("PUT", "/api/safety-plan", body).json(t, &got)
	if len(got.Professionals) != 1 || got.Professionals[0].Phone != "988" {
		t.Errorf("with no professionals the plan shows %+v, want the 988 line", got.Professionals)
	}
}

func TestCopingPlanDefaultsSaveAndReload(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Cope")
	resp := c.do("GET", "/api/coping-plan", nil)
	want := `{"warningSigns":[],"triggersToAvoid":[],"copingActions":[],"peopleToCall":[],"safePlaces":[],"updatedAt":null}`
	if resp.status != http.StatusOK || strings.TrimSpace(string(resp.body)) != want {
		t.Errorf("empty coping plan = %d %s, want %s", resp.status, resp.body, want)
	}
	resp = c.do("PUT", "/api/coping-plan", map[string]any{
		"warningSigns": []string{"Irritable"}, "triggersToAvoid": []string{"Payday", "The old bar"},
		"copingActions": []string{"Call Sam"}, "peopleToCall": []map[string]string{{"name": "Sam", "phone": "555-0100"}},
		"safePlaces": []string{"Gym"},
	})
	if resp.status != http.StatusOK {
		t.Fatalf("PUT = %d %s", resp.status, resp.body)
	}
	var got copingPlan
	c.do("GET", "/api/coping-plan", nil).json(t, &got)
	if len(got.TriggersToAvoid) != 2 || got.PeopleToCall[0].Phone != "555-0100" || got.SafePlaces[0] != "Gym" || got.UpdatedAt == nil {
		t.Errorf("reloaded coping plan = %+v", got)
	}
	// A partial PUT replaces the whole plan.
	c.do("PUT", "/api/coping-plan", map[string]any{"safePlaces": []string{"Home"}}).json(t, &got)
	if len(got.TriggersToAvoid) != 0 || got.SafePlaces[0] != "Home" {
		t.Errorf("after a partial PUT = %+v, want only safePlaces", got)
	}
}

func TestPlanValidation(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Val")
	many := make([]string, 26)
	for i := range many {
		many[i] = "sign"
	}
	tests := []struct {
		name, path, field string
		body              any
	}{
		{"too many entries", "/api/safety-plan", "warningSigns", map[string]any{"warningSigns": many}},
		{"an entry too long", "/api/safety-plan", "reasonsForLiving", map[string]any{"reasonsForLiving": []string{strings.Repeat("r", 501)}}},
		{"a professional without a name", "/api/safety-plan", "professionals", map[string]any{"professionals": []map[string]string{{"name": "", "phone": "555"}}}},
		{"a phone too long", "/api/coping-plan", "peopleToCall", map[string]any{"peopleToCall": []map[string]string{{"name": "Sam", "phone": strings.Repeat("5", 41)}}}},
		{"too many places", "/api/coping-plan", "safePlaces", map[string]any{"safePlaces": many}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := c.do("PUT", tt.path, tt.body)
			_, _, fields := resp.errorBody(t)
			if resp.status != http.StatusBadRequest || fields[tt.field] == "" {
				t.Errorf("= %d %v, want 400 naming %s", resp.status, fields, tt.field)
			}
		})
	}
	strict := []struct{ path, body string }{
		{"/api/safety-plan", `{"reasons": ["my kids"]}`},
		{"/api/safety-plan", `{"warningSigns": "one string"}`},
		{"/api/coping-plan", `{"peopleToCall": ["Sam"]}`},
		{"/api/coping-plan", `[]`},
	}
	for _, tt := range strict {
		if resp := c.do("PUT", tt.path, tt.body); resp.status != http.StatusBadRequest {
			t.Errorf("PUT %s %s = %d, want 400", tt.path, tt.body, resp.status)
		}
	}
	// Many long multi-byte entries pass the per-entry limits but not the size limit.
	long := make([]string, 25)
	for i := range long {
		long[i] = strings.Repeat("é", 500)
	}
	resp := c.do("PUT", "/api/safety-plan", map[string]any{"warningSigns": long, "copingStrategies": long, "helpPeople": long})
	if _, msg, _ := resp.errorBody(t); resp.status != http.StatusBadRequest || !strings.Contains(msg, "too long") {
		t.Errorf("an oversize plan = %d %s", resp.status, resp.body)
	}
}

func TestPlansAreIsolated(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	a, b := app.twoUsers()
	a.do("PUT", "/api/safety-plan", map[string]any{"reasonsForLiving": []string{"Alice's reason"}})
	a.do("PUT", "/api/coping-plan", map[string]any{"safePlaces": []string{"Alice's place"}})
	for _, path := range []string{"/api/safety-plan", "/api/coping-plan"} {
		resp := b.do("GET", path, nil)
		if resp.status != http.StatusOK || strings.Contains(string(resp.body), "Alice") || !strings.Contains(string(resp.body), `"updatedAt":null`) {
			t.Errorf("user B's %s = %d %s, want an empty plan", path, resp.status, resp.body)
		}
	}
	b.do("PUT", "/api/safety-plan", map[string]any{"reasonsForLiving": []string{"Bruno's reason"}})
	var got safetyPlan
	a.do("GET", "/api/safety-plan", nil).json(t, &got)
	if len(got.ReasonsForLiving) != 1 || got.ReasonsForLiving[0] != "Alice's reason" {
		t.Errorf("user A's plan after B saved = %+v", got)
	}
	signedOut := app.newClient()
	for _, path := range []string{"/api/safety-plan", "/api/coping-plan"} {
		if resp := signedOut.do("GET", path, nil); resp.status != http.StatusUnauthorized {
			t.Errorf("signed out GET %s = %d, want 401", path, resp.status)
		}
	}
}
