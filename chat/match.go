package chat

import (
	"strings"
	"unicode"
)

// words normalises text for phrase matching: lower case, apostrophes dropped
// (so "can't", "can’t" and "cant" are one word), every other character that
// is not a letter or digit a word break, and "my self" joined to "myself".
func words(text string) []string {
	text = odContraction.Replace(strings.ToLower(text))
	var b strings.Builder
	for _, r := range text {
		switch {
		case r == '\'' || r == '’' || r == '‘' || r == 'ʼ' || r == '`':
			// dropped
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		default:
			b.WriteRune(' ')
		}
	}
	fields := strings.Fields(b.String())
	out := fields[:0]
	for i := 0; i < len(fields); i++ {
		if fields[i] == "my" && i+1 < len(fields) && fields[i+1] == "self" {
			out = append(out, "myself")
			i++
			continue
		}
		out = append(out, fields[i])
	}
	return out
}

// odContraction keeps "OD'd" from reading as "odd".
var odContraction = strings.NewReplacer("od'd", "od", "od’d", "od")

// A phrase is a compiled pattern matched word by word, so "cutting" never
// matches inside "woodcutting" and "od" never inside "odd". Pattern syntax,
// words separated by spaces:
//
//	a|b|c   one word out of these
//	...     a gap of up to 3 words
//	#       a number ("5", "10")
type phrase struct {
	source string
	steps  []step
}

type step struct {
	words  map[string]bool
	gap    int  // words that may be skipped here (a "..." step)
	number bool // a "#" step
}

const maxGap = 3

func compile(pattern string) phrase {
	p := phrase{source: pattern}
	for _, tok := range strings.Fields(pattern) {
		switch tok {
		case "...":
			p.steps = append(p.steps, step{gap: maxGap})
		case "#":
			p.steps = append(p.steps, step{number: true})
		default:
			set := map[string]bool{}
			for _, alt := range strings.Split(tok, "|") {
				for _, w := range words(alt) {
					set[w] = true
				}
			}
			p.steps = append(p.steps, step{words: set})
		}
	}
	return p
}

func compileAll(patterns []string) []phrase {
	out := make([]phrase, len(patterns))
	for i, p := range patterns {
		out[i] = compile(p)
	}
	return out
}

// find returns the span [start, end) of the first match in ws.
func (p phrase) find(ws []string) (start, end int, ok bool) {
	for start = range ws {
		if end, ok = p.matchAt(ws, start, 0); ok {
			return start, end, true
		}
	}
	return 0, 0, false
}

func (p phrase) matchAt(ws []string, i, s int) (int, bool) {
	if s == len(p.steps) {
		return i, true
	}
	st := p.steps[s]
	if st.gap > 0 {
		for skip := 0; skip <= st.gap && i+skip <= len(ws); skip++ {
			if end, ok := p.matchAt(ws, i+skip, s+1); ok {
				return end, true
			}
		}
		return 0, false
	}
	if i >= len(ws) {
		return 0, false
	}
	if st.number && !isNumber(ws[i]) || !st.number && !st.words[ws[i]] {
		return 0, false
	}
	return p.matchAt(ws, i+1, s+1)
}

func isNumber(w string) bool {
	for _, r := range w {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return w != ""
}

// anyMatch reports whether any of phrases occurs in ws.
func anyMatch(ws []string, phrases []phrase) bool {
	for _, p := range phrases {
		if _, _, ok := p.find(ws); ok {
			return true
		}
	}
	return false
}

// masked blanks every span of ws that one of masks matches, so no rule can
// match across it.
func masked(ws []string, masks []phrase) []string {
	out := append([]string(nil), ws...)
	for _, m := range masks {
		for from := 0; from < len(out); {
			start, end, ok := m.find(out[from:])
			if !ok {
				break
			}
			for i := from + start; i < from+end; i++ {
				out[i] = ""
			}
			from += max(end, start+1)
		}
	}
	return out
}

// A PhraseTable finds the first of its phrases (see phrase for the syntax)
// in a text, after blanking its masks: everyday expressions that contain a
// phrase's words without its meaning. The safety layer's benchmark measures
// the phrase table the layer replaced with it.
type PhraseTable struct {
	phrases, masks []phrase
}

// NewPhraseTable compiles phrases and masks.
func NewPhraseTable(phrases, masks []string) *PhraseTable {
	return &PhraseTable{phrases: compileAll(phrases), masks: compileAll(masks)}
}

// Find returns the index of the first phrase found in text.
func (t *PhraseTable) Find(text string) (int, bool) {
	ws := masked(words(text), t.masks)
	for i, p := range t.phrases {
		if _, _, ok := p.find(ws); ok {
			return i, true
		}
	}
	return 0, false
}
