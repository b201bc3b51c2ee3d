package lifeline

import (
	"context"
	"time"
)

// Password reset by email: a person who forgot their password asks for a
// link at their account's address; the link carries a one-time token in its
// fragment, works once and for PasswordResetTTL, and only the newest one
// works. Using it sets the new password and signs the account out
// everywhere. Accounts without a password (they sign in through the
// identity provider) are sent nothing: the sign-in page shows them its
// button.

// PasswordResetTTL is how long a reset link works.
const PasswordResetTTL = time.Hour

// ErrResetLinkInvalid answers a reset link that was used, replaced by a
// newer one, expired or never made: the same words for each, so the answer
// says nothing about an account.
var ErrResetLinkInvalid = Errorf(ENOTFOUND, "This link has expired or was already used. Ask for a new one to choose a password.")

// PasswordResetService keeps the reset links.
type PasswordResetService interface {
	// RequestPasswordReset makes a new link (resetBase + token) for the
	// account with this email and a password, replaces its older link
	// (their emails not yet sent are skipped) and queues the email. For any
	// other email it does nothing, in the same single statement. It reports
	// whether an email was queued, for the server's log only.
	RequestPasswordReset(ctx context.Context, email, resetBase string, now time.Time) (bool, error)
	// PasswordResetUser is the account whose link carries token while the
	// link works (ErrResetLinkInvalid otherwise); the link stays unused.
	PasswordResetUser(ctx context.Context, token string, now time.Time) (*User, error)
	// ResetPassword uses the link up, sets the account's password hash and
	// ends every session of the account, all at once; ErrResetLinkInvalid
	// when the link does not work (any more).
	ResetPassword(ctx context.Context, token, passwordHash string, now time.Time) (*User, error)
}

// PasswordResetSubject is the subject of the reset email.
const PasswordResetSubject = "Choose a new Lifeline password"

// PasswordResetMessage is the reset email's text; resetURL carries the
// one-time token, expires is in the account owner's time zone. It names
// nobody: whoever asked typed only an address.
func PasswordResetMessage(resetURL string, expires time.Time) string {
	return `Hi,

Someone asked to reset the password of the Lifeline account that uses this email address. If it was you, open this link to choose a new password:

` + resetURL + `

The link works once and until ` + expires.Format("3:04 PM MST on Monday 2 January") + `. Choosing a new password signs the account out on every device, so you'll sign in again with the new one.

If it wasn't you, you can ignore this email: your password stays as it is.`
}
