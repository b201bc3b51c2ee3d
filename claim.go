package lifeline

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Claims (issue 30): a supporter told of an alert answers "I'm on it". The
// first claim wins; the claimer may hand it back or resolve it with a
// short note the wearer reads. Each step is an AlertStep, listed on "Why
// this alert?" beside who was told.

// The kinds of AlertStep (alert_steps.kind).
const (
	StepClaimed    = "claimed"
	StepHandedBack = "handed_back"
	StepResolved   = "resolved"
	StepReminded   = "reminded"
)

// Where a step was taken (alert_steps.via): the web app, or the one-tap
// link an email, a web push notification or an ntfy message carried.
const (
	ViaApp   = "app"
	ViaEmail = "email"
	ViaPush  = "push"
	ViaNtfy  = "ntfy"
)

// The outbox purposes of claims: the wearer told of a step (someone is on
// it, handed it back, resolved it), and the claimer reminded of a claim
// still open. Both carry the alert and the step.
const (
	PurposeClaimNotice   = "claim_notice"
	PurposeClaimReminder = "claim_reminder"
)

// ClaimLinkTTL is how long a one-tap link works at most; it stops sooner
// when the alert ends or the link is used.
const ClaimLinkTTL = 24 * time.Hour

// MaxResolutionNote is the longest note a claimer may leave, in characters.
const MaxResolutionNote = 500

// AlertStep is one thing a supporter did about an alert.
type AlertStep struct {
	// Actor is the supporter as the wearer knows them.
	Actor string    `json:"actor"`
	Kind  string    `json:"kind"`
	Via   string    `json:"via"`
	Note  string    `json:"note,omitempty"`
	At    time.Time `json:"at"`
}

// ClaimOutcome is an alert after a supporter's step: Alert as its wearer
// sees it (with the claim), Person the wearer's name as the supporter
// sees it, and Told the supporters who were told of it, for the pages
// that show it.
type ClaimOutcome struct {
	Alert  *Alert
	Person string
	// PersonID is the claimer's care link (the person on their People I
	// support).
	PersonID int64
	Told     []*SOSListener
}

// ClaimService is the claim's lifecycle. A supporter reaches an alert only
// when they were told of it (a delivery to them was sent, or it is on
// their People I support) and their grant still covers it; otherwise the
// answer is ENOTFOUND, as for an alert that does not exist. A claim on an
// alert someone else holds, or one that ended, is ECONFLICT in words the
// supporter reads.
type ClaimService interface {
	ClaimAlert(ctx context.Context, supporterID, alertID int64, now time.Time) (*ClaimOutcome, error)
	HandBackAlert(ctx context.Context, supporterID, alertID int64, now time.Time) (*ClaimOutcome, error)
	// ResolveClaimedAlert ends the alert the supporter holds, for everyone,
	// with their note (ValidateResolutionNote).
	ResolveClaimedAlert(ctx context.Context, supporterID, alertID int64, note string, now time.Time) (*ClaimOutcome, error)
	// ClaimByLink claims with a one-tap link's token: ENOTFOUND for a
	// token that is unknown, used, expired, or whose supporter's grant no
	// longer covers the alert.
	ClaimByLink(ctx context.Context, token string, now time.Time) (*ClaimOutcome, error)
}

// ValidateResolutionNote checks a claimer's note: 1 to MaxResolutionNote
// characters of plain text. It returns the note trimmed.
func ValidateResolutionNote(note string) (string, error) {
	note = strings.TrimSpace(note)
	var problem string
	switch n := len([]rune(note)); {
	case n == 0:
		problem = "Write a few words for them."
	case n > MaxResolutionNote:
		problem = fmt.Sprintf("Keep the note to %d characters.", MaxResolutionNote)
	case !IsPlainText(note):
		problem = PlainTextProblem
	}
	if problem != "" {
		return "", &Error{Code: EINVALID, Message: "Please check the highlighted fields.", Fields: map[string]string{"note": problem}}
	}
	return note, nil
}

// The words of claims. who is the supporter's name as it should read
// (Quoted in an email or notification, as in SupporterMessage: a sentence
// never starts with it).

// OnItMessage: someone is on it ("Sam is on it.").
func OnItMessage(who string) string { return who + " is on it." }

// ClaimNoticeSubject is the wearer's title for a step of kind.
func ClaimNoticeSubject(who, kind string) string {
	switch kind {
	case StepHandedBack:
		return who + " handed it back"
	case StepResolved:
		return who + " left you a note"
	}
	return who + " is on it"
}

// ClaimNoticeMessage tells the wearer of a supporter's step about their
// alert; at is the step's time in the wearer's location.
func ClaimNoticeMessage(who, kind, note string, at time.Time) string {
	when := at.Format(clockFormat)
	switch kind {
	case StepHandedBack:
		return fmt.Sprintf("At %s, %s handed your alert back, so your other people are being told again.", when, who)
	case StepResolved:
		return fmt.Sprintf("At %s, %s marked your alert resolved and wrote: %s", when, who, Quoted(note))
	}
	return fmt.Sprintf("Someone has you: %s saw your alert and is on it (%s). You don't have to do anything else.", who, when)
}

// ClaimResolution is the alert's resolution once its claimer resolved it.
func ClaimResolution(who string, at time.Time) string {
	return fmt.Sprintf("%s resolved it at %s.", who, at.Format(clockFormat))
}

// ClaimReminderSubject and ClaimReminderMessage remind a claimer of an
// alert they said they were on; wearer as in SupporterMessage, at when
// they claimed it in their location.
func ClaimReminderSubject(wearer string) string { return "Are you still with " + wearer + "?" }

func ClaimReminderMessage(wearer string, at time.Time) string {
	return fmt.Sprintf("At %s you said you were on it for %s. When you've reached them, resolve the alert with a short note, or hand it back so others are told.",
		at.Format(clockFormat), wearer)
}

// ClaimLinkNote is the line a supporter's email ends with: the one-tap link.
func ClaimLinkNote(link string) string {
	return "If you're on it, say so with one tap (no sign-in needed), so others know: " + link
}

// Kind messages for claims that cannot be taken.
const (
	ClaimEnded    = "This alert has already ended. Thank you for looking out for them."
	ClaimNotYours = "You're not on this alert."
	// ClaimLinkGone answers a one-tap link that is unknown, used, expired
	// or no longer the supporter's to use.
	ClaimLinkGone = "This link doesn't work any more: it was used already or it expired. Open Lifeline to see how they are."
)
