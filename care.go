package lifeline

import (
	"context"
	"slices"
	"time"
)

// The care circle: a wearer shares chosen parts of their data with
// supporters who accepted an invitation. Every grant is off by default.

// Alert scopes a wearer grants a supporter: which alerts reach them.
const (
	ScopeAvoidZone     = "avoid_zone"     // entered or stayed in an avoid zone
	ScopeMissedCheckin = "missed_checkin" // two days without a check-in
	ScopeDevice        = "device"         // a bracelet's battery is low or it went silent
	ScopeSOS           = "sos"            // the wearer asked for help now
)

// AlertScopes lists every scope, in the order screens show them.
var AlertScopes = []string{ScopeAvoidZone, ScopeMissedCheckin, ScopeDevice, ScopeSOS}

// Location scopes: when a supporter may see where the wearer is.
const (
	LocationNever       = "never"
	LocationDuringAlert = "during_alert" // during an open alert or SOS, for the grant's window
	LocationAlways      = "always"
)

// AlertTypeScope is the scope that lets a supporter receive alerts of type
// t, or "" when such alerts are only ever the wearer's own (milestones,
// check-in patterns, safe-zone alerts).
func AlertTypeScope(t string) string {
	switch t {
	case AlertZoneEntered, AlertZoneDwell:
		return ScopeAvoidZone
	case AlertMissedCheckin:
		return ScopeMissedCheckin
	case AlertLowBattery, AlertDeviceOffline:
		return ScopeDevice
	case AlertSOS:
		return ScopeSOS
	}
	return ""
}

// Grant is what one supporter may see of one wearer.
type Grant struct {
	CheckIns bool `json:"checkIns"`
	// CheckInDetails adds notes and substance details; only with CheckIns.
	CheckInDetails bool     `json:"checkInDetails"`
	Alerts         []string `json:"alerts"`
	Location       string   `json:"location"`
	// LocationWindowMinutes is how long after an alert a during_alert
	// grant shows the location.
	LocationWindowMinutes int `json:"locationWindowMinutes"`
	// Phone shows the wearer's own phone number, so the supporter can call
	// or text them back ("Let them call or text me").
	Phone bool `json:"phone"`
	// Measures shows questionnaire scores and bands, never the answers to
	// items; Signals the early-warning signals (issue 31).
	Measures bool `json:"measures"`
	Signals  bool `json:"signals"`
}

// Allows reports whether the grant covers alerts of type t.
func (g Grant) Allows(alertType string) bool {
	scope := AlertTypeScope(alertType)
	return scope != "" && slices.Contains(g.Alerts, scope)
}

// LocationVisible reports whether the grant shows the wearer's location at
// now, given when their newest open alert of a granted kind was raised
// (zero: none is open).
func (g Grant) LocationVisible(now, openAlertAt time.Time) bool {
	switch g.Location {
	case LocationAlways:
		return true
	case LocationDuringAlert:
		return !openAlertAt.IsZero() && now.Sub(openAlertAt) <= time.Duration(g.LocationWindowMinutes)*time.Minute
	}
	return false
}

// Validate checks a grant a wearer sends.
func (g *Grant) Validate() error {
	fields := map[string]string{}
	if g.Alerts == nil {
		g.Alerts = []string{}
	}
	for _, s := range g.Alerts {
		if !slices.Contains(AlertScopes, s) {
			fields["alerts"] = "Alerts are avoid_zone, missed_checkin, device or sos."
		}
	}
	slices.Sort(g.Alerts)
	g.Alerts = slices.Compact(g.Alerts)
	if g.Location == "" {
		g.Location = LocationNever
	}
	if g.Location != LocationNever && g.Location != LocationDuringAlert && g.Location != LocationAlways {
		fields["location"] = "Location is never, during_alert or always."
	}
	if g.LocationWindowMinutes == 0 {
		g.LocationWindowMinutes = 60
	}
	if g.LocationWindowMinutes < 5 || g.LocationWindowMinutes > 1440 {
		fields["locationWindowMinutes"] = "The window is 5 to 1440 minutes."
	}
	if g.CheckInDetails && !g.CheckIns {
		fields["checkInDetails"] = "Check-in details need check-ins shared."
	}
	if len(fields) > 0 {
		return &Error{Code: EINVALID, Message: "Please check the highlighted fields.", Fields: fields}
	}
	return nil
}

