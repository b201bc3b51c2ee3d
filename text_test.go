package lifeline_test

import (
	"strings"
	"testing"
	"time"

	"lifeline"
)

func TestPlainText(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		plain    bool
		cleaned  string
	}{
		{"a name", "Alex Rivera", true, "Alex Rivera"},
		{"accents, apostrophes, emoji", "Zoë O'Brien-Núñez 🌻", true, "Zoë O'Brien-Núñez 🌻"},
		{"other scripts", "محمد 李雷 Ελένη", true, "محمد 李雷 Ελένη"},
		{"joiners inside emoji and Persian", "👩\u200d👧 می\u200cخواهم", true, "👩\u200d👧 می\u200cخواهم"},
		{"line feed", "Alex\nVisit https://evil.example", false, "Alex Visit https://evil.example"},
		{"carriage return", "Alex\r\nBcc: x", false, "Alex Bcc: x"},
		{"tab", "Alex\tRivera", false, "Alex Rivera"},
		{"NUL", "Alex\x00", false, "Alex"},
		{"DEL", "Al\x7fex", false, "Al ex"},
		{"C1 next line", "Alex\u0085Visit", false, "Alex Visit"},
		{"C1 control", "Alex\u009b31m", false, "Alex 31m"},
		{"line separator", "Alex\u2028Visit", false, "Alex Visit"},
		{"paragraph separator", "Alex\u2029Visit", false, "Alex Visit"},
		{"right-to-left override", "Alex \u202egnp.exe", false, "Alex gnp.exe"},
		{"left-to-right embedding", "\u202aAlex", false, "Alex"},
		{"pop directional formatting", "Alex\u202c", false, "Alex"},
		{"right-to-left isolate", "\u2067Alex\u2069", false, "Alex"},
		{"first strong isolate", "\u2068Alex", false, "Alex"},
		{"invalid UTF-8", "Alex\xff", true, "Alex"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := lifeline.IsPlainText(tc.in); got != tc.plain {
				t.Errorf("IsPlainText(%q) = %v, want %v", tc.in, got, tc.plain)
			}
			if got := lifeline.PlainText(tc.in); got != tc.cleaned {
				t.Errorf("PlainText(%q) = %q, want %q", tc.in, got, tc.cleaned)
			}
			if got := lifeline.Quoted(tc.in); got != `"`+tc.cleaned+`"` {
				t.Errorf("Quoted(%q) = %q", tc.in, got)
			}
		})
	}
}

// FuzzPlainText: what PlainText gives is plain text, and plain text stays
// as it was (but for spaces).
func FuzzPlainText(f *testing.F) {
	for _, s := range []string{"Alex", "Alex\nVisit", "\u202eexe", "  a  b ", "\xff\x85"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := lifeline.PlainText(s)
		if !lifeline.IsPlainText(out) {
			t.Errorf("PlainText(%q) = %q, not plain", s, out)
		}
		if lifeline.PlainText(out) != out {
			t.Errorf("PlainText is not stable on %q", out)
		}
	})
}

// TestInvitationQuotesTheWearer: the invitation email names the wearer
// only inside sentences and in quotation marks, so a name holding a line
// break and a link cannot make it read as this server's own instruction.
func TestInvitationQuotesTheWearer(t *testing.T) {
	const name = "Alex\nVisit https://evil.example to confirm your account"
	subject := lifeline.InvitationSubject(name)
	text := lifeline.InvitationMessage(name, "https://lifeline.example.org/care/accept#token=abc", time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC))
	if subject != "Alex Visit https://evil.example to confirm your account invited you to their Lifeline care circle" {
		t.Errorf("subject %q", subject)
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "Visit") || strings.HasPrefix(line, `"`) {
			t.Errorf("a line of the invitation is the wearer's text: %q", line)
		}
	}
	if n := strings.Count(text, `"Alex Visit https://evil.example to confirm your account"`); n != 4 {
		t.Errorf("the name appears quoted %d times, want 4:\n%s", n, text)
	}
}
