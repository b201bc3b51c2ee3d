package lifeline_test

import (
	"strings"
	"testing"
	"time"

	"lifeline"
)

func minutes(n int) *int { return &n }

func TestQuietHoursUntil(t *testing.T) {
	london, err := time.LoadLocation("Europe/London")
	if err != nil {
		t.Fatal(err)
	}
	at := func(day, hour, minute int) time.Time { return time.Date(2026, 11, day, hour, minute, 0, 0, london) }
	//   22:00 ████████████ 07:00      (spans midnight)
	//   13:00 ██ 14:00                (same day)
	night := lifeline.QuietHours{Start: minutes(22 * 60), End: minutes(7 * 60)}
	lunch := lifeline.QuietHours{Start: minutes(13 * 60), End: minutes(14 * 60)}
	for _, tc := range []struct {
		name  string
		q     lifeline.QuietHours
		now   time.Time
		until time.Time
	}{
		{"none set", lifeline.QuietHours{}, at(22, 23, 0), time.Time{}},
		{"before the night", night, at(22, 21, 59), time.Time{}},
		{"at the night's start", night, at(22, 22, 0), at(23, 7, 0)},
		{"after midnight", night, at(23, 3, 30), at(23, 7, 0)},
		{"at the night's end", night, at(23, 7, 0), time.Time{}},
		{"inside lunch", lunch, at(22, 13, 30), at(22, 14, 0)},
		{"after lunch", lunch, at(22, 14, 1), time.Time{}},
		{"in UTC, read in London", night, time.Date(2026, 11, 22, 23, 0, 0, 0, time.UTC), at(23, 7, 0)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.q.Until(tc.now, london); !got.Equal(tc.until) {
				t.Fatalf("Until(%s) = %s, want %s", tc.now, got, tc.until)
			}
		})
	}
}

func TestQuietHoursValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		q    lifeline.QuietHours
		ok   bool
	}{
		{"none", lifeline.QuietHours{}, true},
		{"a night", lifeline.QuietHours{Start: minutes(1320), End: minutes(420)}, true},
		{"one end only", lifeline.QuietHours{Start: minutes(1320)}, false},
		{"out of the day", lifeline.QuietHours{Start: minutes(1440), End: minutes(10)}, false},
		{"empty span", lifeline.QuietHours{Start: minutes(60), End: minutes(60)}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.q.Validate(); (err == nil) != tc.ok {
				t.Fatalf("Validate = %v, want ok %v", err, tc.ok)
			}
		})
	}
}

func TestGrantLocationVisible(t *testing.T) {
	now := time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)
	window := lifeline.Grant{Location: lifeline.LocationDuringAlert, LocationWindowMinutes: 60}
	for _, tc := range []struct {
		name      string
		g         lifeline.Grant
		openAlert time.Time
		visible   bool
	}{
		{"never, even during an alert", lifeline.Grant{Location: lifeline.LocationNever}, now, false},
		{"always, without an alert", lifeline.Grant{Location: lifeline.LocationAlways}, time.Time{}, true},
		{"during an alert: none open", window, time.Time{}, false},
		{"during an alert: inside the window", window, now.Add(-59 * time.Minute), true},
		{"during an alert: past the window", window, now.Add(-61 * time.Minute), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.g.LocationVisible(now, tc.openAlert); got != tc.visible {
				t.Fatalf("visible = %v, want %v", got, tc.visible)
			}
		})
	}
}

func TestGrantValidate(t *testing.T) {
	g := lifeline.Grant{Alerts: []string{"sos", "avoid_zone", "sos"}}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	if strings.Join(g.Alerts, ",") != "avoid_zone,sos" || g.Location != lifeline.LocationNever || g.LocationWindowMinutes != 60 {
		t.Fatalf("defaults and order: %+v", g)
	}
	bad := lifeline.Grant{CheckInDetails: true, Alerts: []string{"all"}, Location: "sometimes", LocationWindowMinutes: 2}
	err := bad.Validate()
	e, ok := err.(*lifeline.Error)
	if !ok || len(e.Fields) != 4 {
		t.Fatalf("Validate = %v, want the four fields named", err)
	}
}

