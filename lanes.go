package lifeline

import (
	"context"
	"time"
)

// How deliveries share the senders: each outbox row has a priority (its
// lane), and a destination (a webhook's or push service's host, an email
// address's domain) that keeps failing is paused.

// Priorities, most urgent first. An SOS row is never held back by a share
// or a pause.
const (
	PrioritySOS   = 0 // an SOS and its "they're safe now" line
	PriorityAlert = 1 // any other alert
	PriorityOther = 2 // tests, invitations, confirmations
)

// ClaimRequest says which due rows a sender may take now.
type ClaimRequest struct {
	Now   time.Time
	Lease time.Duration
	// Limit caps the rows of any priority; AlertLimit and OtherLimit cap
	// those of PriorityAlert and PriorityOther.
	Limit, AlertLimit, OtherLimit int
	// Share caps one person's (the row's user) and one destination's rows
	// in the claim. BusyUsers and BusyDestinations already hold their
	// share: none of their rows is taken. SOS rows ignore all three.
	Share            int
	BusyUsers        []int64
	BusyDestinations []string
}

// Destination problems, what a pause says went wrong.
const (
	ProblemTimeout = "timeout" // no answer in time
	ProblemRefused = "refused" // the connection was refused
	ProblemError   = "error"   // an error answer or a broken connection
)

// PausePolicy says when a destination is paused: after Failures failed
// attempts in a row (none further apart than Window), for First, doubled
// at each further pause up to Longest.
type PausePolicy struct {
	Failures       int
	Window         time.Duration
	First, Longest time.Duration
}

// DefaultPausePolicy pauses after 5 failures, for 15 minutes doubling to
// 6 hours.
var DefaultPausePolicy = PausePolicy{Failures: 5, Window: time.Hour, First: 15 * time.Minute, Longest: 6 * time.Hour}

// DestinationState is how sending to one destination has gone lately:
// Failures failed attempts in a row since FailingSince, the last at
// LastFailureAt, and when paused, until PausedUntil (the Pauses-th pause).
type DestinationState struct {
	Failures                    int
	FailingSince, LastFailureAt time.Time
	Problem                     string
	PausedUntil                 time.Time
	Pauses                      int
}

// Failed is s after one more failed attempt at at. A streak with no failure
// (nor pause) for a Window starts again; reaching Failures, or failing
// again once a pause ran out, pauses the destination for First doubled per
// earlier pause, at most Longest. A failure during a pause (an SOS is still
// tried) changes only the count.
func (p PausePolicy) Failed(s DestinationState, at time.Time, problem string) DestinationState {
	paused := s.PausedUntil.After(at)
	quiet := at.Sub(s.LastFailureAt) > p.Window && (s.PausedUntil.IsZero() || at.Sub(s.PausedUntil) > p.Window)
	if s.Failures == 0 || quiet {
		s = DestinationState{FailingSince: at}
	}
	s.Failures++
	s.LastFailureAt, s.Problem = at, problem
	if !paused && (s.Failures >= p.Failures || s.Pauses > 0) {
		d := p.First << min(s.Pauses, 20)
		if d <= 0 || d > p.Longest {
			d = p.Longest
		}
		s.PausedUntil = at.Add(d)
		s.Pauses++
	}
	return s
}

// ChannelPause is a person's channel whose destination is paused.
type ChannelPause struct {
	ChannelID   int64     `json:"channelId"`
	Destination string    `json:"destination"`
	Problem     string    `json:"problem"`
	Since       time.Time `json:"since"` // the first failure in a row
	Until       time.Time `json:"until"` // when sending resumes
}

// Destinations records how sending to each destination goes.
type Destinations interface {
	// DestinationFailed counts a failed attempt and pauses the
	// destination when p says so.
	DestinationFailed(ctx context.Context, destination, problem string, at time.Time, p PausePolicy) error
	// DestinationSucceeded ends a destination's failures and pause.
	DestinationSucceeded(ctx context.Context, destination string) error
	// FindChannelPauses lists the person's channels that are paused at now.
	FindChannelPauses(ctx context.Context, userID int64, now time.Time) ([]ChannelPause, error)
	// ResumeChannel ends the pause of the channel's destination and makes
	// its waiting rows due at now; ENOTFOUND when it is not the person's.
	ResumeChannel(ctx context.Context, userID, channelID int64, now time.Time) error
}
