package api

import (
	"net/http"
	"strconv"
	"time"

	"lifeline"
)

// Limits on what one person can make the server send, so that nobody can
// use it to flood an address: each counts in a fixed window shared by
// every node (the throttle table) and answers 429 with Retry-After and a
// message that says when to try again.
type sendLimit struct {
	name    string // the throttle key's prefix
	count   int    // allowed per window
	window  time.Duration
	message string // %s: the wait in words
}

var (
	testLimit = sendLimit{"send-test", 5, time.Hour,
		"You've sent a lot of tests. Try again in %s."}
	invitationLimit = sendLimit{"send-invitation", 10, 24 * time.Hour,
		"You've sent a lot of invitations today. Try again in %s."}
	confirmationLimit = sendLimit{"send-confirmation", 10, 24 * time.Hour,
		"You've asked for a lot of confirmation emails today. Try again in %s."}
	// addressConfirmationLimit counts per address, across every account.
	addressConfirmationLimit = sendLimit{"confirm-address", 3, 24 * time.Hour,
		"This address has been sent 3 confirmation emails today. Try again in %s."}
	// The reset links asked for an address, whether or not it has an
	// account (the answer must not tell), and from one client address.
	addressResetLimit = sendLimit{"reset-address", 3, time.Hour,
		"We've sent a few links to this address in the last hour. Please look for them (the spam folder too), or try again in %s."}
	// askLimit: one ask is open at a time; this keeps asking and closing
	// from flooding anyone's channels.
	askLimit = sendLimit{"send-ask", 10, 24 * time.Hour,
		"You've asked for a call a lot today. Try again in %s. If you need someone right now, call or text 988."}
	clientResetLimit = sendLimit{"reset-client", 10, time.Hour,
		"Too many reset requests from this connection. Try again in %s."}
	// noteLimit counts a supporter's care notes to one person (perNote).
	noteLimit = sendLimit{"send-note", lifeline.NotesPerDay, 24 * time.Hour,
		"You've sent a lot of notes today. Try again in %s."}
)

// sendCount is one limit applied to one key (a person's ID, an address).
type sendCount struct {
	limit sendLimit
	key   string
}

func perPerson(l sendLimit, userID int64) sendCount {
	return sendCount{l, strconv.FormatInt(userID, 10)}
}

// perNote counts per supporter and person, so someone who supports
// several people can write to each.
func perNote(supporterID, linkID int64) sendCount {
	return sendCount{noteLimit, strconv.FormatInt(supporterID, 10) + ":" + strconv.FormatInt(linkID, 10)}
}

// allowSend counts one send under each of counts, or answers 429 itself
// and returns false when any of them is used up.
func (s *Server) allowSend(w http.ResponseWriter, r *http.Request, counts ...sendCount) bool {
	ctx, now := r.Context(), s.cfg.Now()
	for _, c := range counts {
		wait, err := s.cfg.Throttle.Blocked(ctx, "client", c.limit.name+":"+c.key, now)
		if err != nil {
			writeError(w, r, err)
			return false
		}
		if wait > 0 {
			writeTooMany(w, r, wait, c.limit.message)
			return false
		}
	}
	for _, c := range counts {
		// Fail counts every send; the one past the limit is refused.
		wait, err := s.cfg.Throttle.Fail(ctx, "client", c.limit.name+":"+c.key, c.limit.count+1, c.limit.window, c.limit.window, now)
		if err != nil {
			writeError(w, r, err)
			return false
		}
		if wait > 0 {
			writeTooMany(w, r, wait, c.limit.message)
			return false
		}
	}
	return true
}
