package api_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"
)

type location struct {
	ID                  int64
	Latitude, Longitude float64
	Accuracy            *float64
	Timestamp           time.Time
	BatteryLevel        *int
	Source              string
}

func TestShareLocationFromTheBrowser(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	a, b := app.twoUsers()

	var latest *location
	a.do("GET", "/api/gps/latest", nil).json(t, &latest)
	if latest != nil {
		t.Fatalf("latest before any fix = %+v, want null", latest)
	}
	tests := []struct {
		name string
		body any
	}{
		{"latitude out of range", map[string]any{"latitude": 91, "longitude": 0}},
		{"longitude missing", map[string]any{"latitude": 10}},
		{"negative accuracy", map[string]any{"latitude": 10, "longitude": 10, "accuracy": -1}},
		{"text for a number", `{"latitude": "north", "longitude": 0}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := a.do("POST", "/api/gps/location", tt.body); got.status != http.StatusBadRequest {
				t.Errorf("= %d %s, want 400", got.status, got.body)
			}
		})
	}

	for _, lat := range []float64{37.7749, 37.7759, 37.7769} {
		resp := a.do("POST", "/api/gps/location", map[string]any{"latitude": lat, "longitude": -122.4194, "accuracy": 12.5})
		if resp.status != http.StatusCreated {
			t.Fatalf("share = %d %s", resp.status, resp.body)
		}
		app.advance(time.Minute)
	}
	a.do("GET", "/api/gps/latest", nil).json(t, &latest)
	if latest == nil || latest.Source != "browser" || latest.Latitude != 37.7769 || *latest.Accuracy != 12.5 {
		t.Errorf("latest = %+v", latest)
	}
	var list []location
	a.do("GET", "/api/gps/locations?limit=2", nil).json(t, &list)
	if len(list) != 2 || list[0].Latitude != 37.7769 || !list[0].Timestamp.After(list[1].Timestamp) {
		t.Errorf("locations = %+v, want the two newest, newest first", list)
	}
	from := app.now.Load().Add(-150 * time.Second).Format(time.RFC3339)
	a.do("GET", fmt.Sprintf("/api/gps/locations?from=%s", from), nil).json(t, &list)
	if len(list) != 2 {
		t.Errorf("locations from %s = %d, want 2", from, len(list))
	}
	for _, bad := range []string{"?limit=1001", "?limit=0", "?from=yesterday"} {
		if got := a.do("GET", "/api/gps/locations"+bad, nil).status; got != http.StatusBadRequest {
			t.Errorf("GET locations%s = %d, want 400", bad, got)
		}
	}

	b.do("GET", "/api/gps/locations", nil).json(t, &list)
	var other *location
	b.do("GET", "/api/gps/latest", nil).json(t, &other)
	if len(list) != 0 || other != nil {
		t.Errorf("another user sees %d locations and latest %+v", len(list), other)
	}
}
