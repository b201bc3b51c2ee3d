package app

import (
	"context"
	"strings"
	"time"

	"lifeline/delivery"
	"lifeline/signals"
)

// nudgeEvery spaces the early-warning nudges' runs: each reads the
// signals of everyone not nudged yet today.
const nudgeEvery = 15 * time.Minute

// startJobs runs the periodic work: every minute the evening check-in
// reminder and the bracelet battery and offline alerts, raised and resolved
// (the database keeps each to one, on any number of nodes), and hourly
// housekeeping and
// retention (one node at a time). The returned func stops it.
func (a *App) startJobs() func() {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(a.cfg.JobsEvery)
		defer tick.Stop()
		var pruned, nudged time.Time
		for {
			now := time.Now()
			if raised, err := a.alerts.RaiseMissedCheckins(ctx, now, a.cfg.ReminderHour); ctx.Err() != nil {
				return
			} else if err != nil {
				a.logger.Warn("check-in reminders failed", "err", err)
			} else if len(raised) > 0 {
				a.logger.Info("check-in reminders raised", "count", len(raised))
			}
			a.guard.Tick(now)
			if resolved, err := a.alerts.ResolveDeviceAlerts(ctx, now); err != nil && ctx.Err() == nil {
				a.logger.Warn("resolving device alerts failed", "err", err)
			} else if len(resolved) > 0 {
				a.logger.Info("device alerts resolved", "count", len(resolved))
			}
			if raised, err := a.alerts.RaiseDeviceAlerts(ctx, now); err != nil && ctx.Err() == nil {
				a.logger.Warn("device alerts failed", "err", err)
			} else if len(raised) > 0 {
				a.logger.Info("device alerts raised", "count", len(raised))
			}
			if queued, err := a.db.QueueDigests(ctx, now, strings.TrimRight(a.url, "/")+"/api/digest/unsubscribe?token="); err != nil && ctx.Err() == nil {
				a.logger.Warn("weekly digests failed", "err", err)
			} else if queued > 0 {
				a.logger.Info("weekly digests queued", "count", queued)
			}
			if queued, err := a.db.QueueMeasureReminders(ctx, now); err != nil && ctx.Err() == nil {
				a.logger.Warn("questionnaire reminders failed", "err", err)
			} else if queued > 0 {
				a.logger.Info("questionnaire reminders queued", "count", queued)
			}
			if now.Sub(nudged) >= nudgeEvery {
				if n, err := signals.QueueNudges(ctx, a.db, now); err != nil && ctx.Err() == nil {
					a.logger.Warn("signal nudges failed", "err", err)
				} else if n > 0 {
					a.logger.Info("signal nudges queued", "count", n)
				}
				nudged = now
			}
			if now.Sub(pruned) >= time.Hour {
				if _, err := a.db.Prune(ctx, now, a.cfg.SessionIdle); err != nil && ctx.Err() == nil {
					a.logger.Warn("housekeeping failed", "err", err)
				}
				a.retention.run(ctx, now)
				pruned = now
			}
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
		}
	}()
	return func() { cancel(); <-done }
}

// startDelivery runs the outbox's delivery worker; every API node runs one
// and the store's claims keep each message to one sender.
func (a *App) startDelivery() func() {
	worker := delivery.NewWorker(delivery.Config{
		Outbox: a.db, Destinations: a.db,
		SMTP: delivery.SMTP{Addr: a.cfg.SMTPAddr, From: a.cfg.SMTPFrom,
			Username: a.cfg.SMTPUser, Password: a.cfg.SMTPPassword},
		PublicURL:            a.url,
		AllowPrivateWebhooks: a.cfg.PrivateWebhooks,
		Push:                 a.db,
		Metrics:              a.registry,
		Logger:               a.logger.With("component", "delivery"),
	})
	a.bus.OnSOSRaised(worker.Wake)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); worker.Run(ctx) }()
	return func() { cancel(); <-done }
}
