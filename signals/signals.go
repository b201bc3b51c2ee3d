// Package signals finds early-warning signals in one person's own data:
// transparent rules that compare their recent days with their own usual,
// each saying its arithmetic in plain words and offering one step from
// their own coping plan. A signal is a pattern in a person's numbers, never
// a diagnosis. The rules, their thresholds and how they were tuned on a
// synthetic cohort are in docs/signals.md.
//
// The package is pure: no SQL, no HTTP, no clock. Evaluate makes one pass
// over each kind of input and allocates only for the signals it returns.
package signals

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"lifeline"
)

// Kinds of signal, in the order Evaluate returns them.
const (
	KindCravings      = "cravings"       // cravings above the person's usual
	KindMood          = "mood"           // mood below the person's usual
	KindCheckIns      = "checkins"       // days without a check-in for someone who usually checks in
	KindBAMRisk       = "bam_risk"       // the Brief Addiction Monitor's risk score went up
	KindBAMProtective = "bam_protective" // the Brief Addiction Monitor's protective score went down
	KindAvoidZone     = "avoid_zone"     // more days near an avoid zone than usual
)

// Kinds lists every kind, in the order Evaluate returns them.
var Kinds = []string{KindCravings, KindMood, KindCheckIns, KindBAMRisk, KindBAMProtective, KindAvoidZone}

// The rules' thresholds, tuned on the synthetic cohort (internal/bench/
// signaleval; docs/signals.md says why each is what it is).
const (
	// LookbackDays is how far back the rules read: the short window and
	// the baseline before it.
	LookbackDays = 35
	// RecentCheckIns is the short window of the cravings and mood rules:
	// the person's newest check-ins, all within RecentDays of today.
	RecentCheckIns = 3
	RecentDays     = 7
	// BaselineDays is the baseline before the short window; a rule needs
	// MinBaseline check-ins in it before it says anything.
	BaselineDays = 28
	MinBaseline  = 7
	// CravingRise and MoodDrop are how far the short window's average
	// must move from the baseline's, in points of the 1–10 scales.
	CravingRise = 2.0
	MoodDrop    = 2.0
	// MissedDays without a check-in (today not counted: there is still
	// time) signal for someone who checked in on at least UsualCheckIns of
	// the BaselineDays before their last check-in.
	MissedDays    = 3
	UsualCheckIns = 20
	// BAMChange is how many points the newest Brief Addiction Monitor's
	// risk score must rise (or its protective score fall) against the
	// average of up to BAMEarlier answers before it. The newest must be
	// within BAMFreshDays of today.
	BAMChange    = 4.0
	BAMEarlier   = 3
	BAMFreshDays = 14
	// AvoidDays: days near an avoid zone in the last week that signal,
	// when that is also at least AvoidRise more than the weekly average
	// of the BaselineDays before.
	AvoidDays = 3
	AvoidRise = 2.0
	// BAMLookbackDays is how far back the BAM rules read (a BAM is weekly
	// or less often).
	BAMLookbackDays = 90
	// NotNowDays is how long "Not now" sets a kind of signal aside, and
	// how long a nudge about a kind keeps the next days' nudges from
	// repeating it.
	NotNowDays = 3
	// NudgeHour is the local hour from which the day's nudge may be
	// queued (quiet hours still hold it back).
	NudgeHour = 10
)

// CheckIn is one daily check-in's numbers (both scales 1 to 10; mood 10 is
// the best, cravings 10 the strongest).
type CheckIn struct {
	Date          lifeline.Date
	Mood, Craving int8
}

// BAM is one Brief Addiction Monitor's subscores (measures package).
type BAM struct {
	Date                  lifeline.Date
	Use, Risk, Protective int16
}

// Visit is one day the person entered an avoid zone (an avoid-zone alert),
// in their own time zone.
type Visit struct {
	Date lifeline.Date
	Zone string // the zone's name, "" when it was deleted
}

// Person is one person's inputs, each list oldest first and within
// LookbackDays of Today (older entries are passed over).
type Person struct {
	UserID   int64
	Today    lifeline.Date
	CheckIns []CheckIn
	BAM      []BAM
	Visits   []Visit
	// LocationOn: the person has a bracelet or phone sharing their
	// location; without it the avoid-zone rule is silent.
	LocationOn bool
	// CopingActions are the steps of the person's own coping plan.
	CopingActions []string
	// NotNow are the kinds the person set aside ("Not now") in the last
	// NotNowDays: Evaluate leaves them out. Nudged are the kinds a nudge
	// was about in that time.
	NotNow, Nudged []string
}

