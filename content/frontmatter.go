package content

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Field is one "key: value" line of a front matter block.
type Field struct {
	Key, Value string
	Line       int
}

// Document is a content file split into its front matter and its body.
type Document struct {
	Fields []Field
	Body   string
	// BodyLine is the line number of the body's first line.
	BodyLine int
}

// Get returns the field with key, if present.
func (d *Document) Get(key string) (Field, bool) {
	for _, f := range d.Fields {
		if f.Key == key {
			return f, true
		}
	}
	return Field{}, false
}

// LineError is a problem at a line of a file (line 0: the file as a whole).
type LineError struct {
	Line int
	Msg  string
}

func (e *LineError) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

const delimiter = "---"

// Parse splits src into front matter and body. The front matter is a strict,
// flat subset of YAML: the file's first line is "---", then one "key: value"
// per line (blank lines and lines starting with # are skipped), then a
// closing "---". Keys are letters and digits starting with a letter, each at
// most once. A value is the rest of the line, trimmed, or a "double-quoted"
// string with Go escapes, or a 'single-quoted' one (a quote doubled inside
// stands for one quote). Lists, maps, block scalars and indentation are
// refused, as are invalid UTF-8 and control characters. A UTF-8 byte order
// mark and CRLF line ends are accepted. The error, if any, is a *LineError.
func Parse(src []byte) (*Document, error) {
	src = bytes.TrimPrefix(src, []byte("\ufeff"))
	if !utf8.Valid(src) {
		line := 1 + bytes.Count(src[:invalidUTF8At(src)], []byte("\n"))
		return nil, &LineError{line, "the file is not valid UTF-8 text"}
	}
	text := strings.ReplaceAll(string(src), "\r\n", "\n")
	lines := strings.Split(text, "\n")
	if strings.TrimRight(lines[0], " \t") != delimiter {
		return nil, &LineError{1, `the file must start with front matter: a line with just "---", then "key: value" lines, then "---"`}
	}
	doc := &Document{}
	seen := map[string]int{}
	for i := 1; i < len(lines); i++ {
		line, n := lines[i], i+1
		if strings.TrimRight(line, " \t") == delimiter {
			doc.Body = strings.Join(lines[i+1:], "\n")
			doc.BodyLine = n + 1
			return doc, nil
		}
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if line[0] == ' ' || line[0] == '\t' {
			return nil, &LineError{n, "indented lines are not supported: front matter is flat \"key: value\" lines"}
		}
		if strings.HasPrefix(trimmed, "- ") || trimmed == "-" {
			return nil, &LineError{n, "lists are not supported in front matter"}
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, &LineError{n, fmt.Sprintf("expected \"key: value\", got %q (is the closing --- missing?)", clip(line))}
		}
		if !validKey(key) {
			return nil, &LineError{n, fmt.Sprintf("%q is not a valid key (letters and digits, starting with a letter)", clip(key))}
		}
		if first, dup := seen[key]; dup {
			return nil, &LineError{n, fmt.Sprintf("%q appears twice (first on line %d)", key, first)}
		}
		seen[key] = n
		v, err := parseValue(strings.TrimSpace(value))
		if err != "" {
			return nil, &LineError{n, fmt.Sprintf("%s: %s", key, err)}
		}
		doc.Fields = append(doc.Fields, Field{Key: key, Value: v, Line: n})
	}
	return nil, &LineError{1, `the front matter that starts here is never closed: add a line with just "---" after it`}
}

func invalidUTF8At(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(b)
}

func validKey(k string) bool {
	if k == "" || len(k) > 64 {
		return false
	}
	for i, c := range k {
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// parseValue reads one value; a non-empty problem says what is wrong.
func parseValue(v string) (string, string) {
	var out string
	switch {
	case v == "":
		return "", ""
	case v[0] == '"':
		s, err := strconv.Unquote(v)
		if err != nil || !strings.HasSuffix(v, `"`) {
			return "", "a value that starts with \" must be one complete double-quoted string"
		}
		out = s
	case v[0] == '\'':
		if len(v) < 2 || v[len(v)-1] != '\'' || strings.Contains(strings.ReplaceAll(v[1:len(v)-1], "''", ""), "'") {
			return "", "a value that starts with ' must be one complete single-quoted string ('' for a quote)"
		}
		out = strings.ReplaceAll(v[1:len(v)-1], "''", "'")
	case strings.ContainsRune("[{|>&*!%@`", rune(v[0])):
		return "", fmt.Sprintf("a value may not start with %q (lists, maps and block values are not supported); quote it", v[:1])
	default:
		out = v
	}
	for _, c := range out {
		if unicode.IsControl(c) && c != '\t' || c == utf8.RuneError {
			return "", "control characters are not allowed"
		}
	}
	return out, ""
}

// clip shortens s for an error message.
func clip(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		return string([]rune(s)[:40]) + "…"
	}
	return s
}
