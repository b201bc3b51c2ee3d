package lifeline

import (
	"context"
	"encoding/json"
)

// Live event kinds pushed to the web app over /api/events.
const (
	EventLocation = "location" // a new latest position: Location
	EventAlert    = "alert"    // a new alert: Alert
	EventDevice   = "device"   // a bracelet connected or disconnected
	// EventRevoked tells every node to close a revoked bracelet's
	// connection (LiveEvent.Data is {"id": device id}).
	EventRevoked = "device_revoked"
)

// LiveEvent is one update for one user. ID is set for alerts (their id), so
// a reconnecting client can resume after the last one it saw.
type LiveEvent struct {
	UserID int64           `json:"u"`
	Kind   string          `json:"k"`
	ID     int64           `json:"i,omitempty"`
	Data   json.RawMessage `json:"d"`
}

// EventPublisher announces events to every node (PostgreSQL NOTIFY).
type EventPublisher interface {
	PublishEvents(ctx context.Context, events []LiveEvent) error
}
