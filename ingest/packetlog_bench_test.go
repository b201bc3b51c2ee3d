package ingest

import (
	"fmt"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mochi-mqtt/server/v2/packets"

	"lifeline"
	"lifeline/ingest/wire"
)

// BenchmarkHookHotPath measures the synchronous work OnPublish does for a
// bracelet's position packet before handing it to the writer: decoding,
// and recording it for the tester view. "decode" is the path without the
// tester; the others add Record, for devices nobody watches (the normal
// case) and for a watched one (its live events rate limited).
func BenchmarkHookHotPath(b *testing.B) {
	now := time.Now()
	payload := fmt.Appendf(nil, `{"seq":1042,"ts":%d,"lat":37.7749,"lon":-122.4194,"acc":6.5,"bat":81}`, now.UnixMilli())
	devices := make([]string, 1000)
	for i := range devices {
		devices[i] = lifeline.NewDeviceID()
	}
	newHook := func(log *PacketLog) *deviceHook {
		return &deviceHook{metrics: NewMetrics(nil), log: slog.New(slog.DiscardHandler), now: time.Now, packets: log}
	}
	run := func(b *testing.B, h *deviceHook) {
		var next atomic.Int64
		b.ReportAllocs()
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			id := devices[int(next.Add(1))%len(devices)]
			pk := packets.Packet{TopicName: wire.PositionTopic(id), Payload: payload}
			for pb.Next() {
				at := h.now()
				p, err := decodePacket(pk.TopicName, pk.Payload, sender{deviceID: id, userID: 1}, at, h.limits)
				if err != nil {
					b.Fatal(err)
				}
				h.record(id, 1, at, pk, logged(p, err))
			}
		})
	}
	b.Run("decode", func(b *testing.B) { run(b, newHook(nil)) })
	b.Run("decode+record", func(b *testing.B) {
		log := NewPacketLog(PacketLogConfig{})
		defer log.Close()
		run(b, newHook(log))
	})
	b.Run("decode+record-watched", func(b *testing.B) {
		log := NewPacketLog(PacketLogConfig{})
		defer log.Close()
		for _, id := range devices {
			log.Watch(id, now.Add(time.Hour))
		}
		run(b, newHook(log))
	})
}

// BenchmarkPacketLogRecord is Record alone, for one device nobody watches
// and for a watched one whose events are mostly over the rate limit.
func BenchmarkPacketLogRecord(b *testing.B) {
	payload := []byte(`{"seq":1042,"ts":1763793664000,"lat":37.7749,"lon":-122.4194,"acc":6.5,"bat":81}`)
	for _, watched := range []bool{false, true} {
		b.Run(fmt.Sprintf("watched=%v", watched), func(b *testing.B) {
			log := NewPacketLog(PacketLogConfig{})
			defer log.Close()
			if watched {
				log.Watch("brc_bench", time.Now().Add(time.Hour))
			}
			at := time.Now()
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				log.Record("brc_bench", 1, at, "bracelets/brc_bench/position", payload, packetResult{kind: wire.KindPosition, fixes: 1})
			}
		})
	}
}
