package content

import (
	"html"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// HTML renders a small, safe subset of Markdown: ATX headings (#..######),
// paragraphs, bullet (-, *, +) and numbered (1. or 1)) lists, block quotes,
// fenced code blocks, thematic breaks, **strong**, *emphasis* (or _x_),
// `code` and [links](url). Safety holds by construction: every character of
// the source reaches the output through html.EscapeString, the only tags are
// the renderer's own (h1-h6, p, ul, ol, li, blockquote, pre, code, hr,
// strong, em, a) and no tag has an attribute but a link's href, which is an
// http(s) URL or a relative one (a link to anything else renders as its
// text). Raw HTML in the source is shown as text.
func HTML(src string) string {
	var r renderer
	r.blocks(splitLines(src), 0)
	return r.out.String()
}

// PlainText is the source's text without Markdown markup, blocks separated
// by one space: for excerpts, word counts and search.
func PlainText(src string) string {
	r := renderer{plain: true}
	r.blocks(splitLines(src), 0)
	return strings.Join(strings.Fields(r.out.String()), " ")
}

// Excerpt is the start of PlainText(src), at most max characters, cut at
// the last word boundary that fits when the text is longer.
func Excerpt(src string, max int) string {
	text := PlainText(src)
	if utf8.RuneCountInString(text) <= max {
		return text
	}
	runes := []rune(text)
	cut := string(runes[:max])
	if i := strings.LastIndexByte(cut, ' '); i > len(cut)/2 {
		cut = cut[:i]
	}
	return strings.TrimRightFunc(cut, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) && r != ')' && r != '"' })
}

// WordCount counts the words of the text of src.
func WordCount(src string) int { return len(strings.Fields(PlainText(src))) }

// maxQuoteDepth bounds nested block quotes; deeper markers are text.
const maxQuoteDepth = 4

// maxInlineDepth bounds nested emphasis and links; deeper markers are text.
const maxInlineDepth = 8

type renderer struct {
	out   strings.Builder
	plain bool
}

func splitLines(src string) []string {
	src = strings.ReplaceAll(src, "\r\n", "\n")
	src = strings.ReplaceAll(src, "\r", "\n")
	return strings.Split(src, "\n")
}

func (r *renderer) tag(s string) {
	if !r.plain {
		r.out.WriteString(s)
	}
}

func (r *renderer) text(s string) {
	if r.plain {
		r.out.WriteString(s)
		return
	}
	r.out.WriteString(html.EscapeString(s))
}

// sep keeps plain-text blocks apart.
func (r *renderer) sep() {
	if r.plain {
		r.out.WriteByte(' ')
	} else {
		r.out.WriteByte('\n')
	}
}

func isBlank(line string) bool { return strings.TrimSpace(line) == "" }

