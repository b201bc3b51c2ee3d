// Package chateval measures the chat's safety layer like a medical test:
// per category, how many messages that need help it catches (recall) and,
// on ordinary talk, how many it raises an alarm on, each with its 95%
// Wilson interval: on the held-out set (trained on the development corpus
// only), on each author of the development corpus with the model trained on
// the others (leave one author out: the main figure), and by k-fold
// cross-validation (secondary: every fold shares its authors); and the
// same for the phrase table it replaced (Legacy), as the baseline.
package chateval

import (
	"fmt"
	"maps"
	"math"
	"runtime"
	"slices"
	"sync"
	"time"

	"lifeline"
	"lifeline/chat"
)

// An Outcome is one example and what a detector heard in it.
type Outcome struct {
	chat.Example
	Concern string // what it heard ("" for nothing)
	Why     string // its explanation
	// Rules is the concern of the rules alone, before the model may
	// overrule them; Score and ModelConcern the model's (for sweeping the
	// thresholds).
	Rules        string
	Outright     bool
	Score        float64
	ModelConcern string
}

// Caught reports whether o counts as caught: a crisis flagged as any crisis
// (kind accuracy is counted apart), an urge flagged as an urge or a crisis,
// ordinary talk flagged as nothing.
func (o Outcome) Caught() bool {
	switch want := o.Example.Concern(); {
	case want == "":
		return o.Concern == ""
	case want == lifeline.ConcernUrge:
		return o.Concern != ""
	default:
		return lifeline.IsCrisis(o.Concern)
	}
}

// Evaluate assesses every example with layer, one message at a time.
func Evaluate(layer *chat.Layer, examples []chat.Example) []Outcome {
	rulesOnly := layer.WithThreshold(math.Inf(1)).WithDoubt(0)
	out := make([]Outcome, len(examples))
	for i, e := range examples {
		a := layer.Assess(nil, e.Text)
		r := rulesOnly.Assess(nil, e.Text)
		out[i] = Outcome{Example: e, Concern: a.Concern, Why: a.Explain(), Rules: r.Concern, Outright: r.Outright, Score: a.Score, ModelConcern: a.ModelConcern}
	}
	return out
}

// CrossValidate trains a layer on k-1 folds of examples and evaluates it on
// the last, k times; folds are stratified by label and the same every run.
// threshold is the model's alarm threshold.
func CrossValidate(examples []chat.Example, k int, threshold float64) []Outcome {
	return evaluateGroups(examples, Folds(examples, k), threshold)
}

// LeaveOneAuthorOut trains a layer on the examples of every author but one
// and evaluates it on that author's, for each author in turn: how the layer
// does on someone who writes differently from everyone it learnt from. The
// rules are the same throughout. threshold is the model's alarm threshold.
func LeaveOneAuthorOut(examples []chat.Example, threshold float64) []Outcome {
	authors := chat.Authors(examples)
	group := make([]int, len(examples))
	for i, e := range examples {
		group[i] = slices.Index(authors, e.Author)
	}
	return evaluateGroups(examples, group, threshold)
}

// evaluateGroups evaluates each group of examples with a layer trained on
// the other groups, two groups at a time (a layer's training keeps about one
// and a half cores busy); the outcomes keep the examples' order.
func evaluateGroups(examples []chat.Example, group []int, threshold float64) []Outcome {
	if len(examples) == 0 {
		return nil
	}
	corpus := chat.NewCorpus(examples)
	out := make([]Outcome, len(examples))
	groups := make(chan int)
	var wg sync.WaitGroup
	for range max(2, runtime.GOMAXPROCS(0)/2) {
		wg.Go(func() {
			for g := range groups {
				var test []chat.Example
				var at []int
				for i, e := range examples {
					if group[i] == g {
						test = append(test, e)
						at = append(at, i)
					}
				}
				if len(test) == 0 {
					continue
				}
				layer := corpus.Layer(func(i int) bool { return group[i] != g }).WithThreshold(threshold)
				for j, o := range Evaluate(layer, test) {
					out[at[j]] = o
				}
			}
		})
	}
	for g := range slices.Max(group) + 1 {
		groups <- g
	}
	close(groups)
	wg.Wait()
	return out
}

