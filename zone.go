package lifeline

import (
	"context"
	"encoding/json"
	"strconv"
	"time"
)

// Zone types and shapes.
const (
	ZoneSafe     = "safe"
	ZoneAvoid    = "avoid"
	ShapeCircle  = "circle"
	ShapePolygon = "polygon"
)

// Zone is a place a user marked: a safe zone to be in, or an avoid zone to
// stay out of. A circle has a centre and a radius in metres; a polygon is a
// GeoJSON Polygon or MultiPolygon (Latitude and Longitude then hold a point
// for the map's popup). docs/spec.md §3 reads id, name, type, latitude,
// longitude, radius and isActive.
type Zone struct {
	ID        int64           `json:"id"`
	UserID    int64           `json:"-"`
	Name      string          `json:"name"`
	Type      string          `json:"type"`
	Shape     string          `json:"shape"`
	Latitude  float64         `json:"latitude"`
	Longitude float64         `json:"longitude"`
	Radius    *float64        `json:"radius"`
	Polygon   json.RawMessage `json:"polygon,omitempty"`
	IsActive  bool            `json:"isActive"`
	// DwellMinutes (avoid zones): alert only after this long inside.
	DwellMinutes *int `json:"dwellMinutes"`
	// Schedule (safe zones): be inside between these local times, "22:00"
	// to "06:00" (may wrap midnight), in the owner's time zone.
	Schedule  *ZoneSchedule `json:"schedule"`
	CreatedAt time.Time     `json:"createdAt"`
	UpdatedAt time.Time     `json:"updatedAt"`
}

// ZoneSchedule is a daily window in local "HH:MM" times.
type ZoneSchedule struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

// ZoneService stores zones; user-scoped methods return ENOTFOUND for
// another user's zone.
type ZoneService interface {
	CreateZone(ctx context.Context, z *Zone) error
	UpdateZone(ctx context.Context, z *Zone) error
	DeleteZone(ctx context.Context, userID, zoneID int64) error
	FindZones(ctx context.Context, userID int64) ([]*Zone, error)
	// FindZoneByID returns any user's zone (for the engine); ENOTFOUND if gone.
	FindZoneByID(ctx context.Context, zoneID int64) (*Zone, error)
	// FindActiveZones returns every active zone, and each owner's time
	// zone by user id.
	FindActiveZones(ctx context.Context) ([]*Zone, map[int64]string, error)
}

// GeofenceState is the geofence engine's memory of one device near one
// zone, persisted so that a restart neither repeats an alert nor misses a
// transition. Zero times are stored as NULL.
type GeofenceState struct {
	DeviceKey         string // a device id, or "manual:<user id>" for browser fixes
	ZoneID, UserID    int64
	Inside            bool
	Since             time.Time
	PendingInside     *bool
	PendingCount      int
	PendingSince      time.Time
	PendingEvidence   json.RawMessage
	LastFixTS         time.Time
	LastAlertAt       time.Time
	DwellAlertedAt    time.Time
	ScheduleAlertedAt time.Time
	// OkayAt is when the wearer answered "I'm okay" to the alert raised at
	// LastAlertAt (that alert's evidence says detectedAt): it ends the
	// alert's cool-down, so a return alerts again.
	OkayAt time.Time
}

// GeofenceDeviceKey is the engine's key of a device: its id, or
// "manual:<user id>" for the fixes a person shares from the browser
// (deviceID empty).
func GeofenceDeviceKey(deviceID string, userID int64) string {
	if deviceID != "" {
		return deviceID
	}
	return "manual:" + strconv.FormatInt(userID, 10)
}

// GeofenceStore keeps the engine's state.
type GeofenceStore interface {
	FindGeofenceStates(ctx context.Context) ([]GeofenceState, error)
	// FindGeofenceState returns one (device key, zone)'s state; ENOTFOUND
	// if there is none.
	FindGeofenceState(ctx context.Context, deviceKey string, zoneID int64) (*GeofenceState, error)
	// SaveGeofenceStates upserts states by (device key, zone). A stored
	// OkayAt is kept while LastAlertAt stays the same (the answer may have
	// been written by the node where the wearer gave it).
	SaveGeofenceStates(ctx context.Context, states []GeofenceState) error
}

// ZoneWatcher validates zone geometry for the API, and is told about zone
// edits (through the live events) so the engine follows them at once
// without a restart.
type ZoneWatcher interface {
	ValidateZone(ctx context.Context, z *Zone) error
	ZoneChanged(ctx context.Context, zoneID int64)
}
