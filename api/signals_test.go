package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// seedCravingRise gives the user behind email three weeks of steady
// check-ins (cravings 3) and three strong days up to today (cravings 6).
func seedCravingRise(t *testing.T, app *testApp, email string) {
	t.Helper()
	_, err := app.db.Pool.Exec(t.Context(), `
		INSERT INTO check_ins (user_id, local_date, mood, craving_intensity, substance_use)
		SELECT u.id, $2::date - d, 7, CASE WHEN d < 3 THEN 6 ELSE 3 END, false
		FROM users u, generate_series(0, 22) d WHERE u.email = $1`, email, app.now.Load().Format("2006-01-02"))
	if err != nil {
		t.Fatal(err)
	}
}

type ownSignals struct {
	Signals []struct {
		Kind, Title, Explanation, Step string
		FromPlan                       bool
	}
}

func TestSignalsAndNotNow(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	alex, email := app.registerUser("Alex")
	var got ownSignals
	if resp := alex.do("GET", "/api/signals", nil); resp.status != http.StatusOK || !strings.Contains(string(resp.body), `"signals":[]`) {
		t.Fatalf("no data yet = %d %s", resp.status, resp.body)
	}
	seedCravingRise(t, app, email)
	alex.do("PUT", "/api/coping-plan", map[string]any{"copingActions": []string{"Call Dana"}})
	alex.do("GET", "/api/signals", nil).json(t, &got)
	if len(got.Signals) != 1 {
		t.Fatalf("signals = %+v", got)
	}
	s := got.Signals[0]
	if s.Kind != "cravings" || s.Explanation != "Your cravings averaged 6 out of 10 over your last three check-ins; your usual is 3." ||
		s.Step != "Call Dana" || !s.FromPlan {
		t.Errorf("signal = %+v", s)
	}

	// Someone else sees none of it and cannot set it aside for Alex.
	bruno, _ := app.registerUser("Bruno")
	var theirs ownSignals
	bruno.do("GET", "/api/signals", nil).json(t, &theirs)
	if len(theirs.Signals) != 0 {
		t.Errorf("Bruno sees %+v", theirs)
	}
	if resp := bruno.do("POST", "/api/signals/not-now", map[string]any{"kind": "cravings"}); resp.status != http.StatusNoContent {
		t.Fatalf("Bruno's not now = %d %s", resp.status, resp.body)
	}
	alex.do("GET", "/api/signals", nil).json(t, &got)
	if len(got.Signals) != 1 {
		t.Fatalf("Bruno's not now hid Alex's signal: %+v", got)
	}

	for _, bad := range []map[string]any{{"kind": "relapse"}, {"kind": ""}, {}} {
		if resp := alex.do("POST", "/api/signals/not-now", bad); resp.status != http.StatusBadRequest {
			t.Errorf("not now %v = %d", bad, resp.status)
		}
	}
	if resp := alex.do("POST", "/api/signals/not-now", map[string]any{"kind": "cravings"}); resp.status != http.StatusNoContent {
		t.Fatalf("not now = %d %s", resp.status, resp.body)
	}
	alex.do("GET", "/api/signals", nil).json(t, &got)
	if len(got.Signals) != 0 {
		t.Errorf("after not now: %+v", got)
	}
}

// TestSupporterSeesSignalsOnlyWithTheScope: without the signals scope the
// view's signals are null; with it, the arithmetic without the coping
// plan, and the look is in the wearer's audit log.
func TestSupporterSeesSignalsOnlyWithTheScope(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	alex, email := app.registerUser("Alex")
	sam, _ := app.registerUser("Sam")
	linkID, token := invite(t, alex, "Sam", "")
	link := accept(t, sam, token)
	seedCravingRise(t, app, email)
	alex.do("PUT", "/api/coping-plan", map[string]any{"copingActions": []string{"Call Dana"}})

	path := fmt.Sprintf("/api/supporting/%d", link)
	resp := sam.do("GET", path, nil)
	if resp.status != http.StatusOK || !strings.Contains(string(resp.body), `"signals":null`) {
		t.Fatalf("without the scope = %d %s", resp.status, resp.body)
	}
	grant(t, alex, linkID, map[string]any{"alerts": []string{}, "signals": true})
	resp = sam.do("GET", path, nil)
	var view struct {
		Signals []map[string]any
	}
	resp.json(t, &view)
	if len(view.Signals) != 1 || view.Signals[0]["kind"] != "cravings" ||
		view.Signals[0]["explanation"] != "Cravings averaged 6 out of 10 over the last three check-ins; the usual is 3." {
		t.Fatalf("with the scope: %s", resp.body)
	}
	if strings.Contains(string(resp.body), "Call Dana") {
		t.Errorf("the supporter's view holds the coping plan: %s", resp.body)
	}
	var views []struct{ What string }
	alex.do("GET", "/api/supporters/views", nil).json(t, &views)
	found := false
	for _, v := range views {
		found = found || v.What == "signals"
	}
	if !found {
		t.Errorf("the audit log has no signals look: %+v", views)
	}
}
