package chat

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"
)

// A rule says that a message needs help of one kind when its tokens show a
// pattern of concepts, in the present, not negated, and not as a question
// about the topic. Rules are few and broad: each names a mechanism the
// clinical sources describe (a wish to be dead, burdensomeness, means and
// preparation, using alone, mixing depressants), not a phrase.
//
// Pattern syntax, steps separated by spaces; a token matches a step when
// it matches one of the step's alternatives (separated by "|"):
//
//	@NAME   the token carries concept NAME
//	word    the token's lemma or word is word ("cut" matches "cutting")
//	=word   the token's word is exactly word ("want" but not "wanted")
//	#       the token is a number
//	$       the end of a clause (consumes no token)
//	~N      a gap of 0 to N tokens (~ alone: 3)
//
// outright reports whether r states a crisis outright rather than reading
// it between the lines: a rule naming suicide or self-harm as a topic (so
// negation, questions, the past and other people already silence it), any
// sign of an overdose happening now, or a firm rule. The model, which reads
// a message as a whole, may doubt a rule that reads between the lines;
// never these.
func (r *rule) outright() bool {
	return r.firm || r.kind == overdoseNow || r.topic && (r.kind == kSuicide || r.kind == kSelfHarm)
}

type rule struct {
	kind    string // a concern, or overdoseNow
	name    string
	pattern string
	// with: a token, not negated, matching this step must also stand within
	// withRadius sentences of the match; without: none may stand in the
	// match's clause or after it (a moment resisted after an urge ends it;
	// one resisted before does not: "I drove past my dealer's block and I'm
	// circling back").
	with, without string
	// reach: how many sentences either side of the match with may stand in
	// (0: withRadius). A possession given away and "I won't be needing
	// them" are often a sentence of news apart.
	reach int
	// anyTime: a distant past ("years ago I used to") does not silence it.
	anyTime bool
	// topic: it names a topic, so a question ("what is an overdose?") or a
	// hypothetical ("if I find someone overdosing") does not count.
	topic bool
	// noNeg: negation before it does not silence it ("no test strips").
	noNeg bool
	// notRecent: a recent past (yesterday, last week) silences it: an
	// overdose now is a present emergency.
	notRecent bool
	// notWished: a wish or intention just before silences it ("I hope I
	// overdose" is a suicide rule's).
	notWished bool
	// other: the message must name someone else.
	other bool
	// firm: the model never overrules it, though it reads between the
	// lines: an act with a lethal means (acquired with its purpose
	// withheld, sat with, rehearsed with, checked on after hospital), a
	// cover story given away, hopelessness named. Buried in a cheerful
	// update ("forklift cert done … also bought the rope last week, it's in
	// my trunk"), the sign is the message; the model reads the whole of it,
	// and a long ordinary update scores low. Leaving one author out, the
	// model's doubt of these saved no false alarm and lost crises.
	firm bool

	steps         []ruleStep
	withStep      *ruleStep
	withoutStep   *ruleStep
	startsWithNeg bool
}

// overdoseNow is the rules' kind for an overdose happening now; its concern
// is lifeline.ConcernOverdose.
const overdoseNow = "overdose_now"

type ruleStep struct {
	concepts concept
	words    map[string]bool // lemma or word
	surface  map[string]bool // word only
	number   bool
	end      bool // the end of a clause: no token is consumed
	gap      int
}

func (s *ruleStep) matches(t token) bool {
	return t.concepts&s.concepts != 0 && t.concepts&cMask == 0 ||
		s.words[t.lemma] || s.words[t.word] && t.concepts&cMask == 0 || s.surface[t.word] && t.concepts&cMask == 0 ||
		s.number && isNumber(t.word)
}

