package lifeline

import "time"

// The caseload: for someone who supports many people (a counselor, a
// sponsor with several sponsees), one row per person, sorted by need.
// Every part is read only within that person's grant, as People I support
// reads it; a part outside the grant is nil, never a zero.

// Needs, in the caseload's order: an open SOS first, then alerts nobody
// has claimed (oldest first), then alerts I claimed, then missed check-ins
// (longest silence first), then a bracelet offline or low, then everyone
// else by name.
const (
	NeedSOS            = "sos"
	NeedUnclaimed      = "unclaimed"
	NeedMine           = "mine"
	NeedMissedCheckins = "missed_checkins"
	NeedDevice         = "device"
	NeedNone           = "none"
)

// CaseloadMissedDays is how many past days (today not counted) "missed
// check-ins lately" looks back over.
const CaseloadMissedDays = 7

// CaseloadEntry is one person on a supporter's caseload.
type CaseloadEntry struct {
	LinkID   int64  `json:"id"`
	WearerID int64  `json:"-"`
	Name     string `json:"name"`
	Grant    Grant  `json:"grant"`
	// Need is the first of the needs above that holds.
	Need string `json:"need"`
	// SOS is their open SOS that reached me; nil without one or without
	// the sos scope.
	SOS *CaseloadSOS `json:"sos"`
	// Alerts counts their open alerts that reached me (SOS included); nil
	// without any alert scope.
	Alerts *CaseloadAlerts `json:"alerts"`
	// CheckIns is nil without the check-ins scope.
	CheckIns *CaseloadCheckIns `json:"checkIns"`
	// Device is nil without the device scope.
	Device *CaseloadDevice `json:"device"`
}

// CaseloadSOS is an open SOS.
type CaseloadSOS struct {
	AlertID   int64     `json:"alertId"`
	CreatedAt time.Time `json:"createdAt"`
}

// CaseloadAlerts counts open alerts by who is handling them.
type CaseloadAlerts struct {
	// Unclaimed: nobody has said "I'm on it"; OldestUnclaimedAt is when
	// the oldest of them was raised.
	Unclaimed         int        `json:"unclaimed"`
	OldestUnclaimedAt *time.Time `json:"oldestUnclaimedAt"`
	// Mine: I said "I'm on it" and have not resolved or handed them back.
	Mine int `json:"mine"`
	// ClaimedByOthers: another supporter is on it.
	ClaimedByOthers int `json:"claimedByOthers"`
}

// CaseloadCheckIns is the check-ins scope's part of the caseload.
type CaseloadCheckIns struct {
	CheckedInToday bool `json:"checkedInToday"`
	// MissedLately counts the last CaseloadMissedDays days (in their time
	// zone, before today, since they joined) without a check-in.
	MissedLately int `json:"missedLately"`
	// DaysSinceLast is nil when they never checked in.
	DaysSinceLast *int `json:"daysSinceLast"`
}

// CaseloadDevice is the device scope's part: whether any of their
// bracelets is silent past its OfflineAfter, or reporting a low battery.
type CaseloadDevice struct {
	Bracelets  int        `json:"bracelets"`
	Offline    bool       `json:"offline"`
	BatteryLow bool       `json:"batteryLow"`
	LastSeenAt *time.Time `json:"lastSeenAt"`
}

// CaseloadQuery asks for one supporter's caseload as at Now: alerts raised
// since OpenSince (an SOS and my claims whatever their age), and bracelets
// offline after OfflineAfter (0: each bracelet's own OfflineAfter rule).
type CaseloadQuery struct {
	SupporterID  int64
	Now          time.Time
	OpenSince    time.Time
	OfflineAfter time.Duration
}

// CareLook is one look a supporter took at one person: what of theirs
// they saw (checkins, alerts, location, phone).
type CareLook struct {
	LinkID   int64
	WearerID int64
	What     []string
}
