package lifeline

import (
	"context"
	"time"
)

// SignInAttempt names who is trying to sign in: the account's email and
// where the attempt comes from. Device, when set, is a browser that signed
// in to this account before (its signed cookie checked); it is limited on
// its own and passes the ceilings, so the owner gets in during an attack.
type SignInAttempt struct {
	// Email is the normalised address typed in; "" when no account can
	// have it (nothing per account is counted then).
	Email string
	// Client is the client's address as a throttle key (an IPv6 client's
	// /64); "" when unknown.
	Client string
	// Device is the known device's id, "" for any other browser.
	Device string
}

// SignInLimits is the sign-in throttle's policy. A source (a client address
// or a known device) trying one account gets FreeFailures wrong passwords
// in a row for free; after each further one it waits FirstDelay, doubled
// per failure up to MaxDelay. Unknown sources also share two ceilings, each
// a bucket that drains evenly over Period: AccountCeiling wrong passwords
// at one account from every address together (only a distributed attack
// gets there), and ClientCeiling from one address across accounts (password
// spraying). Known devices pass both ceilings.
type SignInLimits struct {
	FreeFailures         int
	FirstDelay, MaxDelay time.Duration
	// ForgetAfter clears a source's failures this long after its last one.
	ForgetAfter                   time.Duration
	AccountCeiling, ClientCeiling int
	Period                        time.Duration
}

// DefaultSignInLimits lets one address make about 17 guesses at an account
// in its first hour and 4 an hour after that, and an account take 100 wrong
// passwords an hour from unknown browsers.
var DefaultSignInLimits = SignInLimits{
	FreeFailures:   5,
	FirstDelay:     time.Second,
	MaxDelay:       15 * time.Minute,
	ForgetAfter:    24 * time.Hour,
	AccountCeiling: 100,
	ClientCeiling:  60,
	Period:         time.Hour,
}

// BackoffWait is how long a source must still wait at now after failures
// wrong passwords in a row, the last at last.
func (l SignInLimits) BackoffWait(failures float64, last, now time.Time) time.Duration {
	if failures < float64(l.FreeFailures) || now.Sub(last) >= l.ForgetAfter {
		return 0
	}
	delay := l.FirstDelay
	for n := float64(l.FreeFailures); n < failures && delay > 0 && delay < l.MaxDelay; n++ {
		delay *= 2
	}
	return max(min(delay, l.MaxDelay)-now.Sub(last), 0)
}

// BackoffFailures is a source's count of failures in a row at now: the
// stored count, or 0 once ForgetAfter has passed since the last.
func (l SignInLimits) BackoffFailures(failures float64, last, now time.Time) float64 {
	if now.Sub(last) >= l.ForgetAfter {
		return 0
	}
	return failures
}

// Drained is a ceiling's level at now, from level at at: the bucket
// empties at ceiling per Period.
func (l SignInLimits) Drained(level float64, at, now time.Time, ceiling int) float64 {
	if l.Period <= 0 {
		return 0
	}
	elapsed := max(now.Sub(at), 0)
	return max(level-float64(ceiling)*elapsed.Seconds()/l.Period.Seconds(), 0)
}

// CeilingWait is how long until a bucket at level (already drained to now)
// has room for one more failure.
func (l SignInLimits) CeilingWait(level float64, ceiling int) time.Duration {
	over := level + 1 - float64(ceiling)
	if over <= 0 || ceiling <= 0 {
		return 0
	}
	return time.Duration(over * float64(l.Period) / float64(ceiling))
}

// SignInThrottle keeps the sign-in counters, shared by every API node.
type SignInThrottle interface {
	// TrySignIn reserves one attempt. When every limit on a lets it
	// through, it counts it as a failure (SignInSucceeded takes that back)
	// and returns 0; otherwise it counts nothing and returns the longest
	// wait in force. Concurrent attempts are counted one at a time, so
	// parallel guesses get no more than serial ones.
	TrySignIn(ctx context.Context, a SignInAttempt, l SignInLimits, now time.Time) (time.Duration, error)
	// SignInSucceeded forgets a's failures in a row and takes its
	// reserved attempt back off the ceilings.
	SignInSucceeded(ctx context.Context, a SignInAttempt) error
	// DeviceKey is the secret that signs known-device cookies: made at
	// random once, the same on every node.
	DeviceKey(ctx context.Context) ([]byte, error)
}
