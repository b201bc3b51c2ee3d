package ingest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/prometheus/client_golang/prometheus"

	"lifeline"
	"lifeline/ingest/wire"
	"lifeline/internal/ratelimit"
	"lifeline/live"
)

// packetsPerDevice is how many recent packets the tester view keeps per
// bracelet.
const packetsPerDevice = 50

// PacketLog keeps each device's latest packets, accepted and rejected,
// for the tester view in the web app, and publishes them live while the
// owner watches. A phone app's HTTP requests are kept the same way
// (RecordRequest). Every packet's fate passes through it, so it also counts
// the optional values dropped from stored fixes (by field and reason, in
// /metrics) and tallies each device's refused reports for its device card.
//
// Across nodes it works with the shared live events channel alone:
//   - Watching is a lease. The API node that serves POST
//     /api/devices/{id}/watch publishes a live.KindWatch event; every
//     node's PacketLog is subscribed to them, so the ingest node the
//     bracelet's packets reach, whichever it is, publishes that device's
//     records as live.KindPacket events to the owner until the lease ends. The tester view renews the lease while it is open. A device no
//     one watches costs one map lookup per packet and no NOTIFY.
//   - A node that starts watching a device replays the records it already
//     holds, and every node keeps the records other nodes publish in its
//     own log (deduplicated by ID), so GET /api/devices/{id}/packets
//     answers on any node.
//
// Memory is bounded: at most MaxDevices rings of packetsPerDevice slots,
// each holding at most PacketExcerptMax payload bytes. Recording a packet
// copies its excerpt into a slot allocated once per ring and allocates
// nothing.
type PacketLog struct {
	node    string // prefix of this node's record IDs
	max     int
	events  *live.Bus
	rate    RateLimit
	log     *slog.Logger
	dropped prometheus.Counter
	// fieldsDropped counts optional values left out of stored fixes.
	fieldsDropped *prometheus.CounterVec
	refusals      *refusalTally // nil: refusals are not counted

	seq atomic.Uint64
	// watches maps device ID to the end of its watch lease. Read on every
	// packet, written rarely: copied on write, never locked by readers.
	watches atomic.Pointer[map[string]time.Time]
	wmu     sync.Mutex // serialises watch writers

	mu    sync.Mutex
	rings map[string]*packetRing
	clock []*packetRing // every ring, for clock eviction
	hand  int

	queue chan queuedPacket
	stop  chan struct{}
	done  chan struct{}
}

// PacketLogConfig configures a PacketLog.
type PacketLogConfig struct {
	// Events brings watch leases and other nodes' records, and takes
	// watched devices' records to every node (nil: none).
	Events *live.Bus
	// MaxDevices caps the bracelets with a ring (0: 1024, about 17 MB at
	// most); the least recently active unwatched ring makes way.
	MaxDevices int
	// Rate caps live events per watched device; packets above it are still
	// recorded, only their event is dropped and counted (0: 10/s, burst 20).
	Rate RateLimit
	// Registerer gets the dropped-events counter (nil: a private registry).
	Registerer prometheus.Registerer
	Logger     *slog.Logger
	// Refusals adds up each device's refused reports, written every
	// RefusalFlush (0: a second); nil: they are only logged per packet.
	Refusals     lifeline.RefusalStore
	RefusalFlush time.Duration
}

