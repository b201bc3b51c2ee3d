package signals_test

import (
	"strings"
	"testing"
	"time"

	"lifeline"
	"lifeline/signals"
)

var today = lifeline.Date{Time: time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)}

// steady is n daily check-ins, the newest end days before today.
func steady(n, end int, mood, craving int8) []signals.CheckIn {
	out := make([]signals.CheckIn, 0, n)
	for i := n - 1; i >= 0; i-- {
		out = append(out, signals.CheckIn{Date: today.AddDays(-end - i), Mood: mood, Craving: craving})
	}
	return out
}

func with(base []signals.CheckIn, recent ...[2]int8) []signals.CheckIn {
	out := append([]signals.CheckIn(nil), base...)
	for i, r := range recent {
		out = append(out, signals.CheckIn{Date: today.AddDays(-(len(recent) - 1 - i)), Mood: r[0], Craving: r[1]})
	}
	return out
}

func bams(risks, protectives []int16) []signals.BAM {
	out := make([]signals.BAM, len(risks))
	for i := range risks {
		out[i] = signals.BAM{Date: today.AddDays(-7 * (len(risks) - 1 - i)), Risk: risks[i], Protective: protectives[i]}
	}
	return out
}

func visits(zone string, daysAgo ...int) []signals.Visit {
	out := make([]signals.Visit, len(daysAgo))
	for i, d := range daysAgo {
		out[i] = signals.Visit{Date: today.AddDays(-d), Zone: zone}
	}
	return out
}

func TestEvaluate(t *testing.T) {
	base := steady(20, 3, 7, 3) // three weeks of mood 7, cravings 3, up to three days ago
	tests := []struct {
		name    string
		person  signals.Person
		kinds   []string
		explain []string // the explanations, in order
	}{
		{name: "nothing unusual", person: signals.Person{CheckIns: with(base, [2]int8{7, 3}, [2]int8{6, 4}, [2]int8{7, 3})}},
		{name: "cravings rise", person: signals.Person{CheckIns: with(base, [2]int8{7, 5}, [2]int8{7, 6}, [2]int8{7, 7})},
			kinds:   []string{signals.KindCravings},
			explain: []string{"Your cravings averaged 6 out of 10 over your last three check-ins; your usual is 3."}},
		{name: "cravings rise just short of the threshold", person: signals.Person{CheckIns: with(base, [2]int8{7, 5}, [2]int8{7, 4}, [2]int8{7, 5})}},
		{name: "cravings rise without enough history", person: signals.Person{CheckIns: with(steady(6, 3, 7, 3), [2]int8{7, 8}, [2]int8{7, 8}, [2]int8{7, 8})}},
		{name: "cravings rise but the recent check-ins are old", person: signals.Person{CheckIns: append(steady(20, 20, 7, 3), steady(3, 10, 7, 9)...)},
			kinds: []string{signals.KindCheckIns}},
		{name: "mood falls", person: signals.Person{CheckIns: with(base, [2]int8{4, 3}, [2]int8{5, 3}, [2]int8{4, 3})},
			kinds:   []string{signals.KindMood},
			explain: []string{"Your mood averaged 4 out of 10 over your last three check-ins; your usual is 7."}},
		{name: "both", person: signals.Person{CheckIns: with(base, [2]int8{3, 8}, [2]int8{3, 8}, [2]int8{3, 8})},
			kinds: []string{signals.KindCravings, signals.KindMood}},
		{name: "check-ins stop", person: signals.Person{CheckIns: steady(28, 4, 7, 3)},
			kinds:   []string{signals.KindCheckIns},
			explain: []string{"Your last check-in was 4 days ago; you usually check in about 7 days a week."}},
		{name: "check-ins pause for two days", person: signals.Person{CheckIns: steady(28, 3, 7, 3)}},
		{name: "someone who rarely checks in", person: signals.Person{CheckIns: steady(10, 6, 7, 3)}},
		{name: "BAM risk rises", person: signals.Person{BAM: bams([]int16{6, 7, 5, 10}, []int16{14, 14, 14, 14})},
			kinds:   []string{signals.KindBAMRisk},
			explain: []string{"Your newest Brief Addiction Monitor has a risk score of 10; your three before it averaged 6. A higher risk score means more is weighing on you."}},
		{name: "BAM protective falls", person: signals.Person{BAM: bams([]int16{6, 6}, []int16{15, 11})},
			kinds:   []string{signals.KindBAMProtective},
			explain: []string{"Your newest Brief Addiction Monitor has a protective score of 11; your one before it was 15. The protective score counts what holds you up."}},
		{name: "one BAM is no history", person: signals.Person{BAM: bams([]int16{20}, []int16{2})}},
		{name: "BAM small change", person: signals.Person{BAM: bams([]int16{6, 8}, []int16{14, 12})}},
		{name: "avoid zone more often", person: signals.Person{LocationOn: true, Visits: visits("Murphy's Bar", 30, 5, 3, 3, 1)},
			kinds:   []string{signals.KindAvoidZone},
			explain: []string{"You were near Murphy's Bar on 3 days this week; usually less than once a week."}},
		{name: "avoid zone, two places", person: signals.Person{LocationOn: true,
			Visits: append(visits("Murphy's Bar", 5, 3), visits("The Corner Shop", 1)...)},
			kinds:   []string{signals.KindAvoidZone},
			explain: []string{"You were near places you chose to avoid on 3 days this week; usually not at all."}},
		{name: "avoid zone as usual", person: signals.Person{LocationOn: true, Visits: visits("Murphy's Bar", 30, 27, 23, 20, 16, 13, 9, 5, 2)}},
		{name: "avoid zone with location off", person: signals.Person{Visits: visits("Murphy's Bar", 5, 3, 1)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.person.Today = today
			got := signals.Evaluate(&tt.person)
			if len(got) != len(tt.kinds) {
				t.Fatalf("got %d signals %+v, want %v", len(got), got, tt.kinds)
			}
			for i, s := range got {
				if s.Kind != tt.kinds[i] {
					t.Errorf("signal %d is %s, want %s", i, s.Kind, tt.kinds[i])
				}
				if i < len(tt.explain) && s.Explanation != tt.explain[i] {
					t.Errorf("explanation\n got %q\nwant %q", s.Explanation, tt.explain[i])
				}
				if s.Title == "" || s.Shared == "" || s.Step != signals.GeneralStep || s.FromPlan {
					t.Errorf("signal %d incomplete: %+v", i, s)
				}
			}
		})
	}
}

