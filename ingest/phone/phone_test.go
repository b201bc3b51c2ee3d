package phone

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
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

// corpusEntry is one payload of testdata/corpus.json and what must come of
// it (testdata/README.md says where each came from).
type corpusEntry struct {
	File     string `json:"file"`
	Protocol string `json:"protocol"`
	Now      string `json:"now"`
	Fixes    []struct {
		TS                                string
		Lat, Lon                          float64
		Accuracy, Altitude, Speed, Course *float64
		Battery                           *int
		Charging                          *bool
		Trigger                           string
	} `json:"fixes"`
	Refused string               `json:"refused"`
	Dropped []lifeline.FieldDrop `json:"dropped"`
}

func readCorpus(t testing.TB) []corpusEntry {
	var corpus []corpusEntry
	if err := json.Unmarshal(fixture(t, "corpus.json"), &corpus); err != nil {
		t.Fatal(err)
	}
	return corpus
}

// decodeEntry decodes a corpus payload as its app sends it; an OsmAnd
// parameter list is decoded both as a query and as a form body.
func decodeEntry(t *testing.T, e corpusEntry, lim Limits) map[string]func() (Batch, error) {
	body := fixture(t, e.File)
	switch {
	case e.Protocol == "owntracks":
		return map[string]func() (Batch, error){"": func() (Batch, error) { return DecodeOwnTracks(body, lim) }}
	case e.Protocol == "overland":
		return map[string]func() (Batch, error){"": func() (Batch, error) { return DecodeOverland(body, lim) }}
	case strings.HasSuffix(e.File, ".json"):
		return map[string]func() (Batch, error){"": func() (Batch, error) {
			_, b, err := DecodeOsmAnd(nil, body, lim)
			return b, err
		}}
	}
	params := strings.TrimSpace(string(body))
	query, err := url.ParseQuery(params)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]func() (Batch, error){
		"query": func() (Batch, error) { _, b, err := DecodeOsmAnd(query, nil, lim); return b, err },
		"form":  func() (Batch, error) { _, b, err := DecodeOsmAnd(nil, []byte(params), lim); return b, err },
	}
}

