package ingest_test

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"log/slog"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mochi-mqtt/server/v2/packets"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"lifeline"
	"lifeline/ingest"
	"lifeline/live"
	"lifeline/store/storetest"
)

// TestWrongTokenFloodIsThrottledPerAddress: 400 CONNECTs with a wrong
// token from one address, as fast as they go. After a burst of failures the
// address is refused without a database lookup (counted as
// auth_throttled), so the database sees a bounded number of lookups, while
// a good bracelet dialling from another address connects and publishes.
// The log gets a line per refusal that was looked up, none per throttled one.
func TestWrongTokenFloodIsThrottledPerAddress(t *testing.T) {
	var logged lockedBuffer
	r := newRig(t, nil, ingest.RateLimit{}, func(c *ingest.BrokerConfig) {
		c.Logger = slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
	victim, _ := r.pairDevice()
	good, goodToken := r.pairDevice()
	addr := r.broker.TCPAddr()

	start := time.Now()
	const flood = 400
	for i := range flood {
		if code := connectFrom(t, nil, addr, victim, victim, "wrong-token"); code != 5 {
			t.Fatalf("bad CONNECT %d: CONNACK %d, want 5 (not authorised)", i, code)
		}
	}
	elapsed := time.Since(start)

	badToken := testutil.ToFloat64(r.metrics.Refused.WithLabelValues("bad_token"))
	throttled := testutil.ToFloat64(r.metrics.Refused.WithLabelValues("auth_throttled"))
	if badToken+throttled != flood {
		t.Errorf("refusals: %v bad_token + %v auth_throttled, want %d in all", badToken, throttled, flood)
	}
	// The lookups (bad_token) stay within the burst plus the sustained rate.
	if most := 100 + 20*elapsed.Seconds() + 5; badToken > most {
		t.Errorf("%v database lookups for %d bad CONNECTs in %s, want at most %.0f", badToken, flood, elapsed, most)
	}
	if throttled == 0 {
		t.Errorf("no CONNECT was throttled (%d in %s)", flood, elapsed)
	}

	// Another address is not affected.
	other := &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}
	if code := connectFrom(t, other, addr, good, good, goodToken); code != 0 {
		t.Errorf("a good bracelet from another address: CONNACK %d during the flood, want 0", code)
	}

	// mochi would add a warning per refused connection; the hook's own line
	// (with the reason) stays, only for the refusals it looked up.
	time.Sleep(100 * time.Millisecond) // mochi logs after closing the connection
	log := logged.String()
	if n := strings.Count(log, "bad username or password"); n != 0 {
		t.Errorf("%d lines of mochi's about refused connections, want none:\n%.2000s", n, log)
	}
	if n := strings.Count(log, `msg="mqtt refused"`); float64(n) != badToken {
		t.Errorf("%d \"mqtt refused\" lines, want one per looked-up refusal (%v)", n, badToken)
	}
}

// lockedBuffer is a log destination several goroutines write to.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// connectFrom sends an MQTT 3.1.1 CONNECT from local (nil: any) and returns
// the CONNACK's return code.
func connectFrom(t *testing.T, local *net.TCPAddr, addr, clientID, username, password string) byte {
	t.Helper()
	conn := dialConnect(t, local, addr, clientID, username, password, true)
	defer conn.Close()
	typ, body := readPacket(t, bufio.NewReader(conn))
	if typ != packets.Connack || len(body) < 2 {
		t.Fatalf("got packet %d %v, want a CONNACK", typ, body)
	}
	return body[1]
}

// TestThrottledAddressAdmitsOnlyRememberedDevices: a wrong-token flood
// throttles 127.0.0.1; then one CONNECT from that address. A device that
// authenticated on this node lately, with the same token (and, for a
// bracelet, its own client ID), is admitted without a database lookup;
// anything else is refused as auth_throttled, also without one. Revocation
// (the live event, Broker.Disconnect) and the hour's expiry forget a
// device. Lookups are counted on their way to the real database.
func TestThrottledAddressAdmitsOnlyRememberedDevices(t *testing.T) {
	cases := []struct {
		name string
		kind string
		seen bool // the device connected (from another address) before the flood
		// revokedInFlight revokes the device (database and event) while
		// that first CONNECT's lookup is under way, after its read.
		revokedInFlight bool
		between         func(r *throttleRig, id string)
		clientID        string // "" is the device ID
		token           string // "" is the device's token
		noFlood         bool
		want            byte // CONNACK return code
	}{
		{name: "remembered bracelet", seen: true},
		{name: "remembered phone with its app's client ID", kind: lifeline.DevicePhone, seen: true, clientID: "owntracks-app"},
		{name: "never seen, right token", want: 5},
		{name: "remembered, wrong token", seen: true, token: "wrong-token", want: 5},
		{name: "remembered bracelet, another client ID", seen: true, clientID: "not-its-id", want: 5},
		{name: "remembered, then revoked", seen: true, between: (*throttleRig).revoke, want: 5},
		{name: "remembered, revoked with no event, then refused by the database", seen: true, between: func(r *throttleRig, id string) {
			if err := r.db.RevokeDevice(context.Background(), r.userID, id); err != nil {
				r.t.Fatal(err)
			}
			r.lookUp(id, "any-token", "revoked")
		}, want: 5},
		{name: "remembered, token rotated, then the old one refused by the database", seen: true, between: func(r *throttleRig, id string) {
			_, hash := lifeline.NewDeviceToken()
			if err := r.db.RotateDeviceToken(context.Background(), id, hash); err != nil {
				r.t.Fatal(err)
			}
			r.lookUp(id, r.tokens[id], "bad_token")
		}, want: 5},
		{name: "remembered, then a wrong guess at its token refused by the database", seen: true, between: func(r *throttleRig, id string) {
			r.lookUp(id, "a-guess", "bad_token") // does not lock the device out
		}},
		{name: "revoked while its lookup was in flight", seen: true, revokedInFlight: true, want: 5},
		{name: "remembered over an hour ago", seen: true, between: func(r *throttleRig, _ string) { r.advance(time.Hour + time.Second) }, want: 5},
		{name: "not throttled: looked up as ever", seen: true, noFlood: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := newThrottleRig(t)
			id, token := r.pair(tc.kind)
			flooder, _ := r.pairDevice()
			other := &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}
			if tc.seen {
				if tc.revokedInFlight {
					r.afterLookup.Store(&id)
				}
				if code := connectFrom(t, other, r.broker.TCPAddr(), id, id, token); code != 0 {
					t.Fatalf("first CONNECT: CONNACK %d, want 0", code)
				}
				r.afterLookup.Store(nil)
			}
			if tc.between != nil {
				tc.between(r, id)
			}
			if !tc.noFlood {
				r.throttle(t, flooder)
			}
			clientID, password := cmp.Or(tc.clientID, id), cmp.Or(tc.token, token)
			lookups, throttled, known := r.lookups.Load(), r.count("auth_throttled"), testutil.ToFloat64(r.metrics.KnownDeviceAdmissions)

			conn := dialConnect(t, nil, r.broker.TCPAddr(), clientID, id, password, true)
			defer conn.Close()
			typ, body := readPacket(t, bufio.NewReader(conn))
			if typ != packets.Connack || len(body) < 2 || body[1] != tc.want {
				t.Fatalf("got packet %d %v, want a CONNACK with code %d", typ, body, tc.want)
			}

			wantLookups, wantThrottled, wantKnown := int64(0), 0.0, 0.0
			switch {
			case tc.noFlood:
				wantLookups = 1
			case tc.want == 0:
				wantKnown = 1
			default:
				wantThrottled = 1
			}
			if got := r.lookups.Load() - lookups; got != wantLookups {
				t.Errorf("%d database lookups for the CONNECT, want %d", got, wantLookups)
			}
			if got := r.count("auth_throttled") - throttled; got != wantThrottled {
				t.Errorf("auth_throttled rose by %v, want %v", got, wantThrottled)
			}
			if got := testutil.ToFloat64(r.metrics.KnownDeviceAdmissions) - known; got != wantKnown {
				t.Errorf("known device admissions rose by %v, want %v", got, wantKnown)
			}
			// An admitted device holds a real session, filed under its ID.
			if connected := r.broker.Connected(id); connected != (tc.want == 0) {
				t.Errorf("Connected(%s) = %v after CONNACK %d", id, connected, tc.want)
			}
		})
	}
}

