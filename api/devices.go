package api

import (
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"

	"lifeline"
)

// batteryEstimateWindow is how much battery history the time-left
// estimate reads.
const batteryEstimateWindow = 12 * time.Hour

type createDeviceRequest struct {
	Name string `json:"name"`
}

// pairedDevice is the answer to pairing: the only time the token is shown.
type pairedDevice struct {
	*lifeline.Device
	Token string `json:"token"`
}

func (s *Server) createDevice(w http.ResponseWriter, r *http.Request) {
	var req createDeviceRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	name := strings.TrimSpace(req.Name)
	if name == "" || utf8.RuneCountInString(name) > 80 {
		writeError(w, r, &lifeline.Error{Code: lifeline.EINVALID, Message: "Please check the highlighted fields.",
			Fields: map[string]string{"name": "Give the bracelet a name of 1 to 80 characters."}})
		return
	}
	token, hash := lifeline.NewDeviceToken()
	d := &lifeline.Device{ID: lifeline.NewDeviceID(), UserID: currentUser(r.Context()).ID, Name: name}
	if err := s.cfg.Devices.CreateDevice(r.Context(), d, hash); err != nil {
		writeError(w, r, err)
		return
	}
	d.Health = lifeline.HealthNeverSeen
	writeJSON(w, http.StatusCreated, pairedDevice{Device: d, Token: token})
}

func (s *Server) listDevices(w http.ResponseWriter, r *http.Request) {
	list, err := s.cfg.Devices.FindDevices(r.Context(), currentUser(r.Context()).ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	now := s.cfg.Now()
	for _, d := range list {
		d.Connected = s.cfg.Connections != nil && s.cfg.Connections.Connected(d.ID)
		d.Health = lifeline.DeviceHealth(d, now)
		if d.Connected && d.Health == lifeline.HealthNeverSeen {
			d.Health = lifeline.HealthNoGPSFix // connected, nothing sent yet
		}
		history, err := s.cfg.Devices.BatteryHistory(r.Context(), d.ID, now.Add(-batteryEstimateWindow))
		if err != nil {
			writeError(w, r, err)
			return
		}
		if left := lifeline.EstimateBatteryLeft(history); left != nil {
			minutes := int(left.Minutes())
			d.BatteryTimeLeftMinutes = &minutes
		}
	}
	writeJSON(w, http.StatusOK, list)
}

// revokeDevice makes the token useless and cuts the live connection.
func (s *Server) revokeDevice(w http.ResponseWriter, r *http.Request) {
	id := chi.URLParam(r, "id")
	if err := s.cfg.Devices.RevokeDevice(r.Context(), currentUser(r.Context()).ID, id); err != nil {
		writeError(w, r, err)
		return
	}
	if s.cfg.Connections != nil {
		s.cfg.Connections.Disconnect(id)
	}
	w.WriteHeader(http.StatusNoContent)
}
