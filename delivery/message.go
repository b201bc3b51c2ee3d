package delivery

import (
	"slices"
	"strings"
	"time"

	"lifeline"
)

// Message is one delivery, worded for its recipient: no more than their
// role and grant allow (a supporter's message carries a position only
// when the store found their grant shows it).
type Message struct {
	// Key is the outbox row's idempotency key: receivers may drop repeats.
	Key       string    `json:"id"`
	Type      string    `json:"type"` // the alert type, or "test", "invitation", "confirmation", "password_reset", "ask", "measure_reminder", "signal_nudge"
	Title     string    `json:"title"`
	Body      string    `json:"message"`
	Priority  string    `json:"priority"` // ntfy's names: urgent, high or default
	URL       string    `json:"url,omitempty"`
	CreatedAt time.Time `json:"createdAt"`
	// ResolvedAt is set on the short line that says the alert ended.
	ResolvedAt *time.Time `json:"resolvedAt,omitempty"`
	Location   *Position  `json:"location,omitempty"`
	// ClaimToken is the one-tap "I'm on it" link's token of a supporter's
	// alert (claim.go); ClaimURL the page (email) or the API route (ntfy,
	// web push) that spends it.
	ClaimToken string `json:"-"`
	ClaimURL   string `json:"-"`

	// Unsubscribe is a digest's one-click unsubscribe URL (RFC 8058),
	// sent as the email's List-Unsubscribe header.
	Unsubscribe string `json:"-"`
}

// Position is where the wearer was, in a supporter's message.
type Position struct {
	Latitude  float64   `json:"latitude"`
	Longitude float64   `json:"longitude"`
	Timestamp time.Time `json:"timestamp"`
}

// compose words item; publicURL makes the alert's link absolute. Text a
// person wrote (the wearer's name, a zone's) goes through lifeline.Quoted
// or PlainText here even though it was checked when written: a row stored
// before that check must not put a line of its own into an email.
func compose(item *lifeline.OutboxItem, publicURL string, now time.Time) Message {
	m := Message{Key: item.IdempotencyKey, Priority: "default", CreatedAt: now}
	switch item.Purpose {
	case lifeline.PurposeTest:
		m.Type, m.Title, m.Body = "test", "Lifeline test", lifeline.TestMessage
		return m
	case lifeline.PurposeInvitation:
		m.Type, m.Title = "invitation", lifeline.InvitationSubject(item.Wearer)
		m.Body = lifeline.InvitationMessage(item.Wearer, item.SecretLink, item.ExpiresAt.In(item.RecipientLocation))
		return m
	case lifeline.PurposeConfirmation:
		m.Type, m.Title = "confirmation", lifeline.ConfirmationSubject
		m.Body = lifeline.ConfirmationMessage(item.SecretLink, item.ExpiresAt.In(item.RecipientLocation))
		return m
	case lifeline.PurposeDigest:
		base := strings.TrimRight(publicURL, "/")
		m.Type, m.Title, m.Unsubscribe = "digest", lifeline.DigestSubject(item.Wearer), item.SecretLink
		m.Body = lifeline.DigestMessage(item.Wearer, *item.Digest, base+"/supporting", unsubscribePage(base, item.SecretLink))
		m.URL = base + "/supporting"
		return m
	case lifeline.PurposePasswordReset:
		m.Type, m.Title = "password_reset", lifeline.PasswordResetSubject
		m.Body = lifeline.PasswordResetMessage(item.SecretLink, item.ExpiresAt.In(item.RecipientLocation))
		return m
	case lifeline.PurposeMeasureReminder: // calm, like an ask: the person's own questionnaire
		m.Type, m.Title = lifeline.PurposeMeasureReminder, lifeline.MeasureReminderSubject
		m.URL = strings.TrimRight(publicURL, "/") + "/measures"
		m.Body = lifeline.MeasureReminderMessage(m.URL)
		return m
	case lifeline.PurposeSignalNudge: // calm, and says nothing a lock screen should not
		m.Type, m.Title, m.Body = "signal_nudge", lifeline.SignalNudgeTitle, lifeline.SignalNudgeMessage
		m.URL = strings.TrimRight(publicURL, "/") + lifeline.SignalNudgeLink
		return m
	case lifeline.PurposeAsk: // calm: the default priority, web push's normal urgency
		m.Type, m.Title = "ask", lifeline.AskSubject(lifeline.PlainText(item.Wearer))
		m.Body = lifeline.AskMessage(lifeline.Quoted(item.Wearer))
		m.URL = strings.TrimRight(publicURL, "/") + "/supporting"
		return m
	}
	a := item.Alert
	m.Type, m.CreatedAt = a.Type, a.CreatedAt
	base := strings.TrimRight(publicURL, "/")
	switch {
	case item.Step != nil:
		return claimStep(m, item, base)
	case item.Resolution:
		return ended(m, item, base)
	case item.Role == "supporter":
		m.Title = lifeline.SupporterSubject(lifeline.PlainText(item.Wearer), a.Type)
		m.Body = lifeline.SupporterMessage(lifeline.Quoted(item.Wearer), a.Type, item.ZoneName, a.CreatedAt.In(item.RecipientLocation))
		m.URL = base + "/supporting"
		m.Priority = "high"
		if p := item.Position; p != nil {
			m.Body += "\n\n" + lifeline.LocationNote(p.Latitude, p.Longitude, p.Timestamp.In(item.RecipientLocation))
			m.Location = &Position{Latitude: p.Latitude, Longitude: p.Longitude, Timestamp: p.Timestamp}
		}
	default:
		m.Title, m.Body = lifeline.WearerSubject(a.Type), lifeline.PlainText(a.Message)
		m.URL = base + a.Link
		if slices.Contains(lifeline.EscalatingAlertTypes, a.Type) {
			m.Priority = "high"
		}
	}
	if a.Type == lifeline.AlertSOS {
		m.Priority = "urgent"
	}
	return m
}

// ended words the short line that tells a supporter the alert is over: for
// an SOS, that its wearer says they're safe now (only an SOS is resolved
// by its wearer, so it is the only one that queues such a line).
func ended(m Message, item *lifeline.OutboxItem, base string) Message {
	at := item.Alert.CreatedAt
	if r := item.Alert.ResolvedAt; r != nil {
		at = *r
	}
	m.ResolvedAt = &at
	m.Title = lifeline.SOSSafeSubject(lifeline.PlainText(item.Wearer))
	m.Body = lifeline.SOSSafeMessage(lifeline.Quoted(item.Wearer), at.In(item.RecipientLocation))
	m.URL = base + "/supporting"
	m.Priority = "high"
	return m
}

// unsubscribePage is the public page that turns a digest off, for a person
// who opens the email's link: the token moves from the one-click URL's
// query into the page's fragment, which never reaches a server log.
func unsubscribePage(base, oneClick string) string {
	_, token, _ := strings.Cut(oneClick, "?token=")
	return base + "/digest/unsubscribe#token=" + token
}
