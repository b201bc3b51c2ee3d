package chat

import (
	"bufio"
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"lifeline"
)

// An Example is one labelled message of a crisis set (chat/crisisset): its
// text, its label (a concern, or LabelNone for ordinary talk), where its
// wording comes from, the kind of writer its author had in mind (Voice,
// optional), an optional note, and its author: the name of the file it was
// read from ("a0" for chat/crisisset/dev/a0.jsonl), not a field of the line.
type Example struct {
	Text   string `json:"text"`
	Label  string `json:"label"`
	Source string `json:"source"`
	Voice  string `json:"voice,omitempty"`
	Note   string `json:"note,omitempty"`
	Author string `json:"-"`
}

// LabelNone labels ordinary talk.
const LabelNone = "none"

// Labels are the labels of a crisis set, in the order the layer's model
// scores them.
var Labels = []string{LabelNone, lifeline.ConcernSuicide, lifeline.ConcernSelfHarm, lifeline.ConcernOverdose, lifeline.ConcernDanger, lifeline.ConcernUrge}

// Concern is the concern the example's label stands for ("" for none).
func (e Example) Concern() string {
	if e.Label == LabelNone {
		return ""
	}
	return e.Label
}

// maxExampleLine bounds one line of a crisis set.
const maxExampleLine = 64 << 10

// ParseExamples reads a crisis set: one JSON object a line (blank lines
// allowed), each with a non-empty text of at most lifeline.MaxChatMessage
// characters, a known label and a source. Errors name the line.
func ParseExamples(r io.Reader) ([]Example, error) {
	var out []Example
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxExampleLine)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var e Example
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&e); err != nil {
			return nil, fmt.Errorf("chat: crisis set line %d: %w", n, err)
		}
		if dec.More() {
			return nil, fmt.Errorf("chat: crisis set line %d: more than one object", n)
		}
		e.Text = strings.TrimSpace(e.Text)
		switch {
		case e.Text == "" || !utf8.ValidString(e.Text):
			return nil, fmt.Errorf("chat: crisis set line %d: the text is empty or not UTF-8", n)
		case utf8.RuneCountInString(e.Text) > lifeline.MaxChatMessage:
			return nil, fmt.Errorf("chat: crisis set line %d: the text is longer than %d characters", n, lifeline.MaxChatMessage)
		case !slices.Contains(Labels, e.Label):
			return nil, fmt.Errorf("chat: crisis set line %d: unknown label %q (want one of %s)", n, e.Label, strings.Join(Labels, ", "))
		case strings.TrimSpace(e.Source) == "":
			return nil, fmt.Errorf("chat: crisis set line %d: no source", n)
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("chat: crisis set: %w", err)
	}
	return out, nil
}

// ReadCorpus reads every crisis set (*.jsonl) in dir of fsys, in name
// order, each example's Author the name of its file without ".jsonl".
func ReadCorpus(fsys fs.FS, dir string) ([]Example, error) {
	names, err := fs.Glob(fsys, path.Join(dir, "*.jsonl"))
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("chat: no crisis set (*.jsonl) in %s", dir)
	}
	var out []Example
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		examples, err := ParseExamples(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		author := strings.TrimSuffix(path.Base(name), ".jsonl")
		for i := range examples {
			examples[i].Author = author
		}
		out = append(out, examples...)
	}
	return out, nil
}

// Authors are the authors of examples, in the order they first appear.
func Authors(examples []Example) []string {
	var out []string
	for _, e := range examples {
		if !slices.Contains(out, e.Author) {
			out = append(out, e.Author)
		}
	}
	return out
}

//go:embed crisisset/dev/*.jsonl
var devFS embed.FS

// DevSet is the development corpus the layer's model is trained on: every
// author's set in chat/crisisset/dev, embedded in the binary.
var DevSet = sync.OnceValue(func() []Example {
	examples, err := ReadCorpus(devFS, "crisisset/dev")
	if err != nil {
		panic(err) // a test parses it: the binary never ships a broken set
	}
	return examples
})
