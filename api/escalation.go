package api

import (
	"net/http"

	"lifeline"
)

// getEscalation is GET /api/escalation: when the wearer's supporters are
// told of each kind of alert.
func (s *Server) getEscalation(w http.ResponseWriter, r *http.Request) {
	e, err := s.cfg.Escalation.FindEscalation(r.Context(), currentUser(r.Context()).ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, e)
}

// putEscalation is PUT /api/escalation. defaultAvoidZoneMinutes is the
// server's and ignored.
func (s *Server) putEscalation(w http.ResponseWriter, r *http.Request) {
	var e lifeline.EscalationSettings
	if err := decodeJSON(w, r, &e); err != nil {
		writeError(w, r, err)
		return
	}
	if err := e.Validate(); err != nil {
		writeError(w, r, err)
		return
	}
	saved, err := s.cfg.Escalation.SaveEscalation(r.Context(), currentUser(r.Context()).ID, e)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, saved)
}
