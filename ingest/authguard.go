package ingest

import (
	"net"
	"sync"
	"time"

	"lifeline/internal/ratelimit"
)

// Failed connection authentications an address may cause before it is
// throttled: a sustained rate and a burst. Above them its CONNECTs are
// refused for a second without a database lookup ("auth_throttled"), so a
// flood of wrong tokens (issue 21: 1,000 a second from one address) costs
// the database at most this many lookups a second. Good bracelets behind
// other addresses are not affected; one behind the flooding address (a
// shared NAT) is refused while the flood lasts, and backs off.
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
}

func newAuthGuard() *authGuard { return &authGuard{addrs: map[string]*guardEntry{}} }

// blocked reports whether remote is throttled now.
func (g *authGuard) blocked(remote string, now time.Time) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	e := g.addrs[hostOf(remote)]
	return e != nil && now.Before(e.blockedUntil)
}

// failed counts a failed authentication from remote.
func (g *authGuard) failed(remote string, now time.Time) {
	host := hostOf(remote)
	g.mu.Lock()
	defer g.mu.Unlock()
	e := g.addrs[host]
	if e == nil {
		if len(g.addrs) >= maxGuardedAddrs {
			g.addrs = map[string]*guardEntry{}
		}
		e = &guardEntry{fails: ratelimit.NewBucket(authFailLimit)}
		g.addrs[host] = e
	}
	if !e.fails.Allow(now) {
		e.blockedUntil = now.Add(time.Second)
	}
}

func hostOf(remote string) string {
	if host, _, err := net.SplitHostPort(remote); err == nil {
		return host
	}
	return remote
}
