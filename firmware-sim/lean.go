package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"lifeline/ingest/wire"
	"lifeline/internal/bench/rawmqtt"
)

// Lean mode (--lean): a horde of mostly idle bracelets at a fraction of
// paho's cost per connection, to hold 100,000 connections beside the
// server on one machine. Each device is one goroutine on a raw TCP socket
// speaking just the MQTT 3.1.1 packets a bracelet needs (CONNECT with a
// persistent session, SUBSCRIBE to its config, PUBLISH QoS 1 of single
// fixes encoded by ingest/wire, PUBACK, PINGREQ). It keeps one fix in
// flight: a fix whose PUBACK did not arrive is sent again, same seq and
// ts, after the reconnect (with back-off and jitter, as device.nextBackoff).
// No flash buffer, battery packets, scenarios or TLS: those need the full
// device (paho).

// leanDevice is one bracelet of the horde; only its goroutine touches it.
type leanDevice struct {
	d       *device // credentials, and acked fixes for --verify
	rng     *rand.Rand
	lat     float64
	lon     float64
	seq     uint64
	lastTS  int64
	pending *pendingFix // sent (or due), not yet acknowledged
	sentAt  time.Time
	pid     uint16
	backoff time.Duration
	src     *net.TCPAddr
	nodes   []int // indexes in s.brokerURLs, in the order this device tries them (nodeOrder)
	tries   int   // connections attempted since the last one that held: nodes[tries mod len] is next
	held    bool  // the last connection was accepted: the next starts at the device's own node
}

// leanDial dials broker node (an index in s.brokerURLs) from src (nil: any
// address); ctx ends with the run's kill.
func (s *sim) leanDial(ctx context.Context, node int, src *net.TCPAddr) (net.Conn, error) {
	d := &net.Dialer{Timeout: s.cfg.ConnectTimeout}
	if src != nil {
		d.LocalAddr = src
	}
	u := s.brokerURLs[node%len(s.brokerURLs)]
	return d.DialContext(ctx, "tcp", strings.TrimPrefix(strings.TrimPrefix(u, "tcp://"), "mqtt://"))
}

// leanDevices gives each device its start point and source address.
func (s *sim) leanDevices() []*leanDevice {
	var srcs []*net.TCPAddr
	for _, a := range s.cfg.LocalAddrs {
		srcs = append(srcs, &net.TCPAddr{IP: net.ParseIP(a)})
	}
	out := make([]*leanDevice, len(s.devices))
	for i, d := range s.devices {
		rng := rand.New(rand.NewPCG(s.seed, uint64(i)))
		lat, lon := move(s.cfg.Lat, s.cfg.Lon, rng.Float64()*2*math.Pi, s.cfg.Spread*math.Sqrt(rng.Float64()))
		ld := &leanDevice{d: d, rng: rng, lat: round7(lat), lon: round7(lon), nodes: nodeOrder(i, len(s.brokerURLs))}
		if len(srcs) > 0 {
			ld.src = srcs[i%len(srcs)]
		}
		out[i] = ld
	}
	return out
}

var errLeanRefused = errors.New("connection refused by the broker (CONNACK)")

// run is the device's life: connect, report, reconnect after a loss, until
// the drain (then wait for the fix in flight) or the kill.
func (ld *leanDevice) run(ctx context.Context, s *sim, ramp *sync.WaitGroup) {
	first := true
	done := func() {
		if first {
			first = false
			ramp.Done()
		}
	}
	defer done()
	var wasConnected bool
	for {
		select {
		case <-s.kill:
			return
		case <-s.drain:
			if ld.pending == nil || !ld.pending.sent {
				return
			}
		default:
		}
		err := ld.session(ctx, s, done, &wasConnected)
		if err == nil {
			return // drained
		}
		s.noteError("lean connection", err)
		if ld.held {
			ld.tries, ld.held = 0, false // a new connection: its own node first
		} else {
			ld.tries++ // a cluster: the next node in this device's order, in case this one is down
		}
		wait := ld.nextBackoff()
		if errors.Is(err, errLeanRefused) {
			s.c.refused.Add(1)
			wait = time.Minute // the contract: back off much longer after a refusal
		}
		done()
		select {
		case <-s.kill:
			return
		case <-time.After(wait):
		}
	}
}

func (ld *leanDevice) nextBackoff() time.Duration {
	ld.backoff = min(max(2*ld.backoff, 500*time.Millisecond), 15*time.Second)
	return time.Duration((0.5 + ld.rng.Float64()) * float64(ld.backoff))
}

