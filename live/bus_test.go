package live_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"lifeline"
	"lifeline/live"
	"lifeline/store"
	"lifeline/store/storetest"
)

// node is one running node's bus, listening, with what its subscribers
// received.
type node struct {
	bus *live.Bus

	mu       sync.Mutex
	user     []live.Event
	zones    []int64
	revoked  []string
	watches  []lifeline.DeviceWatch
	packets  []lifeline.PacketRecord
	sos      int
	received chan struct{}
}

func newNode(t *testing.T, db *store.DB) *node {
	t.Helper()
	n := &node{bus: live.NewBus(db, nil), received: make(chan struct{}, 100)}
	got := func(record func()) {
		n.mu.Lock()
		record()
		n.mu.Unlock()
		n.received <- struct{}{}
	}
	n.bus.OnUserEvent(func(e live.Event) { got(func() { n.user = append(n.user, e) }) })
	n.bus.OnZoneChanged(func(_ context.Context, id int64) { got(func() { n.zones = append(n.zones, id) }) })
	n.bus.OnDeviceRevoked(func(id string) { got(func() { n.revoked = append(n.revoked, id) }) })
	n.bus.OnDeviceWatch(func(w lifeline.DeviceWatch) { got(func() { n.watches = append(n.watches, w) }) })
	n.bus.OnPacket(func(_ int64, p lifeline.PacketRecord) { got(func() { n.packets = append(n.packets, p) }) })
	n.bus.OnSOSRaised(func() { got(func() { n.sos++ }) })
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); n.bus.Listen(ctx) }()
	t.Cleanup(func() { stop(); <-done })
	return n
}

// wait waits for count deliveries.
func (n *node) wait(t *testing.T, count int) {
	t.Helper()
	for i := 0; i < count; i++ {
		select {
		case <-n.received:
		case <-time.After(10 * time.Second):
			t.Fatalf("got %d of %d deliveries", i, count)
		}
	}
}

// quiet checks that nothing more arrives for a while.
func (n *node) quiet(t *testing.T) {
	t.Helper()
	select {
	case <-n.received:
		t.Error("an event was delivered twice")
	case <-time.After(300 * time.Millisecond):
	}
}

// connect makes sure both nodes listen: a probe from each reaches the
// other.
func connect(t *testing.T, a, b *node) {
	t.Helper()
	for _, pair := range [][2]*node{{a, b}, {b, a}} {
		from, to := pair[0], pair[1]
		for seen := false; !seen; {
			if err := from.bus.Publish(t.Context(), live.DeviceRevoked(1, "probe")); err != nil {
				t.Fatal(err)
			}
			from.wait(t, 1) // its own, at once
			select {
			case <-to.received:
				seen = true
			case <-time.After(100 * time.Millisecond):
			}
		}
	}
	time.Sleep(300 * time.Millisecond) // the probes still on their way
	for _, n := range []*node{a, b} {
		for len(n.received) > 0 {
			<-n.received
		}
		n.mu.Lock()
		n.revoked = nil
		n.mu.Unlock()
	}
}

