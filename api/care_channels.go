package api

import (
	"net/http"

	"lifeline"
)

// A person's notification channels and quiet hours.

type channelRequest struct {
	Kind    string `json:"kind"`
	Address string `json:"address"`
	Ntfy    bool   `json:"ntfy"`
}

type channelUpdate struct {
	Enabled *bool `json:"enabled"`
}

func (s *Server) listChannels(w http.ResponseWriter, r *http.Request) {
	list, err := s.cfg.Notify.FindChannels(r.Context(), currentUser(r.Context()).ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

func (s *Server) createChannel(w http.ResponseWriter, r *http.Request) {
	var req channelRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	c := &lifeline.Channel{Kind: req.Kind, Address: req.Address, Ntfy: req.Ntfy}
	if err := c.Validate(); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.publicDestination(c.Address, "address"); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Notify.CreateChannel(r.Context(), currentUser(r.Context()).ID, c); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, c)
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
	c, err := s.cfg.Notify.SetChannelEnabled(r.Context(), currentUser(r.Context()).ID, id, *req.Enabled)
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
	if err := s.cfg.Notify.DeleteChannel(r.Context(), currentUser(r.Context()).ID, id); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// testChannel queues a test message; the channel's lastState shows how it
// went once the delivery worker has sent it.
func (s *Server) testChannel(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Channel not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Notify.QueueTest(r.Context(), currentUser(r.Context()).ID, id, s.cfg.Now()); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func (s *Server) getQuietHours(w http.ResponseWriter, r *http.Request) {
	q, err := s.cfg.Notify.QuietHours(r.Context(), currentUser(r.Context()).ID)
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
	if err := s.cfg.Notify.SetQuietHours(r.Context(), currentUser(r.Context()).ID, q); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, q)
}
