package api_test

import (
	"context"
	"net/http"
	"testing"
)

func TestEmailInvitationQueuesTheEmailWithALinkFromTheOrigin(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, _ := app.registerUser("Alex")
	cases := []struct {
		name, email string
		queued      bool
	}{
		{"by email: the server sends it", "jo@example.org", true},
		{"by link: nothing to send", "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp := wearer.do("POST", "/api/supporters", map[string]any{"label": "Jo", "email": tc.email})
			if resp.status != http.StatusCreated {
				t.Fatalf("invite = %d %s", resp.status, resp.body)
			}
			var out struct {
				Supporter struct {
					ID               int64
					InviteEmailState *string
				}
				Token string
			}
			resp.json(t, &out)
			var url string
			err := app.db.Pool.QueryRow(context.Background(), `SELECT coalesce(secret_link, '') FROM outbox WHERE care_link_id = $1`, out.Supporter.ID).Scan(&url)
			if !tc.queued {
				if err == nil || out.Supporter.InviteEmailState != nil {
					t.Errorf("a link invitation queued an email (%q, state %v)", url, out.Supporter.InviteEmailState)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if want := app.url + "/care/accept#token=" + out.Token; url != want {
				t.Errorf("the email's link = %q, want %q (no --public-url: the request's origin)", url, want)
			}
			if s := out.Supporter.InviteEmailState; s == nil || *s != "pending" {
				t.Errorf("inviteEmailState = %v, want pending", s)
			}
		})
	}
}
