package main

import (
	"time"

	"testing"

	"lifeline/ingest/wire"
)

func fixesFrom(seq0, n int) []pendingFix {
	var out []pendingFix
	for i := range n {
		out = append(out, pendingFix{seq: uint64(seq0 + i), ts: int64(1_800_000_000_000 + (seq0+i)*1000), lat: 1, lon: 2, acc: 5, bat: 50})
	}
	return out
}

func seqs(fixes []pendingFix) []uint64 {
	var s []uint64
	for _, f := range fixes {
		s = append(s, f.seq)
	}
	return s
}

func TestFlash(t *testing.T) {
	tests := []struct {
		name        string
		capacity    int
		push        int // fixes requeued+1 .. requeued+push taken while offline
		requeued    int // then fixes 1..requeued, sent earlier, put back in front
		batch       int
		wantBatches [][2]uint64 // first and last seq of each packet
		wantDropped int
	}{
		{"fits, one packet", 10, 3, 0, 500, [][2]uint64{{1, 3}}, 0},
		{"arrays of at most the batch size, oldest first", 5000, 1234, 0, 500, [][2]uint64{{1, 500}, {501, 1000}, {1001, 1234}}, 0},
		{"a smaller batch", 100, 7, 0, 3, [][2]uint64{{1, 3}, {4, 6}, {7, 7}}, 0},
		{"full: the oldest are overwritten", 100, 250, 0, 500, [][2]uint64{{151, 250}}, 150},
		{"unacknowledged fixes go back in front", 100, 3, 2, 500, [][2]uint64{{1, 5}}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFlash(tt.capacity)
			for _, p := range fixesFrom(tt.requeued+1, tt.push) {
				f.push(p)
			}
			f.requeue(fixesFrom(1, tt.requeued))
			var got [][2]uint64
			var all []uint64
			for f.len() > 0 {
				b := f.take(tt.batch)
				if len(b) > tt.batch || len(b) > wire.MaxBatch {
					t.Fatalf("a packet of %d fixes, batch %d", len(b), tt.batch)
				}
				got = append(got, [2]uint64{b[0].seq, b[len(b)-1].seq})
				all = append(all, seqs(b)...)
			}
			if len(got) != len(tt.wantBatches) {
				t.Fatalf("packets %v, want %v", got, tt.wantBatches)
			}
			for i := range got {
				if got[i] != tt.wantBatches[i] {
					t.Errorf("packet %d holds seq %v, want %v", i, got[i], tt.wantBatches[i])
				}
			}
			for i := 1; i < len(all); i++ {
				if all[i] <= all[i-1] {
					t.Fatalf("seq %d after %d: not oldest first", all[i], all[i-1])
				}
			}
			if f.dropped != tt.wantDropped {
				t.Errorf("dropped %d, want %d", f.dropped, tt.wantDropped)
			}
			if f.len() > tt.capacity {
				t.Errorf("holds %d, capacity %d", f.len(), tt.capacity)
			}
		})
	}
}

func TestFlashRequeueBeyondCapacityDropsTheOldest(t *testing.T) {
	f := newFlash(4)
	f.push(pendingFix{seq: 10})
	f.push(pendingFix{seq: 11})
	sent := fixesFrom(7, 3) // 7, 8, 9 were sent and not acknowledged
	for i := range sent {
		sent[i].sent = true
	}
	f.requeue(sent)
	if got := seqs(f.take(10)); len(got) != 4 || got[0] != 8 || got[3] != 11 {
		t.Errorf("after requeue holds %v, want [8 9 10 11]", got)
	}
	if f.dropped != 1 || f.droppedSent != 1 {
		t.Errorf("dropped %d (sent %d), want 1 (1)", f.dropped, f.droppedSent)
	}
}

// TestFlashPacketsDecode: what a device sends from flash is what the
// server's decoder reads back, in order, and never more than 500 a packet.
func TestFlashPacketsDecode(t *testing.T) {
	f := newFlash(5000)
	for _, p := range fixesFrom(1, 1001) {
		f.push(p)
	}
	next := uint64(1)
	for f.len() > 0 {
		batch := f.take(500)
		wf := make([]wire.Fix, len(batch))
		for i := range batch {
			b := &batch[i]
			wf[i] = wire.Fix{Seq: b.seq, TS: unixMilli(b.ts), Lat: b.lat, Lon: b.lon, Acc: &b.acc, Bat: &b.bat}
		}
		decoded, err := wire.DecodePositions(wire.EncodePosition(wf...), unixMilli(batch[len(batch)-1].ts), wire.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range decoded {
			if d.Seq != next {
				t.Fatalf("decoded seq %d, want %d", d.Seq, next)
			}
			next++
		}
	}
	if next != 1002 {
		t.Errorf("decoded up to seq %d, want 1001", next-1)
	}
}

func unixMilli(ms int64) time.Time { return time.UnixMilli(ms) }
