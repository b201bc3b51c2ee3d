package api_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	"github.com/pb33f/libopenapi-validator/schema_validation"
	"github.com/pb33f/libopenapi/datamodel/high/base"
	v3 "github.com/pb33f/libopenapi/datamodel/high/v3"

	"lifeline/api"
)

// apiContract is the served OpenAPI document, loaded once by a maintained
// validator (pb33f/libopenapi-validator) for every test in the package.
type apiContract struct {
	doc       libopenapi.Document
	model     *v3.Document
	validator validator.Validator
	errorBody *base.Schema
	mu        sync.Mutex // the validator's caches are not documented as safe for concurrent use
}

var loadContract = sync.OnceValues(func() (*apiContract, error) {
	raw, err := api.OpenAPIDocument()
	if err != nil {
		return nil, err
	}
	doc, err := libopenapi.NewDocument(raw)
	if err != nil {
		return nil, err
	}
	model, err := doc.BuildV3Model()
	if err != nil {
		return nil, err
	}
	v, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		return nil, fmt.Errorf("openapi validator: %v", errs)
	}
	errorBody := model.Model.Components.Schemas.GetOrZero("Error").Schema()
	return &apiContract{doc: doc, model: &model.Model, validator: v, errorBody: errorBody}, nil
})

func contract(t testing.TB) *apiContract {
	t.Helper()
	c, err := loadContract()
	if err != nil {
		t.Fatalf("load the OpenAPI document: %v", err)
	}
	return c
}

// check validates one response to req against the document and describes
// every way it breaks it ("" when it keeps it). A path or method the
// document does not have must get the API's JSON 404 or 405 under /api/;
// other paths are the web app's.
func (c *apiContract) check(req *http.Request, resp *http.Response, body []byte) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	ok, errs := c.validator.ValidateHttpResponse(req, resp)
	if ok {
		return ""
	}
	if len(errs) == 1 && (errs[0].IsPathMissingError() || errs[0].IsOperationMissingError()) {
		if !strings.HasPrefix(req.URL.Path, "/api/") {
			return ""
		}
		want := http.StatusNotFound
		if errs[0].IsOperationMissingError() {
			want = http.StatusMethodNotAllowed
		}
		if resp.StatusCode != want {
			return fmt.Sprintf("%s %s is not in the document and answered %d, not %d", req.Method, req.URL.Path, resp.StatusCode, want)
		}
		if ok, errs := schema_validation.NewSchemaValidator().ValidateSchemaBytes(c.errorBody, body); !ok {
			return describe(errs)
		}
		return ""
	}
	return describe(errs)
}

func describe[E interface{ Error() string }](errs []E) string {
	var b strings.Builder
	for _, e := range errs {
		b.WriteString("\n  " + e.Error())
		if ve, ok := any(e).(interface{ GetSchemaErrors() []string }); ok {
			for _, s := range ve.GetSchemaErrors() {
				b.WriteString("\n    " + s)
			}
		}
	}
	return b.String()
}

// contractTransport checks every response the test harness receives from
// the server under test against the document: an undocumented status,
// field or content type fails the test that made the request.
type contractTransport struct {
	t    testing.TB
	host string
	base http.RoundTripper
}