// Every scope a wearer can tick covers at least one alert type, and the
// alerts that are only ever the wearer's own have none.
func TestAlertScopes(t *testing.T) {
	covered := map[string]bool{}
	for _, typ := range lifeline.AlertTypes {
		covered[lifeline.AlertTypeScope(typ)] = true
	}
	for _, s := range lifeline.AlertScopes {
		if !covered[s] {
			t.Errorf("scope %s covers no alert type", s)
		}
	}
	for _, own := range []string{lifeline.AlertMilestone, lifeline.AlertConcerningPattern, lifeline.AlertZoneLeft, lifeline.AlertZoneSchedule} {
		if s := lifeline.AlertTypeScope(own); s != "" {
			t.Errorf("%s reaches supporters with scope %s", own, s)
		}
	}
}

// TestSupporterMessagesNameNoMoreThanTheAlert: each names the person inside
// a sentence (never first: in an email it would start a line) and the zone
// only when the alert is about it.
func TestSupporterMessagesNameNoMoreThanTheAlert(t *testing.T) {
	at := time.Date(2026, 11, 22, 21, 4, 0, 0, time.UTC)
	for _, typ := range lifeline.AlertTypes {
		if lifeline.AlertTypeScope(typ) == "" {
			continue
		}
		msg := lifeline.SupporterMessage(lifeline.Quoted("Alex"), typ, "Rusty Anchor", at)
		if !strings.Contains(msg, `"Alex"`) || strings.HasPrefix(msg, `"Alex"`) {
			t.Errorf("%s: %q does not name the person inside a sentence", typ, msg)
		}
		if strings.Contains(msg, "Rusty Anchor") != (lifeline.AlertTypeScope(typ) == lifeline.ScopeAvoidZone) {
			t.Errorf("%s: %q names the zone out of place", typ, msg)
		}
	}
}

func TestChannelValidateWebhookScheme(t *testing.T) {
	tests := []struct {
		address, want string
		ok            bool
	}{
		{"https://ntfy.sh/alex", "https://ntfy.sh/alex", true},
		{"Https://ntfy.sh/Alex", "https://ntfy.sh/Alex", true}, // a phone's keyboard capitalised it
		{"HTTP://hooks.example.org/A", "http://hooks.example.org/A", true},
		{"ftp://example.org/x", "", false},
		{"https:///no-host", "", false},
	}
	for _, tt := range tests {
		c := lifeline.Channel{Kind: lifeline.ChannelWebhook, Address: tt.address}
		err := c.Validate()
		if (err == nil) != tt.ok {
			t.Errorf("%q: err = %v, want ok %v", tt.address, err, tt.ok)
		}
		if tt.ok && c.Address != tt.want {
			t.Errorf("%q stored as %q, want %q", tt.address, c.Address, tt.want)
		}
	}
}

func FuzzChannelValidate(f *testing.F) {
	for _, seed := range []string{"sam@example.org", "https://ntfy.sh/alex", "http://[::1]:80/x", "javascript:alert(1)", "a@b", " https://x.org/\n", "httpS://0"} {
		f.Add("email", seed)
		f.Add("webhook", seed)
	}
	f.Fuzz(func(t *testing.T, kind, address string) {
		c := lifeline.Channel{Kind: kind, Address: address}
		if c.Validate() != nil {
			return
		}
		// What Validate accepts, the database's constraints accept too.
		if strings.ContainsAny(c.Address, " \t\r\n") || len(c.Address) < 3 || len(c.Address) > 500 {
			t.Fatalf("accepted %q %q", kind, c.Address)
		}
		switch kind {
		case lifeline.ChannelEmail:
			if c.Address != strings.ToLower(c.Address) || !strings.Contains(c.Address, "@") {
				t.Fatalf("accepted email %q", c.Address)
			}
		case lifeline.ChannelWebhook:
			if !strings.HasPrefix(c.Address, "http://") && !strings.HasPrefix(c.Address, "https://") {
				t.Fatalf("accepted webhook %q", c.Address)
			}
		}
	})
}
