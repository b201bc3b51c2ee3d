package live

import (
	"context"
	"log/slog"
	"time"

	"lifeline"
)

// SOS raises and closes SOS alerts through the store and then tells the
// pages that show them, like Alerts: the wearer's own (the alert, and the
// open SOS) and each supporter's "People I support". The web app's "Alert
// my people now" and the bracelet's button both raise through it. Every
// other method is the store's.
type SOS struct {
	lifeline.SOSService
	events Publisher
	logger *slog.Logger
}

var _ lifeline.SOSService = (*SOS)(nil)

// NewSOS publishes the SOS changes store makes on events.
func NewSOS(store lifeline.SOSService, events Publisher, logger *slog.Logger) *SOS {
	if logger == nil {
		logger = slog.Default()
	}
	return &SOS{SOSService: store, events: events, logger: logger}
}

func (s *SOS) RaiseSOS(ctx context.Context, wearerID int64, now time.Time) (*lifeline.Alert, int, error) {
	alert, reached, err := s.SOSService.RaiseSOS(ctx, wearerID, now)
	if err != nil {
		return nil, 0, err
	}
	s.publish(ctx, alert, AlertRaised(alert))
	return alert, reached, nil
}

func (s *SOS) ResolveSOS(ctx context.Context, wearerID, alertID int64, now time.Time) (*lifeline.Alert, error) {
	alert, err := s.SOSService.ResolveSOS(ctx, wearerID, alertID, now)
	if err != nil {
		return nil, err
	}
	s.publish(ctx, alert)
	return alert, nil
}

// publish tells the wearer's pages and those of everyone the SOS reaches
// now; it only logs a failure, as pages also refetch on their own.
func (s *SOS) publish(ctx context.Context, alert *lifeline.Alert, events ...Event) {
	events = append(events, SOSChanged(alert))
	audience, err := s.SOSService.SOSAudience(ctx, alert.UserID)
	if err != nil {
		s.logger.Warn("sos audience", "alert", alert.ID, "err", err)
	}
	for _, l := range audience {
		events = append(events, SupportedSOSChanged(l, alert))
	}
	if err := s.events.Publish(ctx, events...); err != nil {
		s.logger.Warn("publish sos", "alert", alert.ID, "err", err)
	}
}
