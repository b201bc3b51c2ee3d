// Package guard puts the geofence engine to work: it feeds it every
// committed fix, keeps its state in the database, turns its alerting events
// into alerts with their evidence, and keeps its zones in step with the
// zones users edit. The engine itself (package geofence) stays pure.
package guard

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"lifeline"
	"lifeline/geofence"
	"lifeline/live"
)

// Config is what the guard needs.
type Config struct {
	Zones  lifeline.ZoneService
	States lifeline.GeofenceStore
	Alerts lifeline.AlertService
	Users  lifeline.UserService
	// Events brings zone edits made on any node (nil: only ZoneChanged).
	Events *live.Bus
	Logger *slog.Logger
}

// Guard watches every fix against its owner's zones.
type Guard struct {
	cfg   Config
	queue chan job

	mu     sync.Mutex // the engine is not safe for concurrent use
	engine *geofence.Engine
	events []geofence.Event
	tz     map[int64]*time.Location // zone owners' time zones

	done chan struct{}
}

var (
	_ lifeline.FixObserver = (*Guard)(nil)
	_ lifeline.ZoneWatcher = (*Guard)(nil)
)

// New loads every active zone and the persisted state, and starts working
// off fixes in the background.
func New(ctx context.Context, cfg Config) (*Guard, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	g := &Guard{cfg: cfg, engine: geofence.New(geofence.DefaultConfig()), tz: map[int64]*time.Location{},
		queue: make(chan job, 1024), done: make(chan struct{})}
	zones, timezones, err := cfg.Zones.FindActiveZones(ctx)
	if err != nil {
		return nil, err
	}
	var converted []geofence.Zone
	for _, z := range zones {
		g.tz[z.UserID] = location(timezones[z.UserID])
		gz, err := g.toEngine(z)
		if err != nil {
			cfg.Logger.Warn("zone skipped", "zone", z.ID, "err", err)
			continue
		}
		converted = append(converted, gz)
	}
	if err := g.engine.SetZones(converted); err != nil {
		cfg.Logger.Warn("some zones could not be loaded", "err", err)
	}
	n, err := g.loadStates(ctx)
	if err != nil {
		return nil, err
	}
	cfg.Logger.Info("geofence engine ready", "zones", len(converted), "states", n)
	if cfg.Events != nil {
		cfg.Events.OnZoneChanged(g.ZoneChanged)
		cfg.Events.OnAlertAnswered(g.AlertAnswered)
	}
	go g.run()
	return g, nil
}

// job is one item of the guard's queue: committed fixes, or a reload of the
// persisted state (done is closed once it is loaded).
type job struct {
	fixes  []lifeline.Fix
	reload chan error
}

// ObserveFixes queues committed fixes for the engine. It blocks only when
// the guard is far behind, which slows ingest rather than skipping a fix.
func (g *Guard) ObserveFixes(_ context.Context, fixes []lifeline.Fix) {
	g.queue <- job{fixes: append([]lifeline.Fix(nil), fixes...)}
}

