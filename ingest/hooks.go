package ingest

import (
	"bytes"
	"context"
	"crypto/subtle"
	"errors"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	mqtt "github.com/mochi-mqtt/server/v2"
	"github.com/mochi-mqtt/server/v2/packets"

	"lifeline"
	"lifeline/ingest/wire"
	"lifeline/internal/ratelimit"
	"lifeline/live"
)

// deviceHook enforces the bracelet wire contract v1 and OwnTracks' topics
// inside the broker: who may connect, what each device may publish and
// subscribe to, and what happens to a position or battery packet (decoded,
// committed, then acked).
type deviceHook struct {
	mqtt.HookBase
	devices lifeline.DeviceService
	writer  *Writer
	limits  wire.Limits
	rate    RateLimit
	metrics *Metrics
	log     *slog.Logger
	now     func() time.Time
	// publishWaypoints sends a phone's owner's zones to OwnTracks command
	// topics.
	publishWaypoints func(userID int64, cmdTopics []string)
	// maxClients caps connected devices (0: no cap).
	maxClients int
	// connack answers a client the hook turns away with a reason of its
	// own (mochi would answer 0x86).
	connack func(cl *mqtt.Client, code packets.Code)
	// events announces connection changes to the web app (may be nil).
	events *live.Bus
	// packets records every packet for the tester view (may be nil).
	packets *PacketLog

	// guard throttles addresses that fail authentication again and again;
	// known lets devices verified lately through one that is throttled.
	guard *authGuard
	known *knownDevices

	mu       sync.Mutex
	sessions map[string]*deviceSession // by device ID
}

// deviceSession is a connected, authenticated device.
type deviceSession struct {
	client  *mqtt.Client
	userID  int64
	kind    string
	limiter *ratelimit.Bucket
	// cmdTopics are the OwnTracks command topics of a phone's app (one per
	// OwnTracks device name it used), guarded by the hook's mu.
	cmdTopics []string
}

func (h *deviceHook) ID() string { return "lifeline-devices" }

func (h *deviceHook) Provides(b byte) bool {
	return bytes.Contains([]byte{mqtt.OnConnect, mqtt.OnConnectAuthenticate, mqtt.OnACLCheck, mqtt.OnPublish, mqtt.OnSubscribed, mqtt.OnSessionEstablished, mqtt.OnDisconnect}, []byte{b})
}

func (h *deviceHook) refuse(reason string, cl *mqtt.Client) bool {
	h.metrics.Refused.WithLabelValues(reason).Inc()
	h.log.Info("mqtt refused", "reason", reason, "client", cl.ID, "remote", cl.Net.Remote)
	return false
}

// OnConnect turns connections away once the cap is reached (a device
// reconnecting to take over its own session still gets in), with "server
// busy" so a well-behaved client backs off.
func (h *deviceHook) OnConnect(cl *mqtt.Client, pk packets.Packet) error {
	if h.maxClients <= 0 {
		return nil
	}
	h.mu.Lock()
	_, reconnecting := h.sessions[string(pk.Connect.Username)]
	full := len(h.sessions) >= h.maxClients && !reconnecting
	h.mu.Unlock()
	if full {
		h.refuse("max_clients", cl)
		code := packets.ErrServerBusy
		if cl.Properties.ProtocolVersion < 5 {
			code = packets.ErrServerUnavailable // 3.1.1 has no "busy"; this maps to its code 3
		}
		if h.connack != nil {
			h.connack(cl, code)
		}
		return packets.ErrServerBusy
	}
	return nil
}

