package api

import (
	"net/http"
	"time"

	"lifeline"
)

// The SOS: raised with the position the browser has, open until its wearer
// says "I'm safe now", and named honestly before it is sent (who will hear
// it, and how).

// closedSOSShown is how long a supporter still sees an SOS after its
// wearer said they're safe, so the news is there when they next look.
const closedSOSShown = 24 * time.Hour

// openSOS is the wearer's open SOS and until when the web app keeps
// sharing their position for it (lifeline.SOSWindow after it began).
type openSOS struct {
	Alert        *lifeline.Alert `json:"alert"`
	SharingUntil time.Time       `json:"sharingUntil"`
}

func newOpenSOS(a *lifeline.Alert) openSOS {
	return openSOS{Alert: a, SharingUntil: a.CreatedAt.Add(lifeline.SOSWindow).UTC()}
}

// raiseSOS is "Alert my people now": every supporter with the SOS scope is
// told at once, quiet hours or not. A position in the body is stored as
// the wearer's latest fix first, so every message that may carry it does.
func (s *Server) raiseSOS(w http.ResponseWriter, r *http.Request) {
	var req positionRequest
	if err := decodeOptionalJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	ctx := r.Context()
	me := currentUser(ctx).ID
	now := s.cfg.Now()
	if req.given() {
		if err := req.validate(); err != nil {
			writeError(w, r, err)
			return
		}
		if err := s.writeBrowserFix(ctx, me, req, now); err != nil {
			writeError(w, r, err)
			return
		}
	}
	alert, reached, err := s.cfg.SOS.RaiseSOS(ctx, me, now)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, struct {
		openSOS
		Supporters int `json:"supporters"`
	}{newOpenSOS(alert), reached})
}

// getOpenSOS is the wearer's open SOS, or null.
func (s *Server) getOpenSOS(w http.ResponseWriter, r *http.Request) {
	a, err := s.cfg.SOS.OpenSOS(r.Context(), currentUser(r.Context()).ID)
	switch {
	case lifeline.ErrorCode(err) == lifeline.ENOTFOUND:
		writeJSON(w, http.StatusOK, nil)
	case err != nil:
		writeError(w, r, err)
	default:
		writeJSON(w, http.StatusOK, newOpenSOS(a))
	}
}

// resolveSOS is "I'm safe now": the SOS closes, and everyone who was told
// hears it in one short line.
func (s *Server) resolveSOS(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "SOS not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	a, err := s.cfg.SOS.ResolveSOS(r.Context(), currentUser(r.Context()).ID, id, s.cfg.Now())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a)
}

// sosAudience is who an SOS would reach now, and how each would hear it.
func (s *Server) sosAudience(w http.ResponseWriter, r *http.Request) {
	list, err := s.cfg.SOS.SOSAudience(r.Context(), currentUser(r.Context()).ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if list == nil {
		list = []*lifeline.SOSListener{}
	}
	writeJSON(w, http.StatusOK, list)
}

// supportedSOS is p's SOS as the supporter me sees it: open (asking now,
// or since when), or closed within closedSOSShown; nil without one or
// without the SOS scope.
func (s *Server) supportedSOS(r *http.Request, me *lifeline.User, p *lifeline.Supported) (*supporterAlert, error) {
	if !p.Grant.Allows(lifeline.AlertSOS) {
		return nil, nil
	}
	now := s.cfg.Now()
	a, err := s.cfg.SOS.SupportedSOS(r.Context(), me.ID, p.WearerID, now.Add(-closedSOSShown))
	if lifeline.ErrorCode(err) == lifeline.ENOTFOUND {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	title, message := lifeline.SupporterSOS(p.Name, a, now, me.Location())
	return &supporterAlert{ID: a.ID, Type: a.Type, Title: title, Message: message, CreatedAt: a.CreatedAt, ResolvedAt: a.ResolvedAt}, nil
}
