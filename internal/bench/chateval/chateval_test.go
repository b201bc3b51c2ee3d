package chateval

import (
	"math"
	"sync"
	"testing"

	"lifeline"
	"lifeline/chat"
)

func TestWilson(t *testing.T) {
	tests := []struct {
		k, n   int
		lo, hi float64
	}{
		{10, 58, 0.0964, 0.2891},
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{57, 58, 0.9086, 0.9969},
	}
	for _, tt := range tests {
		f := Wilson(tt.k, tt.n)
		if math.Abs(f.Lo-tt.lo) > 5e-4 || math.Abs(f.Hi-tt.hi) > 5e-4 {
			t.Errorf("Wilson(%d, %d) = %.4f–%.4f, want %.4f–%.4f", tt.k, tt.n, f.Lo, f.Hi, tt.lo, tt.hi)
		}
	}
	if f := Wilson(0, 0); f.String() != "n/a (0/0)" {
		t.Errorf("no messages reads %q", f)
	}
}

func TestCaughtCounts(t *testing.T) {
	tests := []struct {
		label, heard string
		caught       bool
	}{
		{lifeline.ConcernSuicide, lifeline.ConcernOverdose, true}, // any crisis is caught; its kind is counted apart
		{lifeline.ConcernSuicide, lifeline.ConcernUrge, false},
		{lifeline.ConcernUrge, lifeline.ConcernDanger, true},
		{lifeline.ConcernUrge, "", false},
		{chat.LabelNone, "", true},
		{chat.LabelNone, lifeline.ConcernUrge, false},
	}
	for _, tt := range tests {
		o := Outcome{Example: chat.Example{Label: tt.label}, Concern: tt.heard}
		if o.Caught() != tt.caught {
			t.Errorf("%s heard as %q: caught %v, want %v", tt.label, tt.heard, o.Caught(), tt.caught)
		}
	}
}

// leftOut is the development corpus measured one author at a time, the
// model trained on the others, shared by the tests below.
var leftOut = sync.OnceValue(func() []Outcome {
	return LeaveOneAuthorOut(chat.DevSet(), chat.ModelThreshold)
})

// TestLeaveOneAuthorOutFloors holds the layer's figures, each author
// assessed by a model trained on the others, to LeftOutFloors.
func TestLeaveOneAuthorOutFloors(t *testing.T) {
	for _, unmet := range LeftOutFloors.Unmet(Summarize(leftOut())) {
		t.Error(unmet)
	}
}

// TestModelThresholdIsChosenByAuthors checks that chat.ModelThreshold,
// chat.RuleDoubt, chat.SuicideDoubt and chat.FollowUpThreshold follow the rule they are
// documented to follow: ChooseThresholds on the authors left out, with
// LeftOutFloors, MissCost and FollowUpMissCost (after crisis talk the model never
// overrules the rules). When the data or the layer change, update the
// constants.
func TestModelThresholdIsChosenByAuthors(t *testing.T) {
	threshold, doubt, suicideDoubt := ChooseThresholds(leftOut(), MissCost, Doubts(), LeftOutFloors)
	followUp := ChooseThreshold(leftOut(), FollowUpMissCost)
	for _, tt := range []struct {
		name            string
		chosen, current float64
	}{
		{"chat.ModelThreshold", threshold, chat.ModelThreshold},
		{"chat.RuleDoubt", doubt, chat.RuleDoubt},
		{"chat.SuicideDoubt", suicideDoubt, chat.SuicideDoubt},
		{"chat.FollowUpThreshold", followUp, chat.FollowUpThreshold},
	} {
		if math.Abs(tt.chosen-tt.current) > 1e-9 {
			t.Errorf("leaving one author out chooses %.2f for %s, which is %.2f", tt.chosen, tt.name, tt.current)
		}
	}
}

