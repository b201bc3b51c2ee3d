package lifeline

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"
)

// Trigger and coping option ids, as docs/spec.md §3 lists them.
var (
	TriggerIDs = []string{"stress", "social", "boredom", "emotions", "physical", "environment"}
	CopingIDs  = []string{"meditation", "exercise", "journaling", "support", "breathing", "distraction", "other"}
)

// Milestones are the streak lengths worth celebrating.
var Milestones = []int{7, 30, 90, 365}

// CheckIn is one day's reflection. Date is the user's local date when it
// was saved; there is at most one per user per local date.
type CheckIn struct {
	ID                 int64     `json:"id"`
	Date               Date      `json:"date"`
	CreatedAt          time.Time `json:"createdAt"`
	Mood               int       `json:"mood"`
	CravingIntensity   int       `json:"cravingIntensity"`
	MoodDescription    string    `json:"moodDescription"`
	Triggers           []string  `json:"triggers"`
	TriggerDescription string    `json:"triggerDescription"`
	SubstanceUse       bool      `json:"substanceUse"`
	SubstanceDetails   string    `json:"substanceDetails"`
	CopingStrategies   []string  `json:"copingStrategies"`
	Notes              string    `json:"notes"`
	// UpdatedAt is when the check-in was last corrected; nil if never.
	UpdatedAt *time.Time `json:"updatedAt"`
}

// CheckInFilter selects check-ins, newest first: From and To bound the
// local date (inclusive, zero for open), Before pages back (exclusive).
type CheckInFilter struct {
	From, To, Before Date
	Limit            int
}

// CheckInService stores check-ins; every method is scoped to one user.
type CheckInService interface {
	// CreateCheckIn stores c for its local date; ECONFLICT when that date
	// has one already, even when two requests race.
	CreateCheckIn(ctx context.Context, userID int64, c *CheckIn) error
	// FindCheckIn returns the check-in of a local date, ENOTFOUND if none.
	FindCheckIn(ctx context.Context, userID int64, date Date) (*CheckIn, error)
	// FindCheckInByID returns one of the user's check-ins; ENOTFOUND when
	// there is none with that id or it is someone else's.
	FindCheckInByID(ctx context.Context, userID, id int64) (*CheckIn, error)
	// UpdateCheckIn replaces what c.ID says (never its date: a check-in
	// belongs to the day it was made) and fills c in as saved, UpdatedAt
	// by the database's clock (as CreatedAt); ENOTFOUND as FindCheckInByID.
	UpdateCheckIn(ctx context.Context, userID int64, c *CheckIn) error
	// DeleteCheckIn removes one of the user's check-ins and returns it;
	// ENOTFOUND as FindCheckInByID.
	DeleteCheckIn(ctx context.Context, userID, id int64) (*CheckIn, error)
	FindCheckIns(ctx context.Context, userID int64, f CheckInFilter) ([]*CheckIn, error)
	// FindCheckInDates is FindCheckIns' dates alone (what a streak needs,
	// read from the index without the rows).
	FindCheckInDates(ctx context.Context, userID int64, f CheckInFilter) ([]Date, error)
	// FindRecovery returns what Recovery days count from.
	FindRecovery(ctx context.Context, userID int64) (Recovery, error)
	// SetSoberDate sets the user's sober date (nil clears it), noting when
	// by the database's clock, the one check-ins are stamped with.
	SetSoberDate(ctx context.Context, userID int64, d *Date) error
}

// Recovery is what Recovery days count from: the first check-in, the last
// one that reported substance use, and the sober date the person set (nil
// where there is none). UseSinceSoberDate is the newest check-in dated
// after the sober date that reports use and was saved or corrected after
// the sober date was last set or kept: a new start to offer, never to
// apply silently.
type Recovery struct {
	First, LastUse, SoberDate, UseSinceSoberDate *Date
}

// Date is a calendar date without a time zone, as "2006-01-02" in JSON.
type Date struct{ time.Time }

// DateOf is the calendar date of t in loc.
func DateOf(t time.Time, loc *time.Location) Date {
	y, m, d := t.In(loc).Date()
	return Date{time.Date(y, m, d, 0, 0, 0, 0, time.UTC)}
}

// ParseDate reads "2006-01-02".
func ParseDate(s string) (Date, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return Date{}, Errorf(EINVALID, "%q is not a date (want YYYY-MM-DD).", s)
	}
	return Date{t}, nil
}

// AddDays moves the date by n days (negative: back).
func (d Date) AddDays(n int) Date { return Date{d.Time.AddDate(0, 0, n)} }

// DaysSince is the number of days from e to d.
func (d Date) DaysSince(e Date) int { return int(math.Round(d.Sub(e.Time).Hours() / 24)) }

func (d Date) String() string { return d.Format(time.DateOnly) }

