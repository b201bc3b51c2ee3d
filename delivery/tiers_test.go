package delivery_test

import (
	"net/mail"
	"sync/atomic"
	"testing"
	"time"

	"lifeline"
	"lifeline/delivery"
	"lifeline/internal/smtptest"
)

// tiered is a circle with three supporters, one in each tier, each with
// a confirmed email address, and the wearer's tier window.
type tiered struct {
	*circle
	people [3]int64 // the supporters of tiers 1, 2 and 3
	window time.Duration
}

func newTiered(t *testing.T, g lifeline.Grant, windowMinutes int) *tiered {
	t.Helper()
	c := &tiered{circle: newCircle(t, g), window: time.Duration(windowMinutes) * time.Minute}
	c.people[0] = c.supporter
	c.channel(c.supporter, lifeline.ChannelEmail, "sam@example.org", false)
	for i, who := range []string{"jo", "kim"} {
		id, link := c.addSupporter(who+"@example.org", who, g)
		c.channel(id, lifeline.ChannelEmail, who+"@example.org", false)
		if _, err := c.db.SetTier(c.ctx, c.wearer, link, i+2); err != nil {
			t.Fatal(err)
		}
		c.people[i+1] = id
	}
	s := lifeline.DefaultEscalation(0)
	s.TierWindowMinutes = windowMinutes
	if _, err := c.db.SaveEscalation(c.ctx, c.wearer, s); err != nil {
		t.Fatal(err)
	}
	return c
}

// due is how long after the alert each tier's email row is due, and its state.
func (c *tiered) due(alertID int64) (delays [3]time.Duration, states [3]string) {
	c.t.Helper()
	for i, id := range c.people {
		c.scan(`SELECT o.next_attempt_at - a.created_at, o.state FROM outbox o JOIN alerts a ON a.id = o.alert_id
			WHERE o.alert_id = $1 AND o.recipient_id = $2 AND o.channel = 'email'`, []any{alertID, id}, &delays[i], &states[i])
	}
	return delays, states
}

func (c *tiered) lowBattery() *lifeline.Alert {
	c.t.Helper()
	d := &lifeline.Device{ID: lifeline.NewDeviceID(), UserID: c.wearer, Name: "Left wrist"}
	_, hash := lifeline.NewDeviceToken()
	if err := c.db.CreateDevice(c.ctx, d, hash); err != nil {
		c.t.Fatal(err)
	}
	a, err := c.db.RaiseAlert(c.ctx, c.wearer, lifeline.LowBatteryAlert(d.ID, d.Name, 12, time.Now()))
	if err != nil || a == nil {
		c.t.Fatalf("raise alert: %v, %v", a, err)
	}
	return a
}

// TestTiersHearOneWindowApart: tier 2 is due one tier window after tier 1
// would be, tier 3 two; an avoid-zone alert's tiers start from its own
// wait; an SOS reaches every tier at once.
func TestTiersHearOneWindowApart(t *testing.T) {
	all := lifeline.Grant{Alerts: lifeline.AlertScopes}
	cases := []struct {
		name  string
		raise func(c *tiered) *lifeline.Alert
		first time.Duration // tier 1's wait
		tiers bool          // later tiers wait their windows
	}{
		{"device alert", (*tiered).lowBattery, 0, true},
		{"avoid zone", func(c *tiered) *lifeline.Alert { return c.enterZone(true) }, 300 * time.Millisecond, true},
		{"SOS", func(c *tiered) *lifeline.Alert {
			a, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now())
			if err != nil {
				c.t.Fatal(err)
			}
			return a
		}, 0, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newTiered(t, all, 7)
			a := tc.raise(c)
			delays, _ := c.due(a.ID)
			want := [3]time.Duration{tc.first, tc.first, tc.first}
			if tc.tiers {
				want = [3]time.Duration{tc.first, tc.first + c.window, tc.first + 2*c.window}
			}
			if delays != want {
				t.Errorf("tiers due %v after the alert, want %v", delays, want)
			}
		})
	}
}

// TestOkaySkipsLaterTiers: the wearer's "I'm okay" stops the tiers still
// waiting; tier 1 of a device alert, told at once, is not an escalation
// step and stays as it was.
func TestOkaySkipsLaterTiers(t *testing.T) {
	c := newTiered(t, lifeline.Grant{Alerts: lifeline.AlertScopes}, 10)
	a := c.lowBattery()
	if _, err := c.db.AnswerOkay(c.ctx, c.wearer, a.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	_, states := c.due(a.ID)
	want := [3]string{lifeline.DeliveryPending, lifeline.DeliverySkipped, lifeline.DeliverySkipped}
	if states != want {
		t.Errorf("after I'm okay the tiers' emails are %v, want %v; outbox: %s", states, want, c.outbox())
	}
}

// TestTierTwoIsEmailedAfterTheWindow follows the emails through a real
// SMTP server on a clock the test moves: tier 1 at once, tier 2 once the
// window has passed, tier 3 after two windows.
func TestTierTwoIsEmailedAfterTheWindow(t *testing.T) {
	smtp := smtptest.Start(t)
	c := newTiered(t, lifeline.Grant{Alerts: lifeline.AlertScopes}, 1)
	var ahead atomic.Int64
	w := c.worker(smtp.Addr, func(cfg *delivery.Config) {
		cfg.Now = func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) }
	})
	c.lowBattery()
	to := func() []string {
		var out []string
		for _, m := range smtp.Messages() {
			out = append(out, m.Header.Get("To"))
		}
		return out
	}
	tellsOnly := func(n int) {
		t.Helper()
		c.run(w, func() bool { return len(smtp.Messages()) >= n })
		w.RunOnce(c.ctx) // nothing more is due yet
		if got := to(); len(got) != n {
			t.Fatalf("emails to %v, want only the first %d tiers", got, n)
		}
	}
	tellsOnly(1)
	if addr, _ := mail.ParseAddress(to()[0]); addr == nil || addr.Address != "sam@example.org" {
		t.Fatalf("tier 1's email went to %v", to())
	}
	ahead.Store(int64(c.window + time.Second))
	tellsOnly(2)
	ahead.Store(int64(2*c.window + time.Second))
	tellsOnly(3)
}