// session is one connection. It returns nil once drained.
func (ld *leanDevice) session(ctx context.Context, s *sim, connected func(), wasConnected *bool) error {
	cfg := &s.cfg
	select {
	case s.connectSem <- struct{}{}:
	case <-s.kill:
		return nil
	}
	conn, err := s.leanDial(ctx, ld.nodes[ld.tries%len(ld.nodes)], ld.src)
	if err != nil {
		<-s.connectSem
		return err
	}
	defer conn.Close()
	r := bufio.NewReaderSize(conn, 64)
	id := ld.d.cred.ID
	keep := uint16(min(cfg.KeepAlive/time.Second, math.MaxUint16))
	_ = conn.SetDeadline(time.Now().Add(cfg.ConnectTimeout))
	if _, err := conn.Write(mqttConnect(id, ld.d.cred.Token, keep)); err != nil {
		<-s.connectSem
		return err
	}
	typ, body, err := readMQTT(r)
	<-s.connectSem
	switch {
	case err != nil:
		return err
	case typ != 2 || len(body) < 2:
		return fmt.Errorf("expected CONNACK, got packet type %d", typ)
	case body[1] != 0:
		return fmt.Errorf("%w: code %d", errLeanRefused, body[1])
	}
	_ = conn.SetDeadline(time.Time{}) // reads set their own below; a write to a live socket does not block for long
	ld.pid++
	if _, err := conn.Write(mqttSubscribe(ld.pid, wire.ConfigTopic(id), byte(cfg.ConfigQoS))); err != nil {
		return err
	}
	s.c.connected.Add(1)
	defer s.c.connected.Add(-1)
	if *wasConnected {
		s.c.reconnects.Add(1)
	}
	*wasConnected = true
	ld.backoff, ld.held = 0, true
	connected()

	posTopic := wire.PositionTopic(id)
	lastWrite := time.Now()
	next := time.Now()
	if ld.pending == nil {
		next = next.Add(time.Duration(ld.rng.Float64() * float64(cfg.Interval))) // spread the first fixes over an interval
	}
	for {
		draining := false
		select {
		case <-s.kill:
			return nil
		case <-s.drain:
			draining = true
		default:
		}
		if draining && (ld.pending == nil || !ld.pending.sent) {
			return nil
		}
		now := time.Now()
		if !draining && !now.Before(next) && (ld.pending == nil || !ld.pending.sent || now.Sub(ld.sentAt) > cfg.ConnectTimeout) {
			if ld.pending == nil {
				f := ld.sample(now)
				ld.pending = &f
			} else if ld.pending.sent {
				s.c.resent.Add(1)
			}
			ld.pid = max(ld.pid+1, 1)
			payload := wire.EncodePosition(wire.Fix{Seq: ld.pending.seq, TS: time.UnixMilli(ld.pending.ts), Lat: ld.pending.lat, Lon: ld.pending.lon, Acc: &ld.pending.acc})
			if _, err := conn.Write(mqttPublish(ld.pid, posTopic, payload)); err != nil {
				return err
			}
			if !ld.pending.sent {
				s.c.sent.Add(1)
			}
			ld.pending.sent, ld.sentAt, lastWrite = true, now, now
			s.c.inflight.Add(1)
			next = now.Add(ld.d.nextDelay())
		}
		if keep > 0 && now.Sub(lastWrite) >= time.Duration(keep)*time.Second*3/4 {
			if _, err := conn.Write([]byte{0xC0, 0}); err != nil { // PINGREQ
				return err
			}
			lastWrite = now
		}
		wake := next
		if ld.pending != nil && ld.pending.sent {
			wake = ld.sentAt.Add(cfg.ConnectTimeout)
		}
		if keep > 0 {
			wake = minTime(wake, lastWrite.Add(time.Duration(keep)*time.Second*3/4))
		}
		wake = minTime(wake, now.Add(time.Second)) // look at the drain now and then
		_ = conn.SetReadDeadline(wake)
		typ, body, err := readMQTT(r)
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			continue
		}
		if err != nil {
			if ld.pending != nil && ld.pending.sent {
				s.c.inflight.Add(-1)
			}
			return err
		}
		switch typ {
		case 4: // PUBACK
			if len(body) >= 2 && ld.pending != nil && ld.pending.sent && uint16(body[0])<<8|uint16(body[1]) == ld.pid {
				t := time.Now()
				if until := s.latencyUntil.Load(); until == 0 || t.UnixNano() < until {
					s.c.latency.Record(t.Sub(ld.sentAt))
				}
				s.windows.record(t, t.Sub(ld.sentAt))
				s.c.acked.Add(1)
				s.c.inflight.Add(-1)
				if cfg.Verify {
					ld.d.acked = append(ld.d.acked, ackedFix{seq: ld.pending.seq, ts: ld.pending.ts, lat: ld.pending.lat, lon: ld.pending.lon})
				}
				ld.pending = nil
			}
		case 3: // PUBLISH: the retained config
			s.c.configs.Add(1)
			if pid, ok := publishPacketID(body); ok {
				if _, err := conn.Write([]byte{0x40, 2, byte(pid >> 8), byte(pid)}); err != nil {
					return err
				}
				lastWrite = time.Now()
			}
		}
	}
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