// NewPacketLog starts the log's publisher; Close stops it.
func NewPacketLog(cfg PacketLogConfig) *PacketLog {
	if cfg.MaxDevices <= 0 {
		cfg.MaxDevices = 1024
	}
	if cfg.Rate.PerSecond == 0 {
		cfg.Rate = RateLimit{PerSecond: 10, Burst: 20}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Registerer == nil {
		cfg.Registerer = prometheus.NewRegistry()
	}
	node := make([]byte, 4)
	_, _ = rand.Read(node)
	l := &PacketLog{
		node: hex.EncodeToString(node), max: cfg.MaxDevices, events: cfg.Events, rate: cfg.Rate, log: cfg.Logger,
		dropped: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "lifeline_tester_events_dropped_total",
			Help: "Packet events of watched bracelets not published: over the per-device rate or the queue full.",
		}),
		fieldsDropped: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lifeline_ingest_dropped_fields_total",
			Help: "Optional values of phone fixes left out of the stored fix, by field (\"other\" for fields the protocol does not define) and reason.",
		}, []string{"field", "reason"}),
		rings: map[string]*packetRing{}, queue: make(chan queuedPacket, 1024),
		stop: make(chan struct{}), done: make(chan struct{}),
	}
	cfg.Registerer.MustRegister(l.dropped, l.fieldsDropped)
	if cfg.Refusals != nil {
		l.refusals = newRefusalTally(cfg.Refusals, cfg.RefusalFlush, cfg.Logger)
	}
	l.watches.Store(&map[string]time.Time{})
	if cfg.Events != nil {
		cfg.Events.OnDeviceWatch(func(w lifeline.DeviceWatch) { l.Watch(w.DeviceID, w.Until) })
		cfg.Events.OnPacket(l.keep)
	}
	go l.publish()
	return l
}

var _ lifeline.PacketLog = (*PacketLog)(nil)

// packetResult is what became of a packet.
type packetResult struct {
	kind    wire.Kind // accepted: position or battery
	fixes   int
	reason  string // rejected: the wire reason
	err     error  // rejected: its detail, formatted only when read
	refused int    // fixes refused in a packet that stored others (0: all or none)
	dropped []lifeline.FieldDrop
}

// packetSlot is one recorded packet. Local records keep the raw excerpt;
// records received from another node keep their final form in remote.
type packetSlot struct {
	seq     uint64
	at      time.Time
	topic   string
	size    int
	n       int
	excerpt [lifeline.PacketExcerptMax]byte
	result  packetResult
	remote  *lifeline.PacketRecord
}

type packetRing struct {
	mu      sync.Mutex
	device  string
	userID  int64
	slots   [packetsPerDevice]packetSlot
	next    int // slot the next record goes to
	count   int
	used    bool // clock bit: recorded since the hand last passed
	limiter *ratelimit.Bucket
}

type queuedPacket struct {
	userID int64
	device string
	slot   packetSlot
}

// Record keeps one packet of an authenticated device and, while the device
// is watched, queues it for publication. It runs on the broker's hot path.
func (l *PacketLog) Record(deviceID string, userID int64, at time.Time, topic string, payload []byte, res packetResult) {
	r := l.ring(deviceID, userID)
	r.mu.Lock()
	s := &r.slots[r.next]
	s.seq = l.seq.Add(1)
	s.at, s.topic, s.size, s.result, s.remote = at, topic, len(payload), res, nil
	s.n = copy(s.excerpt[:], payload)
	r.next = (r.next + 1) % packetsPerDevice
	r.count = min(r.count+1, packetsPerDevice)
	r.used = true
	watched := l.watched(deviceID, at)
	var q queuedPacket
	if watched {
		if r.limiter.Allow(at) {
			q = queuedPacket{userID: userID, device: deviceID, slot: *s}
		} else {
			watched = false
			l.dropped.Inc()
		}
	}
	r.mu.Unlock()
	if watched {
		l.enqueue(q)
	}
	l.count(deviceID, userID, at, res)
}

// count adds a packet's dropped values to the metric and its refused
// reports to the device's tally. A rate-limited packet is not refused:
// the device sends it again.
func (l *PacketLog) count(deviceID string, userID int64, at time.Time, res packetResult) {
	for _, d := range res.dropped {
		field := d.Field
		if d.Reason == lifeline.DropUnknownField {
			field = "other" // names from outside would make a series each
		}
		l.fieldsDropped.WithLabelValues(field, d.Reason).Add(float64(d.Count))
	}
	if l.refusals == nil || res.reason == "" || res.reason == "rate_limited" {
		return
	}
	n := max(res.refused, 1)
	l.refusals.add(deviceID, userID, at, n, res.reason, func() string {
		if res.err == nil {
			return ""
		}
		return res.err.Error()
	})
}

