package lifeline

import (
	"context"
	"encoding/base64"
	"net/mail"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"
)

// Delivery outside the app: each person's channels, their quiet hours, and
// the outbox rows a delivery worker sends.

// Channel kinds. ChannelApp is no channel a person adds: it is the in-app
// step of an escalation (the alert shows on "People I support").
const (
	ChannelEmail   = "email"
	ChannelWebhook = "webhook"
	// ChannelPush is one browser that turned notifications on: its address
	// is the push service's endpoint (RFC 8030), with the browser's keys
	// (RFC 8291); the worker signs each request with the server's VAPID
	// key (RFC 8292, push.go).
	ChannelPush = "push"
	ChannelApp  = "app"
)

// What an outbox row is for.
const (
	PurposeAlert        = "alert"        // an alert, or the line that says it ended
	PurposeTest         = "test"         // "Send a test" on a channel
	PurposeInvitation   = "invitation"   // the email that carries a care-circle invitation
	PurposeConfirmation = "confirmation" // the email that asks an address's owner to confirm it
	// PurposePasswordReset is the email with a password reset link, sent
	// to the account's own address (password_reset.go).
	PurposePasswordReset = "password_reset"
	// PurposeDigest is a supporter's weekly summary of a person (digest.go).
	PurposeDigest = "digest"
)

// ConfirmChannelDays is how long a confirmation link works.
const ConfirmChannelDays = 3

// Limits on the channels of one person.
const (
	MaxChannels     = 10 // email and webhook
	MaxPushChannels = 10 // browsers
)

// Delivery states.
const (
	DeliveryPending = "pending"
	DeliverySent    = "sent"
	DeliveryFailed  = "failed"
	DeliverySkipped = "skipped" // the escalation stopped, or the grant or channel went
)

// Channel is one of a person's ways of being told: an email address, a
// webhook (or ntfy topic), or a browser's web push.
type Channel struct {
	ID   int64  `json:"id"`
	Kind string `json:"kind"`
	// Address is the email address, the webhook URL or the push endpoint.
	Address string `json:"address"`
	// Ntfy sends a webhook as an ntfy message (Title, Priority and Tags
	// headers, the text as the body) instead of JSON.
	Ntfy bool `json:"ntfy"`
	// P256dh and Auth are a push channel's browser keys, base64url without
	// padding as PushSubscription.toJSON() gives them; never sent back.
	P256dh string `json:"-"`
	Auth   string `json:"-"`
	// Label names a push channel's device for the person ("Firefox on
	// Linux").
	Label     string    `json:"label"`
	Enabled   bool      `json:"enabled"`
	CreatedAt time.Time `json:"createdAt"`
	// ConfirmedAt is null while an email address waits for its owner to
	// open the confirmation link: until then it receives nothing else.
	ConfirmedAt *time.Time `json:"confirmedAt"`
	LastState   *string    `json:"lastState"` // sent or failed, null before the first delivery
	LastError   *string    `json:"lastError"`
	LastAt      *time.Time `json:"lastAt"`
}

// Validate checks a channel a person sends. A push channel's endpoint is
// an http(s) URL, its keys a 65-byte uncompressed P-256 point and a
// 16-byte auth secret.
func (c *Channel) Validate() error {
	c.Address = strings.TrimSpace(c.Address)
	c.Label = strings.TrimSpace(c.Label)
	fields := map[string]string{}
	if c.Kind != ChannelPush && (c.P256dh != "" || c.Auth != "" || c.Label != "") {
		fields["kind"] = "Only a browser's notifications have keys and a device name."
	}
	switch c.Kind {
	case ChannelEmail:
		c.Address = strings.ToLower(c.Address)
		if a, err := mail.ParseAddress(c.Address); err != nil || a.Address != c.Address || len(c.Address) > 254 {
			fields["address"] = "Enter an email address like name@example.org."
		}
		if c.Ntfy {
			fields["ntfy"] = "Only a webhook can be an ntfy topic."
		}
	case ChannelWebhook:
		u, err := url.Parse(c.Address)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || len(c.Address) > 500 || strings.ContainsAny(c.Address, " \t\r\n") {
			fields["address"] = "Enter an http or https URL."
		} else {
			// A phone's keyboard may capitalise it ("Https://…"): the scheme is
			// case-insensitive, and stored in lower case.
			c.Address = u.Scheme + c.Address[len(u.Scheme):]
		}
	case ChannelPush:
		if msg := c.validatePush(fields); msg != "" {
			return &Error{Code: EINVALID, Message: msg, Fields: fields}
		}
	default:
		fields["kind"] = "A channel is email, webhook or push."
	}
	if len(fields) > 0 {
		return &Error{Code: EINVALID, Message: "Please check the highlighted fields.", Fields: fields}
	}
	return nil
}

