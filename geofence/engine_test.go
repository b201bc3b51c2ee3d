package geofence

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/paulmach/orb"
)

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)) }

// The state machine's table. Every case is one device walking past zones
// around one centre (San Francisco); positions are metres north and east
// of it. The default zone is a circle of 100 m (margin 10 m):
//
//	        north
//	          |   . . .
//	          | .       .
//	fix ──▶ * |.  100 m  .      clearly inside:  d ≤ −(accuracy + 10 m)
//	          |.    +    .      clearly outside: d ≥ accuracy + 10 m
//	          | .       .
//	          |   . . .
const sfLon, sfLat = -122.4194, 37.7749

type step struct {
	dt                time.Duration // after the previous fix; 0 means 30 s
	north, east, acc  float64
	user              int64 // 0 means 1
	note              string
	wantNoStateChange bool
}

func at(north, acc float64) step { return step{north: north, acc: acc} }
func far(acc float64) step       { return step{north: 400, acc: acc} }
func in(acc float64) step        { return step{north: 0, acc: acc} }
func after(d time.Duration, s step) step {
	s.dt = d
	return s
}

func TestStateMachine(t *testing.T) {
	avoid := circleZone(1, 1, ZoneAvoid, sfLon, sfLat, 100)
	safe := circleZone(1, 1, ZoneSafe, sfLon, sfLat, 100)
	slow := avoid
	slow.ConfirmSeconds = 3600 // only the N rule
	five := avoid
	five.ConfirmFixes, five.ConfirmSeconds = 5, 3600
	inactive := avoid
	inactive.Active = false
	others := avoid
	others.UserID = 2
	enterSafe := []step{far(5), in(5), in(5), in(5)} // ends inside a zone, confirmed

	tests := []struct {
		name  string
		zone  Zone
		steps []step
		want  []string // event kinds, "!" when alerting
	}{
		{"a walk into an avoid zone gives one enter", avoid,
			[]step{far(5), at(300, 5), at(200, 5), at(120, 5), at(100, 5), at(80, 5), at(60, 5), at(40, 5), at(20, 5), in(5), in(5), in(5), in(5)},
			[]string{"enter!"}},
		{"a walk through gives one enter and one exit", avoid,
			[]step{far(5), at(50, 5), at(0, 5), at(-50, 5), at(-120, 5), at(-200, 5), at(-300, 5), at(-400, 5)},
			[]string{"enter!", "exit"}},
		{"entering a safe zone does not alert, leaving it does", safe,
			append(slices.Clone(enterSafe), far(5), far(5), far(5)),
			[]string{"enter", "exit!"}},
		{"a fix with 500 m accuracy changes nothing", avoid,
			[]step{in(500), in(500), in(500), in(500), in(500), in(500)},
			nil},
		{"accuracy above the zone's size (100 m) changes nothing for it", safe,
			append(slices.Clone(enterSafe), far(120), far(120), far(120), far(120), far(120)),
			[]string{"enter"}}, // 300 m out: clear, were it not so coarse
		{"and the next fixes fine enough for it do", safe,
			append(slices.Clone(enterSafe), far(120), far(120), far(60), far(60), far(60)),
			[]string{"enter", "exit!"}},
		{"201 m accuracy (over the 200 m limit) changes nothing", avoid,
			[]step{in(201), in(201), in(201), in(201)},
			nil},
		{"an out-of-order fix changes nothing", avoid,
			[]step{in(5), in(5), after(-15*time.Second, far(5)), after(45*time.Second, in(5))},
			[]string{"enter!"}},
		{"an older fix and a duplicate (same time) change nothing", slow,
			[]step{in(5), in(5), after(-1, in(5)), after(1, in(5)), in(5)},
			[]string{"enter!"}}, // only the 5th fix is the 3rd that counts
		{"the lone wild fix (200 m out claiming 2 m) never fires", safe,
			append(slices.Clone(enterSafe), at(300, 2), in(5), in(5), in(5), in(5), in(5)),
			[]string{"enter"}},
		{"the lone wild fix into an avoid zone never fires either", avoid,
			[]step{far(5), far(5), in(2), far(5), far(5), after(5*time.Minute, far(5))},
			nil},
		{"a wild fix followed by ambiguous fixes and an honest one never fires", safe,
			append(slices.Clone(enterSafe), at(300, 2), at(95, 10), at(95, 10), in(5), in(5)),
			[]string{"enter"}},
		{"a contradicting clear fix resets the pending transition", slow,
			[]step{in(5), in(5), far(5), in(5), in(5), in(5)},
			[]string{"enter!"}}, // the 6th fix is the 3rd in a row, not the 5th inside
		{"an ambiguous fix neither confirms nor resets", slow,
			[]step{in(5), at(100, 5), in(5), at(100, 5), at(95, 5), in(5)},
			[]string{"enter!"}},
		{"N per zone: five fixes", five,
			[]step{in(5), in(5), in(5), in(5), in(5)},
			[]string{"enter!"}},
		{"T: two fixes two minutes apart confirm (a rare reporter)", avoid,
			[]step{in(5), after(2*time.Minute, in(5))},
			[]string{"enter!"}},
		{"T: two fixes 30 s apart do not", avoid,
			[]step{in(5), in(5)},
			nil},
		{"evidence older than the pending gap is dropped", avoid,
			append(append([]step{in(5)}, slices.Repeat([]step{at(95, 5)}, 22)...), in(5), in(5)),
			nil}, // the first fix is 11.5 min old at the next clear one: stale; the last two span 30 s
		{"a rare reporter's gap is three of its intervals", avoid,
			[]step{far(5), after(20*time.Minute, far(5)), after(20*time.Minute, in(5)), after(20*time.Minute, in(5))},
			[]string{"enter!"}},
		{"unknown accuracy counts as 25 m", avoid,
			[]step{at(70, 0), at(70, 0), at(70, 0), at(70, 0), at(60, 0), at(60, 0), at(60, 0)},
			[]string{"enter!"}}, // 30 m inside is ambiguous with 25 m + 10 m; 40 m is clear
		{"an inactive zone is ignored", inactive,
			[]step{in(5), in(5), in(5), in(5)},
			nil},
		{"another user's zone is ignored", others,
			[]step{in(5), in(5), in(5), in(5)},
			nil},
		{"standing on the edge with honest fixes changes nothing", avoid,
			[]step{at(100, 5), at(104, 8), at(96, 8), at(110, 12), at(90, 12), at(100, 3)},
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := New(Config{})
			if err := e.SetZones([]Zone{tt.zone}); err != nil {
				t.Fatal(err)
			}
			w := newWalker(t, e, "brc_test", 1)
			for _, s := range tt.steps {
				dt := s.dt
				if dt == 0 {
					dt = 30 * time.Second
				}
				lon, lat := offset(sfLon, sfLat, s.east, s.north)
				w.at(dt, lon, lat, s.acc)
			}
			if got := kinds(w.all); !slices.Equal(got, tt.want) {
				t.Errorf("events %v, want %v", got, tt.want)
			}
		})
	}
}

