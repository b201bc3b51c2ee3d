// Package live carries live events, the one path every "something just
// happened" takes: user events (a new alert, a position, a bracelet coming
// or going, a packet in the tester view, a zone edit) for the web app's
// streams, and node-control events (a zone edit again, a revoked bracelet,
// a watch lease) that every node must act on.
//
// A Bus publishes an event to this node's subscribers at once and to the
// other nodes through a Transport (PostgreSQL NOTIFY, in package store);
// each part that acts on an event subscribes itself to its kind.
package live

import (
	"context"
	"encoding/json"

	"lifeline"
)

// Kind names what an event is about; user kinds are also the SSE event
// names of /api/events.
type Kind string

// User events, shown in their user's live streams.
const (
	KindLocation Kind = "location" // a new latest position: a lifeline.StoredFix
	// KindAlert is a new alert (a lifeline.Alert; ID is its id), or one
	// that changed (resolved: ID 0, so a stream's Last-Event-ID stays on
	// the newest new one; the data's id says which).
	KindAlert  Kind = "alert"
	KindDevice Kind = "device" // a bracelet connected or disconnected: {"connected", "id"}
	// KindPacket is one raw packet a bracelet sent and what became of it
	// (a lifeline.PacketRecord); published only while someone watches.
	KindPacket Kind = "packet"
	// KindZone is a zone created, edited or deleted (ID is the zone id):
	// every node's geofence engine reloads it, and the owner's other tabs
	// refresh their zones.
	KindZone Kind = "zone"
	// KindSOS is an SOS raised or closed: the wearer's pages refetch their
	// open SOS ({"alertId", "open"}), and a supporter's "People I support"
	// refetches that person ({"personId": the care link, "open"}).
	KindSOS Kind = "sos"
	// KindAsk is a gentle ask sent, answered or closed: the wearer's pages
	// refetch their open ask ({"askId"}), a supporter's the asks to them
	// ({"personId": the care link}).
	KindAsk Kind = "ask"

	// KindClaim is a supporter's step on an alert (claimed, handed back,
	// resolved): the wearer's pages refetch the alert ({"alertId"}), and
	// each told supporter's People I support that person ({"personId"}).
	KindClaim Kind = "claim"

	// KindNote is a supporter's note the wearer will see: their dashboard
	// refetches its notes ({"noteId"}).
	KindNote Kind = "note"
)

// Node-control events, acted on by every node and never shown to users.
const (
	KindRevoked Kind = "device_revoked" // a bracelet revoked: {"id": device id}
	KindWatch   Kind = "device_watch"   // a watch lease: a lifeline.DeviceWatch
	// KindAnswered is the wearer's "I'm okay" to a geofence alert: every
	// node's geofence engine reads the answer its state now holds.
	KindAnswered Kind = "alert_answered"
)

// userKinds are the kinds a user's live stream shows.
var userKinds = []Kind{KindLocation, KindAlert, KindDevice, KindPacket, KindZone, KindSOS, KindAsk, KindClaim, KindNote}

// Event is one update for one user. ID is set for alerts (their id, so a
// reconnecting client can resume after the last one it saw) and zones.
type Event struct {
	UserID int64           `json:"u"`
	Kind   Kind            `json:"k"`
	ID     int64           `json:"i,omitempty"`
	Data   json.RawMessage `json:"d"`
}

// Publisher sends events to every node, this one included.
type Publisher interface {
	Publish(ctx context.Context, events ...Event) error
}

// LocationMoved is a fix as its owner's latest position.
func LocationMoved(f lifeline.Fix) Event {
	return event(f.UserID, KindLocation, 0, lifeline.StoredFix{
		Latitude: f.Lat, Longitude: f.Lon, Accuracy: f.Accuracy, Timestamp: f.TS,
		BatteryLevel: f.Battery, Source: f.Source, DeviceID: f.DeviceID,
	})
}

// AlertRaised is a committed alert, as the alert list shows it (without
// its evidence, which can be large: NOTIFY payloads stay under 8 kB).
func AlertRaised(a *lifeline.Alert) Event {
	shown := *a
	shown.Evidence = nil
	return event(a.UserID, KindAlert, a.ID, shown)
}

