package ingest

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"lifeline"
	"lifeline/ingest/wire"
)

func TestDecodePacket(t *testing.T) {
	const device, other = "brc_decode0001", "brc_decode0002"
	from := sender{deviceID: device, userID: 7}
	now := time.Date(2026, 11, 24, 3, 0, 0, 0, time.UTC)
	ts := now.Add(-time.Minute)
	acc, bat := 6.5, 81
	sent := func(seq uint64, at time.Time) wire.Fix {
		return wire.Fix{Seq: seq, TS: at, Lat: 37.7749, Lon: -122.4194, Acc: &acc, Bat: &bat}
	}
	stored := func(seq int64) lifeline.Fix {
		return lifeline.Fix{UserID: 7, DeviceID: device, Source: lifeline.SourceBracelet, Seq: seq, TS: ts,
			Lat: 37.7749, Lon: -122.4194, Accuracy: &acc, Battery: &bat, ReceivedAt: now}
	}
	cases := []struct {
		name    string
		topic   string
		payload []byte
		want    decoded // when accepted
		reason  string  // when refused
	}{
		{name: "one fix is accepted",
			topic: wire.PositionTopic(device), payload: wire.EncodePosition(sent(1, ts)),
			want: decoded{kind: wire.KindPosition, fixes: []lifeline.Fix{stored(1)}}},
		{name: "a batch keeps its order",
			topic: wire.PositionTopic(device), payload: wire.EncodePosition(sent(3, ts), sent(2, ts)),
			want: decoded{kind: wire.KindPosition, fixes: []lifeline.Fix{stored(3), stored(2)}}},
		{name: "a fix without the optional fields is accepted",
			topic: wire.PositionTopic(device), payload: fmt.Appendf(nil, `{"seq":4,"ts":%d,"lat":1.5,"lon":2.5}`, ts.UnixMilli()),
			want: decoded{kind: wire.KindPosition, fixes: []lifeline.Fix{{UserID: 7, DeviceID: device, Source: lifeline.SourceBracelet,
				Seq: 4, TS: ts, Lat: 1.5, Lon: 2.5, ReceivedAt: now}}}},
		{name: "a battery reading is accepted",
			topic: wire.BatteryTopic(device), payload: wire.EncodeBattery(wire.Battery{Seq: 9, TS: ts, Bat: 42, Charging: true}),
			want: decoded{kind: wire.KindBattery, batteries: []lifeline.BatteryReading{{UserID: 7, DeviceID: device,
				Seq: 9, TS: ts, Battery: 42, Charging: true, ReceivedAt: now}}}},
		{name: "a fix just within the future limit is accepted",
			topic: wire.PositionTopic(device), payload: wire.EncodePosition(sent(5, now.Add(wire.DefaultMaxFuture))),
			want: decoded{kind: wire.KindPosition, fixes: []lifeline.Fix{func() lifeline.Fix {
				f := stored(5)
				f.TS = now.Add(wire.DefaultMaxFuture)
				return f
			}()}}},
		{name: "a fix from the future is refused",
			topic: wire.PositionTopic(device), payload: wire.EncodePosition(sent(6, now.Add(wire.DefaultMaxFuture+time.Millisecond))),
			reason: wire.ReasonTSFuture},
		{name: "a battery reading from the future is refused",
			topic: wire.BatteryTopic(device), payload: wire.EncodeBattery(wire.Battery{Seq: 10, TS: now.Add(time.Hour), Bat: 42}),
			reason: wire.ReasonTSFuture},
		{name: "a fix older than the retention window is refused",
			topic: wire.PositionTopic(device), payload: wire.EncodePosition(sent(7, now.Add(-wire.DefaultMaxAge-time.Millisecond))),
			reason: wire.ReasonTSTooOld},
		{name: "a broken payload is refused",
			topic: wire.PositionTopic(device), payload: []byte(`{"seq":1,`),
			reason: wire.ReasonBadJSON},
		{name: "a fix out of range is refused",
			topic: wire.PositionTopic(device), payload: fmt.Appendf(nil, `{"seq":8,"ts":%d,"lat":91,"lon":0}`, ts.UnixMilli()),
			reason: wire.ReasonLatRange},
		{name: "another device's topic is refused",
			topic: wire.PositionTopic(other), payload: wire.EncodePosition(sent(1, ts)),
			reason: wire.ReasonBadTopic},
		{name: "the config topic is refused",
			topic: wire.ConfigTopic(device), payload: wire.EncodeConfig(wire.Config{IntervalS: 30}),
			reason: wire.ReasonBadTopic},
		{name: "an unknown kind is refused",
			topic: "bracelets/" + device + "/status", payload: wire.EncodePosition(sent(1, ts)),
			reason: wire.ReasonBadTopic},
		{name: "a topic of another family is refused",
			topic: "owntracks/someone/" + device, payload: wire.EncodePosition(sent(1, ts)),
			reason: wire.ReasonBadTopic},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := decodePacket(c.topic, c.payload, from, now, wire.Limits{})
			if c.reason != "" {
				if wire.ReasonOf(err) != c.reason {
					t.Fatalf("refusal = %v, want reason %s", err, c.reason)
				}
				if res := logged(got, err); res.reason != c.reason || res.err != err {
					t.Errorf("logged as %+v, want reason %s", res, c.reason)
				}
				return
			}
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("decoded\n%+v\nwant\n%+v", got, c.want)
			}
			if res := logged(got, err); res.kind != c.want.kind || res.fixes != len(c.want.fixes) || res.reason != "" {
				t.Errorf("logged as %+v", res)
			}
		})
	}
}

