package lifeline

import (
	"context"
	"time"
)

// When a wearer's supporters are told, per alert kind (the escalation
// ladder's settings). SOS has none: it always reaches them at once.

// The choices for a kind of alert.
const (
	EscalateDefault = "default" // avoid zones: after the server's --escalate-after
	EscalateAfter   = "after"   // avoid zones: after AvoidZoneMinutes
	EscalateAtOnce  = "at_once" // device alerts
	EscalateNever   = "never"   // don't tell them
)

// The defaults of a wearer who never changed anything: an escalating
// alert waits DefaultEscalateAfter for the wearer's answer (unless the
// server's --escalate-after says otherwise), and supporters hear of missed
// check-ins once DefaultMissedCheckinDays run without one.
const (
	DefaultEscalateAfter     = 10 * time.Minute
	DefaultMissedCheckinDays = 2
)

// Supporters act together (issue 30): an alert nobody claims within the
// tier window goes on to the next tier of supporters; a claim still open
// after DefaultClaimRemindAfter reminds its claimer. Wearers may change
// both (escalation_settings).
const (
	DefaultTierWindow       = 10 * time.Minute
	DefaultClaimRemindAfter = 30 * time.Minute
	MaxTier                 = 3
)

// Bounds of the settings.
const (
	MinEscalateMinutes    = 1
	MaxEscalateMinutes    = 120
	MinMissedCheckinDays  = 1
	MaxMissedCheckinDays  = 7
	MinTierWindowMinutes  = 1
	MaxTierWindowMinutes  = 120
	MinClaimRemindMinutes = 5
	MaxClaimRemindMinutes = 240
)

// EscalationDelay is the server's --escalate-after: configured, or
// DefaultEscalateAfter when it is not set.
func EscalationDelay(configured time.Duration) time.Duration {
	if configured <= 0 {
		return DefaultEscalateAfter
	}
	return configured
}

// EscalationSettings say when supporters hear of each kind of alert.
type EscalationSettings struct {
	// AvoidZone is default, after (AvoidZoneMinutes) or never.
	AvoidZone        string `json:"avoidZone"`
	AvoidZoneMinutes *int   `json:"avoidZoneMinutes"`
	// MissedCheckinDays: supporters hear once this many days run without a
	// check-in (1 to 7).
	MissedCheckinDays int `json:"missedCheckinDays"`
	// Device is at_once or never (low battery, bracelet offline).
	Device string `json:"device"`
	// TierWindowMinutes: an alert nobody claims within this many minutes
	// goes on to the next tier of supporters (1 to 120).
	TierWindowMinutes int `json:"tierWindowMinutes"`
	// ClaimRemindMinutes: a claim still open this many minutes after it
	// was made reminds its claimer (5 to 240).
	ClaimRemindMinutes int `json:"claimRemindMinutes"`
	// DefaultAvoidZoneMinutes is the server's --escalate-after, in whole
	// minutes (read only).
	DefaultAvoidZoneMinutes int `json:"defaultAvoidZoneMinutes"`
}

// TierWindow is the wait between one tier of supporters and the next.
func (s EscalationSettings) TierWindow() time.Duration {
	return time.Duration(s.TierWindowMinutes) * time.Minute
}

// ClaimRemindAfter is how long a claim stays open before its claimer is
// reminded.
func (s EscalationSettings) ClaimRemindAfter() time.Duration {
	return time.Duration(s.ClaimRemindMinutes) * time.Minute
}

// DefaultEscalation is what a wearer who never changed anything has.
func DefaultEscalation(escalateAfter time.Duration) EscalationSettings {
	escalateAfter = EscalationDelay(escalateAfter)
	return EscalationSettings{AvoidZone: EscalateDefault, MissedCheckinDays: DefaultMissedCheckinDays, Device: EscalateAtOnce,
		TierWindowMinutes: int(DefaultTierWindow / time.Minute), ClaimRemindMinutes: int(DefaultClaimRemindAfter / time.Minute),
		DefaultAvoidZoneMinutes: int((escalateAfter + time.Minute - 1) / time.Minute)}
}

// Validate checks settings a wearer sends; AvoidZoneMinutes is cleared
// unless AvoidZone is after.
func (s *EscalationSettings) Validate() error {
	fields := map[string]string{}
	switch s.AvoidZone {
	case EscalateDefault, EscalateNever:
		s.AvoidZoneMinutes = nil
	case EscalateAfter:
		if m := s.AvoidZoneMinutes; m == nil || *m < MinEscalateMinutes || *m > MaxEscalateMinutes {
			fields["avoidZoneMinutes"] = "Choose between 1 and 120 minutes."
		}
	default:
		fields["avoidZone"] = "Choose default, after or never."
	}
	if s.MissedCheckinDays < MinMissedCheckinDays || s.MissedCheckinDays > MaxMissedCheckinDays {
		fields["missedCheckinDays"] = "Choose between 1 and 7 days."
	}
	if s.Device != EscalateAtOnce && s.Device != EscalateNever {
		fields["device"] = "Choose at_once or never."
	}
	if s.TierWindowMinutes < MinTierWindowMinutes || s.TierWindowMinutes > MaxTierWindowMinutes {
		fields["tierWindowMinutes"] = "Choose between 1 and 120 minutes."
	}
	if s.ClaimRemindMinutes < MinClaimRemindMinutes || s.ClaimRemindMinutes > MaxClaimRemindMinutes {
		fields["claimRemindMinutes"] = "Choose between 5 and 240 minutes."
	}
	if len(fields) > 0 {
		return &Error{Code: EINVALID, Message: "Please check the highlighted fields.", Fields: fields}
	}
	return nil
}

// EscalationService stores each wearer's escalation settings; the outbox
// reads them when it queues an alert's deliveries.
type EscalationService interface {
	FindEscalation(ctx context.Context, userID int64) (*EscalationSettings, error)
	SaveEscalation(ctx context.Context, userID int64, s EscalationSettings) (*EscalationSettings, error)
}
