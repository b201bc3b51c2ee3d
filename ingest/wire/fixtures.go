package wire

import (
	"strconv"
	"strings"
	"time"
)

// A Fixture is a raw payload and what the decoder of its Kind makes of it at
// FixtureNow with the default Limits. The wire, ingest and simulator tests
// share them, so every side agrees byte for byte on what the contract means.
type Fixture struct {
	Name    string
	Kind    Kind // KindPosition, KindBattery or KindConfig
	Payload []byte
	Reason  string  // the Reason of the rejection, or "" for a valid payload
	Fixes   []Fix   // a valid position payload's fixes
	Battery Battery // a valid battery payload's reading
	Config  Config  // a valid config payload's settings
}

// FixtureNow is the receive time the Fixtures are decoded at: one minute
// after the ts of the contract's examples.
var FixtureNow = time.UnixMilli(fixtureNowMilli).UTC()

const (
	fixtureNowMilli = 1763793724000                       // 2025-11-22T06:42:04Z
	exampleTS       = fixtureNowMilli - 60_000            // the contract's example ts
	latestTS        = fixtureNowMilli + 5*60_000          // FixtureNow + DefaultMaxFuture
	oldestTS        = fixtureNowMilli - 400*24*60*60*1000 // FixtureNow - DefaultMaxAge
	exampleFix      = `{"seq": 1042, "ts": 1763793664000, "lat": 37.7749, "lon": -122.4194, "acc": 6.5, "bat": 81}`
	exampleBattery  = `{"seq": 7, "ts": 1763793664000, "bat": 80, "charging": false}`
	minimalFix      = `{"seq":1,"ts":1763793664000,"lat":1,"lon":2}`
)

// Fixtures are the shared payloads: valid ones first, then one or more for
// every Reason a decoder can give.
var Fixtures = fixtures()

