package delivery

import (
	"errors"
	"time"
)

// EncryptPushWith lets the RFC 8291 known-answer test fix the ephemeral key
// and salt.
var EncryptPushWith = encryptPushWith

// Backoff is the wait after the attempts-th failure.
func Backoff(w *Worker, attempts int) time.Duration { return w.backoff(attempts) }

// IsPermanent reports whether err ends a delivery at once (no retry).
func IsPermanent(err error) bool {
	var p *permanentError
	return errors.As(err, &p)
}
