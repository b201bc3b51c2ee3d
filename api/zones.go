package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"lifeline"
	"lifeline/live"
)

// zoneRequest is a zone as the web app sends it; on PATCH only the fields
// present change.
type zoneRequest struct {
	Name         *string                `json:"name"`
	Type         *string                `json:"type"`
	Shape        *string                `json:"shape"`
	Latitude     *float64               `json:"latitude"`
	Longitude    *float64               `json:"longitude"`
	Radius       *float64               `json:"radius"`
	Polygon      json.RawMessage        `json:"polygon"`
	IsActive     *bool                  `json:"isActive"`
	DwellMinutes *int                   `json:"dwellMinutes"`
	Schedule     *lifeline.ZoneSchedule `json:"schedule"`
}

// apply copies the request onto z. A PATCH clears dwellMinutes by sending
// 0 and the schedule by sending an empty one (a JSON null would look the
// same as an absent field).
func (req zoneRequest) apply(z *lifeline.Zone) {
	if req.Name != nil {
		z.Name = strings.TrimSpace(*req.Name)
	}
	if req.Type != nil {
		z.Type = *req.Type
	}
	if req.Shape != nil {
		z.Shape = *req.Shape
	}
	if req.Latitude != nil {
		z.Latitude = *req.Latitude
	}
	if req.Longitude != nil {
		z.Longitude = *req.Longitude
	}
	if req.Radius != nil {
		z.Radius = req.Radius
	}
	if len(req.Polygon) > 0 && string(req.Polygon) != "null" {
		z.Polygon = req.Polygon
		if req.Shape == nil {
			z.Shape = lifeline.ShapePolygon
		}
	}
	if req.IsActive != nil {
		z.IsActive = *req.IsActive
	}
	if req.DwellMinutes != nil {
		z.DwellMinutes = req.DwellMinutes
		if *req.DwellMinutes == 0 {
			z.DwellMinutes = nil
		}
	}
	if req.Schedule != nil {
		z.Schedule = req.Schedule
		if req.Schedule.Start == "" && req.Schedule.End == "" {
			z.Schedule = nil
		}
	}
	// One geometry only: a circle has no polygon, a polygon no radius.
	if z.Shape == lifeline.ShapePolygon {
		z.Radius = nil
	} else {
		z.Shape, z.Polygon = lifeline.ShapeCircle, nil
	}
}

// validateZone checks what the database would refuse with a message a
// person understands; the geometry is the engine's to judge.
func (s *Server) validateZone(ctx context.Context, z *lifeline.Zone) error {
	if z.Type != lifeline.ZoneSafe && z.Type != lifeline.ZoneAvoid {
		return &lifeline.Error{Code: lifeline.EINVALID, Message: "Please check the highlighted fields.",
			Fields: map[string]string{"type": `Choose "safe" or "avoid".`}}
	}
	return s.cfg.ZoneWatch.ValidateZone(ctx, z)
}

// zoneChanged brings every node's engine up to date: this node's at once,
// before the response.
func (s *Server) zoneChanged(ctx context.Context, userID, zoneID int64) {
	if err := s.cfg.Events.Publish(ctx, live.ZoneChanged(userID, zoneID)); err != nil {
		s.cfg.Logger.Warn("announce zone change", "zone", zoneID, "err", err)
	}
}

func (s *Server) listZones(w http.ResponseWriter, r *http.Request) {
	zones, err := s.cfg.Zones.FindZones(r.Context(), currentUser(r.Context()).ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, zones)
}

func (s *Server) createZone(w http.ResponseWriter, r *http.Request) {
	var req zoneRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	ctx := r.Context()
	z := &lifeline.Zone{UserID: currentUser(ctx).ID, IsActive: true}
	req.apply(z)
	if err := s.validateZone(ctx, z); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Zones.CreateZone(ctx, z); err != nil {
		writeError(w, r, err)
		return
	}
	s.zoneChanged(ctx, z.UserID, z.ID)
	writeJSON(w, http.StatusCreated, z)
}

// ownZone finds one of the user's zones by the {id} in the path.
func (s *Server) ownZone(r *http.Request) (*lifeline.Zone, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Zone not found.")
	}
	z, err := s.cfg.Zones.FindZoneByID(r.Context(), id)
	if err != nil || z.UserID != currentUser(r.Context()).ID {
		return nil, lifeline.Errorf(lifeline.ENOTFOUND, "Zone not found.")
	}
	return z, nil
}

func (s *Server) updateZone(w http.ResponseWriter, r *http.Request) {
	z, err := s.ownZone(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	var req zoneRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	ctx := r.Context()
	req.apply(z)
	if err := s.validateZone(ctx, z); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Zones.UpdateZone(ctx, z); err != nil {
		writeError(w, r, err)
		return
	}
	s.zoneChanged(ctx, z.UserID, z.ID)
	writeJSON(w, http.StatusOK, z)
}

func (s *Server) deleteZone(w http.ResponseWriter, r *http.Request) {
	z, err := s.ownZone(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Zones.DeleteZone(r.Context(), z.UserID, z.ID); err != nil {
		writeError(w, r, err)
		return
	}
	s.zoneChanged(r.Context(), z.UserID, z.ID)
	w.WriteHeader(http.StatusNoContent)
}

// getAlert returns one alert with its evidence ("Why this alert?").
func (s *Server) getAlert(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil {
		writeError(w, r, lifeline.Errorf(lifeline.ENOTFOUND, "Alert not found."))
		return
	}
	a, err := s.cfg.Alerts.FindAlert(r.Context(), currentUser(r.Context()).ID, id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a)
}
