package phone

import (
	"bytes"
	"net/url"
	"strconv"
	"time"
)

// osmandParams are the query (or form) parameters of the OsmAnd protocol
// as Traccar documents it (https://www.traccar.org/osmand/) and Traccar
// Client and GPSLogger send them; those Lifeline does not use are accepted
// and dropped.
var osmandParams = map[string]bool{
	"id": true, "deviceid": true, "lat": true, "lon": true, "timestamp": true, "accuracy": true,
	"altitude": true, "speed": true, "bearing": true, "heading": true, "batt": true, "charge": true,
	"hdop": true, "valid": true, "alarm": true, "event": true, "motion": true, "odometer": true,
	"distance": true, "activity": true, "driverUniqueId": true, "mock": true,
}

// osmandJSON is the body newer Traccar Client versions post.
type osmandJSON struct {
	Location *struct {
		Timestamp *string `json:"timestamp"`
		Coords    *struct {
			Latitude  *float64 `json:"latitude"`
			Longitude *float64 `json:"longitude"`
			Accuracy  *float64 `json:"accuracy"`
			Speed     *float64 `json:"speed"` // m/s
			Heading   *float64 `json:"heading"`
			Altitude  *float64 `json:"altitude"`
		} `json:"coords"`
		IsMoving *bool    `json:"is_moving"`
		Odometer *float64 `json:"odometer"`
		Event    string   `json:"event"`
		Battery  *struct {
			Level      *float64 `json:"level"` // 0 to 1; -1 when unknown
			IsCharging *bool    `json:"is_charging"`
		} `json:"battery"`
		Activity *struct {
			Type string `json:"type"`
		} `json:"activity"`
		Extras map[string]any `json:"extras"`
	} `json:"location"`
	DeviceID string `json:"device_id"`
}

// DecodeOsmAnd decodes an OsmAnd request: the parameters of its URL
// (query) and its body, which is empty, form-encoded parameters, or
// Traccar Client's JSON. It returns the device identifier the app sent
// (id, deviceid, or the JSON's device_id), which the caller authenticates.
func DecodeOsmAnd(query url.Values, body []byte, lim Limits) (id string, fixes []Fix, err error) {
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
			return params.Get("id"), nil, fail("", "the body must be form parameters or Traccar Client's JSON: %v", perr)
		}
		for k, v := range form {
			params[k] = append(params[k], v...)
		}
	}
	return decodeOsmAndParams(params, lim)
}

func decodeOsmAndParams(params url.Values, lim Limits) (string, []Fix, error) {
	id := params.Get("id")
	if id == "" {
		id = params.Get("deviceid")
	}
	for name, values := range params {
		if !osmandParams[name] {
			return id, nil, fail(name, "unknown parameter: the OsmAnd protocol does not define it")
		}
		if len(values) > 1 {
			return id, nil, fail(name, "given %d times; give it once", len(values))
		}
	}
	number := func(name string) (*float64, *Error) {
		s := params.Get(name)
		if s == "" {
			return nil, nil
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, fail(name, "must be a number")
		}
		return &v, nil
	}
	var f Fix
	lat, err := number("lat")
	if err == nil && lat == nil {
		err = fail("lat", "missing")
	}
	if err != nil {
		return id, nil, err
	}
	lon, err := number("lon")
	if err == nil && lon == nil {
		err = fail("lon", "missing")
	}
	if err != nil {
		return id, nil, err
	}
	f.Lat, f.Lon = *lat, *lon
	ts, terr := osmandTime(params.Get("timestamp"))
	if terr != nil {
		return id, nil, terr
	}
	f.TS = ts
	for name, dst := range map[string]**float64{"accuracy": &f.Accuracy, "altitude": &f.Altitude, "speed": &f.Speed, "bearing": &f.Course} {
		if *dst, err = number(name); err != nil {
			return id, nil, err
		}
	}
	if f.Speed != nil {
		mps := *f.Speed * 1852 / 3600 // the protocol's speed is in knots
		f.Speed = &mps
	}
	batt, err := number("batt")
	if err != nil {
		return id, nil, err
	}
	if batt != nil {
		b := int(*batt + 0.5)
		if *batt < 0 {
			b = -1 // refused by check
		}
		f.Battery = &b
	}
	if c := params.Get("charge"); c != "" {
		charging, perr := strconv.ParseBool(c)
		if perr != nil {
			return id, nil, fail("charge", "must be true or false")
		}
		f.Charging = &charging
	}
	if err := f.check("", lim); err != nil {
		return id, nil, err
	}
	return id, []Fix{f}, nil
}

// osmandTime reads the timestamp parameter: epoch seconds (or
// milliseconds) or ISO 8601.
func osmandTime(s string) (t time.Time, err *Error) {
	if s == "" {
		return t, fail("timestamp", "missing")
	}
	if v, perr := strconv.ParseFloat(s, 64); perr == nil {
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

func decodeOsmAndJSON(body []byte, lim Limits) (string, []Fix, error) {
	var req osmandJSON
	if err := decodeStrict(body, &req); err != nil {
		return "", nil, err
	}
	loc := req.Location
	switch {
	case loc == nil:
		return req.DeviceID, nil, fail("location", "missing")
	case loc.Coords == nil || loc.Coords.Latitude == nil:
		return req.DeviceID, nil, fail("location.coords.latitude", "missing")
	case loc.Coords.Longitude == nil:
		return req.DeviceID, nil, fail("location.coords.longitude", "missing")
	case loc.Timestamp == nil:
		return req.DeviceID, nil, fail("location.timestamp", "missing")
	}
	ts, ok := parseTime(*loc.Timestamp)
	if !ok {
		return req.DeviceID, nil, fail("location.timestamp", "must be an ISO 8601 time such as 2025-11-22T06:42:04.000Z")
	}
	c := loc.Coords
	f := Fix{TS: ts, Lat: *c.Latitude, Lon: *c.Longitude, Accuracy: known(c.Accuracy), Altitude: c.Altitude, Speed: known(c.Speed), Course: known(c.Heading), Trigger: loc.Event}
	if b := loc.Battery; b != nil {
		if b.Level != nil && *b.Level >= 0 {
			if !inRange(*b.Level, 0, 1) {
				return req.DeviceID, nil, fail("location.battery.level", "must be a number from 0 to 1")
			}
			f.Battery = percent(*b.Level)
		}
		f.Charging = b.IsCharging
	}
	if err := f.check("location.", lim); err != nil {
		return req.DeviceID, nil, err
	}
	return req.DeviceID, []Fix{f}, nil
}
