package geofence

import (
	"slices"
	"time"
)

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