// OnConnectAuthenticate admits a device whose username is its ID and whose
// password is its current token. A bracelet's client ID must be its ID; a
// phone's may be anything (OwnTracks picks its own), and is replaced by the
// device ID before mochi looks for a session to take over, so a phone
// takes over only its own earlier connection, never another device's.
func (h *deviceHook) OnConnectAuthenticate(cl *mqtt.Client, pk packets.Packet) bool {
	now := h.now()
	id := string(pk.Connect.Username)
	if h.guard.blocked(cl.Net.Remote, now, false) {
		return h.admitKnown(cl, pk, id, now)
	}
	fail := func(reason string) bool {
		h.guard.failed(cl.Net.Remote, now)
		return h.refuse(reason, cl)
	}
	if id == "" || !wire.ValidDeviceID(id) {
		return fail("unknown_device")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	done, ok := h.guard.lookupSlot(ctx, cl.Net.Remote)
	if !ok {
		h.metrics.Refused.WithLabelValues("auth_throttled").Inc()
		return false
	}
	defer done()
	if now = h.now(); h.guard.blocked(cl.Net.Remote, now, true) { // failures counted, or under way, while it waited
		return h.admitKnown(cl, pk, id, now)
	}
	generation := h.known.generation()
	creds, err := h.devices.DeviceCredentials(ctx, id)
	switch {
	case lifeline.ErrorCode(err) == lifeline.ENOTFOUND:
		h.known.forget(id, nil)
		return fail("unknown_device")
	case err != nil:
		h.log.Error("device lookup failed", "device", id, "err", err)
		return h.refuse("store_error", cl)
	case creds.Revoked():
		h.known.forget(id, creds)
		return fail("revoked")
	case subtle.ConstantTimeCompare(lifeline.HashDeviceToken(string(pk.Connect.Password)), creds.TokenHash) != 1:
		h.known.forget(id, creds)
		return fail("bad_token")
	case creds.Kind != lifeline.DevicePhone && cl.ID != id:
		return fail("client_id_mismatch")
	}
	h.known.remember(creds, now, generation)
	if !h.willAllowed(cl, id, creds.Kind) {
		return false
	}
	h.admit(cl, id, creds.UserID, creds.Kind)
	return true
}

// admitKnown is the way in from a throttled address: only a device
// verified here lately, with the same token, gets in; nothing from the
// address is looked up.
func (h *deviceHook) admitKnown(cl *mqtt.Client, pk packets.Packet, id string, now time.Time) bool {
	userID, kind, ok := h.known.admit(id, pk.Connect.Password, now)
	if !ok || (kind != lifeline.DevicePhone && cl.ID != id) {
		h.metrics.Refused.WithLabelValues("auth_throttled").Inc() // not logged: a flood would flood the log
		return false
	}
	if !h.willAllowed(cl, id, kind) {
		return false
	}
	h.metrics.KnownDeviceAdmissions.Inc()
	h.admit(cl, id, userID, kind)
	return true
}

// willAllowed holds a Will to the rule a PUBLISH meets (acl.go): a device
// that names a topic it may not write is refused with "not authorized"
// (MQTT 5: 0x87; 3.1.1: 5), so the broker never publishes it on the
// device's behalf, at once or after a Will delay. An allowed Will loses
// its retain flag: the server keeps nothing a device sends, and a retained
// Will per reconnect would pile up in memory.
func (h *deviceHook) willAllowed(cl *mqtt.Client, id, kind string) bool {
	will := &cl.Properties.Will
	if atomic.LoadUint32(&will.Flag) == 0 {
		return true
	}
	if deviceMayWrite(kind, id, will.TopicName) {
		will.Retain = false
		return true
	}
	h.metrics.Refused.WithLabelValues("foreign_will").Inc()
	h.log.Info("mqtt refused", "reason", "foreign_will", "client", cl.ID, "topic", will.TopicName, "remote", cl.Net.Remote)
	code := packets.ErrNotAuthorized
	if cl.Properties.ProtocolVersion < 5 {
		code = packets.ErrBadUsernameOrPassword // mochi writes it as 3.1.1's 5, not authorized
	}
	if h.connack != nil {
		h.connack(cl, code)
	}
	// Closed, mochi's own CONNACK (0x86) is never written after ours.
	cl.Stop(code)
	return false
}

// admit files an authenticated device's session under its ID.
func (h *deviceHook) admit(cl *mqtt.Client, id string, userID int64, kind string) {
	if cl.ID != id {
		if cl.Properties.Props.AssignedClientID != "" {
			cl.Properties.Props.AssignedClientID = id // MQTT 5: the CONNACK tells the ID in use
		}
		cl.ID = id
	}
	h.mu.Lock()
	// A reconnecting device replaces its old session (mochi then closes the
	// old connection): the gauge follows the map, not the events.
	h.sessions[id] = &deviceSession{client: cl, userID: userID, kind: kind, limiter: ratelimit.NewBucket(h.rate)}
	h.metrics.Connected.Set(float64(len(h.sessions)))
	h.mu.Unlock()
}

func (h *deviceHook) OnSessionEstablished(cl *mqtt.Client, pk packets.Packet) {
	s := h.session(cl)
	if s == nil {
		return
	}
	// A persistent session that kept its subscription gets the config now;
	// a device that subscribes (as the contract says) gets it then.
	if _, subscribed := cl.State.Subscriptions.Get(wire.ConfigTopic(cl.ID)); subscribed && s.kind != lifeline.DevicePhone {
		go sendConfig(h.log, cl)
	}
	h.announce(s.userID, cl.ID, true)
}

// announce tells the owner's live streams that a bracelet came or went,
// off the broker's goroutine.
func (h *deviceHook) announce(userID int64, deviceID string, connected bool) {
	if h.events == nil {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := h.events.Publish(ctx, live.DeviceConnection(userID, deviceID, connected)); err != nil {
			h.log.Debug("announce device", "device", deviceID, "err", err)
		}
	}()
}

// OnDisconnect forgets the session, unless a newer connection of the same
// device has already taken it over.
func (h *deviceHook) OnDisconnect(cl *mqtt.Client, err error, expire bool) {
	if errors.Is(err, packets.ErrPacketTooLarge) {
		h.metrics.Refused.WithLabelValues("packet_too_large").Inc()
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if s, ok := h.sessions[cl.ID]; ok && s.client == cl {
		delete(h.sessions, cl.ID)
		h.metrics.Connected.Set(float64(len(h.sessions)))
		h.announce(s.userID, cl.ID, false)
	}
}

func (h *deviceHook) session(cl *mqtt.Client) *deviceSession {
	h.mu.Lock()
	defer h.mu.Unlock()
	if s, ok := h.sessions[cl.ID]; ok && s.client == cl {
		return s
	}
	return nil
}

// OnACLCheck applies the devices' rule (acl.go) to a PUBLISH and a
// SUBSCRIBE. A connection that no longer holds its device's session (a
// newer one took it over) may do neither.
func (h *deviceHook) OnACLCheck(cl *mqtt.Client, topic string, write bool) bool {
	allowed := false
	if s := h.session(cl); s != nil {
		if write {
			allowed = deviceMayWrite(s.kind, cl.ID, topic)
		} else {
			allowed = deviceMayRead(s.kind, cl.ID, topic)
		}
	}
	if !allowed {
		h.metrics.Refused.WithLabelValues("acl").Inc()
		h.log.Info("mqtt topic refused", "client", cl.ID, "topic", topic, "write", write)
	}
	return allowed
}

// OnPublish decodes a packet and hands it to the writer without waiting:
// the client's reader moves on to its next packet, so a device can keep
// several in flight and batches grow with load. The PUBACK is written when
// the packet's turn in the writer's queue completes: after its rows are
// committed, or at once in queue order for a rejected packet, so
// acknowledgements keep the order packets arrived in (MQTT 4.6). Returning
// ErrRejectPacket stops mochi from acknowledging (or fanning out) itself.
func (h *deviceHook) OnPublish(cl *mqtt.Client, pk packets.Packet) (packets.Packet, error) {
	if cl.Net.Inline {
		return pk, nil // the server's own retained config messages
	}
	v5 := cl.Properties.ProtocolVersion == 5
	ack := func(code packets.Code) {
		if pk.FixedHeader.Qos == 0 {
			return
		}
		if err := cl.WritePacket(pubAck(pk.PacketID, code)); err != nil {
			h.log.Debug("puback not written", "device", cl.ID, "err", err)
		}
	}
	s := h.session(cl)
	if s == nil {
		// Never fall through to mochi, which would retain and forward it.
		h.metrics.Refused.WithLabelValues("no_session").Inc()
		if v5 {
			ack(packets.ErrNotAuthorized)
		} else {
			cl.Stop(packets.ErrNotAuthorized)
		}
		return pk, packets.ErrRejectPacket
	}
	now := h.now()
	if !s.limiter.Allow(now) {
		h.metrics.Refused.WithLabelValues("rate_limited").Inc()
		h.record(cl.ID, s.userID, now, pk, packetResult{reason: "rate_limited"})
		if !v5 {
			// MQTT 3.1.1 has no negative PUBACK: drop the connection unacked,
			// so the device resends later instead of believing it delivered.
			cl.Stop(packets.ErrMessageRateTooHigh)
			return pk, packets.ErrRejectPacket
		}
		return pk, h.submit(cl, nil, nil, func(error) { ack(packets.ErrMessageRateTooHigh) })
	}
	p, err := decodePacket(pk.TopicName, pk.Payload, sender{deviceID: cl.ID, userID: s.userID, kind: s.kind}, now, h.limits)
	h.record(cl.ID, s.userID, now, pk, logged(p, err))
	if err != nil {
		reason := wire.ReasonOf(err)
		h.metrics.RejectedFixes.WithLabelValues(reason).Inc()
		h.log.Debug("packet rejected", "device", cl.ID, "topic", pk.TopicName, "reason", reason, "err", err)
		code := packets.CodeSuccess // MQTT 3.1.1: acked as "rejected as invalid"
		if v5 {
			code = packets.ErrPayloadFormatInvalid // PUBACK 0x99
		}
		return pk, h.submit(cl, nil, nil, func(error) { ack(code) })
	}
	if s.kind == lifeline.DevicePhone {
		h.learnOwnTracksDevice(s, pk.TopicName)
	}
	done := func(err error) {
		switch {
		case err == nil:
			ack(packets.CodeSuccess)
		case v5:
			ack(packets.ErrImplementationSpecificError)
		default:
			cl.Stop(err) // no negative PUBACK in 3.1.1: let the device resend
		}
	}
	if p.sos != nil {
		if err := h.writer.SubmitSOS(p.fixes, *p.sos, done); err != nil {
			h.log.Warn("sos not queued", "device", cl.ID, "err", err)
			cl.Stop(err)
		}
		return pk, packets.ErrRejectPacket
	}
	return pk, h.submit(cl, p.fixes, p.batteries, done)
}

// record keeps the packet for the tester view: a copy of its first bytes
// in a preallocated slot, nothing allocated.
func (h *deviceHook) record(deviceID string, userID int64, at time.Time, pk packets.Packet, res packetResult) {
	if h.packets != nil {
		h.packets.Record(deviceID, userID, at, pk.TopicName, pk.Payload, res)
	}
}

// submit queues a packet's rows; it returns ErrRejectPacket so mochi leaves
// the acknowledgement to done.
func (h *deviceHook) submit(cl *mqtt.Client, fixes []lifeline.Fix, batteries []lifeline.BatteryReading, done func(error)) error {
	if err := h.writer.Submit(fixes, batteries, done); err != nil {
		h.log.Warn("packet not queued", "device", cl.ID, "err", err)
		cl.Stop(err)
	}
	return packets.ErrRejectPacket
}

// pubAck builds a PUBACK; an error code carries its reason string (MQTT 5).
func pubAck(packetID uint16, code packets.Code) packets.Packet {
	pk := packets.Packet{FixedHeader: packets.FixedHeader{Type: packets.Puback}, PacketID: packetID, ReasonCode: code.Code}
	if code.Code >= packets.ErrUnspecifiedError.Code {
		pk.Properties.ReasonString = code.Reason
	}
	return pk
}

// RateLimit is a token bucket: Burst packets at once, refilled at
// PerSecond. Zero PerSecond means no limit.
type RateLimit = ratelimit.Limit

// OnSubscribed sends a bracelet its config when it subscribes to its config
// topic, and a phone the owner's zones when it subscribes to its
// OwnTracks command topic (an exact filter names the OwnTracks device; a
// wildcard one is answered for the devices it has published as).
func (h *deviceHook) OnSubscribed(cl *mqtt.Client, pk packets.Packet, reasonCodes []byte) {
	s := h.session(cl)
	if s != nil && s.kind != lifeline.DevicePhone {
		for i, f := range pk.Filters {
			if i < len(reasonCodes) && reasonCodes[i] < packets.ErrUnspecifiedError.Code && f.Filter == wire.ConfigTopic(cl.ID) {
				go sendConfig(h.log, cl) // MQTT allows it before the SUBACK
			}
		}
		return
	}
	if s == nil || s.kind != lifeline.DevicePhone || h.publishWaypoints == nil {
		return
	}
	var granted []string
	for i, f := range pk.Filters {
		if i >= len(reasonCodes) || reasonCodes[i] >= packets.ErrUnspecifiedError.Code {
			continue
		}
		granted = append(granted, f.Filter)
		if user, device, sub, ok := parseOwnTracksTopic(f.Filter); ok && sub == "cmd" && user == cl.ID {
			h.addCmdTopic(s, ownTracksCmdTopic(user, device))
		}
	}
	h.mu.Lock()
	var topics []string
	for _, topic := range s.cmdTopics {
		if slices.ContainsFunc(granted, func(filter string) bool { return filterMatches(filter, topic) }) {
			topics = append(topics, topic)
		}
	}
	h.mu.Unlock()
	h.publishWaypoints(s.userID, topics)
}

// learnOwnTracksDevice notes the OwnTracks device a phone publishes as;
// the first time, it is sent the owner's zones.
func (h *deviceHook) learnOwnTracksDevice(s *deviceSession, topic string) {
	user, device, _, ok := parseOwnTracksTopic(topic)
	if !ok || h.publishWaypoints == nil {
		return
	}
	cmd := ownTracksCmdTopic(user, device)
	if h.addCmdTopic(s, cmd) {
		h.publishWaypoints(s.userID, []string{cmd})
	}
}

// addCmdTopic remembers a command topic (up to maxOwnTracksDevices); it
// reports whether the topic is new.
func (h *deviceHook) addCmdTopic(s *deviceSession, topic string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if slices.Contains(s.cmdTopics, topic) || len(s.cmdTopics) >= maxOwnTracksDevices {
		return false
	}
	s.cmdTopics = append(s.cmdTopics, topic)
	return true
}

// userCmdTopics lists the command topics of every connected phone of a
// user.
func (h *deviceHook) userCmdTopics(userID int64) []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	var topics []string
	for _, s := range h.sessions {
		if s.userID == userID {
			topics = append(topics, s.cmdTopics...)
		}
	}
	return topics
}
