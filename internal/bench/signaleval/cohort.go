// Package signaleval measures the early-warning signals (package signals)
// on a SYNTHETIC cohort: generated people, never real ones, with
// day-to-day noise, weekly patterns and missed days, half of them with one
// known shift injected on a known day. It reports, per rule and overall,
// how many shifts the rules find (sensitivity), how many days after the
// shift they first say so (detection delay), and how often they speak up
// for people with no shift (false alarms per person-month). make
// bench-signals writes the figures to BENCHMARKS.md; docs/signals.md
// explains them.
package signaleval

import (
	"math"
	"math/rand/v2"
	"time"

	"lifeline"
	"lifeline/signals"
)

// Shift kinds: what changes in a person from their shift day on. Each is
// meant to be found by the rule of the same name.
const (
	ShiftNone          = ""
	ShiftCravings      = signals.KindCravings      // cravings rise by CravingShift over three days
	ShiftMood          = signals.KindMood          // mood falls by MoodShift over three days
	ShiftCheckIns      = signals.KindCheckIns      // check-ins stop
	ShiftBAMRisk       = signals.KindBAMRisk       // the BAM risk score rises by BAMShift
	ShiftBAMProtective = signals.KindBAMProtective // the BAM protective score falls by BAMShift
	ShiftAvoidZone     = signals.KindAvoidZone     // evenings near an avoid zone, AvoidShift days a week
)

// ShiftKinds lists the injected shifts, in signals.Kinds' order.
var ShiftKinds = []string{ShiftCravings, ShiftMood, ShiftCheckIns, ShiftBAMRisk, ShiftBAMProtective, ShiftAvoidZone}

// The injected shifts' sizes: moderate, not dramatic (a rise of 2.5 points
// on a 1–10 scale is about two standard deviations of a person's own
// day-to-day noise at its largest).
const (
	CravingShift = 2.5
	MoodShift    = 2.5
	BAMShift     = 5.0
	AvoidShift   = 3.0 // days a week
)

// Days is each synthetic person's history; the shift falls between
// ShiftFrom and ShiftTo, leaving at least 21 days to find it.
const (
	Days      = 91
	ShiftFrom = 42
	ShiftTo   = 70
	// FirstEval is the first day the rules are evaluated: the look-back
	// is full from here.
	FirstEval = signals.LookbackDays
)

// Start is the synthetic cohort's first day (any date would do).
var Start = lifeline.Date{Time: time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)}

// Person is one synthetic person's whole history and their shift.
type Person struct {
	CheckIns []signals.CheckIn // oldest first, over Days
	BAM      []signals.BAM
	Visits   []signals.Visit
	Location bool
	Shift    string // ShiftNone for people without one
	ShiftDay int    // days after Start
}

// Cohort makes n synthetic people from seed: about half with no shift,
// the others with one shift each, the kinds in turn.
func Cohort(seed uint64, n int) []Person {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	out := make([]Person, n)
	for i := range out {
		shift := ShiftNone
		if i%2 == 1 {
			shift = ShiftKinds[(i/2)%len(ShiftKinds)]
		}
		out[i] = person(rng, shift)
	}
	return out
}

// person draws one person's habits, then lives their Days.
func person(rng *rand.Rand, shift string) Person {
	p := Person{Shift: shift, ShiftDay: ShiftFrom + rng.IntN(ShiftTo-ShiftFrom+1)}
	if shift == ShiftNone {
		p.ShiftDay = math.MaxInt
	}
	moodBase := 4 + 4*rng.Float64()      // usual mood 4–8
	cravingBase := 1.5 + 3*rng.Float64() // usual cravings 1.5–4.5
	noise := 0.7 + 0.8*rng.Float64()     // day-to-day spread 0.7–1.5
	weekend := 1.2 * rng.Float64()       // cravings higher on Fridays and Saturdays
	checkInRate := 0.55 + 0.43*rng.Float64()
	if shift == ShiftCheckIns {
		checkInRate = 0.8 + 0.18*rng.Float64() // stopping is only news for someone who usually checks in
	}
	bam := rng.Float64() < 0.6 || shift == ShiftBAMRisk || shift == ShiftBAMProtective
	riskBase, protectiveBase := 4+8*rng.Float64(), 10+10*rng.Float64()
	p.Location = rng.Float64() < 0.7 || shift == ShiftAvoidZone
	avoidPerWeek := rng.Float64() // usual days near an avoid zone, 0–1 a week
	zone := []string{"Murphy's Bar", "The Corner Shop", "Old neighbourhood"}[rng.IntN(3)]
	bamDay := rng.IntN(7)

	var moodDev, cravingDev float64 // AR(1): a bad day tends to follow a bad day
	for d := range Days {
		date := Start.AddDays(d)
		since := d - p.ShiftDay // ≥ 0 once shifted
		ramp := 0.0
		if since >= 0 {
			ramp = math.Min(1, float64(since+1)/3)
		}
		moodDev = 0.5*moodDev + noise*rng.NormFloat64()*0.87
		cravingDev = 0.5*cravingDev + noise*rng.NormFloat64()*0.87
		mood := moodBase + moodDev
		craving := cravingBase + cravingDev
		if wd := date.Weekday(); wd == time.Friday || wd == time.Saturday {
			craving += weekend
		}
		switch shift {
		case ShiftCravings:
			craving += CravingShift * ramp
		case ShiftMood:
			mood -= MoodShift * ramp
		}
		rate := checkInRate
		if shift == ShiftCheckIns && since >= 0 {
			rate = 0
		}
		if rng.Float64() < rate {
			p.CheckIns = append(p.CheckIns, signals.CheckIn{Date: date, Mood: scale(mood), Craving: scale(craving)})
		}
		if bam && d%7 == bamDay && rng.Float64() < 0.85 {
			risk, protective := riskBase+1.5*rng.NormFloat64(), protectiveBase+1.5*rng.NormFloat64()
			if since >= 0 && shift == ShiftBAMRisk {
				risk += BAMShift
			}
			if since >= 0 && shift == ShiftBAMProtective {
				protective -= BAMShift
			}
			p.BAM = append(p.BAM, signals.BAM{Date: date, Risk: clamp(risk, 0, 24), Protective: clamp(protective, 0, 24)})
		}
		if p.Location {
			perWeek := avoidPerWeek
			if shift == ShiftAvoidZone && since >= 0 {
				perWeek = AvoidShift
			}
			if rng.Float64() < perWeek/7 {
				p.Visits = append(p.Visits, signals.Visit{Date: date, Zone: zone})
			}
		}
	}
	return p
}

func scale(v float64) int8 { return int8(clamp(v, 1, 10)) }

func clamp(v, lo, hi float64) int16 { return int16(math.Round(math.Max(lo, math.Min(hi, v)))) }

// On is p as the rules see it on day d (days after Start): everything up
// to and including that day. The lists are p's own, cut, not copied.
func (p *Person) On(d int, into *signals.Person) {
	today := Start.AddDays(d)
	into.Today = today
	into.LocationOn = p.Location
	into.CheckIns = upTo(p.CheckIns, today, func(c signals.CheckIn) lifeline.Date { return c.Date })
	into.BAM = upTo(p.BAM, today, func(b signals.BAM) lifeline.Date { return b.Date })
	into.Visits = upTo(p.Visits, today, func(v signals.Visit) lifeline.Date { return v.Date })
}

// upTo is the prefix of list dated on or before d.
func upTo[T any](list []T, d lifeline.Date, date func(T) lifeline.Date) []T {
	n := len(list)
	for n > 0 && date(list[n-1]).After(d.Time) {
		n--
	}
	return list[:n]
}
