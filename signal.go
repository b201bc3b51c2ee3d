package lifeline

// PurposeSignalNudge is the daily gentle nudge to a person that their own
// numbers look different from their usual (package signals, docs/signals.md).
// It goes to their own channels, waits out their quiet hours, and never
// says what the signal is: a lock screen may be seen by anyone.
const PurposeSignalNudge = "signal_nudge"

// The nudge's words: nothing about substances, cravings or places.
const (
	SignalNudgeTitle   = "A gentle note from Lifeline"
	SignalNudgeMessage = "Something in your recent days looks a little different from your usual. " +
		"When you have a quiet moment, Lifeline can show you what it noticed and one step from your own plan. " +
		"You can set it aside with \"Not now\"."
	// SignalNudgeLink is where the nudge opens: the dashboard, whose card
	// shows the signals.
	SignalNudgeLink = "/"
)
