package phone

import (
	"encoding/json"

	"lifeline"
)

// ownTracksFields are the elements of a _type location message: those the
// OwnTracks booklet documents (https://owntracks.org/booklet/tech/json/)
// and those the apps' source adds (testdata/README.md): the Android app's
// MessageLocation and MessageBase (source, modeId, qos, retained), its older
// randomId, and the iOS app's lower-case ssid and bssid. Lifeline uses lat,
// lon, tst, acc, alt, vac, vel, cog, batt, bs and t; the rest are accepted
// and not stored.
var ownTracksFields = map[string]bool{
	"_type": true, "lat": true, "lon": true, "tst": true, "acc": true, "alt": true, "vac": true, "vel": true,
	"cog": true, "batt": true, "bs": true, "t": true, "tid": true, "topic": true, "rad": true, "p": true,
	"conn": true, "inregions": true, "inrids": true, "SSID": true, "BSSID": true, "ssid": true, "bssid": true,
	"created_at": true, "m": true, "_id": true, "poi": true, "image": true, "imagename": true, "tag": true,
	"motionactivities": true, "source": true, "modeId": true, "qos": true, "retained": true, "randomId": true,
}

var ownTracksNames = names{lat: "lat", lon: "lon", ts: "tst", accuracy: "acc", altitude: "alt", speed: "vel", course: "cog", battery: "batt"}

// DecodeOwnTracks decodes an OwnTracks message (the body of an HTTP post, or
// an MQTT payload). A _type location message gives one fix, or an error
// when its position or time cannot be used; every other _type (lwt,
// status, transition, waypoint(s), card, …) is valid and gives none.
func DecodeOwnTracks(body []byte, lim Limits) (Batch, error) {
	o, err := readObject(body)
	if err != nil {
		return Batch{}, err
	}
	if !o.has("_type") {
		return Batch{}, fail("_type", "missing: OwnTracks messages name their _type")
	}
	var kind string
	if json.Unmarshal(o["_type"], &kind) != nil {
		return Batch{}, fail("_type", "must be a JSON string")
	}
	if kind != "location" {
		return Batch{}, nil
	}
	var d drops
	o.dropUnknown("", ownTracksFields, &d)
	r := reading{names: ownTracksNames, speedToMPS: 1 / 3.6} // vel is in km/h
	if r.lat, err = o.number("lat", "lat"); err != nil {
		return Batch{}, err
	}
	if r.lon, err = o.number("lon", "lon"); err != nil {
		return Batch{}, err
	}
	tst, err := o.number("tst", "tst")
	if err != nil {
		return Batch{}, err
	}
	var ok bool
	if r.ts, ok = epoch(tst); !ok {
		return Batch{}, fail("tst", "must be a UNIX time in seconds")
	}
	r.accuracy = optional[float64](o, "acc", "acc", &d)
	r.altitude = optional[float64](o, "alt", "alt", &d)
	if vac := optional[float64](o, "vac", "vac", &d); vac != nil && *vac < 0 {
		r.altitudeNotKnown = true
	}
	r.speed = optional[float64](o, "vel", "vel", &d)
	r.course = optional[float64](o, "cog", "cog", &d)
	r.battery = optional[float64](o, "batt", "batt", &d)
	if bs := optional[float64](o, "bs", "bs", &d); bs != nil {
		switch *bs {
		case 0: // unknown
		case 1, 2, 3: // unplugged, charging, full
			charging := *bs >= 2
			r.charging = &charging
		default:
			d.add("bs", lifeline.DropOutOfRange)
		}
	}
	r.trigger = valueOf(optional[string](o, "t", "t", &d))
	f, err := r.fix(lim, &d)
	if err != nil {
		return Batch{}, err
	}
	return Batch{Fixes: []Fix{f}, Dropped: d.list}, nil
}
