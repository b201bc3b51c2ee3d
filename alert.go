package lifeline

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// Alert types: what an alert is about. The web app and every delivery
// channel key on them; the database stores them in alerts.type.
const (
	AlertMilestone         = "milestone"          // a check-in streak reached one of Milestones
	AlertConcerningPattern = "concerning_pattern" // a slip, strong cravings or low mood in check-ins
	AlertMissedCheckin     = "missed_checkin"     // no check-in by the evening reminder hour
	AlertLowBattery        = "low_battery"        // a bracelet at or below LowBattery
	AlertDeviceOffline     = "device_offline"     // a bracelet silent past its OfflineAfter
	AlertZoneEntered       = "geofence_enter_avoid"
	AlertZoneLeft          = "geofence_exit_safe"
	AlertZoneDwell         = "geofence_dwell"    // inside an avoid zone past its dwell time
	AlertZoneSchedule      = "geofence_schedule" // away from a safe zone during its planned hours
	AlertSOS               = "sos"               // the wearer asked their supporters for help now
)

// EscalatingAlertTypes go to the wearer first and to their supporters only
// if the wearer has not answered "I'm okay" in time and is still inside the
// zone.
var EscalatingAlertTypes = []string{AlertZoneEntered, AlertZoneDwell}

// AlertTypes lists every alert type.
var AlertTypes = []string{AlertMilestone, AlertConcerningPattern, AlertMissedCheckin, AlertLowBattery, AlertDeviceOffline,
	AlertZoneEntered, AlertZoneLeft, AlertZoneDwell, AlertZoneSchedule, AlertSOS}

// NewAlert is an alert a rule wants raised; DedupKey makes it unique per
// user and type, so raising it twice stores it once.
type NewAlert struct {
	Type     string
	Message  string
	Link     string
	DedupKey string
	// Geofence alerts name their zone and device and keep their evidence.
	ZoneID   int64
	DeviceID string
	Evidence json.RawMessage
}

// Alert is a notice for the user, newest first in the dashboard.
type Alert struct {
	ID        int64     `json:"id"`
	UserID    int64     `json:"-"`
	Type      string    `json:"type"`
	Message   string    `json:"message"`
	Link      string    `json:"link"`
	IsRead    bool      `json:"isRead"`
	CreatedAt time.Time `json:"createdAt"`
	// Evidence is "Why this alert?" for geofence alerts (only from
	// FindAlert); ZoneID and DeviceID name the subject when known.
	Evidence json.RawMessage `json:"evidence,omitempty"`
	ZoneID   *int64          `json:"zoneId,omitempty"`
	DeviceID *string         `json:"deviceId,omitempty"`
	// OkayAt is when the wearer answered "I'm okay"; Deliveries who was
	// told and when (both only from FindAlert). ZoneName words messages
	// to supporters and, from FindAlert, "Why this alert?".
	OkayAt *time.Time `json:"okayAt,omitempty"`
	// ResolvedAt is when the alert ended for everyone (an SOS the wearer
	// closed with "I'm safe now", a bracelet that reported again), and
	// Resolution how, in words fit for the wearer and their supporters.
	ResolvedAt *time.Time `json:"resolvedAt,omitempty"`
	Resolution string     `json:"resolution,omitempty"`
	Deliveries []Delivery `json:"deliveries,omitempty"`
	ZoneName   string     `json:"zoneName,omitempty"`
	// ClaimedBy is the supporter who said "I'm on it" (as the wearer knows
	// them), since ClaimedAt; ResolvedBy the one who resolved it with
	// ResolutionNote; Steps what supporters did (only from FindAlert).
	ClaimedBy      string      `json:"claimedBy,omitempty"`
	ClaimedByID    *int64      `json:"-"`
	ClaimedAt      *time.Time  `json:"claimedAt,omitempty"`
	ResolvedBy     string      `json:"resolvedBy,omitempty"`
	ResolutionNote string      `json:"resolutionNote,omitempty"`
	Steps          []AlertStep `json:"steps,omitempty"`
	// DedupKey is what makes the alert unique for its user and type.
	DedupKey string `json:"-"`
}

