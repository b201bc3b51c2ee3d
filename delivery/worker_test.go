package delivery_test

import (
	"encoding/json"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"lifeline"
	"lifeline/delivery"
	"lifeline/internal/smtptest"
)

var zoneGrant = lifeline.Grant{Alerts: []string{lifeline.ScopeAvoidZone, lifeline.ScopeSOS}, Location: lifeline.LocationDuringAlert}

func TestEscalationLadder(t *testing.T) {
	smtp := smtptest.Start(t)
	c := newCircle(t, zoneGrant)
	wearerHook := startReceiver(t)
	c.channel(c.wearer, lifeline.ChannelWebhook, wearerHook.URL, false)
	c.channel(c.supporter, lifeline.ChannelEmail, "sam@example.org", false)
	w := c.worker(smtp.Addr)

	t.Run("the wearer is told first, the supporter after the wait", func(t *testing.T) {
		alert := c.enterZone(true)
		c.run(w, func() bool { return len(wearerHook.got()) == 1 })
		if n := len(smtp.Messages()); n != 0 {
			t.Fatalf("the supporter was emailed %d times before the wait ran out", n)
		}
		var m delivery.Message
		if err := json.Unmarshal([]byte(wearerHook.got()[0].body), &m); err != nil || m.Type != lifeline.AlertZoneEntered || !strings.Contains(m.Body, "Rusty Anchor") || m.Location != nil {
			t.Fatalf("wearer's webhook = %+v (%v)", m, err)
		}
		c.run(w, func() bool { return len(smtp.Messages()) == 1 })
		got := smtp.Messages()[0]
		text := got.Body
		if subject := got.Header.Get("Subject"); subject != "Alex Doe may need a friendly voice" {
			t.Errorf("subject %q", subject)
		}
		if !strings.Contains(text, `"Alex Doe" has been at "Rusty Anchor"`) || !strings.Contains(text, "51.50012, -0.12034") {
			t.Errorf("the supporter's email lacks the alert or the position its grant shows:\n%s", text)
		}
		if !strings.Contains(got.Header.Get("Message-Id"), ".") {
			t.Errorf("Message-ID %q does not carry the idempotency key", got.Header.Get("Message-Id"))
		}
		steps := map[string]string{}
		for _, d := range c.deliveries(alert.ID) {
			steps[d.Recipient+"/"+d.Channel] = d.State
			if d.State == lifeline.DeliverySent && d.SentAt == nil {
				t.Errorf("%+v: sent without a time", d)
			}
		}
		want := map[string]string{"you/webhook": "sent", "Sam/app": "sent", "Sam/email": "sent"}
		if len(steps) != len(want) {
			t.Errorf("steps %v, want %v", steps, want)
		}
		for k, v := range want {
			if steps[k] != v {
				t.Errorf("step %s = %q, want %q (all: %v)", k, steps[k], v, steps)
			}
		}
	})
	t.Run(`"I'm okay" stops the escalation`, func(t *testing.T) {
		before := len(smtp.Messages())
		alert := c.enterZone(true)
		if _, err := c.db.AnswerOkay(c.ctx, c.wearer, alert.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		time.Sleep(c.escalateAfter)
		c.run(w, func() bool { return c.pending() == 0 })
		if n := len(smtp.Messages()); n != before {
			t.Fatalf("the supporter was emailed after the wearer said they're okay")
		}
		for _, d := range c.deliveries(alert.ID) {
			if d.Role == "supporter" && (d.State != lifeline.DeliverySkipped || d.LastError == nil || !strings.Contains(*d.LastError, "okay")) {
				t.Errorf("supporter step %+v, want skipped because they answered", d)
			}
		}
	})
	t.Run("leaving the zone stops the escalation", func(t *testing.T) {
		before := len(smtp.Messages())
		alert := c.enterZone(true)
		c.exec(`UPDATE geofence_state SET inside = false WHERE zone_id = $1`, c.zone)
		time.Sleep(c.escalateAfter)
		c.run(w, func() bool { return c.pending() == 0 })
		if len(smtp.Messages()) != before {
			t.Fatal("the supporter was emailed after the wearer left")
		}
		for _, d := range c.deliveries(alert.ID) {
			if d.Role == "supporter" && d.State != lifeline.DeliverySkipped {
				t.Errorf("supporter step %+v, want skipped", d)
			}
		}
	})
}

func TestMessagesHoldNoMoreThanTheGrant(t *testing.T) {
	smtp := smtptest.Start(t)
	c := newCircle(t, lifeline.Grant{Alerts: []string{lifeline.ScopeSOS}, Location: lifeline.LocationNever})
	hook := startReceiver(t)
	c.channel(c.supporter, lifeline.ChannelEmail, "sam@example.org", false)
	c.channel(c.supporter, lifeline.ChannelWebhook, hook.URL, false)
	w := c.worker(smtp.Addr)

	c.enterZone(true) // not in the grant: never reaches Sam
	if _, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now()); err != nil {
		t.Fatal(err)
	}
	time.Sleep(c.escalateAfter)
	c.run(w, func() bool { return c.pending() == 0 })
	mails := smtp.Messages()
	if len(mails) != 1 || len(hook.got()) != 1 {
		t.Fatalf("%d emails and %d webhooks, want the SOS once each", len(mails), len(hook.got()))
	}
	text := mails[0].Body
	for _, leak := range []string{"51.5", "-0.12", "Rusty Anchor", "openstreetmap"} {
		if strings.Contains(text, leak) || strings.Contains(hook.got()[0].body, leak) {
			t.Errorf("a supporter without the location scope was sent %q:\n%s\n%s", leak, text, hook.got()[0].body)
		}
	}
	if !strings.Contains(text, `"Alex Doe" pressed "Alert my people now"`) {
		t.Errorf("SOS email:\n%s", text)
	}
}

