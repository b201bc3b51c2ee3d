// Package gate is the process's front door: every TCP listener Lifeline
// serves (the web app and API, MQTT, MQTT over WebSocket) accepts through
// one Gate. A Gate keeps a reserve of file descriptors that connections
// never take, so the database pool and the broker can always open what
// they need; caps the connections of one client address; survives accept
// errors (EMFILE, ENFILE, ECONNABORTED…) with back-off instead of
// returning; binds again a listener that stopped anyway; and says which
// listener is down, for /readyz.
package gate

import (
	"context"
	"fmt"
	"log/slog"
	"net/netip"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// DefaultReserve is how many file descriptors connections leave free by
// default: the database pool (one connection per CPU, at least four, plus
// the live events' listener), the process's own files and sockets (about
// 40 at rest, measured), and room for a listener to bind again.
// docs/faults.md, "Descriptors", has the measurement.
const DefaultReserve = 256

// Config sets a Gate up.
type Config struct {
	// Reserve is how many file descriptors connections may never take
	// (0: DefaultReserve; negative: none, for tests of exhaustion).
	Reserve int
	// Registerer takes the gate's metrics (nil: a private registry).
	Registerer prometheus.Registerer
	Logger     *slog.Logger
	// Limit is the process's open-file limit (nil: RLIMIT_NOFILE's soft
	// limit, read at every accept, so a limit lowered at run time counts
	// at once).
	Limit func() int
}

// Gate is shared by every listener of the process.
type Gate struct {
	reserve int
	limit   func() int
	log     *slog.Logger
	metrics metrics
	// open counts connections accepted through the gate and not closed.
	open atomic.Int64

	mu   sync.Mutex
	down map[string]downSince // listeners down now, by name
}

type downSince struct {
	at  time.Time
	err error
}

type metrics struct {
	refused      *prometheus.CounterVec
	acceptErrors *prometheus.CounterVec
	restarts     *prometheus.CounterVec
	up           *prometheus.GaugeVec
	open         *prometheus.GaugeVec
}

// New makes a Gate.
func New(cfg Config) *Gate {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Registerer == nil {
		cfg.Registerer = prometheus.NewRegistry()
	}
	switch {
	case cfg.Reserve == 0:
		cfg.Reserve = DefaultReserve
	case cfg.Reserve < 0:
		cfg.Reserve = 0
	}
	if cfg.Limit == nil {
		cfg.Limit = openFileLimit
	}
	g := &Gate{reserve: cfg.Reserve, limit: cfg.Limit, log: cfg.Logger, down: map[string]downSince{}}
	g.metrics = metrics{
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lifeline_connections_refused_total",
			Help: "Connections closed as soon as they were accepted: per_addr (the client address's cap) or descriptors (the reserve of file descriptors reached).",
		}, []string{"listener", "reason"}),
		acceptErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lifeline_accept_errors_total", Help: "Errors accepting a connection, retried with back-off, by errno.",
		}, []string{"listener", "error"}),
		restarts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lifeline_listener_restarts_total", Help: "Listeners that stopped and were bound again.",
		}, []string{"listener"}),
		up: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "lifeline_listener_up", Help: "1 while the listener accepts connections, 0 while it is down.",
		}, []string{"listener"}),
		open: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "lifeline_connections_open", Help: "Connections open now, by listener.",
		}, []string{"listener"}),
	}
	cfg.Registerer.MustRegister(g.metrics.refused, g.metrics.acceptErrors, g.metrics.restarts, g.metrics.up, g.metrics.open)
	return g
}

// Ready returns an error naming every listener that is down.
func (g *Gate) Ready(context.Context) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.down) == 0 {
		return nil
	}
	names := make([]string, 0, len(g.down))
	for name := range g.down {
		names = append(names, name)
	}
	sort.Strings(names)
	return fmt.Errorf("listener down: %s", strings.Join(names, ", "))
}

func (g *Gate) setDown(name string, err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if _, already := g.down[name]; !already {
		g.down[name] = downSince{at: time.Now(), err: err}
	}
	g.metrics.up.WithLabelValues(name).Set(0)
}

func (g *Gate) setUp(name string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if d, was := g.down[name]; was {
		g.log.Info("listener back", "listener", name, "down_for", time.Since(d.at).Round(time.Millisecond))
	}
	delete(g.down, name)
	g.metrics.up.WithLabelValues(name).Set(1)
}

// full reports whether one more connection would eat into the reserve.
func (g *Gate) full() bool {
	return g.open.Load() >= int64(g.limit()-g.reserve)
}

// openFileLimit is RLIMIT_NOFILE's soft limit.
func openFileLimit() int {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil || lim.Cur > 1<<30 {
		return 1 << 30
	}
	return int(lim.Cur)
}

// Caps limits the concurrent connections of each client address; one
// Caps may be shared by several listeners (MQTT over TCP and over
// WebSocket count together). An IPv6 client counts by its /64, which one
// subscriber usually holds whole.
type Caps struct {
	max    int
	exempt []netip.Prefix
	mu     sync.Mutex
	n      map[netip.Prefix]int
}

// NewCaps allows each client address max connections at once (0: no cap);
// exempt addresses (trusted reverse proxies, which carry many clients)
// are not counted.
func NewCaps(max int, exempt []netip.Prefix) *Caps {
	return &Caps{max: max, exempt: exempt, n: map[netip.Prefix]int{}}
}

// take counts a connection from addr, unless its address is at the cap.
// It returns the key to give back when the connection closes; an invalid
// key was not counted (no cap, an exempt address, no IP address).
func (c *Caps) take(addr netip.Addr) (key netip.Prefix, ok bool) {
	if c == nil || c.max <= 0 || c.exempted(addr) {
		return netip.Prefix{}, true
	}
	key = clientKey(addr)
	if !key.IsValid() {
		return key, true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[key] >= c.max {
		return netip.Prefix{}, false
	}
	c.n[key]++
	return key, true
}

// give forgets a connection counted by take.
func (c *Caps) give(key netip.Prefix) {
	if !key.IsValid() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[key]--; c.n[key] <= 0 {
		delete(c.n, key)
	}
}

func (c *Caps) exempted(addr netip.Addr) bool {
	addr = addr.WithZone("").Unmap()
	for _, p := range c.exempt {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// clientKey is what a connection from addr counts against: the address,
// or an IPv6 address's /64.
func clientKey(addr netip.Addr) netip.Prefix {
	addr = addr.WithZone("").Unmap()
	switch {
	case !addr.IsValid():
		return netip.Prefix{}
	case addr.Is6():
		return netip.PrefixFrom(addr, 64).Masked()
	default:
		return netip.PrefixFrom(addr, 32)
	}
}
