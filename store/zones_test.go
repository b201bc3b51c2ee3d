package store_test

import (
	"context"
	"encoding/json"
	"testing"

	"lifeline"
	"lifeline/store/storetest"
)

func TestZonesRoundTripAndStayWithTheirOwner(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := context.Background()
	var alice, bruno int64
	db.Pool.QueryRow(ctx, `INSERT INTO users (email, timezone) VALUES ('a@example.org', 'Europe/Paris') RETURNING id`).Scan(&alice)
	db.Pool.QueryRow(ctx, `INSERT INTO users (email) VALUES ('b@example.org') RETURNING id`).Scan(&bruno)

	radius, dwell := 150.0, 10
	circle := &lifeline.Zone{UserID: alice, Name: "Old bar", Type: lifeline.ZoneAvoid, Shape: lifeline.ShapeCircle,
		Latitude: 48.85, Longitude: 2.35, Radius: &radius, IsActive: true, DwellMinutes: &dwell}
	if err := db.CreateZone(ctx, circle); err != nil {
		t.Fatal(err)
	}
	polygon := &lifeline.Zone{UserID: alice, Name: "Home", Type: lifeline.ZoneSafe, Shape: lifeline.ShapePolygon,
		Latitude: 48.86, Longitude: 2.34, IsActive: true, Schedule: &lifeline.ZoneSchedule{Start: "22:00", End: "06:30"},
		Polygon: json.RawMessage(`{"type":"Polygon","coordinates":[[[2.33,48.85],[2.35,48.85],[2.35,48.87],[2.33,48.85]]]}`)}
	if err := db.CreateZone(ctx, polygon); err != nil {
		t.Fatal(err)
	}
	if polygon.Schedule == nil || polygon.Schedule.Start != "22:00" || polygon.Schedule.End != "06:30" || polygon.Radius != nil {
		t.Errorf("polygon zone read back as %+v", polygon)
	}

	zones, err := db.FindZones(ctx, alice)
	if err != nil || len(zones) != 2 || *zones[0].DwellMinutes != 10 {
		t.Fatalf("FindZones = %+v, %v", zones, err)
	}
	if others, _ := db.FindZones(ctx, bruno); len(others) != 0 {
		t.Errorf("the other user sees %d zones", len(others))
	}

	stolen := *circle
	stolen.UserID, stolen.Name = bruno, "Mine now"
	if err := db.UpdateZone(ctx, &stolen); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("another user's update = %v, want ENOTFOUND", err)
	}
	if err := db.DeleteZone(ctx, bruno, circle.ID); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("another user's delete = %v, want ENOTFOUND", err)
	}

	circle.IsActive = false
	if err := db.UpdateZone(ctx, circle); err != nil || circle.IsActive {
		t.Fatalf("deactivate = %v", err)
	}
	active, timezones, err := db.FindActiveZones(ctx)
	if err != nil || len(active) != 1 || active[0].ID != polygon.ID || timezones[alice] != "Europe/Paris" {
		t.Errorf("active zones = %+v, %v, %v", active, timezones, err)
	}
	if err := db.DeleteZone(ctx, alice, polygon.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := db.FindZoneByID(ctx, polygon.ID); lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		t.Errorf("deleted zone still found: %v", err)
	}
}