// sample is a fix where the wearer idles: a few metres of GPS noise.
func (ld *leanDevice) sample(now time.Time) pendingFix {
	ts := max(now.UnixMilli(), ld.lastTS)
	ld.lastTS = ts
	ld.seq++
	return pendingFix{seq: ld.seq, ts: ts, lat: round7(ld.lat + (ld.rng.Float64()-0.5)*1e-4), lon: round7(ld.lon + (ld.rng.Float64()-0.5)*1e-4),
		acc: math.Round(5+ld.rng.Float64()*10*10) / 10}
}

// The MQTT 3.1.1 packets a lean bracelet sends.

// mqttConnect: MQTT 3.1.1, persistent session, username and password.
func mqttConnect(id, token string, keepalive uint16) []byte {
	b := rawmqtt.AppendString(nil, "MQTT")
	b = append(b, 4, 0x80|0x40, byte(keepalive>>8), byte(keepalive))
	b = rawmqtt.AppendString(b, id)
	b = rawmqtt.AppendString(b, id)
	b = rawmqtt.AppendString(b, token)
	return rawmqtt.Packet(0x10, b)
}

func mqttSubscribe(pid uint16, topic string, qos byte) []byte {
	b := rawmqtt.AppendString([]byte{byte(pid >> 8), byte(pid)}, topic)
	return rawmqtt.Packet(0x82, append(b, qos))
}

func mqttPublish(pid uint16, topic string, payload []byte) []byte {
	b := rawmqtt.AppendString(nil, topic)
	b = append(b, byte(pid>>8), byte(pid))
	return rawmqtt.Packet(0x32, append(b, payload...)) // QoS 1
}

// readMQTT reads one packet: its type and its body. The flags of a PUBLISH
// are folded into the body's first byte for publishPacketID.
func readMQTT(r *bufio.Reader) (typ byte, body []byte, err error) {
	h, n, err := rawmqtt.ReadHeader(r)
	if err != nil {
		return 0, nil, err
	}
	body = make([]byte, n+1)
	body[0] = h & 0x0f
	if _, err := io.ReadFull(r, body[1:]); err != nil {
		return 0, nil, err
	}
	if h>>4 != 3 {
		body = body[1:]
	}
	return h >> 4, body, nil
}

// publishPacketID is the packet ID of a PUBLISH at QoS 1 or 2 (body as
// readMQTT returns it).
func publishPacketID(body []byte) (uint16, bool) {
	if len(body) < 3 || (body[0]>>1)&3 == 0 {
		return 0, false
	}
	tl := int(body[1])<<8 | int(body[2])
	if len(body) < 3+tl+2 {
		return 0, false
	}
	return uint16(body[3+tl])<<8 | uint16(body[4+tl]), true
}

// selfRSS is the simulator's own resident and peak memory in KiB, from
// /proc (0 where there is none).
func selfRSS() (rss, peak int64) {
	raw, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Split(string(raw), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		v, _ := strconv.ParseInt(f[1], 10, 64)
		switch f[0] {
		case "VmRSS:":
			rss = v
		case "VmHWM:":
			peak = v
		}
	}
	return rss, peak
}

// runLean is run for --lean: every device connects (connect-concurrency at
// a time), reports at --interval until --duration, then waits for its fix
// in flight.
func (s *sim) runLean(ctx context.Context, stderr io.Writer) (*Summary, error) {
	cfg := &s.cfg
	s.connectSem = make(chan struct{}, cfg.ConnectConcurrency)
	s.start, s.drain, s.kill = make(chan struct{}), make(chan struct{}), make(chan struct{})
	began := time.Now()
	p := newProgress(stderr, s, cfg.Quiet)
	p.begin("connecting", began)
	killed, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-s.kill:
			cancel() // dials under way give up at once
		case <-killed.Done():
		}
	}()
	var ramp, done sync.WaitGroup
	ramp.Add(len(s.devices))
	for _, ld := range s.leanDevices() {
		done.Go(func() { ld.run(killed, s, &ramp) })
	}
	return s.play(ctx, p, &ramp, &done, began)
}
