package geofence

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/paulmach/orb"

	"lifeline"
)

func square(lon, lat, side float64) orb.Ring {
	return ringM(lon, lat, [2]float64{0, 0}, [2]float64{side, 0}, [2]float64{side, side}, [2]float64{0, side})
}

func TestValidateZone(t *testing.T) {
	circle := func(mod func(z *Zone)) Zone {
		z := circleZone(1, 1, ZoneAvoid, sfLon, sfLat, 100)
		if mod != nil {
			mod(&z)
		}
		return z
	}
	poly := func(mp orb.MultiPolygon) Zone {
		return Zone{ID: 1, UserID: 1, Name: "zone", Type: ZoneAvoid, Active: true, Polygon: mp}
	}
	// 501 corners on a circle.
	many := orb.Ring{}
	for i := range 501 {
		lon, lat := offset(sfLon, sfLat, 0, 0)
		a := float64(i) / 501 * 2 * math.Pi
		lon, lat = offset(lon, lat, 500*math.Sin(a), 500*math.Cos(a))
		many = append(many, orb.Point{lon, lat})
	}
	many = append(many, many[0])
	five := many[:500:500]
	five = append(append(orb.Ring{}, five...), five[0])

	tests := []struct {
		name      string
		zone      Zone
		field     string // "" when valid
		msgSubstr string
	}{
		{"a circle", circle(nil), "", ""},
		{"a polygon with a hole", poly(orb.MultiPolygon{{square(sfLon, sfLat, 300), ringM(sfLon, sfLat, [2]float64{100, 100}, [2]float64{100, 200}, [2]float64{200, 200}, [2]float64{200, 100})}}), "", ""},
		{"500 corners", poly(orb.MultiPolygon{{five}}), "", ""},
		{"across the antimeridian, one ring", poly(orb.MultiPolygon{{{{179.9, -16.75}, {-179.9, -16.75}, {-179.9, -16.85}, {179.9, -16.85}, {179.9, -16.75}}}}), "", ""},
		{"across the antimeridian, split", poly(orb.MultiPolygon{
			{{{179.9, -16.75}, {180, -16.75}, {180, -16.85}, {179.9, -16.85}, {179.9, -16.75}}},
			{{{-180, -16.75}, {-179.9, -16.75}, {-179.9, -16.85}, {-180, -16.85}, {-180, -16.75}}},
		}), "", ""},
		{"an island in a lake", poly(orb.MultiPolygon{
			{square(sfLon, sfLat, 300), ringM(sfLon, sfLat, [2]float64{100, 100}, [2]float64{100, 200}, [2]float64{200, 200}, [2]float64{200, 100})},
			{ringM(sfLon, sfLat, [2]float64{120, 120}, [2]float64{180, 120}, [2]float64{180, 180}, [2]float64{120, 180})},
		}), "", ""},
		{"a safe zone with a schedule", circle(func(z *Zone) {
			z.Type = ZoneSafe
			z.Schedule = &Schedule{Start: 22 * time.Hour, End: 6 * time.Hour}
		}), "", ""},
		{"an avoid zone with a dwell time", circle(func(z *Zone) { z.DwellMinutes = 30 }), "", ""},
		{"an 80-character name", circle(func(z *Zone) { z.Name = strings.Repeat("é", 80) }), "", ""},

		// A bow-tie:
		//
		//	(0,100) +     + (100,100)
		//	        | \ / |
		//	        |  X  |
		//	        | / \ |
		//	  (0,0) +     + (100,0)
		{"a self-intersecting bow-tie", poly(orb.MultiPolygon{{ringM(sfLon, sfLat, [2]float64{0, 0}, [2]float64{100, 100}, [2]float64{100, 0}, [2]float64{0, 100})}}),
			"polygon", "crosses itself"},
		{"an unclosed ring", poly(orb.MultiPolygon{{square(sfLon, sfLat, 100)[:4]}}), "polygon", "not closed"},
		{"501 corners", poly(orb.MultiPolygon{{many}}), "polygon", "501 corners; at most 500"},
		{"radius 5", circle(func(z *Zone) { z.Circle.RadiusM = 5 }), "radius", "between 10 and 50,000"},
		{"radius 50,001", circle(func(z *Zone) { z.Circle.RadiusM = 50001 }), "radius", "between 10 and 50,000"},
		{"latitude 91", circle(func(z *Zone) { z.Circle.Center[1] = 91 }), "latitude", "between -90 and 90"},
		{"longitude -180.5", circle(func(z *Zone) { z.Circle.Center[0] = -180.5 }), "longitude", "between -180 and 180"},
		{"a polygon corner at latitude 91", poly(orb.MultiPolygon{{{{0, 0}, {1, 0}, {1, 91}, {0, 0}}}}), "polygon", "Point 3 of the outer ring is out of range"},
		{"an 81-character name", circle(func(z *Zone) { z.Name = strings.Repeat("a", 81) }), "name", "at most 80"},
		{"a blank name", circle(func(z *Zone) { z.Name = "   " }), "name", "name"},
		{"an unknown type", circle(func(z *Zone) { z.Type = "home" }), "type", `"safe" or "avoid"`},
		{"no geometry", circle(func(z *Zone) { z.Circle = nil }), "polygon", "circle"},
		{"both geometries", circle(func(z *Zone) { z.Polygon = orb.MultiPolygon{{square(sfLon, sfLat, 100)}} }), "polygon", "not both"},
		{"a ring of two corners", poly(orb.MultiPolygon{{{{0, 0}, {1, 0}, {0, 0}, {0, 0}}}}), "polygon", "3 distinct corners"},
		{"a ring on one line", poly(orb.MultiPolygon{{{{0, 0}, {1, 0}, {2, 0}, {0, 0}}}}), "polygon", ""},
		{"a ring that doubles back", poly(orb.MultiPolygon{{{{0, 0}, {2, 0}, {1, 0}, {1, 1}, {0, 0}}}}), "polygon", "doubles back"},
		{"a hole outside its polygon", poly(orb.MultiPolygon{{square(sfLon, sfLat, 100), ringM(sfLon, sfLat, [2]float64{200, 200}, [2]float64{300, 200}, [2]float64{300, 300})}}),
			"polygon", "outside its polygon"},
		{"a hole crossing the outer ring", poly(orb.MultiPolygon{{square(sfLon, sfLat, 100), ringM(sfLon, sfLat, [2]float64{50, 50}, [2]float64{150, 50}, [2]float64{150, 60})}}),
			"polygon", "crosses"},
		{"overlapping polygons", poly(orb.MultiPolygon{{square(sfLon, sfLat, 100)}, {ringM(sfLon, sfLat, [2]float64{10, 10}, [2]float64{50, 10}, [2]float64{50, 50})}}),
			"polygon", "overlaps"},
		{"a ring round the pole", poly(orb.MultiPolygon{{{{0, 85}, {90, 85}, {180, 85}, {-90, 85}, {0, 85}}}}), "polygon", ""},
		{"an edge of exactly 180°", poly(orb.MultiPolygon{{{{0, 0}, {180, 0}, {180, 1}, {0, 0}}}}), "polygon", "180°"},
		{"no rings", poly(orb.MultiPolygon{}), "polygon", "no rings"},
		{"dwell on a safe zone", circle(func(z *Zone) { z.Type = ZoneSafe; z.DwellMinutes = 5 }), "dwellMinutes", "avoid"},
		{"dwell of a day and a minute", circle(func(z *Zone) { z.DwellMinutes = 1441 }), "dwellMinutes", "1440"},
		{"a schedule on an avoid zone", circle(func(z *Zone) { z.Schedule = &Schedule{Start: time.Hour, End: 2 * time.Hour} }), "schedule", "safe"},
		{"a schedule from 10:00 to 10:00", circle(func(z *Zone) {
			z.Type = ZoneSafe
			z.Schedule = &Schedule{Start: 10 * time.Hour, End: 10 * time.Hour}
		}), "schedule", "different"},
		{"confirmation by 21 fixes", circle(func(z *Zone) { z.ConfirmFixes = 21 }), "confirmFixes", "20"},
		{"confirmation over an hour", circle(func(z *Zone) { z.ConfirmSeconds = 3601 }), "confirmSeconds", "3600"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ValidateZone(tt.zone)
			if tt.field == "" {
				if err != nil {
					t.Fatalf("valid zone refused: %v", err)
				}
				if _, err := New(Config{}).compile(tt.zone); err != nil {
					t.Fatalf("valid zone does not compile: %v", err)
				}
				return
			}
			var le *lifeline.Error
			if !errors.As(err, &le) || le.Code != lifeline.EINVALID {
				t.Fatalf("error %v, want a lifeline.Error with code invalid", err)
			}
			msg, ok := le.Fields[tt.field]
			if !ok || len(le.Fields) != 1 {
				t.Fatalf("fields %v, want just %q", le.Fields, tt.field)
			}
			if le.Message != msg || !strings.Contains(msg, tt.msgSubstr) {
				t.Errorf("message %q (field %q), want one containing %q", le.Message, msg, tt.msgSubstr)
			}
		})
	}
}

