package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

type crisisContact struct {
	ID           int64
	Name         string
	Phone        string
	Relationship string
	IsEmergency  bool
	CreatedAt    string
}

func TestCrisisContactValidation(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Val")
	contact := func(k string, v any) map[string]any {
		b := map[string]any{"name": "Sam", "phone": "555-0100", "relationship": "sponsor", "isEmergency": false}
		if v == nil {
			delete(b, k)
		} else {
			b[k] = v
		}
		return b
	}
	tests := []struct {
		name, field, want string
		body              any
	}{
		{"name missing", "name", "Name is required", contact("name", nil)},
		{"name blank", "name", "Name is required", contact("name", "   ")},
		{"name too long", "name", "at most 100", contact("name", strings.Repeat("n", 101))},
		{"phone missing", "phone", "Phone number is required", contact("phone", nil)},
		{"phone blank", "phone", "Phone number is required", contact("phone", " ")},
		{"phone too long", "phone", "at most 40", contact("phone", strings.Repeat("5", 41))},
		{"relationship not in the list", "relationship", "therapist, sponsor, family, friend, doctor, other", contact("relationship", "boss")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := c.do("POST", "/api/crisis-contacts", tt.body)
			_, _, fields := resp.errorBody(t)
			if resp.status != http.StatusBadRequest || !strings.Contains(fields[tt.field], tt.want) {
				t.Errorf("= %d %v, want 400 with %s: %q", resp.status, fields, tt.field, tt.want)
			}
		})
	}
	t.Run("both required fields at once", func(t *testing.T) {
		_, _, fields := c.do("POST", "/api/crisis-contacts", map[string]any{"relationship": "", "isEmergency": false}).errorBody(t)
		if fields["name"] != "Name is required" || fields["phone"] != "Phone number is required" {
			t.Errorf("fields = %v", fields)
		}
	})
	for _, body := range []string{`{"name": "Sam", "phone": "1", "nickname": "S"}`, `{"name": "Sam", "phone": 5550100}`, `not json`} {
		if got := c.do("POST", "/api/crisis-contacts", body); got.status != http.StatusBadRequest {
			t.Errorf("POST %s = %d, want 400", body, got.status)
		}
	}
	if list := contacts(t, c); len(list) != 0 {
		t.Errorf("invalid posts stored %d contacts", len(list))
	}
}

func contacts(t *testing.T, c *client) []crisisContact {
	t.Helper()
	resp := c.do("GET", "/api/crisis-contacts", nil)
	if resp.status != http.StatusOK {
		t.Fatalf("GET /api/crisis-contacts = %d %s", resp.status, resp.body)
	}
	var list []crisisContact
	resp.json(t, &list)
	return list
}

func TestCrisisContactsCRUDEmergencyFirst(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Cris")
	if got := c.do("GET", "/api/crisis-contacts", nil); got.status != http.StatusOK || strings.TrimSpace(string(got.body)) != "[]" {
		t.Errorf("empty list = %d %s, want []", got.status, got.body)
	}
	for _, body := range []map[string]any{
		{"name": "zoe", "phone": "555-0101", "relationship": "friend", "isEmergency": false},
		{"name": "  Dr Lee  ", "phone": " (555) 0102 ", "relationship": "doctor", "isEmergency": true},
		{"name": "Alex", "phone": "555-0103", "relationship": ""},
		{"name": "Sam", "phone": "555-0104", "relationship": "Sponsor", "isEmergency": true},
	} {
		resp := c.do("POST", "/api/crisis-contacts", body)
		if resp.status != http.StatusCreated {
			t.Fatalf("POST %v = %d %s", body, resp.status, resp.body)
		}
	}
	list := contacts(t, c)
	var names []string
	for _, ct := range list {
		names = append(names, ct.Name)
	}
	if fmt.Sprint(names) != "[Dr Lee Sam Alex zoe]" {
		t.Errorf("order = %v, want emergency contacts first, then by name", names)
	}
	if lee := list[0]; lee.Phone != "(555) 0102" || lee.Relationship != "doctor" || !lee.IsEmergency || lee.CreatedAt == "" {
		t.Errorf("Dr Lee = %+v", lee)
	}
	if list[1].Relationship != "sponsor" {
		t.Errorf("relationship = %q, want it lower-cased", list[1].Relationship)
	}

	alex := list[2]
	resp := c.do("PATCH", fmt.Sprintf("/api/crisis-contacts/%d", alex.ID), map[string]any{"isEmergency": true, "relationship": "family"})
	var patched crisisContact
	resp.json(t, &patched)
	if resp.status != http.StatusOK || patched.Name != "Alex" || patched.Phone != "555-0103" || patched.Relationship != "family" || !patched.IsEmergency {
		t.Errorf("PATCH = %d %+v, want only the fields sent changed", resp.status, patched)
	}
	if resp := c.do("PATCH", fmt.Sprintf("/api/crisis-contacts/%d", alex.ID), map[string]any{"name": ""}); resp.status != http.StatusBadRequest {
		t.Errorf("PATCH with a blank name = %d, want 400", resp.status)
	}
	if names := contacts(t, c); names[0].Name != "Alex" {
		t.Errorf("after the edit the first contact is %q, want Alex (emergency, A first)", names[0].Name)
	}

	if resp := c.do("DELETE", fmt.Sprintf("/api/crisis-contacts/%d", alex.ID), nil); resp.status != http.StatusNoContent {
		t.Errorf("DELETE = %d %s", resp.status, resp.body)
	}
	if resp := c.do("DELETE", fmt.Sprintf("/api/crisis-contacts/%d", alex.ID), nil); resp.status != http.StatusNotFound {
		t.Errorf("second DELETE = %d, want 404", resp.status)
	}
	if resp := c.do("PATCH", "/api/crisis-contacts/abc", map[string]any{"name": "x"}); resp.status != http.StatusNotFound {
		t.Errorf("PATCH of a non-numeric id = %d, want 404", resp.status)
	}
	if got := len(contacts(t, c)); got != 3 {
		t.Errorf("%d contacts left, want 3", got)
	}
}

