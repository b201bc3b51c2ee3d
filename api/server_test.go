package api_test

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"lifeline/api"
	"lifeline/live"
	"lifeline/store/storetest"
)

var builtApp = fstest.MapFS{
	"index.html":              {Data: []byte(`<!doctype html><div id="root"></div>`)},
	"assets/index-3f9a1c.js":  {Data: []byte(strings.Repeat("console.log('lifeline');\n", 100))},
	"assets/index-77aa02.css": {Data: []byte(strings.Repeat("body{margin:0}\n", 100))},
	"favicon.svg":             {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"></svg>`)},
	"sw.js":                   {Data: []byte(`self.addEventListener('fetch', () => {})`)},
	"manifest.webmanifest":    {Data: []byte(`{"name":"Lifeline"}`)},
}

func newServer(t *testing.T, cfg api.Config) *httptest.Server {
	t.Helper()
	if cfg.Events == nil {
		cfg.Events = live.NewBus(nil, nil)
	}
	s, err := api.NewServer(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return ts
}

func get(t *testing.T, url string, header map[string]string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	// Plain transport: no automatic gzip, so encodings are visible.
	resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

func body(t *testing.T, resp *http.Response) string {
	t.Helper()
	r := io.Reader(resp.Body)
	if resp.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestHealthAndReadiness(t *testing.T) {
	t.Parallel()
	db := storetest.NewDB(t)
	ts := newServer(t, api.Config{Ready: db, WebApp: builtApp})

	if resp := get(t, ts.URL+"/healthz", nil); resp.StatusCode != http.StatusOK {
		t.Errorf("/healthz = %d, want 200", resp.StatusCode)
	}
	if resp := get(t, ts.URL+"/readyz", nil); resp.StatusCode != http.StatusOK {
		t.Errorf("/readyz with a migrated database = %d, want 200", resp.StatusCode)
	}
	db.Close() // the database goes away
	if resp := get(t, ts.URL+"/readyz", nil); resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("/readyz without a database = %d, want 503", resp.StatusCode)
	}
	if resp := get(t, ts.URL+"/healthz", nil); resp.StatusCode != http.StatusOK {
		t.Errorf("/healthz without a database = %d, want 200 (the process is alive)", resp.StatusCode)
	}
	metrics := body(t, get(t, ts.URL+"/metrics", nil))
	if !strings.Contains(metrics, `lifeline_http_request_duration_seconds_count{method="GET",route="/readyz",status="503"} 1`) {
		t.Errorf("/metrics lacks the readyz request count:\n%s", metrics)
	}
}

func TestUnknownAPIPathIsJSON404(t *testing.T) {
	t.Parallel()
	ts := newServer(t, api.Config{WebApp: builtApp})
	for _, path := range []string{"/api/nope", "/api/", "/api/auth/nothing/here"} {
		t.Run(path, func(t *testing.T) {
			resp := get(t, ts.URL+path, nil)
			if resp.StatusCode != http.StatusNotFound || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
				t.Fatalf("status %d, type %q; want a JSON 404", resp.StatusCode, resp.Header.Get("Content-Type"))
			}
			var e struct{ Error, Message string }
			if err := json.NewDecoder(resp.Body).Decode(&e); err != nil || e.Error != "not_found" {
				t.Errorf("body = %+v (%v), want error not_found", e, err)
			}
		})
	}
}

func TestWebAppServing(t *testing.T) {
	t.Parallel()
	ts := newServer(t, api.Config{WebApp: builtApp})
	tests := []struct {
		name         string
		path         string
		header       map[string]string
		wantStatus   int
		wantBody     string
		wantCache    string
		wantEncoding string
	}{
		{"root serves index", "/", nil, 200, `<div id="root">`, "no-cache", ""},
		{"deep link falls back to index", "/education/12?tab=all", nil, 200, `<div id="root">`, "no-cache", ""},
		{"unknown page falls back to index for the client 404", "/no-such-page", nil, 200, `<div id="root">`, "no-cache", ""},
		{"hashed asset is immutable", "/assets/index-3f9a1c.js", nil, 200, "console.log", "public, max-age=31536000, immutable", ""},
		{"asset gzipped when accepted", "/assets/index-77aa02.css", map[string]string{"Accept-Encoding": "br, gzip"}, 200, "body{margin:0}", "public, max-age=31536000, immutable", "gzip"},
		{"gzip refused with q=0", "/assets/index-77aa02.css", map[string]string{"Accept-Encoding": "gzip;q=0"}, 200, "body{margin:0}", "public, max-age=31536000, immutable", ""},
		{"missing asset is a real 404", "/assets/index-old.js", nil, 404, "not found", "", ""},
		{"unhashed file revalidates", "/favicon.svg", nil, 200, "<svg", "no-cache", ""},
		{"service worker revalidates", "/sw.js", nil, 200, "self.addEventListener", "no-cache", ""},
		{"index.html by name (the service worker precaches it)", "/index.html", nil, 200, `<div id="root">`, "no-cache", ""},
		{"missing root file is a real 404", "/sitemap.xml", nil, 404, "not found", "", ""},
		{"dotted page path below the root still reaches the client router", "/education/v1.2", nil, 200, `<div id="root">`, "no-cache", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := get(t, ts.URL+tt.path, tt.header)
			if resp.StatusCode != tt.wantStatus {
				t.Fatalf("status = %d, want %d", resp.StatusCode, tt.wantStatus)
			}
			if got := resp.Header.Get("Cache-Control"); got != tt.wantCache {
				t.Errorf("Cache-Control = %q, want %q", got, tt.wantCache)
			}
			if got := resp.Header.Get("Content-Encoding"); got != tt.wantEncoding {
				t.Errorf("Content-Encoding = %q, want %q", got, tt.wantEncoding)
			}
			if got := body(t, resp); !strings.Contains(got, tt.wantBody) {
				t.Errorf("body %q does not contain %q", got, tt.wantBody)
			}
		})
	}

	t.Run("revalidation with the ETag gives 304", func(t *testing.T) {
		etag := get(t, ts.URL+"/", nil).Header.Get("ETag")
		if resp := get(t, ts.URL+"/", map[string]string{"If-None-Match": etag}); resp.StatusCode != http.StatusNotModified {
			t.Errorf("status = %d, want 304", resp.StatusCode)
		}
	})
	t.Run("only GET and HEAD", func(t *testing.T) {
		resp, err := http.Post(ts.URL+"/", "text/plain", strings.NewReader("x"))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusMethodNotAllowed {
			t.Errorf("POST / = %d, want 405", resp.StatusCode)
		}
	})
}

func TestWebAppContentTypes(t *testing.T) {
	t.Parallel()
	ts := newServer(t, api.Config{WebApp: builtApp})
	for path, want := range map[string]string{
		"/manifest.webmanifest": "application/manifest+json",
		"/sw.js":                "text/javascript; charset=utf-8",
		"/favicon.svg":          "image/svg+xml",
	} {
		if got := get(t, ts.URL+path, nil).Header.Get("Content-Type"); got != want {
			t.Errorf("%s: Content-Type = %q, want %q", path, got, want)
		}
	}
}

func TestWebAppNotBuilt(t *testing.T) {
	t.Parallel()
	ts := newServer(t, api.Config{})
	resp := get(t, ts.URL+"/", nil)
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body(t, resp), "make run") {
		t.Errorf("without a built web app: status %d; want 503 with instructions", resp.StatusCode)
	}
}