// RecordRequest keeps a phone app's HTTP request like a packet: its route
// as the topic and its body (which the caller has cleared of the token).
func (l *PacketLog) RecordRequest(deviceID string, userID int64, at time.Time, route string, body []byte, o lifeline.RequestOutcome) {
	res := packetResult{fixes: o.Fixes, reason: o.Reason, refused: o.Refused, dropped: o.Dropped}
	if o.Fixes > 0 {
		res.kind = wire.KindPosition
	}
	if o.Detail != "" {
		res.err = errors.New(o.Detail)
	}
	l.Record(deviceID, userID, at, route, body, res)
}

func (l *PacketLog) watched(deviceID string, at time.Time) bool {
	until, ok := (*l.watches.Load())[deviceID]
	return ok && at.Before(until)
}

func (l *PacketLog) enqueue(q queuedPacket) {
	select {
	case l.queue <- q:
	default:
		l.dropped.Inc()
	}
}

// ring returns the device's ring, making one (or taking over the least
// recently active unwatched one) the first time.
func (l *PacketLog) ring(deviceID string, userID int64) *packetRing {
	l.mu.Lock()
	defer l.mu.Unlock()
	if r := l.rings[deviceID]; r != nil {
		return r
	}
	var r *packetRing
	if len(l.clock) < l.max {
		r = &packetRing{}
		l.clock = append(l.clock, r)
	} else {
		r = l.evict()
	}
	r.mu.Lock()
	// Old slots are overwritten as new packets come; count hides them.
	r.device, r.userID, r.next, r.count, r.used = deviceID, userID, 0, 0, true
	r.limiter = ratelimit.NewBucket(l.rate)
	r.mu.Unlock()
	l.rings[deviceID] = r
	return r
}

// evict runs the clock hand to a ring not recorded into since its last
// pass and not watched (two rounds at most, then any), and frees it.
func (l *PacketLog) evict() *packetRing {
	now := time.Now()
	for i := 0; ; i++ {
		r := l.clock[l.hand]
		l.hand = (l.hand + 1) % len(l.clock)
		r.mu.Lock()
		keep := r.used || l.watched(r.device, now)
		r.used = false
		r.mu.Unlock()
		if !keep || i >= 2*len(l.clock) {
			delete(l.rings, r.device)
			return r
		}
	}
}

