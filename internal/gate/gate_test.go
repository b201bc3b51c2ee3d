package gate

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"os"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// flaky is the operating system's side of a listening socket: it fails
// each accept with the errors queued, then hands out real connections.
type flaky struct {
	net.Listener
	errs chan error
}

func (f *flaky) Accept() (net.Conn, error) {
	select {
	case err := <-f.errs:
		return nil, &net.OpError{Op: "accept", Net: "tcp", Err: os.NewSyscallError("accept4", err)}
	default:
		return f.Listener.Accept()
	}
}

func newGate(t *testing.T, cfg Config) *Gate {
	t.Helper()
	if cfg.Registerer == nil {
		cfg.Registerer = prometheus.NewRegistry()
	}
	return New(cfg)
}

func listen(t *testing.T, g *Gate, caps *Caps) *Listener {
	t.Helper()
	l, err := g.Listen("test", "127.0.0.1:0", caps)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

// dialFrom connects from a loopback address of its own (Linux routes all
// of 127/8 to lo), so each is a client address of its own.
func dialFrom(t *testing.T, from string, l *Listener) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// closedAtOnce reports whether the server closed c without a word.
func closedAtOnce(c net.Conn) bool {
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, err := c.Read(make([]byte, 1))
	return errors.Is(err, io.EOF) || errors.Is(err, syscall.ECONNRESET)
}

// acceptAll hands every accepted connection to conns.
func acceptAll(l *Listener) chan net.Conn {
	conns := make(chan net.Conn, 64)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				close(conns)
				return
			}
			conns <- c
		}
	}()
	return conns
}

func TestAcceptWaitsOutErrorsThatPass(t *testing.T) {
	g := newGate(t, Config{})
	l := listen(t, g, nil)
	f := &flaky{Listener: l.inner, errs: make(chan error, 8)}
	l.inner = f
	for _, err := range []error{syscall.EMFILE, syscall.EMFILE, syscall.ENFILE, syscall.ECONNABORTED, syscall.EMFILE} {
		f.errs <- err
	}
	conns := acceptAll(l)
	c := dialFrom(t, "127.0.0.1", l)
	if _, err := c.Write([]byte("hello")); err != nil {
		t.Fatal(err)
	}
	got := <-conns
	if got == nil {
		t.Fatal("Accept returned an error")
	}
	buf := make([]byte, 5)
	if _, err := io.ReadFull(got, buf); err != nil || string(buf) != "hello" {
		t.Fatalf("read %q, %v", buf, err)
	}
	for errno, want := range map[string]float64{"EMFILE": 3, "ENFILE": 1, "ECONNABORTED": 1} {
		if n := testutil.ToFloat64(g.metrics.acceptErrors.WithLabelValues("test", errno)); n != want {
			t.Errorf("%s counted %v times, want %v", errno, n, want)
		}
	}
}

func TestCloseEndsTheBackoff(t *testing.T) {
	g := newGate(t, Config{})
	l := listen(t, g, nil)
	f := &flaky{Listener: l.inner, errs: make(chan error, 100)}
	l.inner = f
	for range 100 {
		f.errs <- syscall.EMFILE
	}
	done := make(chan error)
	go func() {
		_, err := l.Accept()
		done <- err
	}()
	for testutil.ToFloat64(g.metrics.acceptErrors.WithLabelValues("test", "EMFILE")) < 3 {
		time.Sleep(time.Millisecond)
	}
	l.Close()
	if err := <-done; !errors.Is(err, net.ErrClosed) {
		t.Errorf("Accept after Close: %v, want net.ErrClosed", err)
	}
}

