package ingest

import (
	"errors"
	"strings"
	"time"

	"lifeline"
	"lifeline/ingest/phone"
	"lifeline/ingest/wire"
)

// OwnTracks over MQTT (docs/connect-a-phone.md). A paired phone connects
// with its device ID as username and its token as password, under any
// client ID, and OwnTracks publishes under its base topic
// owntracks/{username}/{device}, where {device} is the app's own Device ID
// setting: _type location (and lwt) on the base topic itself, transitions,
// waypoints, cards and the rest on subtopics. The phone may publish and
// subscribe only inside owntracks/{its device ID}/, and never publish to
// owntracks/{username}/{device}/cmd, where Lifeline publishes the user's
// zones (acl.go).

// OwnTracksRoot is the first segment of every OwnTracks topic (the apps'
// default topic root).
const OwnTracksRoot = "owntracks"

// ReasonBadOwnTracks is the rejection reason of an OwnTracks message the
// decoder refused; the error's Field and Detail say what was wrong.
const ReasonBadOwnTracks = "bad_owntracks"

// maxOwnTracksDevices bounds the OwnTracks device names one connection may
// use, each of which gets its own setWaypoints.
const maxOwnTracksDevices = 4

// ownTracksPrefix is the subtree a phone owns: owntracks/{device ID}/.
func ownTracksPrefix(deviceID string) string { return OwnTracksRoot + "/" + deviceID + "/" }

// parseOwnTracksTopic splits owntracks/{user}/{device}[/{sub}...]; ok is
// false for anything else, and for a level holding a wildcard.
func parseOwnTracksTopic(topic string) (user, device, sub string, ok bool) {
	rest, found := strings.CutPrefix(topic, OwnTracksRoot+"/")
	if !found || strings.ContainsAny(rest, "+#") {
		return "", "", "", false
	}
	user, rest, found = strings.Cut(rest, "/")
	if !found || user == "" {
		return "", "", "", false
	}
	device, sub, hasSub := strings.Cut(rest, "/")
	return user, device, sub, device != "" && (!hasSub || sub != "")
}

// ownTracksCmdTopic is where a phone's OwnTracks app reads remote commands.
func ownTracksCmdTopic(user, device string) string {
	return OwnTracksRoot + "/" + user + "/" + device + "/cmd"
}

// decodeOwnTracks turns a phone's OwnTracks message into rows: a
// _type location on the base topic gives one fix (and a battery reading
// when it carries batt), without the optional values it could not use
// (decoded.dropped); any other _type, and every subtopic's message, is
// accepted and stored nowhere.
func decodeOwnTracks(topic string, payload []byte, from sender, now time.Time, limits wire.Limits) (decoded, error) {
	user, _, sub, ok := parseOwnTracksTopic(topic)
	if !ok || user != from.deviceID || from.kind != lifeline.DevicePhone {
		return decoded{}, &wire.Error{Reason: wire.ReasonBadTopic, Packet: "topic", Index: -1, Detail: "not this device's topic: " + topic}
	}
	if sub != "" {
		return decoded{}, nil
	}
	maxPayload := limits.MaxPayload
	if maxPayload <= 0 {
		maxPayload = wire.DefaultMaxPayload
	}
	if len(payload) > maxPayload {
		return decoded{}, &wire.Error{Reason: wire.ReasonOversize, Packet: "owntracks", Index: -1, Detail: "payload longer than the limit"}
	}
	b, err := phone.DecodeOwnTracks(payload, phone.Limits{Now: now, MaxFuture: limits.MaxFuture, MaxAge: limits.MaxAge})
	if err != nil {
		var bad *phone.Error
		if errors.As(err, &bad) {
			return decoded{}, &wire.Error{Reason: ReasonBadOwnTracks, Packet: "owntracks", Index: -1, Field: bad.Field, Detail: bad.Message}
		}
		return decoded{}, &wire.Error{Reason: ReasonBadOwnTracks, Packet: "owntracks", Index: -1, Detail: err.Error()}
	}
	if len(b.Fixes) == 0 {
		return decoded{}, nil
	}
	rows, batteries := phone.Rows(from.userID, from.deviceID, lifeline.SourceOwnTracks, b.Fixes, now)
	return decoded{kind: wire.KindPosition, fixes: rows, batteries: batteries, dropped: b.Dropped}, nil
}

// filterMatches reports whether an MQTT topic filter matches a topic
// (+ one level, # the rest, including the parent level).
func filterMatches(filter, topic string) bool {
	fs, ts := strings.Split(filter, "/"), strings.Split(topic, "/")
	for i, f := range fs {
		switch {
		case f == "#":
			return true
		case i >= len(ts):
			return false
		case f != "+" && f != ts[i]:
			return false
		}
	}
	return len(fs) == len(ts)
}
