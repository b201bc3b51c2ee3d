package main

import (
	"errors"
	"math"
	"math/rand/v2"
	"sync"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"github.com/eclipse/paho.mqtt.golang/packets"

	"lifeline/ingest/wire"
)

type packetKind uint8

const (
	kindPosition packetKind = iota
	kindBattery
	kindFuzz
	kindSOS
)

// flight is a publish waiting for its PUBACK.
type flight struct {
	tok    paho.Token
	sentAt time.Time
	kind   packetKind
	fixes  []pendingFix // kindPosition: what the packet carries
}

// ackedFix is what --verify looks for on the server.
type ackedFix struct {
	seq      uint64
	ts       int64
	lat, lon float64
}

// device is one simulated bracelet. Everything but the channels is touched
// only by its own goroutine (run), so the hot path takes no locks.
//
// Each connection is a fresh paho client with an in-memory store, and the
// device itself resends what was not acknowledged: paho's own resume after
// a reconnect completes the old publish tokens as if they had been
// acknowledged, which would make "acked" a lie.
type device struct {
	s    *sim
	idx  int
	cred credential
	rng  *rand.Rand

	move     mover
	gps      gpsNoise
	bat      battery
	skew     time.Duration
	interval time.Duration
	seq      uint64 // of the last fix
	batSeq   uint64 // of the last battery packet
	lastTS   int64
	lastMove time.Time // of the wearer
	charged  time.Time // when the battery was last brought up to date
	posTopic string
	batTopic string

	flash      flash
	inflight   []flight
	due        int // load mode: fixes to sample and send as soon as the window allows
	fuzzDue    int
	batteryDue bool
	sos        sosState   // the sos scenario's one press
	sosFix     pendingFix // the first acknowledged fix: where the press happens
	acked      []ackedFix // with --verify
	rejected   []ackedFix // with --verify: acknowledged, expected to be rejected (outOfWindow)

	client    paho.Client
	lost      chan struct{} // of the current connection
	config    chan int      // interval_s from bracelets/{id}/config
	connected bool
	offline   bool // the offline scenario has dropped the connection on purpose
	wasLost   bool // the connection broke; the next connect is a reconnect
	draining  bool
	backoff   time.Duration
	firstErr  error // of the first connection attempt, read once the ramp is done
}

func (d *device) cfg() *Config { return &d.s.cfg }

// run is the device's life: connect (during the ramp), wait for the start,
// then report until told to drain, and stop when drained or killed.
func (d *device) run(ramp *sync.WaitGroup) {
	s := d.s
	err := d.connect()
	d.firstErr = err
	ramp.Done()
	defer d.close()
	retry := stoppedTimer()
	if err != nil {
		if errors.Is(err, errStopped) {
			return
		}
		s.noteError("connect", err)
		if refusedError(err) {
			s.c.refused.Add(1)
			return
		}
		retry.Reset(d.nextBackoff())
	}
	select {
	case <-s.start:
	case <-s.kill:
		return
	}
	now := time.Now()
	d.lastMove, d.charged = now, now

	tick, batt, offT := stoppedTimer(), stoppedTimer(), stoppedTimer()
	if !s.saturate {
		tick.Reset(time.Duration(d.rng.Float64() * float64(d.interval))) // spread the first fixes
	}
	if every := d.cfg().BatteryEvery; every > 0 {
		batt.Reset(time.Duration((0.1 + 0.9*d.rng.Float64()) * float64(every)))
	}
	if d.cfg().Scenario == scenarioOffline {
		offT.Reset(time.Duration((0.5 + 0.5*d.rng.Float64()) * float64(d.cfg().OfflineAfter)))
	}
	drain := s.drain
	for {
		d.pump()
		if d.draining && len(d.inflight) == 0 && d.flash.len() == 0 {
			return
		}
		var oldest <-chan struct{}
		if len(d.inflight) > 0 {
			oldest = d.inflight[0].tok.Done()
		}
		select {
		case <-s.kill:
			return
		case <-drain:
			drain = nil
			d.draining = true
			d.due, d.fuzzDue, d.batteryDue = 0, 0, false
			tick.Stop()
			batt.Stop()
			offT.Stop()
			if !d.connected {
				d.offline = false
				retry.Reset(0)
			}
		case <-oldest:
			d.reap()
		case <-d.lost:
			d.dropConnection()
			d.wasLost = true
			retry.Reset(d.nextBackoff())
		case iv := <-d.config:
			s.c.configs.Add(1)
			if d.cfg().FollowConfig && !d.draining && time.Duration(iv)*time.Second != d.interval {
				d.interval = time.Duration(iv) * time.Second
				tick.Reset(d.nextDelay())
			}
		case <-tick.C:
			d.onTick(time.Now())
			tick.Reset(d.nextDelay())
		case <-batt.C:
			if d.connected {
				d.batteryDue = true
			}
			batt.Reset(d.cfg().BatteryEvery)
		case <-offT.C:
			if !d.offline {
				d.goOffline()
				retry.Stop()
				offT.Reset(d.cfg().OfflineFor)
			} else {
				d.offline = false
				retry.Reset(0)
				offT.Reset(d.cfg().OfflineAfter)
			}
		case <-retry.C:
			if d.connected || d.offline {
				break
			}
			if err := d.connect(); err != nil {
				if !errors.Is(err, errStopped) {
					s.noteError("connect", err)
				}
				retry.Reset(d.nextBackoff())
				break
			}
			if d.wasLost {
				d.wasLost = false
				s.c.reconnects.Add(1)
			}
		}
	}
}

