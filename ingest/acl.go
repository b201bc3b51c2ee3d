package ingest

import (
	"strings"

	"lifeline"
	"lifeline/ingest/wire"
)

// The access rule of every device, in one place. A message enters the
// broker three ways: a PUBLISH, a Will (sent when the connection drops,
// now or after a Will delay), and a retained copy of either. All three
// pass deviceMayWrite. A device writes only inside its own subtree
// (bracelets/{its id}/ or owntracks/{its id}/), never with a wildcard, and
// never to a topic the server owns: a bracelet's config and a phone's
// OwnTracks command topic, which the device obeys. Device IDs are not
// secrets, so nothing here trusts one a device names.
//
// The outside brokers' rule files say the same (WriteMosquittoACL,
// deploy/emqx/acl.conf; docs/scaling.md says what each enforces).

// deviceMayWrite reports whether a device of the kind and ID may put a
// message on topic.
func deviceMayWrite(kind, id, topic string) bool {
	rest, ok := strings.CutPrefix(topic, ownPrefix(kind, id))
	if !ok || rest == "" || strings.ContainsAny(rest, "+#") {
		return false
	}
	return !serverOwned(kind, rest)
}

// deviceMayRead reports whether a device may subscribe with filter: a
// bracelet to exactly its config topic, a phone to any filter inside its
// own subtree (its app reads its command topic).
func deviceMayRead(kind, id, filter string) bool {
	if kind != lifeline.DevicePhone {
		return filter == wire.ConfigTopic(id)
	}
	rest, ok := strings.CutPrefix(filter, ownPrefix(kind, id))
	return ok && rest != ""
}

// ownPrefix is the subtree a device owns.
func ownPrefix(kind, id string) string {
	if kind == lifeline.DevicePhone {
		return ownTracksPrefix(id)
	}
	return wire.TopicRoot + "/" + id + "/"
}

// serverOwned reports whether the rest of a topic after the device's own
// prefix is one the server writes: a bracelet's config, and a phone's
// {device}/cmd for any OwnTracks device name.
func serverOwned(kind, rest string) bool {
	if kind != lifeline.DevicePhone {
		return rest == wire.KindConfig.String()
	}
	_, sub, found := strings.Cut(rest, "/")
	return found && sub == "cmd"
}

// ownTracksPublishes are the subtopics of its base topic the OwnTracks
// apps publish to (the booklet's "Topics"), besides the base topic itself.
// The embedded broker lets a phone write any subtopic but cmd; an outside
// broker's rule file, which cannot say "all but", lists these.
var ownTracksPublishes = []string{"event", "info", "waypoint", "waypoints", "status", "step", "beacon", "dump"}

// NATSSubjects is a device's rule as a NATS cluster's permissions, for the
// auth callout (ingest/natsauth): the subjects its MQTT topics become ("/"
// turns into "."; a device ID holds no "." or wildcard). Like the
// Mosquitto and EMQX files it lists the contract's topics, but knows the
// device's kind: a bracelet publishes its position, battery and sos and
// reads its config; a phone publishes its OwnTracks base topic and the
// subtopics the apps use, never cmd, and reads inside its own subtree.
// NATS checks a Will against the same publish list when it fires.
func NATSSubjects(kind, id string) (publish, subscribe []string) {
	if kind == lifeline.DevicePhone {
		own := OwnTracksRoot + "." + id + "."
		publish = []string{own + "*"}
		for _, sub := range ownTracksPublishes {
			publish = append(publish, own+"*."+sub)
		}
		return publish, []string{own + ">"}
	}
	own := wire.TopicRoot + "." + id + "."
	return []string{own + wire.KindPosition.String(), own + wire.KindBattery.String(), own + wire.KindSOS.String()},
		[]string{own + wire.KindConfig.String()}
}
