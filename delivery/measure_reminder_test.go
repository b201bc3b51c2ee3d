package delivery

import (
	"strings"
	"testing"
	"time"

	"lifeline"
)

// A questionnaire reminder names no instrument or score (a lock screen may
// show it), links to the questionnaires, and asks gently.
func TestMeasureReminderWords(t *testing.T) {
	now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	m := compose(&lifeline.OutboxItem{Purpose: lifeline.PurposeMeasureReminder, Role: "wearer", IdempotencyKey: "measure:1:2026-11-22:3"}, "https://lifeline.example.org/", now)
	if m.Type != "measure_reminder" || m.URL != "https://lifeline.example.org/measures" || m.Priority != "default" || !strings.Contains(m.Body, m.URL) {
		t.Errorf("message = %+v", m)
	}
	for _, word := range []string{"PHQ", "GAD", "score", "failure", "relapse", "overdue"} {
		if strings.Contains(m.Title+m.Body, word) {
			t.Errorf("the reminder says %q: %s / %s", word, m.Title, m.Body)
		}
	}
}
