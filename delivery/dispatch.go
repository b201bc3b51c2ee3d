package delivery

import (
	"context"
	"errors"
	"net"
	"sync"
	"syscall"
	"time"

	"lifeline"
)

// The dispatcher keeps up to Slots sends in flight. A row's lane is its
// priority: an SOS may take any slot, other alerts all but a reserve kept
// for SOS, everything else (tests, invitations, confirmations) half. One
// person's rows and one destination's rows hold at most Share slots, so a
// webhook that never answers costs its owner their share and nobody else
// anything. SOS rows pass every share and pause. Free slots are refilled
// as soon as an eighth of them are free, not when a batch is done, and at
// once when an SOS is raised (Wake).

// dispatcher is the worker's count of what is in flight.
type dispatcher struct {
	mu     sync.Mutex
	busy   int
	lanes  [3]int
	people map[int64]int
	places map[string]int
	sends  sync.WaitGroup
	// wake is signalled by Wake, freed when refill slots are free again.
	wake, freed chan struct{}
}

func newDispatcher() *dispatcher {
	return &dispatcher{people: map[int64]int{}, places: map[string]int{}, wake: make(chan struct{}, 1), freed: make(chan struct{}, 1)}
}

// Wake makes Run claim at once rather than at its next poll: an SOS was
// just committed.
func (w *Worker) Wake() { signal(w.d.wake) }

func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// refill is how many slots must be free before a send's end starts a
// claim: one claim per send would cost more than the sends.
func (w *Worker) refill() int { return max(w.cfg.Slots/8, 1) }

// Run works until ctx ends, then waits for the sends in flight.
func (w *Worker) Run(ctx context.Context) {
	defer w.d.sends.Wait()
	tick := time.NewTicker(w.cfg.Poll)
	defer tick.Stop()
	for {
		for w.dispatch(ctx) > 0 && ctx.Err() == nil {
			// rows were found: more may be due, and slots free
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-w.d.wake:
		case <-w.d.freed:
		}
	}
}

// RunOnce claims what the free slots allow, once, and waits until those
// sends end; it returns how many rows it claimed.
func (w *Worker) RunOnce(ctx context.Context) int {
	n := w.dispatch(ctx)
	w.d.sends.Wait()
	return n
}

// dispatch claims due rows for the free slots and starts their sends; it
// returns how many it started.
func (w *Worker) dispatch(ctx context.Context) int {
	req, ok := w.claimRequest()
	if !ok {
		return 0
	}
	items, err := w.cfg.Outbox.Claim(ctx, req)
	if err != nil {
		if ctx.Err() == nil {
			w.cfg.Logger.Warn("claim outbox", "err", err)
		}
		return 0
	}
	started := 0
	for _, item := range items {
		if !w.take(item) {
			// Another send of this person or destination ended and began
			// meanwhile: give the row back without counting the attempt.
			if err := w.cfg.Outbox.Postpone(ctx, item.ID, req.Now); err != nil && ctx.Err() == nil {
				w.cfg.Logger.Warn("give back outbox row", "id", item.ID, "err", err)
			}
			continue
		}
		started++
		w.d.sends.Add(1)
		go func() {
			defer w.d.sends.Done()
			defer w.release(item)
			if err := w.settle(ctx, item); err != nil && ctx.Err() == nil {
				// The claim runs out and another attempt comes then.
				w.cfg.Logger.Warn("settle outbox row", "id", item.ID, "err", err)
			}
		}()
	}
	return started
}

// claimRequest says what the free slots may take; false when none is free.
func (w *Worker) claimRequest() (lifeline.ClaimRequest, bool) {
	d, slots := w.d, w.cfg.Slots
	d.mu.Lock()
	defer d.mu.Unlock()
	free := slots - d.busy
	if free <= 0 {
		return lifeline.ClaimRequest{}, false
	}
	alerts := slots - sosReserve(slots) - d.busy
	others := min(slots/2-d.lanes[lifeline.PriorityOther], alerts)
	r := lifeline.ClaimRequest{
		Now: w.cfg.Now(), Lease: w.cfg.Lease, Limit: min(free, w.cfg.Batch),
		AlertLimit: max(alerts, 0), OtherLimit: max(others, 0), Share: w.cfg.Share,
	}
	for id, n := range d.people {
		if n >= w.cfg.Share {
			r.BusyUsers = append(r.BusyUsers, id)
		}
	}
	for place, n := range d.places {
		if n >= w.cfg.Share {
			r.BusyDestinations = append(r.BusyDestinations, place)
		}
	}
	return r, true
}

// sosReserve is how many slots only an SOS may take.
func sosReserve(slots int) int { return max(slots/8, 1) }

// take counts item in flight, unless its shares are full (never for an SOS).
func (w *Worker) take(item *lifeline.OutboxItem) bool {
	d := w.d
	d.mu.Lock()
	defer d.mu.Unlock()
	if item.Priority != lifeline.PrioritySOS &&
		(d.people[item.UserID] >= w.cfg.Share || (item.Destination != "" && d.places[item.Destination] >= w.cfg.Share)) {
		return false
	}
	d.busy++
	d.lanes[item.Priority]++
	d.people[item.UserID]++
	if item.Destination != "" {
		d.places[item.Destination]++
	}
	w.metrics.slots.Set(float64(d.busy))
	return true
}

func (w *Worker) release(item *lifeline.OutboxItem) {
	d := w.d
	d.mu.Lock()
	d.busy--
	d.lanes[item.Priority]--
	if d.people[item.UserID]--; d.people[item.UserID] == 0 {
		delete(d.people, item.UserID)
	}
	if item.Destination != "" {
		if d.places[item.Destination]--; d.places[item.Destination] == 0 {
			delete(d.places, item.Destination)
		}
	}
	w.metrics.slots.Set(float64(d.busy))
	free := w.cfg.Slots - d.busy
	d.mu.Unlock()
	if free >= w.refill() {
		signal(d.freed)
	}
}

// recordOutcome tells the store how a send to the row's destination went,
// so a destination that keeps failing is paused. A permanent failure (a 4xx,
// an address the mail server refuses) says nothing about the destination.
func (w *Worker) recordOutcome(ctx context.Context, item *lifeline.OutboxItem, err error) {
	if w.cfg.Destinations == nil || item.Destination == "" || ctx.Err() != nil {
		return
	}
	var perm *permanentError
	var rerr error
	switch {
	case err == nil:
		if !item.DestinationFailing {
			return
		}
		rerr = w.cfg.Destinations.DestinationSucceeded(ctx, item.Destination)
	case errors.As(err, &perm):
		return
	default:
		rerr = w.cfg.Destinations.DestinationFailed(ctx, item.Destination, problem(err), w.cfg.Now(), w.cfg.Pause)
	}
	if rerr != nil {
		w.cfg.Logger.Warn("record destination outcome", "destination", item.Destination, "err", rerr)
	}
}

// problem names what went wrong with a send for the channel's owner.
func problem(err error) string {
	var ne net.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout():
		return lifeline.ProblemTimeout
	case errors.Is(err, syscall.ECONNREFUSED):
		return lifeline.ProblemRefused
	}
	return lifeline.ProblemError
}
