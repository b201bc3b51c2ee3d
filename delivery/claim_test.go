package delivery_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"lifeline"
	"lifeline/delivery"
	"lifeline/internal/smtptest"
)

var claimLinkRe = regexp.MustCompile(`https://lifeline\.example\.org/claim#token=([A-Za-z0-9_-]+)`)

// A supporter's alert carries a one-tap "I'm on it" everywhere it goes: a
// link in the email (real SMTP), an ntfy action that posts the token (a
// real HTTP receiver), a token in the web push payload (decrypted as the
// browser would). Each token claims the alert once; the wearer then
// hears "Sam is on it" and, once Sam resolves it, reads the note.
func TestEveryMessageToASupporterCarriesItsOwnClaimLink(t *testing.T) {
	smtp := smtptest.Start(t)
	c := newCircle(t, lifeline.Grant{Alerts: []string{lifeline.ScopeAvoidZone}, Location: lifeline.LocationNever})
	hook := startReceiver(t)
	service := startPushService(t)
	c.channel(c.wearer, lifeline.ChannelEmail, "alex@example.org", false)
	c.channel(c.supporter, lifeline.ChannelEmail, "sam@example.org", false)
	c.channel(c.supporter, lifeline.ChannelWebhook, hook.URL, true)
	phone := newBrowser(t)
	phone.subscribe(t, c, c.supporter, service.URL+"/sam")
	w := c.worker(smtp.Addr, func(cfg *delivery.Config) { cfg.Push = c.db })
	alert := c.enterZone(true)
	c.run(w, func() bool { return c.pending() == 0 })

	var samMail string
	for _, m := range smtp.Messages() {
		if strings.Contains(m.Header.Get("To"), "sam@example.org") {
			samMail = m.Body
		}
	}
	emailed := claimLinkRe.FindStringSubmatch(samMail)
	if emailed == nil {
		t.Fatalf("Sam's email has no one-tap link:\n%s", samMail)
	}

	posts := hook.got()
	if len(posts) != 1 {
		t.Fatalf("%d ntfy posts", len(posts))
	}
	var actions []struct {
		Action, Label, URL, Method, Body string
		Headers                          map[string]string
		Clear                            bool
	}
	if err := json.Unmarshal([]byte(posts[0].header.Get("Actions")), &actions); err != nil || len(actions) != 1 {
		t.Fatalf("ntfy Actions %q: %v", posts[0].header.Get("Actions"), err)
	}
	act := actions[0]
	var ntfyBody struct{ Token string }
	_ = json.Unmarshal([]byte(act.Body), &ntfyBody)
	if act.Action != "http" || act.Label != "I'm on it" || act.URL != "https://lifeline.example.org/api/claim-links/claim" || act.Method != "POST" ||
		act.Headers["Content-Type"] != "application/json" || !act.Clear || ntfyBody.Token == "" {
		t.Errorf("ntfy action %+v", act)
	}

	pushes := service.got()
	if len(pushes) != 1 {
		t.Fatalf("%d pushes", len(pushes))
	}
	plain, err := phone.decrypt(pushes[0].body)
	if err != nil {
		t.Fatal(err)
	}
	var p delivery.PushPayload
	_ = json.Unmarshal(plain, &p)
	if p.ClaimToken == "" || p.ClaimURL != "https://lifeline.example.org/api/claim-links/claim" {
		t.Errorf("push payload %s", plain)
	}
	tokens := map[string]bool{emailed[1]: true, ntfyBody.Token: true, p.ClaimToken: true}
	if len(tokens) != 3 {
		t.Errorf("the three messages share a token: %v", tokens)
	}

	// The ntfy button first: it claims; the email's link then finds Sam on it already.
	if _, err := c.db.ClaimByLink(c.ctx, ntfyBody.Token, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := c.db.ClaimByLink(c.ctx, ntfyBody.Token, time.Now()); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("the ntfy token used twice: %v", err)
	}
	if _, err := c.db.ClaimByLink(c.ctx, emailed[1], time.Now()); err != nil {
		t.Errorf("the email's link after the claim: %v", err)
	}
	if _, err := c.db.ResolveClaimedAlert(c.ctx, c.supporter, alert.ID, "Called Alex, walking home together.", time.Now()); err != nil {
		t.Fatal(err)
	}
	c.run(w, func() bool { return c.pending() == 0 }) // the reminder was skipped with the rest

	var notices []string
	for _, m := range smtp.Messages() {
		if strings.Contains(m.Header.Get("To"), "alex@example.org") {
			notices = append(notices, m.Header.Get("Subject")+": "+m.Body)
		}
	}
	if len(notices) != 3 {
		t.Fatalf("Alex's emails: %q", notices)
	}
	var onIt, note bool
	for _, n := range notices {
		onIt = onIt || strings.HasPrefix(n, `Sam is on it: Someone has you: "Sam" saw your alert and is on it`)
		note = note || strings.HasPrefix(n, "Sam left you a note: ") && strings.Contains(n, `wrote: "Called Alex, walking home together."`)
	}
	if !onIt || !note {
		t.Errorf("Alex's emails (the alert, the claim, the note): %q", notices)
	}
	found, err := c.db.FindAlert(c.ctx, c.wearer, alert.ID)
	if err != nil {
		t.Fatal(err)
	}
	var steps []string
	for _, s := range found.Steps {
		steps = append(steps, s.Kind+"/"+s.Via)
	}
	if strings.Join(steps, " ") != "claimed/ntfy resolved/app" {
		t.Errorf("steps %v", steps)
	}
}

