package ingest

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"lifeline"
	"lifeline/ingest/wire"
)

// SharedGroup is the shared-subscription group every ingest worker joins:
// the broker hands each message to one worker of the group.
const SharedGroup = "lifeline"

// ExternalConfig connects an ingest worker to an existing MQTT broker
// (Mosquitto, EMQX, VerneMQ, HiveMQ) instead of embedding one.
type ExternalConfig struct {
	// BrokerURL is tcp://host:1883, ssl://host:8883 or ws://host:8083 for
	// an MQTT broker, or nats://host:4222 (comma-separated, every node)
	// for a NATS cluster whose MQTT listener the devices use.
	BrokerURL string
	// Shards is how many accounts a NATS cluster's devices are spread
	// over (ingest/natsshard; 0 or 1: one); the worker reads each one's
	// stream as its twin of Username.
	Shards   int
	ClientID string // unique per worker; kept, so the broker keeps its session
	Username string
	Password string

	Devices lifeline.DeviceService
	Writer  lifeline.FixWriter
	Limits  wire.Limits
	// Packets, when set, records every packet for the tester view.
	Packets *PacketLog
	Metrics *Metrics
	Logger  *slog.Logger
	// TakeOver, when set, is called on a NATS cluster each time the
	// workers' consumer pins this worker (docs/scaling.md), before the first
	// message under the new pin is handled: the devices it is handed were
	// another worker's, whose geofence engine moved their state on in the
	// database (the guard's Reload). An error is logged; the messages are
	// handled anyway.
	// It is called too before this worker hands a shard over to another
	// (BalanceEvery): it returns once the engine has saved the state of
	// every fix it was given.
	TakeOver func(context.Context) error
	// BalanceEvery is how often the workers of a sharded NATS cluster
	// spread the shards among themselves (0: 30 s).
	BalanceEvery time.Duration
	// Now is the worker's clock: a packet's receive time, which its ts is
	// checked against (nil: time.Now).
	Now func() time.Time
}

// External is an ingest worker on an outside broker. It reads bracelet
// packets and OwnTracks phones' base topics (their locations) through
// shared subscriptions and acknowledges each only after its
// rows are committed, so a worker that dies loses nothing: the broker
// redelivers what it had not acknowledged.
type External struct {
	cfg     ExternalConfig
	client  paho.Client
	stream  *streamConsumer // instead of client, on a NATS cluster
	devices *deviceCache
}

// delivery is one message from the broker: an MQTT PUBLISH or a JetStream
// message. Ack tells the broker it is done with.
type delivery interface {
	Topic() string
	Payload() []byte
	Ack()
}

// StartExternal connects and subscribes; it returns once subscribed.
func StartExternal(cfg ExternalConfig) (*External, error) {
	cfg.Logger, cfg.Metrics, cfg.Now = orDefaults(cfg.Logger, cfg.Metrics, cfg.Now)
	e := &External{cfg: cfg, devices: &deviceCache{store: cfg.Devices, ttl: 30 * time.Second, now: cfg.Now, entries: map[string]cachedDevice{}}}
	if strings.HasPrefix(cfg.BrokerURL, "nats://") {
		stream, err := startStreamConsumer(cfg, e.handle)
		if err != nil {
			return nil, err
		}
		e.stream = stream
		return e, nil
	}
	subscribed := make(chan error, 1)
	opts := paho.NewClientOptions().
		AddBroker(cfg.BrokerURL).
		SetClientID(cfg.ClientID).
		SetUsername(cfg.Username).
		SetPassword(cfg.Password).
		SetProtocolVersion(4).
		SetCleanSession(false).
		SetAutoAckDisabled(true). // acknowledged by hand, after the commit
		// A broker resends what it queued for this session right after
		// CONNACK, before the subscription below has registered its
		// handler; without a default handler paho would drop those
		// packets unacknowledged, stuck until the next reconnect.
		SetDefaultPublishHandler(e.handleMQTT).
		SetOrderMatters(false). // handle messages concurrently, so they batch
		SetAutoReconnect(true).
		SetMaxReconnectInterval(10 * time.Second).
		SetConnectionLostHandler(func(_ paho.Client, err error) {
			cfg.Logger.Warn("external broker connection lost; reconnecting", "err", err)
		}).
		SetOnConnectHandler(func(c paho.Client) {
			// Subscribe on every (re)connect: a broker may have lost the session.
			filters := map[string]byte{
				"$share/" + SharedGroup + "/" + wire.TopicRoot + "/+/position": 1,
				"$share/" + SharedGroup + "/" + wire.TopicRoot + "/+/battery":  1,
				"$share/" + SharedGroup + "/" + wire.TopicRoot + "/+/sos":      1,
				"$share/" + SharedGroup + "/" + OwnTracksRoot + "/+/+":         1,
			}
			tok := c.SubscribeMultiple(filters, e.handleMQTT)
			tok.Wait()
			if err := tok.Error(); err != nil {
				cfg.Logger.Error("subscribe on the external broker", "err", err)
			}
			select {
			case subscribed <- tok.Error():
			default:
			}
		})
	e.client = paho.NewClient(opts)
	if tok := e.client.Connect(); !tok.WaitTimeout(30*time.Second) || tok.Error() != nil {
		e.client.Disconnect(0)
		return nil, fmt.Errorf("ingest: connect to external broker %s: %v", cfg.BrokerURL, tok.Error())
	}
	select {
	case err := <-subscribed:
		if err != nil {
			e.client.Disconnect(0)
			return nil, fmt.Errorf("ingest: subscribe on external broker: %w", err)
		}
	case <-time.After(30 * time.Second):
		e.client.Disconnect(0)
		return nil, fmt.Errorf("ingest: no subscription answer from %s", cfg.BrokerURL)
	}
	cfg.Logger.Info("ingesting from external broker", "broker", cfg.BrokerURL, "client", cfg.ClientID, "group", SharedGroup)
	return e, nil
}

