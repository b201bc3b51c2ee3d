// Package smtptest is a real SMTP server for tests: it listens on a
// loopback port, speaks enough of RFC 5321 for net/smtp and Lifeline's
// sender (EHLO or HELO, MAIL, RCPT, DATA with dot-unstuffing, RSET, NOOP,
// QUIT; no STARTTLS, no AUTH), and keeps every message it accepts in
// memory, parsed as a mail reader parses it. A test reads what arrived,
// waits for the n-th message or one it recognises (on the event, never a
// clock), and makes the server misbehave at a chosen step: refuse with a
// reply code, stall, or drop the connection (Fail).
//
// The browser suite runs the same server as a process,
// cmd/lifeline-smtptest, which serves the messages as JSON (Handler).
package smtptest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
)

// Server is an SMTP server on one address, which stays its own across
// Stop and Start.
type Server struct {
	// Addr is host:port.
	Addr string

	mu       sync.Mutex
	listener net.Listener // nil while stopped
	conns    map[net.Conn]struct{}
	down     chan struct{} // closed by Stop: stalled sessions end
	sessions sync.WaitGroup
	messages []*Message
	arrived  chan struct{} // closed, and replaced, at each message
	faults   []*Fault
	healed   chan struct{} // closed, and replaced, by Fail and Heal: stalled sessions go on
	onStall  func(Step)    // the package's tests learn that a session stalls
}

// Listen starts a server on addr ("127.0.0.1:0" for a free port).
func Listen(addr string) (*Server, error) {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("smtptest: %w", err)
	}
	s := newServer(l.Addr().String())
	s.serve(l)
	return s, nil
}

func newServer(addr string) *Server {
	return &Server{Addr: addr, conns: map[net.Conn]struct{}{}, arrived: make(chan struct{}), healed: make(chan struct{})}
}

// Start starts a server on a free loopback port for the test, stopped
// when the test ends; a failed test's log lists what it received.
func Start(tb testing.TB) *Server {
	tb.Helper()
	s, err := Listen("127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		s.Stop()
		if tb.Failed() {
			tb.Logf("smtptest %s received %d messages:%s", s.Addr, s.Len(), s.summary())
		}
	})
	return s
}

// Stop closes the listener and every connection, as a mail server that
// went away; the messages received are kept. Stop returns once no
// session runs, so nothing arrives after it.
func (s *Server) Stop() {
	s.mu.Lock()
	l := s.listener
	if l != nil {
		s.listener = nil
		close(s.down)
		l.Close()
		for c := range s.conns {
			c.Close()
		}
	}
	s.mu.Unlock()
	s.sessions.Wait()
}

// Start listens again on the server's address after Stop.
func (s *Server) Start() error {
	l, err := net.Listen("tcp", s.Addr)
	if err != nil {
		return fmt.Errorf("smtptest: listen again: %w", err)
	}
	s.serve(l)
	return nil
}

func (s *Server) serve(l net.Listener) {
	s.mu.Lock()
	s.listener, s.down = l, make(chan struct{})
	down := s.down
	s.sessions.Add(1)
	s.mu.Unlock()
	go func() {
		defer s.sessions.Done()
		for {
			conn, err := l.Accept()
			if err != nil {
				return // closed by Stop
			}
			s.mu.Lock()
			if s.listener != l {
				s.mu.Unlock()
				conn.Close()
				return
			}
			s.conns[conn] = struct{}{}
			s.sessions.Add(1)
			s.mu.Unlock()
			go func() {
				defer s.sessions.Done()
				newSession(s, conn, down).run()
				s.mu.Lock()
				delete(s.conns, conn)
				s.mu.Unlock()
				conn.Close()
			}()
		}
	}()
}

// Messages returns every message received so far, oldest first.
func (s *Server) Messages() []*Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append(make([]*Message, 0, len(s.messages)), s.messages...)
}

// Len is how many messages have been received.
func (s *Server) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.messages)
}

// Wait returns the first n messages as soon as n have arrived. When ctx
// ends first, it returns those there are with an error saying how many.
func (s *Server) Wait(ctx context.Context, n int) ([]*Message, error) {
	for {
		s.mu.Lock()
		got, arrived := append([]*Message(nil), s.messages...), s.arrived
		s.mu.Unlock()
		if len(got) >= n {
			return got[:n], nil
		}
		select {
		case <-arrived:
		case <-ctx.Done():
			return got, fmt.Errorf("smtptest: %d of %d messages (%w):%s", len(got), n, ctx.Err(), summarize(got))
		}
	}
}