func TestSMTPDownThenBackSendsOnceLate(t *testing.T) {
	smtp := smtptest.Start(t)
	c := newCircle(t, zoneGrant)
	c.channel(c.supporter, lifeline.ChannelEmail, "sam@example.org", false)
	w := c.worker(smtp.Addr)
	smtp.Stop()

	alert, reached, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now())
	if err != nil || reached != 1 {
		t.Fatalf("SOS reached %d (%v)", reached, err)
	}
	var attempts int
	c.run(w, func() bool {
		c.scan(`SELECT attempts FROM outbox WHERE channel = 'email'`, nil, &attempts)
		return attempts >= 3
	})
	var state, lastError string
	c.scan(`SELECT state, last_error FROM outbox WHERE channel = 'email'`, nil, &state, &lastError)
	if state != lifeline.DeliveryPending || !strings.Contains(lastError, "connect") {
		t.Fatalf("while SMTP is down: %s (%s), want pending with the reason", state, lastError)
	}

	if err := smtp.Start(); err != nil {
		t.Fatal(err)
	}
	c.run(w, func() bool { return c.pending() == 0 })
	for i := 0; i < 5; i++ { // more rounds find nothing to send again
		w.RunOnce(c.ctx)
	}
	if n := len(smtp.Messages()); n != 1 {
		t.Fatalf("%d emails after the server came back, want 1", n)
	}
	for _, d := range c.deliveries(alert.ID) {
		if d.Channel == lifeline.ChannelEmail && (d.State != lifeline.DeliverySent || d.Attempts < 4) {
			t.Errorf("email step %+v, want sent after the failed attempts", d)
		}
	}
}

func TestWebhookRetriesAfterA500(t *testing.T) {
	c := newCircle(t, zoneGrant)
	hook := startReceiver(t, 500)
	id := c.channel(c.supporter, lifeline.ChannelWebhook, hook.URL, false)
	w := c.worker("")
	if _, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now()); err != nil {
		t.Fatal(err)
	}
	c.run(w, func() bool { return c.pending() == 0 })
	got := hook.got()
	if len(got) != 2 {
		t.Fatalf("%d posts, want a 500 then a 200", len(got))
	}
	if k := got[0].header.Get("Idempotency-Key"); k == "" || k != got[1].header.Get("Idempotency-Key") {
		t.Errorf("idempotency keys %q and %q, want the same", k, got[1].header.Get("Idempotency-Key"))
	}
	var m delivery.Message
	if err := json.Unmarshal([]byte(got[1].body), &m); err != nil || m.Priority != "urgent" || m.Location == nil {
		t.Errorf("SOS webhook %+v (%v), want urgent with the position (during_alert)", m, err)
	}
	channels, _ := c.db.FindChannels(c.ctx, c.supporter)
	if len(channels) != 1 || channels[0].ID != id || channels[0].LastState == nil || *channels[0].LastState != "sent" {
		t.Errorf("channel's last delivery = %+v", channels[0])
	}
}

func TestFinalFailedState(t *testing.T) {
	c := newCircle(t, zoneGrant)
	always500 := startReceiver(t, 500, 500, 500, 500)
	gone := startReceiver(t, 404)
	c.channel(c.supporter, lifeline.ChannelWebhook, always500.URL, false)
	c.channel(c.supporter, lifeline.ChannelWebhook, gone.URL, false)
	w := c.worker("", func(cfg *delivery.Config) { cfg.MaxAttempts = 3 })
	alert, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	c.run(w, func() bool { return c.pending() == 0 })
	if len(always500.got()) != 3 || len(gone.got()) != 1 {
		t.Fatalf("%d attempts on the failing hook (want 3), %d on the 404 (want 1: permanent)", len(always500.got()), len(gone.got()))
	}
	for _, d := range c.deliveries(alert.ID) {
		if d.Channel == lifeline.ChannelWebhook && (d.State != lifeline.DeliveryFailed || d.LastError == nil) {
			t.Errorf("%+v, want failed with the reason", d)
		}
	}
}

