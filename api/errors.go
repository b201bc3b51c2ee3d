package api

import (
	"encoding/json"
	"log/slog"
	"net/http"

	"lifeline"
)

// statusByCode is the one table from domain error codes to HTTP statuses.
var statusByCode = map[string]int{
	lifeline.EINVALID:      http.StatusBadRequest,
	lifeline.ENOTFOUND:     http.StatusNotFound,
	lifeline.ECONFLICT:     http.StatusConflict,
	lifeline.EUNAUTHORIZED: http.StatusUnauthorized,
	lifeline.ETOOMANY:      http.StatusTooManyRequests,
	lifeline.EINTERNAL:     http.StatusInternalServerError,
}

// errorBody is every JSON error the API returns. A 401's message always
// contains "Unauthorized", which the web app reads as "signed out".
type errorBody struct {
	Error   string            `json:"error"`
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields,omitempty"`
}

// writeError answers with err's status and message; internal errors are
// logged and replaced by a generic message.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	code := lifeline.ErrorCode(err)
	status, ok := statusByCode[code]
	if !ok {
		status = http.StatusInternalServerError
	}
	if code == lifeline.EINTERNAL {
		slog.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	body := errorBody{Error: code, Message: lifeline.ErrorMessage(err)}
	if e, ok := err.(*lifeline.Error); ok {
		body.Fields = e.Fields
	}
	writeJSON(w, status, body)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
