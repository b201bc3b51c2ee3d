package api

import (
	"net/http"
	"time"
)

// Paused channels: a destination that keeps failing waits before it is
// tried again, and its channel's owner may ask to try now.

func (s *Server) listChannelPauses(w http.ResponseWriter, r *http.Request) {
	list, err := s.cfg.Destinations.FindChannelPauses(r.Context(), currentUser(r.Context()).ID, time.Now())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

func (s *Server) resumeChannel(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Channel not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Destinations.ResumeChannel(r.Context(), currentUser(r.Context()).ID, id, time.Now()); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
