package chat

import (
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"lifeline"
)

// An Assessment is what the safety layer heard in a message, and why.
type Assessment struct {
	// Concern is the help the message needs first (a lifeline concern, ""
	// for ordinary talk).
	Concern string
	// Now is set when Concern is an overdose happening now rather than a
	// risk of one: the answer is a medical emergency's.
	Now bool
	// Rules are the rules that fired ("suicide/burden"), Concepts what the
	// message's words mean, Score the model's probability that the message
	// needs help, ModelConcern the concern other than none the model finds
	// most likely (whether or not Score reaches the threshold), and Context
	// how the conversation changed the concern (empty when it did not):
	// "answer", "follow-up" or "together".
	Rules    []string
	Concepts []string
	// Outright is set when a rule that states a crisis outright fired
	// ("I'm suicidal", "I cut myself tonight", someone not breathing): the
	// model never overrules it (RuleDoubt).
	Outright     bool
	Score        float64
	ModelConcern string
	Context      string
}

// Explain is a one-line account of an assessment, for logs and the bench.
func (a Assessment) Explain() string {
	var parts []string
	if len(a.Rules) > 0 {
		r := "rules " + strings.Join(a.Rules, ", ")
		if a.Concern == "" {
			r += " (overruled by the model)"
		}
		parts = append(parts, r)
	}
	parts = append(parts, "model "+strconvF(a.Score)+" ("+a.ModelConcern+")")
	if a.Context != "" {
		parts = append(parts, "context "+a.Context)
	}
	if len(a.Concepts) > 0 {
		parts = append(parts, "concepts "+strings.Join(a.Concepts, " "))
	}
	return strings.Join(parts, "; ")
}

// ModelThreshold is the model's probability of "needs help" from which it
// raises an alarm the rules missed. It is chosen by leaving one author out
// (TestModelThresholdIsChosenByAuthors checks it): of the thresholds at
// which the layer meets its floors (chateval.LeftOutFloors; since round
// 15, before the cost ranks them), the one at which the messages that need
// help it misses, each counting as four false
// alarms (chateval.MissCost), and the ordinary ones it raises an alarm on,
// each as a share of their kind, add up to the least for authors the model
// never learnt from (0.50 until d21 joined in round 11: its treatment talk
// taught the model that pills taken are mostly a routine, and a lower
// threshold then hears more crises left out for fewer false alarms; 0.45
// until round 17, when with h17 and d27 0.45 no longer heard the floors'
// share of suicides, and 0.40 is the cheapest point over the forty-five
// authors; chateval.LeftOutFloors says why its false alarms are allowed.
// Round 18, with h18 and d28: 0.45, with the rules doubted under 0.30;
// at 0.40 the false alarms left out rose over the ceiling, 14.9%).
// Round 19, with h19 and d29: 0.40 again, with the rules doubted under
// 0.40; at 0.45 neither the crisis floor nor the suicide floor was met.
const ModelThreshold = 0.40

// FollowUpThreshold is the model's threshold for a message that follows
// crisis talk ("tonight", "same as before"): the conversation makes the
// layer more sensitive. It is chosen the same way with a miss counting
// five times and the rules never overruled: after crisis talk, a missed
// "yes" costs more than resources in answer to an ordinary message.
// Round 14, with h14 and d24: 0.45, was 0.40; round 15, with h15 and d25:
// 0.40 again, and in round 16, with h16 and d26, in round 17, in round
// 18 and in round 19.
const FollowUpThreshold = 0.40

