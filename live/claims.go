package live

import (
	"context"
	"log/slog"
	"time"

	"lifeline"
)

// Claims takes supporters' steps on alerts through the store and then
// tells the pages that show them: the wearer's (the alert changed: "Sam is
// on it", or resolved with a note) and the People I support of everyone
// who was told of it. Every other method is the store's.
type Claims struct {
	lifeline.ClaimService
	events Publisher
	logger *slog.Logger
}

var _ lifeline.ClaimService = (*Claims)(nil)

// NewClaims publishes the steps store takes on events.
func NewClaims(store lifeline.ClaimService, events Publisher, logger *slog.Logger) *Claims {
	if logger == nil {
		logger = slog.Default()
	}
	return &Claims{ClaimService: store, events: events, logger: logger}
}

func (c *Claims) ClaimAlert(ctx context.Context, supporterID, alertID int64, now time.Time) (*lifeline.ClaimOutcome, error) {
	return c.publish(ctx)(c.ClaimService.ClaimAlert(ctx, supporterID, alertID, now))
}

func (c *Claims) HandBackAlert(ctx context.Context, supporterID, alertID int64, now time.Time) (*lifeline.ClaimOutcome, error) {
	return c.publish(ctx)(c.ClaimService.HandBackAlert(ctx, supporterID, alertID, now))
}

func (c *Claims) ResolveClaimedAlert(ctx context.Context, supporterID, alertID int64, note string, now time.Time) (*lifeline.ClaimOutcome, error) {
	return c.publish(ctx)(c.ClaimService.ResolveClaimedAlert(ctx, supporterID, alertID, note, now))
}

func (c *Claims) ClaimByLink(ctx context.Context, token string, now time.Time) (*lifeline.ClaimOutcome, error) {
	return c.publish(ctx)(c.ClaimService.ClaimByLink(ctx, token, now))
}

// publish passes a step's outcome on once it is told; it only logs a
// failure, as pages also refetch on their own.
func (c *Claims) publish(ctx context.Context) func(*lifeline.ClaimOutcome, error) (*lifeline.ClaimOutcome, error) {
	return func(out *lifeline.ClaimOutcome, err error) (*lifeline.ClaimOutcome, error) {
		if err != nil {
			return nil, err
		}
		events := []Event{AlertChanged(out.Alert), ClaimChanged(out.Alert.UserID, out.Alert.ID, 0)}
		for _, l := range out.Told {
			events = append(events, ClaimChanged(l.UserID, 0, l.ID))
		}
		if err := c.events.Publish(ctx, events...); err != nil {
			c.logger.Warn("publish claim", "alert", out.Alert.ID, "err", err)
		}
		return out, nil
	}
}
