package api

import (
	"crypto/subtle"
	"encoding/json"
	"net/http"
	"strings"

	"lifeline"
)

// mqttAuthRequest is what an outside broker's HTTP authenticator posts
// (EMQX: body {"clientid": "${clientid}", "username": "${username}",
// "password": "${password}"}).
type mqttAuthRequest struct {
	ClientID string `json:"clientid"`
	Username string `json:"username"`
	Password string `json:"password"`
}

// mqttAuth is POST /internal/mqtt/auth, for an outside MQTT broker (the
// scale-out mode): it tells whether a bracelet may connect, with the same
// rules as the embedded broker. A username that is no device gets
// "ignore", so the broker asks its next authenticator (where the ingest
// workers' accounts live). The caller proves itself with the shared secret
// (--mqtt-auth-secret) as a bearer token.
func (s *Server) mqttAuth(w http.ResponseWriter, r *http.Request) {
	given, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if subtle.ConstantTimeCompare([]byte(given), []byte(s.cfg.MQTTAuthSecret)) != 1 {
		writeJSON(w, http.StatusUnauthorized, errorBody{Error: "unauthorized", Message: "This endpoint is for the MQTT broker: send the shared secret as a bearer token."})
		return
	}
	var req mqttAuthRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4096)).Decode(&req); err != nil || req.Username == "" {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "invalid_request", Message: "Send JSON with clientid, username and password."})
		return
	}
	_, err := lifeline.AuthenticateBrokerDevice(r.Context(), s.cfg.Devices, req.ClientID, req.Username, req.Password)
	switch lifeline.ErrorCode(err) {
	case "":
		writeJSON(w, http.StatusOK, map[string]any{"result": "allow", "is_superuser": false})
	case lifeline.ENOTFOUND:
		writeJSON(w, http.StatusOK, map[string]any{"result": "ignore"})
	case lifeline.EUNAUTHORIZED:
		writeJSON(w, http.StatusOK, map[string]any{"result": "deny", "is_superuser": false})
	default:
		writeError(w, r, err) // a 5xx: the broker refuses, the bracelet retries
	}
}
