package api

import (
	"io"
	"net/http"

	"lifeline"
)

// The weekly digest: a supporter turns it on per person on People I
// support; each email's one-click unsubscribe (RFC 8058) turns it off
// without signing in.

type digestRequest struct {
	Digest *bool `json:"digest"`
}

func (s *Server) setDigest(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Person not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	var req digestRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if req.Digest == nil {
		writeError(w, r, &lifeline.Error{Code: lifeline.EINVALID, Message: "Say whether the weekly digest is on.", Fields: map[string]string{"digest": "Required."}})
		return
	}
	p, err := s.cfg.Digests.SetDigest(r.Context(), currentUser(r.Context()).ID, id, *req.Digest, s.cfg.Now())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

type unsubscribeResponse struct {
	// Name is the person whose summary stopped (their first name).
	Name string `json:"name"`
}

// unsubscribe is the digest's one-click unsubscribe. The token rides in
// the query string, unlike this server's other tokens, because RFC 8058
// has the mail client POST to the List-Unsubscribe URL exactly as given
// (with the body "List-Unsubscribe=One-Click", read and ignored here); a
// token in a log can do one thing only, turn that one digest off, and the
// public page (/digest/unsubscribe#token=…) keeps it in the fragment. No
// session is needed or used, and misses are counted per client address as
// the other public token routes' are.
func (s *Server) unsubscribe(w http.ResponseWriter, r *http.Request) {
	gate, ok := s.publicTokenGate(w, r, "digest", "Too many unsubscribe links that don't work from this connection. Try again in %s.")
	if !ok {
		return
	}
	_, _ = io.Copy(io.Discard, http.MaxBytesReader(w, r.Body, 1024))
	token := r.URL.Query().Get("token")
	var name string
	var err error = lifeline.Errorf(lifeline.ENOTFOUND, "This link doesn't turn off any summary any more. You can turn it off under People I support.")
	if token != "" && len(token) <= 200 {
		name, err = s.cfg.Digests.Unsubscribe(r.Context(), token)
	}
	if err = gate.result(r.Context(), err); err != nil {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Referrer-Policy", "no-referrer")
	writeJSON(w, http.StatusOK, unsubscribeResponse{Name: name})
}