// RuleDoubt is the model's probability of "needs help" under which it
// overrules the rules. The rules read words in a window; on authors they
// were not written for, most of their false alarms are long stories of a
// safe present ("my brother died of a fentanyl overdose last winter"),
// other people's news, information questions and figures of speech, which
// the model, reading the whole message, scores low. It is chosen together
// with ModelThreshold by leaving one author out (ChooseThresholds in
// internal/bench/chateval; TestModelThresholdIsChosenByAuthors checks it).
// It does not apply to a rule that states the crisis outright (rule.outright:
// "kinda suicidal ngl" scores low with a model that never saw "ngl"), nor
// to what a message completes or answers after crisis talk (Assess): there
// the conversation, not the message alone, speaks. Round 12, with h12 and
// d22 and a mood read as a mood (cMood): 0.45, was 0.40; round 13, with
// h13, d23 and work as a scope (cWork): 0.40 again; round 14, with h14,
// d24 and a story told as a scope of its own: 0.45; round 15, with h15 and
// d25 (everyday exaggeration and hobbies beside crises in the same words):
// 0.40; round 18, with h18 and d28 and ModelThreshold 0.45: 0.30; round
// 19, with h19 and d29 and ModelThreshold 0.40: 0.40.
const RuleDoubt = 0.40

// SuicideDoubt is RuleDoubt for the rules that hear suicide between the
// lines: the model overrules them only under it. Suicide said indirectly
// (a time, a means, a cover story, a goodbye) is what every blind set has
// found missed, and it is told in long ordinary messages the model scores
// by their ordinary words. Chosen with ModelThreshold and RuleDoubt by
// leaving one author out (round 10: at 0.30 rather than 0.40, 23 more
// suicides heard for 21 more false alarms over twenty-seven authors; round
// 11, a miss costing four false alarms: 0.25, with RuleDoubt 0.45; with
// d21 and ModelThreshold 0.45: 0.30, with RuleDoubt 0.40; round 12, with
// h12 and d22: 0.25, with RuleDoubt 0.45; round 13, with h13 and d23:
// 0.25, with RuleDoubt 0.40; round 14, with h14 and d24: 0.30, with
// RuleDoubt 0.45; round 15, with h15 and d25: 0.10, with RuleDoubt 0.40,
// the cheapest point that keeps every floor: at 0.30, cheaper, the layer
// heard 95.5% of suicides left out, under 96.0%); round 16, with h16 and
// d26 and possessions given away with no need left: 0.25, with RuleDoubt
// 0.40, the floors met there again; round 18, with h18 and d28: 0.25,
// with RuleDoubt 0.30 and ModelThreshold 0.45; round 19, with h19 and
// d29: 0.25, with RuleDoubt 0.40 and ModelThreshold 0.40).
const SuicideDoubt = 0.25

// Decide is the concern of a message whose rules heard rules (a concern,
// "" for none) and whose model gives score to "needs help", modelConcern
// the concern it finds most likely: the rules' concern unless score is
// under doubt (suicideDoubt when the rules heard suicide) and no rule that
// fired states the crisis outright (outright), else the model's when score
// reaches threshold. A model sure
// of a crisis where the rules heard only an urge raises it: "my dealer is
// outside and says I owe him" is danger, not an urge.
func Decide(rules string, outright bool, score float64, modelConcern string, threshold, doubt, suicideDoubt float64) string {
	return concernOf(decide(rules, outright, score, modelConcern, threshold, doubt, suicideDoubt))
}

func decide(kind string, outright bool, score float64, modelConcern string, threshold, doubt, suicideDoubt float64) string {
	if kind == kSuicide {
		doubt = suicideDoubt
	}
	switch {
	case kind != "" && !outright && score < doubt:
		return ""
	case score >= threshold && (kind == "" || kind == kUrge && lifeline.IsCrisis(modelConcern)):
		return modelConcern
	}
	return kind
}

// A Layer assesses messages: the rules, then its model.
type Layer struct {
	model                          *model
	threshold, doubt, suicideDoubt float64
}

// NewLayer trains a layer's model on examples.
func NewLayer(examples []Example) *Layer {
	return NewCorpus(examples).Layer(func(int) bool { return true })
}

// A Corpus is examples read once, for training many layers on parts of it:
// leaving one author out trains one for each author, and reading the messages is a
// fifth of the work of each.
type Corpus struct {
	inputs []input
	labels []int
}

