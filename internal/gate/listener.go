package gate

import (
	"errors"
	"net"
	"net/netip"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Back-off after an accept error, as net/http's: 5 ms, doubling, at most a
// second; and between attempts to bind a stopped listener again.
const (
	acceptBackoffMin = 5 * time.Millisecond
	acceptBackoffMax = time.Second
	bindBackoffMin   = 100 * time.Millisecond
	bindBackoffMax   = 5 * time.Second
)

// Listener is a TCP listener whose Accept never fails for a reason that
// passes: it waits and tries again, counting the error. It hands out only
// connections within the gate's reserve and the client address's cap;
// the others are closed at once and counted.
type Listener struct {
	g    *Gate
	name string
	caps *Caps

	mu    sync.Mutex
	inner net.Listener
	addr  net.Addr // the bound address, kept to bind again
	// listen binds (net.Listen; tests make it fail).
	listen func(network, addr string) (net.Listener, error)

	open      atomic.Int64
	closed    chan struct{}
	closeOnce sync.Once
}

// Listen binds addr (port 0 picks a free port) for the connections of
// name ("http", "mqtt", "mqtt-ws"), counted against caps (nil: no cap).
func (g *Gate) Listen(name, addr string, caps *Caps) (*Listener, error) {
	inner, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	g.metrics.up.WithLabelValues(name).Set(1)
	// Exported at 0 from the start, so a rate or an alert sees them.
	g.metrics.open.WithLabelValues(name)
	g.metrics.refused.WithLabelValues(name, "per_addr")
	g.metrics.refused.WithLabelValues(name, "descriptors")
	g.metrics.acceptErrors.WithLabelValues(name, "EMFILE")
	g.metrics.restarts.WithLabelValues(name)
	return &Listener{g: g, name: name, caps: caps, inner: inner, addr: inner.Addr(), listen: net.Listen, closed: make(chan struct{})}, nil
}

// Addr is the bound address.
func (l *Listener) Addr() net.Addr { return l.addr }

// Close stops the listener for good; Accept then returns net.ErrClosed.
// Connections already handed out stay open.
func (l *Listener) Close() error {
	var err error
	l.closeOnce.Do(func() {
		close(l.closed)
		l.mu.Lock()
		err = l.inner.Close()
		l.mu.Unlock()
	})
	return err
}

func (l *Listener) isClosed() bool {
	select {
	case <-l.closed:
		return true
	default:
		return false
	}
}

// Accept waits for the next connection the gate lets in.
func (l *Listener) Accept() (net.Conn, error) {
	var delay time.Duration
	for {
		l.mu.Lock()
		inner := l.inner
		l.mu.Unlock()
		c, err := inner.Accept()
		if err != nil {
			if l.isClosed() {
				return nil, net.ErrClosed
			}
			if !retryable(err) {
				return nil, err
			}
			l.g.metrics.acceptErrors.WithLabelValues(l.name, errnoName(err)).Inc()
			if delay == 0 {
				l.g.log.Warn("cannot accept connections; retrying", "listener", l.name, "err", err)
			}
			delay = min(max(2*delay, acceptBackoffMin), acceptBackoffMax)
			select {
			case <-time.After(delay):
				continue
			case <-l.closed:
				return nil, net.ErrClosed
			}
		}
		if delay > 0 {
			l.g.log.Info("accepting connections again", "listener", l.name)
			delay = 0
		}
		if gc := l.admit(c); gc != nil {
			return gc, nil
		}
	}
}

// admit wraps c, or closes it when it would eat into the reserve or its
// address is at its cap.
func (l *Listener) admit(c net.Conn) net.Conn {
	if l.g.full() {
		c.Close()
		l.g.metrics.refused.WithLabelValues(l.name, "descriptors").Inc()
		return nil
	}
	key, ok := l.caps.take(remoteAddr(c))
	if !ok {
		c.Close()
		l.g.metrics.refused.WithLabelValues(l.name, "per_addr").Inc()
		return nil
	}
	l.g.open.Add(1)
	l.g.metrics.open.WithLabelValues(l.name).Set(float64(l.open.Add(1)))
	return &conn{Conn: c, release: func() {
		l.caps.give(key)
		l.g.open.Add(-1)
		l.g.metrics.open.WithLabelValues(l.name).Set(float64(l.open.Add(-1)))
	}}
}

// rebind closes the listening socket and binds its address again.
func (l *Listener) rebind() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.inner.Close()
	inner, err := l.listen("tcp", l.addr.String())
	if err != nil {
		return err
	}
	if l.isClosed() { // closed meanwhile: keep it closed
		inner.Close()
		return net.ErrClosed
	}
	l.inner = inner
	return nil
}

// conn gives its place back once, when it is closed.
type conn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *conn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

// Serve runs serve on l until l is closed. If serve returns before that
// (an accept error that does not pass), the listener is marked down, so
// /readyz says so, bound again on the same address with back-off, and
// served again.
func (g *Gate) Serve(l *Listener, serve func(net.Listener) error) {
	for {
		err := serve(l)
		if l.isClosed() {
			return
		}
		g.setDown(l.name, err)
		g.metrics.restarts.WithLabelValues(l.name).Inc()
		g.log.Error("listener stopped; binding it again", "listener", l.name, "addr", l.addr.String(), "err", err)
		for delay := bindBackoffMin; ; delay = min(2*delay, bindBackoffMax) {
			err := l.rebind()
			if errors.Is(err, net.ErrClosed) || l.isClosed() {
				return
			}
			if err == nil {
				break
			}
			g.log.Warn("cannot bind the listener again; retrying", "listener", l.name, "err", err)
			select {
			case <-time.After(delay):
			case <-l.closed:
				return
			}
		}
		g.setUp(l.name)
	}
}

// retryable reports whether an accept error passes: the process or the
// system is out of descriptors or memory for a moment, or one connection
// broke before it was accepted.
func retryable(err error) bool {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		switch errno {
		case syscall.EMFILE, syscall.ENFILE, syscall.ENOBUFS, syscall.ENOMEM, syscall.ECONNABORTED, syscall.ECONNRESET,
			syscall.EINTR, syscall.EAGAIN, syscall.EPROTO, syscall.EPERM, syscall.ETIMEDOUT:
			return true
		}
	}
	var ne interface{ Temporary() bool }
	return errors.As(err, &ne) && ne.Temporary()
}

// errnoName labels an accept error for the metric.
func errnoName(err error) string {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return "other"
	}
	switch errno {
	case syscall.EMFILE:
		return "EMFILE"
	case syscall.ENFILE:
		return "ENFILE"
	case syscall.ENOBUFS:
		return "ENOBUFS"
	case syscall.ENOMEM:
		return "ENOMEM"
	case syscall.ECONNABORTED:
		return "ECONNABORTED"
	case syscall.ECONNRESET:
		return "ECONNRESET"
	}
	return "other"
}

func remoteAddr(c net.Conn) netip.Addr {
	if ta, ok := c.RemoteAddr().(*net.TCPAddr); ok {
		return ta.AddrPort().Addr()
	}
	ap, err := netip.ParseAddrPort(c.RemoteAddr().String())
	if err != nil {
		return netip.Addr{}
	}
	return ap.Addr()
}
