package geofence

import (
	"fmt"
	"math"
	"time"
)

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
	st.DwellAlertedAt = now
	ev := Event{
		Kind: EventDwell, ZoneID: z.ID, UserID: z.UserID, DeviceKey: d.key,
		At: reached, DetectedAt: now, ZoneName: z.Name, ZoneType: z.Type, Alert: true,
		Evidence: Evidence{MarginM: z.margin, Since: st.Since, Rule: fmt.Sprintf(
			"inside since %s, for at least the zone's dwell time of %d min; one alert per stay",
			st.Since.UTC().Format(time.RFC3339), z.DwellMinutes)},
	}
	e.alerted(&ev, st)
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
	st.ScheduleAlertedAt = now
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
	e.alerted(&ev, st)
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
