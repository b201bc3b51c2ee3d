package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestDigestOneClickUnsubscribe: the supporter turns the weekly summary on
// from People I support; the POST a mail client makes to the email's
// List-Unsubscribe URL turns it off without a session, as often as it is
// sent, and a token that names no digest is a 404.
func TestDigestOneClickUnsubscribe(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, _ := app.registerUser("Alex")
	sam, _ := app.registerUser("Sam")
	_, token := invite(t, wearer, "Sam", "")
	link := accept(t, sam, token)
	path := fmt.Sprintf("/api/supporting/%d/digest", link)

	digestOn := func() bool {
		t.Helper()
		var p struct{ Digest bool }
		sam.do("GET", fmt.Sprintf("/api/supporting/%d", link), nil).json(t, &p)
		return p.Digest
	}
	if digestOn() {
		t.Fatal("the digest is on by default")
	}
	// A switch left out is a mistake to say, not an "off".
	if resp := sam.do("PUT", path, map[string]any{}); resp.status != http.StatusBadRequest || !strings.Contains(string(resp.body), `"digest"`) {
		t.Errorf("no digest field = %d %s, want 400 naming the field", resp.status, resp.body)
	}
	resp := sam.do("PUT", path, map[string]any{"digest": true})
	var p struct{ Digest bool }
	if resp.json(t, &p); resp.status != http.StatusOK || !p.Digest || !digestOn() {
		t.Fatalf("turn on = %d %s", resp.status, resp.body)
	}
	if resp := wearer.do("PUT", path, map[string]any{"digest": false}); resp.status != http.StatusNotFound {
		t.Errorf("the wearer turning the supporter's digest off = %d", resp.status)
	}

	// The row the job queues for Sam's confirmed address, and its link.
	if _, err := app.db.Pool.Exec(t.Context(), `INSERT INTO channels (user_id, kind, address, confirmed_at) SELECT id, 'email', email, now() FROM users WHERE first_name = 'Sam'`); err != nil {
		t.Fatal(err)
	}
	monday := time.Date(2026, 11, 30, 9, 30, 0, 0, time.UTC)
	base := app.url + "/api/digest/unsubscribe?token="
	if n, err := app.db.QueueDigests(t.Context(), monday, base); err != nil || n != 1 {
		t.Fatalf("queue = %d, %v", n, err)
	}
	var oneClick string
	if err := app.db.Pool.QueryRow(t.Context(), `SELECT secret_link FROM outbox WHERE purpose = 'digest'`).Scan(&oneClick); err != nil {
		t.Fatal(err)
	}

	// A mail client's POST: no cookies, no Origin, a form body.
	post := func(url string) (int, string) {
		t.Helper()
		resp, err := http.Post(url, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out strings.Builder
		_, _ = fmt.Fprint(&out, resp.Header.Get("Content-Type"))
		return resp.StatusCode, out.String()
	}
	for i := range 2 {
		if status, _ := post(oneClick); status != http.StatusOK {
			t.Fatalf("one-click POST %d = %d", i+1, status)
		}
	}
	if digestOn() {
		t.Error("the digest is still on after the one-click POST")
	}
	for _, bad := range []string{base, base + "1.nope", base + strings.Repeat("a", 300), app.url + "/api/digest/unsubscribe"} {
		if status, _ := post(bad); status != http.StatusNotFound {
			t.Errorf("POST %s = %d, want 404", bad, status)
		}
	}
	// A stranger's session changes nothing about it either way.
	stranger, _ := app.registerUser("Stan")
	if resp := stranger.do("PUT", path, map[string]any{"digest": true}); resp.status != http.StatusNotFound {
		t.Errorf("a stranger turning it on = %d", resp.status)
	}
}
