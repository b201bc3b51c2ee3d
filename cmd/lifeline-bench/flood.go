package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	mrand "math/rand/v2"
	"net"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"lifeline/ingest/wire"
)

// connect-flood (make bench-connections, issue 21): CONNECTs with wrong
// tokens at a steady rate from one source address, each on a connection of
// its own that is closed once the CONNACK is read. The benchmark measures
// the good bracelets' PUBACK latency beside it.

type floodOptions struct {
	broker      string // host:port
	rate        float64
	duration    time.Duration
	localAddr   *net.TCPAddr // nil: the system's choice
	deviceID    string       // "": a random one per CONNECT
	concurrency int
	timeout     time.Duration
}

// floodResult is the JSON connect-flood prints; benchmark scripts read
// these names.
type floodResult struct {
	Sent       int64            `json:"sent"`    // CONNECTs written
	Connack    map[string]int64 `json:"connack"` // by return code (MQTT 3.1.1: 0 accepted, 4 bad username or password, 5 not authorised)
	Errors     int64            `json:"errors"`  // dial, write, or no CONNACK within --timeout
	DurationS  float64          `json:"duration_s"`
	Rate       float64          `json:"rate"` // CONNECTs written per second, achieved
	TargetRate float64          `json:"target_rate"`
	RateHeld   bool             `json:"rate_held"` // within 5% of --rate
	Note       string           `json:"note,omitempty"`
	ErrorKinds map[string]int64 `json:"error_kinds,omitempty"`
}

func parseFloodFlags(args []string, stderr io.Writer) (floodOptions, error) {
	fs := flag.NewFlagSet("connect-flood", flag.ContinueOnError)
	fs.SetOutput(stderr)
	broker := fs.String("broker", "", "the broker: HOST:PORT or tcp://HOST:PORT (required)")
	rate := fs.Float64("rate", 1000, "CONNECTs per second")
	duration := fs.Duration("duration", 30*time.Second, "how long to flood")
	local := fs.String("local-addr", "", "source IP address to dial from (default: the system's choice)")
	id := fs.String("device-id", "", "one device ID for every CONNECT (default: a random brc_… ID each)")
	concurrency := fs.Int("concurrency", 200, "CONNECT attempts under way at once")
	timeout := fs.Duration("timeout", 2*time.Second, "how long one attempt may wait for its connection and CONNACK")
	if err := fs.Parse(args); err != nil {
		return floodOptions{}, err
	}
	o := floodOptions{rate: *rate, duration: *duration, deviceID: *id, concurrency: *concurrency, timeout: *timeout}
	switch {
	case fs.NArg() > 0:
		return o, fmt.Errorf("connect-flood: unexpected argument %q", fs.Arg(0))
	case *broker == "":
		return o, errors.New("connect-flood: --broker HOST:PORT is required")
	case !(o.rate > 0) || math.IsInf(o.rate, 0):
		return o, fmt.Errorf("connect-flood: --rate %g: want CONNECTs per second above 0", o.rate)
	case o.duration <= 0:
		return o, fmt.Errorf("connect-flood: --duration %v: want above 0", o.duration)
	case o.concurrency < 1:
		return o, fmt.Errorf("connect-flood: --concurrency %d: want 1 or more", o.concurrency)
	case o.timeout <= 0:
		return o, fmt.Errorf("connect-flood: --timeout %v: want above 0", o.timeout)
	case o.deviceID != "" && !wire.ValidDeviceID(o.deviceID):
		return o, fmt.Errorf("connect-flood: --device-id %q: want brc_ and 4 to 60 letters, digits, _ or -", o.deviceID)
	}
	o.broker = strings.TrimPrefix(strings.TrimPrefix(*broker, "tcp://"), "mqtt://")
	if host, port, err := net.SplitHostPort(o.broker); err != nil || host == "" {
		return o, fmt.Errorf("connect-flood: --broker %q: want HOST:PORT", *broker)
	} else if p, err := strconv.Atoi(port); err != nil || p < 1 || p > 65535 {
		return o, fmt.Errorf("connect-flood: --broker %q: bad port", *broker)
	}
	if *local != "" {
		ip := net.ParseIP(*local)
		if ip == nil {
			return o, fmt.Errorf("connect-flood: --local-addr %q: want an IP address, such as 127.0.0.250", *local)
		}
		o.localAddr = &net.TCPAddr{IP: ip}
	}
	return o, nil
}

