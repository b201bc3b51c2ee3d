package lifeline

import (
	"strings"
	"testing"
)

func TestDigestKeepsOnlyTheGrant(t *testing.T) {
	days := 40
	st := Stats{StreakDays: 12, WeeklyCheckins: 5, DaysSinceSubstanceUse: &days, SubstanceUseReported: true}
	alerts := map[string]int{AlertZoneEntered: 1, AlertZoneDwell: 1, AlertMissedCheckin: 2, AlertSOS: 1, AlertMilestone: 3}
	for _, tc := range []struct {
		name          string
		grant         Grant
		want          []string // in the message
		never         []string
		wantCheckIns  bool
		wantDaysSince bool
	}{
		{"nothing shared", Grant{}, []string{`"Alex" hasn't chosen to share check-ins or alerts with you`},
			[]string{"Check-ins", "Streak", "Days since", "Alerts"}, false, false},
		{"check-ins", Grant{CheckIns: true}, []string{"Check-ins: 5 in the last 7 days.", "Streak: 12 days in a row."},
			[]string{"Days since", "Alerts", "hasn't chosen"}, true, false},
		{"check-ins with details", Grant{CheckIns: true, CheckInDetails: true},
			[]string{"Check-ins: 5", "Days since they last reported using: 40."}, []string{"Alerts"}, true, true},
		{"avoid zones and SOS", Grant{Alerts: []string{ScopeAvoidZone, ScopeSOS}},
			[]string{"Alerts this week: 2 stays at places they chose to avoid, 1 SOS."},
			[]string{"Check-ins", "missed", "milestone"}, false, false},
		{"a granted scope without alerts", Grant{Alerts: []string{ScopeDevice}}, []string{"Alerts: none this week."},
			[]string{"Check-ins", "SOS"}, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := BuildDigest(tc.grant, st, alerts)
			if (d.CheckIns != nil) != tc.wantCheckIns || (d.DaysSinceSubstanceUse != nil) != tc.wantDaysSince {
				t.Errorf("digest = %+v", d)
			}
			for scope := range d.Alerts {
				if !tc.grant.Allows(scopeType(scope)) {
					t.Errorf("counts %s outside the grant", scope)
				}
			}
			msg := DigestMessage("Alex", d, "https://l.example.org/supporting", "https://l.example.org/digest/unsubscribe#token=x")
			for _, s := range tc.want {
				if !strings.Contains(msg, s) {
					t.Errorf("message lacks %q:\n%s", s, msg)
				}
			}
			for _, s := range tc.never {
				if strings.Contains(msg, s) {
					t.Errorf("message holds %q:\n%s", s, msg)
				}
			}
			if !strings.Contains(msg, "https://l.example.org/digest/unsubscribe#token=x") {
				t.Errorf("no unsubscribe link:\n%s", msg)
			}
		})
	}
}

// scopeType is an alert type of the scope.
func scopeType(scope string) string {
	for _, t := range []string{AlertZoneEntered, AlertMissedCheckin, AlertLowBattery, AlertSOS} {
		if AlertTypeScope(t) == scope {
			return t
		}
	}
	return ""
}

func TestDigestSubjectIsPlain(t *testing.T) {
	if got := DigestSubject("Alex\r\nBcc: x@example.org"); strings.ContainsAny(got, "\r\n") {
		t.Errorf("subject %q", got)
	}
}
