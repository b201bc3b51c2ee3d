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

// crossValidated is the development set's 10-fold cross-validation, shared
// by the tests below (it trains ten models).
var crossValidated = sync.OnceValue(func() []Outcome {
	return CrossValidate(chat.DevSet(), 10, chat.ModelThreshold)
})

// TestCrossValidatedFloors holds the layer's figures on the development set
// to floors a little under what it reaches: a guard against a change that
// loses recall or adds false alarms, measured on data rather than per row.
// Raise them when the layer improves; never lower them to pass.
func TestCrossValidatedFloors(t *testing.T) {
	s := Summarize(crossValidated())
	floors := map[string]float64{
		lifeline.ConcernSuicide: 0.97, lifeline.ConcernSelfHarm: 0.93, lifeline.ConcernOverdose: 0.97,
		lifeline.ConcernDanger: 0.95, lifeline.ConcernUrge: 0.97,
	}
	for label, floor := range floors {
		if f := s.Recall[label]; f.Rate() < floor {
			t.Errorf("%s recall %s, under its floor %.0f%%", label, f, 100*floor)
		}
	}
	if s.CrisisAll.Rate() < 0.98 {
		t.Errorf("crisis recall %s, under its floor 98%%", s.CrisisAll)
	}
	if s.FalseAlarms.Rate() > 0.05 {
		t.Errorf("false alarms %s, over the ceiling 5%%", s.FalseAlarms)
	}
	if s.KindAccuracy.Rate() < 0.95 {
		t.Errorf("kind accuracy %s, under its floor 95%%", s.KindAccuracy)
	}
	for _, m := range s.Misses {
		t.Logf("missed: %q (%s) heard %q: %s", m.Text, m.Label, m.Concern, m.Why)
	}
}

// TestModelThresholdIsCrossValidated checks that chat.ModelThreshold is the
// rule it is documented to follow: the lowest threshold, in steps of 0.05,
// whose cross-validated false alarms on the development set stay at or
// under 5%. When the data or the layer change, update the constant.
func TestModelThresholdIsCrossValidated(t *testing.T) {
	outcomes := crossValidated()
	chosen := math.NaN()
	for step := 10; step <= 20; step++ {
		threshold := float64(step) / 20
		if Summarize(WithThreshold(outcomes, threshold)).FalseAlarms.Rate() <= 0.05 {
			chosen = threshold
			break
		}
	}
	if math.Abs(chosen-chat.ModelThreshold) > 1e-9 {
		t.Errorf("cross-validation chooses the threshold %.2f, chat.ModelThreshold is %.2f", chosen, chat.ModelThreshold)
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
