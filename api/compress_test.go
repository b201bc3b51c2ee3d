package api_test

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"testing"
)

// TestJSONIsGzipped: a client that accepts gzip gets the API's JSON
// gzipped, one that does not gets it plain, and the live stream is never
// compressed (an event must reach the page when it is written).
func TestJSONIsGzipped(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	get := func(path, acceptEncoding string) *http.Response {
		t.Helper()
		req, err := http.NewRequest(http.MethodGet, app.url+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		if acceptEncoding != "" {
			req.Header.Set("Accept-Encoding", acceptEncoding)
		}
		// Not the harness's client: its transport would ask for gzip
		// itself and hide the answer's encoding.
		resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}

	tests := []struct {
		name, acceptEncoding, wantEncoding string
	}{
		{"gzip accepted", "gzip, deflate, br", "gzip"},
		{"nothing accepted", "", ""},
		{"identity only", "identity", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := get("/api/openapi.json", tt.acceptEncoding)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status %d", resp.StatusCode)
			}
			if got := resp.Header.Get("Content-Encoding"); got != tt.wantEncoding {
				t.Fatalf("Content-Encoding %q, want %q", got, tt.wantEncoding)
			}
			var body io.Reader = resp.Body
			if tt.wantEncoding == "gzip" {
				zr, err := gzip.NewReader(resp.Body)
				if err != nil {
					t.Fatal(err)
				}
				body = zr
			}
			var doc struct {
				OpenAPI string `json:"openapi"`
			}
			if err := json.NewDecoder(body).Decode(&doc); err != nil || doc.OpenAPI == "" {
				t.Fatalf("the body is not the OpenAPI document: %v", err)
			}
		})
	}

	t.Run("the live stream is not compressed", func(t *testing.T) {
		user, _ := app.registerUser("Ada")
		req, err := http.NewRequest(http.MethodGet, app.url+"/api/events", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Accept-Encoding", "gzip")
		for _, c := range user.http.Jar.Cookies(req.URL) {
			req.AddCookie(c)
		}
		resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" {
			t.Fatalf("status %d, Content-Type %q", resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		if got := resp.Header.Get("Content-Encoding"); got != "" {
			t.Fatalf("Content-Encoding %q on the live stream", got)
		}
	})
}