// Signal is one rule that fired, worded for the person.
type Signal struct {
	Kind  string `json:"kind"`
	Title string `json:"title"`
	// Explanation is the rule's arithmetic in plain words, to the person.
	Explanation string `json:"explanation"`
	// Shared is the same arithmetic without "you" and without place
	// names: what a supporter with the signals scope reads.
	Shared string `json:"shared"`
	// Step is one step from the person's coping plan (FromPlan), or a
	// kind general one while the plan has none.
	Step     string `json:"step"`
	FromPlan bool   `json:"fromPlan"`
}

// GeneralStep is offered when the person's coping plan has no steps yet.
const GeneralStep = "Take ten slow breaths, drink a glass of water, and, if you can, reach out to someone you trust."

// Evaluate runs every rule over p and returns the signals that fire, in
// the order of Kinds (nil when nothing is unusual).
func Evaluate(p *Person) []Signal {
	var out []Signal
	today := day(p.Today)
	cr, mo := checkInRules(p, today)
	if cr != nil {
		out = append(out, *cr)
	}
	if mo != nil {
		out = append(out, *mo)
	}
	if s := missedRule(p, today); s != nil {
		out = append(out, *s)
	}
	risk, protective := bamRules(p, today)
	if risk != nil {
		out = append(out, *risk)
	}
	if protective != nil {
		out = append(out, *protective)
	}
	if s := avoidRule(p, today); s != nil {
		out = append(out, *s)
	}
	if len(p.NotNow) > 0 {
		out = slices.DeleteFunc(out, func(s Signal) bool { return slices.Contains(p.NotNow, s.Kind) })
	}
	for i := range out {
		out[i].Step, out[i].FromPlan = step(p.CopingActions, i)
	}
	return out
}

// day numbers a date (days since 1970-01-01); lifeline.Date is UTC midnight.
func day(d lifeline.Date) int { return int(d.Unix() / 86400) }

// checkInRules: the newest RecentCheckIns check-ins, all within RecentDays,
// against the check-ins of the BaselineDays before the first of them.
func checkInRules(p *Person, today int) (cravings, mood *Signal) {
	cs := p.CheckIns
	n := len(cs)
	if n < RecentCheckIns+MinBaseline {
		return nil, nil
	}
	first := day(cs[n-RecentCheckIns].Date)
	if today-first >= RecentDays || day(cs[n-1].Date) > today {
		return nil, nil
	}
	var recentMood, recentCraving float64
	for _, c := range cs[n-RecentCheckIns:] {
		recentMood += float64(c.Mood)
		recentCraving += float64(c.Craving)
	}
	var baseMood, baseCraving float64
	base := 0
	for i := n - RecentCheckIns - 1; i >= 0 && first-day(cs[i].Date) <= BaselineDays; i-- {
		baseMood += float64(cs[i].Mood)
		baseCraving += float64(cs[i].Craving)
		base++
	}
	if base < MinBaseline {
		return nil, nil
	}
	recentMood, recentCraving = recentMood/RecentCheckIns, recentCraving/RecentCheckIns
	baseMood, baseCraving = baseMood/float64(base), baseCraving/float64(base)
	if recentCraving-baseCraving >= CravingRise {
		now, usual := round(recentCraving), round(baseCraving)
		cravings = &Signal{Kind: KindCravings, Title: "Your cravings have been stronger than usual",
			Explanation: fmt.Sprintf("Your cravings averaged %d out of 10 over your last three check-ins; your usual is %d.", now, usual),
			Shared:      fmt.Sprintf("Cravings averaged %d out of 10 over the last three check-ins; the usual is %d.", now, usual)}
	}
	if baseMood-recentMood >= MoodDrop {
		now, usual := round(recentMood), round(baseMood)
		mood = &Signal{Kind: KindMood, Title: "Your mood has been lower than usual",
			Explanation: fmt.Sprintf("Your mood averaged %d out of 10 over your last three check-ins; your usual is %d.", now, usual),
			Shared:      fmt.Sprintf("Mood averaged %d out of 10 over the last three check-ins; the usual is %d.", now, usual)}
	}
	return cravings, mood
}

// missedRule: MissedDays or more since the last check-in, for someone who
// checked in on UsualCheckIns of the BaselineDays before it.
func missedRule(p *Person, today int) *Signal {
	cs := p.CheckIns
	if len(cs) < UsualCheckIns {
		return nil
	}
	last := day(cs[len(cs)-1].Date)
	missed := today - last - 1
	if missed < MissedDays {
		return nil
	}
	usual := 0
	for i := len(cs) - 1; i >= 0 && last-day(cs[i].Date) < BaselineDays; i-- {
		usual++
	}
	if usual < UsualCheckIns {
		return nil
	}
	perWeek := round(float64(usual) * 7 / BaselineDays)
	return &Signal{Kind: KindCheckIns, Title: "It's been a few days since your last check-in",
		Explanation: fmt.Sprintf("Your last check-in was %d days ago; you usually check in about %d days a week.", missed+1, perWeek),
		Shared:      fmt.Sprintf("The last check-in was %d days ago; usually about %d days a week.", missed+1, perWeek)}
}

