package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"lifeline"
	"lifeline/fhir"
)

// exportFHIR sends the person's completed questionnaires as a FHIR R4
// Bundle for their clinician's system (docs/fhir.md). The Patient carries
// only what ?include= names (name, email, phone); by default nothing that
// identifies them. A supporter never gets this: it is the signed-in
// person's own, like every export.
func (s *Server) exportFHIR(w http.ResponseWriter, r *http.Request) {
	inc, err := fhir.ParseInclude(r.URL.Query()["include"])
	if err != nil {
		writeError(w, r, err)
		return
	}
	ctx := r.Context()
	user := currentUser(ctx)
	responses, err := s.cfg.Measures.MeasureResponses(ctx, user.ID, time.Time{})
	if err != nil {
		writeError(w, r, err)
		return
	}
	bundle, err := fhir.Export(user, inc, responses)
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/fhir+json; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="lifeline-fhir-%s.json"`, lifeline.DateOf(s.cfg.Now(), user.Location())))
	w.Header().Set("Cache-Control", "no-store")
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(bundle)
}
