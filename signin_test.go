package lifeline_test

import (
	"testing"
	"time"

	"lifeline"
)

func TestBackoffWaitGrowsFromTheFreeFailures(t *testing.T) {
	l := lifeline.DefaultSignInLimits
	last := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		name     string
		failures float64
		since    time.Duration
		want     time.Duration
	}{
		{"no failures", 0, 0, 0},
		{"within the free failures", 4, 0, 0},
		{"first paid failure", 5, 0, time.Second},
		{"second paid failure doubles", 6, 0, 2 * time.Second},
		{"tenth paid failure", 14, 0, 512 * time.Second},
		{"capped", 15, 0, 15 * time.Minute},
		{"capped far beyond", 1e6, 0, 15 * time.Minute},
		{"part of the wait has passed", 6, 1500 * time.Millisecond, 500 * time.Millisecond},
		{"the wait has passed", 6, 3 * time.Second, 0},
		{"forgotten after a day", 1e6, 24 * time.Hour, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := l.BackoffWait(tt.failures, last, last.Add(tt.since)); got != tt.want {
				t.Errorf("BackoffWait(%v, +%v) = %v, want %v", tt.failures, tt.since, got, tt.want)
			}
		})
	}
}

func TestBackoffFailuresAreForgottenAfterADay(t *testing.T) {
	l := lifeline.DefaultSignInLimits
	last := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	if got := l.BackoffFailures(7, last, last.Add(23*time.Hour)); got != 7 {
		t.Errorf("after 23h = %v, want 7", got)
	}
	if got := l.BackoffFailures(7, last, last.Add(24*time.Hour)); got != 0 {
		t.Errorf("after 24h = %v, want 0", got)
	}
}

func TestCeilingDrainsEvenlyOverThePeriod(t *testing.T) {
	l := lifeline.DefaultSignInLimits // 100 an hour at one account: one every 36 s
	at := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		name      string
		level     float64
		since     time.Duration
		wantLevel float64
		wantWait  time.Duration
	}{
		{"empty", 0, 0, 0, 0},
		{"room for one more", 99, 0, 99, 0},
		{"full", 100, 0, 100, 36 * time.Second},
		{"full, 36 s later", 100, 36 * time.Second, 99, 0},
		{"over full", 110, 0, 110, 396 * time.Second},
		{"half an hour drains half", 100, 30 * time.Minute, 50, 0},
		{"drained to empty, never below", 100, 3 * time.Hour, 0, 0},
		{"a clock step back drains nothing", 100, -time.Minute, 100, 36 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			level := l.Drained(tt.level, at, at.Add(tt.since), l.AccountCeiling)
			if level != tt.wantLevel {
				t.Errorf("Drained = %v, want %v", level, tt.wantLevel)
			}
			if got := l.CeilingWait(level, l.AccountCeiling); got != tt.wantWait {
				t.Errorf("CeilingWait(%v) = %v, want %v", level, got, tt.wantWait)
			}
		})
	}
}
