package ingest

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"net"
	"sync"
	"time"

	"lifeline"
	"lifeline/internal/ratelimit"
)

// Failed connection authentications an address may cause before it is
// throttled: a sustained rate and a burst (the burst also bounds its
// lookups under way at once; more wait their turn). Above them its CONNECTs are
// refused for a second without a database lookup ("auth_throttled"), so a
// flood of wrong tokens (issue 21: 1,000 a second from one address) costs
// the database at most this many lookups a second. Good bracelets behind
// other addresses are not affected. One behind the flooding address (a
// shared NAT, a carrier's NAT for phones) is let in if it authenticated on
// this node lately and presents the same credentials (knownDevices), also
// without a lookup; a device not seen lately is refused while the flood
// lasts, and backs off.
var authFailLimit = ratelimit.Limit{PerSecond: 20, Burst: 100}

// maxGuardedAddrs bounds the addresses the guard remembers; past it, the
// guard starts afresh (a flood from that many addresses is a different
// attack, and the database lookups are then bounded by the pool).
const maxGuardedAddrs = 65536

// authGuard counts failed authentications per remote address.
type authGuard struct {
	mu    sync.Mutex
	addrs map[string]*guardEntry
}

type guardEntry struct {
	fails        *ratelimit.Bucket
	blockedUntil time.Time
	// slots holds a token per lookup from the address under way: when
	// lookups are slow, a flood would otherwise have hundreds in flight
	// before the first failure is counted. A lookup past the burst waits
	// for a slot rather than being refused, so good bracelets behind one
	// address reconnecting together (a NAT after a restart) all get in.
	slots   chan struct{}
	users   int  // lookups holding or waiting for a slot
	failing bool // a failure was counted: the entry outlives its lookups
}

func newAuthGuard() *authGuard { return &authGuard{addrs: map[string]*guardEntry{}} }

// blocked reports whether remote is throttled now: its failures ran over
// the limit lately, or used up its burst, so one more would. A lookup that
// holds a slot (holding) also counts the other lookups under way as
// failures yet to come: otherwise, as each of a flood's first lookups
// failed and freed its slot, a waiting one would begin while the burst
// still had room, and twice the burst would reach the database. Good
// bracelets, which fail nothing, are never throttled by lookups alone.
func (g *authGuard) blocked(remote string, now time.Time, holding bool) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	e := g.addrs[hostOf(remote)]
	if e == nil {
		return false
	}
	pending := 0
	if holding {
		pending = len(e.slots) - 1
	}
	return now.Before(e.blockedUntil) || e.fails.Available(now)-float64(pending) < 1
}

// lookupSlot waits until fewer than the burst's lookups from remote are
// under way and holds a slot until done is called; ok is false, and there
// is nothing to call, when ctx ends first.
func (g *authGuard) lookupSlot(ctx context.Context, remote string) (done func(), ok bool) {
	g.mu.Lock()
	host := hostOf(remote)
	e := g.entry(host)
	e.users++
	g.mu.Unlock()
	leave := func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		// Addresses that only ever succeed are not remembered.
		if e.users--; e.users == 0 && !e.failing && g.addrs[host] == e {
			delete(g.addrs, host)
		}
	}
	select {
	case e.slots <- struct{}{}:
		return func() { <-e.slots; leave() }, true
	case <-ctx.Done():
		leave()
		return nil, false
	}
}

// failed counts a failed authentication from remote.
func (g *authGuard) failed(remote string, now time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	e := g.entry(hostOf(remote))
	e.failing = true
	if !e.fails.Allow(now) {
		e.blockedUntil = now.Add(time.Second)
	}
}

// entry is host's, made on first use; g.mu is held.
func (g *authGuard) entry(host string) *guardEntry {
	e := g.addrs[host]
	if e == nil {
		if len(g.addrs) >= maxGuardedAddrs {
			g.addrs = map[string]*guardEntry{}
		}
		e = &guardEntry{fails: ratelimit.NewBucket(authFailLimit), slots: make(chan struct{}, authFailLimit.Burst)}
		g.addrs[host] = e
	}
	return e
}

