package api

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"lifeline"
)

// FuzzDecodeJSON: every body the API's one JSON decoder sees either decodes
// or is refused as invalid input (a 400, never a panic or a 500), and no
// accepted body carries U+0000 into a string.
func FuzzDecodeJSON(f *testing.F) {
	for _, seed := range []string{
		`{"email":"a@b.co","password":"x","firstName":"A"}`, `{"notes":"\u0000"}`, `{"notes":"\\u0000"}`, `null`, `[]`,
		`{"physicalSeverity":"7"}`, `{}{}`, `{"a":` + strings.Repeat("[", 100), "", `{"firstName":"\ud800"}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, dst := range []any{&registerRequest{}, &symptomRequest{}, &chatRequest{}, &zoneRequest{}, &lifeline.SafetyPlan{}} {
			r := httptest.NewRequest(http.MethodPost, "/api/x", strings.NewReader(string(body)))
			err := decodeJSON(httptest.NewRecorder(), r, dst)
			if err != nil {
				if lifeline.ErrorCode(err) != lifeline.EINVALID || lifeline.ErrorMessage(err) == "" {
					t.Fatalf("decode %q into %T: %v, want an invalid-input error with a message", body, dst, err)
				}
				continue
			}
			if req, ok := dst.(*registerRequest); ok && strings.ContainsRune(req.Email+req.Password+req.FirstName+req.LastName+req.Timezone, 0) {
				t.Fatalf("%q decoded with a NUL: %+v", body, req)
			}
		}
	})
}

// FuzzSafeNext: whatever ?next= holds, the redirect target stays a path on
// this site.
func FuzzSafeNext(f *testing.F) {
	for _, seed := range []string{"/", "/settings?x=1", "//evil.example", `/\evil`, "https://evil.example", "/a\r\nb", "javascript:alert(1)", "/%2F%2Fevil"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, next string) {
		got := safeNext(next)
		if !strings.HasPrefix(got, "/") || strings.HasPrefix(got, "//") || strings.HasPrefix(got, `/\`) || strings.ContainsAny(got, "\r\n\\\x00") {
			t.Fatalf("safeNext(%q) = %q: not a local path", next, got)
		}
	})
}

// FuzzSOSPosition: whatever body "Alert my people now" sends, it raises
// with no position, is refused as invalid input, or holds a real position
// (latitude and longitude in range, accuracy from 0 to 100 km or none).
func FuzzSOSPosition(f *testing.F) {
	for _, seed := range []string{
		"", `{}`, `{"latitude":51.5,"longitude":-0.12,"accuracy":12}`, `{"latitude":51.5,"longitude":-0.12}`,
		`{"latitude":91,"longitude":0}`, `{"accuracy":5}`, `{"latitude":1e400,"longitude":0}`, `{"latitude":-0,"longitude":-180,"accuracy":null}`,
		`{"latitude":"51.5","longitude":0}`, `null`, `{"latitude":1,"longitude":1,"altitude":3}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var p positionRequest
		r := httptest.NewRequest(http.MethodPost, "/api/sos", strings.NewReader(string(body)))
		err := decodeOptionalJSON(httptest.NewRecorder(), r, &p)
		if err == nil && p.given() {
			err = p.validate()
		}
		switch {
		case err != nil:
			if lifeline.ErrorCode(err) != lifeline.EINVALID || lifeline.ErrorMessage(err) == "" {
				t.Fatalf("%q: %v, want an invalid-input error with a message", body, err)
			}
		case !p.given():
		case *p.Latitude < -90 || *p.Latitude > 90 || *p.Longitude < -180 || *p.Longitude > 180 || (p.Accuracy != nil && (*p.Accuracy < 0 || *p.Accuracy > maxManualAccuracy)):
			t.Fatalf("%q accepted as %v, %v ± %v", body, *p.Latitude, *p.Longitude, p.Accuracy)
		}
	})
}
