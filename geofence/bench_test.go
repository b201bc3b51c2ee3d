package geofence

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/paulmach/orb"
)

// benchWorld is n zones owned by users with five each, around homes spread
// over a metro area (50 km square around San Francisco) or the inhabited
// world, and one bracelet per user. A quarter of the devices sit at home
// (inside their safe zone), one in twenty inside an avoid zone, the rest
// somewhere within 3 km of home: near their zones, rarely inside one.
type benchWorld struct {
	zones []Zone
	fixes []Fix
}

func newBenchWorld(n int, spread string, seed uint64) benchWorld {
	rng := rand.New(rand.NewPCG(seed, 7))
	pst := time.FixedZone("PST", -8*3600)
	const perUser = 5
	users := max(1, n/perUser)
	var w benchWorld
	id := int64(0)
	for u := range users {
		var hlon, hlat float64
		switch spread {
		case "metro":
			hlon, hlat = offset(sfLon, sfLat, (rng.Float64()-0.5)*50000, (rng.Float64()-0.5)*50000)
		default:
			hlon = rng.Float64()*360 - 180
			hlat = math.Asin(rng.Float64()*(math.Sin(70*deg)+math.Sin(60*deg))-math.Sin(60*deg)) / deg
		}
		user := int64(u + 1)
		var avoidAt [2]float64
		for k := 0; k < perUser && len(w.zones) < n; k++ {
			id++
			z := Zone{ID: id, UserID: user, Name: fmt.Sprintf("zone %d", id), Type: ZoneAvoid, Active: true}
			lon, lat := hlon, hlat
			if k > 0 {
				lon, lat = offset(hlon, hlat, (rng.Float64()-0.5)*8000, (rng.Float64()-0.5)*8000)
			}
			switch {
			case k == 0: // home: safe, with a night schedule for a third of users
				z.Type = ZoneSafe
				z.Circle = &Circle{Center: orb.Point{lon, lat}, RadiusM: 80 + rng.Float64()*100}
				if u%3 == 0 {
					z.Schedule = &Schedule{Start: 22 * time.Hour, End: 6 * time.Hour, Location: pst}
				}
			case k%2 == 0: // an irregular polygon of 6 to 12 corners
				corners := 6 + rng.IntN(7)
				var ring orb.Ring
				for i := range corners { // star-shaped: gaps under 180°, so simple
					a := (float64(i) + 0.8*rng.Float64()) * 2 * math.Pi / float64(corners)
					r := 100 + rng.Float64()*200
					x, y := offset(lon, lat, r*math.Sin(a), r*math.Cos(a))
					ring = append(ring, orb.Point{x, y})
				}
				z.Polygon = orb.MultiPolygon{{append(ring, ring[0])}}
			default:
				z.Circle = &Circle{Center: orb.Point{lon, lat}, RadiusM: 50 + rng.Float64()*450}
			}
			if z.Type == ZoneAvoid && avoidAt == [2]float64{} && z.Circle != nil {
				avoidAt = [2]float64{lon, lat}
			}
			w.zones = append(w.zones, z)
		}
		f := Fix{DeviceKey: fmt.Sprintf("brc_bench%07d", u), UserID: user, AccuracyM: 5 + rng.Float64()*15}
		switch r := rng.Float64(); {
		case r < 0.25:
			f.Lon, f.Lat = hlon, hlat
		case r < 0.30 && avoidAt != [2]float64{}:
			f.Lon, f.Lat = avoidAt[0], avoidAt[1]
		default:
			f.Lon, f.Lat = offset(hlon, hlat, (rng.Float64()-0.5)*6000, (rng.Float64()-0.5)*6000)
		}
		w.fixes = append(w.fixes, f)
	}
	return w
}

// settle loads the zones and sends every device a few fixes, so that the
// measured fixes find every state confirmed: the no-change path.
func (w benchWorld) settle(tb testing.TB) (*Engine, time.Time) {
	e := New(Config{})
	if err := e.SetZones(w.zones); err != nil {
		tb.Fatal(err)
	}
	ts := t0 // 01:00 in PST: the night schedules are open
	for range 4 {
		ts = ts.Add(30 * time.Second)
		for _, f := range w.fixes {
			f.TS = ts
			e.Process(f, nil)
		}
	}
	return e, ts
}

func BenchmarkProcess(b *testing.B) {
	for _, spread := range []string{"metro", "world"} {
		for _, n := range []int{10, 10_000, 100_000} {
			b.Run(fmt.Sprintf("%s/zones=%d", spread, n), func(b *testing.B) {
				w := newBenchWorld(n, spread, 1)
				e, start := w.settle(b)
				fixes, d := w.fixes, len(w.fixes)
				var dst []Event
				events := 0
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					f := fixes[i%d]
					// 1 ms per round keeps every fix in order and the night
					// window open for the whole run.
					f.TS = start.Add(time.Duration(i/d+1) * time.Millisecond)
					dst = e.Process(f, dst[:0])
					events += len(dst)
					i++
				}
				b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "fixes/s")
				if events > 0 {
					b.ReportMetric(float64(events)/float64(i), "events/fix")
				}
			})
		}
	}
}

// BenchmarkProcessHeavyUser is one user with a scheduled home and 1,999
// avoid zones over the metro area (every bar in town, say: the R-tree path)
// and ten bracelets at fixed places, settled: the no-change path.
func BenchmarkProcessHeavyUser(b *testing.B) {
	w := newBenchWorld(2000, "metro", 2)
	for i := range w.zones {
		z := &w.zones[i]
		z.UserID = 1
		if i > 0 { // one home; the rest are places to avoid
			z.Type, z.Schedule = ZoneAvoid, nil
		}
	}
	fixes := w.fixes[:10]
	for i := range fixes {
		fixes[i].UserID = 1
	}
	w.fixes = fixes
	e, start := w.settle(b)
	if e.users[1].tree == nil {
		b.Fatal("no tree")
	}
	var dst []Event
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		f := fixes[i%len(fixes)]
		f.TS = start.Add(time.Duration(i/len(fixes)+1) * time.Millisecond)
		dst = e.Process(f, dst[:0])
		i++
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "fixes/s")
}

// BenchmarkTick is one minute's Tick over every device of 100,000 zones
// (20,000 devices).
func BenchmarkTick(b *testing.B) {
	w := newBenchWorld(100_000, "metro", 3)
	e, ts := w.settle(b)
	var dst []Event
	b.ReportAllocs()
	for b.Loop() {
		dst = e.Tick(ts.Add(time.Minute), dst[:0])
	}
}

func TestBenchWorldSettles(t *testing.T) {
	w := newBenchWorld(10_000, "world", 1)
	e, ts := w.settle(t)
	var dst []Event
	for _, f := range w.fixes {
		f.TS = ts.Add(time.Second)
		dst = e.Process(f, dst[:0])
		if len(dst) != 0 || len(e.Changed()) != 0 {
			t.Fatalf("a settled world still changes: %v", kinds(dst))
		}
	}
	inside := 0
	for _, d := range e.devList {
		for _, en := range d.entries {
			if en.st.Inside {
				inside++
			}
		}
	}
	if inside < len(w.fixes)/5 {
		t.Errorf("only %d of %d devices inside a zone: the benchmark would not exercise the inside path", inside, len(w.fixes))
	}
}