func TestEnterEvidence(t *testing.T) {
	e := New(Config{})
	e.SetZones([]Zone{circleZone(7, 1, ZoneAvoid, sfLon, sfLat, 100)})
	w := newWalker(t, e, "brc_test", 1)
	for _, north := range []float64{300, 200, 100} {
		lon, lat := offset(sfLon, sfLat, 0, north)
		w.step(lon, lat, 5)
	}
	first := w.ts.Add(30 * time.Second)
	var got []Event
	for _, north := range []float64{80, 60, 40, 20} {
		lon, lat := offset(sfLon, sfLat, 0, north)
		got = append(got, w.step(lon, lat, 5)...)
	}
	if len(got) != 1 {
		t.Fatalf("events %v", kinds(got))
	}
	ev := got[0]
	if ev.Kind != EventEnter || !ev.Alert || ev.ZoneID != 7 || ev.UserID != 1 || ev.DeviceKey != "brc_test" ||
		ev.ZoneType != ZoneAvoid || ev.ZoneName != "zone" {
		t.Errorf("event %+v", ev)
	}
	if !ev.At.Equal(first) || !ev.DetectedAt.Equal(first.Add(time.Minute)) {
		t.Errorf("At %v DetectedAt %v, want the first and third confirming fixes' times", ev.At, ev.DetectedAt)
	}
	if ev.Evidence.MarginM != 10 || len(ev.Evidence.Fixes) != 3 {
		t.Fatalf("evidence %+v", ev.Evidence)
	}
	for i, want := range []float64{-20, -40, -60} {
		f := ev.Evidence.Fixes[i]
		if math.Abs(f.DistanceToEdgeM-want) > 0.05 || f.AccuracyM != 5 {
			t.Errorf("evidence fix %d: %+v, want distance %v", i, f, want)
		}
	}
	for _, s := range []string{"fully inside", "10 m margin", "accuracy + 10 m", "3 consecutive fixes"} {
		if !strings.Contains(ev.Evidence.Rule, s) {
			t.Errorf("rule %q lacks %q", ev.Evidence.Rule, s)
		}
	}
	st, _ := e.State("brc_test", 7)
	if !st.Inside || !st.Since.Equal(first) || st.PendingInside != nil || st.PendingEvidence != nil {
		t.Errorf("state %+v", st)
	}
}

