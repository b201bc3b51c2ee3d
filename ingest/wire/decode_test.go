package wire_test

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"lifeline/ingest/wire"
)

// now is a receive time with whole milliseconds, so ts limits fall on
// numbers a payload can hold.
var now = time.Date(2025, 11, 22, 6, 42, 4, 0, time.UTC)

func position(fields string) []byte {
	return []byte(fmt.Sprintf(`{"seq":1,"ts":%d,%s}`, now.UnixMilli(), fields))
}

func TestDecodePositionsRanges(t *testing.T) {
	tests := []struct {
		name   string
		fields string
		reason string
	}{
		{"lat exactly 90", `"lat":90,"lon":0`, ""},
		{"lat exactly -90", `"lat":-90,"lon":0`, ""},
		{"lat just above 90", `"lat":90.00000000000001,"lon":0`, wire.ReasonLatRange},
		{"lat just below -90", `"lat":-90.00000000000001,"lon":0`, wire.ReasonLatRange},
		{"lat rounds to 90", `"lat":90.000000000000000001,"lon":0`, ""},
		{"lon exactly 180", `"lat":0,"lon":180`, ""},
		{"lon exactly -180", `"lat":0,"lon":-180`, ""},
		{"lon just above 180", `"lat":0,"lon":180.00000000000003`, wire.ReasonLonRange},
		{"lon just below -180", `"lat":0,"lon":-180.00000000000003`, wire.ReasonLonRange},
		{"lat with many digits", `"lat":0.` + strings.Repeat("0", 5000) + `1,"lon":0`, ""},
		{"lat with a huge exponent", `"lat":1e99999999999999999999,"lon":0`, wire.ReasonLatRange},
		{"lat with a tiny exponent", `"lat":1e-99999999999999999999,"lon":0`, ""},
		{"lat a long integer", `"lat":1` + strings.Repeat("0", 400) + `,"lon":0`, wire.ReasonLatRange},
		{"lat true", `"lat":true,"lon":0`, wire.ReasonLatRange},
		{"lat an object", `"lat":{"deg":1},"lon":0`, wire.ReasonLatRange},
		{"acc 0", `"lat":0,"lon":0,"acc":0`, ""},
		{"acc -0", `"lat":0,"lon":0,"acc":-0`, ""},
		{"acc at the maximum", `"lat":0,"lon":0,"acc":1e5`, ""},
		{"acc just below 0", `"lat":0,"lon":0,"acc":-5e-324`, wire.ReasonAccRange},
		{"acc past the maximum", `"lat":0,"lon":0,"acc":100000.00000000001`, wire.ReasonAccRange},
		{"acc a string", `"lat":0,"lon":0,"acc":"6.5"`, wire.ReasonAccRange},
		{"bat 0", `"lat":0,"lon":0,"bat":0`, ""},
		{"bat -0", `"lat":0,"lon":0,"bat":-0`, ""},
		{"bat 100", `"lat":0,"lon":0,"bat":100`, ""},
		{"bat 101", `"lat":0,"lon":0,"bat":101`, wire.ReasonBatRange},
		{"bat 100.0", `"lat":0,"lon":0,"bat":100.0`, wire.ReasonBatRange},
		{"bat 1e2", `"lat":0,"lon":0,"bat":1e2`, wire.ReasonBatRange},
		{"bat huge", `"lat":0,"lon":0,"bat":` + strings.Repeat("9", 30), wire.ReasonBatRange},
		{"bat false", `"lat":0,"lon":0,"bat":false`, wire.ReasonBatRange},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := wire.DecodePositions(position(tt.fields), now, wire.Limits{})
			if got := wire.ReasonOf(err); got != tt.reason {
				t.Fatalf("got reason %q (%v), want %q", got, err, tt.reason)
			}
		})
	}
}