func (d Date) MarshalJSON() ([]byte, error) { return []byte(`"` + d.String() + `"`), nil }

func (d *Date) UnmarshalJSON(b []byte) error {
	if len(b) < 2 || b[0] != '"' {
		return fmt.Errorf("date must be a string")
	}
	parsed, err := ParseDate(string(b[1 : len(b)-1]))
	*d = parsed
	return err
}

// Stats summarise a user's check-ins as of their local date today.
type Stats struct {
	// StreakDays counts consecutive local dates with a check-in, ending
	// today, or ending yesterday while today has none yet (the day is still
	// open). A gap of one missed day resets it.
	StreakDays int `json:"streakDays"`
	// WeeklyCheckins counts check-ins in the last 7 local dates, today
	// included.
	WeeklyCheckins int `json:"weeklyCheckins"`
	// AvgMood and AvgCravings average the same 7 local dates' check-ins,
	// rounded to one decimal; null when there are none.
	AvgMood     *float64 `json:"avgMood"`
	AvgCravings *float64 `json:"avgCravings"`
	// DaysSinceSubstanceUse is Recovery days: the days from the sober date
	// to today when the person set one; otherwise from the last check-in
	// that reported substance use, or from the first check-in when none
	// did; null before the first check-in. SubstanceUseReported says
	// whether it counts from a reported use (never with a sober date).
	DaysSinceSubstanceUse *int `json:"daysSinceSubstanceUse"`
	SubstanceUseReported  bool `json:"substanceUseReported"`
	// SoberDate is the person's sober date, and UseSinceSoberDate a
	// reported use after it to offer as a new start (Recovery).
	SoberDate         *Date `json:"soberDate"`
	UseSinceSoberDate *Date `json:"useSinceSoberDate"`
}

// StatsWindowDays is the window of WeeklyCheckins and the averages.
const StatsWindowDays = 7

// RecentCheckIns is how many of the newest check-ins ComputeStats and
// CheckInAlerts look at: enough for the StatsWindowDays and for "3 of the
// last 5".
const RecentCheckIns = 7

// ComputeStats derives Stats from the current streak, the user's newest
// RecentCheckIns check-ins (newest first) and what Recovery days count
// from.
func ComputeStats(streak int, recent []*CheckIn, rec Recovery, today Date) Stats {
	var s Stats
	s.StreakDays = streak
	var moodSum, cravingSum int
	for _, c := range recent {
		if today.DaysSince(c.Date) < StatsWindowDays && !c.Date.After(today.Time) {
			s.WeeklyCheckins++
			moodSum += c.Mood
			cravingSum += c.CravingIntensity
		}
	}
	if s.WeeklyCheckins > 0 {
		s.AvgMood = roundedAverage(moodSum, s.WeeklyCheckins)
		s.AvgCravings = roundedAverage(cravingSum, s.WeeklyCheckins)
	}
	s.SoberDate, s.UseSinceSoberDate = rec.SoberDate, rec.UseSinceSoberDate
	switch {
	case rec.SoberDate != nil:
		d := max(0, today.DaysSince(*rec.SoberDate)) // a time zone change can put it ahead of today
		s.DaysSinceSubstanceUse = &d
	case rec.LastUse != nil:
		d := today.DaysSince(*rec.LastUse)
		s.DaysSinceSubstanceUse, s.SubstanceUseReported = &d, true
	case rec.First != nil:
		d := today.DaysSince(*rec.First)
		s.DaysSinceSubstanceUse = &d
	}
	return s
}

// ValidSoberDate checks a sober date the person sets: a date on or before
// their today, and not before 1900.
func ValidSoberDate(d Date, today Date) error {
	if d.After(today.Time) {
		return &Error{Code: EINVALID, Message: "Please check the highlighted fields.",
			Fields: map[string]string{"date": "Your sober date can't be in the future."}}
	}
	if d.Year() < 1900 {
		return &Error{Code: EINVALID, Message: "Please check the highlighted fields.",
			Fields: map[string]string{"date": "Please enter a date after 1900."}}
	}
	return nil
}

func roundedAverage(sum, n int) *float64 {
	v := math.Round(float64(sum)/float64(n)*10) / 10
	return &v
}

// Streak counts consecutive dates ending today (or yesterday while today is
// open) in check-in dates sorted newest first.
func Streak(newestFirst []Date, today Date) int {
	var expect Date
	streak := 0
	for _, d := range newestFirst {
		if d.After(today.Time) {
			continue // ahead of today after a time zone change: not counted
		}
		if streak == 0 {
			if !d.Equal(today.Time) && !d.Equal(today.AddDays(-1).Time) {
				return 0
			}
			expect = d
		}
		if !d.Equal(expect.Time) {
			break
		}
		streak++
		expect = expect.AddDays(-1)
	}
	return streak
}

