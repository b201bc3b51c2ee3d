package smtptest

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"time"
)

// The longest a request may wait for messages.
const maxWait = 10 * time.Minute

// Handler serves the received messages as JSON, for tests in another
// process (the browser suite), as MailHog's API does:
//
//	GET /messages                        every message, oldest first
//	GET /messages?count=N&timeout=30s    the same, once at least N have
//	                                     arrived or the timeout (at most
//	                                     10 minutes) has passed
//
// Each message is a Message: from, to (the envelope), header (names to
// lists of values), subject, body, raw and received.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /messages", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if q.Has("count") {
			count, err := strconv.Atoi(q.Get("count"))
			if err != nil || count < 0 {
				http.Error(w, "count must be a whole number", http.StatusBadRequest)
				return
			}
			timeout, err := time.ParseDuration(q.Get("timeout"))
			if err != nil || timeout <= 0 || timeout > maxWait {
				http.Error(w, "timeout must be a duration (30s) of at most "+maxWait.String(), http.StatusBadRequest)
				return
			}
			ctx, cancel := context.WithTimeout(r.Context(), timeout)
			_, _ = s.Wait(ctx, count) // what arrived is answered either way
			cancel()
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(s.Messages())
	})
	return mux
}
