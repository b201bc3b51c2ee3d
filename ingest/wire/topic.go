package wire

import "strings"

// Kind is the kind of a bracelet topic: the last segment of
// bracelets/{id}/{kind}.
type Kind uint8

// The topic kinds. The zero Kind is none of them.
const (
	KindPosition Kind = iota + 1 // bracelets/{id}/position
	KindBattery                  // bracelets/{id}/battery
	KindConfig                   // bracelets/{id}/config
	KindSOS                      // bracelets/{id}/sos (a v1 addition: the SOS button)
)

func (k Kind) String() string {
	switch k {
	case KindPosition:
		return "position"
	case KindBattery:
		return "battery"
	case KindConfig:
		return "config"
	case KindSOS:
		return "sos"
	}
	return "unknown"
}

// TopicRoot is the first segment of every bracelet topic.
const TopicRoot = "bracelets"

// PositionTopic returns bracelets/{id}/position.
func PositionTopic(id string) string { return TopicRoot + "/" + id + "/position" }

// BatteryTopic returns bracelets/{id}/battery.
func BatteryTopic(id string) string { return TopicRoot + "/" + id + "/battery" }

// ConfigTopic returns bracelets/{id}/config.
func ConfigTopic(id string) string { return TopicRoot + "/" + id + "/config" }

// SOSTopic returns bracelets/{id}/sos.
func SOSTopic(id string) string { return TopicRoot + "/" + id + "/sos" }

// ParseTopic splits a bracelet topic into the device id and the kind. Any
// other topic, or one whose id is not a valid device id, is an *Error with
// Reason bad_topic.
func ParseTopic(topic string) (deviceID string, kind Kind, err error) {
	rest, ok := strings.CutPrefix(topic, TopicRoot+"/")
	if !ok {
		return "", 0, topicError(topic, "does not start with "+TopicRoot+"/")
	}
	id, suffix, ok := strings.Cut(rest, "/")
	if !ok {
		return "", 0, topicError(topic, "has no kind after the device id")
	}
	if !ValidDeviceID(id) {
		return "", 0, topicError(topic, "holds no valid device id")
	}
	switch suffix {
	case "position":
		kind = KindPosition
	case "battery":
		kind = KindBattery
	case "config":
		kind = KindConfig
	case "sos":
		kind = KindSOS
	default:
		return "", 0, topicError(topic, "has an unknown kind")
	}
	return id, kind, nil
}

func topicError(topic, detail string) *Error {
	return &Error{Reason: ReasonBadTopic, Packet: "topic", Index: -1, Detail: quote(topic) + " " + detail}
}

// ValidDeviceID reports whether id has the shape of a device id,
// ^brc_[A-Za-z0-9_-]{4,60}$, the shape the database enforces.
func ValidDeviceID(id string) bool {
	rest, ok := strings.CutPrefix(id, "brc_")
	if !ok || len(rest) < 4 || len(rest) > 60 {
		return false
	}
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}
