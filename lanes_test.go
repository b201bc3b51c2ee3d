package lifeline_test

import (
	"testing"
	"time"

	"lifeline"
)

func TestPausePolicyFailed(t *testing.T) {
	p := lifeline.PausePolicy{Failures: 3, Window: time.Hour, First: 15 * time.Minute, Longest: time.Hour}
	t0 := time.Date(2026, 11, 22, 14, 2, 0, 0, time.UTC)
	at := func(m int) time.Time { return t0.Add(time.Duration(m) * time.Minute) }
	for _, tc := range []struct {
		name string
		// failures are the minutes after t0 of each failed attempt.
		failures []int
		// want: the count, the streak's start and the pause's end (minutes
		// after t0; -1: not paused) and how many pauses so far.
		count, since, until, pauses int
	}{
		{"one failure only counts", []int{0}, 1, 0, -1, 0},
		{"the threshold pauses for First", []int{0, 1, 2}, 3, 0, 17, 1},
		{"a failure during a pause only counts", []int{0, 1, 2, 5}, 4, 0, 17, 1},
		{"failing again after a pause doubles it", []int{0, 1, 2, 20}, 4, 0, 50, 2},
		{"the pause stops growing at Longest", []int{0, 1, 2, 20, 60, 130}, 6, 0, 190, 4},
		{"a streak with a quiet hour between starts again", []int{0, 1, 70}, 1, 70, -1, 0},
		{"a long-ended pause is forgotten", []int{0, 1, 2, 200}, 1, 200, -1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s lifeline.DestinationState
			for _, m := range tc.failures {
				s = p.Failed(s, at(m), lifeline.ProblemTimeout)
			}
			until := -1
			if !s.PausedUntil.IsZero() && s.PausedUntil.After(at(tc.failures[len(tc.failures)-1])) {
				until = int(s.PausedUntil.Sub(t0) / time.Minute)
			}
			if s.Failures != tc.count || !s.FailingSince.Equal(at(tc.since)) || until != tc.until || s.Pauses != tc.pauses {
				t.Errorf("got %d failures since +%v, paused until +%d, %d pauses; want %d since +%d, until +%d, %d pauses",
					s.Failures, s.FailingSince.Sub(t0), until, s.Pauses, tc.count, tc.since, tc.until, tc.pauses)
			}
		})
	}
}
