package lifeline

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestNormalizeNote(t *testing.T) {
	for _, tc := range []struct {
		name, in, want, problem string
	}{
		{"plain", "Proud of you.", "Proud of you.", ""},
		{"trimmed", "  hi  \n", "hi", ""},
		{"windows line breaks", "a\r\nb", "a\nb", ""},
		{"blank lines fold into one", "a\n\n\n\n b", "a\n\n b", ""},
		{"leading blank lines go", "\n\n\na", "a", ""},
		{"spaces at line ends go", "a   \nb", "a\nb", ""},
		{"emoji count as one each", strings.Repeat("💛", 280), strings.Repeat("💛", 280), ""},
		{"empty", "", "", NoteEmpty},
		{"only space", " \n \r\n ", "", NoteEmpty},
		{"too long", strings.Repeat("a", 281), "", NoteTooLong},
		{"tab", "a\tb", "", NoteBadChars},
		{"lone carriage return", "a\rb", "", NoteBadChars},
		{"bidi override", "a\u202eb", "", NoteBadChars},
		{"line separator", "a\u2028b", "", NoteBadChars},
		{"invalid UTF-8", "a\xffb", "", NoteBadChars},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, problem := NormalizeNote(tc.in)
			if got != tc.want || problem != tc.problem {
				t.Errorf("NormalizeNote(%q) = %q, %q; want %q, %q", tc.in, got, problem, tc.want, tc.problem)
			}
		})
	}
}

func TestPresetsAreValidNotes(t *testing.T) {
	for _, p := range NotePresets {
		if got, problem := NormalizeNote(p.Body); got != p.Body || problem != "" {
			t.Errorf("preset %s: %q, %q", p.Key, got, problem)
		}
		if PresetBody(p.Key) != p.Body {
			t.Errorf("PresetBody(%s) = %q", p.Key, PresetBody(p.Key))
		}
	}
	if PresetBody("nope") != "" {
		t.Error("an unknown preset has words")
	}
}

// FuzzNormalizeNote: whatever a supporter sends, a note that passes is
// valid plain text of 1 to 280 characters with no more than one blank line
// in a row, and normalizing it again changes nothing.
func FuzzNormalizeNote(f *testing.F) {
	for _, s := range []string{"Proud of you.", "a\r\n\r\n\r\nb", " \n", "a\tb", "a\u202eb", "\xff", strings.Repeat("é", 281)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, problem := NormalizeNote(in)
		if problem != "" {
			if got != "" {
				t.Fatalf("refused with %q but returned %q", problem, got)
			}
			return
		}
		n := utf8.RuneCountInString(got)
		switch {
		case !utf8.ValidString(got), n < 1, n > NoteMaxLength:
			t.Fatalf("%q: %d characters or invalid", got, n)
		case strings.Contains(got, "\n\n\n"), strings.TrimSpace(got) != got:
			t.Fatalf("%q is not folded and trimmed", got)
		case !IsPlainText(strings.ReplaceAll(got, "\n", "")):
			t.Fatalf("%q holds a control character", got)
		}
		if again, p := NormalizeNote(got); again != got || p != "" {
			t.Fatalf("not idempotent: %q -> %q, %q", got, again, p)
		}
	})
}
