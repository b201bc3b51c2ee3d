package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// noteTo has a new supporter of wearer send them body and returns the
// note's id.
func noteTo(t *testing.T, app *testApp, wearer *client, body string) int64 {
	t.Helper()
	friend, _ := app.registerUser("Nora")
	_, token := invite(t, wearer, "Nora", "")
	link := accept(t, friend, token)
	resp := friend.do("POST", fmt.Sprintf("/api/supporting/%d/notes", link), map[string]any{"body": body})
	if resp.status != http.StatusCreated {
		t.Fatalf("send note = %d %s", resp.status, resp.body)
	}
	var n struct{ ID int64 }
	resp.json(t, &n)
	return n.ID
}

// supportWithNotes has supporter accept wearer's invitation (label as the
// wearer names them) and returns the care link's id and the supporter's
// notes path for it.
func supportWithNotes(t *testing.T, wearer, supporter *client, label string) (int64, string) {
	t.Helper()
	link, token := invite(t, wearer, label, "")
	return link, fmt.Sprintf("/api/supporting/%d/notes", accept(t, supporter, token))
}

type careNote struct {
	ID          int64
	SupporterID int64
	From, Body  string
	Preset      *string
	ReadAt      *string
}

func notesOf(t *testing.T, c *client) []careNote {
	t.Helper()
	resp := c.do("GET", "/api/notes", nil)
	if resp.status != http.StatusOK {
		t.Fatalf("GET /api/notes = %d %s", resp.status, resp.body)
	}
	var list []careNote
	resp.json(t, &list)
	return list
}

func TestNoteValidation(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, _ := app.registerUser("Alex")
	sam, _ := app.registerUser("Sam")
	_, path := supportWithNotes(t, wearer, sam, "Sam, my sponsor")

	for _, tc := range []struct {
		name   string
		body   map[string]any
		status int
		stored string
	}{
		{"a preset is stored in its words", map[string]any{"preset": "thinking_of_you"}, http.StatusCreated, "Thinking of you today."},
		{"own words are trimmed", map[string]any{"body": "  Proud of you.  "}, http.StatusCreated, "Proud of you."},
		{"blank lines fold into one", map[string]any{"body": "Hey.\r\n\r\n\r\n\nSee you Sunday.  \n"}, http.StatusCreated, "Hey.\n\nSee you Sunday."},
		{"280 characters are enough", map[string]any{"body": strings.Repeat("é", 280)}, http.StatusCreated, strings.Repeat("é", 280)},
		{"281 are too many", map[string]any{"body": strings.Repeat("a", 281)}, http.StatusBadRequest, ""},
		{"empty is refused", map[string]any{"body": " \n "}, http.StatusBadRequest, ""},
		{"a tab is refused", map[string]any{"body": "a\tb"}, http.StatusBadRequest, ""},
		{"a bidi override is refused", map[string]any{"body": "a\u202eb"}, http.StatusBadRequest, ""},
		{"an unknown preset is refused", map[string]any{"preset": "you_owe_me"}, http.StatusBadRequest, ""},
		{"a preset and words together are refused", map[string]any{"preset": "proud_of_you", "body": "hi"}, http.StatusBadRequest, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := sam.do("POST", path, tc.body)
			if resp.status != tc.status {
				t.Fatalf("= %d %s, want %d", resp.status, resp.body, tc.status)
			}
			if tc.status != http.StatusCreated {
				if _, msg, fields := resp.errorBody(t); msg == "" || fields["body"] == "" {
					t.Errorf("no message for the body field: %s", resp.body)
				}
				return
			}
			var n struct{ Body string }
			resp.json(t, &n)
			if n.Body != tc.stored {
				t.Errorf("stored %q, want %q", n.Body, tc.stored)
			}
			app.advance(6 * time.Hour) // past the day's limit of 5
		})
	}
}

