package lifeline

import (
	"context"
	"encoding/json"
	"time"
)

// User is a person with a Lifeline account.
type User struct {
	ID        int64  `json:"id"`
	Email     string `json:"email"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	// Timezone is an IANA zone name; "today" and evening reminders use it.
	Timezone string `json:"timezone"`
	// HasPassword is false for accounts that sign in only through OpenID
	// Connect.
	HasPassword bool `json:"hasPassword"`
	// HistoryDays is how many days their location and battery history is
	// kept: one of HistoryChoices.
	HistoryDays int `json:"historyDays"`
	// Phone is their own number as they wrote it ("" when none), shown only
	// to supporters whose grant lets them call or text (Grant.Phone).
	Phone string `json:"phone"`
	// Advanced shows the developer tools (a bracelet's tester view, the
	// simulator's command, raw packets); off until they turn it on.
	Advanced bool `json:"advanced"`
}

// HistoryChoices are the numbers of days a person may keep their location
// and battery history; the last, the longest, is the default.
var HistoryChoices = []int{7, 30, 90, 400}

// Location returns the user's time zone, UTC if it cannot be loaded.
func (u *User) Location() *time.Location {
	if loc, err := time.LoadLocation(u.Timezone); err == nil {
		return loc
	}
	return time.UTC
}

// UserUpdate holds the fields of a profile change; nil fields stay as they are.
type UserUpdate struct {
	FirstName *string
	LastName  *string
	Timezone  *string
	// HistoryDays must be one of HistoryChoices.
	HistoryDays *int
	// Phone "" removes the number.
	Phone    *string
	Advanced *bool
}

// OIDCIdentity is who an OpenID Connect provider says a person is.
type OIDCIdentity struct {
	Issuer, Subject     string
	Email               string // only when the provider verified it
	FirstName, LastName string
}

// UserService stores accounts. Emails are compared normalised (trimmed,
// lower case). Lookups of a missing user return ENOTFOUND.
type UserService interface {
	// CreateUser stores a new local account with an argon2id password hash;
	// ECONFLICT when the email is taken.
	CreateUser(ctx context.Context, u *User, passwordHash string) error
	FindUserByID(ctx context.Context, id int64) (*User, error)
	// FindUserByEmail returns the user and their password hash ("" for
	// accounts without a password).
	FindUserByEmail(ctx context.Context, email string) (*User, string, error)
	// PasswordHash returns the user's password hash, "" when they have none.
	PasswordHash(ctx context.Context, id int64) (string, error)
	// SetPasswordHash sets the password; the account's reset link, if any,
	// stops working.
	SetPasswordHash(ctx context.Context, id int64, hash string) error
	UpdateUser(ctx context.Context, id int64, upd UserUpdate) (*User, error)
	// FindOrCreateOIDCUser returns the account keyed by issuer and subject,
	// creating it on first sign-in. An email already used by another
	// account is not attached (that would let a provider take it over).
	FindOrCreateOIDCUser(ctx context.Context, id OIDCIdentity) (*User, error)
	// DeleteUser removes the account and every row of its data.
	DeleteUser(ctx context.Context, id int64) error
	// ExportUser returns every row of the user's data, table by table, with
	// secrets (password and token hashes) left out.
	ExportUser(ctx context.Context, id int64) (map[string][]json.RawMessage, error)
}

// Session is a signed-in browser. Only a hash of its token is stored.
type Session struct {
	TokenHash  []byte
	UserID     int64
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time
	UserAgent  string
	IP         string
}

// SessionService stores sessions. FindSession returns ENOTFOUND for an
// unknown token.
type SessionService interface {
	CreateSession(ctx context.Context, s *Session) error
	FindSession(ctx context.Context, tokenHash []byte) (*Session, error)
	TouchSession(ctx context.Context, tokenHash []byte, at time.Time) error
	DeleteSession(ctx context.Context, tokenHash []byte) error
	// DeleteUserSessions signs the user out everywhere except the session
	// whose hash is keep (nil: everywhere).
	DeleteUserSessions(ctx context.Context, userID int64, keep []byte) error
}

// ThrottleService counts attempts per key, shared by every node: sign-ups
// and chat messages per fixed window, and sign-ins (SignInThrottle).
type ThrottleService interface {
	// Blocked returns how long key must still wait, 0 when it may try.
	Blocked(ctx context.Context, scope, key string, now time.Time) (time.Duration, error)
	// Fail records a failure; once limit failures fall within window, key
	// is blocked for block. It returns the wait now in force (0 if none).
	Fail(ctx context.Context, scope, key string, limit int, window, block time.Duration, now time.Time) (time.Duration, error)
	SignInThrottle
}
