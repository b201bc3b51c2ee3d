package ingest

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"

	"lifeline/ingest/natsshard"
	"lifeline/ingest/wire"
)

// On a NATS cluster the devices speak MQTT to NATS's MQTT listener, which
// stores every QoS 1 PUBLISH in the account's $MQTT_msgs stream (replicated)
// before its PUBACK. The workers share one durable pull consumer of that
// stream, filtered to the device topics: a message stays in the stream until
// a worker acknowledges it after the commit, and is delivered again if none
// does within streamAckWait. NATS has no MQTT shared subscriptions, so this
// is the group SharedGroup names.
//
// The consumer pins one worker (a priority group with the pinned-client
// policy): every worker pulls, but the cluster delivers only to the pinned
// one, in stream order, so each bracelet's fixes meet one geofence engine
// and a zone entry is confirmed once. The others stand by; when the pinned
// worker stops pulling for streamPinnedTTL (it died, or lost its node) the
// cluster pins the next worker to pull. What the dead one held unacknowledged
// comes again after streamAckWait, stored once. Shared pulling without a pin
// split a bracelet's fixes between two engines and alerted one entry twice
// (issue 34; docs/scaling.md).
//
// A sharded cluster (ExternalConfig.Shards) has an account, a stream and a
// pinned consumer a shard: each shard's fixes are one worker's, and the
// workers spread the shards among themselves (jetstream_balance.go).
const (
	mqttMessagesStream = "$MQTT_msgs"
	mqttMessagesPrefix = "$MQTT.msgs."
	streamAckWait      = 30 * time.Second
	// streamMaxAckPending bounds the packets a worker holds at once, all
	// waiting in the writer's group commit.
	streamMaxAckPending = 1000
	// streamPinnedTTL is how long the cluster keeps the pin of a worker that
	// has stopped pulling; streamPullExpiry is how often an idle worker pulls
	// again, a few times within it, so a live one is never unpinned. The
	// client gives up on a pull that hears no heartbeat for the expiry, half
	// of it between heartbeats: at 1.5 s and a 5 s pin, 2,000 bracelets on
	// 2 cores missed heartbeats every few seconds, and the pin flapped from
	// worker to worker, each new pin stopping to reload, until the workers
	// were 48,000 fixes behind (issue 34).
	streamPinnedTTL  = 15 * time.Second
	streamPullExpiry = 5 * time.Second
)

// streamFilters are the device topics as NATS subjects, the ones the MQTT
// workers subscribe to.
var streamFilters = []string{
	mqttMessagesPrefix + wire.TopicRoot + ".*.position",
	mqttMessagesPrefix + wire.TopicRoot + ".*.battery",
	mqttMessagesPrefix + wire.TopicRoot + ".*.sos",
	mqttMessagesPrefix + OwnTracksRoot + ".*.*",
}

// streamConsumer reads every shard's stream (ingest/natsshard): one
// connection and one consumer an account, and with more than one shard
// the roll call that spreads their pins over the workers
// (jetstream_balance.go).
type streamConsumer struct {
	shards  []*shardConsumer
	workers *workerRollCall
	stop    chan struct{}
	done    chan struct{}
	closing sync.Once
}

// startStreamConsumer connects to the NATS cluster and starts handing each
// device message to handle, concurrently (so they meet in the writer's
// group commit). Each account's $MQTT_msgs stream must exist: NATS creates
// it at the account's first MQTT connection. Until the workers' consumer
// exists the stream keeps nothing (its retention follows interest), so
// start the workers before the bracelets.
func startStreamConsumer(cfg ExternalConfig, handle func(delivery)) (*streamConsumer, error) {
	s := &streamConsumer{stop: make(chan struct{}), done: make(chan struct{})}
	for k, account := range natsshard.Accounts(cfg.Shards) {
		shard, err := startShardConsumer(cfg, k, account, handle)
		if err != nil {
			s.closeShards()
			return nil, err
		}
		s.shards = append(s.shards, shard)
	}
	if len(s.shards) < 2 {
		close(s.done)
		return s, nil
	}
	var err error
	if s.workers, err = answerRollCall(s.shards[0].conn, cfg.ClientID); err != nil {
		s.closeShards()
		return nil, err
	}
	go s.balance(cmp.Or(cfg.BalanceEvery, balanceEvery), cfg.Logger)
	return s, nil
}