func parseStep(src string) (ruleStep, error) {
	var s ruleStep
	if strings.HasPrefix(src, "~") {
		s.gap = 3
		if n := src[1:]; n != "" {
			g, err := strconv.Atoi(n)
			if err != nil || g < 1 {
				return s, fmt.Errorf("bad gap %q", src)
			}
			s.gap = g
		}
		return s, nil
	}
	if src == "$" {
		s.end = true
		return s, nil
	}
	for _, alt := range strings.Split(src, "|") {
		switch {
		case alt == "#":
			s.number = true
		case strings.HasPrefix(alt, "@"):
			c, ok := conceptByName(alt[1:])
			if !ok {
				return s, fmt.Errorf("unknown concept %q", alt)
			}
			s.concepts |= c
		case strings.HasPrefix(alt, "="):
			if s.surface == nil {
				s.surface = map[string]bool{}
			}
			s.surface[alt[1:]] = true
		case alt != "":
			if s.words == nil {
				s.words = map[string]bool{}
			}
			s.words[alt] = true
			s.words[lemmaOf(alt)] = true
		default:
			return s, fmt.Errorf("empty alternative in %q", src)
		}
	}
	return s, nil
}

func compileRule(r rule) rule {
	for _, src := range strings.Fields(r.pattern) {
		s, err := parseStep(src)
		if err != nil {
			panic(fmt.Sprintf("chat: rule %s/%s: %v", r.kind, r.name, err))
		}
		r.steps = append(r.steps, s)
	}
	if len(r.steps) == 0 || r.steps[0].gap > 0 || r.steps[0].end {
		panic(fmt.Sprintf("chat: rule %s/%s must start with a word", r.kind, r.name))
	}
	r.startsWithNeg = r.steps[0].concepts&cNeg != 0 || anyNegWord(r.steps[0])
	for _, f := range []struct {
		src string
		dst **ruleStep
	}{{r.with, &r.withStep}, {r.without, &r.withoutStep}} {
		if f.src == "" {
			continue
		}
		s, err := parseStep(f.src)
		if err != nil {
			panic(fmt.Sprintf("chat: rule %s/%s: %v", r.kind, r.name, err))
		}
		*f.dst = &s
	}
	return r
}

func anyNegWord(s ruleStep) bool {
	for w := range s.words {
		if singleWord[w]&cNeg != 0 {
			return true
		}
	}
	for w := range s.surface {
		if singleWord[w]&cNeg != 0 {
			return true
		}
	}
	return false
}

// match is one rule that fired, over tokens [start, end).
type match struct {
	rule       *rule
	start, end int
}

func (m match) String() string { return m.rule.kind + "/" + m.rule.name }

// find returns the first place rule r fires in ts, or false.
func (r *rule) find(ts []token) (match, bool) {
	if r.other && !hasConcept(ts, cOther|cOtherSelf) {
		return match{}, false
	}
	for start := range ts {
		end, ok := r.matchAt(ts, start, 0)
		if !ok {
			continue
		}
		if r.silenced(ts, start) {
			continue
		}
		near := nearby(ts, start, end, cmp.Or(r.reach, withRadius))
		if r.withStep != nil && !anyUnnegated(near, r.withStep, r.anyTime) {
			continue
		}
		if r.withoutStep != nil && anyUnnegated(ts[clauseStart(ts, start):], r.withoutStep, r.anyTime) {
			continue
		}
		return match{rule: r, start: start, end: end}, true
	}
	return match{}, false
}

// clauseStart is the index of the first token of token i's clause.
func clauseStart(ts []token, i int) int {
	for i > 0 && ts[i-1].clause == ts[i].clause {
		i--
	}
	return i
}

// withRadius is how many sentences either side of a match a rule's
// companion word (with) may stand in: in a long message, "sober two years"
// in one paragraph and "drinking" in another are not a lost tolerance.
const withRadius = 1

// nearby is the part of ts a rule's companion word must stand in: the
// sentences of the match and reach sentences either side.
func nearby(ts []token, start, end, reach int) []token {
	from, to := ts[start].sentence-reach, ts[max(start, end-1)].sentence+reach
	i, j := start, max(start, end-1)
	for i > 0 && ts[i-1].sentence >= from {
		i--
	}
	for j+1 < len(ts) && ts[j+1].sentence <= to {
		j++
	}
	return ts[i : j+1]
}

