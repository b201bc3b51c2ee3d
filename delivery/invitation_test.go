package delivery_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"lifeline"
	"lifeline/delivery"
	"lifeline/internal/smtptest"
)

var acceptLink = regexp.MustCompile(`https://lifeline\.example\.org/care/accept#token=([A-Za-z0-9_-]+)`)

// inviteByEmail has the circle's wearer invite address, with the link
// built from the public URL.
func (c *circle) inviteByEmail(address string) *lifeline.Invitation {
	c.t.Helper()
	inv, err := c.db.InviteSupporterByEmail(c.ctx, c.wearer, "Jo", address, "https://lifeline.example.org/care/accept#token=", time.Now())
	if err != nil {
		c.t.Fatal(err)
	}
	if s := inv.Supporter.InviteEmailState; s == nil || *s != "pending" {
		c.t.Errorf("a new email invitation's state = %v, want pending", s)
	}
	return inv
}

// invitationEmail reads the row's state, attempts, and whether the token
// is still stored in plain text.
func (c *circle) invitationEmail(linkID int64) (state string, attempts int, urlKept bool) {
	c.t.Helper()
	c.scan(`SELECT state, attempts, secret_link IS NOT NULL FROM outbox WHERE care_link_id = $1`, []any{linkID}, &state, &attempts, &urlKept)
	return
}

// supporterRow is the wearer's view of the invitation.
func (c *circle) supporterRow(linkID int64) *lifeline.Supporter {
	c.t.Helper()
	list, err := c.db.FindSupporters(c.ctx, c.wearer)
	if err != nil {
		c.t.Fatal(err)
	}
	for _, s := range list {
		if s.ID == linkID {
			return s
		}
	}
	c.t.Fatalf("supporter %d not listed", linkID)
	return nil
}

func TestInvitationEmailArrivesOnceWithAWorkingLink(t *testing.T) {
	smtp := smtptest.Start(t)
	c := newCircle(t, lifeline.Grant{})
	jo := c.user("jo@example.org", "Jo")
	inv := c.inviteByEmail("jo@example.org")
	w := c.worker(smtp.Addr)

	c.run(w, func() bool { s, _, _ := c.invitationEmail(inv.Supporter.ID); return s == "sent" })
	for range 5 {
		w.RunOnce(c.ctx) // nothing more goes out
	}
	msgs := smtp.Messages()
	if len(msgs) != 1 {
		t.Fatalf("%d messages, want 1", len(msgs))
	}
	m := msgs[0]
	text := m.Body
	if to, _ := m.Header.AddressList("To"); len(to) != 1 || to[0].Address != "jo@example.org" || !strings.Contains(m.Header.Get("Subject"), "Alex Doe invited you") {
		t.Errorf("To %q, Subject %q", m.Header.Get("To"), m.Header.Get("Subject"))
	}
	if want := "<invite." + itoa(inv.Supporter.ID) + "@example.org>"; m.Header.Get("Message-ID") != want {
		t.Errorf("Message-ID = %q, want %q", m.Header.Get("Message-ID"), want)
	}
	for _, want := range []string{`invited to a Lifeline care circle by "Alex Doe", who uses Lifeline`, "Nothing is shared with you until you accept", "works once"} {
		if !strings.Contains(text, want) {
			t.Errorf("the email lacks %q:\n%s", want, text)
		}
	}
	found := acceptLink.FindStringSubmatch(text)
	if found == nil || found[1] != inv.Token {
		t.Fatalf("no accept link with the token in:\n%s", text)
	}
	if _, _, kept := c.invitationEmail(inv.Supporter.ID); kept {
		t.Error("the token is still stored in plain text after the email went out")
	}
	if s := c.supporterRow(inv.Supporter.ID); s.InviteEmailState == nil || *s.InviteEmailState != "sent" {
		t.Errorf("the supporter row says %v, want sent", s.InviteEmailState)
	}
	// The link works: Jo accepts with the token from the email.
	if _, err := c.db.AcceptInvitation(c.ctx, &lifeline.User{ID: jo, Email: "jo@example.org"}, found[1], time.Now()); err != nil {
		t.Fatalf("accept with the emailed link: %v", err)
	}
}

func TestInvitationEmailRetriedWhileSMTPIsDown(t *testing.T) {
	smtp := smtptest.Start(t)
	smtp.Stop()
	c := newCircle(t, lifeline.Grant{})
	inv := c.inviteByEmail("jo@example.org")
	w := c.worker(smtp.Addr)

	c.run(w, func() bool { _, attempts, _ := c.invitationEmail(inv.Supporter.ID); return attempts >= 3 })
	state, _, kept := c.invitationEmail(inv.Supporter.ID)
	s := c.supporterRow(inv.Supporter.ID)
	if state != "pending" || !kept || s.InviteEmailError == nil || !strings.Contains(*s.InviteEmailError, "connect to the mail server") {
		t.Fatalf("while SMTP is down: state %s, url kept %v, error %v", state, kept, s.InviteEmailError)
	}
	if err := smtp.Start(); err != nil {
		t.Fatal(err)
	}
	c.run(w, func() bool { s, _, _ := c.invitationEmail(inv.Supporter.ID); return s == "sent" })
	for range 5 {
		w.RunOnce(c.ctx)
	}
	if n := len(smtp.Messages()); n != 1 {
		t.Fatalf("%d messages after SMTP came back, want 1 (late, once)", n)
	}
}

func TestInvitationEmailEnds(t *testing.T) {
	cases := []struct {
		name   string
		before func(c *circle, inv *lifeline.Invitation)
		smtpUp bool
		want   string
		reason string
	}{
		{"failed for good after the last attempt", func(*circle, *lifeline.Invitation) {}, false, "failed", "connect to the mail server"},
		{"withdrawn before it went out", func(c *circle, inv *lifeline.Invitation) {
			if err := c.db.RevokeSupporter(c.ctx, c.wearer, inv.Supporter.ID, time.Now()); err != nil {
				c.t.Fatal(err)
			}
		}, true, "skipped", "withdrawn"},
		{"accepted before it went out", func(c *circle, inv *lifeline.Invitation) {
			jo := c.user("jo@example.org", "Jo")
			if _, err := c.db.AcceptInvitation(c.ctx, &lifeline.User{ID: jo, Email: "jo@example.org"}, inv.Token, time.Now()); err != nil {
				c.t.Fatal(err)
			}
		}, true, "skipped", "accepted"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			smtp := smtptest.Start(t)
			if !tc.smtpUp {
				smtp.Stop()
			}
			c := newCircle(t, lifeline.Grant{})
			inv := c.inviteByEmail("jo@example.org")
			tc.before(c, inv)
			w := c.worker(smtp.Addr, func(cfg *delivery.Config) { cfg.MaxAttempts = 2 })
			c.run(w, func() bool { s, _, _ := c.invitationEmail(inv.Supporter.ID); return s != "pending" })
			state, _, kept := c.invitationEmail(inv.Supporter.ID)
			var reason string
			c.scan(`SELECT coalesce(last_error, '') FROM outbox WHERE care_link_id = $1`, []any{inv.Supporter.ID}, &reason)
			if state != tc.want || !strings.Contains(reason, tc.reason) || kept {
				t.Errorf("state %s (%q), url kept %v; want %s (%q) and the url cleared", state, reason, kept, tc.want, tc.reason)
			}
			if tc.smtpUp && len(smtp.Messages()) != 0 {
				t.Error("an email went out")
			}
		})
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
