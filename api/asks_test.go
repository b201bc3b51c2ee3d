package api_test

import (
	"fmt"
	"net/http"
	"testing"
)

// linkSupporter registers name, who accepts the wearer's invitation (the
// label is the name); it returns their client and the link's id.
func linkSupporter(t *testing.T, app *testApp, wearer *client, name string) (*client, int64) {
	t.Helper()
	c, _ := app.registerUser(name)
	link, token := invite(t, wearer, name, "")
	accept(t, c, token)
	return c, link
}

// askFor has the wearer ask the supporters of these links for a call and
// returns the ask's id.
func askFor(t *testing.T, wearer *client, links ...any) int64 {
	t.Helper()
	note := ""
	if s, ok := links[len(links)-1].(string); ok {
		note, links = s, links[:len(links)-1]
	}
	resp := wearer.do("POST", "/api/asks", map[string]any{"supporters": links, "note": note})
	if resp.status != http.StatusCreated {
		t.Fatalf("ask = %d %s", resp.status, resp.body)
	}
	var a struct{ ID int64 }
	resp.json(t, &a)
	return a.ID
}

type askView struct {
	ID         int64
	Note       string
	ClosedAt   *string
	Recipients []struct {
		SupporterID int64
		Name        string
		Answer      string
	}
}

type supportedAsk struct {
	ID       int64
	PersonID int64
	Name     string
	Note     string
	Answer   string
}

// TestAskAChosenSupporterForACall: the wearer asks one of two supporters;
// only that one sees it, answers, and the wearer reads the answer; one ask
// at a time; closing it ends it for the supporter.
func TestAskAChosenSupporterForACall(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, _ := app.registerUser("Alex")
	sam, samLink := linkSupporter(t, app, wearer, "Sam")
	jo, _ := linkSupporter(t, app, wearer, "Jo")

	var none any
	wearer.do("GET", "/api/asks/open", nil).json(t, &none)
	if none != nil {
		t.Fatalf("open ask before asking = %v, want null", none)
	}
	id := askFor(t, wearer, samLink, "Rough evening, nothing urgent.")

	asksOf := func(c *client) []supportedAsk {
		t.Helper()
		var list []supportedAsk
		resp := c.do("GET", "/api/supporting/asks", nil)
		if resp.status != http.StatusOK {
			t.Fatalf("GET /api/supporting/asks = %d %s", resp.status, resp.body)
		}
		resp.json(t, &list)
		return list
	}
	if list := asksOf(jo); len(list) != 0 {
		t.Errorf("Jo, not asked, sees %v", list)
	}
	list := asksOf(sam)
	if len(list) != 1 || list[0].ID != id || list[0].Note != "Rough evening, nothing urgent." || list[0].Answer != "" {
		t.Fatalf("Sam sees %+v", list)
	}
	answer := func(c *client, body any) int {
		return c.do("POST", fmt.Sprintf("/api/supporting/asks/%d/answer", id), body).status
	}
	if got := answer(jo, map[string]any{"answer": "will_call"}); got != http.StatusNotFound {
		t.Errorf("Jo answering = %d, want 404", got)
	}
	if got := answer(sam, map[string]any{"answer": "maybe"}); got != http.StatusBadRequest {
		t.Errorf("an unknown answer = %d, want 400", got)
	}
	if got := answer(sam, map[string]any{"answer": "will_call"}); got != http.StatusOK {
		t.Fatalf("Sam answering = %d", got)
	}
	var open askView
	wearer.do("GET", "/api/asks/open", nil).json(t, &open)
	if open.ID != id || len(open.Recipients) != 1 || open.Recipients[0].Name != "Sam" || open.Recipients[0].Answer != "will_call" {
		t.Fatalf("the wearer's open ask = %+v", open)
	}

	if resp := wearer.do("POST", "/api/asks", map[string]any{"supporters": []int64{samLink}}); resp.status != http.StatusConflict {
		t.Errorf("a second ask while one is open = %d %s, want 409", resp.status, resp.body)
	}
	if resp := jo.do("POST", fmt.Sprintf("/api/asks/%d/close", id), nil); resp.status != http.StatusNotFound {
		t.Errorf("a supporter closing the ask = %d, want 404", resp.status)
	}
	if resp := wearer.do("POST", fmt.Sprintf("/api/asks/%d/close", id), nil); resp.status != http.StatusOK {
		t.Fatalf("close = %d %s", resp.status, resp.body)
	}
	if list := asksOf(sam); len(list) != 0 {
		t.Errorf("Sam still sees the closed ask: %v", list)
	}
	if got := answer(sam, map[string]any{"answer": "cant_now"}); got != http.StatusNotFound {
		t.Errorf("answering a closed ask = %d, want 404", got)
	}
	wearer.do("GET", "/api/asks/open", nil).json(t, &none)
	if none != nil {
		t.Errorf("open ask after closing = %v, want null", none)
	}
}

