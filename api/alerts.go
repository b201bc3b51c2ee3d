package api

import (
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"lifeline"
)

const alertListLimit = 100

func (s *Server) listAlerts(w http.ResponseWriter, r *http.Request) {
	list, err := s.cfg.Alerts.FindAlerts(r.Context(), currentUser(r.Context()).ID, alertListLimit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

func (s *Server) markAlertRead(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil {
		writeError(w, r, lifeline.Errorf(lifeline.ENOTFOUND, "Alert not found."))
		return
	}
	if err := s.cfg.Alerts.MarkAlertRead(r.Context(), currentUser(r.Context()).ID, id); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
