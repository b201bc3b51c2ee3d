package api

import (
	"bytes"
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"lifeline"
	"lifeline/ingest/phone"
)

// The phone apps' ingest routes (/api/ingest/…) are machine to machine: no
// session and no cross-origin check; each request proves its device with
// the device's token, is rate limited like a bracelet's publishes, and is
// answered only after its fixes are committed by the same writer as
// bracelet fixes (so the geofence engine sees them too). See
// docs/connect-a-phone.md.

// errDeviceAuth is every authentication failure, whichever part was wrong.
var errDeviceAuth = lifeline.Errorf(lifeline.EUNAUTHORIZED, "Unauthorized: unknown device or wrong token. Pair the phone in Lifeline and copy its credentials again.")

var errDeviceRate = lifeline.Errorf(lifeline.ETOOMANY, "This device is sending faster than its rate limit; slow down and send again.")

// ingestOwnTracks is POST /api/ingest/owntracks: OwnTracks in HTTP mode,
// HTTP Basic with the device ID and token. The reply is the empty command
// list OwnTracks expects.
func (s *Server) ingestOwnTracks(w http.ResponseWriter, r *http.Request) {
	id, token, _ := r.BasicAuth()
	s.ingestPhone(w, r, lifeline.SourceOwnTracks, func(body []byte, lim phone.Limits) (string, string, phone.Batch, error) {
		b, err := phone.DecodeOwnTracks(body, lim)
		return id, token, b, err
	}, []any{})
}

// ingestOverland is POST /api/ingest/overland: an Overland batch, with the
// device secret (DEVICE_ID.TOKEN) as Overland's access token (a bearer
// token) or ?token=. Its points are judged one by one: the good ones are
// stored and the batch is acknowledged even when some were refused, since
// Overland sends a refused batch again and again, holding back every point
// queued after it. The refused ones are counted on the device card.
func (s *Server) ingestOverland(w http.ResponseWriter, r *http.Request) {
	secret, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok {
		secret = r.URL.Query().Get("token")
	}
	id, token, _ := strings.Cut(secret, ".")
	s.ingestPhone(w, r, lifeline.SourceOverland, func(body []byte, lim phone.Limits) (string, string, phone.Batch, error) {
		b, err := phone.DecodeOverland(body, lim)
		return id, token, b, err
	}, map[string]string{"result": "ok"})
}

// ingestOsmAnd is GET or POST /api/ingest/osmand: the OsmAnd protocol of
// Traccar Client and GPSLogger. These apps have no password field, so the
// device identifier they send (id, or device_id in Traccar Client's JSON)
// must be the device secret DEVICE_ID.TOKEN.
func (s *Server) ingestOsmAnd(w http.ResponseWriter, r *http.Request) {
	s.ingestPhone(w, r, lifeline.SourceOsmAnd, func(body []byte, lim phone.Limits) (string, string, phone.Batch, error) {
		secret, b, err := phone.DecodeOsmAnd(r.URL.Query(), body, lim)
		id, token, _ := strings.Cut(secret, ".")
		return id, token, b, err
	}, nil)
}

// phoneDecoder decodes a body and says which device it claims to be.
type phoneDecoder func(body []byte, lim phone.Limits) (deviceID, token string, b phone.Batch, err error)

// ingestPhone reads the body, authenticates the device (401 before any 400,
// so a stranger learns nothing about the payload rules), applies the rate
// limit, decodes, and writes the fixes; reply (nil: an empty 200) is sent
// only after the commit. The request and what became of it go to the
// device's tester view, its refused fixes to its device card.
func (s *Server) ingestPhone(w http.ResponseWriter, r *http.Request, source string, decode phoneDecoder, reply any) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxJSONBody))
	if err != nil {
		writeError(w, r, jsonError(err))
		return
	}
	now := s.cfg.Now()
	deviceID, token, b, decodeErr := decode(body, phone.Limits{Now: now})
	creds, err := s.authenticateDevice(r.Context(), deviceID, token)
	if err != nil {
		writeError(w, r, err)
		return
	}
	record := func(o lifeline.RequestOutcome) {
		if s.cfg.Packets == nil {
			return
		}
		payload := body
		if len(bytes.TrimSpace(body)) == 0 {
			payload = []byte(r.URL.RawQuery)
		}
		if token != "" {
			payload = bytes.ReplaceAll(payload, []byte(token), []byte("[token]"))
		}
		s.cfg.Packets.RecordRequest(creds.DeviceID, creds.UserID, now, r.Method+" "+r.URL.Path, payload, o)
	}
	if !s.deviceRate.Allow(creds.DeviceID, time.Now()) {
		record(lifeline.RequestOutcome{Reason: "rate_limited"})
		w.Header().Set("Retry-After", "1")
		writeError(w, r, errDeviceRate)
		return
	}
	refusal := "bad_" + source
	if decodeErr != nil {
		record(lifeline.RequestOutcome{Refused: 1, Reason: refusal, Detail: decodeErr.Error()})
		writeError(w, r, phoneError(decodeErr))
		return
	}
	rows, batteries := phone.Rows(creds.UserID, creds.DeviceID, source, b.Fixes, now)
	if err := s.cfg.Fixes.Write(r.Context(), rows, batteries); err != nil {
		writeError(w, r, err)
		return
	}
	outcome := lifeline.RequestOutcome{Fixes: len(b.Fixes), Dropped: b.Dropped}
	if n := len(b.Refused); n > 0 {
		outcome.Refused, outcome.Reason, outcome.Detail = n, refusal, b.Refused[0].Error()
		if n > 1 {
			outcome.Detail += fmt.Sprintf(" (and %d more points)", n-1)
		}
	}
	record(outcome)
	if reply == nil {
		w.WriteHeader(http.StatusOK)
		return
	}
	writeJSON(w, http.StatusOK, reply)
}

// authenticateDevice checks a device ID and token as the broker does at
// CONNECT: an active device whose token hash matches.
func (s *Server) authenticateDevice(ctx context.Context, deviceID, token string) (*lifeline.DeviceCredentials, error) {
	if deviceID == "" || token == "" {
		return nil, errDeviceAuth
	}
	creds, err := s.cfg.Devices.DeviceCredentials(ctx, deviceID)
	switch {
	case lifeline.ErrorCode(err) == lifeline.ENOTFOUND:
		return nil, errDeviceAuth
	case err != nil:
		return nil, err
	case creds.Revoked() || subtle.ConstantTimeCompare(lifeline.HashDeviceToken(token), creds.TokenHash) != 1:
		return nil, errDeviceAuth
	}
	return creds, nil
}

// phoneError turns a decoder's refusal into a 400 naming the field.
func phoneError(err error) error {
	var bad *phone.Error
	if !errors.As(err, &bad) {
		return lifeline.Errorf(lifeline.EINVALID, "The request was refused: %v", err)
	}
	e := &lifeline.Error{Code: lifeline.EINVALID, Message: "Nothing was stored: " + bad.Error() + "."}
	if bad.Field != "" {
		e.Fields = map[string]string{bad.Field: bad.Message}
	}
	return e
}