func TestAppConfigCarriesTheMapSettings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		cfg  api.Config
		want string
	}{
		{"without a geocoder", api.Config{MapTileURL: "https://tiles.example.org/{z}/{x}/{y}.png", MapAttribution: "© Example"},
			`{"mapTileUrl":"https://tiles.example.org/{z}/{x}/{y}.png","mapAttribution":"© Example","geocoderUrl":""}`},
		{"with a geocoder", api.Config{GeocoderURL: "https://nominatim.example.org/search"},
			`{"mapTileUrl":"","mapAttribution":"","geocoderUrl":"https://nominatim.example.org/search"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newServer(t, tt.cfg)
			if got := strings.TrimSpace(body(t, get(t, ts.URL+"/api/app-config", nil))); got != tt.want {
				t.Errorf("app config = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestContentSecurityPolicyAllowsTheGeocoderOnlyWhenSet(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		geocoderURL string
		connectSrc  string
	}{
		{"no geocoder: this origin only", "", "connect-src 'self';"},
		{"a geocoder: its origin too", "https://nominatim.example.org:8443/search?countrycodes=us", "connect-src 'self' https://nominatim.example.org:8443;"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newServer(t, api.Config{GeocoderURL: tt.geocoderURL})
			csp := get(t, ts.URL+"/api/app-config", nil).Header.Get("Content-Security-Policy")
			if !strings.Contains(csp, tt.connectSrc) {
				t.Errorf("CSP %q lacks %q", csp, tt.connectSrc)
			}
		})
	}
}