func TestDecodePositionsTimestampLimits(t *testing.T) {
	limits := wire.Limits{MaxFuture: time.Minute, MaxAge: 24 * time.Hour}
	ms := func(d time.Duration) string { return fmt.Sprint(now.Add(d).UnixMilli()) }
	rfc := func(d time.Duration, zone *time.Location) string {
		return `"` + now.Add(d).In(zone).Format(time.RFC3339Nano) + `"`
	}
	east := time.FixedZone("", 5*3600+45*60)
	west := time.FixedZone("", -(9*3600 + 30*60))
	tests := []struct {
		name   string
		ts     string
		reason string
	}{
		{"now", ms(0), ""},
		{"at the future limit", ms(time.Minute), ""},
		{"a millisecond past the future limit", ms(time.Minute + time.Millisecond), wire.ReasonTSFuture},
		{"at the age limit", ms(-24 * time.Hour), ""},
		{"a millisecond past the age limit", ms(-24*time.Hour - time.Millisecond), wire.ReasonTSTooOld},
		{"RFC 3339 at the future limit, east of UTC", rfc(time.Minute, east), ""},
		{"RFC 3339 a microsecond past the future limit, west of UTC", rfc(time.Minute+time.Microsecond, west), wire.ReasonTSFuture},
		{"RFC 3339 under a microsecond past the future limit", rfc(time.Minute+999*time.Nanosecond, east), ""},
		{"RFC 3339 at the age limit", rfc(-24*time.Hour, west), ""},
		{"RFC 3339 a nanosecond past the age limit", rfc(-24*time.Hour-time.Nanosecond, time.UTC), wire.ReasonTSTooOld},
		{"RFC 3339 with escapes", `"2025-11-22T06:42:04\u005a"`, ""},
		{"RFC 3339 with a comma", `"2025-11-22T06:42:04,5Z"`, wire.ReasonBadTS},
		{"RFC 3339 without seconds", `"2025-11-22T06:42Z"`, wire.ReasonBadTS},
		{"RFC 3339 hour 24", `"2025-11-22T24:00:00Z"`, wire.ReasonBadTS},
		{"RFC 3339 offset hour 24", `"2025-11-22T06:42:04+24:00"`, wire.ReasonBadTS},
		{"RFC 3339 short offset", `"2025-11-22T06:42:04+0100"`, wire.ReasonBadTS},
		{"RFC 3339 empty fraction", `"2025-11-22T06:42:04.Z"`, wire.ReasonBadTS},
		{"an empty string", `""`, wire.ReasonBadTS},
		{"null", `null`, wire.ReasonMissingField},
		{"an exponent", `1.7637937e12`, wire.ReasonBadTS},
		{"negative zero", `-0`, wire.ReasonTSTooOld},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			payload := []byte(`{"seq":1,"ts":` + tt.ts + `,"lat":0,"lon":0}`)
			fixes, err := wire.DecodePositions(payload, now, limits)
			if got := wire.ReasonOf(err); got != tt.reason {
				t.Fatalf("%s: got reason %q (%v), want %q", payload, got, err, tt.reason)
			}
			if err == nil && (fixes[0].TS.Location() != time.UTC || fixes[0].TS.Nanosecond()%1000 != 0) {
				t.Errorf("ts %v: want UTC with whole microseconds", fixes[0].TS)
			}
		})
	}
}

// The receive time usually comes from time.Now, with a monotonic reading.
func TestDecodePositionsMonotonicNow(t *testing.T) {
	wall := time.Now()
	payload := []byte(fmt.Sprintf(`{"seq":1,"ts":%d,"lat":0,"lon":0}`, wall.UnixMilli()))
	if _, err := wire.DecodePositions(payload, wall, wire.Limits{}); err != nil {
		t.Fatal(err)
	}
}