// Reload reads the persisted state again, after the fixes already queued
// are processed and their state saved. An ingest worker calls it when the
// broker starts handing it devices another worker was handling (a NATS
// consumer's pin moved to it): that worker's engine moved their state on
// in the database, and this engine's copy is as old as its last fix of
// them. It returns once the state is loaded, so fixes observed after it
// meet the newer state.
func (g *Guard) Reload(ctx context.Context) error {
	j := job{reload: make(chan error, 1)}
	select {
	case g.queue <- j:
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-j.reload:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// loadStates hands the engine every persisted state; the caller holds no
// lock the engine's users wait on for long (New, or the queue's goroutine).
func (g *Guard) loadStates(ctx context.Context) (int, error) {
	states, err := g.cfg.States.FindGeofenceStates(ctx)
	if err != nil {
		return 0, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, s := range states {
		g.engine.LoadState(s.DeviceKey, s.ZoneID, fromStored(s))
	}
	return len(states), nil
}

// Close finishes the queued fixes.
func (g *Guard) Close() {
	close(g.queue)
	<-g.done
}

func (g *Guard) run() {
	defer close(g.done)
	for j := range g.queue {
		if j.reload != nil {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			n, err := g.loadStates(ctx)
			cancel()
			if err != nil {
				err = fmt.Errorf("guard: reload geofence state: %w", err)
			} else {
				g.cfg.Logger.Info("geofence state reloaded", "states", n)
			}
			j.reload <- err
			continue
		}
		g.process(j.fixes)
	}
}

func (g *Guard) process(fixes []lifeline.Fix) {
	g.mu.Lock()
	g.events = g.events[:0]
	var changes []lifeline.GeofenceState
	for _, f := range fixes {
		key := lifeline.GeofenceDeviceKey(f.DeviceID, f.UserID)
		var acc float64
		if f.Accuracy != nil {
			acc = *f.Accuracy
		}
		g.events = g.engine.Process(geofence.Fix{DeviceKey: key, UserID: f.UserID, TS: f.TS, Lat: f.Lat, Lon: f.Lon, AccuracyM: acc}, g.events)
		changes = appendChanges(changes, g.engine.Changed())
	}
	events := append([]geofence.Event(nil), g.events...)
	g.mu.Unlock()
	g.persist(changes, events)
}

// Tick applies the time-based rules (dwell reached, a schedule window
// begun) without a fix; the caller runs it every minute.
func (g *Guard) Tick(now time.Time) {
	g.mu.Lock()
	g.events = g.engine.Tick(now, g.events[:0])
	changes := appendChanges(nil, g.engine.Changed())
	events := append([]geofence.Event(nil), g.events...)
	g.mu.Unlock()
	g.persist(changes, events)
}

// AlertAnswered hands the engine the wearer's "I'm okay" to the alert of a
// zone and a device, given on any node: the store wrote it onto the
// engine's state row, which is read back here when this node's engine
// remembers an unanswered alert for them.
func (g *Guard) AlertAnswered(ctx context.Context, userID, zoneID int64, deviceID string) {
	key := lifeline.GeofenceDeviceKey(deviceID, userID)
	g.mu.Lock()
	st, ok := g.engine.State(key, zoneID)
	g.mu.Unlock()
	if !ok || st.LastAlertAt.IsZero() || !st.OkayAt.IsZero() {
		return
	}
	stored, err := g.cfg.States.FindGeofenceState(ctx, key, zoneID)
	if err != nil {
		if lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
			g.cfg.Logger.Error("read an answered alert's state", "zone", zoneID, "device", key, "err", err)
		}
		return
	}
	g.mu.Lock()
	g.engine.Answered(key, zoneID, stored.LastAlertAt, stored.OkayAt)
	changes := appendChanges(nil, g.engine.Changed())
	g.mu.Unlock()
	g.persist(changes, nil)
}

// persist writes state changes first, so that an alert is never raised for
// a transition the database does not remember (a restart would raise it
// again; the dedup key absorbs that too).
func (g *Guard) persist(changes []lifeline.GeofenceState, events []geofence.Event) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := g.cfg.States.SaveGeofenceStates(ctx, dedupeStates(changes)); err != nil {
		g.cfg.Logger.Error("save geofence state", "states", len(changes), "err", err)
	}
	for _, ev := range events {
		if !ev.Alert || ev.Suppressed {
			continue
		}
		if _, err := g.cfg.Alerts.RaiseAlert(ctx, ev.UserID, g.alertFor(ev)); err != nil {
			g.cfg.Logger.Error("raise geofence alert", "zone", ev.ZoneID, "device", ev.DeviceKey, "err", err)
		}
	}
}

// alertFor words an event for the person who owns the zone, in their time.
func (g *Guard) alertFor(ev geofence.Event) lifeline.NewAlert {
	g.mu.Lock()
	loc := g.tz[ev.UserID]
	zone, _ := g.engine.Zone(ev.ZoneID)
	g.mu.Unlock()
	if loc == nil {
		loc = time.UTC
	}
	at := ev.At.In(loc)
	var kind, message string
	key := fmt.Sprintf("zone %d:%s:%s", ev.ZoneID, ev.DeviceKey, ev.At.UTC().Format(time.RFC3339Nano))
	back := !ev.OkayAt.IsZero() // a return after "I'm okay"
	switch ev.Kind {
	case geofence.EventEnter:
		kind, message = lifeline.AlertZoneEntered, lifeline.ZoneEnteredMessage(ev.ZoneName, at)
		if back {
			message = lifeline.ZoneReenteredMessage(ev.ZoneName, ev.OkayAt.In(loc))
		}
	case geofence.EventExit:
		kind, message = lifeline.AlertZoneLeft, lifeline.ZoneLeftMessage(ev.ZoneName, at)
	case geofence.EventDwell:
		// At is when the dwell time was reached: the stay began before.
		since := at.Add(-time.Duration(zone.DwellMinutes) * time.Minute)
		kind, message = lifeline.AlertZoneDwell, lifeline.ZoneDwellMessage(ev.ZoneName, since)
		if back {
			message = lifeline.ZoneDwellAgainMessage(ev.ZoneName, since, ev.OkayAt.In(loc))
		}
	case geofence.EventSchedule:
		kind, message = lifeline.AlertZoneSchedule, lifeline.ZoneScheduleMessage(ev.ZoneName, at)
		key = fmt.Sprintf("zone %d:%s:window %s", ev.ZoneID, ev.DeviceKey, ev.WindowStart.UTC().Format(time.RFC3339))
	}
	evidence, _ := json.Marshal(ev.Evidence)
	a := lifeline.NewAlert{Type: kind, Message: message, Link: "/gps", DedupKey: key, ZoneID: ev.ZoneID, Evidence: evidence}
	if ev.DeviceKey != lifeline.GeofenceDeviceKey("", ev.UserID) {
		a.DeviceID = ev.DeviceKey
	}
	return a
}

// ValidateZone checks a zone's geometry and rules as the engine sees them.
func (g *Guard) ValidateZone(_ context.Context, z *lifeline.Zone) error {
	gz, err := g.toEngine(z)
	if err != nil {
		return err
	}
	return geofence.ValidateZone(gz)
}

// ZoneChanged reloads one zone after an edit, on this node, at once.
func (g *Guard) ZoneChanged(ctx context.Context, zoneID int64) {
	z, err := g.cfg.Zones.FindZoneByID(ctx, zoneID)
	if lifeline.ErrorCode(err) == lifeline.ENOTFOUND || (err == nil && !z.IsActive) {
		g.mu.Lock()
		g.engine.RemoveZone(zoneID)
		g.mu.Unlock()
		return
	}
	if err != nil {
		g.cfg.Logger.Error("reload zone", "zone", zoneID, "err", err)
		return
	}
	user, err := g.cfg.Users.FindUserByID(ctx, z.UserID)
	if err != nil {
		g.cfg.Logger.Error("reload zone owner", "zone", zoneID, "err", err)
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.tz[z.UserID] = user.Location()
	gz, err := g.toEngineLocked(z)
	if err == nil {
		err = g.engine.UpsertZone(gz)
	}
	if err != nil {
		g.cfg.Logger.Warn("zone not applied", "zone", zoneID, "err", err)
	}
}

func (g *Guard) toEngine(z *lifeline.Zone) (geofence.Zone, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.toEngineLocked(z)
}

// toEngineLocked converts a stored zone; the owner's time zone must be known.
func (g *Guard) toEngineLocked(z *lifeline.Zone) (geofence.Zone, error) {
	gz := geofence.Zone{ID: z.ID, UserID: z.UserID, Name: z.Name, Type: geofence.ZoneType(z.Type), Active: z.IsActive}
	switch z.Shape {
	case lifeline.ShapePolygon:
		mp, err := geofence.ParseGeoJSON(z.Polygon)
		if err != nil {
			return gz, &lifeline.Error{Code: lifeline.EINVALID, Message: "The polygon is not valid GeoJSON.", Fields: map[string]string{"polygon": err.Error()}}
		}
		gz.Polygon = mp
	default:
		radius := 0.0
		if z.Radius != nil {
			radius = *z.Radius
		}
		gz.Circle = geofence.NewCircle(z.Latitude, z.Longitude, radius)
	}
	if z.DwellMinutes != nil {
		gz.DwellMinutes = *z.DwellMinutes
	}
	if z.Schedule != nil {
		start, err1 := clock(z.Schedule.Start)
		end, err2 := clock(z.Schedule.End)
		if err1 != nil || err2 != nil {
			return gz, &lifeline.Error{Code: lifeline.EINVALID, Message: "Please check the highlighted fields.",
				Fields: map[string]string{"schedule": "Use 24-hour times such as 22:00 and 06:00."}}
		}
		loc := g.tz[z.UserID]
		if loc == nil {
			loc = time.UTC
		}
		gz.Schedule = &geofence.Schedule{Start: start, End: end, Location: loc}
	}
	return gz, nil
}

// clock reads "HH:MM" as a time of day.
func clock(s string) (time.Duration, error) {
	t, err := time.Parse("15:04", s)
	if err != nil {
		return 0, err
	}
	return time.Duration(t.Hour())*time.Hour + time.Duration(t.Minute())*time.Minute, nil
}

func location(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		return time.UTC
	}
	return loc
}

func appendChanges(dst []lifeline.GeofenceState, changes []geofence.Change) []lifeline.GeofenceState {
	for _, c := range changes {
		dst = append(dst, toStored(c))
	}
	return dst
}

// dedupeStates keeps the last state of each (device, zone) in a batch.
func dedupeStates(states []lifeline.GeofenceState) []lifeline.GeofenceState {
	type key struct {
		device string
		zone   int64
	}
	last := map[key]int{}
	for i, s := range states {
		last[key{s.DeviceKey, s.ZoneID}] = i
	}
	out := make([]lifeline.GeofenceState, 0, len(last))
	for i, s := range states {
		if last[key{s.DeviceKey, s.ZoneID}] == i {
			out = append(out, s)
		}
	}
	return out
}

func toStored(c geofence.Change) lifeline.GeofenceState {
	s := c.State
	var evidence json.RawMessage
	if len(s.PendingEvidence) > 0 {
		evidence, _ = json.Marshal(s.PendingEvidence)
	}
	return lifeline.GeofenceState{
		DeviceKey: c.DeviceKey, ZoneID: c.ZoneID, UserID: c.UserID, Inside: s.Inside, Since: s.Since,
		PendingInside: s.PendingInside, PendingCount: s.PendingCount, PendingSince: s.PendingSince, PendingEvidence: evidence,
		LastFixTS: s.LastFixTS, LastAlertAt: s.LastAlertAt, DwellAlertedAt: s.DwellAlertedAt, ScheduleAlertedAt: s.ScheduleAlertedAt,
		OkayAt: s.OkayAt,
	}
}

func fromStored(s lifeline.GeofenceState) geofence.State {
	var evidence []geofence.EvidenceFix
	if len(s.PendingEvidence) > 0 {
		_ = json.Unmarshal(s.PendingEvidence, &evidence)
	}
	return geofence.State{
		Inside: s.Inside, Since: s.Since, PendingInside: s.PendingInside, PendingCount: s.PendingCount,
		PendingSince: s.PendingSince, PendingEvidence: evidence, LastFixTS: s.LastFixTS, LastAlertAt: s.LastAlertAt,
		DwellAlertedAt: s.DwellAlertedAt, ScheduleAlertedAt: s.ScheduleAlertedAt, OkayAt: s.OkayAt,
	}
}
