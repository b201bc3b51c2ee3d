package lifeline

import "time"

// DeviceActivity is what stored packets say about one bracelet: when it was
// last heard from, the time of its newest fix and its newest battery report
// (Battery and Charging nil when the packets carried none; a fix's battery
// says nothing about charging). The store only moves these forward.
type DeviceActivity struct {
	DeviceID  string
	SeenAt    time.Time
	FixAt     time.Time // zero: no fix
	BatteryAt time.Time // zero: no battery level
	Battery   *int
	Charging  *bool
}

// DeviceActivities sums up packets per device. The ingest writer keeps one
// across batches and stores it about once a second rather than with every
// batch: at full rate a batch touches most devices, and updating a device
// row per batch cost the database as much as a third of a fix's insert.
type DeviceActivities map[string]*DeviceActivity

// Add folds bracelet fixes and battery readings into m (manual fixes have
// no device and are skipped).
func (m DeviceActivities) Add(fixes []Fix, batteries []BatteryReading) {
	for i := range fixes {
		f := &fixes[i]
		if f.DeviceID == "" {
			continue
		}
		h := m.get(f.DeviceID)
		h.SeenAt = latest(h.SeenAt, f.ReceivedAt)
		h.FixAt = latest(h.FixAt, f.TS)
		if f.Battery != nil && !f.TS.Before(h.BatteryAt) {
			h.Battery, h.BatteryAt = f.Battery, f.TS
		}
	}
	for i := range batteries {
		r := &batteries[i]
		h := m.get(r.DeviceID)
		h.SeenAt = latest(h.SeenAt, r.ReceivedAt)
		if !r.TS.Before(h.BatteryAt) {
			h.Battery, h.BatteryAt, h.Charging = &r.Battery, r.TS, &r.Charging
		}
	}
}

// List returns the summaries in no particular order.
func (m DeviceActivities) List() []DeviceActivity {
	list := make([]DeviceActivity, 0, len(m))
	for _, h := range m {
		list = append(list, *h)
	}
	return list
}

// ActivityOf sums up one batch.
func ActivityOf(fixes []Fix, batteries []BatteryReading) []DeviceActivity {
	m := DeviceActivities{}
	m.Add(fixes, batteries)
	return m.List()
}

func (m DeviceActivities) get(id string) *DeviceActivity {
	h := m[id]
	if h == nil {
		h = &DeviceActivity{DeviceID: id}
		m[id] = h
	}
	return h
}

func latest(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}