// joinConsumer creates the workers' durable consumer, or finds it made by
// another worker. The request is idempotent, so one left unanswered is
// asked again: a second worker joining just as the first had made the
// consumer once waited 30 s for an answer that never came (1 run in 4).
func joinConsumer(js jetstream.JetStream, log *slog.Logger) (jetstream.Consumer, error) {
	for attempt := 1; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		consumer, err := js.CreateOrUpdateConsumer(ctx, mqttMessagesStream, jetstream.ConsumerConfig{
			Durable:        SharedGroup,
			FilterSubjects: streamFilters,
			AckPolicy:      jetstream.AckExplicitPolicy,
			AckWait:        streamAckWait,
			MaxAckPending:  streamMaxAckPending,
			PriorityPolicy: jetstream.PriorityPolicyPinned,
			PriorityGroups: []string{SharedGroup},
			PinnedTTL:      streamPinnedTTL,
		})
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) || attempt == 3 {
			return consumer, err
		}
		log.Warn("no answer to the request for the workers' consumer; asking again", "stream", mqttMessagesStream, "attempt", attempt)
	}
}

// pinIDHeader names the pin a pinned consumer's message was delivered under.
const pinIDHeader = "Nats-Pin-Id"

// pinWatch notices when the cluster pins this worker anew and lets the
// caller catch up (TakeOver) before the first message under the new pin is
// handled. Consume calls its handler from one goroutine, so observe holds
// back every later message while TakeOver runs.
type pinWatch struct {
	takeOver func(context.Context) error
	log      *slog.Logger
	mu       sync.Mutex
	current  string
}

func (p *pinWatch) observe(id string) {
	p.mu.Lock()
	if id == "" || id == p.current {
		p.mu.Unlock()
		return
	}
	p.current = id
	p.mu.Unlock()
	p.log.Info("pinned: this worker now takes the stream's messages", "pin", id)
	if p.takeOver == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := p.takeOver(ctx); err != nil {
		p.log.Error("taking over from the previously pinned worker", "err", err)
	}
}

// pin is the pin this worker last took messages under ("" for none).
func (p *pinWatch) pin() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.current
}

func (s *streamConsumer) close() {
	s.closing.Do(func() {
		close(s.stop)
		<-s.done
		s.closeShards()
	})
}

func (s *streamConsumer) closeShards() {
	for _, shard := range s.shards {
		shard.close()
	}
}

// streamDelivery is a JetStream message as a delivery: its subject read
// back as the MQTT topic it came from.
type streamDelivery struct {
	msg        jetstream.Msg
	ackSeconds prometheus.Histogram
}

func (d streamDelivery) Topic() string {
	return subjectTopic(strings.TrimPrefix(d.msg.Subject(), mqttMessagesPrefix))
}
func (d streamDelivery) Payload() []byte { return d.msg.Data() }

// Accepted is when the stream stored the packet, which is when its device
// had its PUBACK.
func (d streamDelivery) Accepted() (time.Time, bool) {
	meta, err := d.msg.Metadata()
	if err != nil {
		return time.Time{}, false
	}
	return meta.Timestamp, true
}

// Ack waits for the stream to confirm: the packet is committed, and a lost
// acknowledgement would only mean one duplicate, stored once.
func (d streamDelivery) Ack() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	start := time.Now()
	if d.msg.DoubleAck(ctx) == nil {
		d.ackSeconds.Observe(time.Since(start).Seconds())
	}
}

// subjectTopic undoes NATS's mapping of an MQTT topic to a subject: a level
// separator "/" became ".", and a "." inside a level became "//".
func subjectTopic(subject string) string {
	var b strings.Builder
	for i := 0; i < len(subject); i++ {
		switch {
		case subject[i] == '/' && i+1 < len(subject) && subject[i+1] == '/':
			b.WriteByte('.')
			i++
		case subject[i] == '.':
			b.WriteByte('/')
		default:
			b.WriteByte(subject[i])
		}
	}
	return b.String()
}