// TestCorpus: every payload the apps send, taken from their own source and
// documentation, is stored when its position and time are usable, with
// exactly the values expected, and the optional values Lifeline cannot use
// are dropped and reported.
func TestCorpus(t *testing.T) {
	for _, e := range readCorpus(t) {
		for how, decode := range decodeEntry(t, e, Limits{Now: at(e.Now)}) {
			t.Run(strings.TrimSuffix(e.File+" "+how, " "), func(t *testing.T) {
				b, err := decode()
				if e.Refused != "" {
					var bad *Error
					if !errors.As(err, &bad) || bad.Field != e.Refused {
						t.Fatalf("err = %v, want a refusal of %s", err, e.Refused)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				if len(b.Refused) != 0 {
					t.Errorf("refused points %v", b.Refused)
				}
				if len(b.Fixes) != len(e.Fixes) {
					t.Fatalf("%d fixes, want %d: %+v", len(b.Fixes), len(e.Fixes), b.Fixes)
				}
				for i, want := range e.Fixes {
					wantFix(t, b.Fixes[i], Fix{TS: at(want.TS), Lat: want.Lat, Lon: want.Lon, Accuracy: want.Accuracy, Altitude: want.Altitude,
						Speed: want.Speed, Course: want.Course, Battery: want.Battery, Charging: want.Charging, Trigger: want.Trigger})
				}
				got := slices.SortedFunc(slices.Values(b.Dropped), func(a, b lifeline.FieldDrop) int {
					return cmp.Or(cmp.Compare(a.Field, b.Field), cmp.Compare(a.Reason, b.Reason))
				})
				if !reflect.DeepEqual(got, e.Dropped) && (len(got) != 0 || len(e.Dropped) != 0) {
					t.Errorf("dropped %v, want %v", got, e.Dropped)
				}
			})
		}
	}
}

func ptr[T any](v T) *T { return &v }

// wantFix compares every value of a fix; speeds to a millionth (unit
// conversions).
func wantFix(t *testing.T, g, want Fix) {
	t.Helper()
	same := func(a, b *float64) bool { return (a == nil) == (b == nil) && (a == nil || math.Abs(*a-*b) < 1e-6) }
	sameInt := func(a, b *int) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
	sameBool := func(a, b *bool) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
	if !g.TS.Equal(want.TS) || g.Lat != want.Lat || g.Lon != want.Lon || !same(g.Accuracy, want.Accuracy) ||
		!same(g.Altitude, want.Altitude) || !same(g.Course, want.Course) || !same(g.Speed, want.Speed) ||
		!sameInt(g.Battery, want.Battery) || !sameBool(g.Charging, want.Charging) || g.Trigger != want.Trigger {
		t.Errorf("fix = %s\nwant %s", describe(g), describe(want))
	}
}

func describe(f Fix) string {
	show := func(v any) string {
		rv := reflect.ValueOf(v)
		if rv.IsNil() {
			return "nil"
		}
		return fmt.Sprint(rv.Elem().Interface())
	}
	return fmt.Sprintf("{%s %v,%v acc %s alt %s speed %s course %s batt %s charging %s %q}", f.TS.Format(time.RFC3339Nano), f.Lat, f.Lon,
		show(f.Accuracy), show(f.Altitude), show(f.Speed), show(f.Course), show(f.Battery), show(f.Charging), f.Trigger)
}

var testNow = at("2026-11-22T09:00:00Z")

func owntracks(fields string) func() (Batch, error) {
	return func() (Batch, error) {
		return DecodeOwnTracks([]byte(`{"_type":"location","lat":48.85,"lon":2.29,"tst":1795337940`+fields+`}`), Limits{Now: testNow})
	}
}

func osmand(params string) func() (Batch, error) {
	return func() (Batch, error) {
		q, err := url.ParseQuery("id=x&lat=48.85&lon=2.29&timestamp=1795337940" + params)
		if err != nil {
			panic(err)
		}
		_, b, err := DecodeOsmAnd(q, nil, Limits{Now: testNow})
		return b, err
	}
}

func traccarJSON(coords, location string) func() (Batch, error) {
	return func() (Batch, error) {
		body := `{"location":{"timestamp":"2026-11-22T08:59:00Z","coords":{"latitude":48.85,"longitude":2.29` + coords + `}` + location + `},"device_id":"x"}`
		_, b, err := DecodeOsmAnd(nil, []byte(body), Limits{Now: testNow})
		return b, err
	}
}

// overlandPoints sends a good point and one with the given properties.
func overlandPoints(props string) func() (Batch, error) {
	return func() (Batch, error) {
		body := `{"locations":[{"type":"Feature","geometry":{"type":"Point","coordinates":[2.29,48.85]},"properties":{"timestamp":"2026-11-22T08:58:00Z"}},` +
			`{"type":"Feature","geometry":{"type":"Point","coordinates":[2.29,48.85]},"properties":{` + props + `}}]}`
		return DecodeOverland([]byte(body), Limits{Now: testNow})
	}
}

// TestOnlyAPositionOrTimeRefusesAFix: each payload is refused with the
// field that was wrong.
func TestOnlyAPositionOrTimeRefusesAFix(t *testing.T) {
	tests := []struct {
		name, field string
		decode      func() (Batch, error)
	}{
		{"owntracks malformed JSON", "", func() (Batch, error) { return DecodeOwnTracks([]byte(`{"_type":"location",`), Limits{Now: testNow}) }},
		{"owntracks not an object", "", func() (Batch, error) { return DecodeOwnTracks([]byte(`[1]`), Limits{Now: testNow}) }},
		{"owntracks null", "", func() (Batch, error) { return DecodeOwnTracks([]byte(`null`), Limits{Now: testNow}) }},
		{"owntracks trailing data", "", owntracks(`}{`)},
		{"owntracks no _type", "_type", func() (Batch, error) {
			return DecodeOwnTracks([]byte(`{"lat":1,"lon":2,"tst":1}`), Limits{Now: testNow})
		}},
		{"owntracks _type not text", "_type", func() (Batch, error) { return DecodeOwnTracks([]byte(`{"_type":7}`), Limits{Now: testNow}) }},
		{"owntracks latitude 91", "lat", owntracks(`,"lat":91`)},
		{"owntracks longitude -181", "lon", owntracks(`,"lon":-181`)},
		{"owntracks latitude as text", "lat", owntracks(`,"lat":"48.85"`)},
		{"owntracks no latitude", "lat", func() (Batch, error) {
			return DecodeOwnTracks([]byte(`{"_type":"location","lon":2,"tst":1795337940}`), Limits{Now: testNow})
		}},
		{"owntracks 0, 0", "lat", owntracks(`,"lat":0,"lon":0`)},
		{"owntracks no tst", "tst", func() (Batch, error) {
			return DecodeOwnTracks([]byte(`{"_type":"location","lat":1,"lon":2}`), Limits{Now: testNow})
		}},
		{"owntracks an hour ahead", "tst", owntracks(`,"tst":1795341600`)},
		{"owntracks older than the retention window", "tst", owntracks(`,"tst":1000000000`)},
		{"owntracks negative tst", "tst", owntracks(`,"tst":-5`)},
		{"owntracks accuracy marked invalid", "acc", owntracks(`,"acc":-1`)},
		{"owntracks accuracy of 200 km", "acc", owntracks(`,"acc":200000`)},
		{"overland not a batch", "locations", func() (Batch, error) { return DecodeOverland([]byte(`{}`), Limits{Now: testNow}) }},
		{"overland locations not a list", "locations", func() (Batch, error) {
			return DecodeOverland([]byte(`{"locations":{}}`), Limits{Now: testNow})
		}},
		{"overland too many points", "locations", func() (Batch, error) {
			return DecodeOverland([]byte(`{"locations":[`+strings.Repeat(`{},`, MaxBatch)+`{}]}`), Limits{Now: testNow})
		}},
		{"osmand no lat", "lat", func() (Batch, error) {
			_, b, err := DecodeOsmAnd(url.Values{"lon": {"2"}, "timestamp": {"1795337940"}}, nil, Limits{Now: testNow})
			return b, err
		}},
		{"osmand lat not a number", "lat", osmand("&lat=north")},
		{"osmand lat NaN", "lat", osmand("&lat=NaN")},
		{"osmand lat given twice, differently", "lat", osmand("&lat=3")},
		{"osmand future", "timestamp", osmand("&timestamp=2026-11-22T10:00:00Z")},
		{"osmand bad timestamp", "timestamp", osmand("&timestamp=soon")},
		{"osmand marked not valid", "valid", osmand("&valid=false")},
		{"osmand accuracy marked invalid", "accuracy", osmand("&accuracy=-1")},
		{"traccar JSON without coords", "location.coords.latitude", func() (Batch, error) {
			_, b, err := DecodeOsmAnd(nil, []byte(`{"location":{"timestamp":"2026-11-22T08:59:00Z"},"device_id":"x"}`), Limits{Now: testNow})
			return b, err
		}},
		{"traccar JSON time as a number", "location.timestamp", func() (Batch, error) {
			_, b, err := DecodeOsmAnd(nil, []byte(`{"location":{"timestamp":1,"coords":{"latitude":1,"longitude":2}}}`), Limits{Now: testNow})
			return b, err
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := tt.decode()
			var bad *Error
			if !errors.As(err, &bad) {
				t.Fatalf("err = %v with %d fixes, want a *Error", err, len(b.Fixes))
			}
			if bad.Field != tt.field || bad.Message == "" {
				t.Errorf("field %q (%v), want %q", bad.Field, bad, tt.field)
			}
		})
	}
}

// TestOverlandRefusesPointsOneByOne: a bad point is refused, named by its
// index, and the good one beside it is kept.
func TestOverlandRefusesPointsOneByOne(t *testing.T) {
	tests := []struct{ name, props, field string }{
		{"no timestamp", `"altitude":3`, "locations[1].properties.timestamp"},
		{"in the future", `"timestamp":"2026-11-22T10:00:00Z"`, "locations[1].properties.timestamp"},
		{"bad timestamp", `"timestamp":"yesterday"`, "locations[1].properties.timestamp"},
		{"position marked invalid", `"timestamp":"2026-11-22T08:59:00Z","horizontal_accuracy":-1`, "locations[1].properties.horizontal_accuracy"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := overlandPoints(tt.props)()
			if err != nil {
				t.Fatal(err)
			}
			if len(b.Fixes) != 1 || len(b.Refused) != 1 || b.Refused[0].Field != tt.field {
				t.Errorf("fixes %d, refused %v; want 1 fix and %s refused", len(b.Fixes), b.Refused, tt.field)
			}
		})
	}
	body := `{"locations":[{"type":"Feature","geometry":{"type":"Point","coordinates":[2.29,95]},"properties":{"timestamp":"2026-11-22T08:59:00Z"}},` +
		`{"type":"Feature","geometry":{"type":"LineString","coordinates":[[2.29,48.85]]},"properties":{"timestamp":"2026-11-22T08:59:00Z"}},` +
		`{"type":"Feature","properties":{"timestamp":"2026-11-22T08:59:00Z"}}, 7]}`
	b, err := DecodeOverland([]byte(body), Limits{Now: testNow})
	fields := []string{}
	for _, r := range b.Refused {
		fields = append(fields, r.Field)
	}
	want := []string{"locations[0].geometry.coordinates[1]", "locations[1].geometry.type", "locations[2].geometry", "locations[3]."}
	if err != nil || len(b.Fixes) != 0 || !slices.Equal(fields, want) {
		t.Errorf("err %v, %d fixes, refused %q; want %q", err, len(b.Fixes), fields, want)
	}
}

// TestKeepTheFixDropTheField: an optional value an app cannot be trusted
// with is left out, the fix is stored, and the drop says which and why.
func TestKeepTheFixDropTheField(t *testing.T) {
	tests := []struct {
		name   string
		decode func() (Batch, error)
		drop   lifeline.FieldDrop
	}{
		{"owntracks speed -1 (iOS: not known)", owntracks(`,"vel":-1`), lifeline.FieldDrop{Field: "vel", Reason: lifeline.DropNotKnown, Count: 1}},
		{"owntracks course -1", owntracks(`,"cog":-1`), lifeline.FieldDrop{Field: "cog", Reason: lifeline.DropNotKnown, Count: 1}},
		{"owntracks course 400", owntracks(`,"cog":400`), lifeline.FieldDrop{Field: "cog", Reason: lifeline.DropOutOfRange, Count: 1}},
		{"owntracks altitude with vertical accuracy -1", owntracks(`,"alt":12,"vac":-1`), lifeline.FieldDrop{Field: "alt", Reason: lifeline.DropNotKnown, Count: 1}},
		{"owntracks altitude of a satellite", owntracks(`,"alt":400000`), lifeline.FieldDrop{Field: "alt", Reason: lifeline.DropOutOfRange, Count: 1}},
		{"owntracks battery 101", owntracks(`,"batt":101`), lifeline.FieldDrop{Field: "batt", Reason: lifeline.DropOutOfRange, Count: 1}},
		{"owntracks battery -100 (Overland's OwnTracks mode)", owntracks(`,"batt":-100`), lifeline.FieldDrop{Field: "batt", Reason: lifeline.DropOutOfRange, Count: 1}},
		{"owntracks battery as text", owntracks(`,"batt":"41"`), lifeline.FieldDrop{Field: "batt", Reason: lifeline.DropWrongType, Count: 1}},
		{"owntracks battery status 7", owntracks(`,"bs":7`), lifeline.FieldDrop{Field: "bs", Reason: lifeline.DropOutOfRange, Count: 1}},
		{"owntracks accuracy 0 (Android: none)", owntracks(`,"acc":0`), lifeline.FieldDrop{Field: "acc", Reason: lifeline.DropNotKnown, Count: 1}},
		{"owntracks a speed faster than sound twice over", owntracks(`,"vel":9000`), lifeline.FieldDrop{Field: "vel", Reason: lifeline.DropOutOfRange, Count: 1}},
		{"owntracks a field no app sends", owntracks(`,"isAdmin":true`), lifeline.FieldDrop{Field: "isAdmin", Reason: lifeline.DropUnknownField, Count: 1}},
		{"overland speed -1", overlandPoints(`"timestamp":"2026-11-22T08:59:00Z","speed":-1`),
			lifeline.FieldDrop{Field: "properties.speed", Reason: lifeline.DropNotKnown, Count: 1}},
		{"overland battery level 2", overlandPoints(`"timestamp":"2026-11-22T08:59:00Z","battery_level":2`),
			lifeline.FieldDrop{Field: "properties.battery_level", Reason: lifeline.DropOutOfRange, Count: 1}},
		{"overland battery state on fire", overlandPoints(`"timestamp":"2026-11-22T08:59:00Z","battery_state":"on fire"`),
			lifeline.FieldDrop{Field: "properties.battery_state", Reason: lifeline.DropOutOfRange, Count: 1}},
		{"overland a property no app sends", overlandPoints(`"timestamp":"2026-11-22T08:59:00Z","colour":"red"`),
			lifeline.FieldDrop{Field: "properties.colour", Reason: lifeline.DropUnknownField, Count: 1}},
		{"osmand battery 120", osmand("&batt=120"), lifeline.FieldDrop{Field: "batt", Reason: lifeline.DropOutOfRange, Count: 1}},
		{"osmand bearing -1", osmand("&bearing=-1"), lifeline.FieldDrop{Field: "bearing", Reason: lifeline.DropNotKnown, Count: 1}},
		{"osmand speed as a word", osmand("&speed=fast"), lifeline.FieldDrop{Field: "speed", Reason: lifeline.DropWrongType, Count: 1}},
		{"osmand charge maybe", osmand("&charge=maybe"), lifeline.FieldDrop{Field: "charge", Reason: lifeline.DropWrongType, Count: 1}},
		{"osmand a typo", osmand("&batery=80"), lifeline.FieldDrop{Field: "batery", Reason: lifeline.DropUnknownField, Count: 1}},
		{"osmand an optional value given twice", osmand("&batt=80&batt=81"), lifeline.FieldDrop{Field: "batt", Reason: lifeline.DropRepeated, Count: 1}},
		{"traccar JSON heading -1", traccarJSON(`,"heading":-1`, ``), lifeline.FieldDrop{Field: "location.coords.heading", Reason: lifeline.DropNotKnown, Count: 1}},
		{"traccar JSON battery level -1", traccarJSON(``, `,"battery":{"level":-1,"is_charging":false}`),
			lifeline.FieldDrop{Field: "location.battery.level", Reason: lifeline.DropNotKnown, Count: 1}},
		{"traccar JSON altitude accuracy -1", traccarJSON(`,"altitude":30,"altitude_accuracy":-1`, ``),
			lifeline.FieldDrop{Field: "location.coords.altitude", Reason: lifeline.DropNotKnown, Count: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := tt.decode()
			if err != nil {
				t.Fatal(err)
			}
			if len(b.Fixes) == 0 || !slices.Contains(b.Dropped, tt.drop) {
				t.Errorf("%d fixes, dropped %v; want the fix kept and %v", len(b.Fixes), b.Dropped, tt.drop)
			}
		})
	}
}

// TestDropsAreCountedAndBounded: a batch counts each drop once per point,
// and a flood of invented fields is reported in a bounded list.
func TestDropsAreCountedAndBounded(t *testing.T) {
	var points []string
	for range 3 {
		points = append(points, `{"type":"Feature","geometry":{"type":"Point","coordinates":[2.29,48.85]},"properties":{"timestamp":"2026-11-22T08:59:00Z","speed":-1}}`)
	}
	b, err := DecodeOverland([]byte(`{"locations":[`+strings.Join(points, ",")+`]}`), Limits{Now: testNow})
	if err != nil || !slices.Equal(b.Dropped, []lifeline.FieldDrop{{Field: "properties.speed", Reason: lifeline.DropNotKnown, Count: 3}}) {
		t.Errorf("err %v, dropped %v; want properties.speed 3 times", err, b.Dropped)
	}
	var fields strings.Builder
	for i := range 100 {
		fmt.Fprintf(&fields, `,"%d%s":1`, i, strings.Repeat("x", 100))
	}
	b, err = owntracks(fields.String())()
	total := 0
	for _, d := range b.Dropped {
		total += d.Count
		if len(d.Field) > 64 {
			t.Errorf("field name of %d bytes kept", len(d.Field))
		}
	}
	if err != nil || len(b.Fixes) != 1 || len(b.Dropped) != maxDropKinds || total != 100 {
		t.Errorf("err %v, %d fixes, %d kinds of drop counting %d; want the fix, %d kinds counting 100", err, len(b.Fixes), len(b.Dropped), total, maxDropKinds)
	}
}

func TestOsmAndTimestamps(t *testing.T) {
	lim := Limits{Now: at("2026-11-22T09:00:00Z")}
	for _, ts := range []string{"1795338000", "1795338000000", "2026-11-22T09:00:00Z", "2026-11-22T10:00:00+0100"} {
		_, b, err := DecodeOsmAnd(url.Values{"id": {"x"}, "lat": {"1"}, "lon": {"2"}, "timestamp": {ts}}, nil, lim)
		if err != nil || !b.Fixes[0].TS.Equal(at("2026-11-22T09:00:00Z")) {
			t.Errorf("timestamp %s: %v, %v", ts, b.Fixes, err)
		}
	}
}

// corpusSeeds are the corpus payloads of one protocol, the fuzz targets'
// seeds.
func corpusSeeds(f *testing.F, protocol string, json bool) [][]byte {
	var seeds [][]byte
	for _, e := range readCorpus(f) {
		if e.Protocol == protocol && strings.HasSuffix(e.File, ".json") == json {
			seeds = append(seeds, fixture(f, e.File))
		}
	}
	return seeds
}

var fuzzLimits = Limits{Now: at("2026-11-22T09:00:00Z"), MaxAge: 100 * 365 * 24 * time.Hour}

func FuzzDecodeOwnTracks(f *testing.F) {
	for _, seed := range corpusSeeds(f, "owntracks", true) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		b, err := DecodeOwnTracks(body, fuzzLimits)
		checkDecoded(t, b, err)
	})
}

