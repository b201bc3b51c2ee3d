package api

import (
	"encoding/base64"
	"net/http"

	"lifeline"
)

// Web push: the server's VAPID public key (the browser's
// applicationServerKey) and the person's push subscriptions, one per
// browser that turned notifications on.

type pushKeyResponse struct {
	// PublicKey is the uncompressed P-256 point in base64url.
	PublicKey string `json:"publicKey"`
}

type pushSubscriptionRequest struct {
	Endpoint string `json:"endpoint"`
	Keys     struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
	Label string `json:"label"`
}

func (s *Server) pushKey(w http.ResponseWriter, r *http.Request) {
	k, err := s.cfg.Push.VAPIDKeys(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, pushKeyResponse{PublicKey: base64.RawURLEncoding.EncodeToString(k.Public)})
}

func (s *Server) listPushSubscriptions(w http.ResponseWriter, r *http.Request) {
	list, err := s.cfg.Push.FindPushSubscriptions(r.Context(), currentUser(r.Context()).ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

func (s *Server) savePushSubscription(w http.ResponseWriter, r *http.Request) {
	var req pushSubscriptionRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	sub := &lifeline.PushSubscription{Endpoint: req.Endpoint, P256dh: req.Keys.P256dh, Auth: req.Keys.Auth, Label: req.Label}
	if err := sub.Validate(); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.publicDestination(sub.Endpoint, "endpoint"); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Push.SavePushSubscription(r.Context(), currentUser(r.Context()).ID, sub); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, sub)
}

func (s *Server) deletePushSubscription(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Device not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Push.DeletePushSubscription(r.Context(), currentUser(r.Context()).ID, id); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// testPushSubscription queues a test push; the subscription's lastState
// shows how it went once the delivery worker has sent it.
func (s *Server) testPushSubscription(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Device not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Push.QueuePushTest(r.Context(), currentUser(r.Context()).ID, id, s.cfg.Now()); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
