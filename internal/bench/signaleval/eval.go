package signaleval

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"lifeline/signals"
)

// RuleResult is one rule's figures on the cohort.
type RuleResult struct {
	Kind string
	// Shifted is how many people had this kind of shift injected, Found
	// how many of them this rule spoke up for on or after their shift day
	// and within the days left; Delays are those first days after the
	// shift, sorted.
	Shifted, Found int
	Delays         []int
	// FalseAlarms counts the times this rule began to speak up (a day it
	// fires after a day it did not) for people without any shift.
	FalseAlarms int
}

// Report is the evaluation of a cohort.
type Report struct {
	People, Shifted int
	// PersonMonths are the evaluated days of the people without a shift,
	// over 30.
	PersonMonths float64
	Rules        []RuleResult
	// Overall: the shifts found by their own rule, and every rule's false
	// alarms together.
	Found, FalseAlarms int
	Delays             []int
}

// Evaluate runs the rules on every person for each day from FirstEval to
// the end, as if each day were today.
func Evaluate(cohort []Person) Report {
	r := Report{People: len(cohort), Rules: make([]RuleResult, len(signals.Kinds))}
	for i, k := range signals.Kinds {
		r.Rules[i].Kind = k
	}
	var in signals.Person
	evaluated := 0
	for pi := range cohort {
		p := &cohort[pi]
		rule := slices.Index(signals.Kinds, p.Shift)
		if rule >= 0 {
			r.Shifted++
			r.Rules[rule].Shifted++
		}
		var was [8]bool // which kinds fired yesterday
		found := false
		for d := FirstEval; d < Days; d++ {
			p.On(d, &in)
			var now [8]bool
			for _, s := range signals.Evaluate(&in) {
				now[slices.Index(signals.Kinds, s.Kind)] = true
			}
			if rule < 0 {
				evaluated++
				for k := range signals.Kinds {
					if now[k] && !was[k] {
						r.Rules[k].FalseAlarms++
						r.FalseAlarms++
					}
				}
			} else if !found && d >= p.ShiftDay && now[rule] {
				found = true
				r.Rules[rule].Found++
				r.Rules[rule].Delays = append(r.Rules[rule].Delays, d-p.ShiftDay)
				r.Found++
				r.Delays = append(r.Delays, d-p.ShiftDay)
			}
			was = now
		}
	}
	r.PersonMonths = float64(evaluated) / 30
	for i := range r.Rules {
		slices.Sort(r.Rules[i].Delays)
	}
	slices.Sort(r.Delays)
	return r
}

// Quantile is the q-quantile of sorted (nearest rank), -1 when empty.
func Quantile(sorted []int, q float64) int {
	if len(sorted) == 0 {
		return -1
	}
	i := int(q*float64(len(sorted))+0.999999) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

// Sensitivity is found/shifted, 0 without shifts.
func Sensitivity(found, shifted int) float64 {
	if shifted == 0 {
		return 0
	}
	return float64(found) / float64(shifted)
}

// Markdown is the report as the BENCHMARKS.md table.
func (r Report) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "| rule | shifts injected | found | sensitivity | delay median (days) | delay p90 (days) | false alarms per person-month |\n")
	fmt.Fprintf(&b, "| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, rr := range r.Rules {
		fmt.Fprintf(&b, "| %s | %d | %d | %.1f%% | %s | %s | %.3f |\n", rr.Kind, rr.Shifted, rr.Found, 100*Sensitivity(rr.Found, rr.Shifted),
			days(Quantile(rr.Delays, 0.5)), days(Quantile(rr.Delays, 0.9)), float64(rr.FalseAlarms)/r.PersonMonths)
	}
	fmt.Fprintf(&b, "| **all rules** | %d | %d | %.1f%% | %s | %s | %.3f |\n", r.Shifted, r.Found, 100*Sensitivity(r.Found, r.Shifted),
		days(Quantile(r.Delays, 0.5)), days(Quantile(r.Delays, 0.9)), float64(r.FalseAlarms)/r.PersonMonths)
	return b.String()
}

func days(d int) string {
	if d < 0 {
		return "–"
	}
	return fmt.Sprint(d)
}

// Today is each person of cohort as the rules see them on their last day:
// the inputs of the timing, as the store would load them.
func Today(cohort []Person) []signals.Person {
	out := make([]signals.Person, len(cohort))
	for i := range cohort {
		cohort[i].On(Days-1, &out[i])
		out[i].CheckIns = lastDays(out[i].CheckIns, out[i].Today.AddDays(-signals.LookbackDays+1).Time, func(c signals.CheckIn) time.Time { return c.Date.Time })
		out[i].Visits = lastDays(out[i].Visits, out[i].Today.AddDays(-signals.LookbackDays+1).Time, func(v signals.Visit) time.Time { return v.Date.Time })
		out[i].CopingActions = []string{"Call my sponsor", "Walk round the block"}
	}
	return out
}

// lastDays is the suffix of list dated from from on.
func lastDays[T any](list []T, from time.Time, date func(T) time.Time) []T {
	i := 0
	for i < len(list) && date(list[i]).Before(from) {
		i++
	}
	return list[i:]
}

// Timing is one measurement of evaluating everyone's signals against the
// baseline: one pass over the same inputs adding their numbers up.
type Timing struct {
	People             int
	Evaluate, Baseline time.Duration
	Signals            int
}

// Time evaluates people's signals, best of rounds, and the baseline's.
func Time(people []signals.Person, rounds int) Timing {
	t := Timing{People: len(people), Evaluate: time.Duration(1<<63 - 1), Baseline: time.Duration(1<<63 - 1)}
	for range max(1, rounds) {
		start := time.Now()
		n := 0
		for i := range people {
			n += len(signals.Evaluate(&people[i]))
		}
		t.Evaluate = min(t.Evaluate, time.Since(start))
		t.Signals = n

		start = time.Now()
		sum := 0
		for i := range people {
			p := &people[i]
			for _, c := range p.CheckIns {
				sum += int(c.Mood) + int(c.Craving)
			}
			for _, b := range p.BAM {
				sum += int(b.Risk) + int(b.Protective)
			}
			sum += len(p.Visits)
		}
		t.Baseline = min(t.Baseline, time.Since(start))
		sink = sum
	}
	return t
}

// sink keeps the baseline's sum from being optimised away.
var sink int
