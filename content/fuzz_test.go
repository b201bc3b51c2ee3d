package content_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"lifeline/content"
)

// FuzzParse: the front matter parser never panics; what it accepts has
// valid keys, values free of control characters, increasing line numbers,
// and a body that is the end of the input.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{goodArticle, goodPost, goodStatistic,
		"---\n---\n", "---\ntitle: 'it''s'\n---\nx", "\ufeff---\r\nk: \"a\\tb\"\r\n---\r\n", "---\ntitle: [x]\n",
		"---\n  x: y\n---", "---\nx: \xff\n---", "no front matter", "", "---\n{a: 1, b: 2}\n---\n",
		"---\na: &x 1\nb: *x\n---\n", "---\na: |\n  x\n---\n", "----\na: 1\n---\nb: 2\n----\nbody"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, err := content.Parse(src)
		if err != nil {
			var le *content.LineError
			if e, ok := err.(*content.LineError); !ok || e.Line < 1 {
				t.Fatalf("error %v (%T) has no line", err, le)
			}
			return
		}
		last := 1
		for _, fld := range doc.Fields {
			if fld.Line <= last || fld.Line >= doc.BodyLine {
				t.Fatalf("field %q on line %d (after %d, body at %d)", fld.Key, fld.Line, last, doc.BodyLine)
			}
			last = fld.Line
			if fld.Key == "" || !utf8.ValidString(fld.Value) {
				t.Fatalf("bad field %+v", fld)
			}
			for _, c := range fld.Value {
				if c < 0x20 && c != '\t' || c == 0x7f {
					t.Fatalf("control character in %q", fld.Value)
				}
			}
		}
		if !strings.HasSuffix(strings.ReplaceAll(string(src), "\r\n", "\n"), doc.Body) {
			t.Fatalf("body %q is not the end of the input", doc.Body)
		}
	})
}

// FuzzHTML: whatever the Markdown, the output holds only the renderer's own
// tags and safe links.
func FuzzHTML(f *testing.F) {
	for _, seed := range []string{goodArticle, "<script>alert(1)</script>", "[x](javascript:alert(1))",
		"**[a](/b)** _c_ `d`", "> > > > > > deep", "- a\n1. b\n```\n<x>", `[x](/a"b)`, "[x](http://h/?a=<b>)",
		"![x](javascript:alert(1))", "[x][r]\n\n[r]: <javascript&#58;x> \"t\"", "3) a\n\n```js\nx\n```", "a\\\nb"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		requireSafeHTML(t, content.HTML(src))
		_ = content.PlainText(src)
	})
}
