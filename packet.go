package lifeline

import (
	"context"
	"time"
)

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
	// Dropped lists the optional values an accepted packet held that
	// Lifeline could not use and left out of the stored fixes.
	Dropped []FieldDrop `json:"dropped,omitempty"`
}

// FieldDrop is an optional value a decoder left out of a fix it kept: its
// field in the sender's own terms ("vel", "properties.speed"), why, and in
// how many of the packet's fixes.
type FieldDrop struct {
	Field  string `json:"field"`
	Reason string `json:"reason"`
	Count  int    `json:"count"`
}

// Why an optional value was dropped.
const (
	// DropUnknownField: the sender's protocol does not define the field.
	DropUnknownField = "unknown_field"
	// DropNotKnown: the sender's own value for "not known", such as iOS's
	// -1 for a course, speed or vertical accuracy it does not have.
	DropNotKnown = "not_known"
	// DropOutOfRange: a value no phone or person can have.
	DropOutOfRange = "out_of_range"
	// DropWrongType: text where a number belongs, and the like.
	DropWrongType = "wrong_type"
	// DropRepeated: a parameter given twice.
	DropRepeated = "repeated"
)

// DeviceWatch is a watch lease: the device's owner watches its packets
// in the tester view until a time.
type DeviceWatch struct {
	DeviceID string    `json:"id"`
	Until    time.Time `json:"until"`
}

// PacketLog holds each device's latest packets, and what became of them.
type PacketLog interface {
	// RecentPackets returns the device's latest packets, newest first.
	RecentPackets(deviceID string) []PacketRecord
	// RecordRequest keeps a phone app's HTTP request as a packet of its
	// device: the route, the body (without the device's token) and its
	// outcome. Its refused fixes count towards the device's refusals.
	RecordRequest(deviceID string, userID int64, at time.Time, route string, body []byte, outcome RequestOutcome)
}

// RequestOutcome is what became of a phone app's request: how many fixes
// were stored and how many refused (the latest refusal's reason and detail),
// and the optional values dropped from the stored ones.
type RequestOutcome struct {
	Fixes, Refused int
	Reason, Detail string
	Dropped        []FieldDrop
}

// DeviceRefusals is what a device had refused since the last time they
// were counted: how many reports, and the latest one's time and why.
type DeviceRefusals struct {
	DeviceID string
	UserID   int64
	Count    int
	At       time.Time
	Reason   string
	Detail   string
}

// RefusalStore adds up each device's refused reports per day, the owner's
// day, for the device card ("3 reports refused today").
type RefusalStore interface {
	AddRefusals(ctx context.Context, refusals []DeviceRefusals) error
}

// Refusal is the latest report a device had refused: when, the reason
// code (the wire contract's, or bad_owntracks, bad_overland, bad_osmand)
// and what was wrong.
type Refusal struct {
	At     time.Time `json:"at"`
	Reason string    `json:"reason"`
	Detail string    `json:"detail"`
}
