package geofence

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/tidwall/rtree"
)

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
//	ScheduleAlertedAt                 schedule_alerted_at (not in migration 0004: see the package doc)
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
	// WindowStart is the schedule window a schedule event (or an alerting
	// exit from a scheduled safe zone) belongs to: one alert per window.
	WindowStart time.Time
}

// Evidence is why an event fired.
type Evidence struct {
	Fixes   []EvidenceFix `json:"fixes"`
	Rule    string        `json:"rule"`
	MarginM float64       `json:"marginM"`
}

// Change is a (device, zone) state that the last Process or Tick changed;
// the caller writes it through to geofence_state.
type Change struct {
	DeviceKey string
	ZoneID    int64
	UserID    int64
	State     State
}

// Engine is the geofence engine. It is not safe for concurrent use: the
// caller serialises Process, Tick, Changed and zone updates (one goroutine,
// or one mutex held across Process and Changed).
type Engine struct {
	cfg     Config
	zones   map[int64]*zone // every zone, active or not
	users   map[int64]*userIndex
	devices map[string]*device
	devList []*device // creation order, so Tick is deterministic
	gen     uint64    // bumped whenever a *userIndex may be dropped: devices cache theirs
	zgen    uint64    // bumped whenever a zone is set or removed: entries cache theirs
	cands   []cand    // scratch, reused by every Process
	changed []Change  // reused by every Process and Tick
	collect func(min, max [2]float64, z *zone) bool
}

// New returns an engine with no zones.
func New(cfg Config) *Engine {
	e := &Engine{
		cfg:     cfg.withDefaults(),
		zones:   map[int64]*zone{},
		users:   map[int64]*userIndex{},
		devices: map[string]*device{},
		cands:   make([]cand, 0, 16),
		gen:     1, // a device's userGen of 0 means "not cached"
		zgen:    1, // likewise an entry's zgen
	}
	e.collect = func(_, _ [2]float64, z *zone) bool {
		e.cands = appendCand(e.cands, z)
		return true
	}
	return e
}

// Config returns the rules in force (defaults filled in).
func (e *Engine) Config() Config { return e.cfg }

// zone is a compiled Zone.
type zone struct {
	Zone
	center   point // circles
	radius   float64
	poly     *poly // polygons
	boxes    []box
	sizeM    float64
	margin   float64
	confirmN int
	confirmT time.Duration
	dwell    time.Duration
	sched    schedCache
}

func (e *Engine) compile(z Zone) (*zone, error) {
	if err := ValidateZone(z); err != nil {
		return nil, err
	}
	c := &zone{Zone: z}
	if z.Circle != nil {
		c.center = newPoint(z.Circle.Center[0], z.Circle.Center[1])
		c.radius = z.Circle.RadiusM
		c.boxes = circleBoxes(z.Circle.Center[0], z.Circle.Center[1], c.radius)
		c.sizeM = c.radius
	} else {
		pg, msg := unwrap(z.Polygon)
		if msg != "" { // ValidateZone has refused it already
			return nil, errors.New(msg)
		}
		c.poly = pg
		c.boxes = splitBox(pg.minX, pg.minY, pg.maxX, pg.maxY)
		c.sizeM = pg.thickness()
	}
	c.margin = math.Max(e.cfg.MinMarginM, math.Min(e.cfg.MaxMarginM, e.cfg.MarginFraction*c.sizeM))
	c.confirmN = e.cfg.ConfirmFixes
	if z.ConfirmFixes > 0 {
		c.confirmN = z.ConfirmFixes
	}
	c.confirmT = time.Duration(e.cfg.ConfirmSeconds) * time.Second
	if z.ConfirmSeconds > 0 {
		c.confirmT = time.Duration(z.ConfirmSeconds) * time.Second
	}
	c.dwell = time.Duration(z.DwellMinutes) * time.Minute
	return c, nil
}

// distance is the signed distance in metres from p to the zone's edge:
// positive outside, negative inside.
func (z *zone) distance(p *point) float64 {
	if z.poly != nil {
		return z.polygonDistance(p)
	}
	return z.circleDistance(p)
}