// AlertService stores alerts, deduplicated by (user, type, dedup key).
type AlertService interface {
	// RaiseAlert stores a unless an alert with its key exists; it returns
	// the stored alert, or nil when it was not new.
	RaiseAlert(ctx context.Context, userID int64, a NewAlert) (*Alert, error)
	FindAlerts(ctx context.Context, userID int64, limit int) ([]*Alert, error)
	// MarkAlertRead returns ENOTFOUND when the alert is not the user's.
	MarkAlertRead(ctx context.Context, userID, alertID int64) error
	// FindAlert returns one of the user's alerts with its evidence.
	FindAlert(ctx context.Context, userID, alertID int64) (*Alert, error)
	// FindAlertsAfter returns alerts with an id above after, oldest first.
	FindAlertsAfter(ctx context.Context, userID, after int64) ([]*Alert, error)
	// RaiseMissedCheckins reminds every user whose local time at now is
	// past hour:00 and who has no check-in for their local date (and had
	// their account before that hour); once per user per local date, on
	// every node and across restarts. It returns the alerts it raised.
	RaiseMissedCheckins(ctx context.Context, now time.Time, hour int) ([]*Alert, error)
	// RaiseDeviceAlerts raises low_battery (at or below LowBattery, once
	// per discharge) and device_offline (silent past OfflineAfter, once per
	// silence) alerts; it returns them.
	RaiseDeviceAlerts(ctx context.Context, now time.Time) ([]*Alert, error)
	// FindOpenPatternAlerts returns the user's concerning-pattern alerts,
	// not resolved, that were raised for check-ins dated from on (their
	// DedupKey set).
	FindOpenPatternAlerts(ctx context.Context, userID int64, from Date) ([]*Alert, error)
	// ResolveAlerts ends the user's open alerts of these ids with a
	// resolution in words; their deliveries still waiting are skipped, and
	// their DedupKeys freed: the same cause later (a check-in corrected
	// back to a slip) raises a new alert. It returns them, resolved.
	ResolveAlerts(ctx context.Context, userID int64, ids []int64, resolution string, now time.Time) ([]*Alert, error)
	// ResolveDeviceAlerts ends the device alerts whose cause is over: a
	// device_offline alert once its device reported again (after the
	// alert), a low_battery alert once the battery is charging or back
	// above LowBattery (when its discharge ends). Their deliveries still
	// waiting are skipped. It returns them, resolved.
	ResolveDeviceAlerts(ctx context.Context, now time.Time) ([]*Alert, error)
}

// The wording of every alert, one builder per kind, so that the stored
// message, the live event and any delivery channel say the same thing.
// Times are shown as "3:04 PM" (clockFormat, as the web app shows them) in
// whatever location the caller gives them (the owner's).

// clockFormat is a time of day in every message: the 12-hour clock of the
// people Lifeline serves (988, 911), the same as the web app's.
const clockFormat = "3:04 PM"

// MilestoneMessage celebrates a streak of days (one of Milestones).
func MilestoneMessage(days int) string {
	switch days {
	case 7:
		return "One full week of check-ins. Seven days of showing up for yourself — that's worth celebrating."
	case 30:
		return "30 days in a row. A month of honest check-ins is a real foundation. Be proud of it."
	case 90:
		return "90 days of check-ins. Three months of steady effort — you are building something lasting."
	default:
		return "365 days. A whole year of showing up for yourself, one day at a time. Thank you for every one of them."
	}
}

