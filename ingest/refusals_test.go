package ingest_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"lifeline"
	"lifeline/ingest"
)

// TestOwnTracksKeepsTheFixAndCountsRefusals, over MQTT 3.1.1 with the real
// mosquitto_pub: a location with iOS's -1 for what it does not know is
// stored without those values, and the drops are in the tester view and
// /metrics; a location the server cannot use is acknowledged all the same
// (3.1.1 has no negative PUBACK), and it is counted on the device's row
// for the device card, with why.
func TestOwnTracksKeepsTheFixAndCountsRefusals(t *testing.T) {
	requireMosquittoPub(t)
	reg := prometheus.NewRegistry()
	var packets *ingest.PacketLog
	r := newPhoneRig(t, func(c *ingest.BrokerConfig) {
		packets = ingest.NewPacketLog(ingest.PacketLogConfig{Registerer: reg, Refusals: c.Devices.(lifeline.RefusalStore), RefusalFlush: 10 * time.Millisecond})
		c.Packets = packets
	})
	t.Cleanup(packets.Close)
	base := "owntracks/" + r.phone + "/iphone"
	tst := fixtureTime.Unix()

	sentinels := fmt.Appendf(nil, `{"_type":"location","lat":48.85833,"lon":2.29513,"tst":%d,"acc":5,"alt":167,"vac":-1,"vel":-1,"cog":-1,"tid":"JJ"}`, tst)
	if out, err := r.mosquittoPub(t, r.token, base, sentinels); err != nil {
		t.Fatalf("publish: %v %s", err, out)
	}
	if got := r.stored(t); fmt.Sprint(got) != "[owntracks 48.85833 5   ]" { // source, latitude, accuracy; no altitude, speed or course
		t.Errorf("stored %q, want the fix without altitude, speed and course", got)
	}
	want := []lifeline.FieldDrop{{Field: "alt", Reason: lifeline.DropNotKnown, Count: 1}, {Field: "vel", Reason: lifeline.DropNotKnown, Count: 1},
		{Field: "cog", Reason: lifeline.DropNotKnown, Count: 1}}
	if list := packets.RecentPackets(r.phone); len(list) != 1 || list[0].Outcome != lifeline.PacketAccepted || !slices.Equal(list[0].Dropped, want) {
		t.Errorf("tester view %+v, want the packet accepted with %v dropped", list, want)
	}
	if got := droppedMetric(t, reg); got != "alt not_known 1, cog not_known 1, vel not_known 1" {
		t.Errorf("lifeline_ingest_dropped_fields_total: %s", got)
	}

	ahead := fmt.Appendf(nil, `{"_type":"location","lat":48.85833,"lon":2.29513,"tst":%d,"tid":"JJ"}`, tst+3600)
	for range 2 {
		if out, err := r.mosquittoPub(t, r.token, base, ahead); err != nil {
			t.Fatalf("a refused location must still be acknowledged at MQTT 3.1.1: %v %s", err, out)
		}
	}
	var count int
	var reason, detail string
	deadline := time.Now().Add(10 * time.Second)
	for count < 2 && time.Now().Before(deadline) {
		if err := r.db.Pool.QueryRow(context.Background(), `SELECT refused_count, coalesce(refused_reason, ''), coalesce(refused_detail, '') FROM devices WHERE id = $1`,
			r.phone).Scan(&count, &reason, &detail); err != nil {
			t.Fatal(err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if count != 2 || reason != ingest.ReasonBadOwnTracks || !strings.Contains(detail, "ahead of the server's clock") {
		t.Errorf("device row: %d refused, %q %q; want 2, %s, ahead of the server's clock", count, reason, detail, ingest.ReasonBadOwnTracks)
	}
	if got := r.stored(t); len(got) != 1 {
		t.Errorf("stored %q, want only the first fix", got)
	}
}

// droppedMetric lists lifeline_ingest_dropped_fields_total's series.
func droppedMetric(t *testing.T, reg *prometheus.Registry) string {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var series []string
	for _, f := range families {
		if f.GetName() != "lifeline_ingest_dropped_fields_total" {
			continue
		}
		for _, m := range f.GetMetric() {
			labels := map[string]string{}
			for _, l := range m.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			series = append(series, fmt.Sprintf("%s %s %v", labels["field"], labels["reason"], m.GetCounter().GetValue()))
		}
	}
	slices.Sort(series)
	return strings.Join(series, ", ")
}