func (r *rule) matchAt(ts []token, i, s int) (int, bool) {
	if s == len(r.steps) {
		return i, true
	}
	st := &r.steps[s]
	if st.gap > 0 {
		for skip := 0; skip <= st.gap && i+skip <= len(ts); skip++ {
			if skip > 0 && (!r.mayGapOver(ts, i+skip-1) || i+skip < len(ts) && ts[i+skip].sentence != ts[i+skip-1].sentence) {
				break
			}
			if end, ok := r.matchAt(ts, i+skip, s+1); ok {
				return end, true
			}
		}
		return 0, false
	}
	if st.end {
		if i < len(ts) && i > 0 && ts[i].clause == ts[i-1].clause {
			return 0, false
		}
		return r.matchAt(ts, i, s+1)
	}
	if i >= len(ts) || !st.matches(ts[i]) {
		return 0, false
	}
	return r.matchAt(ts, i+1, s+1)
}

// mayGapOver reports whether a gap of r's pattern may pass over token j:
// not into another sentence ("the app knows my history. Where…"), and not
// over a negation unless the rule reads its own ("my family would not be
// better off without me").
func (r *rule) mayGapOver(ts []token, j int) bool {
	if j > 0 && ts[j].sentence != ts[j-1].sentence {
		return false
	}
	return r.noNeg || r.startsWithNeg || ts[j].concepts&cNeg == 0 || ts[j].concepts&cMask != 0
}

// silenced reports whether the scope of the match at start takes its
// meaning away: negated, in a distant past, a question about the topic, a
// recent past for an emergency, or a wish for an overdose.
func (r *rule) silenced(ts []token, start int) bool {
	if !r.noNeg && !r.startsWithNeg && negated(ts, start) {
		return true
	}
	if !r.anyTime && inPast(ts, start) {
		return true
	}
	if ts[start].reported || ts[start].told {
		return true
	}
	if r.topic && (ts[start].concepts&cQuestion != 0 || hypothetical(ts, start)) {
		return true
	}
	if r.notRecent && (sentenceHas(ts, start, cRecent) || datedClause(ts, start)) {
		return true
	}
	if r.notWished {
		for j := start - 1; j >= 0 && j >= start-3; j-- {
			if ts[j].concepts&(cWish|cIntent) != 0 {
				return true
			}
		}
	}
	return false
}

// negationReach is how many tokens before a word a negation reaches.
const negationReach = 3

// subjects stop a negation: in "no one knows I hurt myself" the "no one"
// belongs to "knows", not to "hurt".
var subjects = map[string]bool{"i": true, "im": true, "ive": true, "id": true, "ill": true, "he": true, "she": true, "they": true, "hes": true, "shes": true, "theyre": true, "we": true, "you": true, "it": true, "its": true}

// fillers are words a negation reaches across without spending its reach:
// "I never want to go back to using".
var fillers = map[string]bool{"to": true, "be": true, "go": true, "back": true, "a": true, "an": true, "the": true, "just": true, "really": true, "even": true, "ever": true, "that": true, "get": true, "it": true, "any": true, "more": true, "of": true, "being": true}

// negated reports whether a negation in the same clause governs token i.
func negated(ts []token, i int) bool {
	if ts[i].denied {
		return true
	}
	reach := 0
	for j := i - 1; j >= 0 && reach < negationReach; j-- {
		if ts[j].clause != ts[i].clause {
			return false
		}
		if !fillers[ts[j].word] {
			reach++
		}
		if ts[j].concepts&cNeg != 0 && ts[j].concepts&cMask == 0 {
			return true
		}
		if subjects[ts[j].word] {
			return false
		}
	}
	return false
}