func TestEachAddressIsCapped(t *testing.T) {
	g := newGate(t, Config{})
	caps := NewCaps(2, []netip.Prefix{netip.MustParsePrefix("127.0.0.9/32")})
	l := listen(t, g, caps)
	conns := acceptAll(l)

	first, second := dialFrom(t, "127.0.0.2", l), dialFrom(t, "127.0.0.2", l)
	held := []net.Conn{<-conns, <-conns}
	third := dialFrom(t, "127.0.0.2", l)
	if !closedAtOnce(third) {
		t.Error("a third connection from one address was let in")
	}
	if n := testutil.ToFloat64(g.metrics.refused.WithLabelValues("test", "per_addr")); n != 1 {
		t.Errorf("per_addr refusals %v, want 1", n)
	}
	other := dialFrom(t, "127.0.0.3", l) // another address has its own count
	<-conns
	for range 5 { // a trusted proxy carries many clients
		dialFrom(t, "127.0.0.9", l)
		<-conns
	}
	held[0].Close() // a place comes free
	dialFrom(t, "127.0.0.2", l)
	if c := <-conns; remoteAddr(c) != netip.MustParseAddr("127.0.0.2") {
		t.Errorf("accepted %v, want the address whose place came free", c.RemoteAddr())
	}
	_, _, _ = first, second, other
}

func TestTheReserveIsKeptFromConnections(t *testing.T) {
	var limit atomic.Int64
	limit.Store(100)
	g := newGate(t, Config{Reserve: 98, Limit: func() int { return int(limit.Load()) }})
	l := listen(t, g, nil)
	conns := acceptAll(l)
	dialFrom(t, "127.0.0.2", l)
	dialFrom(t, "127.0.0.3", l)
	a, _ := <-conns, <-conns
	if c := dialFrom(t, "127.0.0.4", l); !closedAtOnce(c) {
		t.Error("a connection ate into the reserve")
	}
	if n := testutil.ToFloat64(g.metrics.refused.WithLabelValues("test", "descriptors")); n != 1 {
		t.Errorf("descriptors refusals %v, want 1", n)
	}
	a.Close()
	dialFrom(t, "127.0.0.4", l)
	<-conns
	limit.Store(50) // lowered at run time (prlimit): nothing more until connections close
	if c := dialFrom(t, "127.0.0.5", l); !closedAtOnce(c) {
		t.Error("a connection was let in under a lowered limit")
	}
}

func TestAListenerThatStopsIsBoundAgain(t *testing.T) {
	g := newGate(t, Config{})
	l := listen(t, g, nil)
	binds := make(chan chan error)
	l.listen = func(network, addr string) (net.Listener, error) {
		answer := make(chan error)
		binds <- answer
		if err := <-answer; err != nil {
			return nil, err
		}
		return net.Listen(network, addr)
	}
	serving := make(chan int, 4)
	calls := 0
	go g.Serve(l, func(ln net.Listener) error {
		calls++
		serving <- calls
		if calls == 1 {
			return fmt.Errorf("accept: %w", syscall.EBADF) // stopped for good, as mochi's listener did
		}
		for {
			c, err := ln.Accept()
			if err != nil {
				return err
			}
			c.Write([]byte("up"))
			c.Close()
		}
	})
	<-serving
	answer := <-binds // binding again, and it fails at first
	if err := g.Ready(context.Background()); err == nil || err.Error() != "listener down: test" {
		t.Errorf("Ready while down: %v", err)
	}
	if up := testutil.ToFloat64(g.metrics.up.WithLabelValues("test")); up != 0 {
		t.Errorf("lifeline_listener_up %v while down", up)
	}
	answer <- syscall.EMFILE
	answer = <-binds
	answer <- nil
	if n := <-serving; n != 2 {
		t.Fatalf("served %d times", n)
	}
	if err := g.Ready(context.Background()); err != nil {
		t.Errorf("Ready once bound again: %v", err)
	}
	c := dialFrom(t, "127.0.0.1", l)
	buf := make([]byte, 2)
	if _, err := io.ReadFull(c, buf); err != nil || string(buf) != "up" {
		t.Errorf("after binding again: %q, %v", buf, err)
	}
	if n := testutil.ToFloat64(g.metrics.restarts.WithLabelValues("test")); n != 1 {
		t.Errorf("restarts %v, want 1", n)
	}
	l.Close()
}
