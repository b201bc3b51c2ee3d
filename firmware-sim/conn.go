package main

import (
	"bufio"
	"crypto/tls"
	"net"
	"net/url"

	paho "github.com/eclipse/paho.mqtt.golang"
)

// bufferedConn reads through a buffer. paho reads every packet a few bytes
// at a time (type, length, body), three system calls per PUBACK on a bare
// socket; buffered, one read brings in whatever PUBACKs have arrived.
type bufferedConn struct {
	net.Conn
	r *bufio.Reader
}

func (c *bufferedConn) Read(p []byte) (int, error) { return c.r.Read(p) }

// openConn dials tcp:// and ssl:// brokers through a bufferedConn. WebSocket
// URLs (framed in messages already) are left to paho: it returns nil then.
func (s *sim) openConn() paho.OpenConnectionFunc {
	u, err := url.Parse(s.brokerURLs[0]) // one scheme for all (brokerURLs)
	if err != nil {
		return nil
	}
	switch u.Scheme {
	case "tcp", "mqtt", "ssl", "tls", "mqtts":
	default:
		return nil
	}
	return func(uri *url.URL, opts paho.ClientOptions) (net.Conn, error) {
		d := &net.Dialer{Timeout: opts.ConnectTimeout}
		if n := len(s.cfg.LocalAddrs); n > 0 {
			d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(s.cfg.LocalAddrs[int(s.dialed.Add(1))%n])}
		}
		var conn net.Conn
		var err error
		if s.tls != nil {
			conn, err = (&tls.Dialer{NetDialer: d, Config: s.tls}).Dial("tcp", uri.Host)
		} else {
			conn, err = d.Dial("tcp", uri.Host)
		}
		if err != nil {
			return nil, err
		}
		return &bufferedConn{Conn: conn, r: bufio.NewReaderSize(conn, 1024)}, nil
	}
}