func headingLevel(line string) (int, string) {
	n := 0
	for n < len(line) && line[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || (n < len(line) && line[n] != ' ' && line[n] != '\t') {
		return 0, ""
	}
	text := strings.TrimSpace(line[n:])
	if t := strings.TrimRight(text, "#"); t == "" || strings.HasSuffix(t, " ") {
		text = strings.TrimSpace(t)
	}
	return n, text
}

func isRule(line string) bool {
	t := strings.ReplaceAll(strings.TrimSpace(line), " ", "")
	if len(t) < 3 {
		return false
	}
	return strings.Count(t, t[:1]) == len(t) && strings.Contains("-*_", t[:1])
}

// listItem reports whether line starts a list item, whether the list is
// numbered, and the item's text.
func listItem(line string) (bool, bool, string) {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 || t == "" {
		return false, false, ""
	}
	if strings.ContainsRune("-*+", rune(t[0])) && len(t) > 1 && (t[1] == ' ' || t[1] == '\t') {
		return true, false, strings.TrimSpace(t[2:])
	}
	d := 0
	for d < len(t) && d < 9 && t[d] >= '0' && t[d] <= '9' {
		d++
	}
	if d > 0 && d+1 < len(t) && (t[d] == '.' || t[d] == ')') && (t[d+1] == ' ' || t[d+1] == '\t') {
		return true, true, strings.TrimSpace(t[d+2:])
	}
	return false, false, ""
}

func isFence(line string) bool { return strings.HasPrefix(strings.TrimLeft(line, " "), "```") }

func isQuote(line string) bool { return strings.HasPrefix(strings.TrimLeft(line, " "), ">") }

// startsBlock reports a line that ends a paragraph.
func startsBlock(line string, depth int) bool {
	if n, _ := headingLevel(line); n > 0 {
		return true
	}
	if ok, _, _ := listItem(line); ok {
		return true
	}
	return isRule(line) || isFence(line) || (isQuote(line) && depth < maxQuoteDepth)
}

func (r *renderer) blocks(lines []string, depth int) {
	for i := 0; i < len(lines); {
		line := lines[i]
		switch {
		case isBlank(line):
			i++
		case isFence(line):
			i = r.fence(lines, i)
		case isQuote(line) && depth < maxQuoteDepth:
			var inner []string
			for ; i < len(lines) && isQuote(lines[i]); i++ {
				t := strings.TrimPrefix(strings.TrimLeft(lines[i], " "), ">")
				inner = append(inner, strings.TrimPrefix(t, " "))
			}
			r.tag("<blockquote>\n")
			r.blocks(inner, depth+1)
			r.tag("</blockquote>")
			r.sep()
		case isRule(line):
			r.tag("<hr>")
			r.sep()
			i++
		default:
			if n, text := headingLevel(line); n > 0 {
				h := string(rune('0' + n))
				r.tag("<h" + h + ">")
				r.inline(text, 0, true)
				r.tag("</h" + h + ">")
				r.sep()
				i++
				continue
			}
			if ok, _, _ := listItem(line); ok {
				i = r.list(lines, i, depth)
				continue
			}
			start := i
			for i++; i < len(lines) && !isBlank(lines[i]) && !startsBlock(lines[i], depth); i++ {
			}
			r.tag("<p>")
			r.inline(strings.TrimSpace(strings.Join(lines[start:i], "\n")), 0, true)
			r.tag("</p>")
			r.sep()
		}
	}
}

func (r *renderer) fence(lines []string, i int) int {
	var code []string
	for i++; i < len(lines) && !isFence(lines[i]); i++ {
		code = append(code, lines[i])
	}
	r.tag("<pre><code>")
	r.text(strings.Join(code, "\n"))
	r.tag("</code></pre>")
	r.sep()
	return i + 1 // past the closing fence (or the end)
}

// list renders consecutive items of one kind; an indented or plain line
// continues the item before it, a blank line or another block ends the list.
func (r *renderer) list(lines []string, i, depth int) int {
	_, numbered, _ := listItem(lines[i])
	open, closing := "<ul>\n", "</ul>"
	if numbered {
		open, closing = "<ol>\n", "</ol>"
	}
	r.tag(open)
	for i < len(lines) {
		ok, n, text := listItem(lines[i])
		if !ok || n != numbered {
			break
		}
		item := []string{text}
		for i++; i < len(lines) && !isBlank(lines[i]); i++ {
			if ok, _, _ := listItem(lines[i]); ok {
				break
			}
			if startsBlock(lines[i], depth) {
				break
			}
			item = append(item, strings.TrimSpace(lines[i]))
		}
		r.tag("<li>")
		r.inline(strings.Join(item, "\n"), 0, true)
		r.tag("</li>\n")
		if r.plain {
			r.sep()
		}
	}
	r.tag(closing)
	r.sep()
	return i
}

// inline renders emphasis, code spans and links in s. links is false inside
// a link's text, so anchors never nest.
func (r *renderer) inline(s string, depth int, links bool) {
	plainFrom := 0
	flush := func(to int) {
		if to > plainFrom {
			r.text(s[plainFrom:to])
		}
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && isASCIIPunct(s[i+1]):
			flush(i)
			r.text(s[i+1 : i+2])
			i += 2
			plainFrom = i
			continue
		case c == '`':
			run := countRun(s[i:], '`')
			if end := strings.Index(s[i+run:], strings.Repeat("`", run)); end >= 0 {
				flush(i)
				r.tag("<code>")
				r.text(strings.TrimSpace(s[i+run : i+run+end]))
				r.tag("</code>")
				i += run + end + run
				plainFrom = i
				continue
			}
			i += run
			continue
		case (c == '*' || c == '_') && depth < maxInlineDepth:
			if n, inner, ok := emphasis(s, i); ok {
				flush(i)
				tag := "em"
				if n == 2 {
					tag = "strong"
				}
				r.tag("<" + tag + ">")
				r.inline(inner, depth+1, links)
				r.tag("</" + tag + ">")
				i += n + len(inner) + n
				plainFrom = i
				continue
			}
			i += countRun(s[i:], c)
			continue
		case c == '[' && depth < maxInlineDepth:
			if text, target, n, ok := link(s[i:]); ok {
				flush(i)
				href, safe := safeURL(target)
				if safe && links {
					r.tag(`<a href="` + html.EscapeString(href) + `"`)
					if strings.HasPrefix(href, "http") {
						r.tag(` rel="noopener noreferrer"`)
					}
					r.tag(">")
					r.inline(text, depth+1, false)
					r.tag("</a>")
				} else {
					r.inline(text, depth+1, links)
				}
				i += n
				plainFrom = i
				continue
			}
		}
		i++
	}
	flush(len(s))
}

