package lifeline

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"time"
)

// Device is a GPS bracelet or a phone running a tracking app, paired to a
// user. Its token is shown once, at pairing; only a hash is stored.
type Device struct {
	ID     string `json:"id"`
	UserID int64  `json:"-"`
	Name   string `json:"name"`
	// Kind is DeviceBracelet or DevicePhone.
	Kind        string     `json:"kind"`
	CreatedAt   time.Time  `json:"createdAt"`
	RevokedAt   *time.Time `json:"revokedAt,omitempty"`
	LastSeenAt  *time.Time `json:"lastSeenAt"`
	LastFixAt   *time.Time `json:"lastFixAt"`
	LastBattery *int       `json:"lastBattery"`
	IntervalS   int        `json:"intervalS"`
	Charging    *bool      `json:"charging"`
	// Connected is whether the bracelet holds a live MQTT connection now.
	Connected bool `json:"connected"`
	// Health is one of the Health* states; BatteryTimeLeftMinutes is the
	// estimate from the recent discharge, null when there is none.
	Health                 string `json:"health"`
	BatteryTimeLeftMinutes *int   `json:"batteryTimeLeftMinutes"`
	// RefusedToday is how many of the device's reports were refused today,
	// the owner's day, and LastRefusal the latest of them (nil: none).
	RefusedToday int      `json:"refusedToday"`
	LastRefusal  *Refusal `json:"lastRefusal"`
	// RefusedOn is the day (2006-01-02) RefusedToday counted when it was
	// stored; TodaysRefusals forgets another day's.
	RefusedOn string `json:"-"`
}

// TodaysRefusals clears the refusals of a day other than today (a date,
// 2006-01-02, in the owner's time zone).
func (d *Device) TodaysRefusals(today string) {
	if d.RefusedOn != today {
		d.RefusedToday, d.LastRefusal = 0, nil
	}
}

// DeviceCredentials is what the broker checks at connect.
type DeviceCredentials struct {
	DeviceID  string
	UserID    int64
	TokenHash []byte
	// RevokedAt is when it was revoked (zero when it is not): what a broker
	// cluster accepted from it before then is still its owner's.
	RevokedAt time.Time
	// Kind says which protocol the device speaks over MQTT: a bracelet the
	// wire contract, a phone OwnTracks.
	Kind string
}

// Revoked reports whether the device has been revoked.
func (c *DeviceCredentials) Revoked() bool { return !c.RevokedAt.IsZero() }

// DeviceService stores devices (bracelets and phones). Methods taking a userID only see that
// user's devices (ENOTFOUND otherwise).
type DeviceService interface {
	CreateDevice(ctx context.Context, d *Device, tokenHash []byte) error
	FindDevices(ctx context.Context, userID int64) ([]*Device, error)
	// FindDevice returns one of the user's active devices.
	FindDevice(ctx context.Context, userID int64, deviceID string) (*Device, error)
	// RenameDevice renames one of the user's active devices.
	RenameDevice(ctx context.Context, userID int64, deviceID, name string) (*Device, error)
	// RevokeDevice marks the device revoked; it can never connect again.
	RevokeDevice(ctx context.Context, userID int64, deviceID string) error
	// DeviceCredentials looks a device up for authentication, whoever owns it.
	DeviceCredentials(ctx context.Context, deviceID string) (*DeviceCredentials, error)
	// BatteryHistory returns the device's battery levels since a time,
	// oldest first.
	BatteryHistory(ctx context.Context, deviceID string, since time.Time) ([]BatteryPoint, error)
}

// Device kinds.
const (
	DeviceBracelet = "bracelet"
	DevicePhone    = "phone"
)

// ValidDeviceKind reports whether kind is one of the device kinds.
func ValidDeviceKind(kind string) bool { return kind == DeviceBracelet || kind == DevicePhone }

// Fix sources: a bracelet, one of the phone apps' protocols, or the
// browser's "Share My Location" (stored as "manual" before migration 0016,
// read back as SourceBrowser).
const (
	SourceBracelet  = "bracelet"
	SourceOwnTracks = "owntracks"
	SourceOverland  = "overland"
	SourceOsmAnd    = "osmand"
	SourceBrowser   = "browser"
)

