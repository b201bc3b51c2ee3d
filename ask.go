package lifeline

import (
	"context"
	"fmt"
	"time"
)

// A gentle ask (issue 30): the wearer asks chosen supporters for a call
// without an emergency. It is not an SOS: it waits for each supporter's
// quiet hours, and its messages are calm (ntfy's default priority, web
// push's normal urgency). One ask is open at a time, until the wearer says
// "Thanks, I'm okay" or AskOpenFor passes.

// AskOpenFor is how long an ask stays open without the wearer closing it.
const AskOpenFor = 24 * time.Hour

// MaxAskNote is the longest note an ask may carry, in characters.
const MaxAskNote = 280

// A supporter's answers to an ask.
const (
	AskWillCall = "will_call" // "I'll call"
	AskCantNow  = "cant_now"  // "Can't right now"
)

// Ask is the wearer's ask as they see it: whom it went to and who answered.
type Ask struct {
	ID        int64     `json:"id"`
	Note      string    `json:"note"`
	CreatedAt time.Time `json:"createdAt"`
	// ClosesAt is when it closes by itself; ClosedAt when it closed.
	ClosesAt   time.Time      `json:"closesAt"`
	ClosedAt   *time.Time     `json:"closedAt"`
	Recipients []AskRecipient `json:"recipients"`
}

// AskRecipient is one supporter an ask went to, and their answer ("" not
// yet).
type AskRecipient struct {
	SupporterID int64      `json:"supporterId"` // the care link's id
	Name        string     `json:"name"`
	Answer      string     `json:"answer"`
	AnsweredAt  *time.Time `json:"answeredAt"`
}

// SupportedAsk is an open ask as a supporter it went to sees it.
type SupportedAsk struct {
	ID         int64      `json:"id"`
	PersonID   int64      `json:"personId"` // the care link's id
	Name       string     `json:"name"`
	Note       string     `json:"note"`
	CreatedAt  time.Time  `json:"createdAt"`
	Answer     string     `json:"answer"`
	AnsweredAt *time.Time `json:"answeredAt"`
	WearerID   int64      `json:"-"`
}

// NewAsk is what the wearer sends: the care links to ask and a note.
type NewAsk struct {
	Supporters []int64 `json:"supporters"`
	Note       string  `json:"note"`
}

// Validate checks an ask a wearer sends; the note is trimmed.
func (a *NewAsk) Validate() error {
	fields := map[string]string{}
	if len(a.Supporters) == 0 {
		fields["supporters"] = "Choose at least one person to ask."
	}
	if len([]rune(a.Note)) > MaxAskNote {
		fields["note"] = "Keep the note to 280 characters."
	} else if !IsPlainText(a.Note) {
		fields["note"] = PlainTextProblem
	}
	if len(fields) > 0 {
		return &Error{Code: EINVALID, Message: "Please check the highlighted fields.", Fields: fields}
	}
	return nil
}

// AskService stores asks and queues their messages.
type AskService interface {
	// CreateAsk stores the ask and, in the same statement, one outbox row
	// (PurposeAsk) per enabled channel of each chosen supporter: only
	// active links of the wearer's count (ENOTFOUND otherwise). ECONFLICT
	// while another ask is open.
	CreateAsk(ctx context.Context, wearerID int64, a NewAsk, now time.Time) (*Ask, error)
	// OpenAsk is the wearer's open ask, or nil.
	OpenAsk(ctx context.Context, wearerID int64, now time.Time) (*Ask, error)
	// CloseAsk closes the wearer's ask ("Thanks, I'm okay") and skips its
	// messages still waiting; ENOTFOUND when it is not theirs.
	CloseAsk(ctx context.Context, wearerID, askID int64, now time.Time) (*Ask, error)
	// AsksOfSupporter lists the open asks that went to supporterID through
	// a link that still stands.
	AsksOfSupporter(ctx context.Context, supporterID int64, now time.Time) ([]*SupportedAsk, error)
	// AnswerAsk records the supporter's answer to an open ask that went to
	// them; ENOTFOUND otherwise.
	AnswerAsk(ctx context.Context, supporterID, askID int64, answer string, now time.Time) (*SupportedAsk, error)
}

// PurposeAsk is the outbox purpose of the messages that tell supporters of
// an ask.
const PurposeAsk = "ask"

// AskSubject is the title of the message that tells a supporter of an ask.
func AskSubject(wearer string) string { return wearer + " could use a call" }

// AskMessage is its body; who as in SupporterMessage. The wearer's note is
// not in it: it waits in the app, for the supporter alone.
func AskMessage(who string) string {
	return fmt.Sprintf("%s could use a call when you have a moment. It isn't an emergency. Open Lifeline to let them know you'll call.", who)
}
