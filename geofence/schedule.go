package geofence

import (
	"fmt"
	"time"
)

func (s *Schedule) location() *time.Location {
	if s.Location == nil {
		return time.UTC
	}
	return s.Location
}

// wall is the instant a clock in loc shows tod on the given date. A time
// that a DST change skips is moved as time.Date moves it (forward, in
// practice); a repeated one takes the first occurrence.
func wall(y int, m time.Month, d int, tod time.Duration, loc *time.Location) time.Time {
	h := int(tod / time.Hour)
	mi := int(tod % time.Hour / time.Minute)
	s := int(tod % time.Minute / time.Second)
	return time.Date(y, m, d, h, mi, s, int(tod%time.Second), loc)
}

// span finds the stretch of time around t during which the schedule's state
// does not change: the window [from, to) containing t (active), or the gap
// between the previous window's end and the next window's start. ok is
// false only if no window lies within two days of t (a window that DST
// erases every day cannot exist).
func (s *Schedule) span(t time.Time) (active bool, from, to time.Time, ok bool) {
	loc := s.location()
	y, m, d := t.In(loc).Date()
	var prevEnd, nextStart time.Time
	for k := -2; k <= 2; k++ {
		start := wall(y, m, d+k, s.Start, loc)
		endDay := d + k
		if s.End <= s.Start {
			endDay++ // wraps midnight
		}
		end := wall(y, m, endDay, s.End, loc)
		if !start.Before(end) {
			continue // erased by a DST change
		}
		if !t.Before(start) && t.Before(end) {
			return true, start, end, true
		}
		if !end.After(t) && (prevEnd.IsZero() || end.After(prevEnd)) {
			prevEnd = end
		}
		if start.After(t) && (nextStart.IsZero() || start.Before(nextStart)) {
			nextStart = start
		}
	}
	if prevEnd.IsZero() || nextStart.IsZero() {
		return false, time.Time{}, time.Time{}, false
	}
	return false, prevEnd, nextStart, true
}

// schedCache remembers the last span a zone's schedule was in, so a fix
// costs two time comparisons per scheduled zone rather than a time-zone
// conversion.
type schedCache struct {
	valid    bool
	active   bool
	from, to time.Time
}

// window reports whether z's schedule window is open at t and, if so, when
// it opened.
func (z *zone) window(t time.Time) (bool, time.Time) {
	c := &z.sched
	if !c.valid || t.Before(c.from) || !t.Before(c.to) {
		active, from, to, ok := z.Schedule.span(t)
		if !ok {
			return false, time.Time{}
		}
		*c = schedCache{valid: true, active: active, from: from, to: to}
	}
	if !c.active {
		return false, time.Time{}
	}
	return true, c.from
}

func clock(d time.Duration) string {
	return fmt.Sprintf("%02d:%02d", int(d/time.Hour), int(d%time.Hour/time.Minute))
}

func (s *Schedule) String() string {
	return fmt.Sprintf("%s–%s (%s)", clock(s.Start), clock(s.End), s.location())
}
