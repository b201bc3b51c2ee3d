package geofence

import (
	"fmt"
	"math"
	"time"
)

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
			if !window.IsZero() {
				st.ScheduleAlertedAt = now
			}
			e.alerted(&ev, st)
		}
	}
	return append(dst, ev)
}

// withinCooldown reports whether now is within the cool-down of the last
// alert; coolingDown whether that holds an alert back: not once the wearer
// has answered that alert "I'm okay".
func (e *Engine) withinCooldown(st *State, now time.Time) bool {
	return e.cfg.Cooldown > 0 && !st.LastAlertAt.IsZero() && now.Sub(st.LastAlertAt) < e.cfg.Cooldown
}

func (e *Engine) coolingDown(st *State, now time.Time) bool {
	return st.OkayAt.IsZero() && e.withinCooldown(st, now)
}

// alerted books the alerting event ev (detected at ev.DetectedAt) on its
// state: the cool-down starts again and the answer to the alert before it
// is used up. When that answer is what let ev alert within the cool-down,
// ev says so (OkayAt, and in its rule).
func (e *Engine) alerted(ev *Event, st *State) {
	now := ev.DetectedAt
	if !st.OkayAt.IsZero() && e.withinCooldown(st, now) {
		ev.OkayAt = st.OkayAt
		ev.Evidence.Rule += fmt.Sprintf("; within the %s cool-down after the alert at %s, which was answered \"I'm okay\" at %s",
			human(e.cfg.Cooldown), st.LastAlertAt.UTC().Format(time.RFC3339), st.OkayAt.UTC().Format(time.RFC3339))
	}
	ev.Evidence.DetectedAt = now
	if ev.Evidence.Since.IsZero() {
		ev.Evidence.Since = ev.At
	}
	st.LastAlertAt, st.OkayAt = now, time.Time{}
}
