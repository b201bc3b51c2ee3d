package ingest_test

import (
	"bufio"
	"net"
	"testing"
	"time"

	"github.com/mochi-mqtt/server/v2/packets"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"lifeline/ingest"
)

// TestWrongTokenFloodIsThrottledPerAddress: 400 CONNECTs with a wrong
// token from one address, as fast as they go. After a burst of failures the
// address is refused without a database lookup (counted as
// auth_throttled), so the database sees a bounded number of lookups, while
// a good bracelet dialling from another address connects and publishes.
func TestWrongTokenFloodIsThrottledPerAddress(t *testing.T) {
	r := newRig(t, nil, ingest.RateLimit{})
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