// NewCorpus reads examples, on every core.
func NewCorpus(examples []Example) *Corpus {
	c := &Corpus{inputs: make([]input, len(examples)), labels: make([]int, len(examples))}
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(examples); i += workers {
				c.inputs[i] = inputOf(analyse(examples[i].Text))
				c.labels[i] = slices.Index(Labels, examples[i].Label)
			}
		})
	}
	wg.Wait()
	return c
}

// Layer trains a layer's model on the examples whose index keep accepts.
func (c *Corpus) Layer(keep func(i int) bool) *Layer {
	var inputs []input
	var labels []int
	for i := range c.inputs {
		if keep(i) {
			inputs = append(inputs, c.inputs[i])
			labels = append(labels, c.labels[i])
		}
	}
	return &Layer{model: trainModel(inputs, labels), threshold: ModelThreshold, doubt: RuleDoubt, suicideDoubt: SuicideDoubt}
}

// WithThreshold returns a copy of l whose model raises alarms from
// threshold (the bench and the tests sweep it).
func (l *Layer) WithThreshold(threshold float64) *Layer {
	c := *l
	c.threshold = threshold
	return &c
}

// WithDoubt returns a copy of l whose model overrules the rules under
// doubt, those of suicide too (0: never).
func (l *Layer) WithDoubt(doubt float64) *Layer {
	c := *l
	c.doubt, c.suicideDoubt = doubt, doubt
	return &c
}

// WithSuicideDoubt returns a copy of l whose model overrules the rules of
// suicide under doubt.
func (l *Layer) WithSuicideDoubt(doubt float64) *Layer {
	c := *l
	c.suicideDoubt = doubt
	return &c
}

// DefaultLayer is the layer trained on the embedded development corpus, built
// once.
var DefaultLayer = sync.OnceValue(func() *Layer { return NewLayer(DevSet()) })

// Assess is DefaultLayer's assessment of message after history.
func Assess(history []lifeline.ChatMessage, message string) Assessment {
	return DefaultLayer().Assess(history, message)
}

func analyse(text string) []token {
	ts := readDialect(tokenize(odContraction.Replace(strings.ToLower(text))))
	annotate(ts)
	return ts
}

// heard is the assessment of one text alone.
type heard struct {
	kind  string // the winning rule kind, or the model's
	rules string // the winning rule kind
	// outright: a rule that states the crisis outright fired
	outright bool
	matches  []match
	tokens   []token
	score    float64
	model    string
}

// jointReach is how many tokens of the last turn a rule may reach back
// into when the newest message is read together with it.
const jointReach = 12

// hear runs the rules and the model over ts. With an offset (the last
// turn's tokens, then the newest message's), the rules read from up to
// jointReach tokens before it and count only when their match ends in the
// newest message; the model reads the newest message alone.
func (l *Layer) hear(ts []token, offset int, threshold, doubt, suicideDoubt float64) heard {
	h := heard{tokens: ts[offset:], matches: fired(ts, offset)}
	for _, k := range precedence {
		if slices.ContainsFunc(h.matches, func(m match) bool { return m.rule.kind == k }) {
			h.kind = k
			break
		}
	}
	h.rules = h.kind
	p := make([]float64, len(Labels))
	l.model.probs(inputOf(ts[offset:]), p)
	h.score = 1 - p[0]
	h.model = modelConcern(p, ts[offset:])
	atWork := hasConcept(h.tokens, cWork) && !offDuty(h.tokens)
	h.outright = slices.ContainsFunc(h.matches, func(m match) bool { return m.rule.outright() && (m.rule.firm || !atWork || personal(ts, m)) }) ||
		h.kind != "" && len(h.tokens) <= wholeMessage || corroborated(h.matches, h.kind)
	h.kind = decide(h.kind, h.outright, h.score, h.model, threshold, doubt, suicideDoubt)
	if h.kind == kUrge && lostTolerance(h.tokens) {
		h.kind = kOverdose
	}
	return h
}