func TestBusDeliversEveryEventOncePerNode(t *testing.T) {
	db := storetest.NewDB(t)
	here, there := newNode(t, db), newNode(t, db)
	connect(t, here, there)

	until := time.Date(2026, 11, 22, 9, 1, 0, 0, time.UTC)
	events := []live.Event{
		live.ZoneChanged(7, 42),
		live.DeviceRevoked(7, "brc_one"),
		live.DeviceWatched(7, lifeline.DeviceWatch{DeviceID: "brc_one", Until: until}),
		live.PacketSeen(7, lifeline.PacketRecord{ID: "n-1", DeviceID: "brc_one", Outcome: lifeline.PacketAccepted}),
		live.LocationMoved(lifeline.Fix{UserID: 7, Lat: 51.5, Lon: -0.12, DeviceID: "brc_one"}),
		live.DeviceConnection(7, "brc_one", true),
		live.SOSChanged(&lifeline.Alert{ID: 9, UserID: 7}),
		live.SOSChanged(&lifeline.Alert{ID: 9, UserID: 7, ResolvedAt: &until}),
	}
	if err := here.bus.Publish(t.Context(), events...); err != nil {
		t.Fatal(err)
	}
	// The packet, the zone edit and the raised SOS reach two subscribers
	// each.
	const deliveries = 11
	// The publishing node's subscribers have them before Publish returns.
	if got := len(here.received); got != deliveries {
		t.Errorf("%d deliveries on the publishing node when Publish returned, want %d", got, deliveries)
	}
	here.wait(t, deliveries)
	there.wait(t, deliveries)
	here.quiet(t)
	there.quiet(t)

	for name, n := range map[string]*node{"publishing node": here, "other node": there} {
		n.mu.Lock()
		var kinds []live.Kind
		for _, e := range n.user {
			kinds = append(kinds, e.Kind)
		}
		if len(n.zones) != 1 || n.zones[0] != 42 {
			t.Errorf("%s: zone edits %v, want [42]", name, n.zones)
		}
		if len(n.revoked) != 1 || n.revoked[0] != "brc_one" {
			t.Errorf("%s: revocations %v", name, n.revoked)
		}
		if len(n.watches) != 1 || !n.watches[0].Until.Equal(until) {
			t.Errorf("%s: watches %v", name, n.watches)
		}
		if len(n.packets) != 1 || n.packets[0].ID != "n-1" {
			t.Errorf("%s: packets %v", name, n.packets)
		}
		if n.sos != 1 {
			t.Errorf("%s: %d SOSes raised, want 1 (the closed one is no news to the delivery worker)", name, n.sos)
		}
		// The live streams get user events only, in order.
		want := []live.Kind{live.KindZone, live.KindPacket, live.KindLocation, live.KindDevice, live.KindSOS, live.KindSOS}
		if len(kinds) != len(want) {
			t.Errorf("%s: user events %v, want %v", name, kinds, want)
		} else {
			for i := range want {
				if kinds[i] != want[i] || n.user[i].UserID != 7 {
					t.Errorf("%s: user event %d = %+v, want a %s of user 7", name, i, n.user[i], want[i])
				}
			}
		}
		n.mu.Unlock()
	}
}

func TestAlertsArePublishedOnceCommitted(t *testing.T) {
	db := storetest.NewDB(t)
	here, there := newNode(t, db), newNode(t, db)
	connect(t, here, there)
	u := &lifeline.User{Email: "ada@example.org", FirstName: "Ada", LastName: "Tester", Timezone: "Europe/London"}
	if err := db.CreateUser(t.Context(), u, "x"); err != nil {
		t.Fatal(err)
	}
	alerts := live.NewAlerts(db, here.bus, nil)

	milestone := lifeline.NewAlert{Type: lifeline.AlertMilestone, Message: lifeline.MilestoneMessage(7), Link: "/", DedupKey: "7:x",
		Evidence: json.RawMessage(`{"large": "not for the live event"}`)}
	raised, err := alerts.RaiseAlert(t.Context(), u.ID, milestone)
	if err != nil || raised == nil {
		t.Fatalf("raise = %v, %v", raised, err)
	}
	here.wait(t, 1)
	there.wait(t, 1)
	// The same alert again is not new: nothing is stored or published.
	if again, err := alerts.RaiseAlert(t.Context(), u.ID, milestone); again != nil || err != nil {
		t.Errorf("raising it again = %v, %v", again, err)
	}
	here.quiet(t)
	there.quiet(t)

	// The event is what a reconnecting client gets for the same alert.
	missed, err := db.FindAlertsAfter(t.Context(), u.ID, 0)
	if err != nil || len(missed) != 1 {
		t.Fatalf("alerts after 0 = %v, %v", missed, err)
	}
	resumed, _ := json.Marshal(missed[0])
	for name, n := range map[string]*node{"publishing node": here, "other node": there} {
		n.mu.Lock()
		e := n.user[0]
		n.mu.Unlock()
		if e.Kind != live.KindAlert || e.UserID != u.ID || e.ID != raised.ID || string(e.Data) != string(resumed) {
			t.Errorf("%s got %+v %s, want alert %d as resumed: %s", name, e, e.Data, raised.ID, resumed)
		}
	}
}
