package content

import (
	"bytes"
	"fmt"
	"regexp"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"go.abhg.dev/goldmark/frontmatter"
	"gopkg.in/yaml.v3"
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

// Parse splits src into front matter and body. The front matter is YAML
// between a first line of "---" and the next line of "---" (goldmark's
// front matter extension, go.abhg.dev/goldmark/frontmatter, finds it), in a
// flat form: "key: value" lines, each key once, each value one line of text
// (plain, "double-quoted" with escapes, or 'single-quoted'); comments and
// blank lines are skipped. Lists, maps, aliases, invalid UTF-8 and control
// characters are refused. A UTF-8 byte order mark and CRLF line ends are
// accepted. The error, if any, is a *LineError.
func Parse(src []byte) (*Document, error) {
	src = bytes.TrimPrefix(src, []byte("\ufeff"))
	if !utf8.Valid(src) {
		line := 1 + bytes.Count(src[:invalidUTF8At(src)], []byte("\n"))
		return nil, &LineError{line, "the file is not valid UTF-8 text"}
	}
	src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
	ctx := parser.NewContext()
	fileParser.Parse(text.NewReader(src), parser.WithContext(ctx))
	data := frontmatter.Get(ctx)
	if data == nil {
		return nil, &LineError{1, `the file must start with front matter: a line with just "---", then "key: value" lines, then "---"`}
	}
	closing, closed := ctx.Get(closingLineKey).(text.Segment)
	if !closed {
		return nil, &LineError{1, `the front matter that starts here is never closed: add a line with just "---" after it`}
	}
	var root yaml.Node
	if err := data.Decode(&root); err != nil {
		return nil, yamlError(src[bytes.IndexByte(src, '\n')+1 : closing.Start])
	}
	fields, err := flatFields(&root)
	if err != nil {
		return nil, err
	}
	return &Document{
		Fields:   fields,
		Body:     string(src[closing.Stop:]),
		BodyLine: 1 + bytes.Count(src[:closing.Stop], []byte("\n")),
	}, nil
}

// fileParser reads a content file: its front matter, then Markdown.
var fileParser = newParser(util.Prioritized(&frontMatter{&frontmatter.Parser{Formats: []frontmatter.Format{frontmatter.YAML}}}, 0))

// closingLineKey holds the segment of the front matter's closing line.
var closingLineKey = parser.NewContextKey()

// frontMatter is the extension's block parser, noting the closing line,
// after which the body starts: a front matter block ended by the end of
// the file has none.
type frontMatter struct{ *frontmatter.Parser }

func (p *frontMatter) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	_, line := reader.PeekLine()
	state := p.Parser.Continue(node, reader, pc)
	if state == parser.Close {
		pc.Set(closingLineKey, line)
	}
	return state
}

// A front matter line counts from the line after the opening "---".
const frontMatterFirstLine = 2

// flatFields reads the decoded front matter as a flat list of fields.
func flatFields(root *yaml.Node) ([]Field, error) {
	m := root
	if m.Kind == yaml.DocumentNode && len(m.Content) == 1 {
		m = m.Content[0]
	}
	if m.Kind == 0 || m.Kind == yaml.DocumentNode || m.Kind == yaml.ScalarNode && m.Tag == "!!null" {
		return nil, nil // only comments and blank lines
	}
	if m.Kind != yaml.MappingNode || m.Style&yaml.FlowStyle != 0 {
		return nil, &LineError{m.Line + frontMatterFirstLine - 1, `front matter is "key: value" lines, like title: Sleep in Early Recovery`}
	}
	var fields []Field
	seen := map[string]int{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		line := k.Line + frontMatterFirstLine - 1
		if k.Kind != yaml.ScalarNode || k.Value == "" {
			return nil, &LineError{line, "a key is a word, like title"}
		}
		if first, dup := seen[k.Value]; dup {
			return nil, &LineError{line, fmt.Sprintf("%q appears twice (first on line %d)", k.Value, first)}
		}
		seen[k.Value] = line
		value, problem := flatValue(v)
		if problem != "" {
			return nil, &LineError{v.Line + frontMatterFirstLine - 1, fmt.Sprintf("%s: %s", k.Value, problem)}
		}
		fields = append(fields, Field{Key: k.Value, Value: value, Line: line})
	}
	return fields, nil
}

// flatValue is a value's text; a non-empty problem says what is wrong.
func flatValue(v *yaml.Node) (string, string) {
	switch v.Kind {
	case yaml.SequenceNode:
		return "", "lists are not supported in front matter"
	case yaml.MappingNode:
		return "", "maps (indented \"key: value\" lines) are not supported in front matter"
	case yaml.AliasNode:
		return "", "aliases (*name) are not supported in front matter"
	}
	if v.Tag == "!!null" {
		return "", ""
	}
	for _, c := range v.Value {
		if unicode.IsControl(c) && c != '\t' {
			return "", "control characters (such as a line break inside a value) are not allowed"
		}
	}
	return v.Value, ""
}

// yamlPrefix is what yaml.v3 puts before its message. Its line numbers
// are not reliable (its parser counts from 0, its scanner from 1, and the
// first line gets none), so yamlError finds the line itself.
var yamlPrefix = regexp.MustCompile(`^yaml: (line \d+: )?`)

// yamlError reports the first line of front matter raw that YAML refuses:
// the end of the shortest run of its first lines that does not parse.
func yamlError(raw []byte) *LineError {
	lines := bytes.SplitAfter(raw, []byte("\n"))
	line, problem := len(lines), error(nil)
	for k := 1; k <= len(lines) && problem == nil; k++ {
		var node yaml.Node
		if err := yaml.Unmarshal(bytes.Join(lines[:k], nil), &node); err != nil {
			line, problem = k, err
		}
	}
	msg := "this is not valid YAML"
	if problem != nil {
		msg += " (" + yamlPrefix.ReplaceAllString(problem.Error(), "") + ")"
	}
	return &LineError{line + frontMatterFirstLine - 1, msg +
		`: write "key: value" lines, and put a value in "double quotes" when it holds ": " or " #" or starts with a sign such as [ { | > & * ! % @`}
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