func TestLeaveOneAuthorOutKeepsEachExample(t *testing.T) {
	var examples []chat.Example
	for _, author := range []string{"x", "y", "z"} {
		examples = append(examples,
			chat.Example{Text: "I want to die " + author, Label: lifeline.ConcernSuicide, Author: author},
			chat.Example{Text: "lovely walk today " + author, Label: chat.LabelNone, Author: author})
	}
	out := LeaveOneAuthorOut(examples, chat.ModelThreshold)
	if len(out) != len(examples) {
		t.Fatalf("%d outcomes for %d examples", len(out), len(examples))
	}
	for i, o := range out {
		if o.Example != examples[i] {
			t.Errorf("outcome %d is of %+v, want %+v", i, o.Example, examples[i])
		}
	}
	if len(OfAuthor(out, "y")) != 2 || LeaveOneAuthorOut(nil, 0.5) != nil {
		t.Error("OfAuthor or an empty corpus")
	}
}

// twoCrisesTwoOrdinary are two crises the model scores 0.6 and 0.9 and
// two ordinary messages it scores 0.5 and 0.7, heard by no rule.
func twoCrisesTwoOrdinary() []Outcome {
	return []Outcome{
		{Example: chat.Example{Label: lifeline.ConcernSuicide}, Score: 0.6, ModelConcern: lifeline.ConcernSuicide},
		{Example: chat.Example{Label: lifeline.ConcernSuicide}, Score: 0.9, ModelConcern: lifeline.ConcernSuicide},
		{Example: chat.Example{Label: chat.LabelNone}, Score: 0.5, ModelConcern: lifeline.ConcernSuicide},
		{Example: chat.Example{Label: chat.LabelNone}, Score: 0.7, ModelConcern: lifeline.ConcernSuicide},
	}
}

func TestChooseThreshold(t *testing.T) {
	// At 0.60 one false alarm (cost 1/2), at 0.75 one miss and
	// none (1/2 × missCost), at 0.95 two misses.
	out := twoCrisesTwoOrdinary()
	if got := ChooseThreshold(out, 1); got != 0.55 {
		t.Errorf("a miss costing a false alarm: %.2f, want 0.55 (the lowest of the equal costs)", got)
	}
	if got := ChooseThreshold(out, 2); got != 0.55 {
		t.Errorf("a miss costing two: %.2f, want 0.55", got)
	}
	if got := ChooseThreshold(out, 0.5); got != 0.75 {
		t.Errorf("a miss costing half: %.2f, want 0.75", got)
	}
}

// TestChooseThresholdsMeetsTheFloorsFirst: with a miss costing half a
// false alarm the cheapest threshold (0.75) misses one crisis of two; a
// floor on crisis recall makes the chooser pay the false alarm instead,
// and a floor no point meets leaves the cheapest point (and the floors'
// test to fail).
func TestChooseThresholdsMeetsTheFloorsFirst(t *testing.T) {
	out := twoCrisesTwoOrdinary()
	for _, tt := range []struct {
		name   string
		floors Floors
		want   float64
	}{
		{"no floor", Floors{}, 0.75},
		{"every crisis heard", Floors{Crisis: 1}, 0.55},
		{"every suicide heard", Floors{Recall: map[string]float64{lifeline.ConcernSuicide: 1}}, 0.55},
		{"no false alarm either: none meets both", Floors{Crisis: 1, FalseAlarms: 0.01}, 0.75},
	} {
		if got, _, _ := ChooseThresholds(out, 0.5, []float64{0}, tt.floors); got != tt.want {
			t.Errorf("%s: %.2f, want %.2f", tt.name, got, tt.want)
		}
	}
}

func TestLegacyIsTheOldPhraseTable(t *testing.T) {
	for message, want := range map[string]string{
		"I want to end it all":          lifeline.ConcernSuicide,
		"my brother is unresponsive":    lifeline.ConcernOverdose,
		"nobody would miss me":          "", // what the old table missed
		"I'm at the liquor store":       "",
		"I'm cutting back on coffee":    "",
		"my boyfriend keeps hitting me": lifeline.ConcernDanger,
		"I started cutting again":       lifeline.ConcernSelfHarm,
		"I took my pills this morning":  "",
	} {
		if got := Legacy(message); got != want {
			t.Errorf("Legacy(%q) = %q, want %q", message, got, want)
		}
	}
}
