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
// assessed by a model trained on the others, to floors a little under what
// it reaches: a guard against a change that loses recall or adds false
// alarms, measured on data rather than per row. Raise them when the layer
// improves; never lower them to pass.
func TestLeaveOneAuthorOutFloors(t *testing.T) {
	s := Summarize(leftOut())
	floors := map[string]float64{
		lifeline.ConcernSuicide: 0.960, lifeline.ConcernSelfHarm: 0.985, lifeline.ConcernOverdose: 0.98,
		lifeline.ConcernDanger: 0.98, lifeline.ConcernUrge: 0.960,
	}
	// Suicide 96.5%, urges 96.5% and every crisis 97.8% until round 12,
	// when d22 joined: 101 suicides and 53 urges told only as arrangements
	// and steps (a policy's clause, a treatment stopped, a cab to the old
	// pub), heard about three times in four left out. On the thirty-four
	// authors before it the layer hears 12 more crises (7900 → 7912), 3
	// fewer urges (1971 → 1968) and alarms 43 times less (682 → 639): the
	// floors fall with the pooled figure, not with the layer.
	for label, floor := range floors {
		if f := s.Recall[label]; f.Rate() < floor {
			t.Errorf("%s recall %s, under its floor %.1f%%", label, f, 100*floor)
		}
	}
	if s.CrisisAll.Rate() < 0.974 {
		t.Errorf("crisis recall %s, under its floor 97.4%%", s.CrisisAll)
	}
	// 10.5% until round 11: d19 and d20 brought 290 hard safe twins (d20's
	// alarm 40% of the time on round 10's layer), and round 10's layer
	// alarms on 12.4% of the thirty-two authors' ordinary talk; round 11's
	// on 11.5%. 13.5% since d21 joined: its 320 everyday messages about
	// doses and moods alarm 31.9% of the time left out (no other author
	// teaches the model that routine), and the thresholds it let the layer
	// lower alarm on 12.0% of the other thirty-two authors' ordinary talk
	// for 24 more of their crises heard.
	if s.FalseAlarms.Rate() > 0.135 {
		t.Errorf("false alarms %s, over the ceiling 13.5%%", s.FalseAlarms)
	}
	// Secondary: an urge or a crisis heard as another crisis still gets help.
	if s.KindAccuracy.Rate() < 0.92 {
		t.Errorf("kind accuracy %s, under its floor 92.0%%", s.KindAccuracy)
	}
}

// TestModelThresholdIsChosenByAuthors checks that chat.ModelThreshold,
// chat.RuleDoubt, chat.SuicideDoubt and chat.FollowUpThreshold follow the rule they are
// documented to follow: ChooseThresholds on the authors left out, with
// MissCost and FollowUpMissCost (after crisis talk the model never
// overrules the rules). When the data or the layer change, update the
// constants.
func TestModelThresholdIsChosenByAuthors(t *testing.T) {
	threshold, doubt, suicideDoubt := ChooseThresholds(leftOut(), MissCost, Doubts())
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

func TestChooseThreshold(t *testing.T) {
	// Two crises the model scores 0.6 and 0.9, two ordinary messages 0.5
	// and 0.7: at 0.60 one false alarm (cost 1/2), at 0.75 one miss and
	// none (1/2 × missCost), at 0.95 two misses.
	out := []Outcome{
		{Example: chat.Example{Label: lifeline.ConcernSuicide}, Score: 0.6, ModelConcern: lifeline.ConcernSuicide},
		{Example: chat.Example{Label: lifeline.ConcernSuicide}, Score: 0.9, ModelConcern: lifeline.ConcernSuicide},
		{Example: chat.Example{Label: chat.LabelNone}, Score: 0.5, ModelConcern: lifeline.ConcernSuicide},
		{Example: chat.Example{Label: chat.LabelNone}, Score: 0.7, ModelConcern: lifeline.ConcernSuicide},
	}
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
