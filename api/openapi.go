package api

import (
	_ "embed"
	"net/http"
	"sync"

	"sigs.k8s.io/yaml"
)

// openAPIYAML is the API's contract: every route, body, status and schema.
// Tests hold the router and every response to it, so it cannot drift.
//
//go:embed openapi.yaml
var openAPIYAML []byte

var openAPIJSON = sync.OnceValues(func() ([]byte, error) { return yaml.YAMLToJSON(openAPIYAML) })

// OpenAPIDocument is the OpenAPI document as JSON, as served at
// /api/openapi.json.
func OpenAPIDocument() ([]byte, error) { return openAPIJSON() }

func (s *Server) openAPI(w http.ResponseWriter, r *http.Request) {
	doc, err := openAPIJSON()
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(doc)
}
