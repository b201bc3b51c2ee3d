package delivery_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"lifeline"
	"lifeline/delivery"
	"lifeline/internal/smtptest"
)

// queue puts n test rows for the person's channel in the outbox, as "Send
// a test" does, without the limits a person meets.
func (c *circle) queue(user, channel int64, n int) {
	c.t.Helper()
	c.exec(`INSERT INTO outbox (user_id, recipient_id, role, purpose, channel, channel_id, idempotency_key)
		SELECT $1, $1, 'wearer', 'test', c.kind, c.id, 'test:' || c.id || ':' || g || ':' || clock_timestamp()
		FROM channels c, generate_series(1, $3) g WHERE c.id = $2`, user, channel, n)
}

// channelAt adds a confirmed channel without the per-person cap.
func (c *circle) channelAt(user int64, kind, address string) int64 {
	c.t.Helper()
	var id int64
	c.scan(`INSERT INTO channels (user_id, kind, address, confirmed_at) VALUES ($1, $2, $3, now()) RETURNING id`, []any{user, kind, address}, &id)
	return id
}

// hangingServer accepts webhooks and never answers, until the test ends.
func hangingServer(t *testing.T) *httptest.Server {
	done := make(chan struct{})
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-done:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(s.Close)
	t.Cleanup(func() { close(done) }) // runs first: Close waits for the handlers
	return s
}

func TestClaimOrderAndShares(t *testing.T) {
	c := newCircle(t, zoneGrant)
	other := c.user("kim@example.org", "Kim")
	for _, tc := range []struct {
		name  string
		queue func()
		req   lifeline.ClaimRequest
		// want is the claimed rows as "priority/person/destination", sorted
		// (rows of one lane and age may come in any order).
		want []string
	}{{
		name: "an SOS comes before older alerts and tests",
		queue: func() {
			c.queue(c.wearer, c.channelAt(c.wearer, lifeline.ChannelEmail, "alex@old.example"), 1)
			c.channelAt(c.wearer, lifeline.ChannelWebhook, "https://hooks.example.org/alex")
			c.enterZone(true) // the wearer's own rows come at once
			c.channelAt(c.supporter, lifeline.ChannelEmail, "sam@example.net")
			if _, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now()); err != nil {
				t.Fatal(err)
			}
		},
		req:  lifeline.ClaimRequest{Limit: 10, AlertLimit: 10, OtherLimit: 10, Share: 10},
		want: []string{"0/alex/", "0/alex/example.net", "1/alex/", "1/alex/hooks.example.org", "1/alex/old.example", "2/alex/old.example"},
	}, {
		name: "one person holds at most their share",
		queue: func() {
			for i := range 6 {
				c.queue(c.wearer, c.channelAt(c.wearer, lifeline.ChannelWebhook, fmt.Sprintf("https://h%d.example.org/", i)), 1)
			}
			c.queue(other, c.channelAt(other, lifeline.ChannelEmail, "kim@example.com"), 1)
		},
		req:  lifeline.ClaimRequest{Limit: 10, AlertLimit: 10, OtherLimit: 10, Share: 2},
		want: []string{"2/alex/h0.example.org", "2/alex/h1.example.org", "2/kim/example.com"},
	}, {
		name: "one destination holds at most its share",
		queue: func() {
			c.queue(c.wearer, c.channelAt(c.wearer, lifeline.ChannelWebhook, "https://hooks.example.org/a"), 3)
			c.queue(other, c.channelAt(other, lifeline.ChannelWebhook, "https://HOOKS.example.org/b"), 3)
			// Another port is another service, and another destination.
			c.queue(other, c.channelAt(other, lifeline.ChannelWebhook, "https://hooks.example.org:8443/c"), 1)
			c.queue(other, c.channelAt(other, lifeline.ChannelEmail, "kim@example.com"), 1)
		},
		req:  lifeline.ClaimRequest{Limit: 10, AlertLimit: 10, OtherLimit: 10, Share: 2},
		want: []string{"2/alex/hooks.example.org", "2/alex/hooks.example.org", "2/kim/example.com", "2/kim/hooks.example.org:8443"},
	}, {
		name: "busy people and destinations are passed over",
		queue: func() {
			c.queue(c.wearer, c.channelAt(c.wearer, lifeline.ChannelWebhook, "https://a.example.org/"), 2)
			c.queue(other, c.channelAt(other, lifeline.ChannelWebhook, "https://b.example.org/"), 2)
			c.queue(other, c.channelAt(other, lifeline.ChannelEmail, "kim@example.com"), 1)
		},
		req:  lifeline.ClaimRequest{Limit: 10, AlertLimit: 10, OtherLimit: 10, Share: 5, BusyUsers: []int64{c.wearer}, BusyDestinations: []string{"b.example.org"}},
		want: []string{"2/kim/example.com"},
	}, {
		name: "the lanes' limits hold, an SOS passes them",
		queue: func() {
			c.queue(other, c.channelAt(other, lifeline.ChannelWebhook, "https://a.example.org/"), 3)
			c.channelAt(c.wearer, lifeline.ChannelWebhook, "https://hooks.example.org/alex")
			c.enterZone(true)
			c.channelAt(c.supporter, lifeline.ChannelEmail, "sam@example.net")
			if _, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now()); err != nil {
				t.Fatal(err)
			}
		},
		req:  lifeline.ClaimRequest{Limit: 10, AlertLimit: 0, OtherLimit: 1, Share: 1, BusyUsers: []int64{c.wearer}},
		want: []string{"0/alex/", "0/alex/example.net", "2/kim/a.example.org"},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			c.exec(`DELETE FROM outbox`)
			c.exec(`DELETE FROM alerts`)
			c.exec(`DELETE FROM channels`)
			tc.queue()
			req := tc.req
			req.Now, req.Lease = time.Now().Add(time.Second), time.Minute
			items, err := c.db.Claim(c.ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			names := map[int64]string{c.wearer: "alex", other: "kim"}
			var got []string
			for i, it := range items {
				if i > 0 && it.Priority < items[i-1].Priority {
					t.Errorf("row %d has priority %d after %d", i, it.Priority, items[i-1].Priority)
				}
				got = append(got, fmt.Sprintf("%d/%s/%s", it.Priority, names[it.UserID], it.Destination))
			}
			slices.Sort(got)
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("claimed\n  %s\nwant\n  %s", strings.Join(got, " "), strings.Join(tc.want, " "))
			}
		})
	}
}