// Fix is one position: from a device (DeviceID set; Seq is the bracelet's
// sequence number, 0 for a phone app) or shared by the browser (Source
// browser, no device). (DeviceID, TS, Seq) identifies a device's fix, so a
// re-sent one is stored once.
type Fix struct {
	UserID   int64
	DeviceID string
	Source   string
	Seq      int64
	TS       time.Time
	Lat, Lon float64
	Accuracy *float64 // metres
	Battery  *int
	// Altitude (metres above sea level), Speed (metres per second) and
	// Course (degrees from north) are nil when the source does not send
	// them (bracelets never do).
	Altitude, Speed, Course *float64
	ReceivedAt              time.Time
}

// BatteryReading is a bracelet's battery packet.
type BatteryReading struct {
	UserID     int64
	DeviceID   string
	Seq        int64
	TS         time.Time
	Battery    int
	Charging   bool
	ReceivedAt time.Time
}

// StoredFix is a fix as stored (the locations table) and as the web app reads it (docs/spec.md §3).
type StoredFix struct {
	ID           int64     `json:"id"`
	Latitude     float64   `json:"latitude"`
	Longitude    float64   `json:"longitude"`
	Accuracy     *float64  `json:"accuracy"`
	Timestamp    time.Time `json:"timestamp"`
	BatteryLevel *int      `json:"batteryLevel"`
	Source       string    `json:"source"`
	DeviceID     string    `json:"deviceId,omitempty"`
}

// FixFilter selects a user's locations, newest first.
type FixFilter struct {
	From, To time.Time // zero: open
	Limit    int
}

// FixStore writes fixes and battery readings in batches. A fix already
// stored (same device, time and sequence) is skipped, not an error.
// activity (often nil) moves devices' health columns forward in the same
// transaction; see DeviceActivities.
type FixStore interface {
	WriteFixes(ctx context.Context, fixes []Fix, batteries []BatteryReading, activity []DeviceActivity) error
	FindFixes(ctx context.Context, userID int64, f FixFilter) ([]*StoredFix, error)
	// LatestFix returns ENOTFOUND when the user has no fix yet.
	LatestFix(ctx context.Context, userID int64) (*StoredFix, error)
}

// FixWriter takes fixes from every path (bracelets, the browser) and
// returns once they are durably stored.
type FixWriter interface {
	Write(ctx context.Context, fixes []Fix, batteries []BatteryReading) error
}

// DeviceConnections tells which bracelets are connected. (A revoked
// bracelet is cut off by the node holding its connection, told through
// the live events.)
type DeviceConnections interface {
	Connected(deviceID string) bool
}

// FixObserver is told about every committed fix, whichever path it came
// by; the geofence engine is one.
type FixObserver interface {
	ObserveFixes(ctx context.Context, fixes []Fix)
}

// NewDeviceID returns a fresh bracelet id: "brc_" and 16 random characters
// that are safe in MQTT topics and client IDs.
func NewDeviceID() string {
	const alphabet = "abcdefghijkmnpqrstuvwxyz23456789" // no 0/o, 1/l: read aloud and typed by testers
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on Linux
	}
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return "brc_" + string(b)
}

// NewDeviceToken returns a random token for a bracelet and the hash that is
// stored in its place. The token has 256 bits of entropy, so a fast hash is
// safe here (and keeps connection storms cheap).
func NewDeviceToken() (token string, hash []byte) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, HashDeviceToken(token)
}

// AuthenticateBrokerDevice is the rule an outside broker's CONNECT meets,
// whichever way the broker asks (POST /internal/mqtt/auth, the NATS auth
// callout): username is the device ID, password its current token, and the
// client ID the device ID too, so no device takes over another's session.
// It returns the device's credentials when admitted; ENOTFOUND when the
// username is no device (the broker may know it otherwise: a worker);
// EUNAUTHORIZED for a revoked device, a wrong token or another client ID;
// any other error when the store could not answer.
func AuthenticateBrokerDevice(ctx context.Context, devices DeviceService, clientID, username, password string) (*DeviceCredentials, error) {
	creds, err := devices.DeviceCredentials(ctx, username)
	if err != nil {
		return nil, err
	}
	if creds.Revoked() || clientID != username ||
		subtle.ConstantTimeCompare(HashDeviceToken(password), creds.TokenHash) != 1 {
		return nil, Errorf(EUNAUTHORIZED, "Device %s may not connect.", username)
	}
	return creds, nil
}

// HashDeviceToken is the stored form of a device token.
func HashDeviceToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// FixObservers tells each of several observers, in order.
type FixObservers []FixObserver

func (os FixObservers) ObserveFixes(ctx context.Context, fixes []Fix) {
	for _, o := range os {
		o.ObserveFixes(ctx, fixes)
	}
}
