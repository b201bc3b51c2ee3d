package delivery

import "time"

// EncryptPushWith lets the RFC 8291 known-answer test fix the ephemeral key
// and salt.
var EncryptPushWith = encryptPushWith

// Backoff is the wait after the attempts-th failure.
func Backoff(w *Worker, attempts int) time.Duration { return w.backoff(attempts) }
