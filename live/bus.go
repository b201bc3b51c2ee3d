package live

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"

	"lifeline"
)

// Transport carries encoded events between nodes: PostgreSQL NOTIFY,
// implemented by store.DB.
type Transport interface {
	// NotifyEvents sends payloads to every listening node, this one
	// included, in one round trip.
	NotifyEvents(ctx context.Context, payloads []string) error
	// ListenEvents calls receive with every payload any node sends, until
	// ctx ends, reconnecting after a lost connection (payloads sent
	// meanwhile are missed: clients resume alerts with Last-Event-ID).
	ListenEvents(ctx context.Context, logger *slog.Logger, receive func(payload string))
}

// Bus publishes events and hands them to their subscribers. Subscribers
// run on the publisher's goroutine for this node's events and on the
// listener's for the other nodes': they must return quickly and never
// wait on a client.
type Bus struct {
	node      string // tells this node's payloads from the others'
	transport Transport
	logger    *slog.Logger

	mu   sync.Mutex
	subs map[Kind][]func(context.Context, Event)
}

var _ Publisher = (*Bus)(nil)

// NewBus returns a bus over transport; a nil transport makes a bus for
// this node alone (a command-line tool or a test).
func NewBus(transport Transport, logger *slog.Logger) *Bus {
	if logger == nil {
		logger = slog.Default()
	}
	id := make([]byte, 8)
	_, _ = rand.Read(id)
	return &Bus{node: hex.EncodeToString(id), transport: transport, logger: logger, subs: map[Kind][]func(context.Context, Event){}}
}

// wireEvent is an event on the transport, marked with its node so that
// the publishing node, which delivered it already, skips it.
type wireEvent struct {
	Node string `json:"n"`
	Event
}

// Publish hands events to this node's subscribers at once, then sends
// them to the other nodes. Publish an alert only once it is committed.
func (b *Bus) Publish(ctx context.Context, events ...Event) error {
	for _, e := range events {
		b.deliver(ctx, e)
	}
	if b.transport == nil || len(events) == 0 {
		return nil
	}
	payloads := make([]string, 0, len(events))
	for _, e := range events {
		raw, err := json.Marshal(wireEvent{Node: b.node, Event: e})
		if err != nil {
			return fmt.Errorf("live: encode %s event: %w", e.Kind, err)
		}
		payloads = append(payloads, string(raw))
	}
	return b.transport.NotifyEvents(ctx, payloads)
}

// Listen hands the other nodes' events to this node's subscribers until
// ctx ends.
func (b *Bus) Listen(ctx context.Context) {
	if b.transport == nil {
		return
	}
	b.transport.ListenEvents(ctx, b.logger, func(payload string) {
		var w wireEvent
		if err := json.Unmarshal([]byte(payload), &w); err != nil || w.UserID == 0 || w.Node == b.node {
			return // unreadable, or published (and delivered) here
		}
		b.deliver(ctx, w.Event)
	})
}

func (b *Bus) deliver(ctx context.Context, e Event) {
	b.mu.Lock()
	subs := b.subs[e.Kind]
	b.mu.Unlock()
	for _, fn := range subs {
		fn(ctx, e)
	}
}

func (b *Bus) subscribe(fn func(context.Context, Event), kinds ...Kind) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, k := range kinds {
		// A new slice each time: deliver iterates the old one unlocked.
		b.subs[k] = append(b.subs[k][:len(b.subs[k]):len(b.subs[k])], fn)
	}
}

// OnUserEvent subscribes fn to every user event (the live streams).
func (b *Bus) OnUserEvent(fn func(Event)) {
	b.subscribe(func(_ context.Context, e Event) { fn(e) }, userKinds...)
}

// OnZoneChanged subscribes fn to zone edits (the geofence engine).
func (b *Bus) OnZoneChanged(fn func(ctx context.Context, zoneID int64)) {
	b.subscribe(func(ctx context.Context, e Event) { fn(ctx, e.ID) }, KindZone)
}

// OnAlertAnswered subscribes fn to the wearer's answers to geofence
// alerts (the geofence engine).
func (b *Bus) OnAlertAnswered(fn func(ctx context.Context, userID, zoneID int64, deviceID string)) {
	b.subscribe(func(ctx context.Context, e Event) {
		var a answered
		if json.Unmarshal(e.Data, &a) == nil && e.ID > 0 {
			fn(ctx, e.UserID, e.ID, a.DeviceID)
		}
	}, KindAnswered)
}

// OnSOSRaised subscribes fn to SOSes raised on any node (the delivery
// worker claims at once rather than at its next poll).
func (b *Bus) OnSOSRaised(fn func()) {
	b.subscribe(func(_ context.Context, e Event) {
		var s sosChange
		if json.Unmarshal(e.Data, &s) == nil && s.AlertID > 0 && s.Open {
			fn()
		}
	}, KindSOS)
}

// OnDeviceRevoked subscribes fn to revocations (the broker holding the
// bracelet's connection).
func (b *Bus) OnDeviceRevoked(fn func(deviceID string)) {
	b.subscribe(func(_ context.Context, e Event) {
		var r revoked
		if json.Unmarshal(e.Data, &r) == nil && r.ID != "" {
			fn(r.ID)
		}
	}, KindRevoked)
}

// OnDeviceWatch subscribes fn to watch leases (the packet log).
func (b *Bus) OnDeviceWatch(fn func(lifeline.DeviceWatch)) {
	b.subscribe(func(_ context.Context, e Event) {
		var w lifeline.DeviceWatch
		if json.Unmarshal(e.Data, &w) == nil && w.DeviceID != "" {
			fn(w)
		}
	}, KindWatch)
}

// OnPacket subscribes fn to watched bracelets' packet records, this
// node's and the other nodes' (the packet log keeps the others').
func (b *Bus) OnPacket(fn func(userID int64, p lifeline.PacketRecord)) {
	b.subscribe(func(_ context.Context, e Event) {
		var p lifeline.PacketRecord
		if json.Unmarshal(e.Data, &p) == nil && p.DeviceID != "" {
			fn(e.UserID, p)
		}
	}, KindPacket)
}