// throttleRig is the broker with its own clock and live events, counting
// the credential lookups that reach the real database.
type throttleRig struct {
	*rig
	tokens  map[string]string // by device ID
	bus     *live.Bus
	lookups *atomic.Int64
	// afterLookup, when set, is revoked after its next lookup's read.
	afterLookup atomic.Pointer[string]
	clock       *atomic.Int64 // Unix nanoseconds
}

func newThrottleRig(t *testing.T) *throttleRig {
	db := storetest.NewDB(t)
	r := &throttleRig{tokens: map[string]string{}, bus: live.NewBus(nil, nil), lookups: new(atomic.Int64), clock: new(atomic.Int64)}
	r.clock.Store(time.Now().UnixNano())
	r.rig = newRig(t, db, ingest.RateLimit{}, func(c *ingest.BrokerConfig) {
		c.Devices = countedLookups{DeviceService: db, r: r}
		c.Events = r.bus
		c.Now = func() time.Time { return time.Unix(0, r.clock.Load()) }
	})
	return r
}

// countedLookups is the real store, counting DeviceCredentials calls (and
// revoking the device of afterLookup once its credentials are read).
type countedLookups struct {
	lifeline.DeviceService
	r *throttleRig
}

func (c countedLookups) DeviceCredentials(ctx context.Context, id string) (*lifeline.DeviceCredentials, error) {
	c.r.lookups.Add(1)
	creds, err := c.DeviceService.DeviceCredentials(ctx, id)
	if revoke := c.r.afterLookup.Load(); revoke != nil && *revoke == id {
		c.r.revoke(id)
	}
	return creds, err
}