func isASCIIPunct(c byte) bool {
	return c < utf8.RuneSelf && unicode.IsPunct(rune(c)) || strings.IndexByte("$+<=>^`|~", c) >= 0
}

func countRun(s string, c byte) int {
	n := 0
	for n < len(s) && s[n] == c {
		n++
	}
	return n
}

// emphasis finds *x*, **x**, _x_ or __x__ starting at s[i]: the delimiter
// length and the inner text. The opening delimiter must be followed by a
// non-space, the closing one preceded by one; underscores must not touch a
// letter or digit outside (snake_case stays as it is).
func emphasis(s string, i int) (int, string, bool) {
	c := s[i]
	n := countRun(s[i:], c)
	if n > 2 {
		return 0, "", false
	}
	open := i + n
	if open >= len(s) || s[open] == ' ' || s[open] == '\n' || s[open] == '\t' {
		return 0, "", false
	}
	if c == '_' && i > 0 && isWordByte(s[i-1]) {
		return 0, "", false
	}
	delim := strings.Repeat(string(c), n)
	for from := open; from < len(s); {
		k := strings.Index(s[from:], delim)
		if k < 0 {
			return 0, "", false
		}
		end := from + k
		after := end + n
		closes := end > open && s[end-1] != ' ' && s[end-1] != '\n' && s[end-1] != '\t' &&
			(after >= len(s) || s[after] != c) &&
			(c != '_' || after >= len(s) || !isWordByte(s[after]))
		if closes {
			return n, s[open:end], true
		}
		from = end + countRun(s[end:], c)
	}
	return 0, "", false
}

func isWordByte(b byte) bool {
	return b >= utf8.RuneSelf || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// link parses [text](target) at the start of s (no brackets inside the
// text, no spaces or parentheses inside the target) and returns its length.
func link(s string) (text, target string, n int, ok bool) {
	closeText := strings.IndexAny(s[1:], "[]")
	if closeText < 0 || s[1+closeText] != ']' {
		return "", "", 0, false
	}
	closeText++
	if closeText+1 >= len(s) || s[closeText+1] != '(' {
		return "", "", 0, false
	}
	rest := s[closeText+2:]
	end := strings.IndexAny(rest, "() \t\n")
	if end < 0 || rest[end] != ')' {
		return "", "", 0, false
	}
	return s[1:closeText], rest[:end], closeText + 2 + end + 1, true
}

// safeURL accepts http(s) URLs with a host and relative URLs (a path,
// ?query or #fragment, with no scheme and not starting with //).
func safeURL(raw string) (string, bool) {
	// "&#" would only ever be an attempt to smuggle a character past this
	// check in an HTML entity.
	if raw == "" || len(raw) > 2000 || strings.HasPrefix(raw, "//") || strings.Contains(raw, "&#") {
		return "", false
	}
	for _, c := range raw {
		if c <= ' ' || c == 0x7f || strings.ContainsRune(`\"'<>`+"`", c) || !unicode.IsPrint(c) {
			return "", false
		}
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", false
	}
	switch strings.ToLower(u.Scheme) {
	case "":
		if u.Host != "" || u.Opaque != "" || strings.Contains(strings.SplitN(raw, "/", 2)[0], ":") {
			return "", false
		}
		return raw, true
	case "http", "https":
		if u.Host == "" {
			return "", false
		}
		return raw, true
	}
	return "", false
}
