package api_test

import (
	"net/http"
	"testing"

	"lifeline/api"
)

// TestDestinationsOutsideThePublicInternetAreRefused: without
// --private-webhooks, a webhook or push endpoint naming an internal IP
// address is refused when saved, with a field error that names no
// address; public names pass (they are judged again at each connection).
func TestDestinationsOutsideThePublicInternetAreRefused(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, func(c *api.Config) { c.AllowPrivateWebhooks = false })
	alex, _ := app.registerUser("Alex")
	keys := pushChannelSpecBody("alex")["keys"]
	for _, tc := range []struct {
		name, path string
		body       map[string]any
		field      string // "" when accepted
	}{
		{"a public webhook", "/api/channels", map[string]any{"kind": "webhook", "address": "https://hooks.example.org/lifeline"}, ""},
		{"an email address", "/api/channels", map[string]any{"kind": "email", "address": "alex@example.org"}, ""},
		{"loopback", "/api/channels", map[string]any{"kind": "webhook", "address": "http://127.0.0.1:8080/hook"}, "address"},
		{"IPv6 loopback", "/api/channels", map[string]any{"kind": "webhook", "address": "http://[::1]/hook"}, "address"},
		{"localhost", "/api/channels", map[string]any{"kind": "webhook", "address": "http://localhost:9000/"}, "address"},
		{"cloud metadata (shared address space)", "/api/channels", map[string]any{"kind": "webhook", "address": "http://100.100.100.200/latest/meta-data"}, "address"},
		{"link-local metadata inside IPv6", "/api/channels", map[string]any{"kind": "webhook", "address": "http://[::ffff:169.254.169.254]/"}, "address"},
		{"NAT64 of a private address", "/api/channels", map[string]any{"kind": "webhook", "address": "https://[64:ff9b::a00:1]/"}, "address"},
		{"benchmarking range", "/api/channels", map[string]any{"kind": "webhook", "address": "http://198.18.0.1/"}, "address"},
		{"a private push endpoint", "/api/channels", map[string]any{"kind": "push", "address": "http://10.0.0.7/push/abc", "keys": keys, "label": "Firefox"}, "address"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := alex.do("POST", tc.path, tc.body)
			if tc.field == "" {
				if resp.status != http.StatusCreated {
					t.Fatalf("POST = %d %s, want 201", resp.status, resp.body)
				}
				return
			}
			code, _, fields := resp.errorBody(t)
			if resp.status != http.StatusBadRequest || code != "invalid" ||
				fields[tc.field] != "This address is not on the public internet. Use the public name or address of the service." {
				t.Fatalf("POST = %d %s, want 400 naming %s", resp.status, resp.body, tc.field)
			}
		})
	}
}
