package ingest_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"lifeline/ingest"
	"lifeline/ingest/wire"
	"lifeline/store/storetest"
)

// The bracelet's SOS button, through both ways in: the press is
// acknowledged once the SOS stands (its position stored first), a repeat
// within the minute is acknowledged and tells nobody twice, and a broken
// packet raises nothing.
func TestBraceletSOSRaisesTheSameSOSOnBothPaths(t *testing.T) {
	db := storetest.NewDB(t)
	for _, p := range bothPaths {
		t.Run(p.name, func(t *testing.T) {
			ctx := context.Background()
			device, token := pairedDevice(t, db, strings.ReplaceAll(p.name, " ", "-")+"@sos.example.org")
			var supporterID int64
			if err := db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ($1) RETURNING id`, "sam-"+device.ID+"@example.org").Scan(&supporterID); err != nil {
				t.Fatal(err)
			}
			if _, err := db.Pool.Exec(ctx, `INSERT INTO care_links (user_id, supporter_id, label, expires_at, accepted_at, alert_scopes)
				VALUES ($1, $2, 'Sam', now() + interval '7 days', now(), '{sos}')`, device.UserID, supporterID); err != nil {
				t.Fatal(err)
			}
			metrics := ingest.NewMetrics(prometheus.NewRegistry())
			writer := ingest.NewWriter(db, ingest.WriterConfig{Metrics: metrics, SOS: db})
			t.Cleanup(func() { writer.Close(ctx) })
			packets := ingest.NewPacketLog(ingest.PacketLogConfig{})
			t.Cleanup(packets.Close)
			url := p.start(t, clockRig{db: db, device: device, token: token, clock: time.Now, writer: writer, metrics: metrics, packets: packets})
			c, err := connect(t, url, device.ID, device.ID, token)
			if err != nil {
				t.Fatal(err)
			}

			// The press at :50 and its repeat 15 s later, in the clock's next
			// minute: a press stands for a minute from when it was made.
			minute := time.Now().Add(-3 * time.Minute).Truncate(time.Minute).Add(50 * time.Second)
			acc := 8.0
			steps := []struct {
				name      string
				payload   []byte
				alerts    int // sos alerts of the wearer afterwards
				locations int
				delivered int // outbox rows to the supporter
			}{
				{"press with a position", wire.EncodeSOS(wire.SOS{Seq: 5, TS: minute, Fix: &wire.Fix{Lat: 40.7128, Lon: -74.006, Acc: &acc}}), 1, 1, 1},
				{"repeat within the minute", wire.EncodeSOS(wire.SOS{Seq: 6, TS: minute.Add(15 * time.Second)}), 1, 1, 1},
				{"lat without lon is refused", []byte(`{"seq":7,"ts":` + itoa(time.Now().UnixMilli()) + `,"lat":1}`), 1, 1, 1},
				{"a press a minute later without a position", wire.EncodeSOS(wire.SOS{Seq: 8, TS: minute.Add(time.Minute)}), 2, 1, 2},
			}
			for _, s := range steps {
				if err := publish(t, c, wire.SOSTopic(device.ID), s.payload); err != nil {
					t.Fatalf("%s: %v", s.name, err)
				}
				var alerts, locations, delivered int
				count := func() bool {
					db.Pool.QueryRow(ctx, `SELECT count(*) FROM alerts WHERE user_id = $1 AND type = 'sos'`, device.UserID).Scan(&alerts)
					db.Pool.QueryRow(ctx, `SELECT count(*) FROM locations WHERE device_id = $1`, device.ID).Scan(&locations)
					db.Pool.QueryRow(ctx, `SELECT count(*) FROM outbox WHERE recipient_id = $1`, supporterID).Scan(&delivered)
					return alerts == s.alerts && locations == s.locations && delivered == s.delivered
				}
				if !eventually(count) {
					t.Fatalf("%s: %d sos alerts, %d locations, %d deliveries to the supporter; want %d, %d, %d",
						s.name, alerts, locations, delivered, s.alerts, s.locations, s.delivered)
				}
			}
			pos, err := db.LatestFix(ctx, device.UserID)
			if err != nil || pos.Latitude != 40.7128 || pos.Longitude != -74.006 {
				t.Errorf("latest position %+v, %v: want the SOS packet's", pos, err)
			}
		})
	}
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
