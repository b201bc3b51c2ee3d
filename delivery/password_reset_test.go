package delivery_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"lifeline"
	"lifeline/internal/smtptest"
)

var resetLink = regexp.MustCompile(`https://lifeline\.example\.org/reset-password#token=([A-Za-z0-9_-]+)`)

const resetBase = "https://lifeline.example.org/reset-password#token="

// TestPasswordResetEmail: of two requests only the newest link is sent, to
// the account's own address, naming nobody; its token is not kept once
// sent, and it works once. A link used or expired before its email went
// out is skipped, saying why; an account without a password gets nothing.
func TestPasswordResetEmail(t *testing.T) {
	smtp := smtptest.Start(t)
	c := newCircle(t, zoneGrant)
	c.exec(`UPDATE users SET password_hash = '$argon2id$old' WHERE id = $1`, c.wearer)
	w := c.worker(smtp.Addr)
	now := time.Now()

	for range 2 {
		if queued, err := c.db.RequestPasswordReset(c.ctx, "Alex@Example.org", resetBase, now); err != nil || !queued {
			t.Fatalf("request = %v, %v", queued, err)
		}
	}
	if queued, err := c.db.RequestPasswordReset(c.ctx, "sam@example.org", resetBase, now); err != nil || queued {
		t.Fatalf("an account without a password: queued %v, %v", queued, err)
	}
	c.run(w, func() bool { return c.pending() == 0 })
	msgs := smtp.Messages()
	if len(msgs) != 1 || msgs[0].Header.Get("Subject") != lifeline.PasswordResetSubject || !strings.Contains(msgs[0].Header.Get("To"), "alex@example.org") {
		t.Fatalf("%d messages (%v), want one reset email to alex@example.org; outbox: %s", len(msgs), msgs, c.outbox())
	}
	text := msgs[0].Body
	found := resetLink.FindStringSubmatch(text)
	if found == nil {
		t.Fatalf("no reset link in:\n%s", text)
	}
	if strings.Contains(text, "Alex") || strings.Contains(text, "Sam") || !strings.Contains(text, "If it wasn't you") {
		t.Errorf("the email names someone or does not say what to do if it wasn't them:\n%s", text)
	}
	var skipped, kept int
	c.scan(`SELECT count(*) FILTER (WHERE state = 'skipped' AND last_error = 'A newer reset link was sent.'), count(secret_link)
		FROM outbox WHERE purpose = 'password_reset'`, nil, &skipped, &kept)
	if skipped != 1 || kept != 0 {
		t.Errorf("%d older emails skipped (want 1), %d links still stored (want 0)", skipped, kept)
	}

	if u, err := c.db.PasswordResetUser(c.ctx, found[1], time.Now()); err != nil || u.ID != c.wearer {
		t.Fatalf("the emailed link's account: %v, %v", u, err)
	}
	if _, err := c.db.ResetPassword(c.ctx, found[1], "$argon2id$new", time.Now()); err != nil {
		t.Fatalf("reset with the emailed link: %v", err)
	}
	if _, err := c.db.ResetPassword(c.ctx, found[1], "$argon2id$again", time.Now()); err != lifeline.ErrResetLinkInvalid {
		t.Errorf("the link a second time: %v", err)
	}

	for _, tc := range []struct {
		name  string
		asked time.Time
		use   bool
		hold  string
	}{
		{"used before it went out", now, true, "The link was used before the email went out."},
		{"expired before it went out", now.Add(-lifeline.PasswordResetTTL - time.Minute), false, "The link expired before the email went out."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := c.db.RequestPasswordReset(c.ctx, "alex@example.org", resetBase, tc.asked); err != nil {
				t.Fatal(err)
			}
			if tc.use {
				c.exec(`DELETE FROM password_resets WHERE user_id = $1`, c.wearer)
			}
			c.run(w, func() bool { return c.pending() == 0 })
			var reason string
			c.scan(`SELECT last_error FROM outbox WHERE purpose = 'password_reset' ORDER BY id DESC LIMIT 1`, nil, &reason)
			if reason != tc.hold {
				t.Errorf("skipped because %q, want %q", reason, tc.hold)
			}
			if n := len(smtp.Messages()); n != 1 {
				t.Errorf("%d emails in all, want still 1", n)
			}
		})
	}
}
