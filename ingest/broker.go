// Package ingest is where bracelets come in: the embedded MQTT broker and its
// hooks. Device authentication and the position pipeline build on it; until
// devices can be paired, the broker refuses every client.
package ingest

import (
	"fmt"
	"log/slog"

	mqtt "github.com/mochi-mqtt/server/v2"
	"github.com/mochi-mqtt/server/v2/listeners"
	"github.com/mochi-mqtt/server/v2/packets"
)

// BrokerConfig says where the broker listens. Port 0 picks a free port.
type BrokerConfig struct {
	TCPAddr string
	WSAddr  string
	Logger  *slog.Logger
}

// Broker is the embedded MQTT broker (MQTT 3.1.1 and 5).
type Broker struct {
	server *mqtt.Server
	tcp    *listeners.TCP
	ws     *wsListener
}

// StartBroker binds the listeners and starts serving in the background.
func StartBroker(cfg BrokerConfig) (*Broker, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	server := mqtt.New(&mqtt.Options{Logger: cfg.Logger, InlineClient: false})
	if err := server.AddHook(&refuseAll{log: cfg.Logger}, nil); err != nil {
		return nil, fmt.Errorf("ingest: add hook: %w", err)
	}
	b := &Broker{
		server: server,
		tcp:    listeners.NewTCP(listeners.Config{ID: "tcp", Address: cfg.TCPAddr}),
		ws:     newWSListener("ws", cfg.WSAddr),
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
	return b, nil
}

// TCPAddr and WSAddr are the bound addresses.
func (b *Broker) TCPAddr() string { return b.tcp.Address() }
func (b *Broker) WSAddr() string  { return b.ws.Address() }

// Close disconnects every client and stops the listeners.
func (b *Broker) Close() error { return b.server.Close() }

// refuseAll turns away every client: no device credentials exist yet.
type refuseAll struct {
	mqtt.HookBase
	log *slog.Logger
}

func (h *refuseAll) ID() string { return "refuse-all" }

func (h *refuseAll) Provides(b byte) bool {
	return b == mqtt.OnConnectAuthenticate || b == mqtt.OnACLCheck
}

func (h *refuseAll) OnConnectAuthenticate(cl *mqtt.Client, pk packets.Packet) bool {
	h.log.Info("mqtt connection refused: no device credentials are registered", "client", cl.ID, "remote", cl.Net.Remote)
	return false
}

func (h *refuseAll) OnACLCheck(cl *mqtt.Client, topic string, write bool) bool { return false }
