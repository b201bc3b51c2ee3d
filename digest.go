package lifeline

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// The weekly digest: a supporter who turned it on for a person they
// support gets an email each Monday morning, in their own time zone, with
// the past week within that person's grant — never more, and never where
// they were. Each email carries a one-click unsubscribe (RFC 8058).

// DigestHour is the supporter's local hour on Monday from which the week's
// digest is sent.
const DigestHour = 9

// Digest is the week's numbers of one person, within one supporter's grant:
// a part outside the grant is nil.
type Digest struct {
	// CheckIns: with the checkIns scope.
	CheckIns *DigestCheckIns `json:"checkIns,omitempty"`
	// DaysSinceSubstanceUse: with checkInDetails, when any use was reported.
	DaysSinceSubstanceUse *int `json:"daysSinceSubstanceUse,omitempty"`
	// Alerts counts the week's alerts by scope, one entry per granted
	// scope (zero included); nil without any alert scope.
	Alerts map[string]int `json:"alerts,omitempty"`
}

// DigestCheckIns is the checkIns part of a digest.
type DigestCheckIns struct {
	ThisWeek   int `json:"thisWeek"` // of the last StatsWindowDays days
	StreakDays int `json:"streakDays"`
}

// BuildDigest keeps of the week's stats and alert counts (by alert type)
// only what g shares: the one place a digest's grant is applied.
func BuildDigest(g Grant, st Stats, alertsByType map[string]int) Digest {
	var d Digest
	if g.CheckIns {
		d.CheckIns = &DigestCheckIns{ThisWeek: st.WeeklyCheckins, StreakDays: st.StreakDays}
		if g.CheckInDetails && st.SubstanceUseReported && st.DaysSinceSubstanceUse != nil {
			days := *st.DaysSinceSubstanceUse
			d.DaysSinceSubstanceUse = &days
		}
	}
	if len(g.Alerts) > 0 {
		d.Alerts = map[string]int{}
		for _, scope := range g.Alerts {
			d.Alerts[scope] = 0
		}
		for t, n := range alertsByType {
			if g.Allows(t) {
				d.Alerts[AlertTypeScope(t)] += n
			}
		}
	}
	return d
}

// DigestSubject is the email's subject.
func DigestSubject(wearer string) string {
	return "Your week with " + PlainText(wearer) + " on Lifeline"
}

// digestAlertWords names each scope's alerts, one and many.
var digestAlertWords = map[string][2]string{
	ScopeAvoidZone:     {"stay at a place they chose to avoid", "stays at places they chose to avoid"},
	ScopeMissedCheckin: {"missed check-in alert", "missed check-in alerts"},
	ScopeDevice:        {"bracelet alert (offline or battery low)", "bracelet alerts (offline or battery low)"},
	ScopeSOS:           {"SOS", "SOS calls"},
}

// DigestMessage words the digest for the supporter; supportingURL is People
// I support, unsubscribeURL the page that turns this digest off.
func DigestMessage(wearer string, d Digest, supportingURL, unsubscribeURL string) string {
	name := Quoted(wearer)
	var b strings.Builder
	fmt.Fprintf(&b, "Hi,\n\nHere is the past week with %s, as far as they share it with you.\n\n", name)
	if c := d.CheckIns; c != nil {
		switch c.ThisWeek {
		case 0:
			b.WriteString("Check-ins: none in the last 7 days. A quiet week can be a hard one; a short hello may help.\n")
		case 1:
			b.WriteString("Check-ins: 1 in the last 7 days.\n")
		default:
			fmt.Fprintf(&b, "Check-ins: %d in the last 7 days.\n", c.ThisWeek)
		}
		switch c.StreakDays {
		case 0:
			b.WriteString("Streak: none right now. A new one can start any day.\n")
		case 1:
			b.WriteString("Streak: 1 day.\n")
		default:
			fmt.Fprintf(&b, "Streak: %d days in a row.\n", c.StreakDays)
		}
	}
	if n := d.DaysSinceSubstanceUse; n != nil {
		fmt.Fprintf(&b, "Days since they last reported using: %d.\n", *n)
	}
	if d.Alerts != nil {
		var parts []string
		for _, scope := range AlertScopes {
			n, ok := d.Alerts[scope]
			if !ok || n == 0 {
				continue
			}
			words := digestAlertWords[scope][1]
			if n == 1 {
				words = digestAlertWords[scope][0]
			}
			parts = append(parts, fmt.Sprintf("%d %s", n, words))
		}
		if len(parts) == 0 {
			b.WriteString("Alerts: none this week.\n")
		} else {
			b.WriteString("Alerts this week: " + strings.Join(parts, ", ") + ".\n")
		}
	}
	if d.CheckIns == nil && d.Alerts == nil {
		fmt.Fprintf(&b, "%s hasn't chosen to share check-ins or alerts with you, so there are no numbers this week.\n", name)
	}
	fmt.Fprintf(&b, "\nA few kind words can mean a lot. You can send %s a note from People I support:\n%s\n", name, supportingURL)
	fmt.Fprintf(&b, "\nYou get this email because you turned on the weekly summary for %s. To stop it, open this link (no sign-in needed):\n%s", name, unsubscribeURL)
	return b.String()
}

// DigestService keeps who wants a weekly digest and queues them.
type DigestService interface {
	// SetDigest turns supporterID's weekly digest of the person on link
	// linkID on or off: ENOTFOUND when the link is not theirs and active.
	SetDigest(ctx context.Context, supporterID, linkID int64, on bool, now time.Time) (*Supported, error)
	// QueueDigests queues the digests due at now (the supporter's Monday
	// from DigestHour, once per link and ISO week, on any number of nodes)
	// to each supporter's enabled email channels; unsubscribeBase + token is
	// each one's one-click unsubscribe link. It returns how many rows it
	// queued.
	QueueDigests(ctx context.Context, now time.Time, unsubscribeBase string) (int, error)
	// Unsubscribe turns off the one digest token names and returns the
	// person's first name: ENOTFOUND for a token that names none (unknown,
	// malformed, or from before the digest was last turned on).
	Unsubscribe(ctx context.Context, token string) (string, error)
}
