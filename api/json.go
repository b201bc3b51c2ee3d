package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"

	"lifeline"
)

// maxJSONBody bounds every JSON request body.
const maxJSONBody = 1 << 20

// decodeJSON reads exactly one JSON object into dst, refusing other values,
// unknown fields, trailing data, text with U+0000 and oversized bodies with
// a message a person can act on.
func decodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		return lifeline.Errorf(lifeline.EINVALID, "Send the request body as JSON (Content-Type: application/json).")
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxJSONBody))
	if err != nil {
		return jsonError(err)
	}
	if trimmed := bytes.TrimLeft(body, " \t\r\n"); len(trimmed) > 0 && trimmed[0] != '{' && json.Valid(body) {
		// null would decode as "nothing given" and a PUT would then wipe
		// the whole plan; every route takes an object.
		return lifeline.Errorf(lifeline.EINVALID, "The request body must be a JSON object.")
	}
	if hasEscapedNUL(body) {
		return errNUL
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return jsonError(err)
	}
	if err := dec.Decode(&struct{}{}); !errors.Is(err, io.EOF) {
		return lifeline.Errorf(lifeline.EINVALID, "The request body must hold a single JSON value.")
	}
	return nil
}

// errEmptyBody refuses a request without the body its route needs.
var errEmptyBody = lifeline.Errorf(lifeline.EINVALID, "The request body is empty; send a JSON object.")

// decodeOptionalJSON is decodeJSON for a route whose body may be left out
// (older clients send none): an empty body leaves dst as it is.
func decodeOptionalJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	if err := decodeJSON(w, r, dst); !errors.Is(err, errEmptyBody) {
		return err
	}
	return nil
}

// errNUL refuses text holding U+0000, which PostgreSQL cannot store in
// text or jsonb (it would fail as a 500 deep in the store).
var errNUL = lifeline.Errorf(lifeline.EINVALID, "Text cannot contain the NUL character (\\u0000).")

// hasEscapedNUL finds a \u0000 escape in a JSON text (a raw NUL byte is
// already invalid JSON); an escaped backslash before "u0000" is not one.
func hasEscapedNUL(body []byte) bool {
	for i := bytes.Index(body, []byte(`u0000`)); i >= 0; {
		slashes := 0
		for j := i - 1; j >= 0 && body[j] == '\\'; j-- {
			slashes++
		}
		if slashes%2 == 1 {
			return true
		}
		next := bytes.Index(body[i+1:], []byte(`u0000`))
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return false
}

// refuseNUL answers 400 for a path or query parameter holding U+0000.
func refuseNUL(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.ContainsRune(r.URL.Path, 0) || strings.Contains(r.URL.RawQuery, "%00") || strings.ContainsRune(r.URL.RawQuery, 0) {
			writeError(w, r, errNUL)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func jsonError(err error) error {
	var syntax *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	var tooBig *http.MaxBytesError
	switch {
	case errors.Is(err, io.EOF):
		return errEmptyBody
	case errors.Is(err, os.ErrDeadlineExceeded): // bodyDeadline
		return lifeline.Errorf(lifeline.EINVALID, "The request body arrived too slowly; please send it again.")
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
