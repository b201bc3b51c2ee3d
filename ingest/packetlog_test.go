package ingest

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"lifeline"
	"lifeline/ingest/wire"
)

func TestPacketLogKeepsTheLatestPerDeviceWithinItsBounds(t *testing.T) {
	log := NewPacketLog(PacketLogConfig{MaxDevices: 2})
	defer log.Close()
	at := time.Now()
	for i := range 60 {
		log.Record("brc_a", 1, at.Add(time.Duration(i)), "bracelets/brc_a/position", fmt.Appendf(nil, `{"seq":%d}`, i), packetResult{kind: wire.KindPosition, fixes: 1})
	}
	got := log.RecentPackets("brc_a")
	if len(got) != packetsPerDevice || got[0].Excerpt != `{"seq":59}` || got[packetsPerDevice-1].Excerpt != `{"seq":10}` {
		t.Fatalf("kept %d, newest %q, oldest %q; want the latest %d, newest first", len(got), got[0].Excerpt, got[len(got)-1].Excerpt, packetsPerDevice)
	}
	if got[0].Outcome != lifeline.PacketAccepted || got[0].Kind != "position" || got[0].Fixes != 1 {
		t.Errorf("record = %+v", got[0])
	}

	// A third device takes over the ring of the one idle longest.
	log.Record("brc_b", 1, at, "bracelets/brc_b/battery", []byte(`{}`), packetResult{kind: wire.KindBattery})
	log.Record("brc_a", 1, at, "bracelets/brc_a/position", []byte(`{}`), packetResult{kind: wire.KindPosition})
	log.Record("brc_c", 1, at, "bracelets/brc_c/position", []byte(`x`), packetResult{reason: wire.ReasonBadJSON})
	if n := len(log.clock); n != 2 {
		t.Errorf("%d rings for a cap of 2", n)
	}
	if len(log.RecentPackets("brc_c")) != 1 || len(log.RecentPackets("brc_a"))+len(log.RecentPackets("brc_b")) == 0 {
		t.Errorf("after eviction: a %d, b %d, c %d", len(log.RecentPackets("brc_a")), len(log.RecentPackets("brc_b")), len(log.RecentPackets("brc_c")))
	}
	if len(log.RecentPackets("brc_a")) > 0 && len(log.RecentPackets("brc_b")) > 0 {
		t.Error("no ring was evicted")
	}
}

func TestPacketExcerpts(t *testing.T) {
	long := strings.Repeat("é", 200) // 400 bytes: the cut falls inside a rune
	tests := []struct {
		name, payload, excerpt, encoding string
		truncated                        bool
	}{
		{"json", `{"seq":1}`, `{"seq":1}`, "text", false},
		{"newlines", "{\n\t\"a\":1\n}", "{\n\t\"a\":1\n}", "text", false},
		{"empty", "", "", "text", false},
		{"control bytes", "\x00\x01ab", "00016162", "hex", false},
		{"not UTF-8", "\xff\xfe", "fffe", "hex", false},
		{"long text cut inside a rune", long, strings.Repeat("é", 128), "text", true},
	}
	log := NewPacketLog(PacketLogConfig{})
	defer log.Close()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			log.Record("brc_x", 1, time.Now(), "bracelets/brc_x/position", []byte(tc.payload), packetResult{reason: wire.ReasonBadJSON, err: fmt.Errorf("detail")})
			got := log.RecentPackets("brc_x")[0]
			if got.Excerpt != tc.excerpt || got.Encoding != tc.encoding || got.Truncated != tc.truncated || got.Size != len(tc.payload) {
				t.Errorf("= %q %s truncated=%v size=%d; want %q %s truncated=%v", got.Excerpt, got.Encoding, got.Truncated, got.Size, tc.excerpt, tc.encoding, tc.truncated)
			}
			if got.Outcome != lifeline.PacketRejected || got.Reason != "bad_json" || got.Detail != "detail" {
				t.Errorf("outcome = %+v", got)
			}
		})
	}
}

func TestWatchedPacketsAreRateLimited(t *testing.T) {
	log := NewPacketLog(PacketLogConfig{Rate: RateLimit{PerSecond: 1, Burst: 3}})
	defer log.Close()
	at := time.Now()
	log.Record("brc_w", 1, at, "t", nil, packetResult{}) // unwatched: no event, no drop
	log.Watch("brc_w", at.Add(time.Minute))
	for range 10 {
		log.Record("brc_w", 1, at, "t", nil, packetResult{})
	}
	if got := testutil.ToFloat64(log.dropped); got != 7 {
		t.Errorf("dropped %v of 10 packets at a burst of 3, want 7", got)
	}
	if got := len(log.RecentPackets("brc_w")); got != 11 {
		t.Errorf("recorded %d, want all 11", got)
	}
}
