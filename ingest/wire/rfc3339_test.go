package wire

import (
	"bytes"
	"regexp"
	"testing"
	"time"
)

// rfc3339Grammar is RFC 3339's date-time, section 5.6.
var rfc3339Grammar = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$`)

var rfc3339Cases = []string{
	"2025-11-22T06:41:04Z",
	"2025-11-22T06:41:04.5Z",
	"2025-11-22T06:41:04.123456789Z",
	"2025-11-22T06:41:04.1234567891Z",
	"2025-11-22T08:41:04+02:00",
	"2025-11-21T20:41:04-10:00",
	"2025-11-22T06:41:04-00:00",
	"2025-11-22T06:41:04+23:59",
	"2024-02-29T00:00:00Z",
	"2000-02-29T00:00:00Z",
	"1900-02-29T00:00:00Z",
	"2025-02-29T00:00:00Z",
	"2025-04-31T00:00:00Z",
	"2025-12-31T23:59:59Z",
	"2025-13-01T00:00:00Z",
	"2025-00-01T00:00:00Z",
	"2025-01-00T00:00:00Z",
	"2025-01-01T24:00:00Z",
	"2025-01-01T00:60:00Z",
	"2025-01-01T00:00:60Z",
	"2025-01-01T00:00:00+24:00",
	"2025-01-01T00:00:00+01:60",
	"2025-01-01T00:00:00+0100",
	"2025-01-01T00:00:00.Z",
	"2025-01-01T00:00:00,5Z",
	"2025-01-01T00:00:00",
	"2025-01-01 00:00:00Z",
	"2025-1-01T00:00:00Z",
	"+025-01-01T00:00:00Z",
	"0000-01-01T00:00:00Z",
	"9999-12-31T23:59:59.999999999+00:00",
	"2025-01-01T00:00:00ZZ",
	"2025-01-01T00:00:00+01:00 ",
}

// parseRFC3339 agrees with time.Parse wherever time.Parse accepts, and
// accepts only what time.Parse does (after upper-casing t and z, which RFC
// 3339 allows and time.Parse does not).
func TestParseRFC3339AgreesWithTimeParse(t *testing.T) {
	for _, s := range rfc3339Cases {
		checkRFC3339(t, []byte(s))
		checkRFC3339(t, bytes.ToLower([]byte(s)))
	}
}

func checkRFC3339(t *testing.T, s []byte) {
	t.Helper()
	got, ok := parseRFC3339(s)
	upper := bytes.ToUpper(s)
	want, err := time.Parse(time.RFC3339Nano, string(upper))
	if err != nil {
		if ok {
			t.Errorf("%q: parsed as %v, time.Parse says %v", s, got, err)
		}
		return
	}
	if !ok {
		// time.Parse is looser than RFC 3339 here and there (a comma before
		// the fraction, offsets like +24:00 or +01:60): only the grammar's
		// strings must be accepted.
		if !rfc3339Grammar.Match(s) {
			return
		}
		t.Errorf("%q: rejected, time.Parse gives %v", s, want)
		return
	}
	if !got.Equal(want) {
		t.Errorf("%q: got %v, time.Parse gives %v", s, got, want)
	}
}

func FuzzParseRFC3339(f *testing.F) {
	for _, s := range rfc3339Cases {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, s []byte) {
		checkRFC3339(t, s)
	})
}
