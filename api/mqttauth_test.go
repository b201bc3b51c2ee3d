package api_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"lifeline/api"
)

// The outside broker's HTTP authenticator, called as EMQX calls it: a
// plain POST from a server, with the shared secret.
func TestMQTTAuthForAnOutsideBroker(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, func(c *api.Config) { c.MQTTAuthSecret = "broker-secret" })
	owner, _ := app.registerUser("Ada")
	var device, revoked struct{ ID, Token string }
	owner.do("POST", "/api/devices", map[string]string{"name": "Left wrist"}).json(t, &device)
	owner.do("POST", "/api/devices", map[string]string{"name": "Old"}).json(t, &revoked)
	if got := owner.do("DELETE", "/api/devices/"+revoked.ID, nil); got.status != http.StatusNoContent {
		t.Fatalf("revoke = %d", got.status)
	}

	tests := []struct {
		name, secret, body string
		wantStatus         int
		wantResult         string
	}{
		{"the device with its token", "broker-secret", `{"clientid":"` + device.ID + `","username":"` + device.ID + `","password":"` + device.Token + `"}`, 200, "allow"},
		{"a wrong token", "broker-secret", `{"clientid":"` + device.ID + `","username":"` + device.ID + `","password":"guess"}`, 200, "deny"},
		{"another client ID", "broker-secret", `{"clientid":"someone-else","username":"` + device.ID + `","password":"` + device.Token + `"}`, 200, "deny"},
		{"a revoked device", "broker-secret", `{"clientid":"` + revoked.ID + `","username":"` + revoked.ID + `","password":"` + revoked.Token + `"}`, 200, "deny"},
		{"not a device: the next authenticator decides", "broker-secret", `{"clientid":"lifeline-ingest-1","username":"lifeline-ingest-1","password":"x"}`, 200, "ignore"},
		{"no secret", "", `{"clientid":"` + device.ID + `","username":"` + device.ID + `","password":"` + device.Token + `"}`, 401, ""},
		{"a wrong secret", "guess", `{"clientid":"` + device.ID + `","username":"` + device.ID + `","password":"` + device.Token + `"}`, 401, ""},
		{"not JSON", "broker-secret", `clientid=x`, 400, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest("POST", app.url+"/internal/mqtt/auth", strings.NewReader(tt.body))
			req.Header.Set("Content-Type", "application/json")
			if tt.secret != "" {
				req.Header.Set("Authorization", "Bearer "+tt.secret)
			}
			resp, err := app.contractClient().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var got struct {
				Result      string `json:"result"`
				IsSuperuser *bool  `json:"is_superuser"`
			}
			json.NewDecoder(resp.Body).Decode(&got)
			if resp.StatusCode != tt.wantStatus || got.Result != tt.wantResult {
				t.Fatalf("status %d result %q, want %d %q", resp.StatusCode, got.Result, tt.wantStatus, tt.wantResult)
			}
			if got.Result == "allow" && (got.IsSuperuser == nil || *got.IsSuperuser) {
				t.Error("a bracelet must never be a superuser")
			}
		})
	}
}

func TestMQTTAuthIsOffWithoutASecret(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	resp, err := http.Post(app.url+"/internal/mqtt/auth", "application/json", strings.NewReader(`{"username":"x","password":"y"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusOK {
		t.Fatal("the broker endpoint answers although no --mqtt-auth-secret is set")
	}
}
