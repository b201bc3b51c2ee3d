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

// ResolveDeviceAlerts publishes each resolved alert as changed, so open
// pages show it resolved at once.
func (a *Alerts) ResolveDeviceAlerts(ctx context.Context, now time.Time) ([]*lifeline.Alert, error) {
	alerts, err := a.AlertService.ResolveDeviceAlerts(ctx, now)
	a.publish(ctx, alerts)
	return alerts, err
}

// ResolveAlerts publishes each resolved alert as changed.
func (a *Alerts) ResolveAlerts(ctx context.Context, userID int64, ids []int64, resolution string, now time.Time) ([]*lifeline.Alert, error) {
	alerts, err := a.AlertService.ResolveAlerts(ctx, userID, ids, resolution, now)
	a.publish(ctx, alerts)
	return alerts, err
}

// publish only logs a failure: the alerts are stored, and clients find
// them when they reload or resume. A resolved alert is a change.
func (a *Alerts) publish(ctx context.Context, alerts []*lifeline.Alert) {
	if len(alerts) == 0 {
		return
	}
	events := make([]Event, len(alerts))
	for i, alert := range alerts {
		events[i] = AlertRaised(alert)
		if alert.ResolvedAt != nil {
			events[i] = AlertChanged(alert)
		}
	}
	if err := a.events.Publish(ctx, events...); err != nil {
		a.logger.Warn("publish alerts", "alerts", len(alerts), "err", err)
	}
}

// OkayAnswers tells every node's geofence engine about the wearer's "I'm
// okay" to a geofence alert once the store has recorded it (AnswerOkay
// writes it onto the engine's state in the same transaction, which is what
// a restarted node reads). Every other method is the store's.
type OkayAnswers struct {
	lifeline.CareService
	events Publisher
	logger *slog.Logger
}

// NewOkayAnswers publishes the answers care records on events.
func NewOkayAnswers(care lifeline.CareService, events Publisher, logger *slog.Logger) *OkayAnswers {
	if logger == nil {
		logger = slog.Default()
	}
	return &OkayAnswers{CareService: care, events: events, logger: logger}
}

func (o *OkayAnswers) AnswerOkay(ctx context.Context, wearerID, alertID int64, now time.Time) (*lifeline.Alert, error) {
	alert, err := o.CareService.AnswerOkay(ctx, wearerID, alertID, now)
	if err != nil || alert.ZoneID == nil {
		return alert, err
	}
	device := ""
	if alert.DeviceID != nil {
		device = *alert.DeviceID
	}
	// Only logged: the answer is stored, and a node that misses this
	// keeps the cool-down until it restarts (and reads the answer then).
	if err := o.events.Publish(ctx, AlertAnswered(wearerID, *alert.ZoneID, device)); err != nil {
		o.logger.Warn("publish the answer", "alert", alertID, "err", err)
	}
	return alert, nil
}
