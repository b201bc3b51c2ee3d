package delivery_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"lifeline"
	"lifeline/internal/smtptest"
)

var confirmLink = regexp.MustCompile(`https://lifeline\.example\.org/confirm-channel#token=([A-Za-z0-9_-]+)`)

// TestUnconfirmedAddressGetsOnlyItsConfirmation: a new email address gets
// one email, its confirmation with a link that works; an SOS meanwhile
// skips it, saying why, and reaches it once it is confirmed.
func TestUnconfirmedAddressGetsOnlyItsConfirmation(t *testing.T) {
	smtp := smtptest.Start(t)
	c := newCircle(t, zoneGrant)
	id := c.unconfirmedChannel(c.supporter, lifeline.ChannelEmail, "sam@example.org", false)
	w := c.worker(smtp.Addr)

	first, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	c.run(w, func() bool { return c.pending() == 0 })
	msgs := smtp.Messages()
	if len(msgs) != 1 || msgs[0].Header.Get("Subject") != lifeline.ConfirmationSubject {
		t.Fatalf("%d messages (first %v), want only the confirmation", len(msgs), msgs)
	}
	text := msgs[0].Body
	found := confirmLink.FindStringSubmatch(text)
	if found == nil {
		t.Fatalf("no confirmation link in:\n%s", text)
	}
	if strings.Contains(text, "Alex") || strings.Contains(text, "Sam") {
		t.Errorf("the confirmation names an account:\n%s", text)
	}
	var kept bool
	c.scan(`SELECT secret_link IS NOT NULL FROM outbox WHERE channel_id = $1 AND purpose = 'confirmation'`, []any{id}, &kept)
	if kept {
		t.Error("the token is still stored in plain text after the email went out")
	}
	for _, d := range c.deliveries(first.ID) {
		if d.Channel == lifeline.ChannelEmail && (d.State != lifeline.DeliverySkipped || d.LastError == nil || *d.LastError != "The address is waiting for its owner to confirm it.") {
			t.Errorf("email step %+v, want skipped while the address waits", d)
		}
	}

	if _, err := c.db.ConfirmChannel(c.ctx, found[1], time.Now()); err != nil {
		t.Fatalf("confirm with the emailed link: %v", err)
	}
	if _, err := c.db.ResolveSOS(c.ctx, c.wearer, first.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	c.run(w, func() bool { return c.pending() == 0 })
	msgs = smtp.Messages()
	if len(msgs) != 2 || !strings.Contains(msgs[1].Header.Get("Subject"), "asking for help") {
		t.Fatalf("%d messages, want the confirmation and then the SOS", len(msgs))
	}
}
