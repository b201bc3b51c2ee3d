package phone

import (
	"bytes"
	"encoding/json"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"time"

	"lifeline"
)

// osmandParams are the query (or form) parameters of the OsmAnd protocol:
// as Traccar documents it (https://www.traccar.org/osmand/), as the legacy
// Traccar Client apps send them (ProtocolFormatter), as Traccar Client 10
// sends them (traccar-client-sdk's HttpUploader: imei and the battery's
// health, voltage and temperature), and as GPSLogger users type them.
// Lifeline uses id (or deviceid), lat, lon, timestamp, valid, accuracy,
// altitude, speed, bearing (or heading), batt and charge; the rest are
// accepted and not stored.
var osmandParams = map[string]bool{
	"id": true, "deviceid": true, "lat": true, "lon": true, "timestamp": true, "accuracy": true,
	"altitude": true, "speed": true, "bearing": true, "heading": true, "batt": true, "charge": true,
	"hdop": true, "valid": true, "alarm": true, "event": true, "motion": true, "odometer": true,
	"distance": true, "activity": true, "driverUniqueId": true, "mock": true, "imei": true,
	"battery_health": true, "battery_voltage": true, "battery_temp": true,
}

// osmandRequired are the parameters a fix cannot do without (and id, which
// names the device).
var osmandRequired = map[string]bool{"id": true, "deviceid": true, "lat": true, "lon": true, "timestamp": true}

var osmandNames = names{lat: "lat", lon: "lon", ts: "timestamp", accuracy: "accuracy", altitude: "altitude", speed: "speed", course: "bearing", battery: "batt"}

// knotsToMPS converts the protocol's speed unit.
const knotsToMPS = 1852.0 / 3600

// DecodeOsmAnd decodes an OsmAnd request: the parameters of its URL
// (query) and its body, which is empty, form-encoded parameters, or
// Traccar Client's JSON. It returns the device identifier the app sent
// (id, deviceid, or the JSON's device_id), which the caller authenticates,
// and one fix, or an error when its position or time cannot be used.
func DecodeOsmAnd(query url.Values, body []byte, lim Limits) (id string, b Batch, err error) {
	if trimmed := bytes.TrimSpace(body); len(trimmed) > 0 && trimmed[0] == '{' {
		return decodeOsmAndJSON(trimmed, lim)
	}
	params := url.Values{}
	for k, v := range query {
		params[k] = v
	}
	if len(bytes.TrimSpace(body)) > 0 {
		form, perr := url.ParseQuery(string(body))
		if perr != nil {
			return params.Get("id"), Batch{}, fail("", "the body must be form parameters or Traccar Client's JSON: %v", perr)
		}
		for k, v := range form {
			params[k] = append(params[k], v...)
		}
	}
	return decodeOsmAndParams(params, lim)
}

func decodeOsmAndParams(params url.Values, lim Limits) (string, Batch, error) {
	var d drops
	values := make(map[string]string, len(params))
	for _, name := range slices.Sorted(maps.Keys(params)) {
		list := params[name]
		switch {
		case !osmandParams[name]:
			d.add(name, lifeline.DropUnknownField)
			continue
		case !allSame(list):
			if osmandRequired[name] {
				return params.Get("id"), Batch{}, fail(name, "given %d times with different values; give it once", len(list))
			}
			d.add(name, lifeline.DropRepeated)
			continue
		}
		values[name] = list[0]
	}
	id := values["id"]
	if id == "" {
		id = values["deviceid"]
	}
	r := reading{names: osmandNames, speedToMPS: knotsToMPS}
	var err *Error
	if r.lat, err = requiredParam(values, "lat"); err != nil {
		return id, Batch{}, err
	}
	if r.lon, err = requiredParam(values, "lon"); err != nil {
		return id, Batch{}, err
	}
	if r.ts, err = osmandTime(values["timestamp"]); err != nil {
		return id, Batch{}, err
	}
	if valid, set := values["valid"]; set {
		if ok, perr := strconv.ParseBool(valid); perr == nil && !ok {
			return id, Batch{}, fail("valid", "the app marked this position as not valid")
		}
	}
	number := func(name string) *float64 {
		s, set := values[name]
		if !set || s == "" {
			return nil
		}
		v, ok := parseNumber(s)
		if !ok {
			d.add(name, lifeline.DropWrongType)
			return nil
		}
		return &v
	}
	r.accuracy, r.altitude, r.speed, r.battery = number("accuracy"), number("altitude"), number("speed"), number("batt")
	if r.course = number("bearing"); r.course == nil {
		r.names.course = "heading"
		r.course = number("heading")
	}
	if c := values["charge"]; c != "" {
		if charging, perr := strconv.ParseBool(c); perr == nil {
			r.charging = &charging
		} else {
			d.add("charge", lifeline.DropWrongType)
		}
	}
	f, err := r.fix(lim, &d)
	if err != nil {
		return id, Batch{}, err
	}
	return id, Batch{Fixes: []Fix{f}, Dropped: d.list}, nil
}

func allSame(list []string) bool {
	for _, v := range list[1:] {
		if v != list[0] {
			return false
		}
	}
	return true
}