// RecentPackets returns the device's latest packets, newest first.
func (l *PacketLog) RecentPackets(deviceID string) []lifeline.PacketRecord {
	l.mu.Lock()
	r := l.rings[deviceID]
	l.mu.Unlock()
	list := []lifeline.PacketRecord{}
	if r == nil {
		return list
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.device != deviceID {
		return list // evicted meanwhile
	}
	for i := 1; i <= r.count; i++ {
		s := &r.slots[(r.next-i+packetsPerDevice)%packetsPerDevice]
		list = append(list, l.record(deviceID, s))
	}
	return list
}

// record turns a slot into its public form.
func (l *PacketLog) record(deviceID string, s *packetSlot) lifeline.PacketRecord {
	if s.remote != nil {
		return *s.remote
	}
	p := lifeline.PacketRecord{
		ID: l.node + "-" + strconv.FormatUint(s.seq, 10), DeviceID: deviceID, At: s.at, Topic: s.topic, Size: s.size,
		Truncated: s.size > s.n, Outcome: lifeline.PacketAccepted, Fixes: s.result.fixes,
	}
	if s.result.kind != 0 {
		p.Kind = s.result.kind.String()
	}
	p.Excerpt, p.Encoding = excerpt(s.excerpt[:s.n], p.Truncated)
	p.Dropped = s.result.dropped
	if s.result.reason != "" {
		p.Reason = s.result.reason
		if s.result.fixes == 0 {
			p.Outcome = lifeline.PacketRejected
		}
		if s.result.err != nil {
			p.Detail = s.result.err.Error()
		}
	}
	return p
}

// excerpt shows printable UTF-8 as text (a rune cut by the truncation is
// dropped) and anything else as hex.
func excerpt(b []byte, truncated bool) (string, string) {
	text := b
	if truncated {
		for i := 0; i < utf8.UTFMax-1 && len(text) > 0 && !utf8.Valid(text); i++ {
			text = text[:len(text)-1]
		}
	}
	if utf8.Valid(text) && strings.IndexFunc(string(text), func(r rune) bool {
		return !unicode.IsPrint(r) && r != '\n' && r != '\r' && r != '\t'
	}) < 0 {
		return string(text), "text"
	}
	return hex.EncodeToString(b), "hex"
}

// Watch starts or renews a watch lease. A device that was not watched gets
// the records this node holds replayed to its owner.
func (l *PacketLog) Watch(deviceID string, until time.Time) {
	now := time.Now()
	l.wmu.Lock()
	old := *l.watches.Load()
	next := make(map[string]time.Time, len(old)+1)
	for id, end := range old {
		if end.After(now) {
			next[id] = end
		}
	}
	_, renewing := next[deviceID]
	if until.After(next[deviceID]) {
		next[deviceID] = until
	}
	l.watches.Store(&next)
	l.wmu.Unlock()
	if renewing || !until.After(now) {
		return
	}
	l.mu.Lock()
	r := l.rings[deviceID]
	l.mu.Unlock()
	if r == nil {
		return
	}
	r.mu.Lock()
	var replay []queuedPacket
	for i := r.count; i >= 1; i-- { // oldest first
		s := r.slots[(r.next-i+packetsPerDevice)%packetsPerDevice]
		if s.remote == nil && r.device == deviceID {
			replay = append(replay, queuedPacket{userID: r.userID, device: deviceID, slot: s})
		}
	}
	r.mu.Unlock()
	for _, q := range replay {
		l.enqueue(q)
	}
}

// keep stores a record published by another node, once, so this node
// can answer for it.
func (l *PacketLog) keep(userID int64, p lifeline.PacketRecord) {
	if strings.HasPrefix(p.ID, l.node+"-") {
		return // recorded here
	}
	r := l.ring(p.DeviceID, userID)
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := 1; i <= r.count; i++ {
		if s := &r.slots[(r.next-i+packetsPerDevice)%packetsPerDevice]; s.remote != nil && s.remote.ID == p.ID {
			return
		}
	}
	s := &r.slots[r.next]
	*s = packetSlot{at: p.At, remote: &p}
	r.next = (r.next + 1) % packetsPerDevice
	r.count = min(r.count+1, packetsPerDevice)
	r.used = true
}

// publish sends queued records as events, many per round trip.
func (l *PacketLog) publish() {
	defer close(l.done)
	for {
		var first queuedPacket
		select {
		case <-l.stop:
			return
		case first = <-l.queue:
		}
		batch := []queuedPacket{first}
	more:
		for len(batch) < 64 {
			select {
			case q := <-l.queue:
				batch = append(batch, q)
			default:
				break more
			}
		}
		if l.events == nil {
			continue
		}
		events := make([]live.Event, 0, len(batch))
		for i := range batch {
			events = append(events, live.PacketSeen(batch[i].userID, l.record(batch[i].device, &batch[i].slot)))
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		if err := l.events.Publish(ctx, events...); err != nil {
			l.log.Warn("publish packet events", "events", len(events), "err", err)
		}
		cancel()
	}
}

// Close stops publishing and writes the refusals not yet counted.
func (l *PacketLog) Close() {
	close(l.stop)
	<-l.done
	if l.refusals != nil {
		l.refusals.close()
	}
}