// lostTolerance reports whether ts tell of a drug after a break in it (out
// of detox, rehab, jail or hospital, months clean): an urge heard there is
// an overdose risk (SAMHSA: the tolerance is gone), whatever heard it —
// "detox discharged me this morning, already called my guy". Not a drink
// alone after one: that urge stays an urge.
func lostTolerance(ts []token) bool {
	var brk, drug bool
	for i, t := range ts {
		switch {
		case t.concepts&cResisted != 0:
			return false
		case t.concepts&cBreak != 0 && !t.told && !negated(ts, i) && !inPast(ts, i):
			brk = true
		}
		if t.concepts&(cOpioid|cFentanyl|cStimulant|cDepressant|cDealer) != 0 || t.concepts&cSubstance != 0 && t.concepts&cAlcohol == 0 {
			drug = true
		}
	}
	return brk && drug
}

// personal reports whether the writer or their own people are in match
// m's sentence ("I want to kill myself", "my nephew is unresponsive"): at
// work, a crisis named of others ("three lads on suicide watch", "a young
// lad, overdose", a caller giving naloxone) is the work's, and the model,
// reading the whole message, may doubt it; the writer's own, never.
func personal(ts []token, m match) bool {
	if slices.ContainsFunc(ts[m.start:m.end], func(t token) bool { return t.concepts&cSelf != 0 }) {
		return true
	}
	for i := range ts {
		if ts[i].sentence == ts[m.start].sentence && ts[i].word == "my" && i+1 < len(ts) && kin[ts[i+1].lemma] {
			return true
		}
	}
	return false
}

// offDuty reports whether the writer says they are not at work: "nurse
// here but off duty" writes about their own.
func offDuty(ts []token) bool {
	for i := 0; i+1 < len(ts); i++ {
		if w, next := ts[i].word, ts[i+1].word; w == "off" && (next == "duty" || next == "work" || next == "shift") || w == "day" && next == "off" {
			return true
		}
	}
	return false
}

// kin are the writer's own people.
var kin = map[string]bool{}

func init() {
	for _, w := range strings.Fields("mom mum mam mother dad father brother sister son daughter nephew niece uncle aunt auntie cousin " +
		"wife husband partner boyfriend girlfriend bf gf fiance fiancee kid child baby grandma nan nana grandpa grandad grandmother " +
		"grandfather friend mate roommate flatmate housemate neighbour neighbor stepdad stepmom stepson stepdaughter") {
		kin[w] = true
		kin[lemmaOf(w)] = true
	}
}

// corroborated reports whether two different rules of kind heard it, at
// two places in the message: danger told among the news ("he's been texting
// that he'll make me pay … his van's been parked down the road since
// lunch") is a threat and a watcher, each read between the lines, and the
// model, weighing a long ordinary update, scores it low; two signs that
// agree are not the model's to doubt.
func corroborated(matches []match, kind string) bool {
	if kind != kDanger {
		return false
	}
	var first *match
	for i, m := range matches {
		if m.rule.kind != kind {
			continue
		}
		if first == nil {
			first = &matches[i]
		} else if m.rule != first.rule && (m.end <= first.start || m.start >= first.end) {
			return true
		}
	}
	return false
}

// wholeMessage is the length, in words, up to which a rule reads the
// whole message: the model then has nothing more to weigh than the rule did
// ("death would be a relief honestly"), and does not overrule it. Chosen by
// leaving one author out: the model's doubt saves false alarms on longer
// messages (stories, figures of speech in context), not on these.
const wholeMessage = 6

// substanceTalk is what a message must speak of for the model alone to name
// an overdose, whose answer is 911's: "I've been feeling down and empty"
// may need help, but not naloxone.
const substanceTalk = cOverdose | cODSign | cSubstance | cOpioid | cDepressant | cAlcohol | cStimulant | cFentanyl | cBigDose | cUse | cMeans | cStockpile

