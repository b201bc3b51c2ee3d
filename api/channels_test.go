package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// confirmChannel opens the link of the channel's newest confirmation
// message, as its address's owner does (signed in or not).
func confirmChannel(t *testing.T, app *testApp, channelID int64) {
	t.Helper()
	token := confirmationToken(t, app, channelID)
	if resp := app.newClient().do("POST", "/api/channels/confirm", map[string]any{"token": token}); resp.status != http.StatusOK {
		t.Fatalf("confirm = %d %s", resp.status, resp.body)
	}
}

// confirmationToken reads the token of the channel's newest confirmation
// message still to be sent.
func confirmationToken(t *testing.T, app *testApp, channelID int64) string {
	t.Helper()
	var link string
	err := app.db.Pool.QueryRow(context.Background(), `
		SELECT secret_link FROM outbox WHERE channel_id = $1 AND purpose = 'confirmation' AND secret_link IS NOT NULL
		ORDER BY id DESC LIMIT 1`, channelID).Scan(&link)
	if err != nil {
		t.Fatal(err)
	}
	_, token, ok := strings.Cut(link, "/confirm-channel#token=")
	if !ok {
		t.Fatalf("confirmation link %q", link)
	}
	return token
}

// addChannel adds a channel and returns its ID.
func addChannel(t *testing.T, c *client, body map[string]any) int64 {
	t.Helper()
	resp := c.do("POST", "/api/channels", body)
	if resp.status != http.StatusCreated {
		t.Fatalf("add channel = %d %s", resp.status, resp.body)
	}
	var made struct{ ID int64 }
	resp.json(t, &made)
	return made.ID
}

// outboxRows counts the rows for an address by purpose.
func outboxRows(t *testing.T, app *testApp, address string) map[string]int {
	t.Helper()
	rows, err := app.db.Pool.Query(context.Background(), `
		SELECT o.purpose, count(*) FROM outbox o JOIN channels c ON c.id = o.channel_id
		WHERE c.address = $1 GROUP BY o.purpose`, address)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	got := map[string]int{}
	for rows.Next() {
		var purpose string
		var n int
		if err := rows.Scan(&purpose, &n); err != nil {
			t.Fatal(err)
		}
		got[purpose] = n
	}
	return got
}

// TestEmailChannelConfirmation: a new email address waits for its owner;
// until the link is opened it gets no test, and the link works once,
// signed in or not, and not after "Send again" replaced it.
func TestEmailChannelConfirmation(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	alex, _ := app.registerUser("Alex")
	id := addChannel(t, alex, map[string]any{"kind": "email", "address": "Alex.Home@Example.org"})
	first := confirmationToken(t, app, id)
	path := fmt.Sprintf("/api/channels/%d", id)

	var listed []struct {
		Address     string
		ConfirmedAt *time.Time
	}
	alex.do("GET", "/api/channels", nil).json(t, &listed)
	if len(listed) != 1 || listed[0].ConfirmedAt != nil || listed[0].Address != "alex.home@example.org" {
		t.Fatalf("channels %+v, want the address waiting for confirmation", listed)
	}
	if resp := alex.do("POST", path+"/test", nil); resp.status != http.StatusConflict {
		t.Errorf("a test before confirmation = %d %s, want 409", resp.status, resp.body)
	}
	if resp := alex.do("POST", path+"/confirmation", nil); resp.status != http.StatusAccepted {
		t.Fatalf("send again = %d %s", resp.status, resp.body)
	}
	second := confirmationToken(t, app, id)
	stranger := app.newClient()
	for _, tc := range []struct {
		name  string
		token string
		want  int
	}{
		{"the replaced link", first, http.StatusNotFound},
		{"a made-up token", "not-a-token", http.StatusNotFound},
		{"the newest link, signed out", second, http.StatusOK},
		{"the same link again", second, http.StatusNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if resp := stranger.do("POST", "/api/channels/confirm", map[string]any{"token": tc.token}); resp.status != tc.want {
				t.Fatalf("confirm = %d %s, want %d", resp.status, resp.body, tc.want)
			}
		})
	}
	alex.do("GET", "/api/channels", nil).json(t, &listed)
	if listed[0].ConfirmedAt == nil {
		t.Fatal("the address is still waiting after its link was opened")
	}
	if resp := alex.do("POST", path+"/test", nil); resp.status != http.StatusAccepted {
		t.Errorf("a test after confirmation = %d %s", resp.status, resp.body)
	}
	if resp := alex.do("POST", path+"/confirmation", nil); resp.status != http.StatusConflict {
		t.Errorf("send again when confirmed = %d %s, want 409", resp.status, resp.body)
	}
	var stale string
	app.db.Pool.QueryRow(context.Background(), `SELECT state || ' ' || coalesce(last_error, '') FROM outbox
		WHERE channel_id = $1 AND purpose = 'confirmation' ORDER BY id LIMIT 1`, id).Scan(&stale)
	if stale != "skipped A newer confirmation link was sent." {
		t.Errorf("the first confirmation email is %q, want skipped (its link no longer works)", stale)
	}
}

