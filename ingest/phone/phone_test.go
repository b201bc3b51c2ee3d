package phone

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"lifeline"
)

func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

func ptr[T any](v T) *T { return &v }

// limitsAt is a clock a minute after the fixture's time.
func limitsAt(fix string) Limits { return Limits{Now: at(fix).Add(time.Minute)} }

// wantFix compares the fields every decoder fills.
func wantFix(t *testing.T, got []Fix, want Fix) {
	t.Helper()
	if len(got) != 1 {
		t.Fatalf("got %d fixes, want 1", len(got))
	}
	g := got[0]
	same := func(a, b *float64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
	sameInt := func(a, b *int) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
	sameBool := func(a, b *bool) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
	if !g.TS.Equal(want.TS) || g.Lat != want.Lat || g.Lon != want.Lon || !same(g.Accuracy, want.Accuracy) ||
		!same(g.Altitude, want.Altitude) || !same(g.Course, want.Course) || !sameInt(g.Battery, want.Battery) ||
		!sameBool(g.Charging, want.Charging) || g.Trigger != want.Trigger || (g.Speed == nil) != (want.Speed == nil) ||
		(g.Speed != nil && (*g.Speed-*want.Speed) > 1e-9 || g.Speed != nil && (*want.Speed-*g.Speed) > 1e-9) {
		t.Errorf("fix = %+v, want %+v", g, want)
	}
}

func TestDecodeOwnTracksFixtures(t *testing.T) {
	fixes, err := DecodeOwnTracks(fixture(t, "owntracks-location.json"), limitsAt("2017-06-15T06:37:31Z"))
	if err != nil {
		t.Fatal(err)
	}
	wantFix(t, fixes, Fix{TS: at("2017-06-15T06:37:31Z"), Lat: 48.85833, Lon: 2.29513, Accuracy: ptr(5.0), Altitude: ptr(167.0),
		Speed: ptr(61 / 3.6), Course: ptr(271.0), Battery: ptr(41), Trigger: "u"})

	fixes, err = DecodeOwnTracks(fixture(t, "owntracks-location-minimal.json"), limitsAt("2017-06-14T21:40:56Z"))
	if err != nil {
		t.Fatal(err)
	}
	wantFix(t, fixes, Fix{TS: at("2017-06-14T21:40:56Z"), Lat: 48.85833, Lon: 2.29513})

	fixes, err = DecodeOwnTracks(fixture(t, "owntracks-lwt.json"), limitsAt("2017-06-15T06:37:31Z"))
	if err != nil || len(fixes) != 0 {
		t.Errorf("lwt = %v, %v; want accepted with no fix", fixes, err)
	}
}

func TestDecodeOverlandFixture(t *testing.T) {
	fixes, err := DecodeOverland(fixture(t, "overland-batch.json"), limitsAt("2015-10-01T15:00:00Z"))
	if err != nil {
		t.Fatal(err)
	}
	wantFix(t, fixes, Fix{TS: at("2015-10-01T15:00:00Z"), Lat: 37.3318, Lon: -122.030581, Accuracy: ptr(30.0), Altitude: ptr(0.0),
		Speed: ptr(4.0), Battery: ptr(89), Charging: ptr(true)})
}

func TestDecodeOsmAndFixtures(t *testing.T) {
	query, err := url.ParseQuery(strings.TrimSpace(string(fixture(t, "osmand-query.txt"))))
	if err != nil {
		t.Fatal(err)
	}
	query.Set("id", "brc_phone.secret")
	for _, method := range []string{"GET", "POST form"} {
		t.Run(method, func(t *testing.T) {
			q, body := query, []byte(nil)
			if method != "GET" {
				q, body = url.Values{}, []byte(query.Encode())
			}
			id, fixes, err := DecodeOsmAnd(q, body, limitsAt("2025-11-22T06:42:04Z"))
			if err != nil || id != "brc_phone.secret" {
				t.Fatalf("id %q, err %v", id, err)
			}
			wantFix(t, fixes, Fix{TS: at("2025-11-22T06:42:04Z"), Lat: 51.5007, Lon: -0.1246, Altitude: ptr(35.0), Speed: ptr(0.0)})
		})
	}

	id, fixes, err := DecodeOsmAnd(nil, fixture(t, "osmand-traccar-client.json"), limitsAt("2000-01-01T00:00:00Z"))
	if err != nil || id != "48241179" {
		t.Fatalf("id %q, err %v", id, err)
	}
	wantFix(t, fixes, Fix{TS: at("2000-01-01T00:00:00Z"), Accuracy: ptr(0.0), Altitude: ptr(0.0), Speed: ptr(0.0), Course: ptr(0.0),
		Battery: ptr(100), Charging: ptr(false), Trigger: "motionchange"})
}

// TestRefused: each bad payload is refused with the field that was wrong.
func TestRefused(t *testing.T) {
	now := at("2026-11-22T09:00:00Z")
	lim := Limits{Now: now}
	owntracks := func(body string) func() error {
		return func() error { _, err := DecodeOwnTracks([]byte(body), lim); return err }
	}
	overland := func(props string) func() error {
		body := `{"locations":[{"type":"Feature","geometry":{"type":"Point","coordinates":[2.29,48.85]},"properties":{"timestamp":"2026-11-22T08:59:00Z"}},` +
			`{"type":"Feature","geometry":{"type":"Point","coordinates":[2.29,48.85]},"properties":{` + props + `}}]}`
		return func() error { _, err := DecodeOverland([]byte(body), lim); return err }
	}
	osmand := func(query string) func() error {
		return func() error {
			q, _ := url.ParseQuery(query)
			_, _, err := DecodeOsmAnd(q, nil, lim)
			return err
		}
	}
	tests := []struct {
		name, field string
		decode      func() error
	}{
		{"owntracks malformed JSON", "", owntracks(`{"_type":"location",`)},
		{"owntracks no _type", "_type", owntracks(`{"lat":1,"lon":2,"tst":1}`)},
		{"owntracks latitude 91", "lat", owntracks(`{"_type":"location","lat":91,"lon":2,"tst":1795338000}`)},
		{"owntracks longitude -181", "lon", owntracks(`{"_type":"location","lat":1,"lon":-181,"tst":1795338000}`)},
		{"owntracks no tst", "tst", owntracks(`{"_type":"location","lat":1,"lon":2}`)},
		{"owntracks an hour ahead", "tst", owntracks(`{"_type":"location","lat":1,"lon":2,"tst":1795341600}`)},
		{"owntracks older than the retention window", "tst", owntracks(`{"_type":"location","lat":1,"lon":2,"tst":1000000000}`)},
		{"owntracks battery 101", "batt", owntracks(`{"_type":"location","lat":1,"lon":2,"tst":1795338000,"batt":101}`)},
		{"owntracks battery status 7", "bs", owntracks(`{"_type":"location","lat":1,"lon":2,"tst":1795338000,"bs":7}`)},
		{"owntracks negative accuracy", "acc", owntracks(`{"_type":"location","lat":1,"lon":2,"tst":1795338000,"acc":-3}`)},
		{"owntracks unknown field", "isAdmin", owntracks(`{"_type":"location","lat":1,"lon":2,"tst":1795338000,"isAdmin":true}`)},
		{"owntracks lat as text", "lat", owntracks(`{"_type":"location","lat":"1","lon":2,"tst":1795338000}`)},
		{"owntracks trailing data", "", owntracks(`{"_type":"location","lat":1,"lon":2,"tst":1795338000}{}`)},
		{"overland no locations", "locations", func() error { _, err := DecodeOverland([]byte(`{}`), lim); return err }},
		{"overland second point without timestamp", "locations[1].properties.timestamp", overland(``)},
		{"overland second point in the future", "locations[1].properties.timestamp", overland(`"timestamp":"2026-11-22T10:00:00Z"`)},
		{"overland bad timestamp", "locations[1].properties.timestamp", overland(`"timestamp":"yesterday"`)},
		{"overland battery level 2", "locations[1].properties.battery_level", overland(`"timestamp":"2026-11-22T08:59:00Z","battery_level":2`)},
		{"overland battery state", "locations[1].properties.battery_state", overland(`"timestamp":"2026-11-22T08:59:00Z","battery_state":"on fire"`)},
		{"overland unknown property", "colour", overland(`"timestamp":"2026-11-22T08:59:00Z","colour":"red"`)},
		{"overland too many points", "locations", func() error {
			body := `{"locations":[` + strings.Repeat(`{},`, MaxBatch) + `{}]}`
			_, err := DecodeOverland([]byte(body), lim)
			return err
		}},
		{"osmand no lat", "lat", osmand("id=x&lon=2&timestamp=1795338000")},
		{"osmand lat not a number", "lat", osmand("id=x&lat=north&lon=2&timestamp=1795338000")},
		{"osmand future", "timestamp", osmand("id=x&lat=1&lon=2&timestamp=2026-11-22T10:00:00Z")},
		{"osmand bad timestamp", "timestamp", osmand("id=x&lat=1&lon=2&timestamp=soon")},
		{"osmand battery 120", "battery", osmand("id=x&lat=1&lon=2&timestamp=1795338000&batt=120")},
		{"osmand unknown parameter", "admin", osmand("id=x&lat=1&lon=2&timestamp=1795338000&admin=1")},
		{"osmand parameter twice", "lat", osmand("id=x&lat=1&lat=3&lon=2&timestamp=1795338000")},
		{"osmand JSON without coords", "location.coords.latitude", func() error {
			_, _, err := DecodeOsmAnd(nil, []byte(`{"location":{"timestamp":"2026-11-22T08:59:00Z"},"device_id":"x"}`), lim)
			return err
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.decode()
			var bad *Error
			if !errors.As(err, &bad) {
				t.Fatalf("err = %v, want a *Error", err)
			}
			if bad.Field != tt.field || bad.Message == "" {
				t.Errorf("field %q (%v), want %q", bad.Field, bad, tt.field)
			}
		})
	}
}

func TestOsmAndTimestamps(t *testing.T) {
	lim := Limits{Now: at("2026-11-22T09:00:00Z")}
	for _, ts := range []string{"1795338000", "1795338000000", "2026-11-22T09:00:00Z", "2026-11-22T10:00:00+0100"} {
		_, fixes, err := DecodeOsmAnd(url.Values{"id": {"x"}, "lat": {"1"}, "lon": {"2"}, "timestamp": {ts}}, nil, lim)
		if err != nil || !fixes[0].TS.Equal(at("2026-11-22T09:00:00Z")) {
			t.Errorf("timestamp %s: %v, %v", ts, fixes, err)
		}
	}
}

func FuzzDecodeOwnTracks(f *testing.F) {
	for _, name := range []string{"owntracks-location.json", "owntracks-location-minimal.json", "owntracks-lwt.json"} {
		f.Add(fixture(f, name))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		fixes, err := DecodeOwnTracks(body, limitsAt("2017-06-15T06:37:31Z"))
		checkDecoded(t, fixes, err)
	})
}