// urgeTalk is what a message must speak of for the model alone to name an
// urge, whose answer is the next twenty minutes without a drink or a drug:
// "in the car in the garage, door's down, keys in my hand" needs 988, not
// urge surfing; nor does a means that is no drug ("standing by the tracks.
// freight comes at 11"), though pills are both.
const urgeTalk = substanceTalk&^(cMeans|cStockpile) | cCraving | cPlace | cDealer | cUrgeNow

// modelConcern is the concern other than none the model finds most likely
// given its probabilities p of Labels, of those the words of ts allow.
func modelConcern(p []float64, ts []token) string {
	var all concept
	for _, t := range ts {
		all |= t.concepts
	}
	best := -1
	for c := 1; c < len(p); c++ {
		if Labels[c] == kOverdose && all&substanceTalk == 0 || Labels[c] == kUrge && all&urgeTalk == 0 {
			continue
		}
		if best < 0 || p[c] > p[best] {
			best = c
		}
	}
	return Labels[best]
}

// fired is the rules that fire in ts, reading from up to jointReach tokens
// before offset and counting only the matches that end after it.
func fired(ts []token, offset int) []match {
	var out []match
	from := max(0, offset-jointReach)
	for i := range crisisRules {
		if m, ok := crisisRules[i].find(ts[from:]); ok && m.end+from > offset {
			m.start += from
			m.end += from
			out = append(out, m)
		}
	}
	return out
}

// Assess says what help message needs, given the earlier turns of the
// conversation (oldest first). Recent crisis talk makes it more sensitive:
// "yes" to "are you thinking about ending your life?", or "tonight" after
// "I have pills saved up", is a crisis too.
func (l *Layer) Assess(history []lifeline.ChatMessage, message string) Assessment {
	ts := analyse(message)
	h := l.hear(ts, 0, l.threshold, l.doubt, l.suicideDoubt)
	a := h.assessment()
	// A crisis the rules heard stands on its own; one the model alone
	// heard in a short follow-up ("tonight") is better named by the crisis
	// talk it follows, below.
	if lifeline.IsCrisis(a.Concern) && h.kind == h.rules || len(history) == 0 {
		return a
	}
	prior, asked := l.recentConcern(history)
	answer := conversational(ts)
	switch {
	case asked != "" && answer == yes:
		return a.raise(asked, "answer")
	case asked == "safety" && answer == no:
		return a.raise(cmpOr(prior, kDanger), "answer")
	}
	// The newest message may complete what the last one began: "I have
	// pills saved up" then "tonight". Read together, the two may say more
	// than the crisis the last turn alone did.
	together := l.together(history, ts)
	switch {
	case lifeline.IsCrisis(prior) && answer != no && (answer == yes || answer == detail || l.hear(ts, 0, FollowUpThreshold, 0, 0).kind != ""):
		if rank(together) < rank(prior) {
			return a.raise(together, "together")
		}
		return a.raise(prior, "follow-up")
	case together != "":
		return a.raise(together, "together")
	case prior == kUrge && a.Concern == "" && (answer == yes || answer == detail):
		return a.raise(kUrge, "follow-up")
	}
	return a
}

