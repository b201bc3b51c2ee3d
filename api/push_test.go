package api_test

import (
	"fmt"
	"net/http"
	"testing"
)

// TestPushRoutes: the VAPID key is made once and served the same every
// time; a browser's push channel is validated, listed with the others,
// tested and removed, and only by its owner.
func TestPushRoutes(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	alex, _ := app.registerUser("Alex")
	sam, _ := app.registerUser("Sam")

	var key1, key2 struct{ PublicKey string }
	alex.do("GET", "/api/push/key", nil).json(t, &key1)
	sam.do("GET", "/api/push/key", nil).json(t, &key2)
	if len(key1.PublicKey) != 87 || key1.PublicKey != key2.PublicKey {
		t.Fatalf("VAPID keys %q and %q, want one 87-character key", key1.PublicKey, key2.PublicKey)
	}

	valid := pushChannelSpecBody("alex")
	for _, tc := range []struct {
		name string
		body map[string]any
		want int
	}{
		{"a browser's subscription", valid, http.StatusCreated},
		{"the same again updates it", valid, http.StatusCreated},
		{"no keys", map[string]any{"kind": "push", "address": "https://push.example.org/x"}, http.StatusBadRequest},
		{"a bad key", map[string]any{"kind": "push", "address": "https://push.example.org/x", "keys": map[string]string{"p256dh": "AAAA", "auth": "BTBZMqHH6r4Tts7J_aSIgg"}}, http.StatusBadRequest},
		{"not a URL", map[string]any{"kind": "push", "address": "javascript:alert(1)", "keys": valid["keys"]}, http.StatusBadRequest},
		{"keys on a webhook", map[string]any{"kind": "webhook", "address": "https://example.org/hook", "keys": valid["keys"]}, http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if resp := alex.do("POST", "/api/channels", tc.body); resp.status != tc.want {
				t.Fatalf("POST = %d %s, want %d", resp.status, resp.body, tc.want)
			}
		})
	}
	var channels []struct {
		ID          int64
		Kind        string
		Address     string
		Label       string
		ConfirmedAt *string
	}
	alex.do("GET", "/api/channels", nil).json(t, &channels)
	if len(channels) != 1 || channels[0].Kind != "push" || channels[0].Address != valid["address"] || channels[0].Label != "alex browser" || channels[0].ConfirmedAt == nil {
		t.Fatalf("channels %+v, want the one confirmed push channel", channels)
	}
	path := fmt.Sprintf("/api/channels/%d", channels[0].ID)
	for _, tc := range []struct {
		who          *client
		method, path string
		want         int
	}{
		{sam, "POST", path + "/test", http.StatusNotFound},
		{sam, "DELETE", path, http.StatusNotFound},
		{alex, "POST", path + "/test", http.StatusAccepted},
		{alex, "POST", path + "/confirmation", http.StatusConflict},
		{alex, "DELETE", path, http.StatusNoContent},
		{alex, "DELETE", path, http.StatusNotFound},
	} {
		if resp := tc.who.do(tc.method, tc.path, nil); resp.status != tc.want {
			t.Errorf("%s %s = %d %s, want %d", tc.method, tc.path, resp.status, resp.body, tc.want)
		}
	}
}