func hostOf(remote string) string {
	if host, _, err := net.SplitHostPort(remote); err == nil {
		return host
	}
	return remote
}

// knownTTL is how long a verified device is remembered. Revocation
// forgets it at once (Broker.Disconnect), but a revocation event can be
// missed (the events' listener reconnecting) and a token rotated without
// one (export-mosquitto): an hour bounds how long such a device could still
// get in, and only from a throttled address, while a device that keeps
// reconnecting (phones moving between cells) stays remembered through a
// flood of minutes.
const knownTTL = time.Hour

// maxKnownDevices bounds the remembered devices: more than the 100,000
// connections one node is sized for (issue 21). Past it, the memory starts
// afresh (devices are then looked up again as they reconnect).
const maxKnownDevices = 1 << 17

// knownDevices remembers the credentials of devices that authenticated on
// this node lately, so a device behind a throttled address can get in
// without a database lookup. An entry costs about 185 bytes, measured with
// runtime.MemStats at the cap: 160 for its map slot (a 16-byte key, a
// 56-byte value, and its share of control bytes and free slots) and 24 for
// the ID's bytes. At most 24 MB, under 1% of what 100,000 connections take.
type knownDevices struct {
	mu      sync.Mutex
	devices map[string]knownDevice
	// revocations counts the revocations heard, so a lookup that raced
	// one is not remembered (see remember).
	revocations uint64
}

type knownDevice struct {
	tokenHash [sha256.Size]byte
	userID    int64
	verified  int64 // Unix nanoseconds
	phone     bool
}

func newKnownDevices() *knownDevices { return &knownDevices{devices: map[string]knownDevice{}} }

// generation is read before a database lookup and handed to remember.
func (k *knownDevices) generation() uint64 {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.revocations
}

// remember notes credentials the database just verified, unless a device
// was revoked since generation was read (its event may have come before
// the entry: revocation wins).
func (k *knownDevices) remember(c *lifeline.DeviceCredentials, now time.Time, generation uint64) {
	if len(c.TokenHash) != sha256.Size {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.revocations != generation {
		return
	}
	if _, ok := k.devices[c.DeviceID]; !ok && len(k.devices) >= maxKnownDevices {
		k.devices = map[string]knownDevice{}
	}
	k.devices[c.DeviceID] = knownDevice{tokenHash: [sha256.Size]byte(c.TokenHash), userID: c.UserID,
		verified: now.UnixNano(), phone: c.Kind == lifeline.DevicePhone}
}

// admit returns the remembered user and kind of a device presenting
// password, if it was verified within knownTTL with that token.
func (k *knownDevices) admit(deviceID string, password []byte, now time.Time) (userID int64, kind string, ok bool) {
	hash := lifeline.HashDeviceToken(string(password))
	k.mu.Lock()
	e, found := k.devices[deviceID]
	k.mu.Unlock()
	if !found || now.UnixNano()-e.verified >= int64(knownTTL) || subtle.ConstantTimeCompare(hash, e.tokenHash[:]) != 1 {
		return 0, "", false
	}
	if e.phone {
		return e.userID, lifeline.DevicePhone, true
	}
	return e.userID, lifeline.DeviceBracelet, true
}

// forget drops a device the database no longer admits: revoked, unknown,
// or holding a token other than the one remembered. A wrong token for a
// device whose remembered token is still its own forgets nothing (a guess
// at someone's token must not lock them out of the throttled path).
func (k *knownDevices) forget(deviceID string, current *lifeline.DeviceCredentials) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if e, ok := k.devices[deviceID]; ok && (current == nil || current.Revoked() || subtle.ConstantTimeCompare(current.TokenHash, e.tokenHash[:]) != 1) {
		delete(k.devices, deviceID)
	}
}

// revoked forgets a revoked device (told through the live events).
func (k *knownDevices) revoked(deviceID string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	delete(k.devices, deviceID)
	k.revocations++
}