// Folds assigns each example a fold in [0, k): the examples of each label
// in turn, so every fold holds about 1/k of each.
func Folds(examples []chat.Example, k int) []int {
	fold := make([]int, len(examples))
	next := map[string]int{}
	for i, e := range examples {
		fold[i] = next[e.Label] % k
		next[e.Label]++
	}
	return fold
}

// OfAuthor is the outcomes of author's examples.
func OfAuthor(outcomes []Outcome, author string) []Outcome {
	var out []Outcome
	for _, o := range outcomes {
		if o.Author == author {
			out = append(out, o)
		}
	}
	return out
}

// WithThreshold re-decides outcomes as if the model's threshold were t, at
// the layer's chat.RuleDoubt and chat.SuicideDoubt.
func WithThreshold(outcomes []Outcome, t float64) []Outcome {
	return Redecide(outcomes, t, chat.RuleDoubt, chat.SuicideDoubt)
}

// Redecide re-decides outcomes as if the model's threshold were t and its
// doubt of the rules doubt, of the rules of suicide suicideDoubt
// (chat.Decide).
func Redecide(outcomes []Outcome, t, doubt, suicideDoubt float64) []Outcome {
	out := slices.Clone(outcomes)
	for i := range out {
		out[i].Concern = chat.Decide(out[i].Rules, out[i].Outright, out[i].Score, out[i].ModelConcern, t, doubt, suicideDoubt)
	}
	return out
}

// Thresholds are the model thresholds the bench sweeps and the threshold
// rule chooses from: 0.30 to 1.00 in steps of 0.05.
func Thresholds() []float64 {
	var out []float64
	for step := 6; step <= 20; step++ {
		out = append(out, float64(step)/20)
	}
	return out
}

// Doubts are the model's doubts of the rules (chat.RuleDoubt,
// chat.SuicideDoubt) the rule chooses from: 0 (never overrule them) to 0.60
// in steps of 0.05.
func Doubts() []float64 {
	var out []float64
	for step := 0; step <= 12; step++ {
		out = append(out, float64(step)/20)
	}
	return out
}

// MissCost and FollowUpMissCost are what a missed message that needs help
// costs, counting a false alarm on ordinary talk as 1, when the model's
// thresholds are chosen (ChooseThresholds): for chat.ModelThreshold and
// chat.RuleDoubt a miss costs four false alarms, for chat.FollowUpThreshold,
// after crisis talk, five. It was two until round 5, two and a half in
// round 6 and three until round 10: every blind set since round 3 found
// false alarms well under the goal (7.9%, 2.9%, 4.3%, 4.3%, 1.4%, 5.7%,
// 4.3%, 4.3%: under half the rate on the development corpus's hard ordinary
// talk) and crisis recall under it (92.7%, 94.8%, 94.1%, 94.8%, 96.3%,
// 95.6%, 96.3%, 96.3%), so a miss weighs more each time the blind sets say
// so. In round 11, with d19 and d20 (whose safe twins alarm two and three
// times as often as the rest), three would have raised the threshold to
// 0.55 and lost 59 crises left out; four kept it at 0.50, and with d21
// (everyday treatment talk) chooses 0.45; docs/chat-safety.md has the
// sweep.
const (
	MissCost         = 4
	FollowUpMissCost = 5
)

// ChooseThreshold is the one of Thresholds at which outcomes, re-decided
// without doubting the rules, cost least (ChooseThresholds), with no floor
// to meet.
func ChooseThreshold(outcomes []Outcome, missCost float64) float64 {
	t, _, _ := ChooseThresholds(outcomes, missCost, []float64{0}, Floors{})
	return t
}