// A reminder goes to the claimer while the claim stands, and is recorded
// as a step; one whose claim was handed back is skipped.
func TestClaimReminder(t *testing.T) {
	c := newCircle(t, lifeline.Grant{Alerts: []string{lifeline.ScopeAvoidZone}, Location: lifeline.LocationNever})
	hook := startReceiver(t)
	c.channel(c.supporter, lifeline.ChannelWebhook, hook.URL, false)
	c.exec(`INSERT INTO escalation_settings (user_id, claim_remind_minutes) VALUES ($1, 1)`, c.wearer)
	w := c.worker("")
	alert := c.enterZone(true)
	c.run(w, func() bool { return c.pending() == 0 })
	if _, err := c.db.ClaimAlert(c.ctx, c.supporter, alert.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	c.exec(`UPDATE outbox SET next_attempt_at = now() WHERE purpose = 'claim_reminder'`) // its minute has passed
	c.run(w, func() bool { return c.pending() == 0 })
	posts := hook.got()
	last := posts[len(posts)-1]
	var m delivery.Message
	_ = json.Unmarshal([]byte(last.body), &m)
	if m.Type != lifeline.PurposeClaimReminder || m.Title != "Are you still with Alex Doe?" {
		t.Errorf("the reminder: %s", last.body)
	}
	found, _ := c.db.FindAlert(c.ctx, c.wearer, alert.ID)
	if n := len(found.Steps); n != 2 || found.Steps[1].Kind != lifeline.StepReminded {
		t.Errorf("steps %+v", found.Steps)
	}

	// Claimed again and handed back: that reminder is skipped.
	if _, err := c.db.HandBackAlert(c.ctx, c.supporter, alert.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := c.db.ClaimAlert(c.ctx, c.supporter, alert.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	c.exec(`UPDATE outbox SET state = 'pending', next_attempt_at = now() WHERE purpose = 'claim_reminder' AND state = 'skipped'`) // as if the hand back had not skipped it
	if _, err := c.db.HandBackAlert(c.ctx, c.supporter, alert.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	c.exec(`UPDATE outbox SET state = 'pending', next_attempt_at = now(), last_error = NULL WHERE purpose = 'claim_reminder' AND state = 'skipped'`)
	before := len(hook.got())
	c.run(w, func() bool { return c.pending() == 0 })
	for _, p := range hook.got()[before:] {
		if strings.Contains(p.body, lifeline.PurposeClaimReminder) {
			t.Errorf("a reminder of a claim handed back was sent: %s", p.body)
		}
	}
}
