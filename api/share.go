package api

import (
	"net/http"
	"strings"

	"lifeline"
)

// Share links: the signed-in wearer makes, lists and revokes links; anyone
// holding one sees the wearer's first name and latest position until it
// ends. The token rides in the URL fragment (/share#token=…), which no
// server log sees, and reaches the server in a POST body.

type createShareRequest struct {
	Hours int `json:"hours"`
}

type createShareResponse struct {
	lifeline.NewShare
	// URL opens the public page; absolute (--public-url, or the request's
	// origin when unset).
	URL string `json:"url"`
}

// shareViewLimit is how many views one client address may ask for in
// throttleWindow (a page refreshes every 15 s: 60 in 15 minutes), and
// shareMissLimit how many unknown, expired or revoked tokens.
const (
	shareViewLimit = 600
	shareMissLimit = 30
)

// origin is the base of links the server hands out: --public-url, or the
// scheme and host the request came to.
func (s *Server) origin(r *http.Request) string {
	base := s.cfg.PublicURL
	if base == "" {
		scheme := "http"
		if r.TLS != nil {
			scheme = "https"
		}
		base = scheme + "://" + r.Host
	}
	return strings.TrimSuffix(base, "/")
}

func (s *Server) listShares(w http.ResponseWriter, r *http.Request) {
	list, err := s.cfg.Shares.FindShares(r.Context(), currentUser(r.Context()).ID, s.cfg.Now())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

func (s *Server) createShare(w http.ResponseWriter, r *http.Request) {
	var req createShareRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if err := lifeline.ValidShareHours(req.Hours); err != nil {
		writeError(w, r, err)
		return
	}
	share, err := s.cfg.Shares.CreateShare(r.Context(), currentUser(r.Context()).ID, req.Hours, s.cfg.Now())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, createShareResponse{NewShare: *share, URL: s.origin(r) + "/share#token=" + share.Token})
}

func (s *Server) revokeShare(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Link not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Shares.RevokeShare(r.Context(), currentUser(r.Context()).ID, id, s.cfg.Now()); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type viewShareRequest struct {
	Token string `json:"token"`
	// Refresh is the open page asking again: not a new open.
	Refresh bool `json:"refresh"`
}

// viewShare is public: the link's token is the only credential. Every
// unknown, expired or revoked token gets the same 404.
func (s *Server) viewShare(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	now := s.cfg.Now()
	key := s.clientKey(r)
	if wait, err := s.cfg.Throttle.Blocked(ctx, "client", "share-miss:"+key, now); err != nil {
		writeError(w, r, err)
		return
	} else if wait > 0 {
		writeTooMany(w, r, wait, "Too many links that don't work from this connection. Try again in %s.")
		return
	}
	if wait, err := s.cfg.Throttle.Fail(ctx, "client", "share:"+key, shareViewLimit, throttleWindow, throttleBlock, now); err != nil {
		writeError(w, r, err)
		return
	} else if wait > 0 {
		writeTooMany(w, r, wait, "This page asked too often. Try again in %s.")
		return
	}
	var req viewShareRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	var err error
	var view lifeline.SharedView
	var userID int64
	if req.Token == "" || len(req.Token) > 200 {
		err = lifeline.Errorf(lifeline.ENOTFOUND, "%s", lifeline.ShareGone)
	} else {
		userID, view.FirstName, view.ExpiresAt, err = s.cfg.Shares.OpenShare(ctx, req.Token, !req.Refresh, now)
	}
	if lifeline.ErrorCode(err) == lifeline.ENOTFOUND {
		if _, ferr := s.cfg.Throttle.Fail(ctx, "client", "share-miss:"+key, shareMissLimit, throttleWindow, throttleBlock, now); ferr != nil {
			err = ferr
		}
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	loc, err := s.cfg.Locations.LatestLocation(ctx, userID)
	switch {
	case lifeline.ErrorCode(err) == lifeline.ENOTFOUND:
	case err != nil:
		writeError(w, r, err)
		return
	default:
		view.Location = &lifeline.SharedPosition{Latitude: loc.Latitude, Longitude: loc.Longitude, Timestamp: loc.Timestamp.UTC()}
	}
	view.ExpiresAt = view.ExpiresAt.UTC()
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	writeJSON(w, http.StatusOK, view)
}
