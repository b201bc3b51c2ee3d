package api_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"lifeline"
	"lifeline/api"
)

// sseEvent is one Server-Sent Event as a browser's EventSource sees it.
type sseEvent struct{ kind, id, data string }

// openStream opens /api/events for the client's session and returns the
// events as they arrive.
func (c *client) openStream(t *testing.T, lastEventID string) <-chan sseEvent {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", c.app.url+"/api/events", nil)
	if lastEventID != "" {
		req.Header.Set("Last-Event-ID", lastEventID)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("GET /api/events = %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	events := make(chan sseEvent, 64)
	go func() {
		defer resp.Body.Close()
		defer close(events)
		var e sseEvent
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if e.kind != "" {
					events <- e
				}
				e = sseEvent{}
			case strings.HasPrefix(line, "event: "):
				e.kind = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "id: "):
				e.id = strings.TrimPrefix(line, "id: ")
			case strings.HasPrefix(line, "data: "):
				e.data = strings.TrimPrefix(line, "data: ")
			}
		}
	}()
	time.Sleep(100 * time.Millisecond) // let the stream subscribe
	return events
}

func next(t *testing.T, events <-chan sseEvent, kind string) sseEvent {
	t.Helper()
	timeout := time.After(5 * time.Second)
	for {
		select {
		case e, ok := <-events:
			if !ok {
				t.Fatalf("the stream ended before a %s event", kind)
			}
			if e.kind == kind {
				return e
			}
		case <-timeout:
			t.Fatalf("no %s event within 5s", kind)
		}
	}
}

func none(t *testing.T, events <-chan sseEvent, wait time.Duration) {
	t.Helper()
	select {
	case e := <-events:
		t.Errorf("unexpected event %+v", e)
	case <-time.After(wait):
	}
}

func TestLiveEventsReachOnlyTheirUser(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	a, b := app.twoUsers()
	streamA, streamB := a.openStream(t, ""), b.openStream(t, "")

	if _, err := app.alerts.RaiseAlert(context.Background(), userID(t, a), lifeline.NewAlert{Type: "milestone", Message: "One week!", Link: "/", DedupKey: "7:x"}); err != nil {
		t.Fatal(err)
	}
	alert := next(t, streamA, "alert")
	var got struct {
		ID      int64
		Type    string
		Message string
		IsRead  bool
	}
	if err := json.Unmarshal([]byte(alert.data), &got); err != nil || alert.id != fmt.Sprint(got.ID) || got.Message != "One week!" || got.Type != "milestone" {
		t.Errorf("alert event = %+v (%v)", alert, err)
	}

	if resp := a.do("POST", "/api/gps/location", map[string]any{"latitude": 51.5, "longitude": -0.12, "accuracy": 8}); resp.status != http.StatusCreated {
		t.Fatalf("share = %d", resp.status)
	}
	loc := next(t, streamA, "location")
	var where struct{ Latitude, Longitude float64 }
	if err := json.Unmarshal([]byte(loc.data), &where); err != nil || where.Latitude != 51.5 {
		t.Errorf("location event = %+v (%v)", loc, err)
	}
	none(t, streamB, 500*time.Millisecond)

	t.Run("a reconnecting client gets the alerts it missed", func(t *testing.T) {
		for _, key := range []string{"a", "b"} {
			app.alerts.RaiseAlert(context.Background(), userID(t, a), lifeline.NewAlert{Type: "concerning_pattern", Message: "Missed " + key, Link: "/crisis", DedupKey: key})
		}
		resumed := a.openStream(t, alert.id)
		first, second := next(t, resumed, "alert"), next(t, resumed, "alert")
		if !strings.Contains(first.data, "Missed a") || !strings.Contains(second.data, "Missed b") {
			t.Errorf("resumed with %+v then %+v", first, second)
		}
	})
	t.Run("signed out", func(t *testing.T) {
		if got := app.newClient().do("GET", "/api/events", nil).status; got != http.StatusUnauthorized {
			t.Errorf("= %d, want 401", got)
		}
	})
}

func TestLiveEventsCrossNodes(t *testing.T) {
	t.Parallel()
	node1 := newTestApp(t)
	node2 := newTestAppOn(t, node1.db)
	a, _ := node1.registerUser("Nia")
	// The same browser session, served by the other node behind a load balancer.
	onNode2 := node2.newClient()
	onNode2.http.Jar.SetCookies(mustURL(node2.url), []*http.Cookie{{Name: "lifeline_session", Value: a.sessionToken(), Path: "/"}})
	stream1, stream2 := a.openStream(t, ""), onNode2.openStream(t, "")

	node1.alerts.RaiseAlert(context.Background(), userID(t, a), lifeline.NewAlert{Type: "milestone", Message: "Thirty days", Link: "/", DedupKey: "30:x"})
	next(t, stream1, "alert")
	next(t, stream2, "alert")
}

// TestASessionHoldsAFewLiveStreams: one session opening stream after stream
// (a script, or tabs left open) holds at most the cap; each new stream past
// it ends the session's oldest, which is told to wait before it comes back.
func TestASessionHoldsAFewLiveStreams(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, func(c *api.Config) { c.StreamsPerSession = 2 })
	a, _ := app.twoUsers()
	first, second := a.openStream(t, ""), a.openStream(t, "")
	third := a.openStream(t, "")
	select {
	case _, open := <-first:
		if open {
			t.Fatal("the oldest stream got an event")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the oldest stream was not ended by a third")
	}
	if _, err := app.alerts.RaiseAlert(context.Background(), userID(t, a), lifeline.NewAlert{Type: "milestone", Message: "Two weeks!", Link: "/", DedupKey: "14:x"}); err != nil {
		t.Fatal(err)
	}
	next(t, second, "alert")
	next(t, third, "alert")
}