// Concerning-pattern messages, after a check-in.
const (
	SlipMessage = "Thank you for being honest in today's check-in. A slip is not the end of your progress — every day you showed up still counts. " +
		"If today feels heavy, your crisis resources and people are one tap away."
	StrongCravingsMessage = "Cravings have been strong on several recent days. That takes real strength to sit with. " +
		"Consider reaching out to someone you trust, or try a breathing exercise from the crisis page."
	LowMoodMessage = "Your mood has been low for three days in a row. You don't have to carry this alone — " +
		"a call or text to 988, or to someone on your contact list, can help."
)

// MissedCheckinMessage is the gentle evening reminder.
const MissedCheckinMessage = "No check-in yet today. Even a quick one helps you notice how you're doing — it only takes a minute."

// LowBatteryMessage names the bracelet and its battery level in percent.
func LowBatteryMessage(device string, level int) string {
	return fmt.Sprintf("Your bracelet \"%s\" is at %d%% battery. Charge it soon so it can keep looking out for you.", device, level)
}

// DeviceOfflineMessage names the bracelet and when it last reported.
func DeviceOfflineMessage(device string, lastSeen time.Time) string {
	return fmt.Sprintf("Your bracelet \"%s\" has not reported since %s. It may be out of range, switched off or out of battery.", device, lastSeen.Format(clockFormat))
}

// ZoneEnteredMessage: the wearer entered an avoid zone at a time.
func ZoneEnteredMessage(zone string, at time.Time) string {
	return fmt.Sprintf("You entered %q, a place you chose to avoid, at %s. Take a slow breath — your coping tools and people are one tap away.", zone, at.Format(clockFormat))
}

// ZoneReenteredMessage: the wearer is back in an avoid zone after
// answering "I'm okay" to its alert at okayAt.
func ZoneReenteredMessage(zone string, okayAt time.Time) string {
	return fmt.Sprintf("You're back at %q. You said you were okay at %s — how are you doing now? Your coping tools and people are one tap away.", zone, okayAt.Format(clockFormat))
}

// ZoneDwellAgainMessage: the wearer has stayed in an avoid zone since a
// time, after answering "I'm okay" to its alert at okayAt.
func ZoneDwellAgainMessage(zone string, since, okayAt time.Time) string {
	return fmt.Sprintf("You've been back at %q since %s. You said you were okay at %s — how are you doing now? It's okay to step away; your people are one tap away.", zone, since.Format(clockFormat), okayAt.Format(clockFormat))
}

// ZoneLeftMessage: the wearer left a safe zone at a time.
func ZoneLeftMessage(zone string, at time.Time) string {
	return fmt.Sprintf("You left %q, one of your safe places, at %s. If this wasn't planned, a quick check-in with someone you trust can help.", zone, at.Format(clockFormat))
}

// ZoneDwellMessage: the wearer has stayed in an avoid zone since a time.
func ZoneDwellMessage(zone string, since time.Time) string {
	return fmt.Sprintf("You've been at %q, a place you chose to avoid, since %s. It's okay to step away now — you can reach out any time.", zone, since.Format(clockFormat))
}

// ZoneScheduleMessage: the wearer is away from a safe zone during its
// planned hours, since a time.
func ZoneScheduleMessage(zone string, since time.Time) string {
	return fmt.Sprintf("You're away from %q during the hours you planned to be there (since %s). If you need support, it's one tap away.", zone, since.Format(clockFormat))
}

// MissedCheckinReminder is the evening reminder; the store keys it by each
// user's local date (one a day).
func MissedCheckinReminder() NewAlert {
	return NewAlert{Type: AlertMissedCheckin, Message: MissedCheckinMessage, Link: "/checkin"}
}

// LowBatteryAlert is the alert for a discharge noticed at claimedAt: its
// key makes it one per discharge.
func LowBatteryAlert(deviceID, name string, level int, claimedAt time.Time) NewAlert {
	return NewAlert{Type: AlertLowBattery, Message: LowBatteryMessage(name, level), Link: "/gps",
		DedupKey: deviceID + ":" + claimedAt.UTC().Format(keyTime), DeviceID: deviceID}
}

