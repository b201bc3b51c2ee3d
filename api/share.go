package api

import (
	"context"
	"net/http"
	"strings"
	"time"

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

// tokenGate counts one client address's requests to a public route whose
// token is the credential (a share link's view, an invitation's preview).
type tokenGate struct {
	s    *Server
	name string // the throttle keys' prefix
	key  string // the client address
	now  time.Time
}

// publicTokenGate applies the route's per-address limits: every request
// counts, and more tightly the tokens that do not work. It answers 429
// itself and returns false when the handler must stop.
func (s *Server) publicTokenGate(w http.ResponseWriter, r *http.Request, name, missMessage string) (*tokenGate, bool) {
	g := &tokenGate{s: s, name: name, key: s.clientKey(r), now: s.cfg.Now()}
	if wait, err := s.cfg.Throttle.Blocked(r.Context(), "client", name+"-miss:"+g.key, g.now); err != nil {
		writeError(w, r, err)
		return nil, false
	} else if wait > 0 {
		writeTooMany(w, r, wait, missMessage)
		return nil, false
	}
	if wait, err := s.cfg.Throttle.Fail(r.Context(), "client", name+":"+g.key, shareViewLimit, throttleWindow, throttleBlock, g.now); err != nil {
		writeError(w, r, err)
		return nil, false
	} else if wait > 0 {
		writeTooMany(w, r, wait, "This page asked too often. Try again in %s.")
		return nil, false
	}
	return g, true
}

// result counts a token that did not work (ENOTFOUND) and passes err on.
func (g *tokenGate) result(ctx context.Context, err error) error {
	if lifeline.ErrorCode(err) == lifeline.ENOTFOUND {
		if _, ferr := g.s.cfg.Throttle.Fail(ctx, "client", g.name+"-miss:"+g.key, shareMissLimit, throttleWindow, throttleBlock, g.now); ferr != nil {
			return ferr
		}
	}
	return err
}

// emailLinkBase is the start of a link the server sends by email to
// someone other than the requester's browser (a password reset, an
// invitation, a channel's confirmation). Built from the Host header, a
// reset asked for someone else's address would mail them a link to the
// asker's site, token and all.
func (s *Server) emailLinkBase() string {
	base := s.cfg.PublicURL
	if base == "" && s.cfg.LinkBase != nil {
		base = s.cfg.LinkBase()
	}
	return strings.TrimSuffix(base, "/")
}

// origin is the base of links the server hands back to the requester (a
// share link, the invitation link to copy, the OIDC callback):
// --public-url, or the scheme and host the request came to.
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
	gate, ok := s.publicTokenGate(w, r, "share", "Too many links that don't work from this connection. Try again in %s.")
	if !ok {
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
	if err = gate.result(ctx, err); err != nil {
		writeError(w, r, err)
		return
	}
	loc, err := s.cfg.Locations.LatestFix(ctx, userID)
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
