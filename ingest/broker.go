// Package ingest is where bracelets and phones come in over MQTT: the
// embedded MQTT broker with the hooks that enforce the wire contract (and
// OwnTracks' topics for phones), and the writer that commits fixes before
// they are acknowledged.
package ingest

import (
	"context"
	"crypto/tls"
	"fmt"
	"log/slog"
	"sync"
	"time"

	mqtt "github.com/mochi-mqtt/server/v2"
	"github.com/mochi-mqtt/server/v2/packets"

	"lifeline"
	"lifeline/ingest/phone"
	"lifeline/ingest/wire"
	"lifeline/internal/gate"
	"lifeline/live"
)

// Per-connection buffers of the embedded broker (docs/faults.md, "Memory
// per connection").
const (
	connReadBuffer  = 512
	connWriteBuffer = 512
)

// BrokerConfig says where the broker listens and what it enforces.
type BrokerConfig struct {
	// TCPAddr and WSAddr are listen addresses; port 0 picks a free port.
	TCPAddr string
	WSAddr  string
	// TLS, when set, secures both listeners.
	TLS *tls.Config

	Devices lifeline.DeviceService
	Writer  *Writer
	// Zones, when set, are sent to connected OwnTracks phones as regions:
	// when they subscribe and, with Events set, whenever a zone changes.
	Zones lifeline.ZoneService
	// Limits bound packets; zero fields mean wire's defaults.
	Limits wire.Limits
	// Rate limits each device's publishes.
	Rate RateLimit
	// MaxClients caps concurrent connections (0: no cap).
	MaxClients int
	// Gate lets connections in on both listeners (nil: a gate of the
	// broker's own); MaxConnsPerAddr caps one client address's
	// connections, over TCP and WebSocket together (0: no cap).
	Gate            *gate.Gate
	MaxConnsPerAddr int
	// ConnectTimeout is how long a new connection has to send its CONNECT
	// (0: DefaultConnectTimeout).
	ConnectTimeout time.Duration
	// MaxPacketSize caps one MQTT packet in bytes (0: 128 KiB).
	MaxPacketSize int

	// Events, when set, announces bracelets connecting and disconnecting,
	// and brings revocations made on any node.
	Events *live.Bus
	// Packets, when set, records every packet for the tester view.
	Packets *PacketLog

	Metrics *Metrics
	Logger  *slog.Logger
	Now     func() time.Time
}

// Broker is the embedded MQTT broker (MQTT 3.1.1 and 5).
type Broker struct {
	server *mqtt.Server
	hook   *deviceHook
	tcp    *tcpListener
	ws     *wsListener
	zones  lifeline.ZoneService
	// waypointsMu keeps setWaypoints in the order the zones were read,
	// so an older list never lands after a newer one.
	waypointsMu sync.Mutex
}

var _ lifeline.DeviceConnections = (*Broker)(nil)

// StartBroker binds the listeners and starts serving in the background.
func StartBroker(cfg BrokerConfig) (*Broker, error) {
	cfg.Logger, cfg.Metrics, cfg.Now = orDefaults(cfg.Logger, cfg.Metrics, cfg.Now)
	if cfg.MaxPacketSize == 0 {
		cfg.MaxPacketSize = 128 << 10
	}
	caps := mqtt.NewDefaultServerCapabilities()
	caps.MaximumPacketSize = uint32(cfg.MaxPacketSize)
	caps.MaximumQos = 1 // the contract uses QoS 1; QoS 2 is downgraded
	// A bracelet is sent only its retained config (PUBACKs are written
	// directly), so a short outbound queue is plenty; mochi's default of
	// 8,192 pointers is 64 KB per connection, most of an idle one's cost.
	caps.MaximumClientWritesPending = 64
	server := mqtt.New(&mqtt.Options{Logger: cfg.Logger, InlineClient: true, Capabilities: caps,
		// Each connection's bufio.Reader; mochi reads a larger packet
		// through it all the same (io.ReadFull). A bracelet's packets are a
		// few hundred bytes: 2 KB (the default) per idle connection buys nothing.
		ClientNetReadBufferSize: connReadBuffer, ClientNetWriteBufferSize: connWriteBuffer})
	if cfg.Gate == nil {
		cfg.Gate = gate.New(gate.Config{Logger: cfg.Logger})
	}
	if cfg.ConnectTimeout == 0 {
		cfg.ConnectTimeout = DefaultConnectTimeout
	}
	perAddr := gate.NewCaps(cfg.MaxConnsPerAddr, nil)
	b := &Broker{
		server: server,
		tcp:    &tcpListener{id: "tcp", address: cfg.TCPAddr, tls: cfg.TLS, gate: cfg.Gate, caps: perAddr, connectTimeout: cfg.ConnectTimeout},
		ws:     newWSListener("ws", cfg.WSAddr, cfg.TLS, cfg.Gate, perAddr, cfg.ConnectTimeout),
		zones:  cfg.Zones,
	}
	b.tcp.closeClients = b.closeListenerClients
	b.ws.closeClients = b.closeListenerClients
	b.hook = &deviceHook{
		devices: cfg.Devices, writer: cfg.Writer, limits: cfg.Limits, rate: cfg.Rate,
		metrics: cfg.Metrics, log: cfg.Logger, now: cfg.Now, sessions: map[string]*deviceSession{}, guard: newAuthGuard(), known: newKnownDevices(),
		publishWaypoints: b.publishWaypoints, maxClients: cfg.MaxClients, events: cfg.Events, packets: cfg.Packets,
		connack: func(cl *mqtt.Client, code packets.Code) { _ = server.SendConnack(cl, code, false, nil) },
	}
	if err := server.AddHook(b.hook, nil); err != nil {
		return nil, fmt.Errorf("ingest: add hook: %w", err)
	}
	if err := server.AddListener(b.tcp); err != nil {
		return nil, fmt.Errorf("ingest: mqtt listen on %s: %w", cfg.TCPAddr, err)
	}
	if err := server.AddListener(b.ws); err != nil {
		server.Close()
		return nil, fmt.Errorf("ingest: mqtt websocket listen on %s: %w", cfg.WSAddr, err)
	}
	if err := server.Serve(); err != nil {
		server.Close()
		return nil, fmt.Errorf("ingest: start broker: %w", err)
	}
	if cfg.Events != nil {
		cfg.Events.OnDeviceRevoked(b.Disconnect)
		cfg.Events.OnUserEvent(func(e live.Event) {
			if e.Kind == live.KindZone {
				b.publishWaypoints(e.UserID, b.hook.userCmdTopics(e.UserID))
			}
		})
	}
	return b, nil
}

