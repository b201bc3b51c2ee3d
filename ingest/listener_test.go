package ingest_test

import (
	"errors"
	"io"
	"net"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"lifeline/ingest"
)

// TestListenersShareTheAddressCapAndTheConnectDeadline: over TCP and over
// WebSocket together, one address holds at most MaxConnsPerAddr
// connections (past it, a new one is closed at once); a connection that
// never sends its CONNECT is closed after ConnectTimeout, which gives its
// place back; a bracelet at another address connects throughout.
func TestListenersShareTheAddressCapAndTheConnectDeadline(t *testing.T) {
	r := newRig(t, nil, ingest.RateLimit{}, func(c *ingest.BrokerConfig) {
		c.MaxConnsPerAddr, c.ConnectTimeout = 2, 2*time.Second
	})
	id, token := r.pairDevice()
	crowded := &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}
	dial := func() net.Conn {
		d := net.Dialer{LocalAddr: crowded, Timeout: 5 * time.Second}
		c, err := d.Dial("tcp", r.broker.TCPAddr())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	silentTCP := dial()
	ws := websocket.Dialer{Subprotocols: []string{"mqtt"}, NetDial: func(network, addr string) (net.Conn, error) {
		return (&net.Dialer{LocalAddr: crowded}).Dial(network, addr)
	}}
	silentWS, _, err := ws.Dial("ws://"+r.broker.WSAddr()+"/", nil)
	if err != nil {
		t.Fatalf("the WebSocket within the cap: %v", err)
	}
	t.Cleanup(func() { silentWS.Close() })

	third := dial()
	if !closedBy(third, 5*time.Second) {
		t.Fatal("a third connection from the address was let in")
	}
	if closedBy(silentTCP, 0) {
		t.Fatal("a connection within the cap was closed")
	}
	if _, err := connect(t, "tcp://"+r.broker.TCPAddr(), id, id, token); err != nil {
		t.Fatalf("a bracelet at another address: %v", err)
	}

	// Silent past the deadline: closed, and the address has its places back.
	if !closedBy(silentTCP, 10*time.Second) {
		t.Error("the silent TCP connection was not closed")
	}
	silentWS.SetReadDeadline(time.Now().Add(10 * time.Second))
	if _, _, err := silentWS.ReadMessage(); err == nil || isTimeout(err) {
		t.Errorf("the silent WebSocket was not closed: %v", err)
	}
	if code := connectFrom(t, crowded, r.broker.TCPAddr(), id, id, token); code != 0 {
		t.Errorf("the address's bracelet after the silent ones were closed: CONNACK %d", code)
	}
}

// closedBy reports whether the server closes c within d (0: already).
func closedBy(c net.Conn, d time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(max(d, time.Millisecond)))
	_, err := c.Read(make([]byte, 1))
	return errors.Is(err, io.EOF) || errors.Is(err, syscall.ECONNRESET)
}
