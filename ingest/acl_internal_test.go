package ingest

import (
	"slices"
	"strings"
	"testing"

	"lifeline"
	"lifeline/ingest/wire"
)

func TestDeviceRule(t *testing.T) {
	const me, other = "brc_me000001", "brc_other0001"
	const bracelet, phone = lifeline.DeviceBracelet, lifeline.DevicePhone
	tests := []struct {
		kind, topic string
		write, read bool
	}{
		{bracelet, "bracelets/" + me + "/position", true, false},
		{bracelet, "bracelets/" + me + "/battery", true, false},
		{bracelet, "bracelets/" + me + "/sos", true, false},
		{bracelet, "bracelets/" + me + "/steps", true, false}, // let in, rejected as bad_topic
		{bracelet, "bracelets/" + me + "/config", false, true},
		{bracelet, "bracelets/" + me + "/config/x", true, false},
		{bracelet, "bracelets/" + me + "/", false, false},
		{bracelet, "bracelets/" + me, false, false},
		{bracelet, "bracelets/" + me + "/#", false, false},
		{bracelet, "bracelets/" + me + "/+", false, false},
		{bracelet, "bracelets/+/position", false, false},
		{bracelet, "bracelets/" + other + "/position", false, false},
		{bracelet, "bracelets/" + other + "/config", false, false},
		{bracelet, "bracelets/" + me + "x/position", false, false},
		{bracelet, "owntracks/" + me + "/iphone", false, false},
		{bracelet, "$SYS/broker", false, false},
		{phone, "owntracks/" + me + "/iphone", true, true},
		{phone, "owntracks/" + me + "/iphone/event", true, true},
		{phone, "owntracks/" + me + "/iphone/cmd", false, true},
		{phone, "owntracks/" + me + "//cmd", false, true},
		{phone, "owntracks/" + me + "/iphone/cmd/x", true, true},
		{phone, "owntracks/" + me + "/#", false, true},
		{phone, "owntracks/" + me + "/+/cmd", false, true},
		{phone, "owntracks/" + me + "/", false, false},
		{phone, "owntracks/+/+", false, false},
		{phone, "owntracks/" + other + "/iphone", false, false},
		{phone, "owntracks/" + other + "/iphone/cmd", false, false},
		{phone, "bracelets/" + me + "/position", false, false},
		{phone, "bracelets/" + me + "/config", false, false},
	}
	for _, tt := range tests {
		if got := deviceMayWrite(tt.kind, me, tt.topic); got != tt.write {
			t.Errorf("%s may write %s: %v, want %v", tt.kind, tt.topic, got, tt.write)
		}
		if got := deviceMayRead(tt.kind, me, tt.topic); got != tt.read {
			t.Errorf("%s may read %s: %v, want %v", tt.kind, tt.topic, got, tt.read)
		}
	}
}

// FuzzDeviceMayWrite holds the rule to what it promises for any topic a
// device names (in a PUBLISH or a Will): only inside its own subtree, no
// wildcard, never a topic the server writes.
func FuzzDeviceMayWrite(f *testing.F) {
	for _, seed := range []string{"bracelets/brc_me000001/position", "bracelets/brc_me000001/config", "owntracks/brc_me000001/iphone",
		"owntracks/brc_me000001/iphone/cmd", "owntracks/brc_me000001//cmd", "bracelets/brc_me000001/+", "owntracks/+/+", "$SYS/x"} {
		f.Add(seed, false)
		f.Add(seed, true)
	}
	const me = "brc_me000001"
	f.Fuzz(func(t *testing.T, topic string, isPhone bool) {
		kind := lifeline.DeviceBracelet
		if isPhone {
			kind = lifeline.DevicePhone
		}
		if !deviceMayWrite(kind, me, topic) {
			return
		}
		prefix := wire.TopicRoot + "/" + me + "/"
		if isPhone {
			prefix = OwnTracksRoot + "/" + me + "/"
		}
		switch {
		case !strings.HasPrefix(topic, prefix) || len(topic) == len(prefix):
			t.Fatalf("%s may write %q, outside %s", kind, topic, prefix)
		case strings.ContainsAny(topic, "+#"):
			t.Fatalf("%s may write the wildcard %q", kind, topic)
		case topic == wire.ConfigTopic(me):
			t.Fatalf("a bracelet may write its config")
		}
		if _, _, sub, ok := parseOwnTracksTopic(topic); isPhone && ok && sub == "cmd" {
			t.Fatalf("a phone may write its command topic %q", topic)
		}
		if strings.Count(topic, "/") == 3 && strings.HasSuffix(topic, "/cmd") && isPhone {
			t.Fatalf("a phone may write %q, a command topic of some device name", topic)
		}
	})
}

// TestNATSSubjectsSayTheRule checks the auth callout's permissions against
// the rule: every subject a device is granted, as the MQTT topic it stands
// for (a "*" level as one concrete name), is one the device may write or
// read, and each kind is granted the topics its contract needs.
func TestNATSSubjectsSayTheRule(t *testing.T) {
	const me = "brc_me000001"
	topic := func(subject string) string {
		return strings.ReplaceAll(strings.ReplaceAll(subjectTopic(subject), "*", "iphone"), ">", "#")
	}
	for _, tt := range []struct {
		kind                string
		wantWrite, wantRead []string
	}{
		{lifeline.DeviceBracelet,
			[]string{"bracelets/" + me + "/position", "bracelets/" + me + "/battery", "bracelets/" + me + "/sos"},
			[]string{"bracelets/" + me + "/config"}},
		{lifeline.DevicePhone,
			[]string{"owntracks/" + me + "/iphone", "owntracks/" + me + "/iphone/event", "owntracks/" + me + "/iphone/waypoints"},
			[]string{"owntracks/" + me + "/#"}},
	} {
		publish, subscribe := NATSSubjects(tt.kind, me)
		var writes, reads []string
		for _, s := range publish {
			if !deviceMayWrite(tt.kind, me, topic(s)) {
				t.Errorf("%s: granted publish %s, which the rule refuses", tt.kind, s)
			}
			writes = append(writes, topic(s))
		}
		for _, s := range subscribe {
			if !deviceMayRead(tt.kind, me, topic(s)) {
				t.Errorf("%s: granted subscribe %s, which the rule refuses", tt.kind, s)
			}
			reads = append(reads, topic(s))
		}
		for _, want := range tt.wantWrite {
			if !slices.Contains(writes, want) {
				t.Errorf("%s: may not publish %s (granted %v)", tt.kind, want, writes)
			}
		}
		for _, want := range tt.wantRead {
			if !slices.Contains(reads, want) {
				t.Errorf("%s: may not subscribe %s (granted %v)", tt.kind, want, reads)
			}
		}
	}
}