// Jitter along the edge: a person standing within half the margin of the
// edge whose fixes are honest (the truth lies within each fix's accuracy
// circle) can never fire, whatever the noise; one drifting slowly across
// gives exactly one transition. 500 seeds of 50 fixes each.
func TestJitterAlongTheEdge(t *testing.T) {
	for seed := range uint64(500) {
		rng := newRand(seed)
		e := New(Config{})
		e.SetZones([]Zone{circleZone(1, 1, ZoneAvoid, sfLon, sfLat, 150)}) // margin 15 m
		w := newWalker(t, e, "brc_jitter", 1)
		for i := range 50 {
			bearing := float64(i) * 0.02 // walking along the edge
			acc := 3 + rng.Float64()*27
			dTrue := (rng.Float64() - 0.5) * 15 // within ±7.5 m of the edge
			r := 150 + dTrue + (rng.Float64()*2-1)*acc
			lon, lat := offset(sfLon, sfLat, r*math.Sin(bearing), r*math.Cos(bearing))
			w.step(lon, lat, acc)
		}
		if len(w.all) != 0 {
			t.Fatalf("seed %d: standing on the edge gave %v", seed, kinds(w.all))
		}

		// Drifting from 60 m inside to 60 m outside while jittering.
		e = New(Config{})
		e.SetZones([]Zone{circleZone(1, 1, ZoneSafe, sfLon, sfLat, 150)})
		w = newWalker(t, e, "brc_jitter", 1)
		for i := range 50 {
			acc := 3 + rng.Float64()*17
			dTrue := -60 + 120*float64(i)/49
			if i < 5 {
				dTrue = -120 // settle inside first
			}
			r := 150 + dTrue + (rng.Float64()*2-1)*acc
			lon, lat := offset(sfLon, sfLat, 0, r)
			w.step(lon, lat, acc)
		}
		if got := kinds(w.all); !slices.Equal(got, []string{"enter", "exit!"}) {
			t.Fatalf("seed %d: drifting out gave %v", seed, got)
		}
	}
}

func TestChangedReportsEveryChange(t *testing.T) {
	e := New(Config{})
	e.SetZones([]Zone{circleZone(3, 1, ZoneAvoid, sfLon, sfLat, 100)})
	w := newWalker(t, e, "brc_test", 1)
	lon, lat := offset(sfLon, sfLat, 0, 400)
	w.step(lon, lat, 5)
	if len(e.Changed()) != 0 {
		t.Fatalf("far away: changed %v", e.Changed())
	}
	w.step(sfLon, sfLat, 5)
	ch := e.Changed()
	if len(ch) != 1 || ch[0].DeviceKey != "brc_test" || ch[0].ZoneID != 3 || ch[0].UserID != 1 ||
		ch[0].State.PendingInside == nil || !*ch[0].State.PendingInside || ch[0].State.PendingCount != 1 {
		t.Fatalf("changed %+v", ch)
	}
	w.step(sfLon, sfLat, 500) // too inaccurate: nothing
	if len(e.Changed()) != 0 {
		t.Fatalf("inaccurate fix changed %v", e.Changed())
	}
	w.step(sfLon, sfLat, 5) // the 2nd confirming fix, 60 s after the 1st: T is met
	if ch := e.Changed(); len(ch) != 1 || !ch[0].State.Inside || !ch[0].State.LastFixTS.Equal(w.ts) || ch[0].State.LastAlertAt.IsZero() {
		t.Fatalf("after the enter: %+v", ch)
	}
	w.step(sfLon, sfLat, 5) // inside, agreeing: nothing to write
	if len(e.Changed()) != 0 {
		t.Fatalf("agreeing fix changed %v", e.Changed())
	}
}