// ChooseThresholds is the one of Thresholds and the two of doubts (the
// model's doubt of the rules, and of the rules of suicide) at which
// outcomes, re-decided, meet floors and cost least: missCost times the
// share of messages that need help (a crisis or an urge) it misses, plus
// the share of ordinary talk it raises an alarm on. The floors come first,
// as a screening test's sensitivity does: the cost only ranks the points
// that meet them (with none, every point; the floors' test then fails).
// Of equal costs, the lowest threshold, then the lowest doubts.
func ChooseThresholds(outcomes []Outcome, missCost float64, doubts []float64, floors Floors) (threshold, doubt, suicideDoubt float64) {
	threshold, bestCost, bestMet := 1.0, math.Inf(1), false
	for _, t := range Thresholds() {
		for _, d := range doubts {
			for _, sd := range doubts {
				c := countAt(outcomes, t, d, sd)
				cost, met := c.cost(missCost), floors.metBy(c)
				if (met && !bestMet) || (met == bestMet && cost < bestCost-1e-12) {
					threshold, doubt, suicideDoubt, bestCost, bestMet = t, d, sd, cost, met
				}
			}
		}
	}
	return threshold, doubt, suicideDoubt
}

// Floors are what the layer must reach leaving one author out: a recall
// per label of a crisis or an urge, of every crisis together, of kind
// accuracy (crises caught given their own kind), and a ceiling on false
// alarms. The zero Floors asks nothing.
type Floors struct {
	Recall       map[string]float64
	Crisis       float64
	FalseAlarms  float64 // a ceiling; 0 for none
	KindAccuracy float64
}

// Unmet lists the floors s falls short of, each as a sentence.
func (f Floors) Unmet(s Summary) []string {
	var out []string
	for _, label := range slices.Sorted(maps.Keys(f.Recall)) {
		if r := s.Recall[label]; r.Rate() < f.Recall[label] {
			out = append(out, fmt.Sprintf("%s recall %s, under its floor %.1f%%", label, r, 100*f.Recall[label]))
		}
	}
	if s.CrisisAll.Rate() < f.Crisis {
		out = append(out, fmt.Sprintf("crisis recall %s, under its floor %.1f%%", s.CrisisAll, 100*f.Crisis))
	}
	if f.FalseAlarms > 0 && s.FalseAlarms.Rate() > f.FalseAlarms {
		out = append(out, fmt.Sprintf("false alarms %s, over the ceiling %.1f%%", s.FalseAlarms, 100*f.FalseAlarms))
	}
	if s.KindAccuracy.Rate() < f.KindAccuracy {
		out = append(out, fmt.Sprintf("kind accuracy %s, under its floor %.1f%%", s.KindAccuracy, 100*f.KindAccuracy))
	}
	return out
}

