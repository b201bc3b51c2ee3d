package content

import (
	"bytes"
	"html"
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// markdown renders a content file's body. It is goldmark's CommonMark
// without the parsers of raw HTML (an HTML block, an inline tag, an
// autolink), so HTML in a file is text and is escaped like any other text,
// and with safeLinks after parsing.
var markdown = goldmark.New(goldmark.WithParser(newParser()))

// newParser is CommonMark without raw HTML; extra block parsers (the front
// matter's) come first.
func newParser(extra ...util.PrioritizedValue) parser.Parser {
	blocks := append(slices.Clone(extra),
		util.Prioritized(parser.NewSetextHeadingParser(), 100),
		util.Prioritized(parser.NewThematicBreakParser(), 200),
		util.Prioritized(parser.NewListParser(), 300),
		util.Prioritized(parser.NewListItemParser(), 400),
		util.Prioritized(parser.NewCodeBlockParser(), 500),
		util.Prioritized(parser.NewATXHeadingParser(), 600),
		util.Prioritized(parser.NewFencedCodeBlockParser(), 700),
		util.Prioritized(parser.NewBlockquoteParser(), 800),
		util.Prioritized(parser.NewParagraphParser(), 1000),
	)
	return parser.NewParser(
		parser.WithBlockParsers(blocks...),
		parser.WithInlineParsers(
			util.Prioritized(parser.NewCodeSpanParser(), 100),
			util.Prioritized(parser.NewLinkParser(), 200),
			util.Prioritized(parser.NewEmphasisParser(), 500),
		),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
		parser.WithASTTransformers(util.Prioritized(safeLinks{}, 100)),
	)
}

// HTML renders Markdown (CommonMark, github.com/yuin/goldmark) to HTML that
// is safe to insert into a page: raw HTML in the source is text, escaped;
// the only tags are h1-h6, p, ul, ol, li, blockquote, pre, code, hr, br,
// strong, em and a; the only attributes are an ordered list's start, a
// link's href, which is an http(s) URL with a host or a relative one, and
// rel="noopener noreferrer" on http(s) links. A link to anything else
// (javascript:, data:, vbscript:, mailto:, //host) renders as its text, and
// an image as its description. content's tests hold these guarantees.
func HTML(src string) string {
	var out bytes.Buffer
	if err := markdown.Convert([]byte(src), &out); err != nil {
		return "" // goldmark fails only when writing to out fails, which a bytes.Buffer does not
	}
	return out.String()
}

// PlainText is the text a reader sees, without markup, blocks separated by
// one space: for excerpts, word counts and search.
func PlainText(src string) string {
	var text strings.Builder
	rendered := HTML(src)
	for len(rendered) > 0 {
		// Every "<" of the rendered HTML opens one of its own tags: text
		// "<" is escaped.
		start := strings.IndexByte(rendered, '<')
		if start < 0 {
			text.WriteString(rendered)
			break
		}
		text.WriteString(rendered[:start])
		end := strings.IndexByte(rendered[start:], '>')
		if end < 0 {
			break
		}
		rendered = rendered[start+end+1:]
	}
	return strings.Join(strings.Fields(html.UnescapeString(text.String())), " ")
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

// safeLinks keeps a link whose destination safeURL accepts, without its
// title, and marks an http(s) one rel="noopener noreferrer"; any other
// link, and every image, is replaced by its text. A fenced code block loses
// its info string (a class attribute).
type safeLinks struct{}

func (safeLinks) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	var unwrap []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			// The destination as the renderer writes it, escapes and
			// character references resolved.
			dest := util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(n.Destination)))
			safe, external := linkTarget(string(dest))
			if !safe {
				unwrap = append(unwrap, n)
				break
			}
			n.Title = nil
			if external {
				n.SetAttributeString("rel", []byte("noopener noreferrer"))
			}
		case *ast.Image:
			unwrap = append(unwrap, n)
		case *ast.FencedCodeBlock:
			n.Info = nil
		}
		return ast.WalkContinue, nil
	})
	for _, n := range unwrap {
		parent := n.Parent()
		for c := n.FirstChild(); c != nil; {
			next := c.NextSibling()
			parent.InsertBefore(parent, n, c)
			c = next
		}
		parent.RemoveChild(parent, n)
	}
}

// linkTarget reports whether a link may point at raw: an http(s) URL with a
// host (external) or a relative one (a path, ?query or #fragment, with no
// scheme and not starting with //).
func linkTarget(raw string) (safe, external bool) {
	if raw == "" || len(raw) > 2000 || strings.HasPrefix(raw, "//") {
		return false, false
	}
	for _, c := range raw {
		if c <= ' ' || c == 0x7f || strings.ContainsRune(`\"'<>`+"`", c) || !unicode.IsPrint(c) {
			return false, false
		}
	}
	u, err := url.Parse(raw)
	if err != nil {
		return false, false
	}
	switch strings.ToLower(u.Scheme) {
	case "":
		return u.Host == "" && u.Opaque == "" && !strings.Contains(strings.SplitN(raw, "/", 2)[0], ":"), false
	case "http", "https":
		return u.Host != "", true
	}
	return false, false
}
