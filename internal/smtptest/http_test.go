package smtptest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/smtp"
	"testing"
)

// TestHandler: the messages as JSON, at once or once enough have arrived,
// and a request it cannot follow refused.
func TestHandler(t *testing.T) {
	s := Start(t)
	api := httptest.NewServer(s.Handler())
	t.Cleanup(api.Close)
	get := func(query string) (int, []map[string]any) {
		t.Helper()
		resp, err := http.Get(api.URL + "/messages" + query)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var msgs []map[string]any
		if resp.StatusCode == http.StatusOK {
			if err := json.NewDecoder(resp.Body).Decode(&msgs); err != nil {
				t.Fatal(err)
			}
		}
		return resp.StatusCode, msgs
	}

	if status, msgs := get(""); status != http.StatusOK || msgs == nil || len(msgs) != 0 {
		t.Fatalf("before any mail: %d %v, want 200 []", status, msgs)
	}
	sent := make(chan struct{})
	defer func() { <-sent }() // the client's QUIT before the server stops
	go func() {
		defer close(sent)
		if err := smtp.SendMail(s.Addr, nil, "lifeline@example.org", []string{"sam@example.org"}, []byte(lifelineMessage)); err != nil {
			t.Error(err)
		}
	}()
	status, msgs := get("?count=1&timeout=1m")
	if status != http.StatusOK || len(msgs) != 1 {
		t.Fatalf("waiting for one: %d with %d messages", status, len(msgs))
	}
	m := msgs[0]
	if m["subject"] != "Zoë is asking for help now" || m["from"] != "lifeline@example.org" || m["received"] == nil || m["raw"] == nil {
		t.Errorf("message %v", m)
	}
	if to := m["header"].(map[string]any)["To"]; len(to.([]any)) != 1 || to.([]any)[0] != "sam@example.org" {
		t.Errorf("header To %v", to)
	}
	if status, msgs := get("?count=2&timeout=1ms"); status != http.StatusOK || len(msgs) != 1 {
		t.Errorf("waiting for two until the timeout: %d with %d messages, want what there is", status, len(msgs))
	}
	for _, query := range []string{"?count=x&timeout=1s", "?count=-1&timeout=1s", "?count=1", "?count=1&timeout=11m", "?count=1&timeout=0s"} {
		if status, _ := get(query); status != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", query, status)
		}
	}
}