func TestExitSeenFromFarAway(t *testing.T) {
	e := New(Config{})
	e.SetZones([]Zone{circleZone(1, 1, ZoneSafe, sfLon, sfLat, 100)})
	w := newWalker(t, e, "brc_test", 1)
	for range 3 {
		w.step(sfLon, sfLat, 5)
	}
	// The next fixes are 30 km away, far outside every box of the zone.
	for range 3 {
		lon, lat := offset(sfLon, sfLat, 30000, 0)
		w.step(lon, lat, 10)
	}
	if got := kinds(w.all); !slices.Equal(got, []string{"enter", "exit!"}) {
		t.Fatalf("events %v", got)
	}
	if d := w.all[1].Evidence.Fixes[0].DistanceToEdgeM; math.Abs(d-29900) > 30 {
		t.Errorf("distance to the edge %.1f, want about 29,900 m", d)
	}
}

func TestPolygonWithHole(t *testing.T) {
	const lon, lat = 13.4050, 52.5200
	// An avoid zone around a park whose playground (the hole) is allowed:
	//
	//	(0,300) +-------------------------+ (300,300)
	//	        |                         |
	//	        |   (100,200) +-------+   |
	//	        |             | hole  |   |
	//	        |             +-------+   |
	//	        |                (200,100)|
	//	  (0,0) +-------------------------+ (300,0)
	//
	// margin: size 2·area/perimeter = 2·80000/1600 = 100 m → 10 m.
	zone := Zone{ID: 5, UserID: 1, Name: "park", Type: ZoneAvoid, Active: true, Polygon: orb.MultiPolygon{{
		ringM(lon, lat, [2]float64{0, 0}, [2]float64{300, 0}, [2]float64{300, 300}, [2]float64{0, 300}),
		ringM(lon, lat, [2]float64{100, 100}, [2]float64{100, 200}, [2]float64{200, 200}, [2]float64{200, 100}),
	}}}
	e := New(Config{})
	if err := e.SetZones([]Zone{zone}); err != nil {
		t.Fatal(err)
	}
	w := newWalker(t, e, "brc_test", 1)
	walk := func(east, north float64, n int) {
		for range n {
			x, y := offset(lon, lat, east, north)
			w.step(x, y, 5)
		}
	}
	walk(-100, 150, 2) // west of the park
	walk(50, 150, 3)   // in the park: 50 m from both edges
	walk(150, 150, 3)  // into the playground: 50 m inside the hole = outside
	walk(50, 150, 3)   // back into the park
	walk(95, 150, 3)   // 5 m from the hole's edge: ambiguous, stays inside
	if got := kinds(w.all); !slices.Equal(got, []string{"enter!", "exit", "enter(suppressed)"}) {
		t.Fatalf("events %v", got)
	}
	if ev := w.all[1]; ev.Evidence.Fixes[0].DistanceToEdgeM < 49 || ev.Evidence.Fixes[0].DistanceToEdgeM > 51 {
		t.Errorf("exit evidence %+v: in the hole should be 50 m outside", ev.Evidence.Fixes)
	}
	// Back in 3 min after the first alert: inside the 15 min cool-down.
	if !w.all[2].Suppressed || w.all[2].Alert {
		t.Errorf("re-entry 3 min later should be held back by the cool-down: %+v", w.all[2])
	}
}

