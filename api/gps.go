package api

import (
	"context"
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

// positionRequest is a position the browser sends: POST /api/gps/location
// and, optionally, POST /api/sos.
type positionRequest struct {
	Latitude  *float64 `json:"latitude"`
	Longitude *float64 `json:"longitude"`
	Accuracy  *float64 `json:"accuracy"`
}

// given reports whether any part of a position was sent.
func (p positionRequest) given() bool {
	return p.Latitude != nil || p.Longitude != nil || p.Accuracy != nil
}

func (p positionRequest) validate() error {
	problems := fieldErrors{}
	inRange := func(v *float64, lo, hi float64) bool { return v != nil && !math.IsNaN(*v) && *v >= lo && *v <= hi }
	if !inRange(p.Latitude, -90, 90) {
		problems["latitude"] = "Latitude must be a number from -90 to 90."
	}
	if !inRange(p.Longitude, -180, 180) {
		problems["longitude"] = "Longitude must be a number from -180 to 180."
	}
	if p.Accuracy != nil && !inRange(p.Accuracy, 0, maxManualAccuracy) {
		problems["accuracy"] = "Accuracy must be a number of metres from 0 to 100000."
	}
	return problems.err()
}

// writeBrowserFix stores a validated position as the user's manual fix at
// now, through the same writer (and so the same geofence engine, live feed
// and latest position) as bracelet fixes; it returns after the commit.
func (s *Server) writeBrowserFix(ctx context.Context, userID int64, p positionRequest, now time.Time) error {
	fix := lifeline.Fix{
		UserID: userID, Source: lifeline.SourceBrowser, TS: now, ReceivedAt: now,
		Lat: *p.Latitude, Lon: *p.Longitude, Accuracy: p.Accuracy,
	}
	return s.cfg.Fixes.Write(ctx, []lifeline.Fix{fix}, nil)
}

// shareLocation stores the browser's position as a manual fix.
func (s *Server) shareLocation(w http.ResponseWriter, r *http.Request) {
	var req positionRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if err := req.validate(); err != nil {
		writeError(w, r, err)
		return
	}
	ctx := r.Context()
	userID := currentUser(ctx).ID
	if err := s.writeBrowserFix(ctx, userID, req, s.cfg.Now()); err != nil {
		writeError(w, r, err)
		return
	}
	loc, err := s.cfg.Locations.LatestFix(ctx, userID)
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
	var f lifeline.FixFilter
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
	list, err := s.cfg.Locations.FindFixes(r.Context(), currentUser(r.Context()).ID, f)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

func (s *Server) latestLocation(w http.ResponseWriter, r *http.Request) {
	loc, err := s.cfg.Locations.LatestFix(r.Context(), currentUser(r.Context()).ID)
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
