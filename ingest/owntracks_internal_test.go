package ingest

import (
	"testing"

	"lifeline"
)

func TestFilterMatches(t *testing.T) {
	const topic = "owntracks/brc_phone0001/iphone/cmd"
	tests := []struct {
		filter string
		want   bool
	}{
		{topic, true},
		{"owntracks/brc_phone0001/#", true},
		{"owntracks/brc_phone0001/+/cmd", true},
		{"owntracks/brc_phone0001/iphone/cmd/#", true}, // # also matches its parent level
		{"owntracks/brc_phone0001/+", false},
		{"owntracks/brc_phone0001/+/event", false},
		{"owntracks/brc_phone0001/iphone/cmd/more", false},
		{"owntracks/brc_phone0001/ipad/cmd", false},
	}
	for _, tt := range tests {
		if got := filterMatches(tt.filter, topic); got != tt.want {
			t.Errorf("filterMatches(%q) = %v, want %v", tt.filter, got, tt.want)
		}
	}
}

func FuzzParseOwnTracksTopic(f *testing.F) {
	for _, seed := range []string{"owntracks/brc_a1b2c3d4/phone", "owntracks/brc_a1b2c3d4/phone/cmd", "owntracks//x", "owntracks/+/+", "bracelets/x/position"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, topic string) {
		user, device, sub, ok := parseOwnTracksTopic(topic)
		if !ok {
			return
		}
		rebuilt := OwnTracksRoot + "/" + user + "/" + device
		if sub != "" {
			rebuilt += "/" + sub
		}
		if user == "" || device == "" || rebuilt != topic {
			t.Fatalf("%q split as %q %q %q", topic, user, device, sub)
		}
		if !deviceMayWrite(lifeline.DevicePhone, user, topic) && sub != "cmd" {
			t.Fatalf("%q is in %s's subtree and not its command topic, but its ACL refuses it", topic, user)
		}
	})
}