func TestAntimeridianZone(t *testing.T) {
	// The Taveuni zone (see TestAntimeridianGeometry), split at 180:
	//
	//	179.9E         180         179.9W
	//	  +-------------+-------------+  16.75S
	//	  |   part 1    |    part 2   |
	//	  +-------------+-------------+  16.85S
	zone := Zone{ID: 9, UserID: 1, Name: "Taveuni", Type: ZoneAvoid, Active: true, Polygon: orb.MultiPolygon{
		{{{179.9, -16.75}, {180, -16.75}, {180, -16.85}, {179.9, -16.85}, {179.9, -16.75}}},
		{{{-180, -16.75}, {-179.9, -16.75}, {-179.9, -16.85}, {-180, -16.85}, {-180, -16.75}}},
	}}
	e := New(Config{})
	if err := e.SetZones([]Zone{zone}); err != nil {
		t.Fatal(err)
	}
	w := newWalker(t, e, "brc_test", 1)
	// Sailing east along 16.8S from 179.8E to 179.8W, across the line.
	for lon := 179.80; lon < 180.2; lon += 0.01 {
		x := lon
		if x > 180 {
			x -= 360
		}
		w.step(x, -16.8, 10)
	}
	if got := kinds(w.all); !slices.Equal(got, []string{"enter!", "exit"}) {
		t.Fatalf("events %v", got)
	}
	if lon := w.all[0].Evidence.Fixes[0].Lon; lon < 179.9 || lon > 179.93 {
		t.Errorf("entered at %v", lon)
	}
	if lon := w.all[1].Evidence.Fixes[0].Lon; lon < -179.9 || lon > -179.87 {
		t.Errorf("left at %v", lon)
	}
}

func TestSvalbard78N(t *testing.T) {
	// Longyearbyen: an avoid zone of 300 m (margin 30 m) at 78.22°N, where a
	// degree of longitude is 22.8 km, not 111.
	const lon, lat = 15.6333, 78.2232
	e := New(Config{})
	e.SetZones([]Zone{circleZone(1, 1, ZoneAvoid, lon, lat, 300)})
	w := newWalker(t, e, "brc_test", 1)
	for _, east := range []float64{1000, 500, 350, 280, 260, 255, 250, 240} {
		x, y := offset(lon, lat, east, 0)
		w.step(x, y, 5)
	}
	if got := kinds(w.all); !slices.Equal(got, []string{"enter!"}) {
		t.Fatalf("events %v", got)
	}
	ev := w.all[0]
	// 260 m east is 40 m inside: the first clear fix (≥ 5 + 30 m inside).
	if d := ev.Evidence.Fixes[0].DistanceToEdgeM; math.Abs(d+40) > 0.1 {
		t.Errorf("first confirming fix %.2f m from the edge, want -40", d)
	}
}

func TestManyZonesOfOneUserUseTheTree(t *testing.T) {
	e := New(Config{})
	var zones []Zone
	for i := range 100 {
		lon, lat := offset(sfLon, sfLat, float64(i%10)*500, float64(i/10)*500)
		zones = append(zones, circleZone(int64(i+1), 1, ZoneAvoid, lon, lat, 100))
	}
	if err := e.SetZones(zones); err != nil {
		t.Fatal(err)
	}
	if e.users[1].tree == nil {
		t.Fatal("100 zones should be in an R-tree")
	}
	w := newWalker(t, e, "brc_test", 1)
	x, y := offset(sfLon, sfLat, 2500, 1500) // zone 36's centre (i = 35)
	for range 3 {
		w.step(x, y, 5)
	}
	if len(w.all) != 1 || w.all[0].ZoneID != 36 {
		t.Fatalf("events %+v", w.all)
	}
	// Visiting every zone, last first, leaves one state each, found again.
	for i := 99; i >= 0; i-- {
		x, y := offset(sfLon, sfLat, float64(i%10)*500, float64(i/10)*500)
		for range 3 {
			w.at(time.Minute, x, y, 5)
		}
	}
	if n := count(w.all, EventEnter); n != 101 { // zone 36 twice
		t.Fatalf("%d enters, want 101", n)
	}
	for id := int64(1); id <= 100; id++ {
		if st, ok := e.State("brc_test", id); !ok || (st.Inside != (id == 1)) {
			t.Fatalf("zone %d: state %+v, %v", id, st, ok)
		}
	}
}