// randomDeviceID looks like lifeline.NewDeviceID's: brc_ and 16 characters.
func randomDeviceID(rng *mrand.Rand) string {
	const alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
	b := []byte("brc_................")
	for i := 4; i < len(b); i++ {
		b[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return string(b)
}

// connectPacket is an MQTT 3.1.1 CONNECT: clean session, username and
// password, client ID = username = id, as a bracelet sends it.
func connectPacket(id, password string) []byte {
	str := func(b []byte, s string) []byte { return append(append(b, byte(len(s)>>8), byte(len(s))), s...) }
	body := str(nil, "MQTT")
	body = append(body, 4, 0xC2, 0, 60) // level 4, username+password+clean session, keep-alive 60 s
	body = str(body, id)
	body = str(body, id)
	body = str(body, password)
	out := []byte{0x10}
	for n := len(body); ; n /= 128 { // the remaining length, 7 bits a byte
		if n < 128 {
			out = append(out, byte(n))
			break
		}
		out = append(out, byte(n%128)|0x80)
	}
	return append(out, body...)
}

// flood runs the attempts: a dispatcher hands out one every 1/rate on a
// schedule; concurrency workers take them. When every worker is busy (the
// broker is slow to answer), the dispatcher falls behind and catches up as
// workers free, never past --duration.
func flood(ctx context.Context, o floodOptions) floodResult {
	var sent, errCount atomic.Int64
	var mu sync.Mutex
	codes, kinds := map[string]int64{}, map[string]int64{}
	fail := func(kind string) {
		errCount.Add(1)
		mu.Lock()
		kinds[kind]++
		mu.Unlock()
	}
	dialer := &net.Dialer{Timeout: o.timeout}
	if o.localAddr != nil {
		dialer.LocalAddr = o.localAddr
	}
	attempt := func(rng *mrand.Rand) {
		id := o.deviceID
		if id == "" {
			id = randomDeviceID(rng)
		}
		conn, err := dialer.DialContext(ctx, "tcp", o.broker)
		if err != nil {
			fail("dial")
			return
		}
		// Reset rather than close: no TIME_WAIT here, so a long flood
		// from one address does not run out of ephemeral ports.
		defer func() { conn.(*net.TCPConn).SetLinger(0); conn.Close() }()
		conn.SetDeadline(time.Now().Add(o.timeout))
		if _, err := conn.Write(connectPacket(id, fmt.Sprintf("wrong-%016x", rng.Uint64()))); err != nil {
			fail("write")
			return
		}
		sent.Add(1)
		var ack [4]byte
		if _, err := io.ReadFull(bufio.NewReaderSize(conn, 16), ack[:]); err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				fail("no CONNACK in time")
			} else {
				fail("closed without a CONNACK")
			}
			return
		}
		if ack[0] != 0x20 || ack[1] != 2 {
			fail("not a CONNACK")
			return
		}
		mu.Lock()
		codes[strconv.Itoa(int(ack[3]))]++
		mu.Unlock()
	}

	tickets := make(chan struct{})
	var workers sync.WaitGroup
	for w := range o.concurrency {
		workers.Go(func() {
			rng := mrand.New(mrand.NewPCG(uint64(time.Now().UnixNano()), uint64(w)))
			for range tickets {
				attempt(rng)
			}
		})
	}
	start := time.Now()
	flooding, stop := context.WithDeadline(ctx, start.Add(o.duration))
	defer stop()
	interval := float64(time.Second) / o.rate
	timer := time.NewTimer(0)
	var issued int64
dispatch:
	for {
		due := start.Add(time.Duration(float64(issued) * interval))
		if due.Sub(start) >= o.duration {
			break
		}
		if wait := time.Until(due); wait > 0 {
			timer.Reset(wait)
			select {
			case <-timer.C:
			case <-flooding.Done():
				break dispatch
			}
		}
		select {
		case tickets <- struct{}{}:
			issued++
		case <-flooding.Done():
			break dispatch
		}
	}
	if ctx.Err() == nil {
		<-flooding.Done() // the rate is over the whole --duration
	}
	took := time.Since(start)
	close(tickets)
	workers.Wait()

	r := floodResult{Sent: sent.Load(), Connack: codes, Errors: errCount.Load(), DurationS: took.Seconds(), TargetRate: o.rate}
	if len(kinds) > 0 {
		r.ErrorKinds = kinds
	}
	r.Rate = float64(r.Sent) / took.Seconds()
	r.RateHeld = r.Rate >= 0.95*o.rate
	due := took.Seconds() * o.rate
	switch {
	case r.RateHeld:
	case float64(issued) < 0.95*due:
		r.Note = fmt.Sprintf("the rate was not held: %.0f CONNECTs/s of %g; every one of the %d attempts at once was busy (the broker answered slowly): raise --concurrency or shorten --timeout",
			r.Rate, o.rate, o.concurrency)
	default:
		r.Note = fmt.Sprintf("the rate was not held: %.0f CONNECTs/s of %g; attempts failed before their CONNECT was written (see error_kinds)", r.Rate, o.rate)
	}
	return r
}

func connectFlood(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	o, err := parseFloodFlags(args, stderr)
	if err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(flood(ctx, o))
}