// CheckInDates are the check-ins' dates, in their order.
func CheckInDates(list []*CheckIn) []Date {
	dates := make([]Date, len(list))
	for i, c := range list {
		dates[i] = c.Date
	}
	return dates
}

// CheckInAlerts are the alerts a new check-in raises: a milestone when the
// streak reaches one, and a concerning pattern when substance use is
// reported, cravings were 8 or more on 3 of the last 5 check-ins, or mood
// was 3 or less on three days running. streak is the current streak;
// recent holds the user's newest RecentCheckIns check-ins, newest first,
// the new one included.
func CheckInAlerts(streak int, recent []*CheckIn, today Date) []NewAlert {
	if len(recent) == 0 {
		return nil
	}
	var alerts []NewAlert
	latest := recent[0]
	for _, m := range Milestones {
		if streak == m {
			start := latest.Date.AddDays(-(streak - 1))
			alerts = append(alerts, NewAlert{
				Type:     AlertMilestone,
				Message:  MilestoneMessage(m),
				Link:     "/",
				DedupKey: fmt.Sprintf("%d:%s", m, start),
			})
		}
	}
	return append(alerts, PatternAlerts(recent)...)
}

// PatternAlerts are the concerning-pattern alerts the newest of recent
// calls for (CheckInAlerts); each one's DedupKey names its kind and that
// check-in's date ("substance:2026-11-22").
func PatternAlerts(recent []*CheckIn) []NewAlert {
	if len(recent) == 0 {
		return nil
	}
	var alerts []NewAlert
	latest := recent[0]
	if latest.SubstanceUse {
		alerts = append(alerts, NewAlert{
			Type:     AlertConcerningPattern,
			Message:  SlipMessage,
			Link:     "/crisis",
			DedupKey: "substance:" + latest.Date.String(),
		})
	}
	high := 0
	for _, c := range recent[:min(5, len(recent))] {
		if c.CravingIntensity >= 8 {
			high++
		}
	}
	if high >= 3 && latest.CravingIntensity >= 8 {
		alerts = append(alerts, NewAlert{
			Type:     AlertConcerningPattern,
			Message:  StrongCravingsMessage,
			Link:     "/crisis",
			DedupKey: "cravings:" + latest.Date.String(),
		})
	}
	if lowMoodRun(recent) {
		alerts = append(alerts, NewAlert{
			Type:     AlertConcerningPattern,
			Message:  LowMoodMessage,
			Link:     "/crisis",
			DedupKey: "mood:" + latest.Date.String(),
		})
	}
	return alerts
}

// lowMoodRun reports mood 3 or less on the three newest check-ins, on
// consecutive dates.
func lowMoodRun(recent []*CheckIn) bool {
	if len(recent) < 3 {
		return false
	}
	for i := 0; i < 3; i++ {
		if recent[i].Mood > 3 || !recent[i].Date.Equal(recent[0].Date.AddDays(-i).Time) {
			return false
		}
	}
	return true
}

// CheckInCorrectedResolution ends a concerning-pattern alert that the
// person's correction of a check-in (an edit or a delete) no longer calls
// for. The alert stays in their history, resolved.
const CheckInCorrectedResolution = "You corrected that check-in, so this no longer applies."

// PatternAlertDate is the check-in date a concerning-pattern alert's
// dedup key names.
func PatternAlertDate(key string) (Date, bool) {
	_, date, ok := strings.Cut(key, ":")
	if !ok {
		return Date{}, false
	}
	d, err := ParseDate(date)
	return d, err == nil
}

// PatternStillHolds reports whether the concerning-pattern alert with
// this dedup key still follows from the check-ins: recent are the user's
// newest RecentCheckIns check-ins up to the key's date, newest first.
func PatternStillHolds(key string, recent []*CheckIn) bool {
	for _, a := range PatternAlerts(recent) {
		if a.DedupKey == key {
			return true
		}
	}
	return false
}

// streakPage is how many check-in dates a streak reads at a time while it
// runs on.
const streakPage = 400

// StreakAndRecent reads the current streak, from check-in dates alone (an
// index-only read, a page at a time as far back as the streak reaches),
// and the newest RecentCheckIns check-ins up to today.
func StreakAndRecent(ctx context.Context, svc CheckInService, userID int64, today Date) (int, []*CheckIn, error) {
	var dates []Date
	filter := CheckInFilter{To: today, Limit: streakPage}
	streak := 0
	for {
		page, err := svc.FindCheckInDates(ctx, userID, filter)
		if err != nil {
			return 0, nil, err
		}
		dates = append(dates, page...)
		streak = Streak(dates, today)
		if len(page) < streakPage || streak < len(dates) {
			break
		}
		filter.Before = page[len(page)-1]
	}
	recent, err := svc.FindCheckIns(ctx, userID, CheckInFilter{To: today, Limit: RecentCheckIns})
	return streak, recent, err
}
