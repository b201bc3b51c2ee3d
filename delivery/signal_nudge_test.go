package delivery_test

import (
	"strings"
	"testing"
	"time"

	"lifeline"
	"lifeline/delivery"
	"lifeline/internal/smtptest"
	"lifeline/signals"
)

// TestSignalNudgeOnceADayAfterQuietHours: a person whose cravings rose
// gets one gentle nudge a day (however often and on however many nodes the
// job runs), none for the same signal the next day, held back by their
// quiet hours, and worded so a lock screen says nothing of what it is.
func TestSignalNudgeOnceADayAfterQuietHours(t *testing.T) {
	smtp := smtptest.Start(t)
	c := newCircle(t, lifeline.Grant{})
	c.channel(c.wearer, lifeline.ChannelEmail, "alex@example.org", false)
	noon := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC) // London: noon, past signals.NudgeHour
	c.exec(`INSERT INTO check_ins (user_id, local_date, mood, craving_intensity, substance_use)
		SELECT $1, $2::date - d, 7, CASE WHEN d < 3 THEN 7 ELSE 3 END, false FROM generate_series(0, 22) d`, c.wearer, "2026-11-27")
	c.exec(`INSERT INTO notify_settings (user_id, quiet_start, quiet_end) VALUES ($1, 660, 780)`, c.wearer) // 11:00 to 13:00

	early := noon.Add(-3 * time.Hour) // 9:00, before the nudge hour
	if n, err := signals.QueueNudges(c.ctx, c.db, early); err != nil || n != 0 {
		t.Fatalf("before the nudge hour: %d, %v", n, err)
	}
	for range 2 {
		if _, err := signals.QueueNudges(c.ctx, c.db, noon); err != nil {
			t.Fatal(err)
		}
	}
	var rows int
	c.scan(`SELECT count(*) FROM outbox WHERE purpose = 'signal_nudge' AND recipient_id = $1`, []any{c.wearer}, &rows)
	if rows != 1 {
		t.Fatalf("nudge rows = %d, want 1; outbox: %s", rows, c.outbox())
	}
	if n, _ := signals.QueueNudges(c.ctx, c.db, noon.Add(24*time.Hour)); n != 0 {
		t.Errorf("the next day, the same signal nudged again")
	}

	clock := noon
	w := c.worker(smtp.Addr, func(cfg *delivery.Config) { cfg.Now = func() time.Time { return clock } })
	w.RunOnce(c.ctx)
	var next time.Time
	c.scan(`SELECT next_attempt_at FROM outbox WHERE purpose = 'signal_nudge'`, nil, &next)
	if len(smtp.Messages()) != 0 || !next.Equal(noon.Add(time.Hour)) {
		t.Fatalf("during quiet hours: %d sent, next attempt %v", len(smtp.Messages()), next)
	}

	clock = noon.Add(90 * time.Minute)
	c.run(w, func() bool { return len(smtp.Messages()) == 1 })
	m := smtp.Messages()[0]
	if got := m.Header.Get("Subject"); got != lifeline.SignalNudgeTitle {
		t.Errorf("subject = %q", got)
	}
	text := strings.ToLower(m.Header.Get("Subject") + " " + m.Body)
	if !strings.Contains(text, "not now") {
		t.Errorf("body: %s", text)
	}
	for _, never := range []string{"craving", "drink", "alcohol", "substance", "relapse", "mood"} {
		if strings.Contains(text, never) {
			t.Errorf("the nudge says %q: %s", never, text)
		}
	}
}