func FuzzDecodeOverland(f *testing.F) {
	f.Add(fixture(f, "overland-batch.json"))
	f.Fuzz(func(t *testing.T, body []byte) {
		fixes, err := DecodeOverland(body, limitsAt("2015-10-01T15:00:00Z"))
		checkDecoded(t, fixes, err)
	})
}

func FuzzDecodeOsmAnd(f *testing.F) {
	f.Add("id=x&"+strings.TrimSpace(string(fixture(f, "osmand-query.txt"))), []byte(nil))
	f.Add("", fixture(f, "osmand-traccar-client.json"))
	f.Fuzz(func(t *testing.T, query string, body []byte) {
		q, err := url.ParseQuery(query)
		if err != nil {
			return
		}
		_, fixes, err := DecodeOsmAnd(q, body, limitsAt("2025-11-22T06:42:04Z"))
		checkDecoded(t, fixes, err)
	})
}

// checkDecoded: a decoder either refuses with a *Error or returns fixes
// that keep every rule.
func checkDecoded(t *testing.T, fixes []Fix, err error) {
	if err != nil {
		var bad *Error
		if !errors.As(err, &bad) || fixes != nil {
			t.Fatalf("err %v (%T) with %d fixes", err, err, len(fixes))
		}
		return
	}
	for _, f := range fixes {
		if f.Lat < -90 || f.Lat > 90 || f.Lon < -180 || f.Lon > 180 || f.Lat != f.Lat || f.Lon != f.Lon ||
			(f.Battery != nil && (*f.Battery < 0 || *f.Battery > 100)) || (f.Accuracy != nil && *f.Accuracy < 0) {
			t.Fatalf("decoded a fix that breaks the rules: %+v", f)
		}
	}
}

