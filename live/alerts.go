package live

import (
	"context"
	"log/slog"
	"time"

	"lifeline"
)

// Alerts raises alerts through the store and publishes each new one once
// its insert has committed, so a live client never sees an alert that a
// reload would not find, and a client that missed it finds it when it
// resumes with Last-Event-ID (FindAlertsAfter). Every other method is the
// store's.
type Alerts struct {
	lifeline.AlertService
	events Publisher
	logger *slog.Logger
}

var _ lifeline.AlertService = (*Alerts)(nil)

// NewAlerts publishes the alerts store raises on events.
func NewAlerts(store lifeline.AlertService, events Publisher, logger *slog.Logger) *Alerts {
	if logger == nil {
		logger = slog.Default()
	}
	return &Alerts{AlertService: store, events: events, logger: logger}
}

func (a *Alerts) RaiseAlert(ctx context.Context, userID int64, na lifeline.NewAlert) (*lifeline.Alert, error) {
	alert, err := a.AlertService.RaiseAlert(ctx, userID, na)
	if alert != nil {
		a.publish(ctx, []*lifeline.Alert{alert})
	}
	return alert, err
}

func (a *Alerts) RaiseMissedCheckins(ctx context.Context, now time.Time, hour int) ([]*lifeline.Alert, error) {
	alerts, err := a.AlertService.RaiseMissedCheckins(ctx, now, hour)
	a.publish(ctx, alerts)
	return alerts, err
}

func (a *Alerts) RaiseDeviceAlerts(ctx context.Context, now time.Time) ([]*lifeline.Alert, error) {
	alerts, err := a.AlertService.RaiseDeviceAlerts(ctx, now)
	a.publish(ctx, alerts)
	return alerts, err
}

// publish only logs a failure: the alerts are stored, and clients find
// them when they reload or resume.
func (a *Alerts) publish(ctx context.Context, alerts []*lifeline.Alert) {
	if len(alerts) == 0 {
		return
	}
	events := make([]Event, len(alerts))
	for i, alert := range alerts {
		events[i] = AlertRaised(alert)
	}
	if err := a.events.Publish(ctx, events...); err != nil {
		a.logger.Warn("publish alerts", "alerts", len(alerts), "err", err)
	}
}