func (ct contractTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := ct.base.RoundTrip(req)
	if err != nil || req.URL.Host != ct.host {
		return resp, err
	}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		// A live stream never ends: check its status and type, not its body.
		if problem := contract(ct.t).check(req, cloneHead(resp), nil); problem != "" {
			ct.t.Errorf("response breaks the OpenAPI document: %s %s → %d:%s", req.Method, req.URL.Path, resp.StatusCode, problem)
		}
		return resp, nil
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	if problem := contract(ct.t).check(req, resp, body); problem != "" {
		ct.t.Errorf("response breaks the OpenAPI document: %s %s → %d:%s\n%s", req.Method, req.URL.Path, resp.StatusCode, problem, truncate(body))
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	return resp, nil
}

func cloneHead(resp *http.Response) *http.Response {
	c := *resp
	return &c
}

func truncate(b []byte) []byte {
	if len(b) > 600 {
		return append(b[:600:600], "…"...)
	}
	return b
}

// contractClient is an HTTP client for tests that do not use the harness's
// browser, still checked against the document.
func (a *testApp) contractClient() *http.Client {
	return &http.Client{Transport: contractTransport{t: a.t, host: mustURL(a.url).Host, base: http.DefaultTransport}}
}

func TestOpenAPIDocumentIsValid(t *testing.T) {
	t.Parallel()
	c := contract(t)
	if ok, errs := c.validator.ValidateDocument(); !ok {
		t.Fatalf("the OpenAPI document is not valid OpenAPI 3.1:%s", describe(errs))
	}
	if v := c.model.Version; !strings.HasPrefix(v, "3.1") {
		t.Errorf("openapi = %q, want 3.1.x", v)
	}
	for path, item := range c.model.Paths.PathItems.FromOldest() {
		for method, op := range item.GetOperations().FromOldest() {
			if op.OperationId == "" {
				t.Errorf("%s %s has no operationId", method, path)
			}
			if !hasExample(op) {
				t.Errorf("%s %s has no example (request body, parameter or response)", method, path)
			}
		}
	}
}

func hasExample(op *v3.Operation) bool {
	for _, p := range op.Parameters {
		if p.Example != nil {
			return true
		}
	}
	if op.RequestBody != nil {
		for _, mt := range op.RequestBody.Content.FromOldest() {
			if mt.Example != nil {
				return true
			}
		}
	}
	for _, r := range op.Responses.Codes.FromOldest() {
		if r.Content == nil {
			continue
		}
		for _, mt := range r.Content.FromOldest() {
			if mt.Example != nil {
				return true
			}
		}
	}
	return false
}

// TestOpenAPIDocumentsEveryRoute walks the router of a server with every
// optional route enabled: a route the document lacks, or a documented
// operation no route serves, fails.
func TestOpenAPIDocumentsEveryRoute(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, func(cfg *api.Config) { cfg.MQTTAuthSecret = "secret" })
	routes, ok := app.api.Handler().(chi.Routes)
	if !ok {
		t.Fatalf("the handler is a %T, not a chi router", app.api.Handler())
	}
	served := map[string]bool{}
	err := chi.Walk(routes, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		served[method+" "+strings.TrimSuffix(route, "/*")] = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// /metrics answers every method (promhttp); GET is the one scraped.
	for key := range served {
		if strings.HasSuffix(key, " /metrics") && !strings.HasPrefix(key, "GET ") {
			delete(served, key)
		}
	}
	documented := map[string]bool{}
	for path, item := range contract(t).model.Paths.PathItems.FromOldest() {
		for method := range item.GetOperations().FromOldest() {
			documented[strings.ToUpper(method)+" "+path] = true
		}
	}
	for _, key := range sortedKeys(served) {
		if !documented[key] {
			t.Errorf("the router serves %s, which the OpenAPI document lacks", key)
		}
	}
	for _, key := range sortedKeys(documented) {
		if !served[key] {
			t.Errorf("the OpenAPI document describes %s, which the router does not serve", key)
		}
	}
}

func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func TestOpenAPIServedAsJSON(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	resp := app.newClient().do("GET", "/api/openapi.json", nil)
	if resp.status != http.StatusOK || !strings.HasPrefix(resp.header.Get("Content-Type"), "application/json") {
		t.Fatalf("GET /api/openapi.json = %d %s", resp.status, resp.header.Get("Content-Type"))
	}
	var doc struct {
		OpenAPI string         `json:"openapi"`
		Paths   map[string]any `json:"paths"`
	}
	resp.json(t, &doc)
	if !strings.HasPrefix(doc.OpenAPI, "3.1") || doc.Paths["/api/checkins"] == nil {
		t.Errorf("served document: openapi %q, %d paths", doc.OpenAPI, len(doc.Paths))
	}
}

// TestContractCatchesUndocumentedFields proves the harness's check is not
// vacuous: a User with an extra field, or a status the operation does not
// list, breaks the document.
func TestContractCatchesUndocumentedFields(t *testing.T) {
	t.Parallel()
	c := contract(t)
	req, _ := http.NewRequest("GET", "http://example.org/api/auth/user", nil)
	tests := []struct {
		name   string
		status int
		body   string
		broken bool
	}{
		{"documented user", 200, `{"id":1,"email":"a@example.org","firstName":"A","lastName":"B","timezone":"UTC","hasPassword":true,"historyDays":400,"phone":"","advanced":false}`, false},
		{"extra field", 200, `{"id":1,"email":"a@example.org","firstName":"A","lastName":"B","timezone":"UTC","hasPassword":true,"historyDays":400,"phone":"","advanced":false,"passwordHash":"x"}`, true},
		{"missing field", 200, `{"id":1,"email":"a@example.org"}`, true},
		{"undocumented status", 418, `{"error":"internal","message":"teapot"}`, true},
		{"error with an unknown code", 401, `{"error":"nope","message":"Unauthorized"}`, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp := &http.Response{StatusCode: tc.status, Header: http.Header{"Content-Type": {"application/json; charset=utf-8"}}, Request: req}
			problem := c.check(req, resp, []byte(tc.body))
			if (problem != "") != tc.broken {
				t.Errorf("check = %q, want broken %v", problem, tc.broken)
			}
		})
	}
}