// Supporter is one of a wearer's care links, as the wearer sees it.
type Supporter struct {
	ID int64 `json:"id"`
	// Label is how the wearer knows them.
	Label string `json:"label"`
	// Status is pending (invited), active (accepted) or revoked.
	Status      string `json:"status"`
	InviteEmail string `json:"inviteEmail,omitempty"`
	// InviteEmailState is the invitation email's delivery: pending, sent,
	// failed (InviteEmailError says why) or skipped; absent without one.
	InviteEmailState *string    `json:"inviteEmailState,omitempty"`
	InviteEmailError *string    `json:"inviteEmailError,omitempty"`
	Name             string     `json:"name,omitempty"` // the account's name once accepted
	Email            string     `json:"email,omitempty"`
	InvitedAt        time.Time  `json:"invitedAt"`
	ExpiresAt        time.Time  `json:"expiresAt"`
	AcceptedAt       *time.Time `json:"acceptedAt"`
	Grant            Grant      `json:"grant"`
	// Tier is when they hear of an alert: 1 first, 2 a tier window later
	// if nobody is on it, 3 after two (escalation.go). An SOS reaches every
	// tier at once.
	Tier        int   `json:"tier"`
	SupporterID int64 `json:"-"`
	WearerID    int64 `json:"-"`

	// NotesMuted: the wearer does not see this supporter's notes (the
	// supporter is not told).
	NotesMuted bool `json:"notesMuted"`
}

// Invitation is a new supporter link and its one-time token (shown once).
type Invitation struct {
	Supporter *Supporter `json:"supporter"`
	Token     string     `json:"token"`
}

// InvitationPreview is what the accept page shows before the person
// accepts: who invites them and until when. The token is the credential;
// the invitation's email address is never shown, only that there is one.
type InvitationPreview struct {
	From      string    `json:"from"` // the wearer's first name
	ExpiresAt time.Time `json:"expiresAt"`
	ForEmail  bool      `json:"forEmail"` // only the account with the invited address can accept
}

// InviteDays is how long an invitation can be accepted.
const InviteDays = 7

// CareView is one line of the wearer's audit log: a supporter looked, in
// one viewing session (looks of the same thing less than ViewSessionGap
// apart) from ViewedAt to LastViewedAt.
type CareView struct {
	SupporterID  int64     `json:"supporterId"` // the link's id
	Name         string    `json:"name"`
	What         string    `json:"what"` // checkins, alerts, location or phone
	ViewedAt     time.Time `json:"viewedAt"`
	LastViewedAt time.Time `json:"lastViewedAt"`
}

// ViewSessionGap ends a viewing session: a supporter's page refreshes
// every 15 seconds, and a look within this time of the last one continues
// the same line of the audit log instead of adding one.
const ViewSessionGap = 30 * time.Minute

// ViewRecordGrain is how fresh the audit log keeps a session's last look:
// a look less than this after the recorded one changes nothing, so a
// caseload of 200 people refreshed every 15 seconds costs one read, not
// 400 row updates. A session's end is thus known to within a minute.
const ViewRecordGrain = time.Minute

// Supported is one person a supporter supports: their link and grant.
type Supported struct {
	LinkID   int64  `json:"id"`
	WearerID int64  `json:"-"`
	Name     string `json:"name"`
	Timezone string `json:"-"`
	// Phone is the wearer's number, "" when they gave none; shown only
	// with Grant.Phone.
	Phone string `json:"-"`
	Grant Grant  `json:"grant"`
	// Tier is when this supporter hears of the wearer's alerts (1 to
	// MaxTier, the wearer's choice).
	Tier int `json:"tier"`

	// Digest: the supporter gets a weekly summary of this person by email.
	Digest bool `json:"digest"`
}