// TestAskReachesOnlyTheWearersActiveSupporters: a link that is pending,
// revoked or another wearer's is refused whole (404), and so is an empty
// or too long ask; revoking a link ends that supporter's view of an ask.
func TestAskReachesOnlyTheWearersActiveSupporters(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, _ := app.registerUser("Alex")
	other, _ := app.registerUser("Olga")
	sam, samLink := linkSupporter(t, app, wearer, "Sam")
	pending, _ := invite(t, wearer, "Not yet", "")
	foreign, token := invite(t, other, "Sam", "")
	accept(t, sam, token)
	long := make([]byte, 281)
	for i := range long {
		long[i] = 'a'
	}
	cases := []struct {
		name   string
		body   map[string]any
		status int
	}{
		{"nobody chosen", map[string]any{"supporters": []int64{}}, http.StatusBadRequest},
		{"a note too long", map[string]any{"supporters": []int64{samLink}, "note": string(long)}, http.StatusBadRequest},
		{"a pending invitation", map[string]any{"supporters": []int64{samLink, pending}}, http.StatusNotFound},
		{"another wearer's supporter", map[string]any{"supporters": []int64{foreign}}, http.StatusNotFound},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if resp := wearer.do("POST", "/api/asks", tc.body); resp.status != tc.status {
				t.Errorf("= %d %s, want %d", resp.status, resp.body, tc.status)
			}
		})
	}
	id := askFor(t, wearer, samLink)
	if resp := wearer.do("DELETE", fmt.Sprintf("/api/supporters/%d", samLink), nil); resp.status != http.StatusNoContent {
		t.Fatalf("revoke = %d", resp.status)
	}
	var list []supportedAsk
	sam.do("GET", "/api/supporting/asks", nil).json(t, &list)
	if len(list) != 0 {
		t.Errorf("after the link was revoked Sam sees %v", list)
	}
	if resp := sam.do("POST", fmt.Sprintf("/api/supporting/asks/%d/answer", id), map[string]any{"answer": "will_call"}); resp.status != http.StatusNotFound {
		t.Errorf("answering after revocation = %d, want 404", resp.status)
	}
}

// TestSupporterTier: the wearer puts a supporter in a tier, the supporter
// reads it on People I support, and anything but 1 to 3 is refused.
func TestSupporterTier(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	wearer, _ := app.registerUser("Alex")
	sam, link := linkSupporter(t, app, wearer, "Sam")
	for _, tc := range []struct {
		tier   any
		status int
	}{{2, http.StatusOK}, {0, http.StatusBadRequest}, {4, http.StatusBadRequest}, {"two", http.StatusBadRequest}, {3, http.StatusOK}} {
		resp := wearer.do("PUT", fmt.Sprintf("/api/supporters/%d/tier", link), map[string]any{"tier": tc.tier})
		if resp.status != tc.status {
			t.Errorf("tier %v = %d %s, want %d", tc.tier, resp.status, resp.body, tc.status)
		}
	}
	var sups []struct{ ID, Tier int64 }
	wearer.do("GET", "/api/supporters", nil).json(t, &sups)
	if len(sups) != 1 || sups[0].Tier != 3 {
		t.Errorf("GET /api/supporters = %+v, want tier 3", sups)
	}
	var people []struct{ ID, Tier int64 }
	sam.do("GET", "/api/supporting", nil).json(t, &people)
	if len(people) != 1 || people[0].Tier != 3 {
		t.Errorf("GET /api/supporting = %+v, want tier 3", people)
	}
}
