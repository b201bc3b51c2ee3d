package lifeline

import "context"

// Web push: a browser that turned notifications on is a channel of kind
// ChannelPush (channel.go); the delivery worker encrypts each message for
// it and signs the request with the server's VAPID key (RFC 8292).

// VAPIDKeys is the server's P-256 key pair for RFC 8292: Public is the
// uncompressed point (65 bytes), Private the scalar (32 bytes).
type VAPIDKeys struct {
	Public, Private []byte
}

// PushKeys holds the server's VAPID key pair.
type PushKeys interface {
	// VAPIDKeys returns the server's key pair, making it the first time
	// (once for every node sharing the database).
	VAPIDKeys(ctx context.Context) (*VAPIDKeys, error)
}
