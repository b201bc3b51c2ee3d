package signaleval_test

import (
	"testing"

	"lifeline/internal/bench/signaleval"
)

// TestRulesFindTheInjectedShifts evaluates a small synthetic cohort: each
// rule must find most of its own kind of shift, far more often than it
// speaks up by chance for someone with no shift over the same days.
func TestRulesFindTheInjectedShifts(t *testing.T) {
	r := signaleval.Evaluate(signaleval.Cohort(7, 360))
	if r.Shifted != 180 {
		t.Fatalf("%d shifted people, want 180", r.Shifted)
	}
	window := float64(signaleval.Days-signaleval.ShiftTo) / 30 // the fewest months a shift has to be found in
	for _, rule := range r.Rules {
		sensitivity := signaleval.Sensitivity(rule.Found, rule.Shifted)
		// chance: how often this rule would begin to speak up for someone
		// without a shift in the same time (at most 1).
		chance := min(1, float64(rule.FalseAlarms)/r.PersonMonths*window)
		t.Logf("%s: %d/%d found (%.0f%%), median delay %d days, chance %.2f", rule.Kind, rule.Found, rule.Shifted, 100*sensitivity,
			signaleval.Quantile(rule.Delays, 0.5), chance)
		if sensitivity < 0.7 || sensitivity < 4*chance {
			t.Errorf("%s finds %.0f%% of its shifts; chance alone would %.0f%%", rule.Kind, 100*sensitivity, 100*chance)
		}
		if median := signaleval.Quantile(rule.Delays, 0.5); median > 7 {
			t.Errorf("%s takes %d days (median) to find a shift", rule.Kind, median)
		}
	}
	if fa := float64(r.FalseAlarms) / r.PersonMonths; fa > 1 {
		t.Errorf("%.2f false alarms per person-month", fa)
	}
}

// TestCohortIsSeeded: the same seed makes the same people.
func TestCohortIsSeeded(t *testing.T) {
	a, b := signaleval.Cohort(3, 20), signaleval.Cohort(3, 20)
	for i := range a {
		if len(a[i].CheckIns) != len(b[i].CheckIns) || a[i].ShiftDay != b[i].ShiftDay || len(a[i].Visits) != len(b[i].Visits) {
			t.Fatalf("person %d differs between two runs of seed 3", i)
		}
	}
}