// validatePush fills fields and returns the message when the browser's
// subscription cannot be used.
func (c *Channel) validatePush(fields map[string]string) string {
	u, err := url.Parse(c.Address)
	if err != nil || !(strings.HasPrefix(c.Address, "https://") || strings.HasPrefix(c.Address, "http://")) || u.Host == "" || len(c.Address) < 10 || len(c.Address) > 1000 ||
		strings.ContainsAny(c.Address, " \t\r\n") || u.User != nil {
		fields["address"] = "The push endpoint must be an http or https URL."
	}
	if c.Ntfy {
		fields["ntfy"] = "Only a webhook can be an ntfy topic."
	}
	if k, err := base64.RawURLEncoding.DecodeString(c.P256dh); err != nil || len(k) != 65 || k[0] != 4 {
		fields["p256dh"] = "The browser's key must be an uncompressed P-256 point in base64url."
	}
	if k, err := base64.RawURLEncoding.DecodeString(c.Auth); err != nil || len(k) != 16 {
		fields["auth"] = "The auth secret must be 16 bytes in base64url."
	}
	if utf8.RuneCountInString(c.Label) > 80 {
		fields["label"] = "Keep the device name under 80 characters."
	} else if !IsPlainText(c.Label) {
		fields["label"] = PlainTextProblem
	}
	if len(fields) > 0 {
		return "This browser's push subscription could not be used."
	}
	return ""
}

// ErrAddressNotConfirmed refuses to send anything but its confirmation to
// an address whose owner has not opened the link yet.
var ErrAddressNotConfirmed = Errorf(ECONFLICT, "This address is waiting for confirmation. Open the link we emailed to it first.")

// NeedsConfirmation reports whether the channel still waits for its
// owner to confirm the address.
func (c *Channel) NeedsConfirmation() bool { return c.ConfirmedAt == nil }

// QuietHours are minutes after local midnight; Start > End spans midnight.
// Nil fields: none.
type QuietHours struct {
	Start *int `json:"quietStart"`
	End   *int `json:"quietEnd"`
}

// Validate checks quiet hours a person sends.
func (q QuietHours) Validate() error {
	switch {
	case (q.Start == nil) != (q.End == nil):
		return Errorf(EINVALID, "Set both ends of the quiet hours, or neither.")
	case q.Start == nil:
		return nil
	case *q.Start < 0 || *q.Start > 1439 || *q.End < 0 || *q.End > 1439:
		return Errorf(EINVALID, "Quiet hours are minutes from 0 to 1439.")
	case *q.Start == *q.End:
		return Errorf(EINVALID, "Quiet hours must start and end at different times.")
	}
	return nil
}

// Until returns when the quiet hours that hold at now end, in loc, or the
// zero time when now is not inside them.
func (q QuietHours) Until(now time.Time, loc *time.Location) time.Time {
	if q.Start == nil || q.End == nil {
		return time.Time{}
	}
	local := now.In(loc)
	minute := local.Hour()*60 + local.Minute()
	start, end := *q.Start, *q.End
	inside := (start < end && minute >= start && minute < end) || (start > end && (minute >= start || minute < end))
	if !inside {
		return time.Time{}
	}
	day := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, loc)
	if minute >= end { // spans midnight: it ends tomorrow
		day = day.AddDate(0, 0, 1)
	}
	return day.Add(time.Duration(end) * time.Minute)
}

// Delivery is one step of an alert's delivery, shown on the alert: who was
// told, how and when.
type Delivery struct {
	// Recipient is "you" for the wearer, else the supporter's name.
	Recipient string     `json:"recipient"`
	Role      string     `json:"role"` // wearer or supporter
	Channel   string     `json:"channel"`
	State     string     `json:"state"`
	Attempts  int        `json:"attempts"`
	DueAt     time.Time  `json:"dueAt"`
	SentAt    *time.Time `json:"sentAt"`
	LastError *string    `json:"lastError"`
	// Resolution marks the short "they're safe now" line sent after an
	// SOS closed, not the alert itself.
	Resolution bool `json:"resolution"`
}

// ChannelService stores a person's channels and quiet hours. Methods
// naming a channel answer ENOTFOUND when it is not the person's.
type ChannelService interface {
	FindChannels(ctx context.Context, userID int64) ([]*Channel, error)
	FindChannel(ctx context.Context, userID, channelID int64) (*Channel, error)
	// CreateChannel adds a channel. A push channel whose endpoint is known
	// is updated instead (keys, label, owner: the browser is the same). A
	// new email channel is unconfirmed, and its confirmation message, with
	// confirmBase + a fresh token as its link, is queued with it.
	CreateChannel(ctx context.Context, userID int64, c *Channel, confirmBase string, now time.Time) error
	// SetChannelEnabled turns a channel on or off.
	SetChannelEnabled(ctx context.Context, userID, channelID int64, enabled bool) (*Channel, error)
	DeleteChannel(ctx context.Context, userID, channelID int64) error
	// QueueTest puts a test message for the channel in the outbox;
	// ECONFLICT while the channel waits for confirmation.
	QueueTest(ctx context.Context, userID, channelID int64, now time.Time) error
	// ResendConfirmation queues a new confirmation message with a new
	// token (the old link stops working); ECONFLICT when the channel needs
	// none.
	ResendConfirmation(ctx context.Context, userID, channelID int64, confirmBase string, now time.Time) (*Channel, error)
	// ConfirmChannel confirms the address whose link carried token, once,
	// before it expires (ENOTFOUND otherwise), whoever opens it: holding
	// the link is what proves the mailbox.
	ConfirmChannel(ctx context.Context, token string, now time.Time) (*Channel, error)
	QuietHours(ctx context.Context, userID int64) (QuietHours, error)
	SetQuietHours(ctx context.Context, userID int64, q QuietHours) error
	// FindDeliveries lists an alert's delivery steps for its owner.
	FindDeliveries(ctx context.Context, userID, alertID int64) ([]Delivery, error)
}