func TestUpsertAndRemoveTakeEffectAtOnce(t *testing.T) {
	e := New(Config{})
	w := newWalker(t, e, "brc_test", 1)
	w.step(sfLon, sfLat, 5)
	if err := e.UpsertZone(circleZone(1, 1, ZoneAvoid, sfLon, sfLat, 100)); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		w.step(sfLon, sfLat, 5)
	}
	if got := kinds(w.all); !slices.Equal(got, []string{"enter!"}) {
		t.Fatalf("after the upsert: %v", got)
	}
	// Moving the zone 1 km east leaves the device outside it: an exit.
	moved := circleZone(1, 1, ZoneAvoid, sfLon+0.0114, sfLat, 100)
	if err := e.UpsertZone(moved); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		w.step(sfLon, sfLat, 5)
	}
	if got := kinds(w.all); !slices.Equal(got, []string{"enter!", "exit"}) {
		t.Fatalf("after moving it: %v", got)
	}
	// Deactivating and removing: nothing more, and the state is gone.
	e.UpsertZone(circleZone(2, 1, ZoneAvoid, sfLon, sfLat, 100))
	w.step(sfLon, sfLat, 5)
	e.RemoveZone(2)
	for range 3 {
		w.step(sfLon, sfLat, 5)
	}
	if _, ok := e.State("brc_test", 2); ok || len(w.all) != 2 {
		t.Fatalf("after removal: state kept %v, events %v", ok, kinds(w.all))
	}
	if _, ok := e.Zone(2); ok {
		t.Error("removed zone still there")
	}
	// An invalid upsert is refused and changes nothing.
	bad := moved
	bad.Circle = &Circle{Center: moved.Circle.Center, RadiusM: 5}
	if err := e.UpsertZone(bad); err == nil {
		t.Fatal("radius 5 accepted")
	}
	if z, _ := e.Zone(1); z.Circle.RadiusM != 100 {
		t.Errorf("zone changed by a refused upsert: %+v", z.Circle)
	}
}

func TestTwoUsersAreIsolated(t *testing.T) {
	e := New(Config{})
	e.SetZones([]Zone{circleZone(1, 1, ZoneAvoid, sfLon, sfLat, 100), circleZone(2, 2, ZoneSafe, sfLon, sfLat, 100)})
	a := newWalker(t, e, "brc_alice", 1)
	b := newWalker(t, e, "manual:2", 2)
	for range 3 {
		a.step(sfLon, sfLat, 5)
		b.step(sfLon, sfLat, 5)
	}
	if len(a.all) != 1 || a.all[0].ZoneID != 1 || len(b.all) != 1 || b.all[0].ZoneID != 2 {
		t.Fatalf("alice %+v, bob %+v", a.all, b.all)
	}
}

func TestNoAllocationsWhenNothingChanges(t *testing.T) {
	e := New(Config{})
	const lon, lat = 13.4050, 52.5200
	e.SetZones([]Zone{
		circleZone(1, 1, ZoneAvoid, sfLon, sfLat, 100),
		circleZone(2, 1, ZoneSafe, sfLon, sfLat, 1000),
		{ID: 3, UserID: 1, Name: "p", Type: ZoneAvoid, Active: true, Polygon: orb.MultiPolygon{{
			ringM(sfLon, sfLat, [2]float64{-200, -200}, [2]float64{200, -200}, [2]float64{200, 200}, [2]float64{-200, 200}),
		}}},
		{ID: 4, UserID: 1, Name: "home", Type: ZoneSafe, Active: true, Circle: &Circle{Center: [2]float64{lon, lat}, RadiusM: 50},
			Schedule: &Schedule{Start: 22 * time.Hour, End: 6 * time.Hour, Location: mustLoad(t, "Europe/Berlin")}},
	})
	w := newWalker(t, e, "brc_test", 1)
	for range 4 {
		w.step(sfLon, sfLat, 5)
	}
	if len(w.all) != 3 {
		t.Fatalf("setup: %v", kinds(w.all))
	}
	ts := w.ts
	var buf []Event
	allocs := testing.AllocsPerRun(1000, func() {
		ts = ts.Add(time.Second)
		buf = e.Process(Fix{DeviceKey: "brc_test", UserID: 1, TS: ts, Lat: sfLat, Lon: sfLon, AccuracyM: 5}, buf[:0])
	})
	if allocs != 0 || len(buf) != 0 {
		t.Errorf("%v allocations per fix inside three zones, events %v", allocs, kinds(buf))
	}
}

func mustLoad(t testing.TB, name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}