func (r *throttleRig) advance(d time.Duration) { r.clock.Add(int64(d)) }

func (r *throttleRig) count(reason string) float64 {
	return testutil.ToFloat64(r.metrics.Refused.WithLabelValues(reason))
}

func (r *throttleRig) pair(kind string) (id, token string) {
	r.t.Helper()
	token, hash := lifeline.NewDeviceToken()
	d := &lifeline.Device{ID: lifeline.NewDeviceID(), UserID: r.userID, Name: "Shared NAT", Kind: kind}
	if err := r.db.CreateDevice(context.Background(), d, hash); err != nil {
		r.t.Fatal(err)
	}
	r.tokens[d.ID] = token
	return d.ID, token
}

// lookUp CONNECTs from 127.0.0.3 (never throttled here) and wants the
// database's refusal for reason.
func (r *throttleRig) lookUp(id, token, reason string) {
	r.t.Helper()
	before := r.count(reason)
	if code := connectFrom(r.t, &net.TCPAddr{IP: net.ParseIP("127.0.0.3")}, r.broker.TCPAddr(), id, id, token); code != 5 || r.count(reason) != before+1 {
		r.t.Fatalf("CONNECT as %s: CONNACK %d, %s %v→%v; want 5 and one more", id, code, reason, before, r.count(reason))
	}
}

// revoke revokes the device as the API does: in the database, then the
// live event every node's broker hears.
func (r *throttleRig) revoke(id string) {
	ctx := context.Background()
	if err := r.db.RevokeDevice(ctx, r.userID, id); err != nil {
		r.t.Error(err) // Error, not Fatal: this may run on the broker's goroutine
	}
	if err := r.bus.Publish(ctx, live.DeviceRevoked(r.userID, id)); err != nil {
		r.t.Error(err)
	}
}

// throttle floods 127.0.0.1's CONNECTs with a wrong token for flooder
// until the address is throttled. The clock stands still, so it stays
// throttled.
func (r *throttleRig) throttle(t *testing.T, flooder string) {
	t.Helper()
	before := r.count("auth_throttled")
	for i := 0; r.count("auth_throttled") == before; i++ {
		if i == 300 {
			t.Fatal("300 wrong tokens and the address is not throttled")
		}
		if code := connectFrom(t, nil, r.broker.TCPAddr(), flooder, flooder, "wrong-token"); code != 5 {
			t.Fatalf("flood CONNECT %d: CONNACK %d, want 5", i, code)
		}
	}
}