// LeftOutFloors are the floors leaving one author out: a little under
// what the layer reaches, a guard against a change that loses recall or
// adds false alarms, measured on data rather than per row, and what the
// thresholds are chosen to meet (ChooseThresholds). Raise them when the
// layer improves; never lower them to pass.
//
// Suicide 96.5%, urges 96.5% and every crisis 97.8% until round 12, when
// d22 joined: 101 suicides and 53 urges told only as arrangements and steps
// (a policy's clause, a treatment stopped, a cab to the old pub), heard
// about three times in four left out. On the thirty-four authors before it
// the layer hears 12 more crises (7900 → 7912), 3 fewer urges (1971 →
// 1968) and alarms 43 times less (682 → 639): the floors fall with the
// pooled figure, not with the layer.
//
// False alarms 10.5% until round 11: d19 and d20 brought 290 hard safe
// twins (d20's alarm 40% of the time on round 10's layer), and round 10's
// layer alarms on 12.4% of the thirty-two authors' ordinary talk; round
// 11's on 11.5%. 13.5% since d21 joined: its 320 everyday messages about
// doses and moods alarm 31.9% of the time left out (no other author
// teaches the model that routine), and the thresholds it let the layer
// lower alarm on 12.0% of the other thirty-two authors' ordinary talk for
// 24 more of their crises heard. 14.5% since round 17: with h17 and d27
// (the writer behind a friend, jokes and plans that mean it) the model
// threshold of 0.45 hears 95.8% of suicides and 97.3% of crises left out,
// under their floors whatever the doubts, and at 13.5% the one point that
// meets every floor (0.40, doubting the rules under 0.50, those of suicide
// under 0.30) overrules the rules so often that it drops two of the
// product's own crises (a sponsor out of reach as the off-licence closes,
// the model at 0.49; a vial brought home "for me", 0.28) and 33 crises and
// 14 urges left out for 91 fewer alarms than the point the cost ranks
// first with no ceiling (0.40, 0.40, 0.25: 14.4%). The blind sets ask for
// recall more than quiet: the last two heard 96.3% of crises, under the
// goal, and alarmed on 4.3% and 2.9% of ordinary talk. On the forty-three
// authors before round 17 the new point hears 46 more crises than round
// 16's layer (9243 → 9289 of 9477) for 88 more alarms (914 → 1002 of 6917).
//
// Kind accuracy is secondary: an urge or a crisis heard as another crisis
// still gets help.
var LeftOutFloors = Floors{
	Recall: map[string]float64{
		lifeline.ConcernSuicide: 0.960, lifeline.ConcernSelfHarm: 0.985, lifeline.ConcernOverdose: 0.98,
		lifeline.ConcernDanger: 0.98, lifeline.ConcernUrge: 0.960,
	},
	Crisis:       0.974,
	FalseAlarms:  0.145,
	KindAccuracy: 0.92,
}

// counts are outcomes re-decided at one point, counted (countAt).
type counts struct {
	hit, n                            map[string]int
	help, missed, none, falseAlarms   int
	crisis, crisisHit, crisisSameKind int
}

// countAt counts outcomes re-decided at threshold t and doubts d and sd
// (ChooseThresholds): Summarize's figures without their intervals, fast
// enough to sweep every point.
func countAt(outcomes []Outcome, t, d, sd float64) counts {
	c := counts{hit: map[string]int{}, n: map[string]int{}}
	for _, o := range outcomes {
		o.Concern = chat.Decide(o.Rules, o.Outright, o.Score, o.ModelConcern, t, d, sd)
		caught := o.Caught()
		c.n[o.Label]++
		if caught {
			c.hit[o.Label]++
		}
		switch want := o.Example.Concern(); {
		case want == "":
			c.none++
			if !caught {
				c.falseAlarms++
			}
		default:
			c.help++
			if !caught {
				c.missed++
			}
			if lifeline.IsCrisis(want) {
				c.crisis++
				if caught {
					c.crisisHit++
					if o.Concern == want {
						c.crisisSameKind++
					}
				}
			}
		}
	}
	return c
}

func (c counts) cost(missCost float64) float64 {
	return missCost*float64(c.missed)/float64(max(c.help, 1)) + float64(c.falseAlarms)/float64(max(c.none, 1))
}

func (f Floors) metBy(c counts) bool {
	for label, floor := range f.Recall {
		if float64(c.hit[label]) < floor*float64(c.n[label]) {
			return false
		}
	}
	return float64(c.crisisHit) >= f.Crisis*float64(c.crisis) &&
		(f.FalseAlarms == 0 || float64(c.falseAlarms) <= f.FalseAlarms*float64(c.none)) &&
		float64(c.crisisSameKind) >= f.KindAccuracy*float64(c.crisisHit)
}

// Baseline is the old phrase table's outcome for every example.
func Baseline(examples []chat.Example) []Outcome {
	out := make([]Outcome, len(examples))
	for i, e := range examples {
		c := Legacy(e.Text)
		out[i] = Outcome{Example: e, Concern: c, Rules: c}
		if c != "" {
			out[i].Why = "phrase table: " + c
		}
	}
	return out
}

