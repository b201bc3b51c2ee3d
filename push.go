package lifeline

import (
	"context"
	"encoding/base64"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"
)

// Web push: a browser that turned notifications on gives the server a push
// subscription (RFC 8030 endpoint, RFC 8291 keys); the delivery worker
// encrypts each message for it and signs the request with the server's VAPID
// key (RFC 8292).

// ChannelPush is the outbox channel of a web push message.
const ChannelPush = "push"

// PushSubscription is one browser's push subscription. P256dh and Auth are
// base64url without padding, as PushSubscription.toJSON() gives them.
type PushSubscription struct {
	ID       int64  `json:"id"`
	Endpoint string `json:"endpoint"`
	P256dh   string `json:"p256dh"`
	Auth     string `json:"auth"`
	// Label names the device for the person ("Firefox on Linux").
	Label     string     `json:"label"`
	CreatedAt time.Time  `json:"createdAt"`
	LastState *string    `json:"lastState"` // sent or failed, null before the first delivery
	LastError *string    `json:"lastError"`
	LastAt    *time.Time `json:"lastAt"`
}

// Validate checks a subscription a browser sends: an http(s) endpoint, a
// 65-byte uncompressed P-256 point and a 16-byte auth secret.
func (s *PushSubscription) Validate() error {
	s.Endpoint = strings.TrimSpace(s.Endpoint)
	s.Label = strings.TrimSpace(s.Label)
	fields := map[string]string{}
	u, err := url.Parse(s.Endpoint)
	if err != nil || !(strings.HasPrefix(s.Endpoint, "https://") || strings.HasPrefix(s.Endpoint, "http://")) || u.Host == "" || len(s.Endpoint) < 10 || len(s.Endpoint) > 1000 ||
		strings.ContainsAny(s.Endpoint, " \t\r\n") || u.User != nil {
		fields["endpoint"] = "The push endpoint must be an http or https URL."
	}
	if k, err := base64.RawURLEncoding.DecodeString(s.P256dh); err != nil || len(k) != 65 || k[0] != 4 {
		fields["p256dh"] = "The browser's key must be an uncompressed P-256 point in base64url."
	}
	if k, err := base64.RawURLEncoding.DecodeString(s.Auth); err != nil || len(k) != 16 {
		fields["auth"] = "The auth secret must be 16 bytes in base64url."
	}
	if utf8.RuneCountInString(s.Label) > 80 {
		fields["label"] = "Keep the device name under 80 characters."
	} else if !IsPlainText(s.Label) {
		fields["label"] = PlainTextProblem
	}
	if len(fields) > 0 {
		return &Error{Code: EINVALID, Message: "This browser's push subscription could not be used.", Fields: fields}
	}
	return nil
}

// VAPIDKeys is the server's P-256 key pair for RFC 8292: Public is the
// uncompressed point (65 bytes), Private the scalar (32 bytes).
type VAPIDKeys struct {
	Public, Private []byte
}

// PushService stores the VAPID keys and each person's subscriptions.
// Methods naming a subscription answer ENOTFOUND when it is not the
// person's.
type PushService interface {
	// VAPIDKeys returns the server's key pair, making it the first time
	// (once for every node sharing the database).
	VAPIDKeys(ctx context.Context) (*VAPIDKeys, error)
	FindPushSubscriptions(ctx context.Context, userID int64) ([]*PushSubscription, error)
	// SavePushSubscription adds the browser's subscription, or updates it
	// (keys, label, owner) when its endpoint is known.
	SavePushSubscription(ctx context.Context, userID int64, s *PushSubscription) error
	DeletePushSubscription(ctx context.Context, userID, id int64) error
	// QueuePushTest puts a test message for the subscription in the outbox.
	QueuePushTest(ctx context.Context, userID, id int64, now time.Time) error
	// RemoveEndedPushSubscription deletes a subscription the push service
	// says is gone (404 or 410), whoever owns it.
	RemoveEndedPushSubscription(ctx context.Context, id int64) error
}

// PushKeys is the delivery worker's view of web push: the server's key
// pair, and the removal of a subscription its push service ended.
type PushKeys interface {
	VAPIDKeys(ctx context.Context) (*VAPIDKeys, error)
	RemoveEndedPushSubscription(ctx context.Context, id int64) error
}
