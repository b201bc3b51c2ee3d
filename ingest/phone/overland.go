package phone

import (
	"encoding/json"
	"fmt"
)

// The Overland request as its README documents it
// (https://github.com/aaronpk/Overland-iOS#api): a batch of GeoJSON Point
// features under "locations", and optionally the newest point ("current")
// and the trip in progress ("trip"), which Lifeline does not use.
type overlandRequest struct {
	Locations []overlandFeature `json:"locations"`
	Current   json.RawMessage   `json:"current"`
	Trip      json.RawMessage   `json:"trip"`
}

type overlandFeature struct {
	Type     string `json:"type"`
	Geometry struct {
		Type        string    `json:"type"`
		Coordinates []float64 `json:"coordinates"`
	} `json:"geometry"`
	Properties overlandProperties `json:"properties"`
}

type overlandProperties struct {
	Timestamp          *string  `json:"timestamp"`
	Altitude           *float64 `json:"altitude"`
	Speed              *float64 `json:"speed"` // m/s; -1 when unknown
	Course             *float64 `json:"course"`
	HorizontalAccuracy *float64 `json:"horizontal_accuracy"`
	VerticalAccuracy   *float64 `json:"vertical_accuracy"`
	SpeedAccuracy      *float64 `json:"speed_accuracy"`
	CourseAccuracy     *float64 `json:"course_accuracy"`
	BatteryLevel       *float64 `json:"battery_level"` // 0 to 1
	BatteryState       string   `json:"battery_state"` // unknown, charging, full, unplugged
	Motion             []string `json:"motion"`
	Wifi               string   `json:"wifi"`
	DeviceID           string   `json:"device_id"`
	UniqueID           string   `json:"unique_id"`
	// Tracking stats, sent when the app's "include tracking stats" is on.
	Pauses             *bool    `json:"pauses"`
	Activity           string   `json:"activity"`
	DesiredAccuracy    *float64 `json:"desired_accuracy"`
	Deferred           *float64 `json:"deferred"`
	SignificantChange  string   `json:"significant_change"`
	LocationsInPayload *int     `json:"locations_in_payload"`
}

// DecodeOverland decodes an Overland batch. Any bad point refuses the
// whole batch, named by its index ("locations[3].properties.timestamp").
func DecodeOverland(body []byte, lim Limits) ([]Fix, error) {
	var req overlandRequest
	if err := decodeStrict(body, &req); err != nil {
		return nil, err
	}
	if req.Locations == nil {
		return nil, fail("locations", "missing: send {\"locations\": [GeoJSON Point Feature, …]}")
	}
	if len(req.Locations) > MaxBatch {
		return nil, fail("locations", "%d points in one request; send at most %d (Overland's \"Points per Batch\")", len(req.Locations), MaxBatch)
	}
	fixes := make([]Fix, 0, len(req.Locations))
	for i, feature := range req.Locations {
		f, err := feature.fix(fmt.Sprintf("locations[%d].", i), lim)
		if err != nil {
			return nil, err
		}
		fixes = append(fixes, f)
	}
	return fixes, nil
}

func (ft *overlandFeature) fix(at string, lim Limits) (Fix, *Error) {
	p := ft.Properties
	switch {
	case ft.Type != "Feature":
		return Fix{}, fail(at+"type", "must be \"Feature\"")
	case ft.Geometry.Type != "Point":
		return Fix{}, fail(at+"geometry.type", "must be \"Point\"")
	case len(ft.Geometry.Coordinates) < 2 || len(ft.Geometry.Coordinates) > 3:
		return Fix{}, fail(at+"geometry.coordinates", "must be [longitude, latitude]")
	case p.Timestamp == nil:
		return Fix{}, fail(at+"properties.timestamp", "missing")
	}
	ts, ok := parseTime(*p.Timestamp)
	if !ok {
		return Fix{}, fail(at+"properties.timestamp", "must be an ISO 8601 time such as 2015-10-01T08:00:00-0700")
	}
	f := Fix{TS: ts, Lon: ft.Geometry.Coordinates[0], Lat: ft.Geometry.Coordinates[1], Altitude: p.Altitude}
	// CoreLocation reports an unknown accuracy, speed or course as negative.
	f.Accuracy, f.Speed, f.Course = known(p.HorizontalAccuracy), known(p.Speed), known(p.Course)
	if p.BatteryLevel != nil && *p.BatteryLevel >= 0 { // iOS: -1 when unknown
		if !inRange(*p.BatteryLevel, 0, 1) {
			return Fix{}, fail(at+"properties.battery_level", "must be a number from 0 to 1")
		}
		f.Battery = percent(*p.BatteryLevel)
	}
	switch p.BatteryState {
	case "", "unknown":
	case "charging", "full", "unplugged":
		charging := p.BatteryState != "unplugged"
		f.Charging = &charging
	default:
		return Fix{}, fail(at+"properties.battery_state", "must be unknown, charging, full or unplugged")
	}
	if err := f.check(at, lim); err != nil {
		return Fix{}, overlandField(at, err)
	}
	return f, nil
}

func known(v *float64) *float64 {
	if v == nil || *v < 0 {
		return nil
	}
	return v
}

// overlandField names a range error by the Overland property.
func overlandField(at string, err *Error) *Error {
	names := map[string]string{"lat": "geometry.coordinates[1]", "lon": "geometry.coordinates[0]", "timestamp": "properties.timestamp",
		"accuracy": "properties.horizontal_accuracy", "course": "properties.course", "speed": "properties.speed", "altitude": "properties.altitude"}
	if name, ok := names[err.Field[len(at):]]; ok {
		err.Field = at + name
	}
	return err
}
