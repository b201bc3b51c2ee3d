package lifeline

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// extMarkers are the words that start an extension in a typed number
// ("555-0134 ext. 22", "x22", "p22" and "w22" are a dialer's pauses); a word
// counts only at the start of a word and when no letter follows it. A
// comma (a pause) and # need no word around them.
var extMarkers = []string{"extension", "ext", "x", "p", "w"}

// TelHref is the tel: link (RFC 3966) that dials phone as a person typed
// it: the ASCII digits, a + kept when it comes before the first digit, and
// an extension (see extMarkers) as ";ext=". Letters, spaces and other
// punctuation are dropped. It is "" when there are no digits to dial ("ask
// at the desk"). The web app's src/lib/tel.ts is the same rule; both are
// tested on webapp/src/lib/tel-cases.json.
func TelHref(phone string) string {
	var number, ext strings.Builder
	plus, inExt, afterLetter := false, false, false
	for i := 0; i < len(phone); {
		r, size := utf8.DecodeRuneInString(phone[i:])
		switch {
		case r >= '0' && r <= '9':
			if inExt {
				ext.WriteRune(r)
			} else {
				number.WriteRune(r)
			}
		case !inExt && number.Len() > 0:
			if n := extMarker(phone[i:], afterLetter); n > 0 {
				inExt, afterLetter = true, false
				i += n
				continue
			}
		case r == '+' && !inExt:
			plus = true
		}
		afterLetter = unicode.IsLetter(r)
		i += size
	}
	if number.Len() == 0 {
		return ""
	}
	href := "tel:" + number.String()
	if plus {
		href = "tel:+" + number.String()
	}
	if ext.Len() > 0 {
		href += ";ext=" + ext.String()
	}
	return href
}

// extMarker is the length of the extension marker s starts with, 0 if none.
func extMarker(s string, afterLetter bool) int {
	if s[0] == ',' || s[0] == '#' {
		return 1
	}
	if afterLetter {
		return 0
	}
	for _, word := range extMarkers {
		if len(s) < len(word) || !strings.EqualFold(s[:len(word)], word) {
			continue
		}
		if next, _ := utf8.DecodeRuneInString(s[len(word):]); len(s) > len(word) && unicode.IsLetter(next) {
			continue
		}
		return len(word)
	}
	return 0
}
