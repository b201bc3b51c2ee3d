package api

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"lifeline"
)

// deviceCookie marks a browser its owner signed in from: a random device id
// and an HMAC of it, the account's id and its password hash under a key
// kept in the database, so a new password makes every browser unknown
// until it signs in again. It is no session (it signs nobody in); it lets
// the owner past the ceilings while someone else guesses at the account.
const (
	deviceCookie    = "lifeline_device"
	deviceCookieAge = 365 * 24 * time.Hour
	deviceIDBytes   = 16
)

// deviceKeyCache holds the signing key once read: it never changes.
type deviceKeyCache struct {
	mu  sync.Mutex
	key []byte
}

func (c *deviceKeyCache) get(ctx context.Context, throttle lifeline.SignInThrottle) ([]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.key == nil {
		key, err := throttle.DeviceKey(ctx)
		if err != nil {
			return nil, err
		}
		c.key = key
	}
	return c.key, nil
}

func deviceMAC(key []byte, userID int64, passwordHash, device string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("lifeline known device\n" + strconv.FormatInt(userID, 10) + "\n" + passwordHash + "\n" + device))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// knownDevice is the id in the browser's device cookie when that cookie
// was signed for user with this password hash, "" otherwise (no cookie,
// another account's, an old password's, forged).
func (s *Server) knownDevice(r *http.Request, user *lifeline.User, passwordHash string) (string, error) {
	c, err := r.Cookie(deviceCookie)
	if err != nil || user == nil {
		return "", nil
	}
	device, mac, ok := strings.Cut(c.Value, ".")
	if !ok || base64.RawURLEncoding.DecodedLen(len(device)) != deviceIDBytes {
		return "", nil
	}
	key, err := s.devKey.get(r.Context(), s.cfg.Throttle)
	if err != nil {
		return "", err
	}
	if !hmac.Equal([]byte(mac), []byte(deviceMAC(key, user.ID, passwordHash, device))) {
		return "", nil
	}
	return device, nil
}

// rememberDevice signs this browser's device id (device, or a new one) for
// user and passwordHash and sets the cookie for another year. The cookie
// travels only to /api/auth and never to scripts.
func (s *Server) rememberDevice(w http.ResponseWriter, r *http.Request, user *lifeline.User, passwordHash, device string) error {
	key, err := s.devKey.get(r.Context(), s.cfg.Throttle)
	if err != nil {
		return err
	}
	if device == "" {
		raw := make([]byte, deviceIDBytes)
		if _, err := rand.Read(raw); err != nil {
			return err
		}
		device = base64.RawURLEncoding.EncodeToString(raw)
	}
	http.SetCookie(w, &http.Cookie{
		Name:     deviceCookie,
		Value:    device + "." + deviceMAC(key, user.ID, passwordHash, device),
		Path:     "/api/auth",
		MaxAge:   int(deviceCookieAge.Seconds()),
		HttpOnly: true,
		Secure:   s.secureCookies(),
		SameSite: http.SameSiteStrictMode,
	})
	return nil
}
