package api

import (
	"net/http"

	"lifeline"
)

// A person's channels (email, webhook, ntfy, a browser's web push) and
// quiet hours.

type channelRequest struct {
	Kind    string `json:"kind"`
	Address string `json:"address"`
	Ntfy    bool   `json:"ntfy"`
	// Keys and Label: a push channel's, as PushSubscription.toJSON() and
	// the browser give them.
	Keys *struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
	Label string `json:"label"`
}

type channelUpdate struct {
	Enabled *bool `json:"enabled"`
}

type confirmChannelRequest struct {
	Token string `json:"token"`
}

func (s *Server) listChannels(w http.ResponseWriter, r *http.Request) {
	list, err := s.cfg.Channels.FindChannels(r.Context(), currentUser(r.Context()).ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

// confirmBase is the start of a confirmation link; the token follows it in
// the fragment, which browsers do not send to servers or in Referer.
func (s *Server) confirmBase() string {
	return s.emailLinkBase() + "/confirm-channel#token="
}

// createChannel adds a channel; a new email address is sent its
// confirmation message (counted against the person's and the address's
// limits) and receives nothing else until it is confirmed.
func (s *Server) createChannel(w http.ResponseWriter, r *http.Request) {
	var req channelRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	c := &lifeline.Channel{Kind: req.Kind, Address: req.Address, Ntfy: req.Ntfy, Label: req.Label}
	if req.Keys != nil {
		c.P256dh, c.Auth = req.Keys.P256dh, req.Keys.Auth
	}
	if err := c.Validate(); err != nil {
		writeError(w, r, err)
		return
	}
	if c.Kind != lifeline.ChannelEmail {
		if err := s.publicDestination(c.Address, "address"); err != nil {
			writeError(w, r, err)
			return
		}
	}
	user := currentUser(r.Context())
	if c.Kind == lifeline.ChannelEmail && !s.allowConfirmation(w, r, user.ID, c.Address) {
		return
	}
	if err := s.cfg.Channels.CreateChannel(r.Context(), user.ID, c, s.confirmBase(), s.cfg.Now()); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, c)
}

func (s *Server) allowConfirmation(w http.ResponseWriter, r *http.Request, userID int64, address string) bool {
	return s.allowSend(w, r, perPerson(confirmationLimit, userID), sendCount{addressConfirmationLimit, address})
}

func (s *Server) updateChannel(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Channel not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	var req channelUpdate
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if req.Enabled == nil {
		writeError(w, r, &lifeline.Error{Code: lifeline.EINVALID, Message: "Say whether the channel is on.", Fields: map[string]string{"enabled": "Required."}})
		return
	}
	c, err := s.cfg.Channels.SetChannelEnabled(r.Context(), currentUser(r.Context()).ID, id, *req.Enabled)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, c)
}

func (s *Server) deleteChannel(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Channel not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Channels.DeleteChannel(r.Context(), currentUser(r.Context()).ID, id); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// pathChannel is the signed-in person's channel the path names; it answers
// the error itself and returns nil when there is none.
func (s *Server) pathChannel(w http.ResponseWriter, r *http.Request) *lifeline.Channel {
	id, err := pathID(r, "Channel not found.")
	if err == nil {
		var c *lifeline.Channel
		if c, err = s.cfg.Channels.FindChannel(r.Context(), currentUser(r.Context()).ID, id); err == nil {
			return c
		}
	}
	writeError(w, r, err)
	return nil
}

// testChannel queues a test message; the channel's lastState shows how it
// went once the delivery worker has sent it. The person's limit counts
// only tests that can be sent.
func (s *Server) testChannel(w http.ResponseWriter, r *http.Request) {
	c := s.pathChannel(w, r)
	switch {
	case c == nil:
		return
	case c.NeedsConfirmation():
		writeError(w, r, lifeline.ErrAddressNotConfirmed)
		return
	}
	user := currentUser(r.Context())
	if !s.allowSend(w, r, perPerson(testLimit, user.ID)) {
		return
	}
	if err := s.cfg.Channels.QueueTest(r.Context(), user.ID, c.ID, s.cfg.Now()); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// resendConfirmation ("Send again") sends a new confirmation link.
func (s *Server) resendConfirmation(w http.ResponseWriter, r *http.Request) {
	c := s.pathChannel(w, r)
	if c == nil {
		return
	}
	user := currentUser(r.Context())
	if c.NeedsConfirmation() && !s.allowConfirmation(w, r, user.ID, c.Address) {
		return
	}
	c, err := s.cfg.Channels.ResendConfirmation(r.Context(), user.ID, c.ID, s.confirmBase(), s.cfg.Now())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, c)
}

// confirmChannel is the confirmation link's page: public, because the link
// is often opened in a mail app's browser where nobody is signed in, and
// holding it is what proves the mailbox (the token is the credential, as an
// invitation's is; misses are counted per client address).
func (s *Server) confirmChannel(w http.ResponseWriter, r *http.Request) {
	g, ok := s.publicTokenGate(w, r, "confirm-channel", "Too many links that did not work. Try again in %s.")
	if !ok {
		return
	}
	var req confirmChannelRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	c, err := s.cfg.Channels.ConfirmChannel(r.Context(), req.Token, g.now)
	if err = g.result(r.Context(), err); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, confirmedChannel{Address: c.Address})
}

// confirmedChannel is what the confirm page shows: only the address, which
// whoever holds the link already has.
type confirmedChannel struct {
	Address string `json:"address"`
}

func (s *Server) getQuietHours(w http.ResponseWriter, r *http.Request) {
	q, err := s.cfg.Channels.QuietHours(r.Context(), currentUser(r.Context()).ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, q)
}

func (s *Server) putQuietHours(w http.ResponseWriter, r *http.Request) {
	var q lifeline.QuietHours
	if err := decodeJSON(w, r, &q); err != nil {
		writeError(w, r, err)
		return
	}
	if err := q.Validate(); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Channels.SetQuietHours(r.Context(), currentUser(r.Context()).ID, q); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, q)
}