// TCPAddr and WSAddr are the bound addresses.
func (b *Broker) TCPAddr() string { return b.tcp.Address() }
func (b *Broker) WSAddr() string  { return b.ws.Address() }

// Connected reports whether the device holds a live connection.
func (b *Broker) Connected(deviceID string) bool {
	b.hook.mu.Lock()
	defer b.hook.mu.Unlock()
	_, ok := b.hook.sessions[deviceID]
	return ok
}

// Disconnect closes the device's live connection (after revocation, told
// through the live events), and forgets its remembered credentials.
func (b *Broker) Disconnect(deviceID string) {
	b.hook.known.revoked(deviceID)
	if cl, ok := b.server.Clients.Get(deviceID); ok {
		_ = b.server.DisconnectClient(cl, packets.ErrNotAuthorized)
	}
}

// sendConfig writes a bracelet its config, as the retained message on
// bracelets/{id}/config it subscribes to (QoS 1, retain flag set), straight
// to its connection from a short-lived goroutine. The broker keeps no
// retained copy (about 2 KB per device, connected or not), and the
// connection's own writer goroutine, which only ever wrote this message,
// never grows its stack for it (docs/faults.md, "Memory per connection").
func sendConfig(log *slog.Logger, cl *mqtt.Client) {
	id, err := cl.NextPacketID()
	if err != nil {
		log.Warn("device config not sent", "device", cl.ID, "err", err)
		return
	}
	pk := packets.Packet{
		FixedHeader: packets.FixedHeader{Type: packets.Publish, Qos: 1, Retain: true},
		TopicName:   wire.ConfigTopic(cl.ID),
		Payload:     wire.EncodeConfig(wire.Config{IntervalS: 30}),
		PacketID:    uint16(id),
	}
	if err := cl.WritePacket(pk); err != nil {
		log.Debug("device config not written", "device", cl.ID, "err", err)
	}
}

// publishWaypoints sends the user's zones as an OwnTracks setWaypoints
// command to each topic, off the caller's goroutine (the broker's, or the
// live events'). QoS 1, not retained: a phone that is away gets them when
// it next subscribes.
func (b *Broker) publishWaypoints(userID int64, cmdTopics []string) {
	if b.zones == nil || len(cmdTopics) == 0 {
		return
	}
	go func() {
		b.waypointsMu.Lock()
		defer b.waypointsMu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		zones, err := b.zones.FindZones(ctx, userID)
		if err != nil {
			b.hook.log.Warn("zones for OwnTracks phones", "user", userID, "err", err)
			return
		}
		payload := phone.OwnTracksSetWaypoints(zones)
		for _, topic := range cmdTopics {
			if err := b.server.Publish(topic, payload, false, 1); err != nil {
				b.hook.log.Warn("publish OwnTracks waypoints", "topic", topic, "err", err)
			}
		}
	}()
}

// Close disconnects every client and stops the listeners.
func (b *Broker) Close() error { return b.server.Close() }

// closeListenerClients disconnects the clients of one listener as the
// server shuts down. mochi's own (Clients.GetByListener) takes the clients'
// read lock twice over; a client leaving at that moment queues for the write
// lock in between, and the three wait on each other for ever (it hung a CI
// run for 20 minutes). GetAll takes the lock once.
func (b *Broker) closeListenerClients(listenerID string) {
	for _, cl := range b.server.Clients.GetAll() {
		if cl.Net.Listener == listenerID && !cl.Closed() {
			_ = b.server.DisconnectClient(cl, packets.ErrServerShuttingDown)
		}
	}
}