func TestNotesReachTheWearerUnlessMutedOrRevoked(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, _ := app.registerUser("Alex")
	sam, _ := app.registerUser("Sam")
	kim, _ := app.registerUser("Kim")
	samLink, samPath := supportWithNotes(t, wearer, sam, "Sam, my sponsor")
	kimLink, kimPath := supportWithNotes(t, wearer, kim, "")
	send := func(c *client, path string, body map[string]any) response {
		t.Helper()
		resp := c.do("POST", path, body)
		if resp.status != http.StatusCreated {
			t.Fatalf("send = %d %s", resp.status, resp.body)
		}
		return resp
	}

	send(sam, samPath, map[string]any{"preset": "proud_of_you"})
	app.advance(time.Second)
	send(kim, kimPath, map[string]any{"body": "Coffee Thursday?"})
	notes := notesOf(t, wearer)
	if len(notes) != 2 || notes[0].From != "Kim Tester" || notes[1].From != "Sam, my sponsor" || notes[1].Preset == nil || *notes[1].Preset != "proud_of_you" {
		t.Fatalf("notes = %+v, want Kim's then Sam's (by label), newest first", notes)
	}

	t.Run("marked read", func(t *testing.T) {
		resp := wearer.do("PATCH", fmt.Sprintf("/api/notes/%d/read", notes[0].ID), nil)
		if resp.status != http.StatusOK {
			t.Fatalf("= %d %s", resp.status, resp.body)
		}
		if n := notesOf(t, wearer); n[0].ReadAt == nil || n[1].ReadAt != nil {
			t.Errorf("readAt = %v, %v", n[0].ReadAt, n[1].ReadAt)
		}
		if resp := kim.do("PATCH", fmt.Sprintf("/api/notes/%d/read", notes[0].ID), nil); resp.status != http.StatusNotFound {
			t.Errorf("the sender marking it read = %d", resp.status)
		}
	})

	t.Run("muted, the supporter's notes are hidden and they are not told", func(t *testing.T) {
		// A switch left out is a mistake to say, not an "unmute".
		if resp := wearer.do("PUT", fmt.Sprintf("/api/supporters/%d/notes-muted", samLink), map[string]any{}); resp.status != http.StatusBadRequest || !strings.Contains(string(resp.body), `"muted"`) {
			t.Errorf("no muted field = %d %s, want 400 naming the field", resp.status, resp.body)
		}
		resp := wearer.do("PUT", fmt.Sprintf("/api/supporters/%d/notes-muted", samLink), map[string]any{"muted": true})
		var sup struct{ NotesMuted bool }
		if resp.json(t, &sup); resp.status != http.StatusOK || !sup.NotesMuted {
			t.Fatalf("mute = %d %s", resp.status, resp.body)
		}
		sent := send(sam, samPath, map[string]any{"body": "Still here."})
		if strings.Contains(string(sent.body), "muted") {
			t.Errorf("the answer tells the supporter: %s", sent.body)
		}
		if n := notesOf(t, wearer); len(n) != 1 || n[0].From != "Kim Tester" {
			t.Errorf("notes while Sam is muted = %+v", n)
		}
		var mine []struct{ Body string }
		sam.do("GET", samPath, nil).json(t, &mine)
		if len(mine) != 2 || mine[0].Body != "Still here." {
			t.Errorf("Sam's sent notes = %+v, want both, newest first", mine)
		}
		// Unmuted: what came before the mute shows again; what came
		// while muted never does.
		wearer.do("PUT", fmt.Sprintf("/api/supporters/%d/notes-muted", samLink), map[string]any{"muted": false})
		if n := notesOf(t, wearer); len(n) != 2 || n[1].Body != "Proud of you, and of every day you keep going." {
			t.Errorf("notes after unmuting = %+v", n)
		}
	})

	t.Run("revoked, the supporter's notes are hidden and they can send no more", func(t *testing.T) {
		if resp := wearer.do("DELETE", fmt.Sprintf("/api/supporters/%d", kimLink), nil); resp.status != http.StatusNoContent {
			t.Fatalf("revoke = %d", resp.status)
		}
		if n := notesOf(t, wearer); len(n) != 1 || n[0].From != "Sam, my sponsor" {
			t.Errorf("notes after revoking Kim = %+v", n)
		}
		for _, method := range []string{"GET", "POST"} {
			if resp := kim.do(method, kimPath, map[string]any{"body": "hello?"}); resp.status != http.StatusNotFound {
				t.Errorf("%s after revocation = %d", method, resp.status)
			}
		}
	})
}