func TestDecodePositionsLimits(t *testing.T) {
	payload := position(`"lat":0,"lon":0`)
	t.Run("payload at a custom maximum is read", func(t *testing.T) {
		if _, err := wire.DecodePositions(payload, now, wire.Limits{MaxPayload: len(payload)}); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("payload a byte past a custom maximum is rejected unread", func(t *testing.T) {
		_, err := wire.DecodePositions(payload, now, wire.Limits{MaxPayload: len(payload) - 1})
		if wire.ReasonOf(err) != wire.ReasonOversize {
			t.Fatalf("got %v, want oversize", err)
		}
	})
	t.Run("negative limits mean the defaults", func(t *testing.T) {
		old := []byte(fmt.Sprintf(`{"seq":1,"ts":%d,"lat":0,"lon":0}`, now.Add(-399*24*time.Hour).UnixMilli()))
		if _, err := wire.DecodePositions(old, now, wire.Limits{MaxPayload: -1, MaxFuture: -1, MaxAge: -1}); err != nil {
			t.Fatal(err)
		}
	})
}

func TestDecodePositionsArrays(t *testing.T) {
	fix := func(seq int, fields string) string {
		return fmt.Sprintf(`{"seq":%d,"ts":%d,"lat":0,"lon":0%s}`, seq, now.UnixMilli(), fields)
	}
	array := func(n int) []byte {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = fix(i, `,"acc":1`)
		}
		return []byte("[" + strings.Join(parts, ",") + "]")
	}
	t.Run("500 fixes are accepted", func(t *testing.T) {
		fixes, err := wire.DecodePositions(array(500), now, wire.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		for i, f := range fixes {
			if f.Seq != uint64(i) || f.Acc == nil || *f.Acc != 1 {
				t.Fatalf("fix %d: got %s", i, showFix(f))
			}
		}
	})
	t.Run("501 fixes are rejected", func(t *testing.T) {
		_, err := wire.DecodePositions(array(501), now, wire.Limits{})
		var e *wire.Error
		if !errors.As(err, &e) || e.Reason != wire.ReasonTooMany || e.Index != 500 {
			t.Fatalf("got %#v, want too_many at index 500", err)
		}
	})
	t.Run("the first bad fix is reported, by index and field", func(t *testing.T) {
		payload := "[" + fix(0, "") + "," + fix(1, `,"bat":101`) + "," + fix(2, `,"acc":-1`) + "]"
		_, err := wire.DecodePositions([]byte(payload), now, wire.Limits{})
		var e *wire.Error
		if !errors.As(err, &e) || e.Reason != wire.ReasonBatRange || e.Index != 1 || e.Field != "bat" {
			t.Fatalf("got %#v, want bat_range at position[1].bat", err)
		}
		if msg := err.Error(); !strings.Contains(msg, "position[1].bat") || !strings.Contains(msg, "101") {
			t.Errorf("message %q names neither the element, the field nor the value", msg)
		}
	})
	t.Run("bad JSON after a bad fix is still bad JSON", func(t *testing.T) {
		payload := "[" + fix(0, `,"bat":101`) + "," + fix(1, "") + ",]"
		_, err := wire.DecodePositions([]byte(payload), now, wire.Limits{})
		var e *wire.Error
		if !errors.As(err, &e) || e.Reason != wire.ReasonBadJSON || e.Index != 2 {
			t.Fatalf("got %#v, want bad_json at index 2", err)
		}
	})
	t.Run("a single object has no index", func(t *testing.T) {
		_, err := wire.DecodePositions(position(`"lat":0`), now, wire.Limits{})
		var e *wire.Error
		if !errors.As(err, &e) || e.Index != -1 || e.Field != "lon" || e.Reason != wire.ReasonMissingField {
			t.Fatalf("got %#v, want missing_field at position.lon", err)
		}
		if want := `wire: position.lon: required field "lon" is missing or null (missing_field)`; err.Error() != want {
			t.Errorf("got message %q, want %q", err.Error(), want)
		}
	})
	t.Run("values of fixes do not share memory", func(t *testing.T) {
		fixes, err := wire.DecodePositions(array(3), now, wire.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		*fixes[0].Acc = 99
		if *fixes[1].Acc != 1 || *fixes[2].Acc != 1 {
			t.Error("fixes share their accuracy")
		}
	})
}

func TestDecodePositionsUnknownFields(t *testing.T) {
	many := func(n int, last string) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, `"x%d":%d,`, i, i)
		}
		return b.String() + last
	}
	tests := []struct {
		name   string
		fields string
		reason string
	}{
		{"many distinct unknown fields", many(200, `"lat":0,"lon":0`), ""},
		{"a duplicate among many unknown fields", many(200, `"x150":1,"lat":0,"lon":0`), wire.ReasonDuplicateKey},
		{"a duplicate among few unknown fields", many(3, `"x0":1,"lat":0,"lon":0`), wire.ReasonDuplicateKey},
		{"escaped unknown names that differ", `"\u00e9":1,"é2":2,"lat":0,"lon":0`, ""},
		{"escaped unknown names that are equal", `"\u00e9":1,"é":2,"lat":0,"lon":0`, wire.ReasonDuplicateKey},
		{"surrogate pairs", `"\ud83d\ude00":"\ud83d\ude00 \ud800","lat":0,"lon":0`, ""},
		{"the same name in nested objects", `"a":{"a":{"a":1}},"lat":0,"lon":0`, ""},
		{"an empty name", `"":1,"lat":0,"lon":0`, ""},
		{"every kind of value", `"v":[{},[],"",0,-1.5e-3,true,false,null,{"k":[1,{"z":null}]}],"lat":0,"lon":0`, ""},
		{"a battery field in a position", `"charging":"yes","lat":0,"lon":0`, ""},
		{"nested too deep", `"v":` + strings.Repeat(`{"k":`, wire.MaxDepth) + "1" + strings.Repeat("}", wire.MaxDepth) + `,"lat":0,"lon":0`, wire.ReasonTooDeep},
		{"unclosed nesting", `"v":[[{"k":1}]`, wire.ReasonBadJSON},
		{"mismatched brackets", `"v":[{"k":1]},"lat":0,"lon":0`, wire.ReasonBadJSON},
		{"a missing colon in a nested object", `"v":{"k" 1},"lat":0,"lon":0`, wire.ReasonBadJSON},
		{"a bare name in a nested object", `"v":{"k"},"lat":0,"lon":0`, wire.ReasonBadJSON},
		{"a truncated \\u escape", `"v":"\u12","lat":0,"lon":0`, wire.ReasonBadJSON},
		{"a truncated literal", `"v":tru,"lat":0,"lon":0`, wire.ReasonBadJSON},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := wire.DecodePositions(position(tt.fields), now, wire.Limits{})
			if got := wire.ReasonOf(err); got != tt.reason {
				t.Fatalf("got reason %q (%v), want %q", got, err, tt.reason)
			}
		})
	}
}