func TestValidateZoneManyProblems(t *testing.T) {
	err := ValidateZone(Zone{Name: "", Type: "x", Circle: &Circle{Center: orb.Point{0, 95}, RadiusM: 1}})
	var le *lifeline.Error
	if !errors.As(err, &le) || le.Message != "Please check the highlighted fields." || len(le.Fields) != 4 {
		t.Fatalf("%#v", err)
	}
}

func TestParseGeoJSON(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		parts int
		bad   string
	}{
		{"a polygon", `{"type":"Polygon","coordinates":[[[13.4,52.5],[13.41,52.5],[13.41,52.51],[13.4,52.5]]]}`, 1, ""},
		{"with altitude", `{"type":"Polygon","coordinates":[[[13.4,52.5,34],[13.41,52.5,34],[13.41,52.51,35],[13.4,52.5,34]]]}`, 1, ""},
		{"a multipolygon", `{"type":"MultiPolygon","coordinates":[[[[179.9,-16.75],[180,-16.75],[180,-16.85],[179.9,-16.75]]],[[[-180,-16.75],[-179.9,-16.75],[-180,-16.85],[-180,-16.75]]]]}`, 2, ""},
		{"a point", `{"type":"Point","coordinates":[1,2]}`, 0, "Polygon or MultiPolygon"},
		{"a lone position", `{"type":"Polygon","coordinates":[[[1],[2,3],[3,4],[1]]]}`, 0, "[longitude, latitude]"},
		{"not JSON", `{"type":`, 0, "GeoJSON"},
		{"strings for numbers", `{"type":"Polygon","coordinates":[[["1","2"]]]}`, 0, "coordinates"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mp, err := ParseGeoJSON([]byte(tt.in))
			if tt.bad != "" {
				if lifeline.ErrorCode(err) != lifeline.EINVALID || !strings.Contains(lifeline.ErrorMessage(err), tt.bad) {
					t.Fatalf("error %v, want one about %q", err, tt.bad)
				}
				return
			}
			if err != nil || len(mp) != tt.parts {
				t.Fatalf("%v, %v", mp, err)
			}
			out, err := MarshalGeoJSON(mp)
			if err != nil {
				t.Fatal(err)
			}
			again, err := ParseGeoJSON(out)
			if err != nil || !again.Equal(mp) {
				t.Fatalf("round trip %s: %v %v", out, again, err)
			}
		})
	}
}

