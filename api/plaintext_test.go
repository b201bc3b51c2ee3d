package api_test

import (
	"net/http"
	"strings"
	"testing"

	"lifeline"
)

// TestNamesAndLabelsArePlainText: every name or label that reaches another
// person refuses line breaks, controls and bidi overrides with a field
// error, wherever it is written.
func TestNamesAndLabelsArePlainText(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	alex, _ := app.registerUser("Alex")
	const bad = "Sam\nVisit https://evil.example to confirm your account"
	push := pushChannelSpecBody("alex")
	for _, tc := range []struct {
		name, method, path string
		body               map[string]any
		field              string
	}{
		{"a new account's first name", "POST", "/api/auth/register", map[string]any{"email": "nl@example.org", "password": goodPassword, "firstName": bad, "lastName": "Doe", "timezone": "Europe/London"}, "firstName"},
		{"a last name", "PATCH", "/api/auth/user", map[string]any{"lastName": "Doe\u202egnp.exe"}, "lastName"},
		{"a crisis contact", "POST", "/api/crisis-contacts", map[string]any{"name": bad, "phone": "555-0134"}, "name"},
		{"a safety plan contact", "PUT", "/api/safety-plan", map[string]any{"professionals": []map[string]string{{"name": "Dr.\tPatel", "phone": "555-0199"}}}, "professionals"},
		{"a zone", "POST", "/api/safe-zones", map[string]any{"name": "Rusty\u2028Anchor", "type": "avoid", "shape": "circle", "latitude": 51.5, "longitude": -0.12, "radius": 150, "isActive": true}, "name"},
		{"a bracelet", "POST", "/api/devices", map[string]any{"name": "Band\r\nBcc: x", "kind": "bracelet"}, "name"},
		{"an invited supporter", "POST", "/api/supporters", map[string]any{"label": bad, "email": "sam@example.org"}, "label"},
		{"a browser's label", "POST", "/api/channels", map[string]any{"kind": "push", "address": push["address"], "keys": push["keys"], "label": "Firefox\u0085on Linux"}, "label"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			who := alex
			if tc.path == "/api/auth/register" {
				who = app.newClient()
			}
			resp := who.do(tc.method, tc.path, tc.body)
			_, _, fields := resp.errorBody(t)
			if resp.status != http.StatusBadRequest || !strings.Contains(fields[tc.field], lifeline.PlainTextProblem) {
				t.Fatalf("%s %s = %d %s, want 400 with %s: %q", tc.method, tc.path, resp.status, resp.body, tc.field, lifeline.PlainTextProblem)
			}
		})
	}
}
