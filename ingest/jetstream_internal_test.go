package ingest

import (
	"strings"
	"testing"
)

func TestSubjectTopicUndoesNATSMapping(t *testing.T) {
	for _, tc := range []struct{ subject, topic string }{
		{"bracelets.b1.position", "bracelets/b1/position"},
		{"owntracks.ann.phone", "owntracks/ann/phone"},
		{"owntracks.ann//lee.phone", "owntracks/ann.lee/phone"}, // a "." inside a level
		{"bracelets", "bracelets"},
		{"", ""},
	} {
		if got := subjectTopic(tc.subject); got != tc.topic {
			t.Errorf("subjectTopic(%q) = %q, want %q", tc.subject, got, tc.topic)
		}
	}
}

func FuzzSubjectTopic(f *testing.F) {
	for _, s := range []string{"bracelets.b1.position", "owntracks.ann//lee.phone", "a///b", "//", "."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, subject string) {
		topic := subjectTopic(subject)
		if len(topic) > len(subject) {
			t.Fatalf("subjectTopic(%q) = %q grew", subject, topic)
		}
		if !strings.Contains(subject, "//") && strings.Contains(topic, ".") {
			t.Fatalf("subjectTopic(%q) = %q made a dot from nothing", subject, topic)
		}
	})
}
