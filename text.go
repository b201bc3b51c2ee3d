package lifeline

import "strings"

// Names and labels a person writes reach other people: on their screens,
// and in emails and notifications this server sends. Characters that could
// disguise such text are refused when it is written (IsPlainText) and
// replaced when older text is composed into a message (PlainText): a line
// break would let a name start a line of its own ("Visit https://… to
// confirm your account"), and a bidi override would show it in another
// order than it is stored.

// PlainTextProblem is the field error for a name or label that is not
// plain text.
const PlainTextProblem = "Use letters, numbers and punctuation only (no line breaks, tabs or hidden characters)."

// disguising reports whether r is a C0 or C1 control (line breaks and tabs
// among them), a line or paragraph separator (U+2028, U+2029), or a bidi
// embedding, override or isolate (U+202A–U+202E, U+2066–U+2069).
func disguising(r rune) bool {
	return r < 0x20 || (r >= 0x7f && r <= 0x9f) || r == 0x2028 || r == 0x2029 ||
		(r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}

// IsPlainText reports whether s holds none of the disguising characters.
func IsPlainText(s string) bool {
	return strings.IndexFunc(s, disguising) < 0
}

// PlainText is s with each disguising character (and each invalid byte)
// replaced by a space, runs of spaces made one, and trimmed: how text
// stored before IsPlainText was checked appears in a message.
func PlainText(s string) string {
	s = strings.ToValidUTF8(s, " ")
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || disguising(r) }), " ")
}

// Quoted is PlainText(s) in quotation marks: how a person-written name or
// label appears inside a sentence of an email or notification, so that it
// reads as what someone typed, never as the server's own words.
func Quoted(s string) string {
	return `"` + PlainText(s) + `"`
}
