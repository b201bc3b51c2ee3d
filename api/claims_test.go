package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestClaimRoutes: a supporter told of an SOS claims it; the other gets
// who has it; strangers, another wearer's supporter and the wearer get
// the 404 of an alert that does not exist; the claimer hands it back,
// claims again and resolves it with a note; a one-tap link works once,
// signed out, and not after its supporter was removed.
func TestClaimRoutes(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	app.useRealClock()
	wearer, _ := app.registerUser("Alex")
	join := func(name string) (*client, int64, int64) {
		c, email := app.registerUser(name)
		link, token := invite(t, wearer, name, "")
		accept(t, c, token)
		grant(t, wearer, link, map[string]any{"alerts": []string{"sos"}, "location": "never"})
		var id int64
		if err := app.db.Pool.QueryRow(t.Context(), `SELECT id FROM users WHERE email = $1`, email).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return c, id, link
	}
	sam, samID, _ := join("Sam")
	jo, joID, joLink := join("Jo")
	stranger, _ := app.registerUser("Stranger")
	// The outbox's in-app steps are due at the database's clock, which the
	// app's is set to here, after the slow sign-ups (under -race, seconds).
	app.useRealClock()
	resp := wearer.do("POST", "/api/sos", nil)
	if resp.status != http.StatusCreated {
		t.Fatalf("sos = %d %s", resp.status, resp.body)
	}
	var raised struct{ Alert struct{ ID int64 } }
	resp.json(t, &raised)
	id := raised.Alert.ID
	app.advance(time.Minute) // the in-app steps are due: Sam and Jo were told
	path := func(step string) string { return fmt.Sprintf("/api/supporting/alerts/%d/%s", id, step) }

	type want struct {
		status  int
		message string
	}
	for _, tc := range []struct {
		name string
		c    *client
		step string
		body any
		want want
	}{
		{"the wearer cannot claim their own alert", wearer, "claim", nil, want{404, "Alert not found."}},
		{"a stranger", stranger, "claim", nil, want{404, "Alert not found."}},
		{"Sam claims", sam, "claim", nil, want{200, ""}},
		{"Sam again: nothing new", sam, "claim", nil, want{200, ""}},
		{"Jo is told who has it", jo, "claim", nil, want{409, "Sam Tester is on it."}},
		{"Jo cannot hand back Sam's claim", jo, "hand-back", nil, want{409, "You're not on this alert."}},
		{"Jo cannot resolve it", jo, "resolve", map[string]any{"note": "ok"}, want{409, "You're not on this alert."}},
		{"Sam hands it back", sam, "hand-back", nil, want{200, ""}},
		{"Jo claims it now", jo, "claim", nil, want{200, ""}},
		{"an empty note", jo, "resolve", map[string]any{"note": "  "}, want{400, "Please check the highlighted fields."}},
		{"a note over 500 characters", jo, "resolve", map[string]any{"note": strings.Repeat("a", 501)}, want{400, "Please check the highlighted fields."}},
		{"Jo resolves it", jo, "resolve", map[string]any{"note": "Called Alex, all good."}, want{200, ""}},
		{"an ended alert cannot be claimed", sam, "claim", nil, want{409, "This alert has already ended. Thank you for looking out for them."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := tc.c.do("POST", path(tc.step), tc.body)
			if resp.status != tc.want.status {
				t.Fatalf("= %d %s, want %d", resp.status, resp.body, tc.want.status)
			}
			if tc.want.message != "" {
				if _, msg, _ := resp.errorBody(t); msg != tc.want.message {
					t.Errorf("message %q, want %q", msg, tc.want.message)
				}
			}
		})
	}
	var detail struct {
		ClaimedBy, ResolvedBy, ResolutionNote string
		Steps                                 []struct{ Actor, Kind, Via string }
	}
	wearer.do("GET", fmt.Sprintf("/api/alerts/%d", id), nil).json(t, &detail)
	if detail.ResolvedBy != "Jo" || detail.ResolutionNote != "Called Alex, all good." || len(detail.Steps) != 4 {
		t.Errorf("the wearer's alert: %+v", detail)
	}

	// One-tap links, signed out: once; never for a removed supporter.
	anon := app.newClient()
	link := func(supporter int64) string {
		var row int64
		if err := app.db.Pool.QueryRow(t.Context(), `SELECT id FROM outbox WHERE alert_id = $1 AND recipient_id = $2 AND channel = 'app'`, id, supporter).Scan(&row); err != nil {
			t.Fatal(err)
		}
		token, err := app.db.MakeClaimLink(t.Context(), row, "email", *app.now.Load())
		if err != nil {
			t.Fatal(err)
		}
		return token
	}
	second := wearer.do("POST", "/api/sos", nil)
	if second.status != http.StatusCreated {
		app.advance(2 * time.Minute)
		second = wearer.do("POST", "/api/sos", nil)
	}
	second.json(t, &raised)
	id = raised.Alert.ID
	app.advance(time.Second)
	samToken, joToken := link(samID), link(joID)
	if resp := wearer.do("DELETE", fmt.Sprintf("/api/supporters/%d", joLink), nil); resp.status != http.StatusNoContent {
		t.Fatalf("revoke = %d", resp.status)
	}
	for _, tc := range []struct {
		name, token string
		want        int
	}{
		{"unknown", "nope", 404},
		{"after revocation", joToken, 404},
		{"Sam's link", samToken, 200},
		{"used twice", samToken, 404},
	} {
		t.Run("link/"+tc.name, func(t *testing.T) {
			if resp := anon.do("POST", "/api/claim-links/claim", map[string]any{"token": tc.token}); resp.status != tc.want {
				t.Errorf("= %d %s, want %d", resp.status, resp.body, tc.want)
			}
		})
	}
}
