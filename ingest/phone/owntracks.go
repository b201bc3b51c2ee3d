package phone

import (
	"encoding/json"
)

// owntracksLocation lists every element of a _type location message the
// OwnTracks booklet documents (https://owntracks.org/booklet/tech/json/);
// those Lifeline does not use are accepted and dropped.
type owntracksLocation struct {
	Type      string   `json:"_type"`
	Lat       *float64 `json:"lat"`
	Lon       *float64 `json:"lon"`
	TST       *float64 `json:"tst"`
	Acc       *float64 `json:"acc"`
	Alt       *float64 `json:"alt"`
	Vel       *float64 `json:"vel"` // km/h
	Cog       *float64 `json:"cog"`
	Batt      *int     `json:"batt"`
	BS        *int     `json:"bs"` // 0 unknown, 1 unplugged, 2 charging, 3 full
	T         string   `json:"t"`
	TID       string   `json:"tid"`
	Topic     string   `json:"topic"`
	Vac       *float64 `json:"vac"`
	Rad       *float64 `json:"rad"`
	P         *float64 `json:"p"`
	Conn      string   `json:"conn"`
	InRegions []string `json:"inregions"`
	InRIDs    []string `json:"inrids"`
	SSID      string   `json:"SSID"`
	BSSID     string   `json:"BSSID"`
	CreatedAt *float64 `json:"created_at"`
	M         *int     `json:"m"`   // iOS: monitoring mode
	ID        string   `json:"_id"` // Android: message id
	POI       string   `json:"poi"`
	Image     string   `json:"image"`
	ImageName string   `json:"imagename"`
	Tag       string   `json:"tag"`
	Motion    []string `json:"motionactivities"`
}

// DecodeOwnTracks decodes the body OwnTracks posts in HTTP mode. A
// _type location message gives one fix; every other _type (lwt, status,
// transition, waypoint(s), card, …) is valid and gives none.
func DecodeOwnTracks(body []byte, lim Limits) ([]Fix, error) {
	var kind struct {
		Type *string `json:"_type"`
	}
	if err := json.Unmarshal(body, &kind); err != nil {
		return nil, jsonError(err)
	}
	if kind.Type == nil {
		return nil, fail("_type", "missing: OwnTracks messages name their _type")
	}
	if *kind.Type != "location" {
		return nil, nil
	}
	var m owntracksLocation
	if err := decodeStrict(body, &m); err != nil {
		return nil, err
	}
	switch {
	case m.Lat == nil:
		return nil, fail("lat", "missing")
	case m.Lon == nil:
		return nil, fail("lon", "missing")
	case m.TST == nil:
		return nil, fail("tst", "missing")
	}
	ts, ok := epoch(*m.TST)
	if !ok {
		return nil, fail("tst", "must be a UNIX time in seconds")
	}
	f := Fix{TS: ts, Lat: *m.Lat, Lon: *m.Lon, Accuracy: m.Acc, Altitude: m.Alt, Course: m.Cog, Battery: m.Batt, Trigger: m.T}
	if m.Vel != nil {
		mps := *m.Vel / 3.6
		f.Speed = &mps
	}
	if m.BS != nil {
		if *m.BS < 0 || *m.BS > 3 {
			return nil, fail("bs", "battery status must be 0 (unknown), 1 (unplugged), 2 (charging) or 3 (full)")
		}
		if *m.BS != 0 {
			charging := *m.BS >= 2
			f.Charging = &charging
		}
	}
	if err := f.check("", lim); err != nil {
		return nil, owntracksField(err)
	}
	return []Fix{f}, nil
}

// owntracksField names a range error by the OwnTracks element.
func owntracksField(err *Error) *Error {
	names := map[string]string{"timestamp": "tst", "accuracy": "acc", "battery": "batt", "course": "cog", "speed": "vel", "altitude": "alt"}
	if name, ok := names[err.Field]; ok {
		err.Field = name
	}
	return err
}