// SetZones replaces every zone (at start-up). Zones that fail ValidateZone
// are left out and reported in the returned error; the rest are loaded.
// Device states are kept.
func (e *Engine) SetZones(zones []Zone) error {
	e.zones = make(map[int64]*zone, len(zones))
	e.users = map[int64]*userIndex{}
	e.gen++
	e.zgen++
	var errs []error
	for _, z := range zones {
		c, err := e.compile(z)
		if err != nil {
			errs = append(errs, fmt.Errorf("geofence: zone %d: %w", z.ID, err))
			continue
		}
		e.zones[z.ID] = c
		if z.Active {
			e.user(z.UserID).zones = append(e.user(z.UserID).zones, c)
		}
	}
	for _, u := range e.users {
		u.rebuild()
	}
	for _, d := range e.devList {
		d.resolveUser(e)
	}
	return errors.Join(errs...)
}

// UpsertZone adds or replaces one zone; it takes effect for the next fix.
// An invalid zone is refused with ValidateZone's error and changes nothing.
// States of devices in the zone are kept (a moved edge shows in the next
// fixes, through the usual confirmation).
func (e *Engine) UpsertZone(z Zone) error {
	c, err := e.compile(z)
	if err != nil {
		return err
	}
	if old := e.zones[z.ID]; old != nil {
		e.unindex(old)
	}
	e.zones[z.ID] = c
	e.zgen++
	if z.Active {
		u := e.user(z.UserID)
		u.zones = append(u.zones, c)
		u.rebuild()
	}
	return nil
}

// RemoveZone forgets a zone and every device's state for it (the database
// cascades the same way).
func (e *Engine) RemoveZone(id int64) {
	old := e.zones[id]
	if old == nil {
		return
	}
	e.unindex(old)
	delete(e.zones, id)
	e.zgen++
	for _, d := range e.devList {
		if i := d.find(id); i >= 0 {
			d.entries = append(d.entries[:i], d.entries[i+1:]...)
		}
	}
}

func (e *Engine) unindex(z *zone) {
	u := e.users[z.UserID]
	if u == nil {
		return
	}
	for i, o := range u.zones {
		if o.ID == z.ID {
			u.zones = append(u.zones[:i], u.zones[i+1:]...)
			break
		}
	}
	if len(u.zones) == 0 {
		delete(e.users, z.UserID)
		e.gen++
		return
	}
	u.rebuild()
}

// Zone returns a zone as last set, active or not.
func (e *Engine) Zone(id int64) (Zone, bool) {
	z := e.zones[id]
	if z == nil {
		return Zone{}, false
	}
	return z.Zone, true
}

// LoadState restores one persisted state (at start, after SetZones). The
// engine keeps s, including its PendingEvidence slice.
func (e *Engine) LoadState(deviceKey string, zoneID int64, s State) {
	d := e.devices[deviceKey]
	if d == nil {
		d = e.addDevice(deviceKey, 0)
	}
	if i := d.find(zoneID); i >= 0 {
		d.entries[i].st = s
	} else {
		d.add(zoneID, s)
	}
	if s.LastFixTS.After(d.lastTS) {
		d.lastTS = s.LastFixTS
	}
	d.resolveUser(e)
}

// State returns the engine's state for (device, zone): ok is false when the
// engine has none (the device has never been seen inside, or near enough).
func (e *Engine) State(deviceKey string, zoneID int64) (State, bool) {
	d := e.devices[deviceKey]
	if d == nil {
		return State{}, false
	}
	i := d.find(zoneID)
	if i < 0 {
		return State{}, false
	}
	return d.entries[i].st, true
}

// Changed returns the states that the last Process or Tick changed, for the
// caller to persist. The slice is reused by the next Process or Tick; the
// engine never changes a PendingEvidence element it has handed out.
func (e *Engine) Changed() []Change { return e.changed }

// device is what the engine knows about one device key.
type device struct {
	key     string
	userID  int64
	user    *userIndex // cached e.users[userID], valid while userGen == e.gen
	userGen uint64
	lastTS  time.Time // newest fix applied: older ones are out of order
	// intervals between its three newest fixes, newest first; 0 unknown
	intervals [2]time.Duration
	last      lastFix
	entries   []entry
}

type lastFix struct {
	ok       bool
	ts       time.Time
	lat, lon float64
	acc      float64
}

