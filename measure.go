package lifeline

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"
)

// A measure is one completed validated questionnaire (PHQ-9, GAD-7, the
// Brief Addiction Monitor, AUDIT-C). The instruments themselves — wording,
// scoring, bands, sources — are in package measures; this is what a person
// answered, as stored (migration 0042, docs/measures.md).

// MeasureNoteMaxLength is the most characters a response's note holds.
const MeasureNoteMaxLength = 1000

// MeasureResponse is one completed questionnaire. Answers are the item
// values in the instrument's published order (nil: an optional item left
// unanswered); Total and Band are the published scoring's (Total 0 and
// Band "" for the BAM, which is read by its Subscores: use, risk,
// protective). Note is the person's own words.
type MeasureResponse struct {
	ID         int64          `json:"id"`
	UserID     int64          `json:"-"`
	Instrument string         `json:"instrument"`
	Answers    []*int         `json:"answers"`
	Total      int            `json:"total"`
	Band       string         `json:"band"`
	Subscores  map[string]int `json:"subscores"`
	Note       string         `json:"note"`
	TakenAt    time.Time      `json:"takenAt"`
}

// MeasureSchedule is how often a person chose to take one instrument.
// EveryDays 0 means not scheduled. Chosen is false when the person never
// chose and the instrument's default applies. RemindedAt is the newest
// reminder sent (nil: none yet).
type MeasureSchedule struct {
	Instrument string     `json:"instrument"`
	EveryDays  int        `json:"everyDays"`
	Chosen     bool       `json:"-"`
	RemindedAt *time.Time `json:"-"`
}

// MeasureScheduleMaxDays is the longest interval a schedule may have.
const MeasureScheduleMaxDays = 90

// NextDue is when a schedule of every days asks again after last was
// taken: never (zero time) when every is 0, now when nothing was taken.
func NextDue(every int, last *time.Time, now time.Time) time.Time {
	switch {
	case every <= 0:
		return time.Time{}
	case last == nil:
		return now
	default:
		return last.Add(time.Duration(every) * 24 * time.Hour)
	}
}

// NormalizeMeasureNote trims a note and checks its length (a note is the
// person's own, shown only to them and in their export, so line breaks
// are welcome); the error is EINVALID with the field "note".
func NormalizeMeasureNote(s string) (string, error) {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) > MeasureNoteMaxLength {
		return "", &Error{Code: EINVALID, Message: "A note holds up to 1,000 characters.",
			Fields: map[string]string{"note": "Keep it to 1,000 characters."}}
	}
	if !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
		return "", &Error{Code: EINVALID, Message: "The note holds characters we cannot store.",
			Fields: map[string]string{"note": "Use ordinary text."}}
	}
	return s, nil
}

// MeasureService stores questionnaire responses and schedules; every
// method is scoped to one user.
type MeasureService interface {
	// SaveMeasureResponse stores r for r.UserID and fills in its ID and,
	// when zero, TakenAt (the database's clock).
	SaveMeasureResponse(ctx context.Context, r *MeasureResponse) error
	// MeasureResponses returns the user's responses taken at or after
	// since, every instrument, oldest first.
	MeasureResponses(ctx context.Context, userID int64, since time.Time) ([]MeasureResponse, error)
	// MeasureHistory returns the user's responses to one instrument, newest
	// first, at most limit.
	MeasureHistory(ctx context.Context, userID int64, instrument string, limit int) ([]MeasureResponse, error)
	// SetMeasureNote replaces a response's note ("" clears it) and returns
	// the response; ENOTFOUND when it is not the user's.
	SetMeasureNote(ctx context.Context, userID, id int64, note string) (*MeasureResponse, error)
	// DeleteMeasureResponse removes one of the user's responses; ENOTFOUND
	// when it is not theirs.
	DeleteMeasureResponse(ctx context.Context, userID, id int64) error
	// MeasureSchedules returns the schedules the user chose (instruments
	// they never chose are absent) with the newest response's time per
	// instrument.
	MeasureSchedules(ctx context.Context, userID int64) (map[string]MeasureSchedule, map[string]time.Time, error)
	// SetMeasureSchedule stores a choice of every days for one instrument.
	SetMeasureSchedule(ctx context.Context, userID int64, instrument string, everyDays int) error
	// EnsureMeasureSchedule stores everyDays for one instrument unless the
	// user already has a schedule for it: taking an instrument the first
	// time starts its default schedule, which reminders follow.
	EnsureMeasureSchedule(ctx context.Context, userID int64, instrument string, everyDays int) error
	// QueueMeasureReminders queues, for everyone whose scheduled
	// questionnaire fell due since its newest response and who was not
	// reminded of that due date yet, one reminder per enabled channel of
	// theirs and local day; it returns how many rows it queued.
	QueueMeasureReminders(ctx context.Context, now time.Time) (int, error)
}

// PurposeMeasureReminder is an outbox row that tells a person a
// questionnaire they scheduled is due (migration 0042's purpose).
const PurposeMeasureReminder = "measure_reminder"

// MeasureReminderSubject and MeasureReminderMessage word the reminder: no
// instrument or score in it (a lock screen may show it), and no pressure.
const MeasureReminderSubject = "A check-in questionnaire is ready when you are"

// MeasureReminderMessage is the reminder's body; link opens the
// questionnaires.
func MeasureReminderMessage(link string) string {
	return "A questionnaire you chose to take regularly is due. It takes a few minutes, and your answers stay yours. Open it when you're ready: " + link
}
