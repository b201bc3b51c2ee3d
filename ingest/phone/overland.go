package phone

import (
	"encoding/json"
	"fmt"

	"lifeline"
)

// The Overland request as its README documents it
// (https://github.com/aaronpk/Overland-iOS#api) and GLManager.m writes it:
// a batch of GeoJSON features under "locations", and optionally the newest
// point ("current") and the trip in progress ("trip"), which Lifeline does
// not use.
var overlandRequestFields = map[string]bool{"locations": true, "current": true, "trip": true}

var overlandFeatureFields = map[string]bool{"type": true, "geometry": true, "properties": true}

// overlandProperties are a location point's properties: GLManager.m's
// currentDictionaryFromLocation and addMetadataToUpdate, and the tracking
// stats it adds when "include tracking stats" is on.
var overlandProperties = map[string]bool{
	"timestamp": true, "altitude": true, "speed": true, "course": true, "horizontal_accuracy": true,
	"vertical_accuracy": true, "speed_accuracy": true, "course_accuracy": true, "motion": true,
	"battery_level": true, "battery_state": true, "wifi": true, "device_id": true, "unique_id": true,
	"pauses": true, "activity": true, "desired_accuracy": true, "deferred": true, "significant_change": true,
	"locations_in_payload": true, "tracking_mode": true, "trip_id": true,
}

var overlandNames = names{lat: "geometry.coordinates[1]", lon: "geometry.coordinates[0]", ts: "properties.timestamp",
	accuracy: "properties.horizontal_accuracy", altitude: "properties.altitude", speed: "properties.speed",
	course: "properties.course", battery: "properties.battery_level"}

// DecodeOverland decodes an Overland batch. Each point is judged alone: a
// point whose position or time cannot be used is refused (Batch.Refused,
// named by its index, "locations[3].properties.timestamp") and the others
// are kept, so one bad point never holds the rest of the phone's queue.
// The queue also holds entries that are not positions (tracking-stats
// events and visits, with properties.action; trips, with properties.type):
// they are accepted and store nothing. An error means the body is not an
// Overland batch at all.
func DecodeOverland(body []byte, lim Limits) (Batch, error) {
	o, err := readObject(body)
	if err != nil {
		return Batch{}, err
	}
	if !o.has("locations") {
		return Batch{}, fail("locations", "missing: send {\"locations\": [GeoJSON Point Feature, …]}")
	}
	var features []json.RawMessage
	if json.Unmarshal(o["locations"], &features) != nil {
		return Batch{}, fail("locations", "must be a JSON array of GeoJSON Point features")
	}
	if len(features) > MaxBatch {
		return Batch{}, fail("locations", "%d points in one request; send at most %d (Overland's \"Points per Batch\")", len(features), MaxBatch)
	}
	var d drops
	o.dropUnknown("", overlandRequestFields, &d)
	b := Batch{Fixes: make([]Fix, 0, len(features))}
	for i, raw := range features {
		f, ok, err := overlandPoint(raw, lim, &d)
		if err != nil {
			err.Field = fmt.Sprintf("locations[%d]", i) + "." + err.Field
			b.Refused = append(b.Refused, err)
			continue
		}
		if ok {
			b.Fixes = append(b.Fixes, f)
		}
	}
	b.Dropped = d.list
	return b, nil
}

// overlandPoint reads one feature; ok is false for an entry that is not a
// position.
func overlandPoint(raw json.RawMessage, lim Limits, d *drops) (Fix, bool, *Error) {
	var ft object
	if json.Unmarshal(raw, &ft) != nil || ft == nil {
		return Fix{}, false, fail("", "must be a GeoJSON Feature object")
	}
	p, found, err := ft.object("properties")
	switch {
	case err != nil:
		return Fix{}, false, err
	case !found:
		return Fix{}, false, fail("properties", "missing")
	case p.has("action") || p.has("type"):
		return Fix{}, false, nil
	}
	var kind string
	if json.Unmarshal(ft["type"], &kind) != nil || kind != "Feature" {
		return Fix{}, false, fail("type", "must be \"Feature\"")
	}
	geometry, found, err := ft.object("geometry")
	if err != nil || !found {
		return Fix{}, false, fail("geometry", "must be a GeoJSON Point")
	}
	var coordinates []float64
	if json.Unmarshal(geometry["type"], &kind) != nil || kind != "Point" {
		return Fix{}, false, fail("geometry.type", "must be \"Point\"")
	}
	if json.Unmarshal(geometry["coordinates"], &coordinates) != nil || len(coordinates) < 2 || len(coordinates) > 3 {
		return Fix{}, false, fail("geometry.coordinates", "must be [longitude, latitude]")
	}
	ft.dropUnknown("", overlandFeatureFields, d)
	p.dropUnknown("properties.", overlandProperties, d)
	var ts string
	if !p.has("timestamp") {
		return Fix{}, false, fail("properties.timestamp", "missing")
	}
	r := reading{names: overlandNames, lon: coordinates[0], lat: coordinates[1]}
	var ok bool
	if json.Unmarshal(p["timestamp"], &ts) != nil {
		return Fix{}, false, fail("properties.timestamp", "must be a JSON string")
	}
	if r.ts, ok = parseTime(ts); !ok {
		return Fix{}, false, fail("properties.timestamp", "must be an ISO 8601 time such as 2015-10-01T08:00:00-0700")
	}
	// CoreLocation reports what it does not know as negative.
	r.accuracy = optional[float64](p, "horizontal_accuracy", overlandNames.accuracy, d)
	r.altitude = optional[float64](p, "altitude", overlandNames.altitude, d)
	if vac := optional[float64](p, "vertical_accuracy", "properties.vertical_accuracy", d); vac != nil && *vac < 0 {
		r.altitudeNotKnown = true
	}
	r.speed = optional[float64](p, "speed", overlandNames.speed, d)
	r.course = optional[float64](p, "course", overlandNames.course, d)
	r.battery = batteryLevel(optional[float64](p, "battery_level", overlandNames.battery, d), overlandNames.battery, d)
	if state := optional[string](p, "battery_state", "properties.battery_state", d); state != nil {
		switch *state {
		case "", "unknown":
		case "charging", "full", "unplugged":
			charging := *state != "unplugged"
			r.charging = &charging
		default:
			d.add("properties.battery_state", lifeline.DropOutOfRange)
		}
	}
	f, err := r.fix(lim, d)
	return f, err == nil, err
}

// batteryLevel turns a level from 0 to 1 (iOS's UIDevice.batteryLevel, -1
// when not known) into a percentage.
func batteryLevel(level *float64, field string, d *drops) *float64 {
	if level = known(level, field, 0, 1, d); level == nil {
		return nil
	}
	p := *level * 100
	return &p
}