// ConfirmationSubject is the subject of the email that asks an address's
// owner to confirm it.
const ConfirmationSubject = "Confirm this address for Lifeline"

// ConfirmationMessage asks the owner of an address to confirm it;
// confirmURL carries the one-time token, expires is in the account
// owner's time zone. It names no account: the address's owner may not be
// the person who typed it.
func ConfirmationMessage(confirmURL string, expires time.Time) string {
	return `Hi,

Someone added this email address to their Lifeline account, to be told here when they or a person they support need it. Nothing more will be sent to this address until it is confirmed.

If it was you, open this link to confirm it:

` + confirmURL + `

The link works once and until ` + expires.Format("Monday 2 January at 3:04 PM MST") + `. If it wasn't you, you can ignore this email; nothing more will come.`
}

// OutboxItem is a claimed outbox row with what the worker needs to word
// and send it.
type OutboxItem struct {
	ID int64
	// UserID is the row's person (the alert's owner; for a test, the
	// recipient); Priority its lane; Destination the host or email domain
	// it goes to ("" for an in-app step); DestinationFailing that recent
	// sends there failed.
	UserID             int64
	Priority           int
	Destination        string
	DestinationFailing bool
	IdempotencyKey     string
	// Purpose says what the row is for (a Purpose… constant; docs/care-circle.md,
	// "The outbox", lists them all).
	Purpose string
	Role    string // wearer or supporter; "" for an invitation
	Channel string // email, webhook, push or app
	// Address is where it goes: the channel's, or an invitation's invited
	// address. P256dh and Auth are a push channel's keys.
	Address      string
	Ntfy         bool
	P256dh, Auth string
	// ChannelID is the channel's row, 0 for an invitation or an in-app step.
	ChannelID int64
	// SecretLink is an invitation's accept link, an address's
	// confirmation link or a password reset link, each carrying its
	// one-time token; ExpiresAt is when that link stops working.
	SecretLink string
	ExpiresAt  time.Time
	Attempts   int // including this one
	Escalation bool
	// Resolution: the row says that Alert ended (its ResolvedAt), not
	// that it was raised.
	Resolution bool
	// Alert is nil unless Purpose is PurposeAlert or a claim's.
	Alert *Alert
	// Step is the supporter's step a claim notice or reminder is about.
	Step *AlertStep
	// Digest is a PurposeDigest row's numbers; SecretLink is then its
	// one-click unsubscribe link.
	Digest *Digest
	// Wearer is the row owner's display name (an alert's wearer, an
	// invitation's sender); ZoneName the alert's zone, "" when it has none
	// or it was deleted.
	Wearer   string
	ZoneName string
	// Recipient's time zone (an invitation's: its sender's) and quiet hours.
	RecipientLocation *time.Location
	Quiet             QuietHours
	// Position is the wearer's latest fix, set only when the recipient's
	// grant shows the location now (or for the wearer themselves).
	Position *StoredFix
	// Hold says why the row must not be sent (the escalation stopped, the
	// grant or channel is gone, the address is not confirmed, the
	// invitation no longer stands); the worker marks it skipped.
	Hold string
}

// Outbox is the delivery worker's view of the outbox.
type Outbox interface {
	// Claim claims due pending rows, most urgent first, as r allows, for
	// r.Lease (no other worker gets them meanwhile) and counts this
	// attempt (lanes.go).
	Claim(ctx context.Context, r ClaimRequest) ([]*OutboxItem, error)
	// MakeClaimLink makes the one-tap "I'm on it" link a supporter's alert
	// row carries (via: ViaEmail, ViaPush or ViaNtfy) and returns its
	// token; RecordReminded writes the reminded step of a claim reminder
	// that was sent.
	MakeClaimLink(ctx context.Context, outboxID int64, via string, now time.Time) (string, error)
	RecordReminded(ctx context.Context, outboxID int64, at time.Time) error
	// MarkSent, MarkRetry, MarkFailed and MarkSkipped end a claim.
	MarkSent(ctx context.Context, id int64, at time.Time) error
	MarkRetry(ctx context.Context, id int64, next time.Time, reason string) error
	MarkFailed(ctx context.Context, id int64, reason string) error
	MarkSkipped(ctx context.Context, id int64, reason string) error
	// Postpone moves a row to next without counting an attempt (quiet
	// hours).
	Postpone(ctx context.Context, id int64, next time.Time) error
	// RemoveEndedChannel deletes a push channel its push service says is
	// gone (404 or 410), whoever owns it.
	RemoveEndedChannel(ctx context.Context, id int64) error
}
