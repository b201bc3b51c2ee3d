package wire_test

import (
	"strings"
	"testing"

	"lifeline/ingest/wire"
)

func TestParseTopic(t *testing.T) {
	tests := []struct {
		topic string
		id    string
		kind  wire.Kind
	}{
		{"bracelets/brc_abcd/position", "brc_abcd", wire.KindPosition},
		{"bracelets/brc_A1-b2_C3/battery", "brc_A1-b2_C3", wire.KindBattery},
		{"bracelets/brc_" + strings.Repeat("x", 60) + "/config", "brc_" + strings.Repeat("x", 60), wire.KindConfig},
		{"bracelets/brc_____/position", "brc_____", wire.KindPosition},
	}
	for _, tt := range tests {
		id, kind, err := wire.ParseTopic(tt.topic)
		if err != nil || id != tt.id || kind != tt.kind {
			t.Errorf("ParseTopic(%q) = %q, %v, %v; want %q, %v", tt.topic, id, kind, err, tt.id, tt.kind)
		}
	}
}

func TestParseTopicRejects(t *testing.T) {
	for _, topic := range []string{
		"",
		"bracelets",
		"bracelets/",
		"bracelets/brc_abcd",
		"bracelets/brc_abcd/",
		"bracelets/brc_abcd/location",
		"bracelets/brc_abcd/Position",
		"bracelets/brc_abcd/position/",
		"bracelets/brc_abcd/position/extra",
		"bracelets//position",
		"bracelets/+/position",
		"bracelets/#",
		"bracelets/brc_ab+d/position",
		"bracelets/brc_ab#d/position",
		"bracelets/brc_abc/position",
		"bracelets/brc_" + strings.Repeat("x", 61) + "/position",
		"bracelets/BRC_abcd/position",
		"bracelets/dev_abcd/position",
		"bracelets/brc_abçd/position",
		"bracelets/brc_ab d/position",
		"/bracelets/brc_abcd/position",
		"Bracelets/brc_abcd/position",
		"$share/lifeline/bracelets/brc_abcd/position",
		"bracelets/brc_abcd\x00/position",
	} {
		id, kind, err := wire.ParseTopic(topic)
		if wire.ReasonOf(err) != wire.ReasonBadTopic || id != "" || kind != 0 {
			t.Errorf("ParseTopic(%q) = %q, %v, %v; want a bad_topic error", topic, id, kind, err)
		}
	}
}

func TestTopicsRoundTrip(t *testing.T) {
	const id = "brc_Zx9-_q"
	for kind, topic := range map[wire.Kind]string{
		wire.KindPosition: wire.PositionTopic(id),
		wire.KindBattery:  wire.BatteryTopic(id),
		wire.KindConfig:   wire.ConfigTopic(id),
	} {
		if want := "bracelets/" + id + "/" + kind.String(); topic != want {
			t.Errorf("topic %q, want %q", topic, want)
		}
		gotID, gotKind, err := wire.ParseTopic(topic)
		if err != nil || gotID != id || gotKind != kind {
			t.Errorf("ParseTopic(%q) = %q, %v, %v", topic, gotID, gotKind, err)
		}
	}
	if s := wire.Kind(0).String(); s != "unknown" {
		t.Errorf("the zero Kind is %q", s)
	}
}

func TestValidDeviceID(t *testing.T) {
	for id, want := range map[string]bool{
		"brc_abcd":                       true,
		"brc_" + strings.Repeat("9", 60): true,
		"brc_" + strings.Repeat("9", 61): false,
		"brc_abc":                        false,
		"brc_":                           false,
		"":                               false,
		"brc_ab/cd":                      false,
		"brc_ab+cd":                      false,
		"brc_ab#cd":                      false,
		"brc_ab.cd":                      false,
		"brc_abcd\n":                     false,
		"xbrc_abcd":                      false,
		"brc-abcd":                       false,
		"brc_" + strings.Repeat("é", 4):  false,
	} {
		if got := wire.ValidDeviceID(id); got != want {
			t.Errorf("ValidDeviceID(%q) = %v, want %v", id, got, want)
		}
	}
}
