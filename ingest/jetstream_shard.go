package ingest

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"lifeline/ingest/natsshard"
)

// shardConsumer is this worker's place in the workers' consumer of one
// shard's stream: its connection to the shard's account, its pulls, and
// the messages it holds.
type shardConsumer struct {
	k        int
	account  string
	conn     *nats.Conn
	js       jetstream.JetStream
	consumer jetstream.Consumer
	handle   func(delivery)
	pin      *pinWatch
	log      *slog.Logger
	cfg      ExternalConfig

	mu      sync.Mutex
	consume jetstream.ConsumeContext // nil while released to another worker
	resume  *time.Timer              // pulls again after a release
	closed  bool
	// inFlight counts the messages handed to handle and not yet through it
	// (stored and acknowledged, or refused).
	inFlight sync.WaitGroup
}

// startShardConsumer joins the workers' consumer of shard k's stream, in
// account, as the account's twin of the worker's user, and starts pulling.
func startShardConsumer(cfg ExternalConfig, k int, account string, handle func(delivery)) (*shardConsumer, error) {
	log := cfg.Logger
	name := cfg.ClientID
	if cfg.Shards > 1 {
		log = log.With("account", account)
		name = natsshard.User(cfg.ClientID, k)
	}
	user := natsshard.User(cfg.Username, k)
	conn, err := nats.Connect(cfg.BrokerURL,
		nats.UserInfo(user, cfg.Password),
		nats.Name(name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(time.Second),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			log.Warn("NATS connection lost; reconnecting", "err", err)
		}))
	if err != nil {
		return nil, fmt.Errorf("ingest: connect to NATS %s as %s (account %s): %w", cfg.BrokerURL, user, account, err)
	}
	js, err := jetstream.New(conn)
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("ingest: JetStream on %s: %w", cfg.BrokerURL, err)
	}
	consumer, err := joinConsumer(js, log)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		err = fmt.Errorf("no %s stream yet in account %s (NATS creates it at the account's first MQTT connection): %w", mqttMessagesStream, account, err)
	}
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("ingest: the workers' consumer on %s: %w", cfg.BrokerURL, err)
	}
	sc := &shardConsumer{k: k, account: account, conn: conn, js: js, consumer: consumer, handle: handle,
		pin: &pinWatch{takeOver: cfg.TakeOver, log: log}, log: log, cfg: cfg}
	if err := sc.pull(); err != nil {
		conn.Close()
		return nil, fmt.Errorf("ingest: consume %s in account %s: %w", mqttMessagesStream, account, err)
	}
	log.Info("ingesting from NATS", "broker", cfg.BrokerURL, "worker", name, "consumer", SharedGroup)
	return sc, nil
}

// pull starts (or starts again) taking the stream's messages: pinned, or
// standing by for the pin.
func (sc *shardConsumer) pull() error {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if sc.closed || sc.consume != nil {
		return nil
	}
	consume, err := sc.consumer.Consume(func(m jetstream.Msg) {
		sc.pin.observe(m.Headers().Get(pinIDHeader))
		sc.inFlight.Add(1)
		go func() {
			defer sc.inFlight.Done()
			sc.handle(streamDelivery{msg: m, ackSeconds: sc.cfg.Metrics.AckSeconds})
		}()
	},
		jetstream.PullPriorityGroup(SharedGroup),
		jetstream.PullExpiry(streamPullExpiry),
		jetstream.ConsumeErrHandler(func(_ jetstream.ConsumeContext, err error) {
			sc.log.Warn("JetStream consumer", "err", err)
		}))
	if err != nil {
		return err
	}
	sc.consume = consume
	return nil
}

// pinned reports whether the cluster pins this worker on the shard now.
func (sc *shardConsumer) pinned(ctx context.Context) (bool, error) {
	sc.mu.Lock()
	pulling := sc.consume != nil
	sc.mu.Unlock()
	mine := sc.pin.pin()
	if !pulling || mine == "" {
		return false, nil
	}
	info, err := sc.consumer.Info(ctx)
	if err != nil {
		return false, err
	}
	for _, g := range info.PriorityGroups {
		if g.Group == SharedGroup {
			return g.PinnedClientID == mine, nil
		}
	}
	return false, nil
}

// release hands the shard to another worker: it stops pulling, finishes
// what it holds, lets the geofence engine save the state those fixes moved
// on (TakeOver: the next worker reloads it), unpins itself, and pulls
// again after hold, standing by. The fixes of a bracelet stay in order
// across the handover: the next worker's first message comes after the
// last one this worker stored and judged.
func (sc *shardConsumer) release(ctx context.Context, hold time.Duration) error {
	sc.mu.Lock()
	if sc.closed || sc.consume == nil {
		sc.mu.Unlock()
		return nil
	}
	// Drained, not stopped: the messages already pulled are handled here
	// rather than sent again to the next worker 30 s later.
	consume := sc.consume
	consume.Drain()
	sc.consume = nil
	sc.mu.Unlock()
	// Pull again after hold whatever happens below: a worker that fails
	// to hand over must not leave the shard without a puller.
	defer func() {
		sc.mu.Lock()
		defer sc.mu.Unlock()
		if !sc.closed {
			sc.resume = time.AfterFunc(hold, func() {
				if err := sc.pull(); err != nil {
					sc.log.Error("pulling again after handing the shard over", "err", err)
				}
			})
		}
	}()
	select {
	case <-consume.Closed():
	case <-ctx.Done():
		return ctx.Err()
	}
	sc.inFlight.Wait()
	if sc.cfg.TakeOver != nil {
		if err := sc.cfg.TakeOver(ctx); err != nil {
			return fmt.Errorf("saving the engine's state before the handover: %w", err)
		}
	}
	stream, err := sc.js.Stream(ctx, mqttMessagesStream)
	if err != nil {
		return err
	}
	return stream.UnpinConsumer(ctx, SharedGroup, SharedGroup)
}

func (sc *shardConsumer) close() {
	sc.mu.Lock()
	sc.closed = true
	if sc.resume != nil {
		sc.resume.Stop()
	}
	if sc.consume != nil {
		sc.consume.Stop()
	}
	sc.mu.Unlock()
	sc.conn.Drain()
}