func TestANoteReachesAnOpenDashboardLive(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, _ := app.registerUser("Alex")
	sam, _ := app.registerUser("Sam")
	kim, _ := app.registerUser("Kim")
	samLink, samPath := supportWithNotes(t, wearer, sam, "Sam")
	_, kimPath := supportWithNotes(t, wearer, kim, "Kim")
	dashboard, samsPages := wearer.openStream(t, ""), sam.openStream(t, "")
	send := func(c *client, path string) int64 {
		t.Helper()
		var n struct{ ID int64 }
		if resp := c.do("POST", path, map[string]any{"body": "Thinking of you."}); resp.status != http.StatusCreated {
			t.Fatalf("send = %d %s", resp.status, resp.body)
		} else {
			resp.json(t, &n)
		}
		return n.ID
	}
	arrived := func() int64 {
		t.Helper()
		var got struct{ NoteID int64 }
		if e := next(t, dashboard, "note"); json.Unmarshal([]byte(e.data), &got) != nil {
			t.Fatalf("note event data %q", e.data)
		}
		return got.NoteID
	}

	if id, got := send(sam, samPath), arrived(); got != id {
		t.Errorf("note event for %d, want %d", got, id)
	}
	// Muted, Sam's note is stored with no event: the next one the
	// dashboard hears is Kim's, sent after it.
	wearer.do("PUT", fmt.Sprintf("/api/supporters/%d/notes-muted", samLink), map[string]any{"muted": true})
	send(sam, samPath)
	if id, got := send(kim, kimPath), arrived(); got != id {
		t.Errorf("after a muted note, the event names %d, want Kim's %d", got, id)
	}
	none(t, samsPages, 200*time.Millisecond) // the sender's own pages hear nothing
}

func TestNotesAreLimitedPerPersonPerDay(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, _ := app.registerUser("Alex")
	other, _ := app.registerUser("Ora")
	sam, _ := app.registerUser("Sam")
	_, path := supportWithNotes(t, wearer, sam, "Sam")
	_, otherPath := supportWithNotes(t, other, sam, "Sam")
	for i := range 5 {
		if resp := sam.do("POST", path, map[string]any{"body": fmt.Sprint("note ", i)}); resp.status != http.StatusCreated {
			t.Fatalf("note %d = %d %s", i, resp.status, resp.body)
		}
	}
	resp := sam.do("POST", path, map[string]any{"preset": "one_day"})
	if resp.status != http.StatusTooManyRequests || resp.header.Get("Retry-After") == "" {
		t.Fatalf("sixth note = %d %s", resp.status, resp.body)
	}
	if _, msg, _ := resp.errorBody(t); !strings.HasPrefix(msg, "You've sent a lot of notes today. Try again in ") {
		t.Errorf("message = %q", msg)
	}
	if resp := sam.do("POST", otherPath, map[string]any{"preset": "one_day"}); resp.status != http.StatusCreated {
		t.Errorf("a note to someone else = %d, want the limit per person", resp.status)
	}
	app.advance(24*time.Hour + time.Second)
	if resp := sam.do("POST", path, map[string]any{"preset": "one_day"}); resp.status != http.StatusCreated {
		t.Errorf("the next day = %d %s", resp.status, resp.body)
	}
}

func TestNotesInExportAndErasure(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, _ := app.registerUser("Alex")
	sam, _ := app.registerUser("Sam")
	_, path := supportWithNotes(t, wearer, sam, "Sam")
	sam.do("POST", path, map[string]any{"body": "Thinking of you, Alex."})

	for _, tc := range []struct {
		who   *client
		table string
	}{{wearer, "care_notes"}, {sam, "care_notes_as_supporter"}} {
		var export struct{ Tables map[string][]map[string]any }
		tc.who.do("GET", "/api/account/export", nil).json(t, &export)
		if rows := export.Tables[tc.table]; len(rows) != 1 || rows[0]["body"] != "Thinking of you, Alex." {
			t.Errorf("export %s = %v", tc.table, rows)
		}
	}
	var count int
	if err := app.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM care_notes`).Scan(&count); err != nil || count != 1 {
		t.Fatalf("notes = %d, %v", count, err)
	}
	if resp := sam.do("DELETE", "/api/account", map[string]string{"password": goodPassword}); resp.status != http.StatusNoContent {
		t.Fatalf("delete = %d %s", resp.status, resp.body)
	}
	if err := app.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM care_notes`).Scan(&count); err != nil || count != 0 {
		t.Errorf("after the supporter's erasure notes = %d, %v", count, err)
	}
}
