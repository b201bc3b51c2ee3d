package api

import (
	"math"
	"net/http"
	"time"

	"lifeline"
)

const (
	defaultLocationLimit = 100
	maxLocationLimit     = 1000
	maxManualAccuracy    = 100_000 // metres; a browser claiming worse is not locating anything
)

type shareLocationRequest struct {
	Latitude  *float64 `json:"latitude"`
	Longitude *float64 `json:"longitude"`
	Accuracy  *float64 `json:"accuracy"`
}

// shareLocation stores the browser's position as a manual fix, through the
// same writer (and so the same geofence engine) as bracelet fixes.
func (s *Server) shareLocation(w http.ResponseWriter, r *http.Request) {
	var req shareLocationRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	problems := fieldErrors{}
	inRange := func(v *float64, lo, hi float64) bool { return v != nil && !math.IsNaN(*v) && *v >= lo && *v <= hi }
	if !inRange(req.Latitude, -90, 90) {
		problems["latitude"] = "Latitude must be a number from -90 to 90."
	}
	if !inRange(req.Longitude, -180, 180) {
		problems["longitude"] = "Longitude must be a number from -180 to 180."
	}
	if req.Accuracy != nil && !inRange(req.Accuracy, 0, maxManualAccuracy) {
		problems["accuracy"] = "Accuracy must be a number of metres from 0 to 100000."
	}
	if err := problems.err(); err != nil {
		writeError(w, r, err)
		return
	}
	ctx := r.Context()
	now := s.cfg.Now()
	fix := lifeline.Fix{
		UserID: currentUser(ctx).ID, Source: lifeline.SourceBrowser, TS: now, ReceivedAt: now,
		Lat: *req.Latitude, Lon: *req.Longitude, Accuracy: req.Accuracy,
	}
	if err := s.cfg.Fixes.Write(ctx, []lifeline.Fix{fix}, nil); err != nil {
		writeError(w, r, err)
		return
	}
	loc, err := s.cfg.Locations.LatestLocation(ctx, fix.UserID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, loc)
}

// listLocations: newest first; ?limit= (default 100, at most 1000) and an
// optional ?from=&to= range in RFC 3339.
func (s *Server) listLocations(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var f lifeline.LocationFilter
	var err error
	if f.Limit, err = queryLimit(r, defaultLocationLimit, maxLocationLimit); err != nil {
		writeError(w, r, err)
		return
	}
	for name, dst := range map[string]*time.Time{"from": &f.From, "to": &f.To} {
		if v := q.Get(name); v != "" {
			t, err := time.Parse(time.RFC3339, v)
			if err != nil {
				writeError(w, r, lifeline.Errorf(lifeline.EINVALID, "?%s= must be a time such as 2026-11-22T08:00:00Z.", name))
				return
			}
			*dst = t
		}
	}
	list, err := s.cfg.Locations.FindLocations(r.Context(), currentUser(r.Context()).ID, f)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

func (s *Server) latestLocation(w http.ResponseWriter, r *http.Request) {
	loc, err := s.cfg.Locations.LatestLocation(r.Context(), currentUser(r.Context()).ID)
	if lifeline.ErrorCode(err) == lifeline.ENOTFOUND {
		writeJSON(w, http.StatusOK, nil)
		return
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, loc)
}
