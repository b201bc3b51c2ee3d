package geofence

import (
	"errors"
	"fmt"
	"math"
	"time"
)

// Engine is the geofence engine. It is not safe for concurrent use: the
// caller serialises Process, Tick, Changed and zone updates (one goroutine,
// or one mutex held across Process and Changed).
//
// Its parts live by concern: types.go holds what goes in and out, index.go
// the compiled zones and each user's index of them, device.go what it
// remembers per device, state.go the enter/exit state machine and rules.go
// the dwell and schedule rules.
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

// Answered tells the engine that the wearer answered "I'm okay" at okayAt
// (the caller's clock) to the alert that (device, zone) raised at alertAt
// (that alert's DetectedAt, kept in its Evidence). The answer ends the
// alert's cool-down: the next alerting event of the (device, zone) alerts
// even within it, and says so (Event.OkayAt). An answer to an alert that is
// not the (device, zone)'s last, or a second answer, changes nothing. It
// reports whether the state changed; Changed then holds it, for the caller
// to persist.
func (e *Engine) Answered(deviceKey string, zoneID int64, alertAt, okayAt time.Time) bool {
	e.changed = e.changed[:0]
	d, z := e.devices[deviceKey], e.zones[zoneID]
	if d == nil || z == nil || okayAt.IsZero() {
		return false
	}
	i := d.find(zoneID)
	if i < 0 {
		return false
	}
	st := &d.entries[i].st
	if st.LastAlertAt.IsZero() || !st.LastAlertAt.Equal(alertAt) || !st.OkayAt.IsZero() {
		return false
	}
	st.OkayAt = okayAt
	e.record(d, z, st)
	return true
}

// Changed returns the states that the last Process, Tick or Answered
// changed, for the caller to persist. The slice is reused by the next call
// of any of them; the engine never changes a PendingEvidence element it has
// handed out.
func (e *Engine) Changed() []Change { return e.changed }

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
