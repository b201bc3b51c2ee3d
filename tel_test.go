package lifeline_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"lifeline"
)

// telCases is the table both TelHref and the web app's telHref are tested
// on, so the two rules cannot drift.
func telCases(t testing.TB) []struct {
	Phone string  `json:"phone"`
	Href  *string `json:"href"`
} {
	raw, err := os.ReadFile("webapp/src/lib/tel-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Phone string  `json:"phone"`
		Href  *string `json:"href"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

func TestTelHref(t *testing.T) {
	for _, tc := range telCases(t) {
		want := ""
		if tc.Href != nil {
			want = *tc.Href
		}
		if got := lifeline.TelHref(tc.Phone); got != want {
			t.Errorf("TelHref(%q) = %q, want %q", tc.Phone, got, want)
		}
	}
}

// FuzzTelHref: whatever a person typed, the link is empty or a tel: URI of
// digits, a leading + and an ;ext= of digits, and dialling it again gives
// the same link.
func FuzzTelHref(f *testing.F) {
	for _, tc := range telCases(f) {
		f.Add(tc.Phone)
	}
	f.Fuzz(func(t *testing.T, phone string) {
		href := lifeline.TelHref(phone)
		if href == "" {
			return
		}
		rest, ok := strings.CutPrefix(href, "tel:")
		if !ok {
			t.Fatalf("TelHref(%q) = %q, not a tel: link", phone, href)
		}
		number, ext, hasExt := strings.Cut(strings.TrimPrefix(rest, "+"), ";ext=")
		if !digitsOnly(number) || (hasExt && !digitsOnly(ext)) {
			t.Fatalf("TelHref(%q) = %q, want digits only", phone, href)
		}
		if again := lifeline.TelHref(href); again != href {
			t.Fatalf("TelHref(%q) = %q, but TelHref(%q) = %q", phone, href, href, again)
		}
	})
}

func digitsOnly(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
