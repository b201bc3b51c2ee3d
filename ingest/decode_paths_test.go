package ingest_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"lifeline"
	"lifeline/ingest"
	"lifeline/ingest/mosquittotest"
	"lifeline/ingest/wire"
	"lifeline/store"
	"lifeline/store/storetest"
)

// clockRig is what a way into ingest is started with: a device, a clock
// of its own, and where rows, counts and packet records go.
type clockRig struct {
	db      *store.DB
	device  *lifeline.Device
	token   string
	clock   func() time.Time
	writer  *ingest.Writer
	metrics *ingest.Metrics
	packets *ingest.PacketLog
}

// pairedDevice adds a user with one bracelet; it returns the bracelet and
// its token.
func pairedDevice(t *testing.T, db *store.DB, email string) (*lifeline.Device, string) {
	t.Helper()
	ctx := context.Background()
	var userID int64
	if err := db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ($1) RETURNING id`, email).Scan(&userID); err != nil {
		t.Fatal(err)
	}
	token, hash := lifeline.NewDeviceToken()
	device := &lifeline.Device{ID: lifeline.NewDeviceID(), UserID: userID, Name: "Test bracelet"}
	if err := db.CreateDevice(ctx, device, hash); err != nil {
		t.Fatal(err)
	}
	return device, token
}

// embeddedPath starts the embedded broker; it returns the URL devices publish to.
func embeddedPath(t *testing.T, r clockRig) string {
	b, err := ingest.StartBroker(ingest.BrokerConfig{
		TCPAddr: "127.0.0.1:0", WSAddr: "127.0.0.1:0",
		Devices: r.db, Writer: r.writer, Metrics: r.metrics, Packets: r.packets, Now: r.clock,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return "tcp://" + b.TCPAddr()
}

// externalPath starts Mosquitto and a worker on it; it returns the URL
// devices publish to.
func externalPath(t *testing.T, r clockRig) string {
	const worker = "lifeline-ingest-clock"
	url := mosquittotest.Start(t, []string{worker}, []ingest.MosquittoAccount{
		{Username: worker, Password: "worker-secret"}, {Username: r.device.ID, Password: r.token},
	}).URL
	e, err := ingest.StartExternal(ingest.ExternalConfig{
		BrokerURL: url, ClientID: worker, Username: worker, Password: "worker-secret",
		Devices: r.db, Writer: r.writer, Metrics: r.metrics, Packets: r.packets, Now: r.clock,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return url
}

// Both ways in check a fix's time against the injected clock, not the
// machine's: with the clock an hour behind, a fix taken now is from the
// future and refused, and one taken at the clock's now is stored, received
// at the clock's time.
// bothPaths are the two ways into ingest, for tests that run on each.
var bothPaths = []struct {
	name  string
	start func(*testing.T, clockRig) string
}{
	{"embedded broker", embeddedPath},
	{"external broker", externalPath},
}

func TestFixesAreCheckedAgainstTheInjectedClockOnBothPaths(t *testing.T) {
	db := storetest.NewDB(t)
	for _, p := range bothPaths {
		t.Run(p.name, func(t *testing.T) {
			ctx := context.Background()
			device, token := pairedDevice(t, db, strings.ReplaceAll(p.name, " ", "-")+"@clock.example.org")
			metrics := ingest.NewMetrics(prometheus.NewRegistry())
			writer := ingest.NewWriter(db, ingest.WriterConfig{Metrics: metrics})
			t.Cleanup(func() { writer.Close(ctx) })
			packets := ingest.NewPacketLog(ingest.PacketLogConfig{})
			t.Cleanup(packets.Close)
			clock := func() time.Time { return time.Now().Add(-time.Hour) }

			url := p.start(t, clockRig{db: db, device: device, token: token, clock: clock, writer: writer, metrics: metrics, packets: packets})
			c, err := connect(t, url, device.ID, device.ID, token)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range []wire.Fix{fix(1, time.Now()), fix(2, clock())} {
				if err := publish(t, c, wire.PositionTopic(device.ID), wire.EncodePosition(f)); err != nil {
					t.Fatalf("publish seq %d: %v", f.Seq, err)
				}
			}

			futureRefused := func() bool {
				return testutil.ToFloat64(metrics.RejectedFixes.WithLabelValues(wire.ReasonTSFuture)) == 1
			}
			var seqs []int64
			var receivedAt time.Time
			stored := func() bool {
				seqs = seqs[:0]
				rows, err := db.Pool.Query(ctx, `SELECT seq, received_at FROM locations WHERE device_id = $1 ORDER BY seq`, device.ID)
				if err != nil {
					t.Fatal(err)
				}
				defer rows.Close()
				for rows.Next() {
					var seq int64
					if err := rows.Scan(&seq, &receivedAt); err != nil {
						t.Fatal(err)
					}
					seqs = append(seqs, seq)
				}
				return len(seqs) > 0
			}
			if !eventually(func() bool { return futureRefused() && stored() }) {
				stored()
				t.Fatalf("ts_future counted %v and stored seqs %v: want the fix taken now refused and the one at the clock's now stored",
					testutil.ToFloat64(metrics.RejectedFixes.WithLabelValues(wire.ReasonTSFuture)), seqs)
			}
			if len(seqs) != 1 || seqs[0] != 2 {
				t.Errorf("stored seqs %v, want [2]", seqs)
			}
			if behind := time.Since(receivedAt); behind < 50*time.Minute {
				t.Errorf("received_at is %v before the machine's clock, want the injected clock's hour", behind.Round(time.Second))
			}
			var refused bool
			for _, r := range packets.RecentPackets(device.ID) {
				refused = refused || r.Reason == wire.ReasonTSFuture && r.Outcome != lifeline.PacketAccepted
			}
			if !refused {
				t.Errorf("packet log %+v holds no ts_future refusal", packets.RecentPackets(device.ID))
			}
		})
	}
}
