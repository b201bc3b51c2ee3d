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
// without the server's default, which is not the wearer's to send. The
// tier window and claim reminder may be left out (a client from before
// tiers): then they are the defaults.
type escalationRequest struct {
	AvoidZone          string `json:"avoidZone"`
	AvoidZoneMinutes   *int   `json:"avoidZoneMinutes"`
	MissedCheckinDays  int    `json:"missedCheckinDays"`
	Device             string `json:"device"`
	TierWindowMinutes  *int   `json:"tierWindowMinutes"`
	ClaimRemindMinutes *int   `json:"claimRemindMinutes"`
}

// putEscalation is PUT /api/escalation.
func (s *Server) putEscalation(w http.ResponseWriter, r *http.Request) {
	var req escalationRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	e := lifeline.DefaultEscalation(0)
	e.AvoidZone, e.AvoidZoneMinutes, e.MissedCheckinDays, e.Device = req.AvoidZone, req.AvoidZoneMinutes, req.MissedCheckinDays, req.Device
	if req.TierWindowMinutes != nil {
		e.TierWindowMinutes = *req.TierWindowMinutes
	}
	if req.ClaimRemindMinutes != nil {
		e.ClaimRemindMinutes = *req.ClaimRemindMinutes
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