// ValidTier checks a tier a wearer gives a supporter.
func ValidTier(tier int) error {
	if tier < 1 || tier > MaxTier {
		return &Error{Code: EINVALID, Message: "Please check the highlighted fields.", Fields: map[string]string{"tier": "Choose tier 1, 2 or 3."}}
	}
	return nil
}

// CareService stores the care circle. Every method that names a link by id
// answers ENOTFOUND when the link is not the caller's.
type CareService interface {
	// InviteSupporter creates a pending link; email, when set, is the only
	// account address that may accept it.
	InviteSupporter(ctx context.Context, wearerID int64, label, email string, now time.Time) (*Invitation, error)
	// InviteSupporterByEmail also queues the invitation email, in the same
	// statement; acceptBase + token is the link it carries.
	InviteSupporterByEmail(ctx context.Context, wearerID int64, label, email, acceptBase string, now time.Time) (*Invitation, error)
	// AcceptInvitation links the supporter to the token's wearer: ENOTFOUND
	// for an unknown, used or expired token, EINVALID for the wearer's own
	// token or another address's invitation.
	AcceptInvitation(ctx context.Context, supporter *User, token string, now time.Time) (*Supported, error)
	// PreviewInvitation tells who sent a token's invitation, without using
	// it: ENOTFOUND for an unknown, used or expired token.
	PreviewInvitation(ctx context.Context, token string, now time.Time) (*InvitationPreview, error)
	FindSupporters(ctx context.Context, wearerID int64) ([]*Supporter, error)
	SetGrant(ctx context.Context, wearerID, linkID int64, g Grant) (*Supporter, error)
	// SetTier orders a supporter into tier 1 to MaxTier; it reaches the
	// deliveries of alerts raised from then on.
	SetTier(ctx context.Context, wearerID, linkID int64, tier int) (*Supporter, error)
	RevokeSupporter(ctx context.Context, wearerID, linkID int64, now time.Time) error
	// FindSupported lists the active links where userID is the supporter.
	FindSupported(ctx context.Context, supporterID int64) ([]*Supported, error)
	// FindCaseload lists the people a supporter supports, sorted by need,
	// each part only within that person's grant (CaseloadEntry), in one
	// statement however many they are.
	FindCaseload(ctx context.Context, q CaseloadQuery) ([]*CaseloadEntry, error)
	// SupportedAlerts returns the wearer's open alerts that reached this
	// supporter (an escalation step to them was taken), newest first.
	SupportedAlerts(ctx context.Context, supporterID, wearerID int64, since time.Time) ([]*Alert, error)
	// RecordViews logs that the supporter saw what at now: each continues
	// its viewing session (ViewSessionGap) or begins a new one.
	RecordViews(ctx context.Context, link *Supported, supporterID int64, what []string, now time.Time) error
	// RecordLooks logs many looks at once (the caseload's), as RecordViews
	// logs one, in one transaction.
	RecordLooks(ctx context.Context, supporterID int64, looks []CareLook, now time.Time) error
	FindCareViews(ctx context.Context, wearerID int64, limit int) ([]*CareView, error)
	// RaiseSOS stores an SOS alert and its deliveries to every supporter
	// with the SOS scope, in one statement. It returns the alert and how
	// many supporters it reaches; ECONFLICT for a second SOS in the same
	// minute.
	RaiseSOS(ctx context.Context, wearerID int64, now time.Time) (*Alert, int, error)
	// AnswerOkay records the wearer's "I'm okay" and stops the alert's
	// pending escalation steps.
	AnswerOkay(ctx context.Context, wearerID, alertID int64, now time.Time) (*Alert, error)
}
