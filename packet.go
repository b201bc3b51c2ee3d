package lifeline

import "time"

// Packet outcomes.
const (
	PacketAccepted = "accepted"
	PacketRejected = "rejected"
)

// PacketExcerptMax is how many payload bytes a PacketRecord keeps.
const PacketExcerptMax = 256

// PacketRecord is one packet as the tester view shows it: where and when
// it came in, the start of its payload, and how it was decoded.
type PacketRecord struct {
	// ID is unique per packet across nodes: the recording node's id, a
	// dash and a counter.
	ID       string    `json:"id"`
	DeviceID string    `json:"deviceId"`
	At       time.Time `json:"at"`
	Topic    string    `json:"topic"`
	Size     int       `json:"size"`
	// Excerpt is the payload's first PacketExcerptMax bytes: as text when
	// they are printable UTF-8, else as hex (Encoding says which).
	Excerpt   string `json:"excerpt"`
	Encoding  string `json:"encoding"`
	Truncated bool   `json:"truncated"`
	Outcome   string `json:"outcome"`
	// Kind is the decoded packet kind (position, battery) when accepted.
	Kind string `json:"kind,omitempty"`
	// Fixes is how many fixes an accepted position packet held.
	Fixes int `json:"fixes,omitempty"`
	// Reason is the wire contract's rejection reason (bad_json, lat_range,
	// rate_limited, ...) and Detail its explanation.
	Reason string `json:"reason,omitempty"`
	Detail string `json:"detail,omitempty"`
}

// DeviceWatch is a watch lease: the device's owner watches its packets
// in the tester view until a time.
type DeviceWatch struct {
	DeviceID string    `json:"id"`
	Until    time.Time `json:"until"`
}

// PacketLog holds each bracelet's latest packets.
type PacketLog interface {
	// RecentPackets returns the device's latest packets, newest first.
	RecentPackets(deviceID string) []PacketRecord
}