// inPast reports whether token i's sentence speaks of a distant past ("years
// ago", "I used to") and nothing in it says it goes on ("I still do",
// "again", or "still" in token i's own clause). annotate works it out.
func inPast(ts []token, i int) bool { return ts[i].past }

// markPast sets each token's past, in one pass over the sentences.
func markPast(ts []token) {
	past, present, still := map[int]bool{}, map[int]bool{}, map[int]bool{}
	for _, t := range ts {
		switch c := t.concepts; {
		case c&cPast != 0 && c&(cBreak|cBigDose|cPlace) == 0: // "where I used to" names a place
			past[t.sentence] = true
		case c&cPresent != 0:
			present[t.sentence] = true
		case t.word == "still":
			still[t.clause] = true
		}
	}
	for i := range ts {
		ts[i].past = past[ts[i].sentence] && !present[ts[i].sentence] && !still[ts[i].clause]
	}
}

// markReported marks the words of a reported question: the clause from
// "if", "whether" or "about" after "asked" in one sentence ("the counsellor
// asked me if I ever wish I was dead"; not "she asked about sleep, but I lie
// awake rehearsing how I'd end my life"), unless the answer in that sentence
// or the next is yes.
func markReported(ts []token) {
	for i := 0; i < len(ts); i++ {
		if ts[i].lemma != "ask" && ts[i].word != "asked" && ts[i].word != "asks" && ts[i].word != "asking" {
			continue
		}
		from := -1
		for j := i + 1; j < len(ts) && ts[j].sentence == ts[i].sentence; j++ {
			if w := ts[j].word; w == "if" || w == "whether" || w == "about" {
				from = j
				break
			}
		}
		if from < 0 {
			continue
		}
		// Yes, or a next sentence that opens with one ("Every single day.").
		yes := false
		for j := from; j < len(ts) && ts[j].sentence <= ts[i].sentence+1; j++ {
			opens := ts[j].sentence == ts[i].sentence+1 && ts[j-1].sentence == ts[i].sentence
			if ts[j].word == "yes" || ts[j].word == "yeah" || opens && ts[j].concepts&cAffirm != 0 {
				yes = true
			}
		}
		if yes {
			// Answered yes, the "if" asks rather than supposes: "asked me if
			// I ever thought about suicide and I said yes".
			ts[from].concepts &^= cHypo
		}
		for j := from; j < len(ts) && ts[j].clause == ts[from].clause && !yes; j++ {
			ts[j].reported = true
		}
	}
}

// hypothetical reports whether an "if" opens token i's clause before it.
func hypothetical(ts []token, i int) bool {
	for j := i - 1; j >= 0 && ts[j].clause == ts[i].clause; j-- {
		if ts[j].concepts&cHypo != 0 {
			return true
		}
	}
	return false
}

// datedClause reports whether token i's own clause dates it in a distant
// past ("my coworker OD'd in 2019"): an emergency so dated is over, though
// the sentence goes on in the present ("and I still think about finding
// him"), which keeps the rest of the sentence present.
func datedClause(ts []token, i int) bool {
	for j := clauseStart(ts, i); j < len(ts) && ts[j].clause == ts[i].clause; j++ {
		if c := ts[j].concepts; c&cPast != 0 && c&(cBreak|cBigDose|cPlace) == 0 {
			return true
		}
	}
	return false
}

func sentenceHas(ts []token, i int, c concept) bool {
	for j := range ts {
		if ts[j].sentence == ts[i].sentence && ts[j].concepts&c != 0 {
			return true
		}
	}
	return false
}

func hasConcept(ts []token, c concept) bool {
	for _, t := range ts {
		if t.concepts&c != 0 {
			return true
		}
	}
	return false
}

// anyUnnegated reports whether a token matching s is neither negated nor,
// unless anyTime, in a distant past.
func anyUnnegated(ts []token, s *ruleStep, anyTime bool) bool {
	for i, t := range ts {
		if s.matches(t) && !negated(ts, i) && (anyTime || !inPast(ts, i)) {
			return true
		}
	}
	return false
}
