package chat

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A token is one word of a message after normalisation: lower case, look-alike
// letters folded, apostrophes dropped ("can't" is "cant"), letters repeated
// for emphasis cut back ("soooo"), a misspelling of a long lexicon word
// corrected, and reduced to its lemma ("overdosing", "overdosed" and "ODs"
// are all "overdose").
type token struct {
	word     string  // the normalised word
	lemma    string  // its lemma: a lexicon word when one fits
	concepts concept // what the lemma (or a multiword expression around it) means
	clause   int     // index of its clause: punctuation, "but" and "and" end one
	sentence int     // index of its sentence: . ! ? and line breaks end one
	past     bool    // its sentence speaks of a distant past (see inPast)
	reported bool    // it is inside a reported question: "she asked if I wish I was dead"
	told     bool    // it is inside a story watched, read or heard, or medicine taken as prescribed (see markTold)
	opens    bool    // it opens what follows a colon: "for a school project: what are the signs"
	denied   bool    // its clause is a form's item answered no: "better off dead: not at all"
}

// maxAssessRunes bounds the work on one message: the chat accepts
// lifeline.MaxChatMessage characters, and history turns are cut to this.
const maxAssessRunes = 4000

// laughEmoji is the word of the laughing emoji.
const laughEmoji = "lolemoji"

// emoji are the pictures that carry meaning here; the rest are dropped.
var emoji = map[rune]string{
	'💊': "pills", '🔫': "gun", '🔪': "knife", '🗡': "knife", '⚰': "coffin", '🪦': "grave", '🪢': "rope",
	'💉': "needle", '🩸': "blood", '🍺': "beer", '🍻': "beer", '🍷': "wine", '🥃': "whiskey", '🍸': "drink", '🍾': "bottle",
	'😂': laughEmoji, '🤣': laughEmoji, '😆': laughEmoji,
}

// lookalike folds letters that look like Latin ones (Cyrillic, Greek, accented) so
// "suіcide" with a Cyrillic і reads as "suicide".
var lookalike = map[rune]rune{
	'а': 'a', 'е': 'e', 'о': 'o', 'р': 'p', 'с': 'c', 'у': 'y', 'х': 'x', 'і': 'i', 'ј': 'j', 'ѕ': 's', 'к': 'k', 'м': 'm', 'т': 't', 'н': 'h', 'в': 'b',
	'α': 'a', 'ε': 'e', 'ο': 'o', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'τ': 't', 'υ': 'u', 'ρ': 'p',
	'à': 'a', 'á': 'a', 'â': 'a', 'ä': 'a', 'ã': 'a', 'å': 'a', 'ç': 'c', 'è': 'e', 'é': 'e', 'ê': 'e', 'ë': 'e',
	'ì': 'i', 'í': 'i', 'î': 'i', 'ï': 'i', 'ñ': 'n', 'ò': 'o', 'ó': 'o', 'ô': 'o', 'ö': 'o', 'õ': 'o',
	'ù': 'u', 'ú': 'u', 'û': 'u', 'ü': 'u', 'ý': 'y', 'ÿ': 'y', 'ı': 'i',
}

func isApostrophe(r rune) bool {
	return r == '\'' || r == '’' || r == '‘' || r == 'ʼ' || r == '`' || r == '´'
}

// clauseWords end a clause as punctuation does: negation and time scope do
// not reach across them ("I don't drink, but I want to die").
var clauseWords = map[string]bool{"but": true, "and": true, "though": true, "although": true, "however": true, "because": true, "cause": true, "cuz": true, "bc": true, "except": true}

// tokenize splits text into tokens with their clause and sentence numbers;
// the lexicon then gives them lemmas and concepts (see annotate).
func tokenize(text string) []token {
	if utf8.RuneCountInString(text) > maxAssessRunes {
		text = string([]rune(text)[:maxAssessRunes])
	}
	text = textSpeak.Replace(text)
	var (
		out              []token
		b                strings.Builder
		clause, sentence int
		colon, hyphen    bool
		prev             rune
	)
	endClause := func() {
		if len(out) > 0 && out[len(out)-1].clause == clause {
			clause++
		}
	}
	flush := func() {
		if b.Len() == 0 {
			return
		}
		w := b.String()
		b.Reset()
		if clauseWords[w] {
			clause++
			return
		}
		out = append(out, token{word: w, clause: clause, sentence: sentence, opens: colon})
		colon = false
	}
	for _, r := range text {
		r = unicode.ToLower(r)
		if l, ok := lookalike[r]; ok {
			r = l
		}
		if r >= 0xFF01 && r <= 0xFF5E { // full-width forms
			r = unicode.ToLower(r - 0xFEE0)
		}
		word := unicode.IsLetter(r) || unicode.IsDigit(r)
		if hyphen && !word {
			endClause() // "tired -" is a dash after all
		}
		hyphen = false
		switch {
		case isApostrophe(r):
			// dropped: "can't" is "cant"
		case word:
			b.WriteRune(r)
		case emoji[r] != "":
			flush()
			b.WriteString(emoji[r])
			flush()
		default:
			flush()
			switch r {
			case '.', '!', '?', '\n', '\r':
				if len(out) > 0 && out[len(out)-1].sentence == sentence {
					sentence++
					clause++
				}
			case ',', ';', ':', '(', ')', '-', '–', '—', '"', '“', '”':
				if r == '-' && (unicode.IsLetter(prev) || unicode.IsDigit(prev)) {
					hyphen = true // "self-harm" is one clause's words; "tired - done" is two clauses
					break
				}
				endClause()
				colon = r == ':'
			}
		}
		prev = r
	}
	flush()
	return out
}

