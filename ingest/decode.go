package ingest

import (
	"strings"
	"time"

	"lifeline"
	"lifeline/ingest/wire"
)

// sender is who published a packet and who owns it: on the embedded broker
// the device its connection authenticated as, on an outside broker the
// device its topic names.
type sender struct {
	deviceID string
	userID   int64
	kind     string // lifeline.DeviceBracelet or DevicePhone ("": a bracelet)
}

// decoded is a packet the contract accepts, as rows for the writer.
type decoded struct {
	kind      wire.Kind
	fixes     []lifeline.Fix
	batteries []lifeline.BatteryReading
	sos       *SOSPress // the SOS button was pressed (fixes holds its position, if sent)
	// dropped are the optional values left out of the fixes (phones only).
	dropped []lifeline.FieldDrop
}

// decodePacket is the one way a published packet becomes rows, whichever
// broker it came through. The topic must be one the sender publishes to,
// and the payload must keep the wire contract with now as the receive time,
// which also stamps each row's ReceivedAt. A refused packet's error is a
// *wire.Error: wire.ReasonOf names the reason, the metric label.
//
// Each topic family has its own codec: bracelets/… the wire contract's
// (bracelets only), owntracks/… OwnTracks' (phones only).
func decodePacket(topic string, payload []byte, from sender, now time.Time, limits wire.Limits) (decoded, error) {
	if strings.HasPrefix(topic, OwnTracksRoot+"/") {
		return decodeOwnTracks(topic, payload, from, now, limits)
	}
	id, kind, err := wire.ParseTopic(topic)
	if err != nil || id != from.deviceID || from.kind == lifeline.DevicePhone {
		return decoded{}, &wire.Error{Reason: wire.ReasonBadTopic, Packet: "topic", Index: -1, Detail: "not this device's topic: " + topic}
	}
	switch kind {
	case wire.KindPosition:
		sent, err := wire.DecodePositions(payload, now, limits)
		if err != nil {
			return decoded{}, err
		}
		fixes := make([]lifeline.Fix, len(sent))
		for i, f := range sent {
			fixes[i] = lifeline.Fix{
				UserID: from.userID, DeviceID: from.deviceID, Source: lifeline.SourceBracelet, Seq: int64(f.Seq), TS: f.TS,
				Lat: f.Lat, Lon: f.Lon, Accuracy: f.Acc, Battery: f.Bat, ReceivedAt: now,
			}
		}
		return decoded{kind: kind, fixes: fixes}, nil
	case wire.KindBattery:
		b, err := wire.DecodeBattery(payload, now, limits)
		if err != nil {
			return decoded{}, err
		}
		return decoded{kind: kind, batteries: []lifeline.BatteryReading{{
			UserID: from.userID, DeviceID: from.deviceID, Seq: int64(b.Seq), TS: b.TS, Battery: b.Bat, Charging: b.Charging, ReceivedAt: now,
		}}}, nil
	case wire.KindSOS:
		return decodeSOS(payload, from, now, limits)
	default:
		return decoded{}, &wire.Error{Reason: wire.ReasonBadTopic, Packet: "topic", Index: -1, Detail: "devices do not publish to " + topic}
	}
}

// logged is what the packet log keeps of a packet: what it held, or why it
// was refused.
func logged(p decoded, err error) packetResult {
	if err != nil {
		return packetResult{reason: wire.ReasonOf(err), err: err}
	}
	return packetResult{kind: p.kind, fixes: len(p.fixes), dropped: p.dropped}
}