// A person's webhooks that accept and never answer fill their share of
// the slots; another person's SOS and test email go out at once.
func TestHangingWebhooksCostOnlyTheirOwnSlots(t *testing.T) {
	smtp := smtptest.Start(t)
	c := newCircle(t, zoneGrant)
	hang := hangingServer(t)
	stranger := c.user("kim@example.org", "Kim")
	for i := range 9 {
		c.queue(stranger, c.channelAt(stranger, lifeline.ChannelWebhook, fmt.Sprintf("%s/hook%d", hang.URL, i)), 40)
	}
	c.channel(c.supporter, lifeline.ChannelEmail, "sam@example.org", false)
	ctx, cancel := context.WithCancel(c.ctx)
	w := c.worker(smtp.Addr, func(cfg *delivery.Config) { cfg.Slots, cfg.Share, cfg.Poll = 8, 2, time.Second })
	done := make(chan struct{})
	go func() { defer close(done); w.Run(ctx) }()
	defer func() { cancel(); <-done }()

	// Let the hanging sends take their slots first.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var claimed int
		c.scan(`SELECT count(*) FROM outbox WHERE claimed_until > now()`, nil, &claimed)
		if claimed > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the worker claimed none of the hanging webhooks")
		}
	}
	start := time.Now()
	if _, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now()); err != nil {
		t.Fatal(err)
	}
	c.queue(c.supporter, c.channelAt(c.supporter, lifeline.ChannelEmail, "sam@example.com"), 1)
	for deadline := start.Add(10 * time.Second); len(smtp.Messages()) < 2; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d of 2 emails within 10 s behind the hanging webhooks; outbox: %d pending", len(smtp.Messages()), c.pending())
		}
	}
	t.Logf("the SOS and the test email went out %v after the SOS, behind 360 hanging webhooks", time.Since(start).Round(time.Millisecond))
	var subjects []string
	for _, m := range smtp.Messages() {
		subjects = append(subjects, m.Header.Get("Subject"))
	}
	if !strings.Contains(strings.Join(subjects, "|"), "Alex Doe") {
		t.Errorf("emails %q, want the SOS among them", subjects)
	}
}

