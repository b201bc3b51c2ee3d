package lifeline

import (
	"context"
	"time"
)

// SOSRaiser raises a wearer's SOS at now: the one path that "Alert my
// people now" in the web app and the bracelet's SOS button both take. It
// returns the alert and how many supporters it reaches, and ECONFLICT for
// a second SOS in the same minute (nobody is told twice).
type SOSRaiser interface {
	RaiseSOS(ctx context.Context, wearerID int64, now time.Time) (*Alert, int, error)
}

// SOSWindow is how long one SOS stands: a second press within the same
// minute of the clock tells nobody again.
const SOSWindow = time.Minute
