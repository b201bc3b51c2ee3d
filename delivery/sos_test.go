package delivery_test

import (
	"context"
	"encoding/json"
	"net"
	"strings"
	"testing"
	"time"

	"lifeline"
	"lifeline/delivery"
	"lifeline/internal/smtptest"
)

var sosGrant = lifeline.Grant{Alerts: []string{lifeline.ScopeSOS}, Location: lifeline.LocationDuringAlert, LocationWindowMinutes: 60}

// TestSafeNowQueuesTheShortLineOncePerChannelThatWasTold: "I'm safe now"
// follows each of the SOS's rows as it stands: a channel that told the
// supporter, or is telling them right now, gets the short line; one still
// waiting is stopped instead; the in-app step, and a channel that failed or
// was skipped, get nothing.
func TestSafeNowQueuesTheShortLineOncePerChannelThatWasTold(t *testing.T) {
	cases := []struct {
		name     string
		state    string // the SOS row's state when the wearer closes it
		claimed  bool   // a worker holds it (sending it now)
		wantLine bool
		after    string // the SOS row's state afterwards
	}{
		{name: "sent", state: lifeline.DeliverySent, wantLine: true, after: lifeline.DeliverySent},
		{name: "being sent", state: lifeline.DeliveryPending, claimed: true, wantLine: true, after: lifeline.DeliveryPending},
		{name: "waiting for a retry", state: lifeline.DeliveryPending, after: lifeline.DeliverySkipped},
		{name: "failed", state: lifeline.DeliveryFailed, after: lifeline.DeliveryFailed},
		{name: "skipped", state: lifeline.DeliverySkipped, after: lifeline.DeliverySkipped},
	}
	c := newCircle(t, sosGrant)
	channels := map[int64]int{} // channel id → case
	for i := range cases {
		channels[c.channel(c.supporter, lifeline.ChannelEmail, "sam+"+strings.ReplaceAll(cases[i].name, " ", "-")+"@example.org", false)] = i
	}
	alert, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	for id, i := range channels {
		tc := cases[i]
		c.exec(`UPDATE outbox SET state = $2, sent_at = CASE WHEN $2 = 'sent' THEN now() END,
			claimed_until = CASE WHEN $3 THEN now() + interval '1 minute' END WHERE channel_id = $1`, id, tc.state, tc.claimed)
	}
	c.exec(`UPDATE outbox SET state = 'sent', sent_at = now() WHERE channel = 'app'`)

	for range 2 { // closing it again queues nothing more
		if _, err := c.db.ResolveSOS(c.ctx, c.wearer, alert.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	for id, i := range channels {
		tc := cases[i]
		t.Run(tc.name, func(t *testing.T) {
			var state string
			var lines int
			c.scan(`SELECT state, (SELECT count(*) FROM outbox s WHERE s.resolution AND s.idempotency_key = o.idempotency_key || ':safe'
				AND s.channel_id = o.channel_id AND s.recipient_id = o.recipient_id AND s.state = 'pending')
				FROM outbox o WHERE o.channel_id = $1 AND NOT o.resolution`, []any{id}, &state, &lines)
			if state != tc.after || (lines == 1) != tc.wantLine || lines > 1 {
				t.Errorf("the SOS row is %s with %d short lines, want %s with a line: %v", state, lines, tc.after, tc.wantLine)
			}
		})
	}
	var appLines int
	c.scan(`SELECT count(*) FROM outbox WHERE resolution AND channel = 'app'`, nil, &appLines)
	if appLines != 0 {
		t.Errorf("%d in-app short lines, want none (the screen shows it)", appLines)
	}
}

// TestSafeNowReachesTheSupporterInOneShortLine: over real SMTP and a real
// webhook, after the SOS itself: the line, its time, no position.
func TestSafeNowReachesTheSupporterInOneShortLine(t *testing.T) {
	smtp := smtptest.Start(t)
	c := newCircle(t, sosGrant)
	hook := startReceiver(t)
	c.channel(c.supporter, lifeline.ChannelEmail, "sam@example.org", false)
	c.channel(c.supporter, lifeline.ChannelWebhook, hook.URL, true)
	w := c.worker(smtp.Addr)
	alert, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	c.run(w, func() bool { return c.pending() == 0 })
	safeAt := time.Date(2026, 11, 22, 15, 42, 0, 0, time.UTC) // 15:42 in London
	if _, err := c.db.ResolveSOS(c.ctx, c.wearer, alert.ID, safeAt); err != nil {
		t.Fatal(err)
	}
	c.run(w, func() bool { return c.pending() == 0 })

	mails := smtp.Messages()
	if len(mails) != 2 {
		t.Fatalf("%d emails, want the SOS and the short line", len(mails))
	}
	line := mails[1]
	if subject := line.Header.Get("Subject"); subject != "Alex Doe says they're safe now" {
		t.Errorf("subject %q", subject)
	}
	text := line.Body
	if !strings.Contains(text, `Good news: "Alex Doe" says they're safe now (3:42 PM).`) || strings.Contains(text, "51.5") {
		t.Errorf("the short line:\n%s", text)
	}
	posts := hook.got()
	if len(posts) != 2 {
		t.Fatalf("%d ntfy posts, want 2", len(posts))
	}
	if title := posts[1].header.Get("Title"); title != "Alex Doe says they're safe now" || strings.TrimSpace(posts[1].body) != `Good news: "Alex Doe" says they're safe now (3:42 PM).` {
		t.Errorf("ntfy line %q: %q", title, posts[1].body)
	}
	if posts[0].header.Get("Idempotency-Key") == posts[1].header.Get("Idempotency-Key") {
		t.Error("the short line reuses the SOS's idempotency key: a receiver would drop it")
	}
	// "Who was told" tells the short lines from the SOS itself.
	var lines, alerts int
	for _, d := range c.deliveries(alert.ID) {
		if d.Role != "supporter" {
			continue
		}
		if d.Resolution {
			lines++
		} else {
			alerts++
		}
	}
	// The SOS went by email, webhook and in the app; the app's card ends
	// by itself, so the short line goes by email and webhook only.
	if lines != 2 || alerts != 3 {
		t.Errorf("the alert's supporter deliveries: %d short lines and %d of the SOS, want 2 and 3", lines, alerts)
	}
}

// A webhook receiver can tell the short line from the SOS by resolvedAt.
func TestSafeNowWebhookSaysItEnded(t *testing.T) {
	c := newCircle(t, sosGrant)
	hook := startReceiver(t)
	c.channel(c.supporter, lifeline.ChannelWebhook, hook.URL, false)
	w := c.worker("")
	alert, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	c.run(w, func() bool { return c.pending() == 0 })
	if _, err := c.db.ResolveSOS(c.ctx, c.wearer, alert.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	c.run(w, func() bool { return c.pending() == 0 })
	posts := hook.got()
	var sos, line delivery.Message
	if len(posts) != 2 || json.Unmarshal([]byte(posts[0].body), &sos) != nil || json.Unmarshal([]byte(posts[1].body), &line) != nil {
		t.Fatalf("posts %+v, want the SOS then the line", posts)
	}
	if sos.ResolvedAt != nil || sos.Location == nil {
		t.Errorf("the SOS %+v, want it open and with the position", sos)
	}
	if line.ResolvedAt == nil || line.Type != lifeline.AlertSOS || line.Location != nil || line.Priority == "urgent" {
		t.Errorf("the line %+v, want resolvedAt, the sos type, no position and no urgency", line)
	}
}

// Two presses a few minutes apart are one crisis: "I'm safe now" on either
// closes both, and each channel that told the supporter gets one line.
func TestSafeNowClosesEveryOpenSOSWithOneLinePerChannel(t *testing.T) {
	c := newCircle(t, sosGrant)
	email := c.channel(c.supporter, lifeline.ChannelEmail, "sam@example.org", false)
	first, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	second, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now().Add(3*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	c.exec(`UPDATE outbox SET state = 'sent', sent_at = now()`)
	if _, err := c.db.ResolveSOS(c.ctx, c.wearer, first.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	if open, err := c.db.OpenSOS(c.ctx, c.wearer); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("after I'm safe now the open SOS is %+v (%v), want none", open, err)
	}
	for _, id := range []int64{first.ID, second.ID} {
		if a, err := c.db.FindAlert(c.ctx, c.wearer, id); err != nil || a.ResolvedAt == nil {
			t.Errorf("SOS %d: %+v (%v), want it closed", id, a, err)
		}
	}
	var lines int
	c.scan(`SELECT count(*) FROM outbox WHERE resolution AND channel_id = $1`, []any{email}, &lines)
	if lines != 1 {
		t.Errorf("%d short lines on the email channel, want 1; outbox: %s", lines, c.outbox())
	}
}

// TestADeadWorkersSOSIsSentAfterItsLease: a worker dies in the middle of
// sending an SOS email (its mail server has accepted the connection and
// said nothing; the worker's context ends, so it records nothing, as a
// killed process would). The row stays claimed only for the lease: the
// longest a send may take (webhooks' 15 s, this worker's SMTP timeout of
// 2 s) and 30 s to record it, 45 s here. Another worker, its clock moved
// on, leaves the row alone just before and sends it just after.
func TestADeadWorkersSOSIsSentAfterItsLease(t *testing.T) {
	c := newCircle(t, sosGrant)
	c.channel(c.supporter, lifeline.ChannelEmail, "sam@example.org", false)
	silent, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		if conn, err := silent.Accept(); err == nil {
			accepted <- conn
		}
	}()
	if _, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now()); err != nil {
		t.Fatal(err)
	}

	ctx, die := context.WithCancel(c.ctx)
	dying := c.worker(silent.Addr().String())
	claimed := time.Now() // before the claim: its lease ends 45 s after a moment no earlier
	done := make(chan struct{})
	go func() { dying.RunOnce(ctx); close(done) }()
	select {
	case conn := <-accepted:
		defer conn.Close()
	case <-time.After(30 * time.Second):
		t.Fatalf("the worker never reached the mail server; outbox: %s", c.outbox())
	}
	die()
	<-done

	smtp := smtptest.Start(t)
	const lease = 45 * time.Second
	for _, tc := range []struct {
		after time.Duration
		sent  bool
	}{{lease - 5*time.Second, false}, {lease + 15*time.Second, true}} {
		at := claimed.Add(tc.after)
		other := c.worker(smtp.Addr, func(cfg *delivery.Config) { cfg.Now = func() time.Time { return at } })
		other.RunOnce(c.ctx)
		if got := len(smtp.Messages()) == 1; got != tc.sent {
			t.Errorf("%v after the claim: sent %v, want %v; outbox: %s", tc.after, got, tc.sent, c.outbox())
		}
	}
}