// AlertChanged is a stored alert that changed (resolved), as the alert
// list shows it. It carries no event id: it is not news a reconnecting
// stream must replay (the web app refetches its alerts after a reconnect).
func AlertChanged(a *lifeline.Alert) Event {
	e := AlertRaised(a)
	e.ID = 0
	return e
}

// AlertAnswered is the wearer's "I'm okay" to the alert of a zone and a
// device ("" for the browser's fixes).
func AlertAnswered(userID, zoneID int64, deviceID string) Event {
	return event(userID, KindAnswered, zoneID, answered{DeviceID: deviceID})
}

type answered struct {
	DeviceID string `json:"deviceId"`
}

// DeviceConnection is a bracelet connecting or disconnecting.
func DeviceConnection(userID int64, deviceID string, connected bool) Event {
	return event(userID, KindDevice, 0, map[string]any{"id": deviceID, "connected": connected})
}

// PacketSeen is a packet of a watched bracelet.
func PacketSeen(userID int64, p lifeline.PacketRecord) Event {
	return event(userID, KindPacket, 0, p)
}

// ZoneChanged is a zone created, edited or deleted.
func ZoneChanged(userID, zoneID int64) Event {
	return Event{UserID: userID, Kind: KindZone, ID: zoneID, Data: json.RawMessage(`{}`)}
}

// SOSChanged tells the wearer's pages that their SOS was raised or closed.
func SOSChanged(a *lifeline.Alert) Event {
	return event(a.UserID, KindSOS, 0, sosChange{AlertID: a.ID, Open: a.ResolvedAt == nil})
}

// SupportedSOSChanged tells a supporter's pages that the person of their
// care link raised or closed an SOS.
func SupportedSOSChanged(l *lifeline.SOSListener, a *lifeline.Alert) Event {
	return event(l.UserID, KindSOS, 0, sosChange{PersonID: l.ID, Open: a.ResolvedAt == nil})
}

type sosChange struct {
	AlertID  int64 `json:"alertId,omitempty"`
	PersonID int64 `json:"personId,omitempty"`
	Open     bool  `json:"open"`
}

// AskChanged tells the wearer's pages that their ask was sent, answered
// or closed.
func AskChanged(wearerID, askID int64) Event {
	return event(wearerID, KindAsk, 0, askChange{AskID: askID})
}

// NoteArrived tells the wearer's pages that a supporter sent them a note.
func NoteArrived(wearerID, noteID int64) Event {
	return event(wearerID, KindNote, 0, map[string]int64{"noteId": noteID})
}

// SupportedAskChanged tells a supporter's pages that the person of their
// care link sent or closed an ask.
func SupportedAskChanged(supporterID, linkID int64) Event {
	return event(supporterID, KindAsk, 0, askChange{PersonID: linkID})
}

type askChange struct {
	AskID    int64 `json:"askId,omitempty"`
	PersonID int64 `json:"personId,omitempty"`
}

// ClaimChanged tells userID's pages that a supporter took a step on an
// alert: the wearer's own (alertID) or a person they support (personID,
// the care link).
func ClaimChanged(userID, alertID, personID int64) Event {
	return event(userID, KindClaim, 0, claimChange{AlertID: alertID, PersonID: personID})
}

type claimChange struct {
	AlertID  int64 `json:"alertId,omitempty"`
	PersonID int64 `json:"personId,omitempty"`
}

// DeviceRevoked tells every node to close a revoked bracelet's connection.
func DeviceRevoked(userID int64, deviceID string) Event {
	return event(userID, KindRevoked, 0, revoked{ID: deviceID})
}

// DeviceWatched starts or renews a watch lease on every node.
func DeviceWatched(userID int64, w lifeline.DeviceWatch) Event {
	return event(userID, KindWatch, 0, w)
}

type revoked struct {
	ID string `json:"id"`
}

// event encodes data: one of the plain types above, which always encode
// (their numbers come from validated input, never NaN).
func event(userID int64, kind Kind, id int64, data any) Event {
	raw, _ := json.Marshal(data)
	return Event{UserID: userID, Kind: kind, ID: id, Data: raw}
}
