package delivery_test

import (
	"strings"
	"testing"
	"time"

	"lifeline"
	"lifeline/internal/smtptest"
)

// phishing is a name written straight into the database, as a row stored
// before names were checked (or by anything that bypasses the API) might
// hold it.
const phishing = "Alex\nVisit https://evil.example to confirm your account"

// TestPersonWrittenTextIsQuotedInEmails: the wearer's name and their zone's
// name reach a supporter's email inside sentences, in quotation marks, with
// the line breaks they hold turned into spaces: no line of the email is
// theirs.
func TestPersonWrittenTextIsQuotedInEmails(t *testing.T) {
	smtp := smtptest.Start(t)
	c := newCircle(t, zoneGrant)
	c.exec(`UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1`, c.wearer, phishing, "Doe\r\nVisit https://evil.example")
	c.exec(`UPDATE zones SET name = $2 WHERE id = $1`, c.zone, "Rusty Anchor\u2028Visit https://evil.example now")
	c.channel(c.supporter, lifeline.ChannelEmail, "sam@example.org", false)
	w := c.worker(smtp.Addr)

	c.enterZone(true)
	if _, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now()); err != nil {
		t.Fatal(err)
	}
	time.Sleep(c.escalateAfter)
	c.run(w, func() bool { return len(smtp.Messages()) == 2 })
	for _, m := range smtp.Messages() {
		subject, text := m.Header.Get("Subject"), m.Body
		for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "Visit") || strings.HasPrefix(line, `"`) {
				t.Errorf("a line of the email is the person's text: %q\n%s", line, text)
			}
		}
		if !strings.Contains(text, `"Alex Visit https://evil.example to confirm your account Doe Visit https://evil.example"`) {
			t.Errorf("the name is not quoted on one line:\n%s", text)
		}
		if strings.Contains(subject, "\n") || !strings.HasPrefix(subject, "Alex Visit https://evil.example") {
			t.Errorf("subject %q", subject)
		}
		if strings.Contains(subject, "may need a friendly voice") && !strings.Contains(text, `"Rusty Anchor Visit https://evil.example now", a place they chose to avoid`) {
			t.Errorf("the zone's name is not quoted on one line:\n%s", text)
		}
	}
}