func stoppedTimer() *time.Timer {
	t := time.NewTimer(time.Hour)
	t.Stop()
	return t
}

// nextDelay is the interval with jitter.
func (d *device) nextDelay() time.Duration {
	j := d.cfg().Jitter * (2*d.rng.Float64() - 1)
	return time.Duration(float64(d.interval) * (1 + j))
}

func (d *device) nextBackoff() time.Duration {
	d.backoff = min(max(2*d.backoff, 500*time.Millisecond), 15*time.Second)
	return time.Duration((0.5 + d.rng.Float64()) * float64(d.backoff))
}

// onTick is the moment to take a fix.
func (d *device) onTick(now time.Time) {
	if d.cfg().Scenario == scenarioFuzz && d.connected {
		r := d.cfg().FuzzRate
		d.fuzzDue += int(r)
		if d.rng.Float64() < r-math.Floor(r) {
			d.fuzzDue++
		}
	}
	switch {
	case !d.connected:
		d.flash.push(d.sample(now)) // kept until the connection is back
	case d.s.load:
		// A load generator does not queue beyond its window: a tick that
		// finds the window full is skipped, and the rate shows it.
		if d.due < d.cfg().Inflight {
			d.due++
		} else {
			d.s.c.skipped.Add(1)
		}
	default:
		d.flash.push(d.sample(now)) // sent at once when the window has room, else with the next batch
	}
}

// sample takes a fix now: the wearer moves, the receiver adds its error, the
// battery pays for it.
func (d *device) sample(now time.Time) pendingFix {
	dt := now.Sub(d.lastMove)
	d.lastMove = now
	lat, lon := d.move.advance(dt)
	north, east, acc := d.gps.sample(d.rng)
	lat, lon = offset(lat, lon, north, east)
	d.bat.elapse(now.Sub(d.charged))
	d.charged = now
	d.bat.fix()
	ts := now.Add(d.skew).UnixMilli()
	ts = max(ts, d.lastTS) // a device clock does not run backwards
	d.lastTS = ts
	d.seq++
	return pendingFix{
		seq: d.seq, ts: ts, lat: round7(lat), lon: round7(lon), acc: acc, bat: d.bat.percent(),
		outOfWindow: ts > now.Add(wire.DefaultMaxFuture-5*time.Second).UnixMilli() ||
			ts < now.Add(-wire.DefaultMaxAge+time.Minute).UnixMilli(),
	}
}

// pump publishes while the window has room: buffered fixes first (oldest
// first, as arrays), then a battery reading, bad packets, new fixes.
func (d *device) pump() {
	for d.connected && len(d.inflight) < d.cfg().Inflight {
		now := time.Now()
		switch {
		case d.flash.len() > 0:
			d.sendFixes(d.flash.take(d.cfg().Protocol.maxBatch(d.cfg().Batch)), now)
		case d.batteryDue:
			d.batteryDue = false
			d.sendBattery(now)
		case d.sos == sosDue:
			d.sendSOS(now)
		case d.fuzzDue > 0:
			d.fuzzDue--
			d.sendFuzz(now)
		case d.draining:
			return
		case d.due > 0 || d.s.saturate:
			d.due = max(0, d.due-1)
			d.sendFixes([]pendingFix{d.sample(now)}, now)
		default:
			return
		}
	}
}