// orDefaults fills in what a way into ingest leaves unset: the default
// logger, a private metrics registry and the machine's clock.
func orDefaults(logger *slog.Logger, metrics *Metrics, now func() time.Time) (*slog.Logger, *Metrics, func() time.Time) {
	if logger == nil {
		logger = slog.Default()
	}
	if metrics == nil {
		metrics = NewMetrics(nil)
	}
	if now == nil {
		now = time.Now
	}
	return logger, metrics, now
}

func (e *External) handleMQTT(_ paho.Client, msg paho.Message) { e.handle(msg) }

// handle stores one packet and then acknowledges it. Invalid packets and
// packets of unknown or revoked devices are acknowledged without storing:
// redelivering them could never succeed.
func (e *External) handle(msg delivery) {
	deviceID, err := topicDevice(msg.Topic())
	if err != nil {
		e.reject(msg, wire.ReasonOf(err))
		return
	}
	device, err := e.devices.get(deviceID)
	if err != nil {
		e.cfg.Logger.Warn("device lookup failed; the packet will be redelivered", "device", deviceID, "err", err)
		return // not acknowledged
	}
	if device == nil {
		e.reject(msg, "unknown_device")
		return
	}
	if device.Revoked() && !acceptedBefore(msg, device.RevokedAt) {
		e.reject(msg, "revoked_device")
		return
	}
	now := e.cfg.Now()
	p, err := decodePacket(msg.Topic(), msg.Payload(), sender{deviceID: deviceID, userID: device.UserID, kind: device.Kind}, now, e.cfg.Limits)
	e.record(deviceID, device.UserID, now, msg, logged(p, err))
	if err != nil {
		e.reject(msg, wire.ReasonOf(err))
		return
	}
	write := func() error { return e.cfg.Writer.Write(context.Background(), p.fixes, p.batteries) }
	if sw, ok := e.cfg.Writer.(interface {
		WriteSOS(context.Context, []lifeline.Fix, SOSPress) error
	}); ok && p.sos != nil {
		write = func() error { return sw.WriteSOS(context.Background(), p.fixes, *p.sos) }
	}
	if err := write(); err != nil {
		if lifeline.ErrorCode(err) == lifeline.EINVALID {
			e.reject(msg, "store_refused")
			return
		}
		e.cfg.Logger.Warn("packet not stored; it will be redelivered", "device", deviceID, "err", err)
		return
	}
	msg.Ack()
}

// acceptedBefore reports whether the broker accepted msg before t: on a
// NATS cluster a packet is in the stream, acknowledged to its device, before
// a worker takes it, and one that waited there across a revocation (a
// redelivery after a node's death) was sent by a device still its owner's.
// Deliveries that carry no such time (MQTT shared subscriptions) are judged
// as arriving now.
func acceptedBefore(msg delivery, t time.Time) bool {
	s, ok := msg.(interface{ Accepted() (time.Time, bool) })
	if !ok {
		return false
	}
	at, ok := s.Accepted()
	return ok && at.Before(t)
}

// topicDevice is the device a topic names: bracelets/{id}/… or
// owntracks/{id}/….
func topicDevice(topic string) (string, error) {
	if user, _, _, ok := parseOwnTracksTopic(topic); ok {
		return user, nil
	}
	id, _, err := wire.ParseTopic(topic)
	return id, err
}

func (e *External) record(deviceID string, userID int64, at time.Time, msg delivery, res packetResult) {
	if e.cfg.Packets != nil {
		e.cfg.Packets.Record(deviceID, userID, at, msg.Topic(), msg.Payload(), res)
	}
}

func (e *External) reject(msg delivery, reason string) {
	e.cfg.Metrics.RejectedFixes.WithLabelValues(reason).Inc()
	msg.Ack()
}

// Close disconnects, letting handlers in flight finish for up to a second.
func (e *External) Close() {
	if e.stream != nil {
		e.stream.close()
		return
	}
	e.client.Disconnect(1000)
}

// Forget drops what the worker remembers of a device, so that its next
// packet is looked up again. It is a live-event subscriber
// (live.Bus.OnDeviceRevoked): a revoked device's packets are refused from
// the moment the event arrives, not up to the cache's TTL later, while the
// broker may still hold its connection.
func (e *External) Forget(deviceID string) { e.devices.forget(deviceID) }

// deviceCache remembers device owners for a while: a worker must not query
// the database for every packet. A revocation clears its entry (Forget); a
// worker that missed the event sees it within the TTL (and the outside
// broker refuses a revoked device at its next connect).
type deviceCache struct {
	store   lifeline.DeviceService
	ttl     time.Duration
	now     func() time.Time
	mu      sync.Mutex
	entries map[string]cachedDevice
}

type cachedDevice struct {
	creds   *lifeline.DeviceCredentials // nil: unknown
	expires time.Time
}

func (c *deviceCache) forget(id string) {
	c.mu.Lock()
	delete(c.entries, id)
	c.mu.Unlock()
}

func (c *deviceCache) get(id string) (*lifeline.DeviceCredentials, error) {
	c.mu.Lock()
	entry, ok := c.entries[id]
	c.mu.Unlock()
	if ok && c.now().Before(entry.expires) {
		return entry.creds, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	creds, err := c.store.DeviceCredentials(ctx, id)
	if lifeline.ErrorCode(err) == lifeline.ENOTFOUND {
		creds, err = nil, nil
	}
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.entries[id] = cachedDevice{creds: creds, expires: c.now().Add(c.ttl)}
	c.mu.Unlock()
	return creds, nil
}
