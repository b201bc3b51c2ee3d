package api

import (
	"encoding/base64"
	"net/http"
)

// Web push: the server's VAPID public key, the browser's
// applicationServerKey. Each browser that turned notifications on is a
// channel of kind push (channels.go).

type pushKeyResponse struct {
	// PublicKey is the uncompressed P-256 point in base64url.
	PublicKey string `json:"publicKey"`
}

func (s *Server) pushKey(w http.ResponseWriter, r *http.Request) {
	k, err := s.cfg.Push.VAPIDKeys(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, pushKeyResponse{PublicKey: base64.RawURLEncoding.EncodeToString(k.Public)})
}