// TestSendLimits: each thing a person can make the server send has its
// own limit; past it the answer is 429 with Retry-After and a message that
// says when to try again, and the window's end lets them send again.
func TestSendLimits(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		allowed int
		window  time.Duration
		message string
		// send makes one request (i counts from 0) as who.
		send func(t *testing.T, app *testApp, who *client, i int) response
	}{
		{"tests", 5, time.Hour, "You've sent a lot of tests. Try again in 60 minutes.",
			func(t *testing.T, app *testApp, who *client, i int) response {
				id := channelOfKind(t, who, "webhook", map[string]any{"kind": "webhook", "address": "https://hooks.example.org/alex"})
				return who.do("POST", fmt.Sprintf("/api/channels/%d/test", id), nil)
			}},
		{"invitations", 10, 24 * time.Hour, "You've sent a lot of invitations today. Try again in 1440 minutes.",
			func(t *testing.T, app *testApp, who *client, i int) response {
				return who.do("POST", "/api/supporters", map[string]any{"label": "Jo", "email": fmt.Sprintf("jo%d@example.org", i)})
			}},
		{"confirmation emails of one person", 10, 24 * time.Hour, "You've asked for a lot of confirmation emails today. Try again in 1440 minutes.",
			func(t *testing.T, app *testApp, who *client, i int) response {
				resp := who.do("POST", "/api/channels", map[string]any{"kind": "email", "address": fmt.Sprintf("me%d@example.org", i)})
				if resp.status == http.StatusCreated { // make room: only 10 channels
					var made struct{ ID int64 }
					resp.json(t, &made)
					who.do("DELETE", fmt.Sprintf("/api/channels/%d", made.ID), nil)
				}
				return resp
			}},
		{"confirmation emails of one address, across accounts", 3, 24 * time.Hour, "This address has been sent 3 confirmation emails today. Try again in 1440 minutes.",
			func(t *testing.T, app *testApp, _ *client, i int) response {
				someone, _ := app.registerUser("Someone" + strconv.Itoa(i))
				return someone.do("POST", "/api/channels", map[string]any{"kind": "email", "address": "target@example.org"})
			}},
		// The address had its first confirmation when it was added.
		{"send again", 2, 24 * time.Hour, "This address has been sent 3 confirmation emails today. Try again in 1440 minutes.",
			func(t *testing.T, app *testApp, who *client, i int) response {
				id := channelOfKind(t, who, "email", map[string]any{"kind": "email", "address": "waiting@example.org"})
				return who.do("POST", fmt.Sprintf("/api/channels/%d/confirmation", id), nil)
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			app := newTestApp(t)
			alex, _ := app.registerUser("Alex")
			for i := range tc.allowed {
				if resp := tc.send(t, app, alex, i); resp.status >= 300 {
					t.Fatalf("send %d = %d %s, want it allowed", i+1, resp.status, resp.body)
				}
			}
			resp := tc.send(t, app, alex, tc.allowed)
			if resp.status != http.StatusTooManyRequests {
				t.Fatalf("send %d = %d %s, want 429", tc.allowed+1, resp.status, resp.body)
			}
			if got, want := resp.header.Get("Retry-After"), strconv.Itoa(int(tc.window.Seconds())); got != want {
				t.Errorf("Retry-After %q, want %q", got, want)
			}
			if _, message, _ := resp.errorBody(t); message != tc.message {
				t.Errorf("message %q, want %q", message, tc.message)
			}
			app.advance(tc.window + time.Second)
			if resp := tc.send(t, app, alex, tc.allowed+1); resp.status >= 300 {
				t.Errorf("after the window = %d %s, want allowed", resp.status, resp.body)
			}
		})
	}
}

// channelOfKind is the person's channel of kind, added from body the first
// time.
func channelOfKind(t *testing.T, c *client, kind string, body map[string]any) int64 {
	t.Helper()
	var list []struct {
		ID   int64
		Kind string
	}
	c.do("GET", "/api/channels", nil).json(t, &list)
	for _, ch := range list {
		if ch.Kind == kind {
			return ch.ID
		}
	}
	return addChannel(t, c, body)
}

// TestNoOpenRelay: 300 presses of "Send a test" on an address yield at
// most the limit's messages, and an address nobody confirmed receives
// nothing but its confirmation emails (at most 3 a day, however many
// accounts add it).
func TestNoOpenRelay(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	mallory, _ := app.registerUser("Mallory")
	victim := "victim@example.org"
	id := addChannel(t, mallory, map[string]any{"kind": "email", "address": victim})
	statuses := map[int]int{}
	for range 300 {
		statuses[mallory.do("POST", fmt.Sprintf("/api/channels/%d/test", id), nil).status]++
	}
	for range 5 {
		statuses[mallory.do("POST", fmt.Sprintf("/api/channels/%d/confirmation", id), nil).status]++
	}
	for i := range 5 {
		other, _ := app.registerUser("Mallory" + strconv.Itoa(i))
		statuses[other.do("POST", "/api/channels", map[string]any{"kind": "email", "address": victim}).status]++
	}
	if got := outboxRows(t, app, victim); len(got) != 1 || got["confirmation"] != 3 {
		t.Errorf("rows for the unconfirmed address %v (answers %v), want 3 confirmation emails and nothing else", got, statuses)
	}

	confirmChannel(t, app, id)
	for range 300 {
		mallory.do("POST", fmt.Sprintf("/api/channels/%d/test", id), nil)
	}
	if got := outboxRows(t, app, victim)["test"]; got != 5 {
		t.Errorf("300 tests to a confirmed address queued %d, want the limit, 5", got)
	}
}
