package delivery_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"lifeline"
	"lifeline/delivery"
	"lifeline/internal/smtptest"
)

// monday is a Monday at 9:30 in London, the circle's time zone.
var monday = time.Date(2026, 11, 30, 9, 30, 0, 0, time.UTC)

const unsubscribeBase = "https://lifeline.example.org/api/digest/unsubscribe?token="

func (c *circle) turnOnDigest() {
	c.t.Helper()
	p, err := c.db.SetDigest(c.ctx, c.supporter, c.link, true, monday.Add(-48*time.Hour))
	if err != nil || !p.Digest {
		c.t.Fatalf("set digest: %+v, %v", p, err)
	}
}

func (c *circle) queueDigests(at time.Time) int {
	c.t.Helper()
	n, err := c.db.QueueDigests(c.ctx, at, unsubscribeBase)
	if err != nil {
		c.t.Fatal(err)
	}
	return n
}

func (c *circle) digestRows() int {
	var n int
	c.scan(`SELECT count(*) FROM outbox WHERE purpose = 'digest'`, nil, &n)
	return n
}

func TestDigestEmailWithinTheGrantAndItsOneClickUnsubscribe(t *testing.T) {
	smtp := smtptest.Start(t)
	c := newCircle(t, lifeline.Grant{CheckIns: true, Alerts: []string{lifeline.ScopeAvoidZone}, Location: lifeline.LocationAlways})
	c.channel(c.supporter, lifeline.ChannelEmail, "sam@example.org", false)
	for _, day := range []string{"2026-11-27", "2026-11-28", "2026-11-29"} {
		c.exec(`INSERT INTO check_ins (user_id, local_date, mood, craving_intensity, substance_use) VALUES ($1, $2, 6, 3, true)`, c.wearer, day)
	}
	c.exec(`INSERT INTO alerts (user_id, type, message, created_at, dedup_key) VALUES ($1, 'geofence_enter_avoid', 'x', $2, 'a'), ($1, 'missed_checkin', 'x', $2, 'b')`,
		c.wearer, monday.Add(-72*time.Hour))
	c.turnOnDigest()

	// Two nodes run the job at the same moment: one digest.
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() { c.queueDigests(monday) })
	}
	wg.Wait()
	if n := c.digestRows(); n != 1 {
		t.Fatalf("digest rows after two nodes = %d, want 1", n)
	}
	if n := c.queueDigests(monday.Add(2 * time.Hour)); n != 0 {
		t.Errorf("later the same Monday queued %d more", n)
	}

	w := c.worker(smtp.Addr, func(cfg *delivery.Config) { cfg.Now = func() time.Time { return monday } })
	c.run(w, func() bool { return len(smtp.Messages()) == 1 })
	m := smtp.Messages()[0]
	if got := m.Header.Get("Subject"); got != "Your week with Alex Doe on Lifeline" {
		t.Errorf("subject = %q", got)
	}
	unsubscribe := m.Header.Get("List-Unsubscribe")
	if !strings.HasPrefix(unsubscribe, "<"+unsubscribeBase) || !strings.HasSuffix(unsubscribe, ">") {
		t.Fatalf("List-Unsubscribe = %q", unsubscribe)
	}
	if got := m.Header.Get("List-Unsubscribe-Post"); got != "List-Unsubscribe=One-Click" {
		t.Errorf("List-Unsubscribe-Post = %q", got)
	}
	token := strings.TrimSuffix(strings.TrimPrefix(unsubscribe, "<"+unsubscribeBase), ">")
	text := m.Body
	for _, want := range []string{"Check-ins: 3 in the last 7 days.", "Streak: 3 days in a row.", "Alerts this week: 1 stay at a place they chose to avoid.",
		"https://lifeline.example.org/digest/unsubscribe#token=" + token} {
		if !strings.Contains(text, want) {
			t.Errorf("body lacks %q:\n%s", want, text)
		}
	}
	// Not in the grant (details, missed check-ins) and never in a digest (where they are).
	for _, never := range []string{"Days since", "missed", "51.5", "-0.12"} {
		if strings.Contains(text, never) {
			t.Errorf("body holds %q:\n%s", never, text)
		}
	}
	var kept bool
	c.scan(`SELECT secret_link IS NOT NULL FROM outbox WHERE purpose = 'digest'`, nil, &kept)
	if kept {
		t.Error("the sent row still holds the unsubscribe token")
	}

	// The one-click POST's store side: this digest off, once or twice.
	for range 2 {
		if name, err := c.db.Unsubscribe(c.ctx, token); err != nil || name != "Alex" {
			t.Fatalf("unsubscribe = %q, %v", name, err)
		}
	}
	if n := c.queueDigests(monday.AddDate(0, 0, 7)); n != 0 {
		t.Errorf("the next Monday after unsubscribing queued %d", n)
	}
	for _, bad := range []string{"", "x", "0.abc", token + "x", strings.Replace(token, ".", "9.", 1)} {
		if _, err := c.db.Unsubscribe(c.ctx, bad); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
			t.Errorf("unsubscribe(%q) = %v, want ENOTFOUND", bad, err)
		}
	}
	// Turned on again, the old link turns nothing off.
	c.turnOnDigest()
	if _, err := c.db.SetDigest(c.ctx, c.supporter, c.link, false, monday); err != nil {
		t.Fatal(err)
	}
	if _, err := c.db.SetDigest(c.ctx, c.supporter, c.link, true, monday.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, err := c.db.Unsubscribe(c.ctx, token); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("an email's token from before turning it on again = %v, want ENOTFOUND", err)
	}
}

func TestDigestIsQuietUnlessDue(t *testing.T) {
	c := newCircle(t, lifeline.Grant{CheckIns: true})
	c.channel(c.supporter, lifeline.ChannelEmail, "sam@example.org", false)
	if n := c.queueDigests(monday); n != 0 {
		t.Errorf("opted out: queued %d", n)
	}
	c.turnOnDigest()
	for _, at := range []time.Time{monday.Add(-31 * time.Minute), monday.Add(-24 * time.Hour), monday.Add(24 * time.Hour)} {
		if n := c.queueDigests(at); n != 0 {
			t.Errorf("at %s (London): queued %d", at.Format(time.RFC1123), n)
		}
	}
	c.exec(`UPDATE users SET timezone = 'America/New_York' WHERE id = $1`, c.supporter)
	if n := c.queueDigests(monday); n != 0 {
		t.Errorf("4:30 on the supporter's own Monday: queued %d", n)
	}
	if n := c.queueDigests(monday.Add(5 * time.Hour)); n != 1 {
		t.Errorf("9:30 on the supporter's own Monday: queued %d, want 1", n)
	}
	// Revoked before it went out: skipped, saying why.
	if err := c.db.RevokeSupporter(c.ctx, c.wearer, c.link, monday); err != nil {
		t.Fatal(err)
	}
	w := c.worker("127.0.0.1:1", func(cfg *delivery.Config) { cfg.Now = func() time.Time { return monday.Add(5 * time.Hour) } })
	c.run(w, func() bool { return c.pending() == 0 })
	var state, why string
	c.scan(`SELECT state, coalesce(last_error, '') FROM outbox WHERE purpose = 'digest'`, nil, &state, &why)
	if state != "skipped" || why != "The supporter was removed." {
		t.Errorf("after revocation: %s %q", state, why)
	}
}