func FuzzDecodeOverland(f *testing.F) {
	for _, seed := range corpusSeeds(f, "overland", true) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		b, err := DecodeOverland(body, fuzzLimits)
		checkDecoded(t, b, err)
	})
}

func FuzzDecodeOsmAnd(f *testing.F) {
	for _, seed := range corpusSeeds(f, "osmand", false) {
		f.Add(strings.TrimSpace(string(seed)), []byte(nil))
		f.Add("", seed)
	}
	for _, seed := range corpusSeeds(f, "osmand", true) {
		f.Add("", seed)
	}
	f.Fuzz(func(t *testing.T, query string, body []byte) {
		q, err := url.ParseQuery(query)
		if err != nil {
			return
		}
		_, b, err := DecodeOsmAnd(q, body, fuzzLimits)
		checkDecoded(t, b, err)
	})
}

// checkDecoded: a decoder either refuses with a *Error or returns fixes
// that keep every rule, and a bounded list of drops.
func checkDecoded(t *testing.T, b Batch, err error) {
	if err != nil {
		var bad *Error
		if !errors.As(err, &bad) || b.Fixes != nil {
			t.Fatalf("err %v (%T) with %d fixes", err, err, len(b.Fixes))
		}
		return
	}
	for _, f := range b.Fixes {
		if !inRange(f.Lat, -90, 90) || !inRange(f.Lon, -180, 180) || f.Lat == 0 && f.Lon == 0 ||
			f.Accuracy != nil && !(*f.Accuracy > 0 && *f.Accuracy <= 100_000) ||
			f.Battery != nil && (*f.Battery < 0 || *f.Battery > 100) ||
			f.Course != nil && !inRange(*f.Course, 0, 360) || f.Speed != nil && !inRange(*f.Speed, 0, MaxSpeed) ||
			f.Altitude != nil && !inRange(*f.Altitude, -20_000, 100_000) {
			t.Fatalf("decoded a fix that breaks the rules: %s", describe(f))
		}
	}
	if len(b.Dropped) > maxDropKinds {
		t.Fatalf("%d kinds of drop", len(b.Dropped))
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
		b, err := DecodeOwnTracks(body, Limits{Now: at("2026-11-22T09:00:01Z")})
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprintf("%d.%03d", b.Fixes[0].TS.Unix(), b.Fixes[0].TS.Nanosecond()/1e6); got != tst || b.Fixes[0].TS.Nanosecond()%1e6 != 0 {
			t.Errorf("tst %s decoded as %s (%d ns)", tst, b.Fixes[0].TS.Format(time.RFC3339Nano), b.Fixes[0].TS.Nanosecond())
		}
	}
}