// A Figure is a proportion with its 95% Wilson interval.
type Figure struct {
	K, N   int
	Lo, Hi float64
}

func (f Figure) Rate() float64 {
	if f.N == 0 {
		return 0
	}
	return float64(f.K) / float64(f.N)
}

// String reads "95.0% (57/60, 86.3–98.3%)".
func (f Figure) String() string {
	if f.N == 0 {
		return "n/a (0/0)"
	}
	return fmt.Sprintf("%.1f%% (%d/%d, %.1f–%.1f%%)", 100*f.Rate(), f.K, f.N, 100*f.Lo, 100*f.Hi)
}

// Wilson is the proportion k/n with its 95% Wilson score interval.
func Wilson(k, n int) Figure {
	f := Figure{K: k, N: n}
	if n == 0 {
		return f
	}
	const z = 1.959963984540054
	p, nf := float64(k)/float64(n), float64(n)
	centre := (p + z*z/(2*nf)) / (1 + z*z/nf)
	half := z / (1 + z*z/nf) * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	f.Lo, f.Hi = max(0, centre-half), min(1, centre+half)
	return f
}

// Summary holds the figures of a set of outcomes.
type Summary struct {
	// Recall per label of a crisis or an urge; FalseAlarms on none.
	Recall      map[string]Figure
	CrisisAll   Figure // every crisis label together
	Urge        Figure // urges flagged as an urge or a crisis
	FalseAlarms Figure
	// KindAccuracy: of the crises caught, those given their own kind.
	KindAccuracy Figure
	Misses       []Outcome
}

// Summarize counts outcomes.
func Summarize(outcomes []Outcome) Summary {
	s := Summary{Recall: map[string]Figure{}}
	hit, n := map[string]int{}, map[string]int{}
	var crisisHit, crisisN, kindHit, fa, none int
	for _, o := range outcomes {
		label := o.Label
		n[label]++
		if o.Caught() {
			hit[label]++
		} else {
			s.Misses = append(s.Misses, o)
		}
		switch want := o.Example.Concern(); {
		case want == "":
			none++
			if o.Concern != "" {
				fa++
			}
		case lifeline.IsCrisis(want):
			crisisN++
			if o.Caught() {
				crisisHit++
				if o.Concern == want {
					kindHit++
				}
			}
		}
	}
	for label := range n {
		if label != chat.LabelNone {
			s.Recall[label] = Wilson(hit[label], n[label])
		}
	}
	s.CrisisAll = Wilson(crisisHit, crisisN)
	s.Urge = s.Recall[lifeline.ConcernUrge]
	s.FalseAlarms = Wilson(fa, none)
	s.KindAccuracy = Wilson(kindHit, crisisHit)
	return s
}

// Latency times f on every message, rounds times over, and returns the
// median and 99th percentile of one call (sorted samples: the calls take
// microseconds, finer than the load generators' histogram).
func Latency(f func(string), messages []string, rounds int) (p50, p99 time.Duration) {
	samples := make([]time.Duration, 0, len(messages)*rounds)
	for range rounds {
		for _, m := range messages {
			start := time.Now()
			f(m)
			samples = append(samples, time.Since(start))
		}
	}
	if len(samples) == 0 {
		return 0, 0
	}
	slices.Sort(samples)
	at := func(q float64) time.Duration { return samples[min(len(samples)-1, int(q*float64(len(samples))))] }
	return at(0.50), at(0.99)
}

// Slowest is the longest any one message takes f, as the best of runs
// tries: the message's own cost, without the scheduler's and the
// collector's pauses that a loaded machine adds to the percentiles.
func Slowest(f func(string), messages []string, runs int) time.Duration {
	var slowest time.Duration
	for _, m := range messages {
		best := time.Duration(math.MaxInt64)
		for range max(runs, 1) {
			start := time.Now()
			f(m)
			best = min(best, time.Since(start))
		}
		slowest = max(slowest, best)
	}
	return slowest
}