func fixtures() []Fixture {
	ts := time.UnixMilli(exampleTS).UTC()
	example := Fix{Seq: 1042, TS: ts, Lat: 37.7749, Lon: -122.4194, Acc: ptr(6.5), Bat: ptr(81)}
	minimal := Fix{Seq: 1, TS: ts, Lat: 1, Lon: 2}
	pos := func(name, payload, reason string, fixes ...Fix) Fixture {
		return Fixture{Name: name, Kind: KindPosition, Payload: []byte(payload), Reason: reason, Fixes: fixes}
	}
	fix := func(field string) string { // the minimal fix with one more field
		return `{"seq":1,"ts":1763793664000,"lat":1,"lon":2,` + field + `}`
	}
	bat := func(name, payload, reason string, b Battery) Fixture {
		return Fixture{Name: name, Kind: KindBattery, Payload: []byte(payload), Reason: reason, Battery: b}
	}
	cfg := func(name, payload, reason string, c Config) Fixture {
		return Fixture{Name: name, Kind: KindConfig, Payload: []byte(payload), Reason: reason, Config: c}
	}
	full, fullFixes := buffer(MaxBatch)
	over, _ := buffer(MaxBatch + 1)

	return []Fixture{
		// Valid positions.
		pos("the contract's example", exampleFix, "", example),
		pos("required fields only", minimalFix, "", minimal),
		pos("array of one", "["+exampleFix+"]", "", example),
		pos("buffer of three in order",
			`[{"seq":10,"ts":1763793600000,"lat":37.77,"lon":-122.41,"acc":12},`+
				`{"seq":11,"ts":1763793630000,"lat":37.78,"lon":-122.42,"bat":80},`+
				`{"seq":12,"ts":1763793660000,"lat":37.79,"lon":-122.43}]`, "",
			Fix{Seq: 10, TS: time.UnixMilli(1763793600000).UTC(), Lat: 37.77, Lon: -122.41, Acc: ptr(12.0)},
			Fix{Seq: 11, TS: time.UnixMilli(1763793630000).UTC(), Lat: 37.78, Lon: -122.42, Bat: ptr(80)},
			Fix{Seq: 12, TS: time.UnixMilli(1763793660000).UTC(), Lat: 37.79, Lon: -122.43}),
		pos("full buffer of 500", full, "", fullFixes...),
		pos("exactly the maximum payload", minimalFix+strings.Repeat(" ", DefaultMaxPayload-len(minimalFix)), "", minimal),
		pos("fields in any order", `{"lon":2,"lat":1,"ts":1763793664000,"seq":1}`, "", minimal),
		pos("whitespace around and inside", " \t\r\n{ \"seq\" :1 ,\n\"ts\":1763793664000,\"lat\" : 1,\"lon\":2 }\r\n ", "", minimal),
		pos("ts as RFC 3339 UTC", `{"seq":1,"ts":"2025-11-22T06:41:04Z","lat":1,"lon":2}`, "", minimal),
		pos("ts as RFC 3339 with an offset and a fraction",
			`{"seq":1,"ts":"2025-11-22T08:41:04.25+02:00","lat":1,"lon":2}`, "",
			Fix{Seq: 1, TS: ts.Add(250 * time.Millisecond), Lat: 1, Lon: 2}),
		pos("ts as RFC 3339 with a negative offset, lower case",
			`{"seq":1,"ts":"2025-11-21t22:41:04-08:00","lat":1,"lon":2}`, "", minimal),
		pos("ts as RFC 3339 keeps microseconds",
			`{"seq":1,"ts":"2025-11-22T06:41:04.123456789Z","lat":1,"lon":2}`, "",
			Fix{Seq: 1, TS: ts.Add(123456 * time.Microsecond), Lat: 1, Lon: 2}),
		pos("ts exactly at the future limit", `{"seq":1,"ts":`+itoa(latestTS)+`,"lat":1,"lon":2}`, "",
			Fix{Seq: 1, TS: time.UnixMilli(latestTS).UTC(), Lat: 1, Lon: 2}),
		pos("ts exactly at the retention limit", `{"seq":1,"ts":`+itoa(oldestTS)+`,"lat":1,"lon":2}`, "",
			Fix{Seq: 1, TS: time.UnixMilli(oldestTS).UTC(), Lat: 1, Lon: 2}),
		pos("lowest lat, lon, acc and bat", `{"seq":0,"ts":1763793664000,"lat":-90,"lon":-180,"acc":0,"bat":0}`, "",
			Fix{Seq: 0, TS: ts, Lat: -90, Lon: -180, Acc: ptr(0.0), Bat: ptr(0)}),
		pos("highest lat, lon, acc and bat", `{"seq":9223372036854775807,"ts":1763793664000,"lat":90,"lon":180,"acc":100000,"bat":100}`, "",
			Fix{Seq: MaxSeq, TS: ts, Lat: 90, Lon: 180, Acc: ptr(100000.0), Bat: ptr(100)}),
		pos("numbers with exponents and negative zero", `{"seq":1,"ts":1763793664000,"lat":3.77749E+1,"lon":-0.0,"acc":6.5e0}`, "",
			Fix{Seq: 1, TS: ts, Lat: 37.7749, Lon: 0, Acc: ptr(6.5)}),
		pos("null optional fields are absent", fix(`"acc":null,"bat":null`), "", minimal),
		pos("unknown fields are ignored",
			fix(`"hdop":0.9,"sats":{"used":7,"ids":[3,7,12]},"fw":"1.4.2","CHARGING":true,"LAT":95`), "", minimal),
		pos("unknown field nested to the depth limit",
			fix(`"x":`+strings.Repeat("[", MaxDepth-1)+strings.Repeat("]", MaxDepth-1)), "", minimal),
		pos("escaped field name", `{"s\u0065q":1,"ts":1763793664000,"l\u0061t":1,"lon":2}`, "", minimal),

		// Rejected positions.
		pos("oversize", minimalFix+strings.Repeat(" ", DefaultMaxPayload-len(minimalFix)+1), ReasonOversize),
		pos("empty payload", "", ReasonBadJSON),
		pos("only whitespace", " \n\t ", ReasonBadJSON),
		pos("byte order mark", "\xef\xbb\xbf"+exampleFix, ReasonBadJSON),
		pos("not UTF-8", `{"seq":1,"ts":1763793664000,"lat":1,"lon":2,"x":"`+"\xff"+`"}`, ReasonBadJSON),
		pos("data after the value", exampleFix+" x", ReasonBadJSON),
		pos("two values", minimalFix+minimalFix, ReasonBadJSON),
		pos("NaN", `{"seq":1,"ts":1763793664000,"lat":NaN,"lon":2}`, ReasonBadJSON),
		pos("Infinity", `{"seq":1,"ts":1763793664000,"lat":1,"lon":-Infinity}`, ReasonBadJSON),
		pos("leading zero", `{"seq":01,"ts":1763793664000,"lat":1,"lon":2}`, ReasonBadJSON),
		pos("leading plus", `{"seq":1,"ts":1763793664000,"lat":+1,"lon":2}`, ReasonBadJSON),
		pos("bare fraction", `{"seq":1,"ts":1763793664000,"lat":.5,"lon":2}`, ReasonBadJSON),
		pos("single quotes", `{'seq':1,'ts':1763793664000,'lat':1,'lon':2}`, ReasonBadJSON),
		pos("trailing comma", `{"seq":1,"ts":1763793664000,"lat":1,"lon":2,}`, ReasonBadJSON),
		pos("truncated", exampleFix[:40], ReasonBadJSON),
		pos("unclosed array", "["+exampleFix, ReasonBadJSON),
		pos("comment", `{"seq":1,"ts":1763793664000,"lat":1,"lon":2 /* here */}`, ReasonBadJSON),
		pos("control character in a string", fix("\"fw\":\"a\tb\""), ReasonBadJSON),
		pos("bad escape", fix(`"fw":"\x41"`), ReasonBadJSON),
		pos("bad JSON wins over a bad value", `{"seq":1,"ts":1763793664000,"lat":95,"lon":2} x`, ReasonBadJSON),
		pos("too deep", fix(`"x":`+strings.Repeat("[", MaxDepth)+strings.Repeat("]", MaxDepth)), ReasonTooDeep),
		pos("deep nesting bomb", strings.Repeat("[", 20_000)+strings.Repeat("]", 20_000), ReasonTooDeep),
		pos("number", "42", ReasonNotObject),
		pos("string", `"hello"`, ReasonNotObject),
		pos("null", "null", ReasonNotObject),
		pos("array element not an object", "["+minimalFix+",7]", ReasonNotObject),
		pos("nested array", "[["+minimalFix+"]]", ReasonNotObject),
		pos("empty array", "[]", ReasonEmptyArray),
		pos("501 fixes", over, ReasonTooMany),
		pos("duplicate field", fix(`"lat":3`), ReasonDuplicateKey),
		pos("duplicate field, escaped", fix(`"l\u0061t":3`), ReasonDuplicateKey),
		pos("duplicate unknown field", fix(`"fw":"1","fw":"2"`), ReasonDuplicateKey),
		pos("empty object", "{}", ReasonMissingField),
		pos("missing seq", `{"ts":1763793664000,"lat":1,"lon":2}`, ReasonMissingField),
		pos("missing ts", `{"seq":1,"lat":1,"lon":2}`, ReasonMissingField),
		pos("missing lat", `{"seq":1,"ts":1763793664000,"lon":2}`, ReasonMissingField),
		pos("missing lon", `{"seq":1,"ts":1763793664000,"lat":1}`, ReasonMissingField),
		pos("null lat", `{"seq":1,"ts":1763793664000,"lat":null,"lon":2}`, ReasonMissingField),
		pos("upper-case field names", `{"SEQ":1,"TS":1763793664000,"LAT":1,"LON":2}`, ReasonMissingField),
		pos("seq negative", `{"seq":-1,"ts":1763793664000,"lat":1,"lon":2}`, ReasonBadSeq),
		pos("seq fraction", `{"seq":1.5,"ts":1763793664000,"lat":1,"lon":2}`, ReasonBadSeq),
		pos("seq whole but not an integer literal", `{"seq":1.0,"ts":1763793664000,"lat":1,"lon":2}`, ReasonBadSeq),
		pos("seq exponent", `{"seq":1e3,"ts":1763793664000,"lat":1,"lon":2}`, ReasonBadSeq),
		pos("seq a string", `{"seq":"1","ts":1763793664000,"lat":1,"lon":2}`, ReasonBadSeq),
		pos("seq past bigint", `{"seq":9223372036854775808,"ts":1763793664000,"lat":1,"lon":2}`, ReasonBadSeq),
		pos("seq past uint64", `{"seq":18446744073709551616,"ts":1763793664000,"lat":1,"lon":2}`, ReasonBadSeq),
		pos("seq huge", `{"seq":`+strings.Repeat("9", 400)+`,"ts":1763793664000,"lat":1,"lon":2}`, ReasonBadSeq),
		pos("ts fraction", `{"seq":1,"ts":1763793664000.5,"lat":1,"lon":2}`, ReasonBadTS),
		pos("ts negative", `{"seq":1,"ts":-1,"lat":1,"lon":2}`, ReasonBadTS),
		pos("ts past int64", `{"seq":1,"ts":9223372036854775808,"lat":1,"lon":2}`, ReasonBadTS),
		pos("ts a boolean", `{"seq":1,"ts":true,"lat":1,"lon":2}`, ReasonBadTS),
		pos("ts not a date", `{"seq":1,"ts":"yesterday","lat":1,"lon":2}`, ReasonBadTS),
		pos("ts without a zone", `{"seq":1,"ts":"2025-11-22T06:41:04","lat":1,"lon":2}`, ReasonBadTS),
		pos("ts with a space", `{"seq":1,"ts":"2025-11-22 06:41:04Z","lat":1,"lon":2}`, ReasonBadTS),
		pos("ts on a day that does not exist", `{"seq":1,"ts":"2025-02-29T06:41:04Z","lat":1,"lon":2}`, ReasonBadTS),
		pos("ts with a leap second", `{"seq":1,"ts":"2016-12-31T23:59:60Z","lat":1,"lon":2}`, ReasonBadTS),
		pos("ts a millisecond past the future limit", `{"seq":1,"ts":`+itoa(latestTS+1)+`,"lat":1,"lon":2}`, ReasonTSFuture),
		pos("ts far in the future", `{"seq":1,"ts":"9999-12-31T23:59:59Z","lat":1,"lon":2}`, ReasonTSFuture),
		pos("ts a millisecond past the retention limit", `{"seq":1,"ts":`+itoa(oldestTS-1)+`,"lat":1,"lon":2}`, ReasonTSTooOld),
		pos("ts zero", `{"seq":1,"ts":0,"lat":1,"lon":2}`, ReasonTSTooOld),
		pos("ts in seconds, not milliseconds", `{"seq":1,"ts":1763793664,"lat":1,"lon":2}`, ReasonTSTooOld),
		pos("lat above 90", `{"seq":1,"ts":1763793664000,"lat":90.000001,"lon":2}`, ReasonLatRange),
		pos("lat below -90", `{"seq":1,"ts":1763793664000,"lat":-90.5,"lon":2}`, ReasonLatRange),
		pos("lat overflows float64", `{"seq":1,"ts":1763793664000,"lat":1e400,"lon":2}`, ReasonLatRange),
		pos("lat a string", `{"seq":1,"ts":1763793664000,"lat":"37.7","lon":2}`, ReasonLatRange),
		pos("lon above 180", `{"seq":1,"ts":1763793664000,"lat":1,"lon":180.0001}`, ReasonLonRange),
		pos("lon below -180", `{"seq":1,"ts":1763793664000,"lat":1,"lon":-181}`, ReasonLonRange),
		pos("lon an array", `{"seq":1,"ts":1763793664000,"lat":1,"lon":[2]}`, ReasonLonRange),
		pos("acc negative", fix(`"acc":-0.1`), ReasonAccRange),
		pos("acc beyond 100 km", fix(`"acc":100000.5`), ReasonAccRange),
		pos("acc overflows float64", fix(`"acc":-1e999`), ReasonAccRange),
		pos("bat above 100", fix(`"bat":101`), ReasonBatRange),
		pos("bat negative", fix(`"bat":-1`), ReasonBatRange),
		pos("bat fraction", fix(`"bat":80.5`), ReasonBatRange),
		pos("bat a string", fix(`"bat":"80"`), ReasonBatRange),
		pos("one bad fix rejects the array",
			"["+minimalFix+`,{"seq":2,"ts":1763793664000,"lat":91,"lon":2},`+minimalFix+"]", ReasonLatRange),

		// Battery packets.
		bat("the contract's battery example", exampleBattery, "", Battery{Seq: 7, TS: ts, Bat: 80}),
		bat("charging, RFC 3339 ts, unknown fields",
			`{"seq":8,"ts":"2025-11-22T06:41:04Z","bat":100,"charging":true,"lat":1,"volts":4.2}`, "",
			Battery{Seq: 8, TS: ts, Bat: 100, Charging: true}),
		bat("battery empty", `{"seq":9,"ts":1763793664000,"bat":0,"charging":false}`, "", Battery{Seq: 9, TS: ts}),
		bat("battery array", "["+exampleBattery+"]", ReasonNotObject, Battery{}),
		bat("battery missing charging", `{"seq":7,"ts":1763793664000,"bat":80}`, ReasonMissingField, Battery{}),
		bat("battery missing bat", `{"seq":7,"ts":1763793664000,"charging":false}`, ReasonMissingField, Battery{}),
		bat("battery missing seq", `{"ts":1763793664000,"bat":80,"charging":false}`, ReasonMissingField, Battery{}),
		bat("battery charging a string", `{"seq":7,"ts":1763793664000,"bat":80,"charging":"no"}`, ReasonBadCharging, Battery{}),
		bat("battery charging a number", `{"seq":7,"ts":1763793664000,"bat":80,"charging":0}`, ReasonBadCharging, Battery{}),
		bat("battery above 100", `{"seq":7,"ts":1763793664000,"bat":101,"charging":false}`, ReasonBatRange, Battery{}),
		bat("battery duplicate field", `{"seq":7,"ts":1763793664000,"bat":80,"bat":10,"charging":false}`, ReasonDuplicateKey, Battery{}),
		bat("battery in the future", `{"seq":7,"ts":`+itoa(latestTS+1)+`,"bat":80,"charging":false}`, ReasonTSFuture, Battery{}),
		bat("battery bad JSON", `{"seq":7,"ts":1763793664000,"bat":80,"charging":fals}`, ReasonBadJSON, Battery{}),

		// Config packets.
		cfg("the contract's config example", `{"interval_s": 30}`, "", Config{IntervalS: 30}),
		cfg("config zero interval", `{"interval_s":0}`, ReasonBadInterval, Config{}),
		cfg("config fractional interval", `{"interval_s":1.5}`, ReasonBadInterval, Config{}),
		cfg("config missing interval", `{}`, ReasonMissingField, Config{}),
	}
}

// buffer returns a position array of n valid fixes and the fixes.
func buffer(n int) (string, []Fix) {
	var b strings.Builder
	fixes := make([]Fix, n)
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		ms := int64(exampleTS - (n-i)*1000)
		lat := 37.7 + float64(i)/10000
		s := `{"seq":` + strconv.Itoa(100+i) + `,"ts":` + itoa(ms) + `,"lat":` + strconv.FormatFloat(lat, 'f', -1, 64) + `,"lon":-122.4`
		fixes[i] = Fix{Seq: uint64(100 + i), TS: time.UnixMilli(ms).UTC(), Lat: lat, Lon: -122.4}
		if i%2 == 0 {
			s += `,"acc":5,"bat":` + strconv.Itoa(i%101)
			fixes[i].Acc, fixes[i].Bat = ptr(5.0), ptr(i%101)
		}
		b.WriteString(s + "}")
	}
	b.WriteByte(']')
	return b.String(), fixes
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

func ptr[T any](v T) *T { return &v }
