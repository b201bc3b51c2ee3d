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
