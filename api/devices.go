package api

import (
	"cmp"
	"context"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"

	"lifeline"
	"lifeline/live"
)

// batteryEstimateWindow is how much battery history the time-left
// estimate reads.
const batteryEstimateWindow = 12 * time.Hour

type createDeviceRequest struct {
	Name string `json:"name"`
	// Kind is "bracelet" (the default) or "phone"; renaming ignores it.
	Kind string `json:"kind"`
}

// pairedDevice is the answer to pairing: the only time the token is shown.
type pairedDevice struct {
	*lifeline.Device
	Token string `json:"token"`
}

func (s *Server) createDevice(w http.ResponseWriter, r *http.Request) {
	req, err := readDevice(w, r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	kind := cmp.Or(req.Kind, lifeline.DeviceBracelet)
	if !lifeline.ValidDeviceKind(kind) {
		writeError(w, r, &lifeline.Error{Code: lifeline.EINVALID, Message: "Please check the highlighted fields.",
			Fields: map[string]string{"kind": "Choose bracelet or phone."}})
		return
	}
	token, hash := lifeline.NewDeviceToken()
	d := &lifeline.Device{ID: lifeline.NewDeviceID(), UserID: currentUser(r.Context()).ID, Name: req.Name, Kind: kind}
	if err := s.cfg.Devices.CreateDevice(r.Context(), d, hash); err != nil {
		writeError(w, r, err)
		return
	}
	d.Health = lifeline.HealthNeverSeen
	writeJSON(w, http.StatusCreated, pairedDevice{Device: d, Token: token})
}

// readDevice reads {name, kind} (pairing and renaming), trims the name
// and checks its length.
func readDevice(w http.ResponseWriter, r *http.Request) (createDeviceRequest, error) {
	var req createDeviceRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return req, err
	}
	req.Name = strings.TrimSpace(req.Name)
	if req.Name == "" || utf8.RuneCountInString(req.Name) > 80 {
		return req, &lifeline.Error{Code: lifeline.EINVALID, Message: "Please check the highlighted fields.",
			Fields: map[string]string{"name": "Give the bracelet a name of 1 to 80 characters."}}
	}
	if !lifeline.IsPlainText(req.Name) {
		return req, &lifeline.Error{Code: lifeline.EINVALID, Message: "Please check the highlighted fields.",
			Fields: map[string]string{"name": lifeline.PlainTextProblem}}
	}
	return req, nil
}

func (s *Server) listDevices(w http.ResponseWriter, r *http.Request) {
	list, err := s.cfg.Devices.FindDevices(r.Context(), currentUser(r.Context()).ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	for _, d := range list {
		if err := s.describeDevice(r.Context(), d); err != nil {
			writeError(w, r, err)
			return
		}
	}
	writeJSON(w, http.StatusOK, list)
}

// describeDevice fills in what is not stored: the live connection, the
// health, the battery time left, and whether its refusals are today's.
func (s *Server) describeDevice(ctx context.Context, d *lifeline.Device) error {
	now := s.cfg.Now()
	d.TodaysRefusals(now.In(currentUser(ctx).Location()).Format(time.DateOnly))
	d.Connected = s.cfg.Connections != nil && s.cfg.Connections.Connected(d.ID)
	d.Health = lifeline.DeviceHealth(d, now, s.cfg.OfflineAfter)
	if d.Connected && d.Health == lifeline.HealthNeverSeen {
		d.Health = lifeline.HealthNoGPSFix // connected, nothing sent yet
	}
	history, err := s.cfg.Devices.BatteryHistory(ctx, d.ID, now.Add(-batteryEstimateWindow))
	if err != nil {
		return err
	}
	if left := lifeline.EstimateBatteryLeft(history); left != nil {
		minutes := int(left.Minutes())
		d.BatteryTimeLeftMinutes = &minutes
	}
	return nil
}

// renameDevice is PATCH /api/devices/{id} with {name}.
func (s *Server) renameDevice(w http.ResponseWriter, r *http.Request) {
	req, err := readDevice(w, r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	d, err := s.cfg.Devices.RenameDevice(r.Context(), currentUser(r.Context()).ID, chi.URLParam(r, "id"), req.Name)
	if err == nil {
		err = s.describeDevice(r.Context(), d)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, d)
}

// watchLease is how long one POST .../watch keeps a device's packets
// flowing live; the tester view renews it well before it ends.
const watchLease = time.Minute

// watchDevice is POST /api/devices/{id}/watch: for the next minute, every
// ingest node publishes the device's packets to its owner's live streams.
// The lease travels on the shared events channel, so it reaches the node
// the bracelet is connected to whichever node serves this request.
func (s *Server) watchDevice(w http.ResponseWriter, r *http.Request) {
	d, err := s.cfg.Devices.FindDevice(r.Context(), currentUser(r.Context()).ID, chi.URLParam(r, "id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	// The lease ends by the wall clock every node shares, not the test clock.
	watch := lifeline.DeviceWatch{DeviceID: d.ID, Until: time.Now().Add(watchLease).UTC()}
	if err := s.cfg.Events.Publish(r.Context(), live.DeviceWatched(d.UserID, watch)); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]time.Time{"until": watch.Until})
}

// devicePackets is GET /api/devices/{id}/packets: the device's latest
// packets, newest first, as the node holds them.
func (s *Server) devicePackets(w http.ResponseWriter, r *http.Request) {
	d, err := s.cfg.Devices.FindDevice(r.Context(), currentUser(r.Context()).ID, chi.URLParam(r, "id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	list := []lifeline.PacketRecord{}
	if s.cfg.Packets != nil {
		list = s.cfg.Packets.RecentPackets(d.ID)
	}
	writeJSON(w, http.StatusOK, list)
}

// revokeDevice makes the token useless and cuts the live connection, on
// whichever node holds it.
func (s *Server) revokeDevice(w http.ResponseWriter, r *http.Request) {
	id := chi.URLParam(r, "id")
	user := currentUser(r.Context())
	if err := s.cfg.Devices.RevokeDevice(r.Context(), user.ID, id); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Events.Publish(r.Context(), live.DeviceRevoked(user.ID, id)); err != nil {
		// Revoked all the same: an open connection ends when it reconnects.
		s.cfg.Logger.Warn("announce revocation", "device", id, "err", err)
	}
	w.WriteHeader(http.StatusNoContent)
}