func TestSharedNamesNoPlace(t *testing.T) {
	p := signals.Person{Today: today, LocationOn: true, Visits: visits("Murphy's Bar", 5, 3, 1)}
	got := signals.Evaluate(&p)
	if len(got) != 1 || got[0].Shared != "Near a place they chose to avoid on 3 days this week; usually not at all." {
		t.Fatalf("got %+v", got)
	}
}

func TestStepsFromThePlan(t *testing.T) {
	p := signals.Person{Today: today, CheckIns: with(steady(20, 3, 7, 3), [2]int8{3, 8}, [2]int8{3, 8}, [2]int8{3, 8}),
		CopingActions: []string{"  ", "Call Dana", "Walk the dog"}}
	got := signals.Evaluate(&p)
	if len(got) != 2 {
		t.Fatalf("got %+v", got)
	}
	for i, want := range []string{"Call Dana", "Walk the dog"} {
		if got[i].Step != want || !got[i].FromPlan {
			t.Errorf("signal %d step %q (from plan %v), want %q", i, got[i].Step, got[i].FromPlan, want)
		}
	}
}

// TestWordsAreKind keeps the rules' words away from what a person on a bad
// day should not read.
func TestWordsAreKind(t *testing.T) {
	p := signals.Person{Today: today, LocationOn: true,
		CheckIns: with(steady(20, 3, 7, 3), [2]int8{3, 8}, [2]int8{3, 8}, [2]int8{3, 8}),
		BAM:      bams([]int16{4, 12}, []int16{16, 8}), Visits: visits("X", 3, 2, 1)}
	for _, s := range signals.Evaluate(&p) {
		for _, text := range []string{s.Title, s.Explanation, s.Shared} {
			for _, word := range []string{"relapse", "failure", "failed", "diagnos", "detected", "warning"} {
				if strings.Contains(strings.ToLower(text), word) {
					t.Errorf("%s says %q: %q", s.Kind, word, text)
				}
			}
		}
	}
}

// BenchmarkEvaluate: one person with five weeks of check-ins, weekly BAMs
// and a few avoid-zone days; the usual case returns nothing.
func BenchmarkEvaluate(b *testing.B) {
	p := signals.Person{Today: today, LocationOn: true, CheckIns: steady(33, 0, 7, 3),
		BAM: bams([]int16{6, 7, 6, 6, 7}, []int16{14, 14, 15, 14, 14}), Visits: visits("X", 30, 16, 4),
		CopingActions: []string{"Call Dana"}}
	b.ReportAllocs()
	for b.Loop() {
		if len(signals.Evaluate(&p)) != 0 {
			b.Fatal("signals on a steady person")
		}
	}
}