func (d *device) sendFixes(fixes []pendingFix, now time.Time) {
	var one [1]wire.Fix
	wf := one[:]
	if len(fixes) > 1 {
		wf = make([]wire.Fix, len(fixes))
	}
	fresh := 0
	for i := range fixes {
		f := &fixes[i]
		wf[i] = wire.Fix{Seq: f.seq, TS: time.UnixMilli(f.ts), Lat: f.lat, Lon: f.lon, Acc: &f.acc, Bat: &f.bat}
		if !f.sent {
			f.sent = true
			fresh++
		}
	}
	d.s.c.sent.Add(int64(fresh))
	if fresh < len(fixes) {
		d.s.c.resent.Add(int64(len(fixes) - fresh))
	}
	switch p := d.cfg().Protocol; {
	case p.overHTTP():
		d.inflight = append(d.inflight, flight{tok: d.s.http.send(p, d.cred, fixes), sentAt: now, kind: kindPosition, fixes: fixes})
		d.s.c.inflight.Add(1)
	case p == protoOwnTracksMQTT:
		d.publish(kindPosition, d.posTopic, ownTracksLocation(&fixes[0]), fixes, now)
	default:
		d.publish(kindPosition, d.posTopic, wire.EncodePosition(wf...), fixes, now)
	}
}

func (d *device) sendBattery(now time.Time) {
	d.bat.elapse(now.Sub(d.charged))
	d.charged = now
	d.batSeq++
	p := wire.EncodeBattery(wire.Battery{Seq: d.batSeq, TS: now.Add(d.skew), Bat: d.bat.percent(), Charging: d.bat.charging})
	d.s.c.batterySent.Add(1)
	d.publish(kindBattery, d.batTopic, p, nil, now)
}

func (d *device) sendFuzz(now time.Time) {
	lat, lon := d.move.advance(0)
	p := d.s.fuzzer.next(d.rng, d.seq+1, now, lat, lon)
	topic := d.posTopic
	if p.kind == wire.KindBattery {
		topic = d.batTopic
	}
	d.s.c.fuzzSent.Add(1)
	d.publish(kindFuzz, topic, p.payload, nil, now)
}

func (d *device) publish(kind packetKind, topic string, payload []byte, fixes []pendingFix, now time.Time) {
	tok := d.client.Publish(topic, byte(d.cfg().QoS), false, payload)
	d.inflight = append(d.inflight, flight{tok: tok, sentAt: now, kind: kind, fixes: fixes})
	d.s.c.inflight.Add(1)
}

// reap takes the finished publishes off the front of the window. PUBACKs
// come back in order on one connection, so waiting on the oldest is enough.
func (d *device) reap() {
	now := time.Now()
	n := 0
	for ; n < len(d.inflight) && finished(d.inflight[n].tok); n++ {
		f := d.inflight[n]
		err := f.tok.Error()
		if err != nil {
			d.s.noteError("publish", err)
		}
		d.complete(f, err, now)
	}
	rest := copy(d.inflight, d.inflight[n:])
	clear(d.inflight[rest:])
	d.inflight = d.inflight[:rest]
}

func finished(t paho.Token) bool {
	select {
	case <-t.Done():
		return true
	default:
		return false
	}
}

// complete settles one publish: acknowledged, or (position packets) back on
// flash to be sent again.
func (d *device) complete(f flight, err error, now time.Time) {
	c := &d.s.c
	c.inflight.Add(-1)
	if err != nil {
		switch f.kind {
		case kindPosition:
			d.flash.requeue(f.fixes)
		case kindSOS:
			d.sos = sosDue // pressed again once the connection is back
		}
		return
	}
	switch f.kind {
	case kindPosition:
		c.latency.Record(now.Sub(f.sentAt))
		d.s.windows.record(now, now.Sub(f.sentAt))
		c.acked.Add(int64(len(f.fixes)))
		for _, p := range f.fixes {
			a := ackedFix{seq: p.seq, ts: p.ts, lat: p.lat, lon: p.lon}
			switch {
			case p.outOfWindow:
				c.outOfWindow.Add(1)
				if d.cfg().Verify {
					d.rejected = append(d.rejected, a)
				}
			case d.cfg().Verify:
				d.acked = append(d.acked, a)
			}
		}
	case kindBattery:
		c.batteryAcked.Add(1)
	case kindFuzz:
		c.fuzzAcked.Add(1)
	case kindSOS:
		c.sosAcked.Add(1)
		d.sos = sosAcked
	}
	if f.kind == kindPosition && d.sos == sosNone && d.cfg().Scenario == scenarioSOS && len(f.fixes) > 0 {
		d.sos, d.sosFix = sosDue, f.fixes[len(f.fixes)-1]
	}
}

var errStopped = errors.New("stopped")