func TestAFailingDestinationIsPausedUntilTriedAgain(t *testing.T) {
	c := newCircle(t, lifeline.Grant{Alerts: []string{lifeline.ScopeSOS}, Location: lifeline.LocationNever})
	hook := startReceiver(t, 503, 503, 503, 503)
	channel := c.channel(c.supporter, lifeline.ChannelWebhook, hook.URL+"/sam", false)
	w := c.worker("", func(cfg *delivery.Config) {
		cfg.Destinations = c.db
		cfg.Pause = lifeline.PausePolicy{Failures: 3, Window: time.Hour, First: time.Hour, Longest: 6 * time.Hour}
	})
	pauses := func() []lifeline.ChannelPause {
		p, err := c.db.FindChannelPauses(c.ctx, c.supporter, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		return p
	}

	c.queue(c.supporter, channel, 3)
	c.run(w, func() bool { return len(hook.got()) >= 3 })
	p := pauses()
	if len(p) != 1 || p[0].ChannelID != channel || p[0].Destination != strings.TrimPrefix(hook.URL, "http://") || p[0].Problem != lifeline.ProblemError ||
		p[0].Until.Sub(p[0].Since) < 59*time.Minute {
		t.Fatalf("pauses %+v, want the webhook paused for an hour after its errors", p)
	}
	for range 3 {
		if n := w.RunOnce(c.ctx); n != 0 {
			t.Fatalf("a paused destination's rows were claimed (%d)", n)
		}
	}
	if got := len(hook.got()); got != 3 {
		t.Fatalf("the paused webhook got %d requests, want 3", got)
	}

	t.Run("an SOS is still tried", func(t *testing.T) {
		if _, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now()); err != nil {
			t.Fatal(err)
		}
		c.run(w, func() bool { return len(hook.got()) == 4 })
		if !strings.Contains(hook.got()[3].body, `"sos"`) {
			t.Errorf("the fourth request %s, want the SOS", hook.got()[3].body)
		}
	})
	t.Run(`"Try now" ends the pause and sends what waited`, func(t *testing.T) {
		if err := c.db.ResumeChannel(c.ctx, c.supporter, channel, time.Now()); err != nil {
			t.Fatal(err)
		}
		if p := pauses(); len(p) != 0 {
			t.Fatalf("still paused: %+v", p)
		}
		c.run(w, func() bool {
			var waiting int
			c.scan(`SELECT count(*) FROM outbox WHERE channel_id = $1 AND state = 'pending'`, []any{channel}, &waiting)
			return waiting == 0
		})
		if p := pauses(); len(p) != 0 {
			t.Errorf("paused again after sends that worked: %+v", p)
		}
	})
	t.Run("another person's channel is not theirs to resume", func(t *testing.T) {
		if err := c.db.ResumeChannel(c.ctx, c.wearer, channel, time.Now()); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
			t.Errorf("err %v, want ENOTFOUND", err)
		}
	})
}

func TestBackoffHasJitter(t *testing.T) {
	c := newCircle(t, zoneGrant)
	w := c.worker("", func(cfg *delivery.Config) { cfg.Backoff, cfg.MaxBackoff = 30*time.Second, time.Hour })
	for _, tc := range []struct {
		attempts int
		full     time.Duration
	}{
		{1, 30 * time.Second},
		{2, time.Minute},
		{4, 4 * time.Minute},
		{8, time.Hour},
		{40, time.Hour},
	} {
		t.Run(fmt.Sprintf("after %d failures", tc.attempts), func(t *testing.T) {
			seen := map[time.Duration]bool{}
			for range 200 {
				d := delivery.Backoff(w, tc.attempts)
				if d < tc.full/2 || d > tc.full {
					t.Fatalf("waited %v, want between %v and %v", d, tc.full/2, tc.full)
				}
				seen[d] = true
			}
			if len(seen) < 100 {
				t.Errorf("%d different waits in 200, want them spread", len(seen))
			}
		})
	}
}
