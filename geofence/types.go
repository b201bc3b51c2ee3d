package geofence

import "time"

// Config holds the engine's rules. A zero field takes the default in
// brackets; the package documentation explains each rule.
type Config struct {
	ConfirmFixes     int           // N consecutive confirming fixes [3]
	ConfirmSeconds   int           // T: or at least 2 confirming fixes spanning T seconds [60]
	PendingGap       time.Duration // confirming evidence older than this (or 3 reporting intervals) is dropped [10m]; <0: never
	MinMarginM       float64       // smallest margin [5]
	MarginFraction   float64       // margin as a share of the zone's size [0.10]
	MaxMarginM       float64       // largest margin [50]
	MaxAccuracyM     float64       // fixes less accurate than this change nothing [200]
	DefaultAccuracyM float64       // accuracy assumed when a fix has none [25]
	Cooldown         time.Duration // least time between alerting events per (device, zone) [15m]; <0: none
	StaleAfter       time.Duration // Tick ignores devices silent for longer [30m]
}

// DefaultConfig returns the engine's defaults.
func DefaultConfig() Config {
	return Config{
		ConfirmFixes:     3,
		ConfirmSeconds:   60,
		PendingGap:       10 * time.Minute,
		MinMarginM:       5,
		MarginFraction:   0.10,
		MaxMarginM:       50,
		MaxAccuracyM:     200,
		DefaultAccuracyM: 25,
		Cooldown:         15 * time.Minute,
		StaleAfter:       30 * time.Minute,
	}
}

func (c Config) withDefaults() Config {
	d := DefaultConfig()
	if c.ConfirmFixes <= 0 {
		c.ConfirmFixes = d.ConfirmFixes
	}
	if c.ConfirmSeconds <= 0 {
		c.ConfirmSeconds = d.ConfirmSeconds
	}
	if c.PendingGap == 0 {
		c.PendingGap = d.PendingGap
	}
	if c.MinMarginM <= 0 {
		c.MinMarginM = d.MinMarginM
	}
	if c.MarginFraction <= 0 {
		c.MarginFraction = d.MarginFraction
	}
	if c.MaxMarginM <= 0 {
		c.MaxMarginM = d.MaxMarginM
	}
	if c.MaxMarginM < c.MinMarginM {
		c.MaxMarginM = c.MinMarginM
	}
	if c.MaxAccuracyM <= 0 {
		c.MaxAccuracyM = d.MaxAccuracyM
	}
	if c.DefaultAccuracyM <= 0 {
		c.DefaultAccuracyM = d.DefaultAccuracyM
	}
	if c.Cooldown == 0 {
		c.Cooldown = d.Cooldown
	}
	if c.StaleAfter <= 0 {
		c.StaleAfter = d.StaleAfter
	}
	return c
}

// Fix is one position as the engine sees it.
type Fix struct {
	DeviceKey string // the bracelet's id, or "manual:<userID>" for the browser
	UserID    int64
	TS        time.Time
	Lat, Lon  float64
	AccuracyM float64 // 0 when unknown: Config.DefaultAccuracyM is assumed
}

// State is the engine's memory of one (device, zone); it maps one to one
// onto a geofence_state row:
//
//	Inside, Since                     inside, since
//	PendingInside (nil: none)         pending_inside (NULL: none)
//	PendingCount, PendingSince        pending_count, pending_since (zero: NULL)
//	PendingEvidence                   pending_evidence (a JSON array of EvidenceFix; NULL: none)
//	LastFixTS                         last_fix_ts
//	LastAlertAt, DwellAlertedAt       last_alert_at, dwell_alerted_at (zero: NULL)
//	ScheduleAlertedAt                 schedule_alerted_at (migration 0009)
//	OkayAt                            okay_at (migration 0025; zero: NULL)
//
// Times are fix times or Tick times, never the wall clock of the server.
type State struct {
	Inside bool      // confirmed state
	Since  time.Time // when the confirmed state began (the first fix that showed it)

	PendingInside   *bool // the state being confirmed, or nil
	PendingCount    int   // confirming fixes so far
	PendingSince    time.Time
	PendingEvidence []EvidenceFix

	LastFixTS         time.Time // the fix that last changed this state
	LastAlertAt       time.Time // the last alerting event not held back by the cool-down
	DwellAlertedAt    time.Time // dwell alert of the current stay
	ScheduleAlertedAt time.Time // schedule (or exit) alert of the current window
	// OkayAt is when the wearer answered "I'm okay" to the alert at
	// LastAlertAt (the caller's clock, through Answered); zero: not
	// answered. It ends that alert's cool-down.
	OkayAt time.Time
}

// EvidenceFix is a fix as recorded for "Why this alert?".
type EvidenceFix struct {
	TS              time.Time `json:"ts"`
	Lat             float64   `json:"lat"`
	Lon             float64   `json:"lon"`
	AccuracyM       float64   `json:"accuracyM"`
	DistanceToEdgeM float64   `json:"distanceToEdgeM"` // signed: + outside, − inside
}

// EventKind says what happened.
type EventKind string

// Event kinds.
const (
	EventEnter    EventKind = "enter"    // confirmed entry
	EventExit     EventKind = "exit"     // confirmed exit
	EventDwell    EventKind = "dwell"    // inside an avoid zone for its dwell time
	EventSchedule EventKind = "schedule" // outside a safe zone during its schedule
)

// Event is a detection. The caller turns alerting ones into alerts (and all
// of them into live updates); the engine never delivers anything.
type Event struct {
	Kind      EventKind
	ZoneID    int64
	UserID    int64
	DeviceKey string
	// At is when it happened, in fix time: for enter and exit the first
	// confirming fix (the crossing), for dwell the moment the dwell time was
	// reached, for schedule the later of the window's start and the start of
	// the confirmed outside state. Stable across restarts: use it in the
	// alert's dedup key.
	At       time.Time
	Evidence Evidence

	ZoneName   string
	ZoneType   ZoneType
	DetectedAt time.Time // the fix (or Tick) time at which the rule fired
	// Alert is true when the event should raise an alert: entering an avoid
	// zone without a dwell time, leaving a safe zone (during its schedule,
	// if it has one), dwell and schedule; and not held back by the cool-down.
	Alert bool
	// Suppressed marks an alerting enter or exit held back by the cool-down.
	Suppressed bool
	// OkayAt is set on an alerting event that the cool-down would have
	// held back but for the wearer's "I'm okay" to the alert before it
	// (see Answered): a return after they said they were fine. It is when
	// they answered.
	OkayAt time.Time
	// WindowStart is the schedule window a schedule event (or an alerting
	// exit from a scheduled safe zone) belongs to: one alert per window.
	WindowStart time.Time
}

// Evidence is why an event fired. DetectedAt is the event's DetectedAt:
// the alert's identity for Answered (the state's LastAlertAt). Since is
// when what it reports began, for the plain sentence that leads "Why this
// alert?": the entry of a dwell (so DetectedAt − Since is how long they
// stayed), otherwise the event's At (the first fix on the new side of an
// entry or exit, the time a schedule expected them in its zone).
type Evidence struct {
	Fixes      []EvidenceFix `json:"fixes"`
	Rule       string        `json:"rule"`
	MarginM    float64       `json:"marginM"`
	DetectedAt time.Time     `json:"detectedAt,omitzero"`
	Since      time.Time     `json:"since,omitzero"`
}

// Change is a (device, zone) state that the last Process or Tick changed;
// the caller writes it through to geofence_state.
type Change struct {
	DeviceKey string
	ZoneID    int64
	UserID    int64
	State     State
}
