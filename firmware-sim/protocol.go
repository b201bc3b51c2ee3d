package main

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// protocol is what the simulated devices speak: the bracelet wire contract,
// or one of the phone apps' protocols (docs/connect-a-phone.md), written
// here as each app writes it, independently of the server's decoders.
type protocol string

const (
	protoBracelet      protocol = "bracelet"       // bracelets/{id}/position over MQTT
	protoOwnTracksMQTT protocol = "owntracks-mqtt" // _type location to owntracks/{id}/sim
	protoOwnTracksHTTP protocol = "owntracks-http" // POST /api/ingest/owntracks, HTTP Basic
	protoOverland      protocol = "overland"       // POST /api/ingest/overland, batches, bearer token
	protoOsmAnd        protocol = "osmand"         // GET /api/ingest/osmand?id=SECRET&lat=…
)

var protocols = []protocol{protoBracelet, protoOwnTracksMQTT, protoOwnTracksHTTP, protoOverland, protoOsmAnd}

func (p protocol) String() string { return string(p) }

// Set makes a protocol a flag value.
func (p *protocol) Set(s string) error {
	for _, known := range protocols {
		if string(known) == s {
			*p = known
			return nil
		}
	}
	names := make([]string, len(protocols))
	for i, known := range protocols {
		names[i] = string(known)
	}
	return fmt.Errorf("want one of %s", strings.Join(names, ", "))
}

// overHTTP: the devices send to --api, not --broker.
func (p protocol) overHTTP() bool {
	return p == protoOwnTracksHTTP || p == protoOverland || p == protoOsmAnd
}

// deviceKind is the kind a device must be paired as to speak p.
func (p protocol) deviceKind() string {
	if p == protoBracelet {
		return "bracelet"
	}
	return "phone"
}

// maxBatch is the most fixes one message carries: bracelets and Overland
// send arrays; OwnTracks and the OsmAnd protocol one fix per message.
func (p protocol) maxBatch(batch int) int {
	if p == protoBracelet || p == protoOverland {
		return batch
	}
	return 1
}

// ownTracksTopic is where the simulated OwnTracks app publishes: its
// user is the device ID, its device name "sim".
func ownTracksTopic(deviceID string) string { return "owntracks/" + deviceID + "/sim" }

// ownTracksLocation is an OwnTracks _type location message. tst keeps the
// fix's milliseconds as a fraction (the apps send whole seconds), so every
// fix of a fast load generator has its own time.
func ownTracksLocation(f *pendingFix) []byte {
	return fmt.Appendf(nil, `{"_type":"location","tid":"sm","lat":%s,"lon":%s,"tst":%d.%03d,"acc":%s,"batt":%d,"bs":1,"t":"t"}`,
		num(f.lat), num(f.lon), f.ts/1000, f.ts%1000, num(f.acc), f.bat)
}

// overlandBatch is an Overland upload: a GeoJSON Point feature per fix.
func overlandBatch(fixes []pendingFix) []byte {
	var b strings.Builder
	b.WriteString(`{"locations":[`)
	for i := range fixes {
		f := &fixes[i]
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"type":"Feature","geometry":{"type":"Point","coordinates":[%s,%s]},"properties":{"timestamp":%q,"horizontal_accuracy":%s,"battery_level":%s,"battery_state":"unplugged"}}`,
			num(f.lon), num(f.lat), isoMillis(f.ts), num(f.acc), num(float64(f.bat)/100))
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// osmandQuery is the OsmAnd protocol's query string, the device secret as
// its id.
func osmandQuery(secret string, f *pendingFix) string {
	return url.Values{
		"id": {secret}, "lat": {num(f.lat)}, "lon": {num(f.lon)}, "timestamp": {isoMillis(f.ts)},
		"accuracy": {num(f.acc)}, "batt": {strconv.Itoa(f.bat)},
	}.Encode()
}

func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

func isoMillis(ms int64) string { return time.UnixMilli(ms).UTC().Format("2006-01-02T15:04:05.000Z") }
