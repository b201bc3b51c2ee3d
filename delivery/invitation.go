package delivery

import (
	"context"
	"errors"
	"strconv"
	"time"

	"lifeline"
)

// sendInvitations sends the due invitation emails (a wearer invited a
// supporter by address), with the outbox's retries and final failed state.
func (w *Worker) sendInvitations(ctx context.Context) {
	list, err := w.cfg.Invitations.ClaimInvitations(ctx, w.cfg.Now(), w.cfg.Batch, w.cfg.Lease)
	if err != nil {
		if ctx.Err() == nil {
			w.cfg.Logger.Warn("claim invitation emails", "err", err)
		}
		return
	}
	for _, m := range list {
		if err := w.sendInvitation(ctx, m); err != nil && ctx.Err() == nil {
			w.cfg.Logger.Warn("settle invitation email", "id", m.ID, "err", err)
		}
	}
}

func (w *Worker) sendInvitation(ctx context.Context, m *lifeline.InvitationEmail) error {
	out := w.cfg.Invitations
	if m.Hold != "" {
		w.metrics.outcome("invitation", lifeline.DeliverySkipped)
		return out.FinishInvitation(ctx, m.ID, lifeline.DeliverySkipped, time.Time{}, m.Hold, w.cfg.Now())
	}
	msg := Message{
		Key: "invite:" + strconv.FormatInt(m.LinkID, 10), Type: "invitation", Priority: "default", CreatedAt: w.cfg.Now(),
		Title: lifeline.InvitationSubject(m.Wearer),
		Body:  lifeline.InvitationMessage(m.Wearer, m.AcceptURL, m.ExpiresAt.In(m.Location)),
	}
	start := time.Now()
	err := w.cfg.SMTP.sendEmail(ctx, m.To, msg)
	w.metrics.seconds.WithLabelValues("invitation").Observe(time.Since(start).Seconds())
	var perm *permanentError
	switch {
	case err == nil:
		w.metrics.outcome("invitation", lifeline.DeliverySent)
		return out.FinishInvitation(ctx, m.ID, lifeline.DeliverySent, time.Time{}, "", w.cfg.Now())
	case errors.As(err, &perm) || m.Attempts >= w.cfg.MaxAttempts:
		w.metrics.outcome("invitation", lifeline.DeliveryFailed)
		w.cfg.Logger.Warn("invitation email failed for good", "id", m.ID, "attempts", m.Attempts, "err", err)
		return out.FinishInvitation(ctx, m.ID, lifeline.DeliveryFailed, time.Time{}, err.Error(), w.cfg.Now())
	default:
		w.metrics.outcome("invitation", "retry")
		return out.FinishInvitation(ctx, m.ID, lifeline.DeliveryPending, w.cfg.Now().Add(w.backoff(m.Attempts)), err.Error(), w.cfg.Now())
	}
}
