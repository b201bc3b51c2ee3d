package api

import (
	"context"
	"net/http"
	"time"

	"lifeline"
)

// readyBody answers /readyz.
type readyBody struct {
	Status  string       `json:"status"`
	Reason  string       `json:"reason,omitempty"`
	Storage *storageBody `json:"storage,omitempty"`
}

// storageBody names the storage engine, so an operator can tell from a probe
// whether a node runs on plain PostgreSQL or on TimescaleDB. No versions: the
// probe is public, and versions help only an attacker; the start line and
// the logs have them.
type storageBody struct {
	Engine      string `json:"engine"`
	Hypertables bool   `json:"hypertables"`
	Compression bool   `json:"compression"`
	Retention   bool   `json:"retention"`
}

func newStorageBody(s lifeline.Storage) *storageBody {
	return &storageBody{Engine: s.Engine(), Hypertables: s.Hypertables, Compression: s.Compression, Retention: s.Retention}
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	body, err := s.readiness(ctx)
	if err != nil {
		s.cfg.Logger.Warn("not ready", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, readyBody{Status: "unavailable", Reason: err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, body)
}

func (s *Server) readiness(ctx context.Context) (readyBody, error) {
	if s.cfg.Ready != nil {
		if err := s.cfg.Ready.Ready(ctx); err != nil {
			return readyBody{}, err
		}
	}
	// A listener that is down (and being bound again) makes the node
	// unready: no bracelet or browser can reach it through that port.
	if err := s.cfg.Gate.Ready(ctx); err != nil {
		return readyBody{}, err
	}
	body := readyBody{Status: "ready"}
	if s.cfg.Storage != nil {
		storage, err := s.cfg.Storage.Storage(ctx)
		if err != nil {
			return readyBody{}, err
		}
		body.Storage = newStorageBody(storage)
	}
	return body, nil
}
