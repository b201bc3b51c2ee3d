package lifeline

import (
	"context"
	"net/mail"
	"net/url"
	"strings"
	"time"
)

// Delivery outside the app: each person's channels, their quiet hours, and
// the outbox rows a delivery worker sends.

// Channel kinds. ChannelApp is no channel a person adds: it is the in-app
// step of an escalation (the alert shows on "People I support").
const (
	ChannelEmail   = "email"
	ChannelWebhook = "webhook"
	ChannelApp     = "app"
)

// Delivery states.
const (
	DeliveryPending = "pending"
	DeliverySent    = "sent"
	DeliveryFailed  = "failed"
	DeliverySkipped = "skipped" // the escalation stopped, or the grant or channel went
)

// Channel is one of a person's ways of being told.
type Channel struct {
	ID      int64  `json:"id"`
	Kind    string `json:"kind"`
	Address string `json:"address"`
	// Ntfy sends a webhook as an ntfy message (Title, Priority and Tags
	// headers, the text as the body) instead of JSON.
	Ntfy      bool       `json:"ntfy"`
	Enabled   bool       `json:"enabled"`
	CreatedAt time.Time  `json:"createdAt"`
	LastState *string    `json:"lastState"` // sent or failed, null before the first delivery
	LastError *string    `json:"lastError"`
	LastAt    *time.Time `json:"lastAt"`
}

// Validate checks a channel a person sends.
func (c *Channel) Validate() error {
	c.Address = strings.TrimSpace(c.Address)
	fields := map[string]string{}
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
	default:
		fields["kind"] = "A channel is email or webhook."
	}
	if len(fields) > 0 {
		return &Error{Code: EINVALID, Message: "Please check the highlighted fields.", Fields: fields}
	}
	return nil
}

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

// NotifyService stores a person's channels and quiet hours. Methods naming
// a channel answer ENOTFOUND when it is not the person's.
type NotifyService interface {
	FindChannels(ctx context.Context, userID int64) ([]*Channel, error)
	CreateChannel(ctx context.Context, userID int64, c *Channel) error
	// SetChannelEnabled turns a channel on or off.
	SetChannelEnabled(ctx context.Context, userID, channelID int64, enabled bool) (*Channel, error)
	DeleteChannel(ctx context.Context, userID, channelID int64) error
	// QueueTest puts a test message for the channel in the outbox.
	QueueTest(ctx context.Context, userID, channelID int64, now time.Time) error
	QuietHours(ctx context.Context, userID int64) (QuietHours, error)
	SetQuietHours(ctx context.Context, userID int64, q QuietHours) error
	// FindDeliveries lists an alert's delivery steps for its owner.
	FindDeliveries(ctx context.Context, userID, alertID int64) ([]Delivery, error)
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
	Role               string // wearer or supporter
	Channel            string // email, webhook or app
	Address            string
	Ntfy               bool
	Attempts           int // including this one
	Escalation         bool
	// Resolution: the row says that Alert ended (its ResolvedAt), not
	// that it was raised.
	Resolution bool
	// Alert is nil for a test message.
	Alert *Alert
	// Wearer is the alert's owner's display name; ZoneName the alert's
	// zone, "" when it has none or it was deleted.
	Wearer   string
	ZoneName string
	// Recipient's time zone and quiet hours.
	RecipientLocation *time.Location
	Quiet             QuietHours
	// Position is the wearer's latest fix, set only when the recipient's
	// grant shows the location now (or for the wearer themselves).
	Position *Location
	// Push is the browser's subscription of a push row (Channel
	// ChannelPush), nil otherwise.
	Push *PushSubscription
	// Hold says why the row must not be sent (the escalation stopped, the
	// grant or channel is gone); the worker marks it skipped.
	Hold string
}

// Outbox is the delivery worker's view of the outbox.
type Outbox interface {
	// Claim claims due pending rows, most urgent first, as r allows, for
	// r.Lease (no other worker gets them meanwhile) and counts this
	// attempt (lanes.go).
	Claim(ctx context.Context, r ClaimRequest) ([]*OutboxItem, error)
	// MarkSent, MarkRetry, MarkFailed and MarkSkipped end a claim.
	MarkSent(ctx context.Context, id int64, at time.Time) error
	MarkRetry(ctx context.Context, id int64, next time.Time, reason string) error
	MarkFailed(ctx context.Context, id int64, reason string) error
	MarkSkipped(ctx context.Context, id int64, reason string) error
	// Postpone moves a row to next without counting an attempt (quiet
	// hours).
	Postpone(ctx context.Context, id int64, next time.Time) error
}