// bamRules: the newest BAM, taken within BAMFreshDays, against the average
// of up to BAMEarlier before it (within LookbackDays×3: a BAM is weekly).
func bamRules(p *Person, today int) (risk, protective *Signal) {
	bs := p.BAM
	n := len(bs)
	if n < 2 || today-day(bs[n-1].Date) > BAMFreshDays {
		return nil, nil
	}
	latest := bs[n-1]
	var r, pr float64
	k := 0
	for i := n - 2; i >= 0 && k < BAMEarlier; i-- {
		r += float64(bs[i].Risk)
		pr += float64(bs[i].Protective)
		k++
	}
	r, pr = r/float64(k), pr/float64(k)
	if float64(latest.Risk)-r >= BAMChange {
		risk = &Signal{Kind: KindBAMRisk, Title: "Your Brief Addiction Monitor risk score went up",
			Explanation: fmt.Sprintf("Your newest Brief Addiction Monitor has a risk score of %d; %s. A higher risk score means more is weighing on you.", latest.Risk, before("your", k, r)),
			Shared:      fmt.Sprintf("The newest Brief Addiction Monitor has a risk score of %d; %s.", latest.Risk, before("the", k, r))}
	}
	if pr-float64(latest.Protective) >= BAMChange {
		protective = &Signal{Kind: KindBAMProtective, Title: "Your Brief Addiction Monitor protective score went down",
			Explanation: fmt.Sprintf("Your newest Brief Addiction Monitor has a protective score of %d; %s. The protective score counts what holds you up.", latest.Protective, before("your", k, pr)),
			Shared:      fmt.Sprintf("The newest Brief Addiction Monitor has a protective score of %d; %s.", latest.Protective, before("the", k, pr))}
	}
	return risk, protective
}

// avoidRule: days near an avoid zone in the last 7 days (today included)
// against the weekly average of the BaselineDays before them.
func avoidRule(p *Person, today int) *Signal {
	if !p.LocationOn || len(p.Visits) == 0 {
		return nil
	}
	recent, before := 0, 0
	zone, oneZone := "", true
	prev := math.MinInt
	for _, v := range p.Visits {
		d := day(v.Date)
		if d > today {
			continue
		}
		if today-d < 7 {
			if zone == "" {
				zone = v.Zone
			} else if v.Zone != zone {
				oneZone = false
			}
		}
		if d == prev {
			continue // a day counts once
		}
		prev = d
		switch age := today - d; {
		case age < 7:
			recent++
		case age < 7+BaselineDays:
			before++
		}
	}
	usual := float64(before) * 7 / BaselineDays
	if recent < AvoidDays || float64(recent)-usual < AvoidRise {
		return nil
	}
	place := "places you chose to avoid"
	if oneZone && zone != "" {
		place = zone
	}
	return &Signal{Kind: KindAvoidZone, Title: "More time near places you chose to avoid",
		Explanation: fmt.Sprintf("You were near %s on %s this week; usually %s.", place, days(recent), weekly(usual)),
		Shared:      fmt.Sprintf("Near a place they chose to avoid on %s this week; usually %s.", days(recent), weekly(usual))}
}

// before words the earlier answers' average: "your one before it was 6",
// "the three before it averaged 6".
func before(whose string, k int, avg float64) string {
	if k == 1 {
		return fmt.Sprintf("%s one before it was %d", whose, round(avg))
	}
	return fmt.Sprintf("%s %s before it averaged %d", whose, [...]string{"", "one", "two", "three"}[min(k, 3)], round(avg))
}

func days(n int) string {
	if n == 1 {
		return "1 day"
	}
	return fmt.Sprintf("%d days", n)
}

func weekly(avg float64) string {
	switch n := round(avg); {
	case avg < 0.5 && avg > 0:
		return "less than once a week"
	case n == 0:
		return "not at all"
	case n == 1:
		return "about once a week"
	case n == 2:
		return "about twice a week"
	default:
		return fmt.Sprintf("about %d times a week", n)
	}
}

// step picks the i-th signal's step: the plan's steps in turn, so two
// signals offer two different ones.
func step(actions []string, i int) (string, bool) {
	var n int
	for _, a := range actions {
		if strings.TrimSpace(a) != "" {
			n++
		}
	}
	if n == 0 {
		return GeneralStep, false
	}
	want := i % n
	for _, a := range actions {
		if a = strings.TrimSpace(a); a != "" {
			if want == 0 {
				return a, true
			}
			want--
		}
	}
	return GeneralStep, false
}

func round(f float64) int { return int(math.Round(f)) }