func TestDecodeOwnTracksPacket(t *testing.T) {
	const device = "brc_phone0001"
	phone := sender{deviceID: device, userID: 7, kind: lifeline.DevicePhone}
	bracelet := sender{deviceID: device, userID: 7, kind: lifeline.DeviceBracelet}
	now := time.Date(2026, 11, 24, 3, 0, 0, 0, time.UTC)
	tst := now.Add(-time.Minute)
	base := "owntracks/" + device + "/iphone"
	location := fmt.Appendf(nil, `{"_type":"location","lat":48.85,"lon":2.29,"tst":%d,"acc":5,"alt":167,"vel":36,"cog":271,"batt":41,"bs":2,"t":"u"}`, tst.Unix())
	num := func(v float64) *float64 { return &v }
	batt := 41
	cases := []struct {
		name    string
		topic   string
		from    sender
		payload []byte
		want    decoded // when accepted
		reason  string  // when refused
	}{
		{name: "a location gives a fix and a battery reading", topic: base, from: phone, payload: location,
			want: decoded{kind: wire.KindPosition,
				fixes: []lifeline.Fix{{UserID: 7, DeviceID: device, Source: lifeline.SourceOwnTracks, TS: tst, Lat: 48.85, Lon: 2.29,
					Accuracy: num(5), Battery: &batt, Altitude: num(167), Speed: num(10), Course: num(271), ReceivedAt: now}},
				batteries: []lifeline.BatteryReading{{UserID: 7, DeviceID: device, TS: tst, Battery: 41, Charging: true, ReceivedAt: now}}}},
		{name: "an lwt is accepted without rows", topic: base, from: phone, payload: []byte(`{"_type":"lwt","tst":1}`)},
		{name: "a subtopic's message is accepted without rows", topic: base + "/waypoints", from: phone, payload: []byte(`{"_type":"waypoints","waypoints":[]}`)},
		{name: "a location out of range is refused", topic: base, from: phone,
			payload: fmt.Appendf(nil, `{"_type":"location","lat":91,"lon":2,"tst":%d}`, tst.Unix()), reason: ReasonBadOwnTracks},
		{name: "iOS's -1 for a speed and course it does not know, and a field no app sends, are dropped; the fix is kept", topic: base, from: phone,
			payload: fmt.Appendf(nil, `{"_type":"location","lat":1,"lon":2,"tst":%d,"vel":-1,"cog":-1,"secret":1}`, tst.Unix()),
			want: decoded{kind: wire.KindPosition,
				fixes: []lifeline.Fix{{UserID: 7, DeviceID: device, Source: lifeline.SourceOwnTracks, TS: tst, Lat: 1, Lon: 2, ReceivedAt: now}},
				dropped: []lifeline.FieldDrop{{Field: "secret", Reason: lifeline.DropUnknownField, Count: 1},
					{Field: "vel", Reason: lifeline.DropNotKnown, Count: 1}, {Field: "cog", Reason: lifeline.DropNotKnown, Count: 1}}}},
		{name: "a time an hour ahead is refused", topic: base, from: phone,
			payload: fmt.Appendf(nil, `{"_type":"location","lat":1,"lon":2,"tst":%d}`, now.Add(time.Hour).Unix()), reason: ReasonBadOwnTracks},
		{name: "another device's subtree is refused", topic: "owntracks/brc_phone0002/iphone", from: phone, payload: location, reason: wire.ReasonBadTopic},
		{name: "a bracelet may not speak OwnTracks", topic: base, from: bracelet, payload: location, reason: wire.ReasonBadTopic},
		{name: "a phone may not speak the bracelet contract", topic: wire.PositionTopic(device), from: phone,
			payload: wire.EncodePosition(wire.Fix{Seq: 1, TS: tst, Lat: 1, Lon: 2}), reason: wire.ReasonBadTopic},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := decodePacket(c.topic, c.payload, c.from, now, wire.Limits{})
			if c.reason != "" {
				if wire.ReasonOf(err) != c.reason {
					t.Fatalf("refusal = %v, want reason %s", err, c.reason)
				}
				return
			}
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("decoded\n%+v\nwant\n%+v", got, c.want)
			}
		})
	}
}

