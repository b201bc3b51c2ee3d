package signals

import (
	"context"
	"slices"
	"time"
)

// Store loads people's inputs and keeps their "Not now" and their nudges
// (store/signals.go implements it).
type Store interface {
	// SignalPeople loads each person of ids (in that order; unknown ids
	// are left out), as Person documents, with Today their local date at
	// now.
	SignalPeople(ctx context.Context, ids []int64, now time.Time) ([]Person, error)
	// DismissSignal sets a kind of signal aside for NotNowDays from now.
	DismissSignal(ctx context.Context, userID int64, kind string, now time.Time) error
	// NudgeCandidates lists who may get a nudge today at now: someone
	// with an enabled channel, past NudgeHour in their time zone, not
	// nudged yet on their local date.
	NudgeCandidates(ctx context.Context, now time.Time) ([]int64, error)
	// QueueNudge records the person's one nudge of their local date,
	// about kinds, and queues it to their channels, at most once a day
	// whoever calls it; it returns how many deliveries it queued.
	QueueNudge(ctx context.Context, userID int64, kinds []string, now time.Time) (int, error)
}

// nudgeBatch is how many people one load reads.
const nudgeBatch = 1000

// QueueNudges gives each candidate whose signals hold something they were
// not nudged about in the last NotNowDays (and did not set aside) the
// day's one gentle nudge. It returns how many people it nudged.
func QueueNudges(ctx context.Context, st Store, now time.Time) (int, error) {
	ids, err := st.NudgeCandidates(ctx, now)
	if err != nil {
		return 0, err
	}
	nudged := 0
	for len(ids) > 0 {
		batch := ids[:min(nudgeBatch, len(ids))]
		ids = ids[len(batch):]
		people, err := st.SignalPeople(ctx, batch, now)
		if err != nil {
			return nudged, err
		}
		for i := range people {
			kinds := NewKinds(Evaluate(&people[i]), people[i].Nudged)
			if len(kinds) == 0 {
				continue
			}
			n, err := st.QueueNudge(ctx, people[i].UserID, kinds, now)
			if err != nil {
				return nudged, err
			}
			if n > 0 {
				nudged++
			}
		}
	}
	return nudged, nil
}

// NewKinds lists the kinds of signals that nudged does not hold, or nil.
func NewKinds(signals []Signal, nudged []string) []string {
	var kinds []string
	for _, s := range signals {
		if !slices.Contains(nudged, s.Kind) {
			kinds = append(kinds, s.Kind)
		}
	}
	return kinds
}