func requiredParam(values map[string]string, name string) (float64, *Error) {
	s := values[name]
	if s == "" {
		return 0, fail(name, "missing")
	}
	v, ok := parseNumber(s)
	if !ok {
		return 0, fail(name, "must be a number")
	}
	return v, nil
}

// osmandTime reads the timestamp parameter: epoch seconds (or
// milliseconds) or ISO 8601.
func osmandTime(s string) (t time.Time, err *Error) {
	if s == "" {
		return t, fail("timestamp", "missing")
	}
	if v, ok := parseNumber(s); ok {
		if t, ok := epoch(v); ok {
			return t, nil
		}
		return t, fail("timestamp", "must be a UNIX time in seconds or an ISO 8601 time")
	}
	if t, ok := parseTime(s); ok {
		return t, nil
	}
	return t, fail("timestamp", "must be a UNIX time in seconds or an ISO 8601 time")
}

// The JSON body Traccar Client 9 posts: flutter_background_geolocation's
// location, shaped by the app's locationTemplate (lib/preferences.dart),
// whose "_" carries the fix again in OsmAnd's parameters, and the
// device_id of its params.
var (
	traccarJSONFields     = map[string]bool{"location": true, "device_id": true}
	traccarLocationFields = map[string]bool{
		"timestamp": true, "coords": true, "is_moving": true, "odometer": true, "event": true, "battery": true,
		"activity": true, "extras": true, "_": true, "uuid": true, "age": true, "mock": true, "is_heartbeat": true,
		"sample": true, "geofence": true, "provider": true,
	}
	traccarCoordsFields = map[string]bool{
		"latitude": true, "longitude": true, "accuracy": true, "speed": true, "heading": true, "altitude": true,
		"speed_accuracy": true, "heading_accuracy": true, "altitude_accuracy": true, "ellipsoidal_altitude": true, "floor": true,
	}
	traccarBatteryFields = map[string]bool{"level": true, "is_charging": true}
)

var traccarNames = names{lat: "location.coords.latitude", lon: "location.coords.longitude", ts: "location.timestamp",
	accuracy: "location.coords.accuracy", altitude: "location.coords.altitude", speed: "location.coords.speed",
	course: "location.coords.heading", battery: "location.battery.level"}

func decodeOsmAndJSON(body []byte, lim Limits) (string, Batch, error) {
	o, err := readObject(body)
	if err != nil {
		return "", Batch{}, err
	}
	var d drops
	o.dropUnknown("", traccarJSONFields, &d)
	id := valueOf(optional[string](o, "device_id", "device_id", &d))
	loc, found, err := o.object("location")
	switch {
	case err != nil:
		return id, Batch{}, err
	case !found:
		return id, Batch{}, fail("location", "missing")
	}
	coords, found, err := loc.object("coords")
	if err != nil || !found {
		return id, Batch{}, fail("location.coords.latitude", "missing")
	}
	loc.dropUnknown("location.", traccarLocationFields, &d)
	coords.dropUnknown("location.coords.", traccarCoordsFields, &d)
	r := reading{names: traccarNames}
	if r.lat, err = coords.number("latitude", traccarNames.lat); err != nil {
		return id, Batch{}, err
	}
	if r.lon, err = coords.number("longitude", traccarNames.lon); err != nil {
		return id, Batch{}, err
	}
	var ts string
	if !loc.has("timestamp") {
		return id, Batch{}, fail(traccarNames.ts, "missing")
	}
	var ok bool
	if json.Unmarshal(loc["timestamp"], &ts) != nil {
		return id, Batch{}, fail(traccarNames.ts, "must be a JSON string")
	}
	if r.ts, ok = parseTime(ts); !ok {
		return id, Batch{}, fail(traccarNames.ts, "must be an ISO 8601 time such as 2025-11-22T06:42:04.000Z")
	}
	r.accuracy = optional[float64](coords, "accuracy", traccarNames.accuracy, &d)
	r.altitude = optional[float64](coords, "altitude", traccarNames.altitude, &d)
	if vac := optional[float64](coords, "altitude_accuracy", "location.coords.altitude_accuracy", &d); vac != nil && *vac < 0 {
		r.altitudeNotKnown = true
	}
	r.speed = optional[float64](coords, "speed", traccarNames.speed, &d)
	r.course = optional[float64](coords, "heading", traccarNames.course, &d)
	r.trigger = valueOf(optional[string](loc, "event", "location.event", &d))
	battery, found, berr := loc.object("battery")
	switch {
	case berr != nil:
		d.add("location.battery", lifeline.DropWrongType)
	case found:
		battery.dropUnknown("location.battery.", traccarBatteryFields, &d)
		r.battery = batteryLevel(optional[float64](battery, "level", traccarNames.battery, &d), traccarNames.battery, &d)
		r.charging = optional[bool](battery, "is_charging", "location.battery.is_charging", &d)
	}
	f, err := r.fix(lim, &d)
	if err != nil {
		return id, Batch{}, err
	}
	return id, Batch{Fixes: []Fix{f}, Dropped: d.list}, nil
}