// FuzzZoneGeoJSON feeds outside input (a zone polygon as the API receives
// it) through parsing, validation and the engine: nothing may panic, a
// zone ValidateZone accepts must load, and a fix must be decided.
func FuzzZoneGeoJSON(f *testing.F) {
	for _, s := range []string{
		`{"type":"Polygon","coordinates":[[[13.4,52.5],[13.41,52.5],[13.41,52.51],[13.4,52.5]]]}`,
		`{"type":"Polygon","coordinates":[[[-122.42,37.77],[-122.41,37.77],[-122.41,37.78],[-122.42,37.78],[-122.42,37.77]],[[-122.418,37.772],[-122.418,37.775],[-122.415,37.775],[-122.418,37.772]]]}`,
		`{"type":"MultiPolygon","coordinates":[[[[179.9,-16.75],[180,-16.75],[180,-16.85],[179.9,-16.85],[179.9,-16.75]]],[[[-180,-16.75],[-179.9,-16.75],[-179.9,-16.85],[-180,-16.85],[-180,-16.75]]]]}`,
		`{"type":"Polygon","coordinates":[[[179.9,-16.75],[-179.9,-16.75],[-179.9,-16.85],[179.9,-16.85],[179.9,-16.75]]]}`,
		`{"type":"Polygon","coordinates":[[[0,0],[1,1],[1,0],[0,1],[0,0]]]}`,
		`{"type":"Polygon","coordinates":[[[15.6,78.2],[15.7,78.2],[15.7,78.25],[15.6,78.2]]]}`,
		`{"type":"Polygon","coordinates":[[[0,89.9],[120,89.9],[-120,89.9],[0,89.9]]]}`,
		`{"type":"Polygon","coordinates":[]}`,
		`{"type":"MultiPolygon","coordinates":[[]]}`,
		`{"type":"Polygon","coordinates":[[[1e308,0],[0,0],[0,1],[1e308,0]]]}`,
	} {
		f.Add([]byte(s), 0.5, 0.5)
	}
	f.Fuzz(func(t *testing.T, data []byte, u, v float64) {
		mp, err := ParseGeoJSON(data)
		if err != nil {
			if lifeline.ErrorCode(err) != lifeline.EINVALID {
				t.Fatalf("parse error %v is not EINVALID", err)
			}
			return
		}
		z := Zone{ID: 1, UserID: 1, Name: "fuzz", Type: ZoneAvoid, Active: true, Polygon: mp}
		if err := ValidateZone(z); err != nil {
			if lifeline.ErrorCode(err) != lifeline.EINVALID {
				t.Fatalf("validation error %v is not EINVALID", err)
			}
			return
		}
		e := New(Config{})
		if err := e.UpsertZone(z); err != nil {
			t.Fatalf("a valid zone was refused: %v", err)
		}
		// Fixes at every corner and at a point in the bounding box.
		ts := t0
		b := mp.Bound()
		lon := b.Min[0] + frac(u)*(b.Max[0]-b.Min[0])
		lat := b.Min[1] + frac(v)*(b.Max[1]-b.Min[1])
		pts := []orb.Point{{lon, lat}}
		for _, p := range mp {
			for _, r := range p {
				pts = append(pts, r...)
			}
		}
		for _, p := range pts {
			ts = ts.Add(30 * time.Second)
			e.Process(Fix{DeviceKey: "brc_fuzz", UserID: 1, TS: ts, Lon: p[0], Lat: p[1], AccuracyM: 1}, nil)
		}
		e.Tick(ts.Add(time.Hour), nil)
	})
}

func frac(f float64) float64 {
	if f != f || f < 0 || f > 1 {
		return 0.5
	}
	return f
}
