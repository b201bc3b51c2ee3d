package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"lifeline"
)

// maxJSONBody bounds every JSON request body.
const maxJSONBody = 1 << 20

// decodeJSON reads exactly one JSON value into dst, refusing unknown fields,
// trailing data and oversized bodies with a message a person can act on.
func decodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		return lifeline.Errorf(lifeline.EINVALID, "Send the request body as JSON (Content-Type: application/json).")
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxJSONBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return jsonError(err)
	}
	if err := dec.Decode(&struct{}{}); !errors.Is(err, io.EOF) {
		return lifeline.Errorf(lifeline.EINVALID, "The request body must hold a single JSON value.")
	}
	return nil
}

func jsonError(err error) error {
	var syntax *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	var tooBig *http.MaxBytesError
	switch {
	case errors.Is(err, io.EOF):
		return lifeline.Errorf(lifeline.EINVALID, "The request body is empty; send a JSON object.")
	case errors.As(err, &tooBig):
		return lifeline.Errorf(lifeline.EINVALID, "The request body is too large (at most %d bytes).", maxJSONBody)
	case errors.As(err, &syntax), errors.Is(err, io.ErrUnexpectedEOF):
		return lifeline.Errorf(lifeline.EINVALID, "The request body is not valid JSON.")
	case errors.As(err, &typeErr):
		return lifeline.Errorf(lifeline.EINVALID, "The field %q has the wrong type.", typeErr.Field)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return lifeline.Errorf(lifeline.EINVALID, "The request body has an unknown field %s.", strings.TrimPrefix(err.Error(), "json: unknown field "))
	default:
		return lifeline.Errorf(lifeline.EINVALID, "The request body could not be read: %s.", fmt.Sprint(err))
	}
}

// queryLimit reads ?limit=: a whole number from 1 to max, def when absent.
func queryLimit(r *http.Request, def, max int) (int, error) {
	v := r.URL.Query().Get("limit")
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > max {
		return 0, lifeline.Errorf(lifeline.EINVALID, "?limit= must be a whole number from 1 to %d.", max)
	}
	return n, nil
}
