package api

import (
	"errors"
	"io"
	"net/http"
	"sync"
	"time"
)

// bodyDeadline gives a request's body timeout to arrive in full, counted
// from the end of its headers: a client that trickles a body (a few bytes
// now and then, to hold a connection and its file descriptor) is cut off,
// and the handler reading it gets an error. Once the body has been read,
// the deadline is lifted, so neither a slow answer (the chat's) nor the
// connection's next request is cut short.
func bodyDeadline(timeout time.Duration) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Body == nil || r.Body == http.NoBody {
				next.ServeHTTP(w, r)
				return
			}
			rc := http.NewResponseController(w)
			if err := rc.SetReadDeadline(time.Now().Add(timeout)); err != nil {
				next.ServeHTTP(w, r)
				return
			}
			r.Body = &deadlineBody{ReadCloser: r.Body, lift: func() { _ = rc.SetReadDeadline(time.Time{}) }}
			next.ServeHTTP(w, r)
		})
	}
}

// deadlineBody lifts the read deadline when the body ends.
type deadlineBody struct {
	io.ReadCloser
	once sync.Once
	lift func()
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if errors.Is(err, io.EOF) {
		b.once.Do(b.lift)
	}
	return n, err
}
