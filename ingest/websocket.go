package ingest

import (
	"context"
	"crypto/tls"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/websocket"
	"github.com/mochi-mqtt/server/v2/listeners"

	"lifeline/internal/gate"
)

// wsListener is MQTT over WebSocket. Unlike mochi's own listener it binds
// in Init, so a busy port is an error at start and port 0 reports the port
// it picked; it accepts through the gate (as tcpListener does), and a
// connection must upgrade and send its CONNECT within connectTimeout.
type wsListener struct {
	id       string
	address  string
	gate     *gate.Gate
	caps     *gate.Caps
	listener *gate.Listener
	server   *http.Server
	upgrader websocket.Upgrader
	tls      *tls.Config
	// connectTimeout bounds the time from the upgrade to a complete CONNECT.
	connectTimeout time.Duration
	// establish is set by Serve before the server accepts connections.
	establish listeners.EstablishFn
	once      sync.Once
	// closeClients disconnects the listener's clients when it closes.
	closeClients func(listenerID string)
}

func newWSListener(id, address string, tlsConfig *tls.Config, g *gate.Gate, caps *gate.Caps, connectTimeout time.Duration) *wsListener {
	return &wsListener{
		id:             id,
		address:        address,
		gate:           g,
		caps:           caps,
		tls:            tlsConfig,
		connectTimeout: connectTimeout,
		upgrader: websocket.Upgrader{
			Subprotocols: []string{"mqtt"},
			// Devices and tools are not browsers; authentication is by
			// device token, so the Origin header proves nothing either way.
			CheckOrigin: func(*http.Request) bool { return true },
		},
	}
}

func (l *wsListener) ID() string { return l.id }
func (l *wsListener) Protocol() string {
	if l.tls != nil {
		return "wss"
	}
	return "ws"
}

func (l *wsListener) Address() string {
	if l.listener != nil {
		return l.listener.Addr().String()
	}
	return l.address
}

func (l *wsListener) Init(*slog.Logger) error {
	ln, err := l.gate.Listen("mqtt-ws", l.address, l.caps)
	if err != nil {
		return err
	}
	l.listener = ln
	// Built here, not in Serve, so Close never races with Serve over it.
	l.server = &http.Server{Handler: http.HandlerFunc(l.handle), ReadHeaderTimeout: 10 * time.Second}
	return nil
}

func (l *wsListener) Serve(establish listeners.EstablishFn) {
	l.establish = establish
	l.gate.Serve(l.listener, func(ln net.Listener) error {
		if l.tls != nil {
			ln = tls.NewListener(ln, l.tls)
		}
		return l.server.Serve(ln)
	})
}

func (l *wsListener) handle(w http.ResponseWriter, r *http.Request) {
	c, err := l.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	defer c.Close()
	c.UnderlyingConn().SetDeadline(time.Now().Add(l.connectTimeout))
	_ = l.establish(l.id, &wsConn{Conn: c.UnderlyingConn(), c: c}) // not logged: see tcpListener.Serve
}

// Close ignores mochi's CloseFn on purpose: see Broker.closeListenerClients.
func (l *wsListener) Close(listeners.CloseFn) {
	l.once.Do(func() {
		if l.server != nil {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			_ = l.server.Shutdown(ctx)
		}
	})
	l.closeClients(l.id)
}

// wsConn presents a WebSocket as the byte stream MQTT expects: each binary
// message is read through, in order.
type wsConn struct {
	net.Conn
	c *websocket.Conn
	r io.Reader // the message being read, or nil
}

var errTextFrame = errors.New("mqtt over websocket needs binary messages")

func (ws *wsConn) Read(p []byte) (int, error) {
	for {
		if ws.r == nil {
			op, r, err := ws.c.NextReader()
			if err != nil {
				return 0, err
			}
			if op != websocket.BinaryMessage {
				return 0, errTextFrame
			}
			ws.r = r
		}
		n, err := ws.r.Read(p)
		if errors.Is(err, io.EOF) {
			ws.r = nil
			if n == 0 {
				continue
			}
			err = nil
		}
		return n, err
	}
}

func (ws *wsConn) Write(p []byte) (int, error) {
	if err := ws.c.WriteMessage(websocket.BinaryMessage, p); err != nil {
		return 0, err
	}
	return len(p), nil
}