func TestCrisisContactsAreIsolated(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	a, b := app.twoUsers()
	resp := a.do("POST", "/api/crisis-contacts", map[string]any{"name": "Sam", "phone": "555-0100", "relationship": "sponsor", "isEmergency": true})
	var sam crisisContact
	resp.json(t, &sam)
	path := fmt.Sprintf("/api/crisis-contacts/%d", sam.ID)

	requireIsolated(t, b, []isolationCase{
		{"PATCH", path, map[string]any{"name": "Mine now"}},
		{"DELETE", path, nil},
	})
	if list := contacts(t, b); len(list) != 0 {
		t.Errorf("user B lists %d of user A's contacts", len(list))
	}
	if list := contacts(t, a); len(list) != 1 || list[0].Name != "Sam" {
		t.Errorf("user A's contacts after B's attempts = %+v", list)
	}
	signedOut := app.newClient()
	if resp := signedOut.do("GET", "/api/crisis-contacts", nil); resp.status != http.StatusUnauthorized || !strings.Contains(string(resp.body), "Unauthorized") {
		t.Errorf("signed out = %d %s, want 401 Unauthorized", resp.status, resp.body)
	}
}

// TestSponsorIsTheContactMarkedSponsor: GET /api/sponsor follows
// lifeline.Sponsor through the real store (emergency first), with the
// extension kept in its tel: link, and is null without one.
func TestSponsorIsTheContactMarkedSponsor(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Spon")
	sponsor := func() map[string]any {
		t.Helper()
		resp := c.do("GET", "/api/sponsor", nil)
		if resp.status != http.StatusOK {
			t.Fatalf("GET /api/sponsor = %d %s", resp.status, resp.body)
		}
		var out struct{ Sponsor map[string]any }
		resp.json(t, &out)
		return out.Sponsor
	}
	add := func(name, phone, relationship string, emergency bool) {
		t.Helper()
		if resp := c.do("POST", "/api/crisis-contacts", map[string]any{"name": name, "phone": phone, "relationship": relationship, "isEmergency": emergency}); resp.status != http.StatusCreated {
			t.Fatalf("add %s = %d %s", name, resp.status, resp.body)
		}
	}
	if got := sponsor(); got != nil {
		t.Errorf("no contacts: sponsor = %v, want null", got)
	}
	// The safety plan's people are never "my sponsor", nor is its 988 line.
	if resp := c.do("PUT", "/api/safety-plan", map[string]any{"helpPeople": []string{"Maria, my sponsor, 555-0134"}, "professionals": []map[string]string{{"name": "Dr. Patel", "phone": "555-0199"}}}); resp.status != http.StatusOK {
		t.Fatalf("PUT /api/safety-plan = %d %s", resp.status, resp.body)
	}
	add("Mum", "555-0100", "family", true)
	add("Crisis line", "988", "sponsor", true)
	if got := sponsor(); got != nil {
		t.Errorf("no contact marked sponsor: sponsor = %v, want null", got)
	}
	add("Alex", "555-0111", "sponsor", false)
	add("Sam", "555-0134 ext. 22", "sponsor", true)
	got := sponsor()
	if got["name"] != "Sam" || got["phone"] != "555-0134 ext. 22" || got["href"] != "tel:5550134;ext=22" {
		t.Errorf("sponsor = %v, want Sam (the emergency one) dialled with the extension", got)
	}
}
