// Package barebroker is mochi with none of Lifeline's hooks: every client
// allowed, every packet acknowledged at once, nothing decoded or stored. It
// is the baseline the ingest benchmark (lifeline-bench bare-broker) compares
// the real path against, driven by the same load generator. It sits under
// ingest because ingest owns mochi; only the benchmark command imports it.
package barebroker

import (
	"fmt"
	"log/slog"

	mqtt "github.com/mochi-mqtt/server/v2"
	"github.com/mochi-mqtt/server/v2/hooks/auth"
	"github.com/mochi-mqtt/server/v2/listeners"
)

// Broker is a running bare broker.
type Broker struct {
	server *mqtt.Server
	tcp    *listeners.TCP
}

// Start listens on addr (port 0: a free port).
func Start(addr string, logger *slog.Logger) (*Broker, error) {
	server := mqtt.New(&mqtt.Options{Logger: logger})
	if err := server.AddHook(new(auth.AllowHook), nil); err != nil {
		return nil, err
	}
	b := &Broker{server: server, tcp: listeners.NewTCP(listeners.Config{ID: "tcp", Address: addr})}
	if err := server.AddListener(b.tcp); err != nil {
		return nil, fmt.Errorf("barebroker: listen on %s: %w", addr, err)
	}
	if err := server.Serve(); err != nil {
		return nil, err
	}
	return b, nil
}

// Addr is the bound address.
func (b *Broker) Addr() string { return b.tcp.Address() }

// Close stops it.
func (b *Broker) Close() error { return b.server.Close() }
