package lifeline

import (
	"context"
	"fmt"
	"time"
)

// Share links: a wearer lets anyone holding the link see their latest
// position, read-only, for a few hours. No account is needed to open one;
// it ends by itself or when the wearer revokes it.

// ShareHours are the lengths a wearer may choose.
var ShareHours = []int{1, 8, 24}

// MaxActiveShares is how many links may be live at once.
const MaxActiveShares = 10

// ShareOpensKept is how many open times a link keeps, newest first.
const ShareOpensKept = 20

// ShareLink is one link as its wearer sees it.
type ShareLink struct {
	ID        int64     `json:"id"`
	CreatedAt time.Time `json:"createdAt"`
	ExpiresAt time.Time `json:"expiresAt"`
	// OpenCount counts every open; OpenedAt keeps the newest
	// ShareOpensKept, newest first.
	OpenCount int         `json:"openCount"`
	OpenedAt  []time.Time `json:"openedAt"`
}

// NewShare is a new link and its token, shown once.
type NewShare struct {
	Link  *ShareLink `json:"link"`
	Token string     `json:"token"`
}

// SharedView is all an open link shows: the wearer's first name, their
// latest position (nil before the first fix) and when the link ends.
type SharedView struct {
	FirstName string          `json:"firstName"`
	Location  *SharedPosition `json:"location"`
	ExpiresAt time.Time       `json:"expiresAt"`
}

// SharedPosition is where and when, nothing about the device.
type SharedPosition struct {
	Latitude  float64   `json:"latitude"`
	Longitude float64   `json:"longitude"`
	Timestamp time.Time `json:"timestamp"`
}

// ShareGone is the answer for an unknown, expired or revoked link: the
// same for each, so a link's answer tells nothing about other links.
const ShareGone = "This link is no longer shared. It may have expired or been turned off. If you were expecting to see someone's location, ask them for a new link."

// ValidShareHours checks the length a wearer chose.
func ValidShareHours(h int) error {
	for _, ok := range ShareHours {
		if h == ok {
			return nil
		}
	}
	return &Error{Code: EINVALID, Message: "Please check the highlighted fields.",
		Fields: map[string]string{"hours": fmt.Sprintf("Choose %d, %d or %d hours.", ShareHours[0], ShareHours[1], ShareHours[2])}}
}

// ShareService stores share links. Methods naming a link answer ENOTFOUND
// when it is not the wearer's.
type ShareService interface {
	// CreateShare makes a link that ends hours after now; ECONFLICT past
	// MaxActiveShares live links.
	CreateShare(ctx context.Context, userID int64, hours int, now time.Time) (*NewShare, error)
	// FindShares lists the wearer's live links, newest first.
	FindShares(ctx context.Context, userID int64, now time.Time) ([]*ShareLink, error)
	RevokeShare(ctx context.Context, userID, id int64, now time.Time) error
	// OpenShare finds the live link of token and, when opened, records the
	// open. It answers the wearer's id, first name and the link's end;
	// ENOTFOUND (ShareGone) for an unknown, expired or revoked token.
	OpenShare(ctx context.Context, token string, opened bool, now time.Time) (userID int64, firstName string, expiresAt time.Time, err error)
}
