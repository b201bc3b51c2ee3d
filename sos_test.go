package lifeline_test

import (
	"testing"
	"time"

	"lifeline"
)

// TestSOSMessageSaysOnlyWhatIsTrue: "being told right now" only of the
// supporters a channel reaches outside the app.
func TestSOSMessageSaysOnlyWhatIsTrue(t *testing.T) {
	at := time.Date(2026, 11, 22, 21, 4, 0, 0, time.UTC)
	for _, tc := range []struct {
		reach lifeline.SOSReach
		want  string
	}{
		{lifeline.SOSReach{}, "You asked for help at 9:04 PM, but nobody in your care circle has the SOS alert yet. Call 988 or someone on your crisis page now."},
		{lifeline.SOSReach{Supporters: 1, OutsideApp: 1}, "You asked for help at 9:04 PM. 1 person is being told right now. You did the right thing."},
		{lifeline.SOSReach{Supporters: 3, OutsideApp: 3}, "You asked for help at 9:04 PM. 3 people are being told right now. You did the right thing."},
		{lifeline.SOSReach{Supporters: 1}, "You asked for help at 9:04 PM. 1 person will see it only when they open Lifeline, so they may not know yet. Call 988 or someone on your crisis page now."},
		{lifeline.SOSReach{Supporters: 2}, "You asked for help at 9:04 PM. 2 people will see it only when they open Lifeline, so they may not know yet. Call 988 or someone on your crisis page now."},
		{lifeline.SOSReach{Supporters: 3, OutsideApp: 1}, "You asked for help at 9:04 PM. 1 person is being told right now; 2 more will see it only when they open Lifeline. You did the right thing."},
	} {
		if got := lifeline.SOSMessage(tc.reach, at); got != tc.want {
			t.Errorf("%+v:\n got %q\nwant %q", tc.reach, got, tc.want)
		}
	}
}

// TestSupporterSOS: asking now during the SOS window, since when after it,
// and safe once its wearer said so; the time it began is always there.
func TestSupporterSOS(t *testing.T) {
	london, _ := time.LoadLocation("Europe/London")
	began := time.Date(2026, 7, 1, 21, 5, 0, 0, time.UTC) // 22:05 in London
	safe := began.Add(40 * time.Minute)
	for _, tc := range []struct {
		name           string
		resolved       *time.Time
		now            time.Time
		title, message string
	}{
		{"just raised", nil, began.Add(time.Minute),
			"Jo is asking for help now", `At 10:05 PM, Jo pressed "Alert my people now". Please reach out to them right away — call if you can.`},
		{"past the window", nil, began.Add(lifeline.SOSWindow + time.Minute),
			"Jo asked for help at 10:05 PM", "Jo hasn't said they're safe yet. If you haven't reached them, try again now — call if you can."},
		{"days later", nil, began.Add(50 * time.Hour),
			"Jo asked for help at 10:05 PM on Wed 1 Jul", "Jo hasn't said they're safe yet. If you haven't reached them, try again now — call if you can."},
		{"safe", &safe, safe.Add(time.Minute),
			"Jo says they're safe now", "Good news: Jo says they're safe now (10:45 PM)."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := &lifeline.Alert{Type: lifeline.AlertSOS, CreatedAt: began, ResolvedAt: tc.resolved}
			title, message := lifeline.SupporterSOS("Jo", a, tc.now, london)
			if title != tc.title || message != tc.message {
				t.Errorf("got %q / %q\nwant %q / %q", title, message, tc.title, tc.message)
			}
		})
	}
}

// A press repeats the last SOS within a minute of it, whichever minute of
// the clock each fell in; the key SOSAlert writes is the one read back.
func TestSOSRepeats(t *testing.T) {
	first := time.Date(2026, 11, 22, 21, 4, 50, 0, time.UTC)
	key := lifeline.SOSAlert(lifeline.SOSReach{}, first, time.UTC).DedupKey
	for _, tc := range []struct {
		name string
		key  string
		now  time.Time
		want bool
	}{
		{"the same instant", key, first, true},
		{"15 s later, across the clock's minute", key, first.Add(15 * time.Second), true},
		{"59.9 s later", key, first.Add(59900 * time.Millisecond), true},
		{"a minute later", key, first.Add(time.Minute), false},
		{"an hour later", key, first.Add(time.Hour), false},
		{"a clock set back a little", key, first.Add(-10 * time.Second), true},
		{"a key of the old minute form", "2026-11-22T21:04:00Z", first, true},
		{"no SOS before", "", first, false},
		{"a key that is not a time", "device:x", first, false},
	} {
		if got := lifeline.SOSRepeats(tc.key, tc.now); got != tc.want {
			t.Errorf("%s: SOSRepeats(%q, %s) = %v, want %v", tc.name, tc.key, tc.now.Format(time.RFC3339Nano), got, tc.want)
		}
	}
}