// connect opens a new MQTT connection, at most --connect-concurrency at a
// time across all devices.
func (d *device) connect() error {
	s := d.s
	select {
	case s.connectSem <- struct{}{}:
	case <-s.kill:
		return errStopped
	}
	defer func() { <-s.connectSem }()
	cfg := d.cfg()
	lost := make(chan struct{}, 1)
	if cfg.Protocol.overHTTP() { // nothing to open: requests share kept-alive connections
		d.lost, d.connected = lost, true
		s.c.connected.Add(1)
		return nil
	}
	clientID := d.cred.ID
	if cfg.Protocol == protoOwnTracksMQTT {
		clientID = "owntracks-sim-" + d.cred.ID // any client ID: the broker files it under the username
	}
	opts := paho.NewClientOptions()
	for _, b := range s.brokersFrom(d.idx) { // paho tries them in order at every Connect
		opts.AddBroker(b)
	}
	opts.SetClientID(clientID).SetUsername(d.cred.ID).SetPassword(d.cred.Token).
		SetProtocolVersion(4).
		SetCleanSession(false). // a bracelet's session and subscription outlive its connections
		SetAutoReconnect(false).SetConnectRetry(false).
		SetStore(paho.NewMemoryStore()).
		SetKeepAlive(cfg.KeepAlive).SetPingTimeout(10 * time.Second).
		SetConnectTimeout(cfg.ConnectTimeout).SetWriteTimeout(cfg.ConnectTimeout).
		SetOrderMatters(false).SetResumeSubs(false).
		SetDefaultPublishHandler(d.onMessage).
		SetConnectionLostHandler(func(paho.Client, error) {
			select {
			case lost <- struct{}{}:
			default:
			}
		})
	if s.tls != nil {
		opts.SetTLSConfig(s.tls)
	}
	if s.dial != nil {
		opts.SetCustomOpenConnectionFn(s.dial)
	}
	client := paho.NewClient(opts)
	tok := client.Connect()
	if !tok.WaitTimeout(cfg.ConnectTimeout + time.Second) {
		go client.Disconnect(0)
		return errors.New("timed out")
	}
	if err := tok.Error(); err != nil {
		return err
	}
	// The retained config arrives whenever it does; no need to wait.
	if cfg.Protocol == protoBracelet {
		client.Subscribe(wire.ConfigTopic(d.cred.ID), byte(cfg.ConfigQoS), d.onMessage)
	}
	d.client, d.lost, d.connected = client, lost, true
	d.backoff = 0
	s.c.connected.Add(1)
	return nil
}

func refusedError(err error) bool {
	return errors.Is(err, packets.ErrorRefusedNotAuthorised) || errors.Is(err, packets.ErrorRefusedBadUsernameOrPassword) ||
		errors.Is(err, packets.ErrorRefusedIDRejected)
}

// onMessage runs on paho's goroutine: it only hands the interval over.
func (d *device) onMessage(_ paho.Client, m paho.Message) {
	c, err := wire.DecodeConfig(m.Payload())
	if err != nil {
		return
	}
	for {
		select {
		case d.config <- c.IntervalS:
			return
		default:
		}
		select { // replace an older, unread value
		case <-d.config:
		default:
		}
	}
}

// dropConnection forgets the connection: what was acknowledged counts,
// everything else goes back on flash, oldest first.
func (d *device) dropConnection() {
	if !d.connected {
		return
	}
	d.connected, d.lost, d.client = false, nil, nil
	d.s.c.connected.Add(-1)
	now := time.Now()
	var again []pendingFix
	for _, f := range d.inflight {
		if finished(f.tok) && f.tok.Error() == nil {
			d.complete(f, nil, now)
			continue
		}
		d.s.c.inflight.Add(-1)
		again = append(again, f.fixes...)
	}
	clear(d.inflight)
	d.inflight = d.inflight[:0]
	d.flash.requeue(again)
}

// goOffline drops the connection on purpose (the offline scenario).
func (d *device) goOffline() {
	d.offline = true
	d.s.c.offlines.Add(1)
	if !d.connected {
		return
	}
	if d.client != nil {
		d.client.Disconnect(100)
	}
	deadline := time.Now().Add(2 * time.Second)
	for _, f := range d.inflight { // paho settles every token on disconnect
		f.tok.WaitTimeout(time.Until(deadline))
	}
	d.dropConnection()
}

// close ends the device: disconnects, and leaves what was never acknowledged
// to the summary.
func (d *device) close() {
	if d.connected {
		client := d.client
		d.dropConnection()
		if client != nil {
			client.Disconnect(250)
		}
	}
	for _, f := range d.inflight {
		d.s.c.inflight.Add(-1)
		d.flash.requeue(f.fixes)
	}
	d.inflight = nil
	unsent := 0
	for _, p := range d.flash.items {
		if !p.sent {
			unsent++
		}
	}
	d.s.c.unsent.Add(int64(unsent))
	d.s.c.flashDropped.Add(int64(d.flash.dropped))
}
