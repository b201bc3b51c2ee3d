package api

import (
	"net/http"
	"strings"
	"time"

	"lifeline"
)

// Claims: a supporter told of an alert says "I'm on it" (from People I
// support, or with the one-tap link a message carried), hands it back, or
// resolves it with a note the wearer reads. The store decides who may
// (claims.go there); anyone else gets the 404 of an alert that does not
// exist.

// alertClaim is who is on an alert, as a supporter sees it.
type alertClaim struct {
	// By is the claimer's name; Mine says it is the reader.
	By   string    `json:"by"`
	Mine bool      `json:"mine"`
	At   time.Time `json:"at"`
}

// claimAnswer is the alert after a supporter's step.
type claimAnswer struct {
	AlertID int64 `json:"alertId"`
	// Person is the wearer's name, PersonID their card on People I support.
	Person     string      `json:"person"`
	PersonID   int64       `json:"personId"`
	Claim      *alertClaim `json:"claim"`
	ResolvedAt *time.Time  `json:"resolvedAt"`
}

func newClaimAnswer(out *lifeline.ClaimOutcome, me string) claimAnswer {
	a := out.Alert
	ans := claimAnswer{AlertID: a.ID, Person: out.Person, PersonID: out.PersonID, ResolvedAt: a.ResolvedAt}
	if a.ClaimedAt != nil {
		ans.Claim = &alertClaim{By: me, Mine: true, At: a.ClaimedAt.UTC()}
	}
	return ans
}

// claimOf is an alert's claim on a supporter's screen (nil: nobody is on it).
func claimOf(a *lifeline.Alert, me int64) *alertClaim {
	if a.ClaimedByID == nil || a.ClaimedAt == nil {
		return nil
	}
	return &alertClaim{By: a.ClaimedBy, Mine: *a.ClaimedByID == me, At: a.ClaimedAt.UTC()}
}

func (s *Server) claimAlert(w http.ResponseWriter, r *http.Request) {
	s.claimStep(w, r, func(me *lifeline.User, id int64) (*lifeline.ClaimOutcome, error) {
		return s.cfg.Claims.ClaimAlert(r.Context(), me.ID, id, s.cfg.Now())
	})
}

func (s *Server) handBackAlert(w http.ResponseWriter, r *http.Request) {
	s.claimStep(w, r, func(me *lifeline.User, id int64) (*lifeline.ClaimOutcome, error) {
		return s.cfg.Claims.HandBackAlert(r.Context(), me.ID, id, s.cfg.Now())
	})
}

type resolveClaimRequest struct {
	Note string `json:"note"`
}

func (s *Server) resolveClaimedAlert(w http.ResponseWriter, r *http.Request) {
	var req resolveClaimRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	s.claimStep(w, r, func(me *lifeline.User, id int64) (*lifeline.ClaimOutcome, error) {
		return s.cfg.Claims.ResolveClaimedAlert(r.Context(), me.ID, id, req.Note, s.cfg.Now())
	})
}

// claimStep runs one signed-in supporter's step on the alert {id}.
func (s *Server) claimStep(w http.ResponseWriter, r *http.Request, step func(*lifeline.User, int64) (*lifeline.ClaimOutcome, error)) {
	id, err := pathID(r, "Alert not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	me := currentUser(r.Context())
	out, err := step(me, id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, newClaimAnswer(out, strings.TrimSpace(me.FirstName+" "+me.LastName)))
}

type claimLinkRequest struct {
	Token string `json:"token"`
}

// claimByLink is the one-tap link's "I'm on it", signed out: the token is
// the only credential, and it does this one thing once. Unknown, used,
// expired and revoked links get the same 404, counted per client address
// like the other public token routes.
func (s *Server) claimByLink(w http.ResponseWriter, r *http.Request) {
	gate, ok := s.publicTokenGate(w, r, "claim", "Too many links that don't work from this connection. Try again in %s.")
	if !ok {
		return
	}
	var req claimLinkRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	var out *lifeline.ClaimOutcome
	var err error = lifeline.Errorf(lifeline.ENOTFOUND, "%s", lifeline.ClaimLinkGone)
	if req.Token != "" && len(req.Token) <= 200 {
		out, err = s.cfg.Claims.ClaimByLink(r.Context(), req.Token, gate.now)
	}
	if err = gate.result(r.Context(), err); err != nil {
		writeError(w, r, err)
		return
	}
	ans := newClaimAnswer(out, "")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	writeJSON(w, http.StatusOK, ans)
}
