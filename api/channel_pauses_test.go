package api_test

import (
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"

	"lifeline"
)

func TestChannelPauses(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	alex, _ := app.registerUser("Alex")
	kim, _ := app.registerUser("Kim")
	created := alex.do("POST", "/api/channels", map[string]any{"kind": "webhook", "address": "https://Hooks.example.org/alex"})
	var ch lifeline.Channel
	created.json(t, &ch)
	since := time.Now().Add(-time.Minute)
	for range lifeline.DefaultPausePolicy.Failures {
		if err := app.db.DestinationFailed(context.Background(), "hooks.example.org", lifeline.ProblemTimeout, since, lifeline.DefaultPausePolicy); err != nil {
			t.Fatal(err)
		}
	}
	pauses := func(c *client) []lifeline.ChannelPause {
		t.Helper()
		resp := c.do("GET", "/api/channels/pauses", nil)
		if resp.status != http.StatusOK {
			t.Fatalf("GET pauses = %d %s", resp.status, resp.body)
		}
		var list []lifeline.ChannelPause
		resp.json(t, &list)
		return list
	}

	t.Run("the owner sees why and until when", func(t *testing.T) {
		p := pauses(alex)
		if len(p) != 1 || p[0].ChannelID != ch.ID || p[0].Destination != "hooks.example.org" || p[0].Problem != lifeline.ProblemTimeout ||
			!p[0].Since.Equal(since.Truncate(time.Microsecond)) || p[0].Until.Sub(p[0].Since) != 15*time.Minute {
			t.Fatalf("pauses %+v", p)
		}
		if p := pauses(kim); len(p) != 0 {
			t.Errorf("another person sees %+v", p)
		}
	})
	t.Run("another person cannot resume it", func(t *testing.T) {
		if resp := kim.do("POST", "/api/channels/"+strconv.FormatInt(ch.ID, 10)+"/resume", nil); resp.status != http.StatusNotFound {
			t.Fatalf("resume = %d %s, want 404", resp.status, resp.body)
		}
	})
	t.Run(`"Try now" ends it`, func(t *testing.T) {
		if resp := alex.do("POST", "/api/channels/"+strconv.FormatInt(ch.ID, 10)+"/resume", nil); resp.status != http.StatusNoContent {
			t.Fatalf("resume = %d %s", resp.status, resp.body)
		}
		if p := pauses(alex); len(p) != 0 {
			t.Errorf("still paused: %+v", p)
		}
	})
}
