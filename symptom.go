package lifeline

import (
	"context"
	"time"
)

// Symptom choices, as docs/spec.md §3 lists them. The labels are the stored
// values (docs/spec.md gives no separate ids); a log may leave either symptom
// empty.
var (
	PhysicalSymptoms = []string{"Headache", "Fatigue", "Nausea", "Sleep issues", "Appetite changes",
		"Tremors", "Muscle aches", "Dizziness", "Sweating", "Other"}
	MentalSymptoms = []string{"Anxiety", "Depression", "Irritability", "Confusion", "Mood swings",
		"Restlessness", "Difficulty concentrating", "Memory issues", "Paranoia", "Other"}
	SymptomDurations = []string{"Less than 1 hour", "1-4 hours", "Half day", "All day", "Multiple days"}
)

// MaxSymptomNotes is the longest symptom note, in characters.
const MaxSymptomNotes = 5000

// SymptomLog is one entry of the Symptom Tracker. Severities are 1..10 or
// nil when not given; Date is when it was logged.
type SymptomLog struct {
	ID               int64     `json:"id"`
	PhysicalSymptom  string    `json:"physicalSymptom"`
	PhysicalSeverity *int      `json:"physicalSeverity"`
	MentalSymptom    string    `json:"mentalSymptom"`
	MentalSeverity   *int      `json:"mentalSeverity"`
	Duration         string    `json:"duration"`
	Notes            string    `json:"notes"`
	Date             time.Time `json:"date"`
	UpdatedAt        time.Time `json:"updatedAt"`
}

// SymptomFilter selects symptom logs, newest first: From and To bound the
// time logged (From inclusive, To exclusive; zero for open).
type SymptomFilter struct {
	From, To time.Time
	Limit    int
}

// SymptomService stores symptom logs; every method is scoped to one user and
// returns ENOTFOUND for another user's log.
type SymptomService interface {
	// CreateSymptomLog stores l and sets its ID and UpdatedAt; a zero Date
	// is the database's clock.
	CreateSymptomLog(ctx context.Context, userID int64, l *SymptomLog) error
	// UpdateSymptomLog overwrites the log with l.ID (Date is kept).
	UpdateSymptomLog(ctx context.Context, userID int64, l *SymptomLog) error
	DeleteSymptomLog(ctx context.Context, userID, logID int64) error
	FindSymptomLog(ctx context.Context, userID, logID int64) (*SymptomLog, error)
	// FindSymptomLogs lists logs newest first (by Date, then ID).
	FindSymptomLogs(ctx context.Context, userID int64, f SymptomFilter) ([]*SymptomLog, error)
}

// SymptomDay is one point of the severity trend: the averages of the
// severities logged on a local date, rounded to one decimal, nil when that
// day has none. Logs counts every log of the day.
type SymptomDay struct {
	Date             Date     `json:"date"`
	PhysicalSeverity *float64 `json:"physicalSeverity"`
	MentalSeverity   *float64 `json:"mentalSeverity"`
	Logs             int      `json:"logs"`
}

// SymptomTrend averages severities per local date (in loc) over the days
// local dates ending today, oldest first, one entry per date whether or not
// anything was logged. A severity that was not given does not count towards
// its average. Logs outside the window are ignored.
func SymptomTrend(logs []*SymptomLog, loc *time.Location, today Date, days int) []SymptomDay {
	first := today.AddDays(-(days - 1))
	type sums struct{ physical, physicalN, mental, mentalN, logs int }
	byDay := make([]sums, days)
	for _, l := range logs {
		i := DateOf(l.Date, loc).DaysSince(first)
		if i < 0 || i >= days {
			continue
		}
		s := &byDay[i]
		s.logs++
		if l.PhysicalSeverity != nil {
			s.physical += *l.PhysicalSeverity
			s.physicalN++
		}
		if l.MentalSeverity != nil {
			s.mental += *l.MentalSeverity
			s.mentalN++
		}
	}
	out := make([]SymptomDay, days)
	for i, s := range byDay {
		out[i] = SymptomDay{Date: first.AddDays(i), Logs: s.logs}
		if s.physicalN > 0 {
			out[i].PhysicalSeverity = roundedAverage(s.physical, s.physicalN)
		}
		if s.mentalN > 0 {
			out[i].MentalSeverity = roundedAverage(s.mental, s.mentalN)
		}
	}
	return out
}

// StartOfDate is the first instant of the local date d in loc.
func StartOfDate(d Date, loc *time.Location) time.Time {
	y, m, day := d.Date()
	return time.Date(y, m, day, 0, 0, 0, 0, loc)
}
