package api

import (
	"net/http"
	"net/url"
	"strings"
)

// securityHeaders sets the headers every response carries. The Content
// Security Policy allows scripts only from this origin, images from the
// configured map tile host, and requests to the configured geocoder (none
// when there is none); inline styles stay allowed because charts and Radix
// set style attributes.
func securityHeaders(tileURL, geocoderURL string) func(http.Handler) http.Handler {
	imgSrc := "'self' data: blob:"
	if origin := urlOrigin(tileURL); origin != "" {
		imgSrc += " " + origin
	}
	connectSrc := "'self'"
	if origin := urlOrigin(geocoderURL); origin != "" {
		connectSrc += " " + origin
	}
	csp := strings.Join([]string{
		"default-src 'self'",
		"script-src 'self'",
		"style-src 'self' 'unsafe-inline'",
		"img-src " + imgSrc,
		"connect-src " + connectSrc,
		"font-src 'self'",
		"manifest-src 'self'",
		"worker-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			h.Set("Content-Security-Policy", csp)
			h.Set("X-Content-Type-Options", "nosniff")
			h.Set("X-Frame-Options", "DENY")
			h.Set("Referrer-Policy", "same-origin")
			h.Set("Permissions-Policy", "geolocation=(self), camera=(), microphone=(), payment=()")
			h.Set("Cross-Origin-Opener-Policy", "same-origin")
			next.ServeHTTP(w, r)
		})
	}
}

// urlOrigin turns a URL, or a tile URL template such as
// https://tile.openstreetmap.org/{z}/{x}/{y}.png, into its origin.
func urlOrigin(raw string) string {
	if raw == "" {
		return ""
	}
	u, err := url.Parse(strings.NewReplacer("{", "", "}", "").Replace(raw))
	if err != nil || u.Scheme == "" || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// crossOriginProtection refuses state-changing requests from other origins
// (Go's Sec-Fetch-Site/Origin check), answering in the API's JSON shape.
func crossOriginProtection(publicURL string) (func(http.Handler) http.Handler, error) {
	cop := http.NewCrossOriginProtection()
	if origin := urlOrigin(publicURL); origin != "" {
		if err := cop.AddTrustedOrigin(origin); err != nil {
			return nil, err
		}
	}
	// Phone apps are not browsers and carry no cookies: their token is
	// the proof, so a cross-origin check means nothing to them.
	cop.AddInsecureBypassPattern("/api/ingest/")
	// A one-tap "I'm on it" needs no cookie either: its token is the
	// proof, and ntfy's action button posts it from the ntfy app (or
	// ntfy's web app, another origin).
	cop.AddInsecureBypassPattern("POST /api/claim-links/claim")
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusForbidden, errorBody{Error: "forbidden", Message: "Cross-origin request refused."})
	}))
	return cop.Handler, nil
}