// DeviceOfflineAlert is the alert for a silence that began at lastSeen,
// worded in the owner's location: one per silence.
func DeviceOfflineAlert(deviceID, name string, lastSeen time.Time, owner *time.Location) NewAlert {
	return NewAlert{Type: AlertDeviceOffline, Message: DeviceOfflineMessage(name, lastSeen.In(owner)), Link: "/gps",
		DedupKey: deviceID + ":" + lastSeen.UTC().Format(keyTime), DeviceID: deviceID}
}

// DeviceBackResolution ends a device_offline alert: the bracelet reported
// again at a time.
func DeviceBackResolution(at time.Time) string {
	return "Back since " + at.Format(clockFormat) + "."
}

// BatteryResolution ends a low_battery alert: the bracelet was charging,
// or back above LowBattery at level, at a time.
func BatteryResolution(level int, charging bool, at time.Time) string {
	if charging {
		return "Charging since " + at.Format(clockFormat) + "."
	}
	return fmt.Sprintf("Back to %d%% at %s.", level, at.Format(clockFormat))
}

// keyTime is the whole-second UTC time of device alerts' dedup keys.
const keyTime = "2006-01-02T15:04:05Z"

// SOSMessage is the wearer's own record of an SOS: who it reached, and
// only what is true of how (a supporter without a channel sees it only
// when they open Lifeline).
func SOSMessage(reach SOSReach, at time.Time) string {
	when := at.Format(clockFormat)
	inApp := reach.Supporters - reach.OutsideApp
	switch {
	case reach.Supporters == 0:
		return fmt.Sprintf("You asked for help at %s, but nobody in your care circle has the SOS alert yet. Call 988 or someone on your crisis page now.", when)
	case reach.OutsideApp == 0:
		return fmt.Sprintf("You asked for help at %s. %s only when they open Lifeline, so they may not know yet. Call 988 or someone on your crisis page now.",
			when, people(reach.Supporters, "will see it", "will see it"))
	case inApp == 0:
		return fmt.Sprintf("You asked for help at %s. %s right now. You did the right thing.", when, people(reach.OutsideApp, "is being told", "are being told"))
	}
	return fmt.Sprintf("You asked for help at %s. %s right now; %d more will see it only when they open Lifeline. You did the right thing.",
		when, people(reach.OutsideApp, "is being told", "are being told"), inApp)
}

// people says "1 person is…" or "3 people are…".
func people(n int, one, many string) string {
	if n == 1 {
		return "1 person " + one
	}
	return fmt.Sprintf("%d people %s", n, many)
}

// SOSAlert is the wearer's SOS raised at at. Its key is the moment of the
// press, which SOSRepeats reads back.
func SOSAlert(reach SOSReach, at time.Time, owner *time.Location) NewAlert {
	return NewAlert{Type: AlertSOS, Message: SOSMessage(reach, at.In(owner)), Link: "/crisis",
		DedupKey: at.UTC().Format(time.RFC3339Nano)}
}

// Messages to supporters: they name the wearer and say what happened, and
// never more than the alert's kind; a location is added only when the
// supporter's grant shows it (SupportNote.Location).

// SupporterSubject is the short title of a message to a supporter.
func SupporterSubject(wearer, alertType string) string {
	switch alertType {
	case AlertSOS:
		return wearer + " is asking for help now"
	case AlertZoneEntered, AlertZoneDwell:
		return wearer + " may need a friendly voice"
	case AlertMissedCheckin:
		return wearer + " hasn't checked in for two days"
	default:
		return wearer + "'s bracelet needs attention"
	}
}

