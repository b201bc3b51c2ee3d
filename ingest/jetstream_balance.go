package ingest

import (
	"context"
	"log/slog"
	"slices"
	"time"

	"github.com/nats-io/nats.go"
)

// With more than one shard the workers spread the shards' pins among
// themselves, so each shard's messages go to one worker and the workers
// share the fleet instead of one taking every shard and the others
// standing by. The cluster pins whichever worker pulls first; every
// balanceEvery each worker calls the roll (every live worker answers on
// workersSubject with its client ID), gives shard k to the k-th worker of
// the sorted roll modulo its length, and hands over any shard it holds
// that is another's (shardConsumer.release). A worker that dies loses its
// pins as before (streamPinnedTTL) to one standing by, and the next rounds
// spread them again.
const (
	workersSubject = "lifeline.ingest.workers"
	balanceEvery   = 30 * time.Second
	// rollCallWait is how long a roll call collects answers: a worker
	// that answers later is not counted in this round (so it takes no
	// shard from another until the next).
	rollCallWait = 2 * time.Second
	// roundWithin bounds a round: the roll call, and each handover's wait
	// for the messages held and the engine.
	roundWithin = time.Minute
)

// workerRollCall answers the other workers' roll calls.
type workerRollCall struct {
	conn *nats.Conn
	id   string
	sub  *nats.Subscription
}

func answerRollCall(conn *nats.Conn, id string) (*workerRollCall, error) {
	r := &workerRollCall{conn: conn, id: id}
	var err error
	r.sub, err = conn.Subscribe(workersSubject, func(m *nats.Msg) { m.Respond([]byte(id)) })
	if err != nil {
		return nil, err
	}
	return r, conn.Flush()
}

// call asks every live worker for its ID and returns them sorted, this
// worker's among them.
func (r *workerRollCall) call(ctx context.Context) ([]string, error) {
	inbox := r.conn.NewRespInbox()
	answers, err := r.conn.SubscribeSync(inbox)
	if err != nil {
		return nil, err
	}
	defer answers.Unsubscribe()
	if err := r.conn.PublishRequest(workersSubject, inbox, nil); err != nil {
		return nil, err
	}
	ids := []string{r.id}
	for deadline := time.Now().Add(rollCallWait); ; {
		wait := time.Until(deadline)
		if wait <= 0 {
			break
		}
		m, err := answers.NextMsg(wait)
		if err != nil {
			break // the wait is over (or the connection is): the roll is what came
		}
		if id := string(m.Data); !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	slices.Sort(ids)
	return ids, nil
}

// owner is the worker of ids (sorted) shard k belongs to.
func owner(ids []string, k int) string { return ids[k%len(ids)] }

// balance hands over, every round, the shards this worker is pinned on
// that belong to another live worker; it ends at close.
func (s *streamConsumer) balance(every time.Duration, log *slog.Logger) {
	defer close(s.done)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-s.stop; cancel() }()
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		round, end := context.WithTimeout(ctx, roundWithin)
		s.balanceOnce(round, every, log)
		end()
	}
}

func (s *streamConsumer) balanceOnce(ctx context.Context, hold time.Duration, log *slog.Logger) {
	ids, err := s.workers.call(ctx)
	if err != nil {
		log.Warn("workers' roll call", "err", err)
		return
	}
	if len(ids) < 2 {
		return
	}
	for _, sc := range s.shards {
		to := owner(ids, sc.k)
		if to == s.workers.id {
			continue
		}
		pinned, err := sc.pinned(ctx)
		if err != nil {
			sc.log.Warn("the shard's pin", "err", err)
			continue
		}
		if !pinned {
			continue
		}
		if err := sc.release(ctx, hold); err != nil {
			sc.log.Error("handing the shard over", "to", to, "err", err)
			continue
		}
		sc.log.Info("handed the shard over to its worker", "to", to, "workers", len(ids))
	}
}
