package api_test

import (
	"net/http"
	"strings"
	"testing"
)

func TestSessionAnswersWhoAmIWithoutAnError(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	signedIn, _ := app.registerUser("Sol")
	tests := []struct {
		name     string
		client   *client
		wantBody string
	}{
		{"signed out is null, not 401", app.newClient(), "null"},
		{"signed in is the user", signedIn, `"firstName":"Sol"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := tt.client.do("GET", "/api/auth/session", nil)
			if resp.status != http.StatusOK || !strings.Contains(string(resp.body), tt.wantBody) {
				t.Errorf("= %d %s; want 200 containing %s", resp.status, resp.body, tt.wantBody)
			}
		})
	}
}
