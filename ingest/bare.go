package ingest

import (
	"fmt"
	"log/slog"

	mqtt "github.com/mochi-mqtt/server/v2"
	"github.com/mochi-mqtt/server/v2/hooks/auth"
	"github.com/mochi-mqtt/server/v2/listeners"
)

// BareBroker is mochi with none of Lifeline's hooks: every client allowed,
// every packet acknowledged at once, nothing decoded or stored. It is the
// baseline the ingest benchmark compares the real path against, driven by
// the same load generator.
type BareBroker struct {
	server *mqtt.Server
	tcp    *listeners.TCP
}

// StartBareBroker listens on addr (port 0: a free port).
func StartBareBroker(addr string, logger *slog.Logger) (*BareBroker, error) {
	server := mqtt.New(&mqtt.Options{Logger: logger})
	if err := server.AddHook(new(auth.AllowHook), nil); err != nil {
		return nil, err
	}
	b := &BareBroker{server: server, tcp: listeners.NewTCP(listeners.Config{ID: "tcp", Address: addr})}
	if err := server.AddListener(b.tcp); err != nil {
		return nil, fmt.Errorf("ingest: bare broker listen on %s: %w", addr, err)
	}
	if err := server.Serve(); err != nil {
		return nil, err
	}
	return b, nil
}

// Addr is the bound address.
func (b *BareBroker) Addr() string { return b.tcp.Address() }

// Close stops it.
func (b *BareBroker) Close() error { return b.server.Close() }