// FuzzDecodePacket checks what decodePacket promises for any topic and
// payload: rows only for the sender, stamped with the receive time, or a
// refusal with a reason of the contract.
func FuzzDecodePacket(f *testing.F) {
	const device = "brc_fuzz0001"
	now := time.Date(2026, 11, 24, 3, 0, 0, 0, time.UTC)
	f.Add(wire.PositionTopic(device), wire.EncodePosition(wire.Fix{Seq: 1, TS: now, Lat: 1, Lon: 2}), false)
	f.Add(wire.BatteryTopic(device), wire.EncodeBattery(wire.Battery{Seq: 1, TS: now, Bat: 50}), false)
	f.Add(wire.ConfigTopic(device), []byte(`{"interval_s":30}`), false)
	f.Add("bracelets/brc_other0001/position", []byte(`[]`), false)
	f.Add("owntracks/"+device+"/phone", []byte(`{"_type":"location","lat":1,"lon":2,"tst":1795489200,"batt":80,"bs":2}`), true)
	f.Add("owntracks/"+device+"/phone", []byte(`{"_type":"lwt","tst":1795489200}`), true)
	f.Add("owntracks/"+device+"/phone/event", []byte(`{"_type":"transition"}`), true)
	f.Add("owntracks/brc_other0001/phone", []byte(`{"_type":"location","lat":1,"lon":2,"tst":1795489200}`), true)
	f.Add("owntracks/"+device+"/phone", []byte(`{"_type":"location","lat":1,"lon":2,"tst":1795489200}`), false)
	reasons := map[string]bool{ReasonBadOwnTracks: true}
	for _, r := range wire.Reasons() {
		reasons[r] = true
	}
	f.Fuzz(func(t *testing.T, topic string, payload []byte, phone bool) {
		from := sender{deviceID: device, userID: 3, kind: lifeline.DeviceBracelet}
		if phone {
			from.kind = lifeline.DevicePhone
		}
		got, err := decodePacket(topic, payload, from, now, wire.Limits{})
		if err != nil {
			if !reasons[wire.ReasonOf(err)] {
				t.Fatalf("refused for %q, not a reason of the contract: %v", wire.ReasonOf(err), err)
			}
			return
		}
		if !phone && len(got.fixes)+len(got.batteries) == 0 {
			t.Fatal("accepted a bracelet packet without rows")
		}
		if got.kind == wire.KindPosition && len(got.fixes) == 0 {
			t.Fatal("accepted a position without fixes")
		}
		for _, fx := range got.fixes {
			if fx.DeviceID != device || fx.UserID != 3 || !fx.ReceivedAt.Equal(now) || fx.TS.After(now.Add(wire.DefaultMaxFuture)) {
				t.Fatalf("fix %+v is not the sender's, received now", fx)
			}
		}
		for _, b := range got.batteries {
			if b.DeviceID != device || b.UserID != 3 || !b.ReceivedAt.Equal(now) || b.TS.After(now.Add(wire.DefaultMaxFuture)) {
				t.Fatalf("battery reading %+v is not the sender's, received now", b)
			}
		}
	})
}
