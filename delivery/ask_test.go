package delivery_test

import (
	"strings"
	"testing"
	"time"

	"lifeline"
	"lifeline/delivery"
	"lifeline/internal/smtptest"
)

// TestAskReachesTheChosenSupportersCalmly: an ask is emailed to the
// supporters chosen and nobody else, in calm words; an ntfy topic gets the
// default priority and a browser a push of normal urgency; it waits for a supporter's quiet hours, and closing
// the ask stops what still waits.
func TestAskReachesTheChosenSupportersCalmly(t *testing.T) {
	smtp := smtptest.Start(t)
	hook := startReceiver(t)
	c := newCircle(t, lifeline.Grant{})
	c.channel(c.supporter, lifeline.ChannelEmail, "sam@example.org", false)
	c.channel(c.supporter, lifeline.ChannelWebhook, hook.URL+"/sam", true)
	pushes := startPushService(t)
	browser := newBrowser(t)
	browser.subscribe(t, c, c.supporter, pushes.URL+"/sam")
	jo, joLink := c.addSupporter("jo@example.org", "Jo", lifeline.Grant{})
	c.channel(jo, lifeline.ChannelEmail, "jo@example.org", false)
	kim, kimLink := c.addSupporter("kim@example.org", "Kim", lifeline.Grant{})
	c.channel(kim, lifeline.ChannelEmail, "kim@example.org", false)
	now := time.Now().In((&lifeline.User{Timezone: "Europe/London"}).Location())
	start, end := (now.Hour()*60+now.Minute()+1439)%1440, (now.Hour()*60+now.Minute()+60)%1440 // quiet from a minute ago for an hour
	if err := c.db.SetQuietHours(c.ctx, kim, lifeline.QuietHours{Start: &start, End: &end}); err != nil {
		t.Fatal(err)
	}

	ask, err := c.db.CreateAsk(c.ctx, c.wearer, lifeline.NewAsk{Supporters: []int64{c.link, kimLink}, Note: "Rough evening."}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	w := c.worker(smtp.Addr, func(cfg *delivery.Config) { cfg.Push = c.db })
	c.run(w, func() bool { return len(smtp.Messages()) == 1 && len(hook.got()) == 1 && len(pushes.got()) == 1 })
	for range 5 {
		w.RunOnce(c.ctx)
	}
	msgs := smtp.Messages()
	if len(msgs) != 1 || !strings.Contains(msgs[0].Header.Get("To"), "sam@example.org") {
		t.Fatalf("emails %v, want only Sam's (Jo was not asked, Kim is in quiet hours)", msgs)
	}
	text := msgs[0].Body
	if subject := msgs[0].Header.Get("Subject"); subject != "Alex Doe could use a call" {
		t.Errorf("subject %q", subject)
	}
	for _, want := range []string{"isn't an emergency", "https://lifeline.example.org/supporting"} {
		if !strings.Contains(text, want) {
			t.Errorf("the email does not say %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Rough evening.") {
		t.Errorf("the note left the app:\n%s", text)
	}
	if p := hook.got()[0].header.Get("Priority"); p != "default" {
		t.Errorf("ntfy priority %q, want default", p)
	}
	push := pushes.got()[0]
	if u := push.header.Get("Urgency"); u != "normal" {
		t.Errorf("push Urgency %q, want normal", u)
	}
	if plain, err := browser.decrypt(push.body); err != nil || !strings.Contains(string(plain), "could use a call") {
		t.Errorf("the push says %s (%v)", plain, err)
	}
	var waiting int
	c.scan(`SELECT count(*) FROM outbox WHERE ask_id = $1 AND recipient_id = $2 AND state = 'pending' AND next_attempt_at > now() + interval '30 minutes'`,
		[]any{ask.ID, kim}, &waiting)
	if waiting != 1 {
		t.Errorf("Kim's email is not waiting for her quiet hours to end; outbox: %s", c.outbox())
	}
	var toJo int
	c.scan(`SELECT count(*) FROM outbox WHERE recipient_id = $1`, []any{jo}, &toJo)
	if toJo != 0 || joLink == 0 {
		t.Errorf("%d rows for Jo, who was not asked", toJo)
	}

	if _, err := c.db.CloseAsk(c.ctx, c.wearer, ask.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	var state, why string
	c.scan(`SELECT state, last_error FROM outbox WHERE ask_id = $1 AND recipient_id = $2`, []any{ask.ID, kim}, &state, &why)
	if state != lifeline.DeliverySkipped || why == "" {
		t.Errorf("after closing, Kim's email is %s (%q), want skipped with a reason", state, why)
	}
}