type entry struct {
	zoneID int64
	z      *zone // cached e.zones[zoneID] (nil: none), valid while zgen == e.zgen
	zgen   uint64
	st     State
}

// zoneOf is the entry's zone, or nil, without a map lookup on the hot path.
func (e *Engine) zoneOf(en *entry) *zone {
	if en.zgen != e.zgen {
		en.z, en.zgen = e.zones[en.zoneID], e.zgen
	}
	return en.z
}

// find returns the index of the device's entry for a zone, or -1. Entries
// are sorted by zone id: a heavy user's device may hold hundreds.
func (d *device) find(zoneID int64) int {
	lo, hi := 0, len(d.entries)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if d.entries[m].zoneID < zoneID {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(d.entries) && d.entries[lo].zoneID == zoneID {
		return lo
	}
	return -1
}

// add inserts a new entry in order and returns its state.
func (d *device) add(zoneID int64, s State) *State {
	i := d.find(zoneID)
	if i < 0 {
		i = 0
		for i < len(d.entries) && d.entries[i].zoneID < zoneID {
			i++
		}
		d.entries = slices.Insert(d.entries, i, entry{zoneID: zoneID})
	}
	d.entries[i].st = s
	return &d.entries[i].st
}

// reportingInterval is how often the device reports: the shorter of its
// last two intervals, so one silence does not count as its habit.
func (d *device) reportingInterval() time.Duration {
	a, b := d.intervals[0], d.intervals[1]
	if b > 0 && b < a {
		return b
	}
	return a
}

func (d *device) resolveUser(e *Engine) {
	if d.userID != 0 {
		return
	}
	for _, en := range d.entries {
		if z := e.zones[en.zoneID]; z != nil {
			d.userID, d.userGen = z.UserID, 0
			return
		}
	}
}

func (e *Engine) addDevice(key string, userID int64) *device {
	d := &device{key: key, userID: userID}
	e.devices[key] = d
	e.devList = append(e.devList, d)
	return d
}

// userIndex finds a user's active zones under a point: a linear scan of
// their boxes for the handful most users have, an R-tree beyond treeMin.
type userIndex struct {
	zones     []*zone
	boxes     []zoneBox
	tree      *rtree.RTreeG[*zone]
	scheduled []*zone // safe zones with a schedule
}

const treeMin = 32

func (e *Engine) user(id int64) *userIndex {
	u := e.users[id]
	if u == nil {
		u = &userIndex{}
		e.users[id] = u
		e.gen++ // devices may have cached "no index"
	}
	return u
}

// userOf is the device's user's index, or nil, without a map lookup on the
// hot path.
func (e *Engine) userOf(d *device) *userIndex {
	if d.userGen != e.gen {
		d.user, d.userGen = e.users[d.userID], e.gen
	}
	return d.user
}

func (u *userIndex) rebuild() {
	u.boxes, u.scheduled, u.tree = u.boxes[:0], u.scheduled[:0], nil
	for _, z := range u.zones {
		for _, b := range z.boxes {
			u.boxes = append(u.boxes, zoneBox{b, z})
		}
		if z.Schedule != nil {
			u.scheduled = append(u.scheduled, z)
		}
	}
	if len(u.boxes) > treeMin {
		u.tree = &rtree.RTreeG[*zone]{}
		for _, b := range u.boxes {
			u.tree.Insert([2]float64{b.minX, b.minY}, [2]float64{b.maxX, b.maxY}, b.z)
		}
	}
}

// zoneBox is one of a zone's boxes, beside its zone for locality.
type zoneBox struct {
	box
	z *zone
}

// cand is a zone to evaluate for the current fix and its signed distance.
type cand struct {
	z *zone
	d float64
}

func appendCand(cs []cand, z *zone) []cand {
	for _, c := range cs {
		if c.z == z {
			return cs
		}
	}
	return append(cs, cand{z: z})
}

// search appends the user's zones whose boxes hold (lon, lat) to e.cands.
func (e *Engine) search(u *userIndex, lon, lat float64) {
	if u.tree != nil {
		u.tree.Search([2]float64{lon, lat}, [2]float64{lon, lat}, e.collect)
		if math.Abs(lon) == 180 { // one meridian, two numbers
			u.tree.Search([2]float64{-lon, lat}, [2]float64{-lon, lat}, e.collect)
		}
		return
	}
	for _, b := range u.boxes {
		if b.contains(lon, lat) || (math.Abs(lon) == 180 && b.contains(-lon, lat)) {
			e.cands = appendCand(e.cands, b.z)
		}
	}
}

// verdict is what one fix says about one zone.
type verdict int8

const (
	ambiguous verdict = iota
	clearIn
	clearOut
)

// classify applies the hysteresis rule: clearly inside when the whole
// accuracy circle lies inside with the margin to spare, clearly outside
// likewise, ambiguous otherwise.
func classify(d, acc, margin float64) verdict {
	switch {
	case d <= -(acc + margin):
		return clearIn
	case d >= acc+margin:
		return clearOut
	}
	return ambiguous
}

// fixCtx is the fix being processed.
type fixCtx struct {
	f       Fix
	acc     float64
	p       point
	gapOver time.Duration // confirming evidence older than this is stale
}

// Process applies one fix and appends the events it causes to dst. States it
// changes are available from Changed until the next Process or Tick. A fix
// that is malformed, out of order (TS not after the device's newest fix) or
// less accurate than Config.MaxAccuracyM changes nothing. With nothing to
// change it does not allocate.
func (e *Engine) Process(f Fix, dst []Event) []Event {
	e.changed = e.changed[:0]
	if f.DeviceKey == "" || f.TS.IsZero() || !finite(f.Lat) || !finite(f.Lon) ||
		f.Lat < -90 || f.Lat > 90 || f.Lon < -180 || f.Lon > 180 {
		return dst
	}
	f.TS = f.TS.Truncate(time.Microsecond) // as timestamptz keeps it, so a resent fix is a duplicate after a restart too
	d := e.devices[f.DeviceKey]
	if d == nil {
		d = e.addDevice(f.DeviceKey, f.UserID)
	}
	if !d.lastTS.IsZero() && !f.TS.After(d.lastTS) {
		return dst
	}
	gapOver := e.cfg.PendingGap
	if every := d.reportingInterval(); gapOver > 0 && 3*every > gapOver {
		gapOver = 3 * every
	}
	if !d.lastTS.IsZero() {
		d.intervals[0], d.intervals[1] = f.TS.Sub(d.lastTS), d.intervals[0]
	}
	d.lastTS = f.TS
	if d.userID != f.UserID {
		e.reassign(d, f.UserID)
	}
	acc := f.AccuracyM
	if !(acc > 0) { // unknown (0), or nonsense (negative, NaN)
		acc = e.cfg.DefaultAccuracyM
	}
	d.last = lastFix{ok: acc <= e.cfg.MaxAccuracyM, ts: f.TS, lat: f.Lat, lon: f.Lon, acc: acc}
	if acc > e.cfg.MaxAccuracyM {
		return dst
	}
	fx := fixCtx{f: f, acc: acc, p: point{lon: f.Lon, lat: f.Lat}, gapOver: gapOver}

	e.cands = e.cands[:0]
	u := e.userOf(d)
	if u != nil {
		e.search(u, f.Lon, f.Lat)
	}
	// Zones the device is in, or is confirming, are checked wherever the fix
	// is, so an exit is seen even from far away.
	for i := range d.entries {
		en := &d.entries[i]
		if !en.st.Inside && en.st.PendingInside == nil {
			continue
		}
		if z := e.zoneOf(en); z != nil && z.Active && z.UserID == f.UserID {
			e.cands = appendCand(e.cands, z)
		}
	}
	for i := range e.cands {
		c := &e.cands[i]
		c.d = c.z.distance(&fx.p)
		dst = e.evaluate(d, c.z, c.d, &fx, dst)
	}
	if u != nil {
		for _, z := range u.scheduled {
			dist, known := math.NaN(), false
			for _, c := range e.cands {
				if c.z == z {
					dist, known = c.d, true
				}
			}
			dst = e.checkSchedule(d, z, f.TS, dist, known, dst)
		}
	}
	return dst
}

// reassign moves a device key to another user (a re-paired bracelet): the
// old owner's zones no longer apply to it.
func (e *Engine) reassign(d *device, userID int64) {
	d.userID, d.userGen = userID, 0
	kept := d.entries[:0]
	for _, en := range d.entries {
		if z := e.zones[en.zoneID]; z != nil && z.UserID == userID {
			kept = append(kept, en)
		}
	}
	d.entries = kept
}

// evaluate runs the state machine of (device, zone) for one fix at signed
// distance dist.
func (e *Engine) evaluate(d *device, z *zone, dist float64, fx *fixCtx, dst []Event) []Event {
	v := classify(dist, fx.acc, z.margin)
	if fx.acc > z.sizeM {
		v = ambiguous // too coarse for this zone: it changes nothing here
	}
	i := d.find(z.ID)
	if i < 0 {
		if v != clearIn {
			return dst // no state is "outside": nothing to confirm or reset
		}
		d.add(z.ID, State{Since: fx.f.TS})
		i = d.find(z.ID)
	}
	st := &d.entries[i].st
	changed := false
	ev := EvidenceFix{TS: fx.f.TS, Lat: fx.f.Lat, Lon: fx.f.Lon, AccuracyM: fx.acc, DistanceToEdgeM: math.Round(dist*100) / 100}
	switch {
	case v == ambiguous:
		// neither confirms nor resets
	case (v == clearIn) == st.Inside:
		if st.PendingInside != nil { // a clear fix against the pending transition
			clearPending(st)
			changed = true
		}
	default:
		want := v == clearIn
		if st.PendingInside == nil || *st.PendingInside != want || e.stale(st, fx) {
			st.PendingInside = &want
			st.PendingCount = 1
			st.PendingSince = fx.f.TS
			st.PendingEvidence = make([]EvidenceFix, 1, max(z.confirmN, 2))
			st.PendingEvidence[0] = ev
		} else {
			st.PendingCount++
			st.PendingEvidence = append(st.PendingEvidence, ev)
		}
		changed = true
		if how := confirmed(st, z, fx.f.TS); how != "" {
			dst = e.transition(d, z, st, want, fx.f.TS, how, dst)
		}
	}
	if changed {
		st.LastFixTS = fx.f.TS
	}
	if st.Inside && z.dwell > 0 {
		var ok bool
		if dst, ok = e.checkDwell(d, z, st, fx.f.TS, &ev, dst); ok {
			changed = true
		}
	}
	if changed {
		e.record(d, z, st)
	}
	return dst
}

// stale reports whether the pending transition's newest evidence is too old
// to count with this fix.
func (e *Engine) stale(st *State, fx *fixCtx) bool {
	if fx.gapOver < 0 {
		return false
	}
	newest := st.PendingSince
	if n := len(st.PendingEvidence); n > 0 && st.PendingEvidence[n-1].TS.After(newest) {
		newest = st.PendingEvidence[n-1].TS
	}
	return fx.f.TS.Sub(newest) > fx.gapOver
}

// confirmed says how a pending transition is confirmed, or "" if it is not:
// N consecutive confirming fixes, or at least two spanning T.
func confirmed(st *State, z *zone, ts time.Time) string {
	if st.PendingCount >= z.confirmN {
		return fmt.Sprintf("confirmed by %d consecutive fixes (rule: %d fixes, or 2 or more spanning %s)",
			st.PendingCount, z.confirmN, human(z.confirmT))
	}
	if span := ts.Sub(st.PendingSince); st.PendingCount >= 2 && span >= z.confirmT {
		return fmt.Sprintf("confirmed by %d fixes spanning %s (rule: %d fixes, or 2 or more spanning %s)",
			st.PendingCount, human(span), z.confirmN, human(z.confirmT))
	}
	return ""
}

func clearPending(st *State) {
	st.PendingInside = nil
	st.PendingCount = 0
	st.PendingSince = time.Time{}
	st.PendingEvidence = nil
}

// transition makes a pending transition the confirmed state and reports it.
func (e *Engine) transition(d *device, z *zone, st *State, inside bool, now time.Time, how string, dst []Event) []Event {
	ev := Event{
		Kind: EventExit, ZoneID: z.ID, UserID: z.UserID, DeviceKey: d.key,
		At: st.PendingSince, DetectedAt: now, ZoneName: z.Name, ZoneType: z.Type,
		Evidence: Evidence{Fixes: st.PendingEvidence, MarginM: z.margin},
	}
	side := "outside"
	if inside {
		ev.Kind, side = EventEnter, "inside"
	}
	ev.Evidence.Rule = fmt.Sprintf("accuracy circle fully %s the zone with a %s m margin (distance %s ≥ accuracy + %s m); %s",
		side, metres(z.margin), side, metres(z.margin), how)
	st.Inside, st.Since = inside, st.PendingSince
	clearPending(st)
	if inside {
		st.DwellAlertedAt = time.Time{} // a new stay
	}
	var window time.Time
	alerting := false
	switch {
	case inside:
		alerting = z.Type == ZoneAvoid && z.dwell == 0
	case z.Type != ZoneSafe:
	case z.Schedule == nil:
		alerting = true
	default:
		var open bool
		if open, window = z.window(ev.At); open {
			alerting = true
			ev.WindowStart = window
			ev.Evidence.Rule += fmt.Sprintf("; left during the schedule %s", z.Schedule)
		}
	}
	if alerting {
		if e.coolingDown(st, now) {
			ev.Suppressed = true
			ev.Evidence.Rule += fmt.Sprintf("; no alert: within the %s cool-down after the alert at %s", human(e.cfg.Cooldown), st.LastAlertAt.UTC().Format(time.RFC3339))
		} else {
			ev.Alert = true
			st.LastAlertAt = now
			if !window.IsZero() {
				st.ScheduleAlertedAt = now
			}
		}
	}
	return append(dst, ev)
}

func (e *Engine) coolingDown(st *State, now time.Time) bool {
	return e.cfg.Cooldown > 0 && !st.LastAlertAt.IsZero() && now.Sub(st.LastAlertAt) < e.cfg.Cooldown
}

// checkDwell raises the dwell event of an avoid zone once per stay, when
// the device has been inside for the zone's dwell time. While the cool-down
// runs it waits (and fires later if the device is still inside).
func (e *Engine) checkDwell(d *device, z *zone, st *State, now time.Time, fix *EvidenceFix, dst []Event) ([]Event, bool) {
	reached := st.Since.Add(z.dwell)
	switch {
	case now.Before(reached):
		return dst, false
	case !st.DwellAlertedAt.IsZero() && !st.DwellAlertedAt.Before(st.Since):
		return dst, false // already raised for this stay
	case st.PendingInside != nil && !*st.PendingInside && st.PendingSince.Before(reached):
		return dst, false // it began to leave before the dwell time was up
	case e.coolingDown(st, now):
		return dst, false
	}
	st.DwellAlertedAt, st.LastAlertAt = now, now
	ev := Event{
		Kind: EventDwell, ZoneID: z.ID, UserID: z.UserID, DeviceKey: d.key,
		At: reached, DetectedAt: now, ZoneName: z.Name, ZoneType: z.Type, Alert: true,
		Evidence: Evidence{MarginM: z.margin, Rule: fmt.Sprintf(
			"inside since %s, for at least the zone's dwell time of %d min; one alert per stay",
			st.Since.UTC().Format(time.RFC3339), z.DwellMinutes)},
	}
	if fix != nil {
		ev.Evidence.Fixes = []EvidenceFix{*fix}
	} else if f, ok := e.lastEvidence(d, z); ok {
		ev.Evidence.Fixes = []EvidenceFix{f}
	}
	return append(dst, ev), true
}

// checkSchedule raises the schedule event of a safe zone once per window,
// when the device is outside during it. dist is the current fix's distance
// when known; the device's newest fix must not be inside the zone, and its
// confirmed state must be outside with no entry being confirmed.
func (e *Engine) checkSchedule(d *device, z *zone, now time.Time, dist float64, known bool, dst []Event) []Event {
	open, window := z.window(now)
	if !open {
		return dst
	}
	i := d.find(z.ID)
	var st *State
	if i >= 0 {
		st = &d.entries[i].st
		if st.Inside || (st.PendingInside != nil && *st.PendingInside) ||
			!st.ScheduleAlertedAt.Before(window) || e.coolingDown(st, now) {
			return dst
		}
	}
	var fix EvidenceFix
	haveFix := false
	switch {
	case known:
		fix = EvidenceFix{TS: d.last.ts, Lat: d.last.lat, Lon: d.last.lon, AccuracyM: d.last.acc, DistanceToEdgeM: math.Round(dist*100) / 100}
		haveFix = true
	case d.last.ok:
		fix, haveFix = e.lastEvidence(d, z)
	}
	if haveFix && fix.DistanceToEdgeM <= 0 {
		return dst // its newest fix says inside, if not clearly
	}
	if st == nil {
		if !haveFix {
			return dst // never seen: whereabouts unknown
		}
		st = d.add(z.ID, State{Since: now, LastFixTS: d.last.ts})
	}
	st.ScheduleAlertedAt, st.LastAlertAt = now, now
	at := window
	if st.Since.After(at) && !st.Since.After(now) {
		at = st.Since
	}
	ev := Event{
		Kind: EventSchedule, ZoneID: z.ID, UserID: z.UserID, DeviceKey: d.key,
		At: at, DetectedAt: now, ZoneName: z.Name, ZoneType: z.Type, Alert: true, WindowStart: window,
		Evidence: Evidence{MarginM: z.margin, Rule: fmt.Sprintf(
			"outside the zone during its schedule %s (window opened %s); one alert per window",
			z.Schedule, window.Format("2006-01-02 15:04 MST"))},
	}
	if haveFix {
		ev.Evidence.Fixes = []EvidenceFix{fix}
	}
	e.record(d, z, st)
	return append(dst, ev)
}

// lastEvidence measures the device's newest usable fix against a zone.
func (e *Engine) lastEvidence(d *device, z *zone) (EvidenceFix, bool) {
	if !d.last.ok {
		return EvidenceFix{}, false
	}
	p := point{lon: d.last.lon, lat: d.last.lat}
	dist := z.distance(&p)
	return EvidenceFix{TS: d.last.ts, Lat: d.last.lat, Lon: d.last.lon, AccuracyM: d.last.acc, DistanceToEdgeM: math.Round(dist*100) / 100}, true
}

// Tick applies the time-based rules at now (the caller's clock, every
// minute): a dwell time reached while inside, a schedule window open while
// outside. Devices silent for longer than Config.StaleAfter are skipped:
// where they are is unknown (the device_offline alert covers them). Tick
// never confirms a pending transition: that takes fixes.
func (e *Engine) Tick(now time.Time, dst []Event) []Event {
	e.changed = e.changed[:0]
	now = now.Round(0).Truncate(time.Microsecond)
	for _, d := range e.devList {
		if d.userID == 0 || d.lastTS.IsZero() || now.Sub(d.lastTS) > e.cfg.StaleAfter {
			continue
		}
		for i := range d.entries {
			st := &d.entries[i].st
			if !st.Inside {
				continue
			}
			z := e.zoneOf(&d.entries[i])
			if z == nil || !z.Active || z.dwell == 0 || z.UserID != d.userID {
				continue
			}
			var ok bool
			if dst, ok = e.checkDwell(d, z, st, now, nil, dst); ok {
				e.record(d, z, st)
			}
		}
		if u := e.userOf(d); u != nil {
			for _, z := range u.scheduled {
				dst = e.checkSchedule(d, z, now, 0, false, dst)
			}
		}
	}
	return dst
}

func (e *Engine) record(d *device, z *zone, st *State) {
	for i := range e.changed {
		if e.changed[i].ZoneID == z.ID && e.changed[i].DeviceKey == d.key {
			e.changed[i].State = *st
			return
		}
	}
	e.changed = append(e.changed, Change{DeviceKey: d.key, ZoneID: z.ID, UserID: z.UserID, State: *st})
}

func metres(m float64) string {
	if m == math.Trunc(m) {
		return fmt.Sprintf("%.0f", m)
	}
	return fmt.Sprintf("%.1f", m)
}

// human writes a duration the way the evidence text reads: "60 s", "15 min".
func human(d time.Duration) string {
	d = d.Round(time.Second)
	if d >= time.Minute && d%time.Minute == 0 {
		return fmt.Sprintf("%d min", int(d/time.Minute))
	}
	return fmt.Sprintf("%d s", int(d/time.Second))
}
