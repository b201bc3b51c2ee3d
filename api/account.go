package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"lifeline"
	"lifeline/live"
)

type deleteAccountRequest struct {
	Password string `json:"password"`
	// Confirm is "DELETE", for accounts that have no password.
	Confirm string `json:"confirm"`
}

// exportAccount sends every row of the user's data as one JSON download.
func (s *Server) exportAccount(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	user := currentUser(ctx)
	tables, err := s.cfg.Users.ExportUser(ctx, user.ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	now := s.cfg.Now().In(user.Location())
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="lifeline-export-%s.json"`, now.Format("2006-01-02")))
	writeJSON(w, http.StatusOK, struct {
		Format     string                       `json:"format"`
		ExportedAt time.Time                    `json:"exportedAt"`
		Tables     map[string][]json.RawMessage `json:"tables"`
	}{"lifeline-export-v1", now, tables})
}

// deleteAccount removes the account and all its data, after the password
// (or, without one, the word DELETE) confirms that the person means it.
func (s *Server) deleteAccount(w http.ResponseWriter, r *http.Request) {
	var req deleteAccountRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	ctx := r.Context()
	user := currentUser(ctx)
	hasPassword, ok, err := s.confirmPassword(ctx, user.ID, req.Password)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if hasPassword && !ok {
		writeError(w, r, &lifeline.Error{Code: lifeline.EINVALID, Message: "Password is incorrect.", Fields: map[string]string{"password": "Password is incorrect."}})
		return
	}
	if !hasPassword && req.Confirm != "DELETE" {
		writeError(w, r, &lifeline.Error{Code: lifeline.EINVALID, Message: "Type DELETE to confirm.", Fields: map[string]string{"confirm": "Type DELETE to confirm."}})
		return
	}
	devices, err := s.cfg.Devices.FindDevices(ctx, user.ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Users.DeleteUser(ctx, user.ID); err != nil {
		writeError(w, r, err)
		return
	}
	// The account's bracelets and phones went with it: every node cuts
	// their connections and forgets their credentials, as on a revocation.
	revoked := make([]live.Event, 0, len(devices))
	for _, d := range devices {
		revoked = append(revoked, live.DeviceRevoked(user.ID, d.ID))
	}
	if err := s.cfg.Events.Publish(ctx, revoked...); err != nil {
		s.cfg.Logger.Warn("announce the erased account's devices", "user", user.ID, "err", err)
	}
	s.clearSessionCookie(w)
	s.cfg.Logger.Info("account deleted", "user", user.ID)
	w.WriteHeader(http.StatusNoContent)
}
