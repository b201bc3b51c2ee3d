package live

import (
	"context"
	"log/slog"
	"time"

	"lifeline"
)

// SOS raises SOS alerts through the store (the alert and its deliveries in
// one statement) and then tells the wearer's open pages, like Alerts: the
// web app's "Alert my people now" and the bracelet's button both go
// through it.
type SOS struct {
	store  lifeline.SOSRaiser
	events Publisher
	logger *slog.Logger
}

var _ lifeline.SOSRaiser = (*SOS)(nil)

// NewSOS publishes the SOS alerts store raises on events.
func NewSOS(store lifeline.SOSRaiser, events Publisher, logger *slog.Logger) *SOS {
	if logger == nil {
		logger = slog.Default()
	}
	return &SOS{store: store, events: events, logger: logger}
}

func (s *SOS) RaiseSOS(ctx context.Context, wearerID int64, now time.Time) (*lifeline.Alert, int, error) {
	alert, reached, err := s.store.RaiseSOS(ctx, wearerID, now)
	if err != nil {
		return nil, 0, err
	}
	if err := s.events.Publish(ctx, AlertRaised(alert)); err != nil {
		s.logger.Warn("publish sos", "alert", alert.ID, "err", err)
	}
	return alert, reached, nil
}
