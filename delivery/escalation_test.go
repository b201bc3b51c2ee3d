package delivery_test

import (
	"testing"
	"time"

	"lifeline"
)

// TestEscalationSettingsDecideWhenSupportersAreTold: the wearer's
// settings (migration 0022) decide, when an alert is queued, whether and
// when a supporter with the alert's scope is told; SOS ignores them.
func TestEscalationSettingsDecideWhenSupportersAreTold(t *testing.T) {
	minutes := func(n int) *int { return &n }
	set := func(zone string, m *int, days int, device string) *lifeline.EscalationSettings {
		s := lifeline.DefaultEscalation(0)
		s.AvoidZone, s.AvoidZoneMinutes, s.MissedCheckinDays, s.Device = zone, m, days, device
		return &s
	}
	allOff := set(lifeline.EscalateNever, nil, 7, lifeline.EscalateNever)
	cases := []struct {
		name     string
		settings *lifeline.EscalationSettings // nil: never saved, the defaults
		raise    string                       // zone, device, missed (one a day, three days) or sos
		want     []int                        // the supporter's rows after each raise
		delay    time.Duration                // from the alert to the supporter's first row
	}{
		{"avoid zone, the server's wait", nil, "zone", []int{1}, 300 * time.Millisecond},
		{"avoid zone after 45 minutes", set(lifeline.EscalateAfter, minutes(45), 2, lifeline.EscalateAtOnce), "zone", []int{1}, 45 * time.Minute},
		{"avoid zone back to the default", set(lifeline.EscalateDefault, nil, 2, lifeline.EscalateAtOnce), "zone", []int{1}, 300 * time.Millisecond},
		{"avoid zone: don't tell them", set(lifeline.EscalateNever, nil, 2, lifeline.EscalateAtOnce), "zone", []int{0}, 0},
		{"device alerts at once", nil, "device", []int{1}, 0},
		{"device alerts: don't tell them", set(lifeline.EscalateDefault, nil, 2, lifeline.EscalateNever), "device", []int{0}, 0},
		{"missed check-ins, the second day", nil, "missed", []int{0, 1, 2}, 0},
		{"missed check-ins, the first day", set(lifeline.EscalateDefault, nil, 1, lifeline.EscalateAtOnce), "missed", []int{1, 2, 3}, 0},
		{"missed check-ins, the third day", set(lifeline.EscalateDefault, nil, 3, lifeline.EscalateAtOnce), "missed", []int{0, 0, 1}, 0},
		{"SOS with everything else off", allOff, "sos", []int{1}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newCircle(t, lifeline.Grant{Alerts: lifeline.AlertScopes})
			if tc.settings != nil {
				if _, err := c.db.SaveEscalation(c.ctx, c.wearer, *tc.settings); err != nil {
					t.Fatal(err)
				}
			}
			count := func() int {
				var n int
				c.scan(`SELECT count(*) FROM outbox WHERE recipient_id = $1 AND role = 'supporter'`, []any{c.supporter}, &n)
				return n
			}
			london := (&lifeline.User{Timezone: "Europe/London"}).Location()
			tomorrow := time.Now().In(london).AddDate(0, 0, 1)
			evening := time.Date(tomorrow.Year(), tomorrow.Month(), tomorrow.Day(), 21, 0, 0, 0, london)
			for step, want := range tc.want {
				switch tc.raise {
				case "zone":
					c.enterZone(true)
				case "device":
					d := &lifeline.Device{ID: lifeline.NewDeviceID(), UserID: c.wearer, Name: "Left wrist"}
					_, hash := lifeline.NewDeviceToken()
					if err := c.db.CreateDevice(c.ctx, d, hash); err != nil {
						t.Fatal(err)
					}
					if _, err := c.db.RaiseAlert(c.ctx, c.wearer, lifeline.LowBatteryAlert(d.ID, d.Name, 12, time.Now())); err != nil {
						t.Fatal(err)
					}
				case "missed":
					if _, err := c.db.RaiseMissedCheckins(c.ctx, evening.AddDate(0, 0, step), 20); err != nil {
						t.Fatal(err)
					}
				case "sos":
					if _, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now()); err != nil {
						t.Fatal(err)
					}
				}
				if got := count(); got != want {
					t.Fatalf("after raise %d: %d rows for the supporter, want %d; outbox: %s", step+1, got, want, c.outbox())
				}
			}
			if count() == 0 {
				return
			}
			var delay time.Duration
			c.scan(`SELECT o.next_attempt_at - a.created_at FROM outbox o JOIN alerts a ON a.id = o.alert_id
				WHERE o.recipient_id = $1 AND o.role = 'supporter' ORDER BY o.id LIMIT 1`, []any{c.supporter}, &delay)
			if delay != tc.delay {
				t.Errorf("the supporter is due %v after the alert, want %v", delay, tc.delay)
			}
		})
	}
}
