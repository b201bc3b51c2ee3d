package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

type zone struct {
	ID           int64
	Name, Type   string
	Shape        string
	Latitude     float64
	Longitude    float64
	Radius       *float64
	IsActive     bool
	DwellMinutes *int
	Schedule     *struct{ Start, End string }
}

func TestZonesValidation(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Zoe")
	circle := func(k string, v any) map[string]any {
		b := map[string]any{"name": "Old bar", "type": "avoid", "latitude": 37.78, "longitude": -122.41, "radius": 150}
		b[k] = v
		return b
	}
	tests := []struct {
		name, field string
		body        any
	}{
		{"blank name", "name", circle("name", "  ")},
		{"name over 80 characters", "name", circle("name", strings.Repeat("n", 81))},
		{"unknown type", "type", circle("type", "maybe")},
		{"radius under 10 m", "radius", circle("radius", 5)},
		{"radius over 50 km", "radius", circle("radius", 60000)},
		{"latitude out of range", "latitude", circle("latitude", 91)},
		{"dwell on a safe zone", "dwellMinutes", map[string]any{"name": "Home", "type": "safe", "latitude": 1, "longitude": 1, "radius": 50, "dwellMinutes": 5}},
		{"schedule on an avoid zone", "schedule", circle("schedule", map[string]string{"start": "22:00", "end": "06:00"})},
		{"schedule not a time", "schedule", map[string]any{"name": "Home", "type": "safe", "latitude": 1, "longitude": 1, "radius": 50, "schedule": map[string]string{"start": "late", "end": "06:00"}}},
		{"bow-tie polygon", "polygon", map[string]any{"name": "Park", "type": "avoid", "latitude": 0.5, "longitude": 0.5,
			"polygon": map[string]any{"type": "Polygon", "coordinates": [][][]float64{{{0, 0}, {1, 1}, {1, 0}, {0, 1}, {0, 0}}}}}},
		{"unclosed ring", "polygon", map[string]any{"name": "Park", "type": "avoid", "latitude": 0.5, "longitude": 0.5,
			"polygon": map[string]any{"type": "Polygon", "coordinates": [][][]float64{{{0, 0}, {1, 0}, {1, 1}, {0, 1}}}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := c.do("POST", "/api/safe-zones", tt.body)
			_, _, fields := resp.errorBody(t)
			if resp.status != http.StatusBadRequest || fields[tt.field] == "" {
				t.Errorf("= %d %v, want 400 naming %s", resp.status, fields, tt.field)
			}
		})
	}
}

func TestZonesCRUDAndIsolation(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	a, b := app.twoUsers()
	resp := a.do("POST", "/api/safe-zones", map[string]any{"name": "Home", "type": "safe", "latitude": 37.7749, "longitude": -122.4194, "radius": 200,
		"schedule": map[string]string{"start": "22:00", "end": "06:00"}})
	var home zone
	resp.json(t, &home)
	if resp.status != http.StatusCreated || home.ID == 0 || !home.IsActive || home.Shape != "circle" || *home.Radius != 200 || home.Schedule.Start != "22:00" {
		t.Fatalf("create = %d %+v", resp.status, home)
	}
	square := map[string]any{"name": "Park", "type": "avoid", "latitude": 37.771, "longitude": -122.45,
		"polygon": map[string]any{"type": "Polygon", "coordinates": [][][]float64{{{-122.455, 37.768}, {-122.445, 37.768}, {-122.445, 37.774}, {-122.455, 37.774}, {-122.455, 37.768}}}}}
	if got := a.do("POST", "/api/safe-zones", square); got.status != http.StatusCreated {
		t.Fatalf("polygon zone = %d %s", got.status, got.body)
	}

	var list []zone
	a.do("GET", "/api/safe-zones", nil).json(t, &list)
	if len(list) != 2 || list[1].Shape != "polygon" || list[1].Radius != nil {
		t.Fatalf("list = %+v", list)
	}
	b.do("GET", "/api/safe-zones", nil).json(t, &list)
	if len(list) != 0 {
		t.Errorf("another user sees %d zones", len(list))
	}
	path := fmt.Sprintf("/api/safe-zones/%d", home.ID)
	requireIsolated(t, b, []isolationCase{{"PATCH", path, map[string]any{"name": "Mine"}}, {"DELETE", path, nil}})

	var updated zone
	a.do("PATCH", path, map[string]any{"isActive": false, "radius": 300}).json(t, &updated)
	if updated.IsActive || *updated.Radius != 300 || updated.Name != "Home" {
		t.Errorf("update = %+v", updated)
	}
	if got := a.do("DELETE", path, nil).status; got != http.StatusNoContent {
		t.Errorf("delete = %d", got)
	}
	if got := a.do("DELETE", path, nil).status; got != http.StatusNotFound {
		t.Errorf("second delete = %d, want 404", got)
	}
}

// TestAvoidZoneAlertWithEvidence walks a browser-shared position into an
// avoid zone: the engine confirms the entry and the alert explains why.
func TestAvoidZoneAlertWithEvidence(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	a, b := app.twoUsers()
	a.do("PATCH", "/api/auth/user", map[string]string{"timezone": "America/Los_Angeles"})
	var bar zone
	a.do("POST", "/api/safe-zones", map[string]any{"name": "Old bar", "type": "avoid", "latitude": 37.7793, "longitude": -122.4193, "radius": 100}).json(t, &bar)
	streamA, streamB := a.openStream(t, ""), b.openStream(t, "")

	for i := 0; i < 3; i++ { // three confirming fixes well inside
		a.do("POST", "/api/gps/location", map[string]any{"latitude": 37.7793, "longitude": -122.4193, "accuracy": 5})
		app.advance(30 * time.Second)
	}
	e := next(t, streamA, "alert")
	if !strings.Contains(e.data, "geofence_enter_avoid") || !strings.Contains(e.data, `Old bar`) {
		t.Fatalf("alert event = %+v", e)
	}
	none(t, streamB, 300*time.Millisecond)

	var alert struct {
		Type     string
		Message  string
		Link     string
		ZoneID   *int64
		ZoneName string
		Evidence struct {
			Rule    string
			MarginM float64
			Since   time.Time
			Fixes   []struct {
				TS                         time.Time
				AccuracyM, DistanceToEdgeM float64
			}
		}
	}
	a.do("GET", "/api/alerts/"+e.id, nil).json(t, &alert)
	if alert.Type != "geofence_enter_avoid" || alert.Link != "/gps" || alert.ZoneID == nil || *alert.ZoneID != bar.ID || alert.ZoneName != "Old bar" {
		t.Errorf("alert = %+v", alert)
	}
	if len(alert.Evidence.Fixes) > 0 && !alert.Evidence.Since.Equal(alert.Evidence.Fixes[0].TS) {
		t.Errorf("evidence since %v, want the first fix inside, %v", alert.Evidence.Since, alert.Evidence.Fixes[0].TS)
	}
	if !strings.Contains(alert.Message, " 1:00 AM") { // 09:00 UTC in Los Angeles
		t.Errorf("message %q does not give the local time", alert.Message)
	}
	if alert.Evidence.Rule == "" || len(alert.Evidence.Fixes) == 0 || alert.Evidence.Fixes[0].DistanceToEdgeM >= 0 || alert.Evidence.Fixes[0].AccuracyM != 5 {
		t.Errorf("evidence = %+v", alert.Evidence)
	}
	requireIsolated(t, b, []isolationCase{{"GET", "/api/alerts/" + e.id, nil}})

	// More fixes inside: still one alert.
	for i := 0; i < 3; i++ {
		a.do("POST", "/api/gps/location", map[string]any{"latitude": 37.7793, "longitude": -122.4193, "accuracy": 5})
		app.advance(30 * time.Second)
	}
	time.Sleep(300 * time.Millisecond)
	var n int
	app.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM alerts WHERE type = 'geofence_enter_avoid'`).Scan(&n)
	if n != 1 {
		t.Errorf("%d enter alerts, want 1", n)
	}
}