// textSpeak spells out the shorthand whose slash would split it.
var textSpeak = strings.NewReplacer("w/o", " without ", "w/", " with ", "b/c", " because ", "b/c", " because ")

// squeeze cuts letters repeated three or more times to two ("soooo" is "soo";
// the lexicon lookup then tries one).
func squeeze(w string) string {
	var b strings.Builder
	var last rune
	n := 0
	for _, r := range w {
		if r == last {
			n++
		} else {
			last, n = r, 1
		}
		if n <= 2 {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// single cuts every repeated letter to one ("diee" is "die").
func single(w string) string {
	var b strings.Builder
	var last rune
	for _, r := range w {
		if r != last {
			b.WriteRune(r)
		}
		last = r
	}
	return b.String()
}

// irregular maps forms the suffix rules cannot reach to their lemma.
var irregular = map[string]string{
	"took": "take", "taken": "take", "died": "die", "dying": "die", "dies": "die", "dyin": "die",
	"hung": "hang", "bought": "buy", "gave": "give", "given": "give", "wrote": "write", "written": "write",
	"said": "say", "told": "tell", "got": "get", "gotten": "get", "went": "go", "gone": "gone", "left": "leave",
	"ran": "run", "felt": "feel", "thought": "think", "kept": "keep", "slept": "sleep", "drank": "drink", "drunk": "drunk",
	"drinkin": "drinking", "usin": "use", "fought": "fight", "held": "hold", "lost": "lose", "found": "find", "made": "make",
	"od": "overdose", "ods": "overdose", "odd": "odd", "oding": "overdose", "odeing": "overdose", "odin": "overdose", "odding": "overdose",
	"oded": "overdose", "odead": "overdose", "overdosing": "overdose", "overdosed": "overdose", "overdoses": "overdose", "odd'd": "overdose",
	"im": "im", "ive": "ive", "id": "id", "ill": "ill", "wanna": "wanna", "gonna": "gonna", "gotta": "gotta",
	"kys": "kys", "rn": "rn", "bars": "bars", "xans": "xanax", "xannies": "xanax", "percs": "percocet", "perc": "percocet", "perks": "percocet", "xanies": "xanax", "xanny": "xanax",
	"benzos": "benzo", "opioids": "opioid", "opiates": "opioid", "opiate": "opioid", "pills": "pill", "meds": "med",
	"was": "was", "has": "has", "is": "is", "does": "does", "this": "this", "its": "its", "his": "his", "yes": "yes",
	"used": "use", "uses": "use", "shing": "sh", "shd": "sh", "lives": "life", "blues": "blues", "shes": "shes", "hes": "hes", "news": "news", "kms": "kms", "knives": "knife", "wives": "wife", "leaves": "leave", "thinking": "think", "nothing": "nothing",
	"something": "something", "anything": "anything", "everything": "everything", "morning": "morning", "evening": "evening",
	"during": "during", "ceiling": "ceiling", "being": "be", "been": "be", "alive": "alive", "bleeding": "bleed", "bled": "bleed",
	"lying": "lie", "lay": "lay", "cuts": "cut", "cutting": "cut", "fentanyl": "fentanyl", "fent": "fentanyl", "fetty": "fentanyl",
	"hit": "hit", "hitting": "hit", "beat": "beat", "beaten": "beat", "stabbed": "stab", "shot": "shot", "shooting": "shoot",
}

// lemmaOf returns the lemma of w: the form the irregular table or the
// suffix rules reach when the lexicon knows it ("ending" is "end"), else w
// itself when the lexicon knows it, else the lemma of a lexicon word one
// edit away (for long words), else w with a plural -s dropped.
func lemmaOf(w string) string {
	if l, ok := irregular[w]; ok {
		return l
	}
	for _, c := range suffixCandidates(w) {
		if l, ok := irregular[c]; ok {
			return l
		}
		if known[c] {
			return c
		}
	}
	if known[w] {
		return w
	}
	// A dropped g ("thinkin bout doin it"): the -ing form's lemma, when the
	// lexicon knows it.
	if len(w) > 4 && strings.HasSuffix(w, "in") {
		if l := lemmaOf(w + "g"); known[l] {
			return l
		}
	}
	if s := squeeze(w); s != w {
		if l := lemmaOf(s); known[l] {
			return l
		}
		if l := lemmaOf(single(s)); known[l] {
			return l
		}
		w = s
	}
	if c, ok := corrected(w); ok {
		return lemmaOf(c)
	}
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		return w[:len(w)-1]
	}
	return w
}

// suffixCandidates are the forms a light English suffix stripper proposes for
// w, most likely first: "cutting" → "cutt", "cut"; "tried" → "try".
func suffixCandidates(w string) []string {
	var out []string
	add := func(stem string, tails ...string) {
		if len(stem) < 3 { // "shes" is not "sh", "ods" not "od"
			return
		}
		for _, t := range tails {
			out = append(out, stem+t)
		}
		if n := len(stem); n >= 3 && stem[n-1] == stem[n-2] {
			out = append(out, stem[:n-1]) // "cutt" → "cut"
		}
	}
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		add(w[:len(w)-3], "y")
	case strings.HasSuffix(w, "ied") && len(w) > 4:
		add(w[:len(w)-3], "y")
	case strings.HasSuffix(w, "ing"):
		add(w[:len(w)-3], "", "e")
	case strings.HasSuffix(w, "in") && len(w) > 4: // "cuttin", "usin"
		add(w[:len(w)-2], "", "e")
	case strings.HasSuffix(w, "ed"):
		add(w[:len(w)-2], "", "e")
	case strings.HasSuffix(w, "es"):
		add(w[:len(w)-2], "", "e")
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss"):
		add(w[:len(w)-1], "")
	case strings.HasSuffix(w, "d") && len(w) > 3: // "od'd" leaves "odd"; "ended" handled above
		add(w[:len(w)-1], "")
	}
	return out
}

// Spelling correction: a word the lexicon does not know, of at least
// minCorrect letters, is read as the lexicon word of at least
// minCorrectTarget letters with the same first letter one deletion,
// insertion, substitution or transposition away ("suicdal", "sucidal",
// "overdoes"). Short words are left alone, and the first letter must agree:
// too many everyday words are one edit from a lexicon word otherwise
// ("racing" and "raping", "willing" and "killing").
const (
	minCorrect       = 6
	minCorrectTarget = 7
)

// corrected finds the lexicon word one edit from w through a symmetric
// delete index: w and each of its one-letter deletions are looked up among
// the lexicon words and their one-letter deletions.
func corrected(w string) (string, bool) {
	if len(w) < minCorrect || len(w) > 20 || !isWord(w) {
		return "", false
	}
	best := ""
	consider := func(key string) {
		for _, c := range deletes[key] {
			if c != w && c[0] == w[0] && editDistance1(w, c) && (best == "" || c < best) {
				best = c
			}
		}
	}
	consider(w)
	for i := range len(w) {
		consider(w[:i] + w[i+1:])
	}
	return best, best != ""
}

func isWord(w string) bool {
	for i := range len(w) {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

// editDistance1 reports whether a and b are one deletion, insertion,
// substitution or transposition of adjacent letters apart (ASCII words).
func editDistance1(a, b string) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	switch len(a) - len(b) {
	case 0:
		var diff []int
		for i := range len(a) {
			if a[i] != b[i] {
				diff = append(diff, i)
				if len(diff) > 2 {
					return false
				}
			}
		}
		switch len(diff) {
		case 1:
			return true
		case 2:
			i, j := diff[0], diff[1]
			return j == i+1 && a[i] == b[j] && a[j] == b[i]
		}
		return false
	case 1:
		i := 0
		for i < len(b) && a[i] == b[i] {
			i++
		}
		return a[i+1:] == b[i:]
	}
	return false
}

// buildDeletes indexes the long lexicon words by themselves and by each of
// their one-letter deletions.
func buildDeletes(words map[string]bool) map[string][]string {
	out := map[string][]string{}
	for w := range words {
		if len(w) < minCorrectTarget || !isWord(w) {
			continue
		}
		out[w] = append(out[w], w)
		for i := range len(w) {
			d := w[:i] + w[i+1:]
			out[d] = append(out[d], w)
		}
	}
	return out
}