// WaitFor returns the first message match accepts, as soon as it has
// arrived, or an error listing what did arrive when ctx ends first.
func (s *Server) WaitFor(ctx context.Context, match func(*Message) bool) (*Message, error) {
	seen := 0
	for {
		s.mu.Lock()
		got, arrived := s.messages[seen:], s.arrived
		s.mu.Unlock()
		for _, m := range got {
			if match(m) {
				return m, nil
			}
		}
		seen += len(got)
		select {
		case <-arrived:
		case <-ctx.Done():
			return nil, fmt.Errorf("smtptest: no matching message among %d (%w):%s", seen, ctx.Err(), s.summary())
		}
	}
}

// record keeps m and returns how many messages there are.
func (s *Server) record(m *Message) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.messages = append(s.messages, m)
	close(s.arrived)
	s.arrived = make(chan struct{})
	return len(s.messages)
}

func (s *Server) summary() string { return summarize(s.Messages()) }

// summarize lists messages one a line, for a failure's message.
func summarize(msgs []*Message) string {
	var b strings.Builder
	for _, m := range msgs {
		fmt.Fprintf(&b, "\n  to %s: %q", strings.Join(m.To, ", "), m.Subject)
	}
	return b.String()
}

// Step is a point of the conversation where a Fault strikes.
type Step int

const (
	// Greeting is the server's first line on a new connection.
	Greeting Step = iota + 1
	// Hello is the answer to EHLO or HELO.
	Hello
	// MailFrom is the answer to MAIL FROM.
	MailFrom
	// RcptTo is the answer to RCPT TO.
	RcptTo
	// Data is the answer to the DATA command, before any text.
	Data
	// Text is the message's text: a Reply or Stall comes once the whole
	// text is read (instead of its 250), a Drop right after its first line
	// (mid-DATA). A message refused or dropped here is not recorded.
	Text
)

// Fault is what the server does at a step instead of its answer:
// exactly one of Reply, Stall and Drop.
type Fault struct {
	At Step
	// Reply answers with this code (400 to 599) and a text saying the test
	// asked for it; the step does not happen. A 421 then closes the
	// connection (RFC 5321 §3.8); after a refused greeting every command
	// but QUIT is answered 503.
	Reply int
	// Stall answers nothing until Heal, Fail or Stop.
	Stall bool
	// Drop closes the connection.
	Drop bool
	// Times is how many times the fault strikes before the server behaves
	// again; 0 is every time.
	Times int
}

func (f Fault) validate() error {
	actions := 0
	for _, set := range []bool{f.Reply != 0, f.Stall, f.Drop} {
		if set {
			actions++
		}
	}
	switch {
	case f.At < Greeting || f.At > Text:
		return fmt.Errorf("smtptest: a fault at step %d, which does not exist", f.At)
	case actions != 1:
		return errors.New("smtptest: a fault needs exactly one of Reply, Stall and Drop")
	case f.Reply != 0 && (f.Reply < 400 || f.Reply > 599):
		return fmt.Errorf("smtptest: a fault's reply %d is not a failure (400 to 599)", f.Reply)
	case f.Times < 0:
		return errors.New("smtptest: a fault's Times is negative")
	}
	return nil
}

// Fail replaces the server's faults with faults (in order: the first
// that matches a step strikes), and lets stalled sessions go on. It
// panics on a fault that is not one (a mistake in the test).
func (s *Server) Fail(faults ...Fault) {
	for _, f := range faults {
		if err := f.validate(); err != nil {
			panic(err)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = s.faults[:0]
	for _, f := range faults {
		s.faults = append(s.faults, &f)
	}
	close(s.healed)
	s.healed = make(chan struct{})
}

// Heal takes every fault away and lets stalled sessions go on.
func (s *Server) Heal() { s.Fail() }

// fault is the fault that strikes at step now, if any, and the channel
// that Fail or Heal closes.
func (s *Server) fault(step Step) (*Fault, chan struct{}) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, f := range s.faults {
		if f.At != step {
			continue
		}
		strike := *f
		if f.Times > 0 {
			if f.Times--; f.Times == 0 {
				s.faults = append(s.faults[:i:i], s.faults[i+1:]...)
			}
		}
		return &strike, s.healed
	}
	return nil, nil
}
