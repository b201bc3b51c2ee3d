package lifeline

import (
	"context"
	"time"
)

// An SOS ("Alert my people now", or the bracelet's button) tells every
// supporter with the SOS scope at once, and stays open until its wearer
// says "I'm safe now", which tells the same supporters one short line.

// SOSRaiser raises a wearer's SOS at now: the one path that "Alert my
// people now" in the web app and the bracelet's SOS button both take. It
// returns the alert and how many supporters it reaches, and ECONFLICT for
// a second SOS within a minute of the last (nobody is told twice).
type SOSRaiser interface {
	RaiseSOS(ctx context.Context, wearerID int64, now time.Time) (*Alert, int, error)
}

// SOSService is everything about an SOS after the press: the one still
// open, its end, and who it reaches.
type SOSService interface {
	SOSRaiser
	// OpenSOS returns the wearer's newest SOS that they have not closed;
	// ENOTFOUND when there is none.
	OpenSOS(ctx context.Context, wearerID int64) (*Alert, error)
	// ResolveSOS is "I'm safe now": it closes alertID and every other SOS
	// of the wearer still open, stops what is still waiting to be sent
	// about them, and queues one short line to every supporter who was
	// told, once per channel that told them. Closing again changes
	// nothing; ENOTFOUND when alertID is not one of the wearer's SOS
	// alerts.
	ResolveSOS(ctx context.Context, wearerID, alertID int64, now time.Time) (*Alert, error)
	// SOSAudience lists who an SOS would reach now: every active
	// supporter with the SOS scope, and how they would hear.
	SOSAudience(ctx context.Context, wearerID int64) ([]*SOSListener, error)
	// SupportedSOS returns the wearer's newest SOS that reached the
	// supporter, if it is open or was closed after closedSince; ENOTFOUND
	// otherwise.
	SupportedSOS(ctx context.Context, supporterID, wearerID int64, closedSince time.Time) (*Alert, error)
}

// SOSRepeatWindow is how long one press stands: a second press within a
// minute of the last SOS that told people tells nobody again.
const SOSRepeatWindow = time.Minute

// SOSRepeats reports whether a press at now repeats the SOS whose alert
// has key (SOSAlert's): one made within SOSRepeatWindow of it, either way,
// so a press a second after another is one press whatever the clock's
// minute.
func SOSRepeats(key string, now time.Time) bool {
	at, err := time.Parse(time.RFC3339Nano, key)
	return err == nil && now.Sub(at).Abs() < SOSRepeatWindow
}

// SOSWindow is the first hour of an open SOS: the web app keeps sharing
// the wearer's position from the page while it lasts, and supporters read
// it as happening now. After it, the SOS stays open (only its wearer ends
// it) and supporters read when it began.
const SOSWindow = 60 * time.Minute

// SOSResolution is alerts.resolution of an SOS its wearer closed.
const SOSResolution = "They said they're safe now."

// SOSListener is one supporter an SOS reaches, as the wearer's
// confirmation names them: how they will hear, by kind of channel only,
// never an address.
type SOSListener struct {
	ID    int64  `json:"id"` // the care link's id
	Label string `json:"label"`
	// Channels are the kinds of channel they have on (ChannelEmail,
	// ChannelPush, ChannelWebhook, which includes ntfy), sorted; empty:
	// they see it only when they open Lifeline.
	Channels []string `json:"channels"`
	UserID   int64    `json:"-"`
}

// HearsOutsideApp reports whether the supporter has a channel that
// reaches them while Lifeline is closed.
func (l *SOSListener) HearsOutsideApp() bool { return len(l.Channels) > 0 }

// SOSReach is how many supporters an SOS reaches, and how many of them
// have a channel outside the app.
type SOSReach struct {
	Supporters int
	OutsideApp int
}