func TestTwoWorkersSendEachRowOnce(t *testing.T) {
	c := newCircle(t, zoneGrant)
	hook := startReceiver(t)
	c.channel(c.supporter, lifeline.ChannelWebhook, hook.URL, false)
	c.channel(c.wearer, lifeline.ChannelWebhook, hook.URL+"/wearer", false)
	const alerts = 40
	for i := 0; i < alerts; i++ {
		if _, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now().Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatal(err)
		}
		c.enterZone(false) // the wearer's webhook only; the escalation is skipped
	}
	workers := []*delivery.Worker{c.worker("", func(cfg *delivery.Config) { cfg.Batch = 3 }), c.worker("", func(cfg *delivery.Config) { cfg.Batch = 3 })}
	time.Sleep(c.escalateAfter)
	var wg sync.WaitGroup
	for _, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for deadline := time.Now().Add(20 * time.Second); c.pending() > 0 && time.Now().Before(deadline); {
				w.RunOnce(c.ctx)
			}
		}()
	}
	wg.Wait()
	seen := map[string]int{}
	for _, r := range hook.got() {
		seen[r.header.Get("Idempotency-Key")]++
	}
	if len(seen) != 2*alerts {
		t.Errorf("%d distinct messages, want %d (SOS to Sam, zone alert to Alex)", len(seen), 2*alerts)
	}
	for k, n := range seen {
		if n != 1 {
			t.Errorf("%s sent %d times", k, n)
		}
	}
}

func TestNtfyMode(t *testing.T) {
	c := newCircle(t, zoneGrant)
	hook := startReceiver(t)
	c.channel(c.supporter, lifeline.ChannelWebhook, hook.URL+"/alex-help", true)
	if _, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now()); err != nil {
		t.Fatal(err)
	}
	c.run(c.worker(""), func() bool { return len(hook.got()) == 1 })
	r := hook.got()[0]
	if r.header.Get("Priority") != "urgent" || !strings.Contains(r.header.Get("Tags"), "rotating_light") ||
		r.header.Get("Title") != "Alex Doe is asking for help now" || r.header.Get("Click") != "https://lifeline.example.org/supporting" {
		t.Errorf("ntfy headers %v", r.header)
	}
	if !strings.Contains(r.body, `"Alex Doe" pressed`) || strings.HasPrefix(r.body, "{") {
		t.Errorf("ntfy body %q, want the text", r.body)
	}
}

func TestQuietHoursDelayAllButSOS(t *testing.T) {
	c := newCircle(t, zoneGrant)
	hook := startReceiver(t)
	c.channel(c.wearer, lifeline.ChannelWebhook, hook.URL+"/alex", false)
	c.channel(c.supporter, lifeline.ChannelWebhook, hook.URL+"/sam", false)
	now := time.Now().In((&lifeline.User{Timezone: "Europe/London"}).Location())
	start, end := (now.Hour()*60+now.Minute()+1439)%1440, (now.Hour()*60+now.Minute()+60)%1440 // quiet from a minute ago for an hour
	for _, u := range []int64{c.wearer, c.supporter} {
		if err := c.db.SetQuietHours(c.ctx, u, lifeline.QuietHours{Start: &start, End: &end}); err != nil {
			t.Fatal(err)
		}
	}
	c.enterZone(true)
	if _, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now()); err != nil {
		t.Fatal(err)
	}
	w := c.worker("")
	c.run(w, func() bool { return len(hook.got()) == 1 })
	time.Sleep(c.escalateAfter)
	for i := 0; i < 10; i++ {
		w.RunOnce(c.ctx)
	}
	if got := hook.got(); len(got) != 1 || !strings.Contains(got[0].body, `"type":"sos"`) {
		t.Fatalf("during quiet hours: %d messages, want only the SOS", len(got))
	}
	var waiting int
	c.scan(`SELECT count(*) FROM outbox WHERE state = 'pending' AND channel = 'webhook' AND attempts = 0 AND next_attempt_at > now() + interval '30 minutes'`, nil, &waiting)
	if waiting != 2 {
		t.Errorf("%d rows wait for the end of quiet hours, want 2 (the zone alert to each); outbox: %s", waiting, c.outbox())
	}
}

