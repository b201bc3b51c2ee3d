package api

import "net/http"

// appConfig is what the web app reads at start: settings an operator
// chooses, not code.
type appConfig struct {
	// MapTileURL is an XYZ template ({z}/{x}/{y}); "" means no base map
	// (tests and offline installs).
	MapTileURL string `json:"mapTileUrl"`
	// MapAttribution is the credit the tile provider requires.
	MapAttribution string `json:"mapAttribution"`
	// GeocoderURL is a Nominatim-compatible search URL the browser asks
	// for addresses (…/search?format=json&q=…); "" means no address search.
	GeocoderURL string `json:"geocoderUrl"`
}

func (s *Server) appConfig(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, appConfig{MapTileURL: s.cfg.MapTileURL, MapAttribution: s.cfg.MapAttribution, GeocoderURL: s.cfg.GeocoderURL})
}