// Every prefix of a valid packet is rejected, without a panic.
func TestDecodeTruncated(t *testing.T) {
	for _, f := range wire.Fixtures {
		if f.Reason != "" || len(f.Payload) > 1000 || f.Kind == wire.KindConfig {
			continue
		}
		whole := strings.TrimRight(string(f.Payload), " \t\r\n")
		for n := range len(whole) {
			var err error
			if f.Kind == wire.KindPosition {
				_, err = wire.DecodePositions([]byte(whole[:n]), wire.FixtureNow, wire.Limits{})
			} else {
				_, err = wire.DecodeBattery([]byte(whole[:n]), wire.FixtureNow, wire.Limits{})
			}
			if wire.ReasonOf(err) != wire.ReasonBadJSON {
				t.Errorf("%s: prefix %q: got %v, want bad_json", f.Name, whole[:n], err)
			}
		}
	}
}

func TestDecodeBatteryAndConfig(t *testing.T) {
	t.Run("a battery packet in a position topic is missing lat", func(t *testing.T) {
		_, err := wire.DecodePositions([]byte(`{"seq":7,"ts":1763793664000,"bat":80,"charging":false}`), wire.FixtureNow, wire.Limits{})
		if wire.ReasonOf(err) != wire.ReasonMissingField {
			t.Fatalf("got %v, want missing_field", err)
		}
	})
	t.Run("battery errors name the packet and field", func(t *testing.T) {
		_, err := wire.DecodeBattery([]byte(`{"seq":7,"ts":1763793664000,"bat":80,"charging":"no"}`), wire.FixtureNow, wire.Limits{})
		if want := `wire: battery.charging: want true or false, got a string (bad_charging)`; err == nil || err.Error() != want {
			t.Fatalf("got %v, want %s", err, want)
		}
	})
	t.Run("config interval limits", func(t *testing.T) {
		for payload, reason := range map[string]string{
			`{"interval_s":1}`:     "",
			`{"interval_s":86400}`: "",
			`{"interval_s":86401}`: wire.ReasonBadInterval,
			`{"interval_s":-30}`:   wire.ReasonBadInterval,
			`{"interval_s":"30"}`:  wire.ReasonBadInterval,
			`[{"interval_s":30}]`:  wire.ReasonNotObject,
		} {
			if _, err := wire.DecodeConfig([]byte(payload)); wire.ReasonOf(err) != reason {
				t.Errorf("%s: got %v, want %q", payload, err, reason)
			}
		}
	})
}

func TestReasonOf(t *testing.T) {
	wrapped := fmt.Errorf("ingest: %w", &wire.Error{Reason: wire.ReasonBadTS})
	for err, want := range map[error]string{nil: "", errors.New("x"): "internal", wrapped: wire.ReasonBadTS} {
		if got := wire.ReasonOf(err); got != want {
			t.Errorf("ReasonOf(%v) = %q, want %q", err, got, want)
		}
	}
	seen := map[string]bool{}
	for _, r := range wire.Reasons() {
		if seen[r] || r == "" || strings.ToLower(r) != r || strings.ContainsAny(r, " -.") {
			t.Errorf("reason %q is repeated or not a snake_case label", r)
		}
		seen[r] = true
	}
}

// Fixes decoded from a packet hold finite numbers only, whatever was sent.
func TestDecodePositionsFinite(t *testing.T) {
	for _, v := range []string{"1e309", "-1e309", "1.7976931348623157e309"} {
		for _, field := range []string{"lat", "lon", "acc"} {
			fields := `"lat":0,"lon":0,`
			fields = strings.Replace(fields+`"acc":1`, `"`+field+`":`+map[string]string{"lat": "0", "lon": "0", "acc": "1"}[field], `"`+field+`":`+v, 1)
			fixes, err := wire.DecodePositions(position(fields), now, wire.Limits{})
			if err == nil {
				t.Errorf("%s=%s accepted as %v", field, v, fixes)
			}
		}
	}
	if math.MaxInt64 != wire.MaxSeq {
		t.Error("MaxSeq must be PostgreSQL's bigint maximum")
	}
}
