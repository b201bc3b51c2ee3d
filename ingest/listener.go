package ingest

import (
	"crypto/tls"
	"log/slog"
	"net"
	"time"

	"github.com/mochi-mqtt/server/v2/listeners"

	"lifeline/internal/gate"
)

// DefaultConnectTimeout is how long a new connection has to finish its TLS
// handshake and send its CONNECT; mochi then sets the deadlines of the
// keep-alive it asked for. Generous for a bracelet on a poor cellular link
// (a few round trips of seconds each), short enough that connections that
// never speak cannot pile up.
const DefaultConnectTimeout = 30 * time.Second

// tcpListener is MQTT over TCP through the gate. mochi's own TCP listener
// returned from Serve on the first accept error: after the process ran out
// of descriptors once, the broker never accepted a connection again. This
// one waits out such errors, is bound again if it stops anyway, lets in
// only what the gate allows, and closes a connection that has not sent its
// CONNECT within connectTimeout.
type tcpListener struct {
	id, address string
	tls         *tls.Config
	gate        *gate.Gate
	caps        *gate.Caps
	ln          *gate.Listener
	// connectTimeout bounds the time to a complete CONNECT.
	connectTimeout time.Duration
	// closeClients disconnects the listener's clients when it closes.
	closeClients func(listenerID string)
}

var _ listeners.Listener = (*tcpListener)(nil)

func (l *tcpListener) ID() string       { return l.id }
func (l *tcpListener) Protocol() string { return "tcp" }

func (l *tcpListener) Address() string {
	if l.ln != nil {
		return l.ln.Addr().String()
	}
	return l.address
}

func (l *tcpListener) Init(*slog.Logger) error {
	ln, err := l.gate.Listen("mqtt", l.address, l.caps)
	l.ln = ln
	return err
}

func (l *tcpListener) Serve(establish listeners.EstablishFn) {
	l.gate.Serve(l.ln, func(ln net.Listener) error {
		if l.tls != nil {
			ln = tls.NewListener(ln, l.tls)
		}
		for {
			c, err := ln.Accept()
			if err != nil {
				return err
			}
			go func() {
				c.SetDeadline(time.Now().Add(l.connectTimeout))
				// How it ended is not logged here: the hook logs and counts
				// refusals, mochi logs disconnections, and a line per
				// connection would let a flood of wrong tokens flood the log.
				_ = establish(l.id, c)
			}()
		}
	})
}

// Close ignores mochi's CloseFn on purpose: see Broker.closeListenerClients.
func (l *tcpListener) Close(listeners.CloseFn) {
	if l.ln != nil {
		l.ln.Close()
	}
	l.closeClients(l.id)
}