// together is the crisis the rules hear in the person's last turn and ts
// read as one, counting only what ends in ts ("" for none).
func (l *Layer) together(history []lifeline.ChatMessage, ts []token) string {
	last := lastUser(history)
	if last == "" {
		return ""
	}
	prev := analyse(last)
	joint := make([]token, 0, len(prev)+len(ts))
	joint = append(joint, prev...)
	for _, t := range ts {
		t.sentence += len(prev) + 1
		t.clause += len(prev) + 1
		joint = append(joint, t)
	}
	if k := l.hear(joint, len(prev), 1.1, 0, 0).kind; lifeline.IsCrisis(concernOf(k)) {
		return k
	}
	return ""
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// recentConcern is the most pressing concern of the last user turns, and
// what the assistant's last turn asked about ("safety" for "are you safe?").
func (l *Layer) recentConcern(history []lifeline.ChatMessage) (prior, asked string) {
	users := 0
	for i := len(history) - 1; i >= 0 && users < recentTurns; i-- {
		m := history[i]
		if m.Role == lifeline.ChatRoleAssistant && asked == "" && users == 0 {
			asked = askedAbout(m.Content)
			continue
		}
		if m.Role != lifeline.ChatRoleUser {
			continue
		}
		users++
		k := l.hear(analyse(m.Content), 0, l.threshold, l.doubt, l.suicideDoubt).kind
		if rank(k) < rank(prior) {
			prior = k
		}
	}
	return concernOf(prior), asked
}

// recentTurns is how many of the person's last turns make the layer more
// sensitive.
const recentTurns = 3

func lastUser(history []lifeline.ChatMessage) string {
	for i := len(history) - 1; i >= 0; i-- {
		if history[i].Role == lifeline.ChatRoleUser {
			return history[i].Content
		}
	}
	return ""
}

func rank(kind string) int {
	if i := slices.Index(precedence, kind); i >= 0 {
		return i
	}
	return len(precedence)
}

func concernOf(kind string) string {
	if kind == overdoseNow {
		return kOverdose
	}
	return kind
}

// askedAbout reads the assistant's last turn as a question to the person:
// "are you thinking about ending your life?" asked about suicide.
func askedAbout(text string) string {
	if !strings.Contains(text, "?") {
		return ""
	}
	swapped := youToI.Replace(" " + strings.ToLower(text) + " ")
	ts := analyse(swapped)
	has := func(c concept) bool { return hasConcept(ts, c) }
	switch {
	case has(cSuicide) || has(cWish) && has(cDie) || has(cBurden) || has(cHopeless):
		return kSuicide
	case has(cSelfHarm) || has(cHarm) && containsWord(ts, "myself"):
		return kSelfHarm
	case has(cOverdose) || has(cODSign):
		return kOverdose
	case containsWord(ts, "safe"):
		return "safety"
	}
	return ""
}

var youToI = strings.NewReplacer(" you ", " i ", " your ", " my ", " yourself ", " myself ", " youre ", " im ", " you're ", " im ", " you’re ", " im ")

func containsWord(ts []token, w string) bool {
	return slices.ContainsFunc(ts, func(t token) bool { return t.word == w || t.lemma == w })
}

type answerKind int

const (
	other  answerKind = iota
	yes               // yes, kind of, maybe
	no                // no, not really
	detail            // a time, a place, a means, a goodbye: the crisis goes on
)

// conversational reads a short answer to a question.
func conversational(ts []token) answerKind {
	if len(ts) == 0 || len(ts) > 12 {
		return other
	}
	first := ts[0]
	switch {
	case first.word == "no" || first.word == "nope" || first.word == "nah" || first.word == "not" && len(ts) > 1 && ts[1].word == "really":
		return no
	case first.concepts&cAffirm != 0:
		return yes
	}
	for _, t := range ts {
		if t.concepts&(cTime|cMeans|cFarewell|cPrep|cStockpile|cPresent) != 0 || seriousWords[t.word] {
			return detail
		}
	}
	return other
}

var seriousWords = map[string]bool{"serious": true, "seriously": true, "mean": true, "kidding": true, "joking": true, "soon": true, "already": true, "done": true, "pills": true, "pill": true, "planned": true}

func (h heard) assessment() Assessment {
	a := Assessment{Concern: concernOf(h.kind), Now: h.kind == overdoseNow, Score: h.score, ModelConcern: h.model, Outright: h.outright}
	for _, m := range h.matches {
		a.Rules = append(a.Rules, m.String())
	}
	var all concept
	for _, t := range h.tokens {
		all |= t.concepts
	}
	a.Concepts = (all &^ cMask).names()
	return a
}

func (a Assessment) raise(kind, context string) Assessment {
	a.Concern, a.Now, a.Context = concernOf(kind), kind == overdoseNow, context
	return a
}

func strconvF(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) }