func TestMissedCheckinsReachSupportersOnTheSecondDay(t *testing.T) {
	c := newCircle(t, lifeline.Grant{Alerts: []string{lifeline.ScopeMissedCheckin}})
	c.channel(c.supporter, lifeline.ChannelEmail, "sam@example.org", false)
	london := (&lifeline.User{Timezone: "Europe/London"}).Location()
	tomorrow := time.Now().In(london).AddDate(0, 0, 1)
	evening := time.Date(tomorrow.Year(), tomorrow.Month(), tomorrow.Day(), 21, 0, 0, 0, london)
	count := func() int {
		var n int
		c.scan(`SELECT count(*) FROM outbox WHERE recipient_id = $1 AND role = 'supporter'`, []any{c.supporter}, &n)
		return n
	}
	for day, want := range []int{0, 2} { // the second day: the in-app step and the email
		if _, err := c.db.RaiseMissedCheckins(c.ctx, evening.AddDate(0, 0, day), 20); err != nil {
			t.Fatal(err)
		}
		if got := count(); got != want {
			t.Fatalf("day %d: %d rows for the supporter, want %d", day+1, got, want)
		}
	}
}

func TestRevokingDropsWaitingDeliveries(t *testing.T) {
	c := newCircle(t, zoneGrant)
	hook := startReceiver(t)
	c.channel(c.supporter, lifeline.ChannelWebhook, hook.URL, false)
	alert := c.enterZone(true)
	if err := c.db.RevokeSupporter(c.ctx, c.wearer, c.link, time.Now()); err != nil {
		t.Fatal(err)
	}
	time.Sleep(c.escalateAfter)
	c.run(c.worker(""), func() bool { return c.pending() == 0 })
	if len(hook.got()) != 0 {
		t.Fatal("a revoked supporter was sent the alert")
	}
	for _, d := range c.deliveries(alert.ID) {
		if d.State != lifeline.DeliverySkipped {
			t.Errorf("%+v, want skipped", d)
		}
	}
}

func TestSendATest(t *testing.T) {
	smtp := smtptest.Start(t)
	c := newCircle(t, zoneGrant)
	id := c.channel(c.wearer, lifeline.ChannelEmail, "alex@example.org", false)
	if err := c.db.QueueTest(c.ctx, c.wearer, id, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := c.db.QueueTest(c.ctx, c.supporter, id, time.Now()); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Fatalf("testing someone else's channel: %v, want not found", err)
	}
	c.run(c.worker(smtp.Addr), func() bool { return len(smtp.Messages()) == 1 })
	if text := smtp.Messages()[0].Body; !strings.Contains(text, lifeline.TestMessage) {
		t.Errorf("test email:\n%s", text)
	}
	channels, _ := c.db.FindChannels(c.ctx, c.wearer)
	if channels[0].LastState == nil || *channels[0].LastState != "sent" || channels[0].LastAt == nil {
		t.Errorf("channel after a test: %+v", channels[0])
	}
}

// TestWebhookErrorsNameNoInternalAddress: a webhook to loopback is refused
// at once, and a connection that fails is retried; either way the channel's
// last error says why in words a person can act on, with no address of the
// server's network in it.
func TestWebhookErrorsNameNoInternalAddress(t *testing.T) {
	closed := func() string {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		return "http://" + l.Addr().String() + "/hook"
	}()
	for _, tc := range []struct {
		name         string
		allowPrivate bool
		url          func(hook *receiver) string
		want         string
	}{
		{"loopback refused by the guard", false, func(hook *receiver) string { return hook.URL }, "webhook: webhooks may only reach public internet addresses"},
		{"connection refused", true, func(*receiver) string { return closed }, "webhook: the connection was refused"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newCircle(t, zoneGrant)
			hook := startReceiver(t)
			c.channel(c.supporter, lifeline.ChannelWebhook, tc.url(hook), false)
			alert, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			c.run(c.worker("", func(cfg *delivery.Config) { cfg.AllowPrivateWebhooks = tc.allowPrivate; cfg.MaxAttempts = 2 }), func() bool { return c.pending() == 0 })
			if len(hook.got()) != 0 {
				t.Fatal("a webhook reached a loopback address")
			}
			for _, d := range c.deliveries(alert.ID) {
				if d.Channel != lifeline.ChannelWebhook {
					continue
				}
				if d.State != lifeline.DeliveryFailed || d.LastError == nil || *d.LastError != tc.want {
					t.Errorf("%+v (%v), want failed with %q", d, d.LastError, tc.want)
				}
				if !tc.allowPrivate && d.Attempts != 1 {
					t.Errorf("a refused address was tried %d times, want once", d.Attempts)
				}
			}
			channels, _ := c.db.FindChannels(c.ctx, c.supporter)
			if len(channels) != 1 || channels[0].LastError == nil || strings.Contains(*channels[0].LastError, "127.0.0.1") {
				t.Errorf("the channel's last error: %+v", channels)
			}
		})
	}
}
