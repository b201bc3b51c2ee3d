// Package geofence is Lifeline's geofence engine: it turns a stream of fixes
// into zone events. It is pure: no I/O, no SQL, no goroutines, no clock of
// its own. Time comes from fix timestamps and from Tick's now argument, and
// state comes in through LoadState and goes out through Changed, so every
// rule below is a table test.
//
// A fence decision is a transition of (previous state, new fix, zone) →
// enter / exit / inside / outside, not a bare point-in-polygon test.
// Detection is separate from delivery: the engine returns events; the caller
// stores alerts and pushes live updates.
//
// # Candidates
//
// Only the fix's user's zones can matter, so the index is per user: a map
// from user to that user's active zones, whose bounding boxes are scanned
// linearly for the handful most users have and put in an R-tree
// (tidwall/rtree) beyond 32 boxes. One fix costs a map lookup plus a scan
// of at most 32 boxes, or an O(log k + m) search for a user with k zones, m
// of them under the fix, whatever the total number of zones (the benchmarks
// show 10, 10,000 and 100,000) — and other users' zones never cost
// anything, even where thousands of users fence the same downtown block (one
// global tree would return all of them, to be filtered out). Isolation is
// structural: a fix cannot be tested against another user's zone. Zones the
// device is inside of, or confirming a transition for, are re-checked on
// every fix wherever it is, so an exit is seen from far away too.
//
// # Geometry
//
// Circles are measured on the WGS84 ellipsoid: the distance from the centre
// is the ECEF chord turned into an arc, within 2 mm of the geodesic for
// every radius allowed (10 m to 50 km), at any latitude (78°N Svalbard, the
// poles) and across the antimeridian, which ECEF does not know about.
//
// Polygons are GeoJSON: edges are straight lines in longitude and latitude.
// Each zone is placed in one continuous longitude frame (so a ring that
// jumps from 179.9 to -179.9 is one shape), and each fix is placed in that
// frame too. Inside is the even-odd rule over all rings (holes are outside).
// The distance to the nearest edge is measured in a local projection centred
// on the fix, scaled by the ellipsoid's radii of curvature there; that
// projection is affine in longitude and latitude, so edges stay straight
// and the scale is exact at the fix, where it matters; beyond 2 km from the
// edge the distance is re-measured on the ellipsoid. A zone split in two at
// ±180 is one zone: the cut edges, covered from both sides, are not
// boundaries, so a fix just beside the cut is deep inside. ValidateZone
// refuses a polygon spanning 180° of longitude or more (so one that
// encircles a pole); within a few kilometres of a pole the local projection
// degenerates, so use a circle there.
//
// # Hysteresis: the rule and its margin
//
// Let d be the fix's signed distance to the zone's edge (positive outside,
// negative inside), a its accuracy radius (Config.DefaultAccuracyM, 25 m,
// when the fix has none) and m the zone's margin:
//
//	m = clamp(10% of the zone's size, 5 m, 50 m)
//	size: a circle's radius; a polygon's 2·area/perimeter (its radius if
//	round, half its side if square, about its width if a long strip)
//
//	clearly inside:  d ≤ −(a + m)   the whole accuracy circle is inside, m to spare
//	clearly outside: d ≥ a + m      likewise outside
//	ambiguous:       otherwise
//
// Only clear fixes move a state. A fix less accurate than
// Config.MaxAccuracyM (200 m) changes nothing at all; one less accurate than
// a zone's size changes nothing for that zone (it could never be clearly
// inside it, and coarse fixes are the ones whose claimed accuracy is least
// to be trusted, so they do not confirm leaving it either). A fix whose
// time is not after the device's newest fix (out of order, or a duplicate)
// changes nothing; so does a malformed one.
//
// # Confirmation
//
// A clear fix against the confirmed state starts a pending transition (or
// adds to one); it is confirmed by N consecutive confirming fixes, or by at
// least 2 confirming fixes of which the newest is at least T after the first
// (for devices that report rarely). N and T default to 3 fixes and 60 s and
// may be set per zone. "Consecutive" means no clear fix on the other side in
// between: such a fix cancels the pending transition, while an ambiguous
// fix neither confirms nor cancels it. Evidence older than Config.PendingGap
// (10 min) or three of the device's reporting intervals (the shorter of its
// last two, so one silence is not taken for a habit), whichever is longer,
// is stale: the next confirming fix starts afresh. So a lone wild
// fix — 200 m out while claiming 2 m — can never fire: it needs a second
// clear fix on its side, and the next honest fix cancels it. (Zones may set
// N to 1, which gives that protection up.)
//
// The transition's time (Event.At, State.Since) is the first confirming
// fix's time: when the crossing was first seen.
//
// A device with no state for a zone is outside it. Its first clear inside
// fix starts a pending entry, so entering a zone, including a zone created
// around the device, is confirmed like any other transition.
//
// # Events and alerts
//
// enter and exit are reported for both zone types; Event.Alert says which
// should raise an alert:
//   - enter of an avoid zone without a dwell time;
//   - exit of a safe zone without a schedule, or with one whose window was
//     open at the crossing (leaving outside the schedule does not alert);
//   - dwell: an avoid zone with DwellMinutes, once per stay, when the device
//     has been inside that long (checked on fixes and on Tick; not if it
//     began to leave before the time was up);
//   - schedule: a safe zone with a Schedule, once per window, when the
//     device is outside during the window: its confirmed state is outside,
//     no entry is being confirmed, and its newest fix is not inside the zone.
//     An alerting exit during the window counts as that window's alert.
//
// Cool-down: after an alerting event, the same (device, zone) raises no
// alert for Config.Cooldown (15 min), counted from the detection time. It
// applies to all four alerting kinds. An enter or exit inside the cool-down
// is still reported (the state changes) with Alert false and Suppressed
// true; a dwell or schedule event waits and fires once the cool-down is over
// if its condition still holds.
//
// "I'm okay" ends the cool-down. Answered(device, zone, alertAt, okayAt)
// says the wearer answered the alert the (device, zone) raised at alertAt
// (its DetectedAt, which its Evidence carries); only the last alert of the
// (device, zone) can be answered. The next alerting event of that (device,
// zone) then alerts at once, even within the cool-down, with Event.OkayAt
// set to the answer's time: the person said they were fine, left, and came
// back, which is when not to stay silent. That alert starts a new
// cool-down and uses the answer up, so an unanswered return is guarded
// against GPS flapping at the edge as before; after the cool-down a return
// is an ordinary alert (no OkayAt). This holds for every alerting kind: a
// dwell zone's return still alerts only once its dwell time is reached
// (the wearer chose that grace), but then on time rather than after the
// cool-down, and still once per stay; a safe zone's next exit alerts again.
//
// Tick(now) applies the time-based rules (dwell reached, schedule window
// open) to devices whose newest fix is at most Config.StaleAfter (30 min)
// old; where a silent device is, is unknown. Tick never confirms a pending
// transition: that needs fixes.
//
// Every event carries Evidence: the confirming fixes (time, position,
// accuracy, signed distance to the edge), the rule in words, and the margin.
//
// # Persistence
//
// State maps onto the geofence_state columns (see State). Persist every
// Change after each Process, Tick and Answered; LoadState them at start,
// after SetZones, and processing continues without a repeated event (a
// window's schedule event that a restart does report again keeps its
// Event.WindowStart, which the alerts table's dedup key absorbs). An
// answer may also be written straight into a state's row (okay_at, when
// its last_alert_at is the answered alert's DetectedAt): an engine that
// loads it lets the return through like one told by Answered.
package geofence
