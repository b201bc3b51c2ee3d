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

// escalationRequest is what PUT /api/escalation takes: the settings
// without the server's default, which is not the wearer's to send.
type escalationRequest struct {
	AvoidZone         string `json:"avoidZone"`
	AvoidZoneMinutes  *int   `json:"avoidZoneMinutes"`
	MissedCheckinDays int    `json:"missedCheckinDays"`
	Device            string `json:"device"`
}

// putEscalation is PUT /api/escalation.
func (s *Server) putEscalation(w http.ResponseWriter, r *http.Request) {
	var req escalationRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	e := lifeline.EscalationSettings{AvoidZone: req.AvoidZone, AvoidZoneMinutes: req.AvoidZoneMinutes,
		MissedCheckinDays: req.MissedCheckinDays, Device: req.Device}
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