func TestOwnTracksSetWaypoints(t *testing.T) {
	// The booklet's own example, rebuilt from a zone with its values.
	radius, small := 8867.0, 30.4
	created := time.Unix(1437552714, 0)
	example := &lifeline.Zone{ID: 1, Name: "Some place", Shape: lifeline.ShapeCircle, Latitude: 46.935260881, Longitude: 10.428771973,
		Radius: &radius, IsActive: true, CreatedAt: created}
	tests := []struct {
		name  string
		zones []*lifeline.Zone
		want  string
	}{
		{"the booklet's example", []*lifeline.Zone{example}, string(fixture(t, "owntracks-cmd-setwaypoints.json"))},
		{"no zones: an empty list", nil, `{"_type":"cmd","action":"setWaypoints","waypoints":{"_type":"waypoints","waypoints":[]}}`},
		{"inactive and polygon zones are left out; a shared creation second gets the next tst", []*lifeline.Zone{
			{ID: 3, Name: "Paused", Shape: lifeline.ShapeCircle, Radius: &radius, CreatedAt: created},
			{ID: 4, Name: "Area", Shape: lifeline.ShapePolygon, IsActive: true, CreatedAt: created},
			{ID: 2, Name: "Bar", Shape: lifeline.ShapeCircle, Latitude: 1, Longitude: 2, Radius: &small, IsActive: true, CreatedAt: created},
			example,
		}, `{"_type":"cmd","action":"setWaypoints","waypoints":{"_type":"waypoints","waypoints":[
			{"_type":"waypoint","desc":"Some place","lat":46.935260881,"lon":10.428771973,"rad":8867,"tst":1437552714},
			{"_type":"waypoint","desc":"Bar","lat":1,"lon":2,"rad":30,"tst":1437552715}]}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got, want any
			if err := json.Unmarshal(OwnTracksSetWaypoints(tt.zones), &got); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(tt.want), &want); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("setWaypoints = %v\nwant %v", got, want)
			}
		})
	}
}

// A fractional epoch time keeps its milliseconds exactly, though a float
// cannot hold .123 exactly: the fraction is rounded to the microsecond.
func TestEpochFractionsKeepTheirMilliseconds(t *testing.T) {
	for _, tst := range []string{"1795338000.123", "1795338000.999", "1795338000.001"} {
		body := []byte(`{"_type":"location","lat":1,"lon":2,"tst":` + tst + `}`)
		fixes, err := DecodeOwnTracks(body, Limits{Now: at("2026-11-22T09:00:01Z")})
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprintf("%d.%03d", fixes[0].TS.Unix(), fixes[0].TS.Nanosecond()/1e6); got != tst || fixes[0].TS.Nanosecond()%1e6 != 0 {
			t.Errorf("tst %s decoded as %s (%d ns)", tst, fixes[0].TS.Format(time.RFC3339Nano), fixes[0].TS.Nanosecond())
		}
	}
}
