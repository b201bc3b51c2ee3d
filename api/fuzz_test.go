package api

import (
	"net/http"
	"net/http/httptest"
	"slices"
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
		for _, dst := range []any{&registerRequest{}, &symptomRequest{}, &chatRequest{}, &zoneRequest{}, &lifeline.SafetyPlan{}, &soberDateRequest{}} {
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

// FuzzCheckInPatch: whatever a correction's body holds, decoded over a
// saved check-in it is either refused as invalid input or gives a check-in
// the same rules as a new one allow.
func FuzzCheckInPatch(f *testing.F) {
	for _, seed := range []string{
		`{"substanceUse":false}`, `{"mood":0}`, `{"mood":10,"cravingIntensity":1}`, `{"substanceUse":null}`,
		`{"triggers":["stress","stress"]}`, `{"triggers":null,"copingStrategies":["other"]}`, `{"date":"2026-11-01"}`,
		`{"substanceDetails":"two","substanceUse":true}`, `{"notes":"\u0000"}`, `{"mood":1e400}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		saved := &lifeline.CheckIn{Mood: 4, CravingIntensity: 7, SubstanceUse: true, SubstanceDetails: "by mistake",
			Triggers: []string{"stress"}, CopingStrategies: []string{}}
		req := requestOf(saved)
		r := httptest.NewRequest(http.MethodPatch, "/api/checkins/1", strings.NewReader(string(body)))
		err := decodeJSON(httptest.NewRecorder(), r, &req)
		var c *lifeline.CheckIn
		if err == nil {
			c, err = req.validate()
		}
		if err != nil {
			if lifeline.ErrorCode(err) != lifeline.EINVALID || lifeline.ErrorMessage(err) == "" {
				t.Fatalf("%q: %v, want an invalid-input error with a message", body, err)
			}
			return
		}
		if c.Mood < 1 || c.Mood > 10 || c.CravingIntensity < 1 || c.CravingIntensity > 10 || (!c.SubstanceUse && c.SubstanceDetails != "") {
			t.Fatalf("%q gave %+v", body, c)
		}
		for _, id := range c.Triggers {
			if !slices.Contains(lifeline.TriggerIDs, id) {
				t.Fatalf("%q gave the unknown trigger %q", body, id)
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
