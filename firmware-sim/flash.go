package main

// pendingFix is one fix the bracelet has taken, until the server
// acknowledges it.
type pendingFix struct {
	seq      uint64
	ts       int64 // Unix milliseconds, by the device's clock
	lat, lon float64
	acc      float64
	bat      int
	sent     bool // published at least once
	// outOfWindow: the device clock put ts beyond what the server accepts
	// (the skew scenario), so the server is expected to reject it.
	outOfWindow bool
}

// flash is the bracelet's bounded store of fixes taken while it could not
// send them, oldest first. When full, the oldest fix is overwritten, as a
// ring buffer on flash memory does. It grows on demand, so ten thousand idle
// simulated devices cost nothing.
type flash struct {
	capacity int
	items    []pendingFix
	// dropped counts overwritten fixes; droppedSent those of them that had
	// been sent but not acknowledged.
	dropped, droppedSent int
}

func newFlash(capacity int) flash { return flash{capacity: max(1, capacity)} }

func (f *flash) len() int { return len(f.items) }

// push stores a fix taken now, after the others.
func (f *flash) push(p pendingFix) {
	f.items = append(f.items, p)
	f.trim()
}

// requeue puts back fixes that were sent but not acknowledged. They are
// older than everything stored, so they go in front, in their order.
func (f *flash) requeue(fixes []pendingFix) {
	if len(fixes) == 0 {
		return
	}
	items := make([]pendingFix, 0, len(fixes)+len(f.items))
	f.items = append(append(items, fixes...), f.items...)
	f.trim()
}

// take removes and returns up to n of the oldest fixes.
func (f *flash) take(n int) []pendingFix {
	n = min(n, len(f.items))
	batch := f.items[:n:n]
	f.items = f.items[n:]
	if len(f.items) == 0 {
		f.items = nil
	}
	return batch
}

func (f *flash) trim() {
	over := len(f.items) - f.capacity
	if over <= 0 {
		return
	}
	for _, p := range f.items[:over] {
		f.dropped++
		if p.sent {
			f.droppedSent++
		}
	}
	f.items = f.items[over:]
}