// SupporterMessage is the body of a message to a supporter about one of the
// wearer's alerts; zone is the zone's name ("" when deleted), at the
// alert's time in the supporter's location. who is the wearer's name as it
// should read: as it is on a screen, Quoted in an email or notification
// (a sentence never starts with it, so it never starts a line).
func SupporterMessage(who, alertType, zone string, at time.Time) string {
	when := at.Format(clockFormat)
	switch alertType {
	case AlertSOS:
		return fmt.Sprintf("At %s, %s pressed \"Alert my people now\". Please reach out to them right away — call if you can.", when, who)
	case AlertZoneEntered, AlertZoneDwell:
		place := "a place they chose to avoid"
		if zone != "" {
			place = Quoted(zone) + ", a place they chose to avoid"
		}
		return fmt.Sprintf("Since %s, %s has been at %s, and hasn't said they're okay. A call or a kind text could help.", when, who, place)
	case AlertMissedCheckin:
		return fmt.Sprintf("It's been two days since %s last checked in. No need to worry them — a friendly message to say you're thinking of them can help.", who)
	case AlertLowBattery:
		return fmt.Sprintf("The bracelet %s wears is low on battery (%s). You may want to remind them to charge it.", who, when)
	default:
		return fmt.Sprintf("The bracelet %s wears has stopped reporting (since %s). It may be out of range or switched off.", who, when)
	}
}

// LocationNote is the line a message carries when the grant shows the
// wearer's position: coordinates, when they were taken, and a map link.
func LocationNote(lat, lon float64, at time.Time) string {
	return fmt.Sprintf("Last known position at %s: %.5f, %.5f — https://www.openstreetmap.org/?mlat=%.5f&mlon=%.5f#map=17/%.5f/%.5f",
		at.Format(clockFormat), lat, lon, lat, lon, lat, lon)
}

// SOSSafeSubject is the title of the short line to a supporter when the
// wearer closes their SOS.
func SOSSafeSubject(wearer string) string { return wearer + " says they're safe now" }

// SOSSafeMessage is that short line; at is when they said it, in the
// supporter's location; who as in SupporterMessage.
func SOSSafeMessage(who string, at time.Time) string {
	return fmt.Sprintf("Good news: %s says they're safe now (%s).", who, at.Format(clockFormat))
}

// SupporterSOS words an SOS on a supporter's screen at now, in their
// location: asking for help now during SOSWindow, still open after it
// (with when it began), or safe since the wearer closed it. The screen
// shows when it began beside it.
func SupporterSOS(wearer string, a *Alert, now time.Time, loc *time.Location) (title, message string) {
	began := a.CreatedAt.In(loc)
	switch {
	case a.ResolvedAt != nil:
		return SOSSafeSubject(wearer), SOSSafeMessage(wearer, a.ResolvedAt.In(loc))
	case now.Sub(a.CreatedAt) <= SOSWindow:
		return SupporterSubject(wearer, AlertSOS), SupporterMessage(wearer, AlertSOS, "", began)
	}
	return fmt.Sprintf("%s asked for help at %s", wearer, clock(began, now.In(loc))),
		fmt.Sprintf("%s hasn't said they're safe yet. If you haven't reached them, try again now — call if you can.", wearer)
}

// clock is "3:04 PM", with the day when it is not today's.
func clock(t, today time.Time) string {
	if y, m, d := t.Date(); y == today.Year() && m == today.Month() && d == today.Day() {
		return t.Format(clockFormat)
	}
	return t.Format(clockFormat + " on Mon 2 Jan")
}

// TestMessage is what "Send a test" delivers.
const TestMessage = "This is a test from Lifeline. If you can read it, this channel works."

// WearerSubject is the short title of a message to the wearer about their
// own alert.
func WearerSubject(alertType string) string {
	switch alertType {
	case AlertZoneEntered, AlertZoneDwell:
		return "You're near a place you chose to avoid"
	case AlertZoneLeft, AlertZoneSchedule:
		return "You're away from a safe place"
	case AlertMissedCheckin:
		return "A gentle check-in reminder"
	case AlertMilestone:
		return "A milestone worth celebrating"
	case AlertConcerningPattern:
		return "Checking in on you"
	default:
		return "Your bracelet needs attention"
	}
}
