package delivery

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"lifeline"
)

// Web push: RFC 8030 (the push service's protocol), RFC 8291 (the payload
// encrypted for the browser, aes128gcm of RFC 8188) and RFC 8292 (VAPID:
// the server signs each request with its key, which the browser was told
// when it subscribed).

// PushPayload is what the service worker receives: small, because push
// services cap a message at 4 KB.
type PushPayload struct {
	Title   string `json:"title"`
	Body    string `json:"body"`
	URL     string `json:"url"`
	AlertID int64  `json:"alertId,omitempty"`
	// Tag replaces an earlier notification of the same alert.
	Tag  string `json:"tag"`
	Type string `json:"type"` // the alert type, or "test"
	// ClaimToken and ClaimURL: the service worker's "I'm on it" action
	// posts {"token"} to ClaimURL (a supporter's alert only).
	ClaimToken string `json:"claimToken,omitempty"`
	ClaimURL   string `json:"claimUrl,omitempty"`
}

// pushTTL is how long a push service keeps a message for a browser that
// is offline: an alert older than a day helps nobody.
const pushTTL = 24 * time.Hour

// recordSize is the aes128gcm record size; one record holds any payload.
const recordSize = 4096

// errPushGone marks a subscription the push service no longer knows.
var errPushGone = errors.New("push subscription gone")

// vapid holds the server's signing key, loaded once from the store.
type vapid struct {
	mu     sync.Mutex
	keys   lifeline.PushKeys
	key    *ecdsa.PrivateKey
	public string // base64url of the uncompressed point
}

func (v *vapid) load(ctx context.Context) (*ecdsa.PrivateKey, string, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.key != nil {
		return v.key, v.public, nil
	}
	if v.keys == nil {
		return nil, "", permanent(errors.New("web push is not configured on this server"))
	}
	k, err := v.keys.VAPIDKeys(ctx)
	if err != nil {
		return nil, "", err
	}
	key, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), k.Private)
	if err != nil {
		return nil, "", permanent(fmt.Errorf("VAPID key: %w", err))
	}
	v.key, v.public = key, base64.RawURLEncoding.EncodeToString(k.Public)
	return v.key, v.public, nil
}

// vapidJWT signs the RFC 8292 token for endpoint's origin (ES256).
func vapidJWT(key *ecdsa.PrivateKey, endpoint, subject string, now time.Time) (string, error) {
	u, err := url.Parse(endpoint)
	if err != nil {
		return "", permanent(fmt.Errorf("push endpoint: %w", err))
	}
	claims, err := json.Marshal(map[string]any{"aud": u.Scheme + "://" + u.Host, "exp": now.Add(12 * time.Hour).Unix(), "sub": subject})
	if err != nil {
		return "", permanent(err)
	}
	enc := base64.RawURLEncoding
	signed := enc.EncodeToString([]byte(`{"typ":"JWT","alg":"ES256"}`)) + "." + enc.EncodeToString(claims)
	digest := sha256.Sum256([]byte(signed))
	r, s, err := ecdsa.Sign(rand.Reader, key, digest[:])
	if err != nil {
		return "", err
	}
	sig := make([]byte, 64)
	r.FillBytes(sig[:32])
	s.FillBytes(sig[32:])
	return signed + "." + enc.EncodeToString(sig), nil
}

// encryptPush encrypts plaintext for a browser (RFC 8291 §3 and RFC 8188)
// with a fresh ephemeral key and salt.
func encryptPush(plaintext, uaPublic, authSecret []byte) ([]byte, error) {
	asPrivate, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return nil, err
	}
	return encryptPushWith(plaintext, uaPublic, authSecret, asPrivate, salt)
}

// encryptPushWith is encryptPush with the ephemeral key and salt given (the
// RFC's example fixes them).
func encryptPushWith(plaintext, uaPublic, authSecret []byte, asPrivate *ecdh.PrivateKey, salt []byte) ([]byte, error) {
	if len(authSecret) != 16 || len(salt) != 16 {
		return nil, permanent(errors.New("push keys: the auth secret and salt are 16 bytes"))
	}
	if len(plaintext)+1+16 > recordSize {
		return nil, permanent(errors.New("push message too long"))
	}
	ua, err := ecdh.P256().NewPublicKey(uaPublic)
	if err != nil {
		return nil, permanent(fmt.Errorf("push keys: %w", err))
	}
	shared, err := asPrivate.ECDH(ua)
	if err != nil {
		return nil, permanent(fmt.Errorf("push keys: %w", err))
	}
	asPublic := asPrivate.PublicKey().Bytes()
	// IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" 0x00 ua_public as_public, 32)
	info := append(append([]byte("WebPush: info\x00"), uaPublic...), asPublic...)
	ikm, err := hkdf.Key(sha256.New, shared, authSecret, string(info), 32)
	if err != nil {
		return nil, err
	}
	cek, err := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: aes128gcm\x00", 16)
	if err != nil {
		return nil, err
	}
	nonce, err := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: nonce\x00", 12)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	// The header: salt, record size, key id (the ephemeral public key).
	out := make([]byte, 0, 16+4+1+len(asPublic)+len(plaintext)+1+gcm.Overhead())
	out = append(out, salt...)
	out = binary.BigEndian.AppendUint32(out, recordSize)
	out = append(out, byte(len(asPublic)))
	out = append(out, asPublic...)
	// One record, the last: the plaintext, then the delimiter 0x02.
	record := append(append([]byte{}, plaintext...), 2)
	return gcm.Seal(out, nonce, record, nil), nil
}

// sendPush encrypts p for the push channel and posts it to its push
// service. 404 and 410 answer errPushGone; 429 and 5xx are retried; other
// refusals are permanent.
func (w *Worker) sendPush(ctx context.Context, item *lifeline.OutboxItem, p PushPayload, urgent bool) error {
	key, public, err := w.vapid.load(ctx)
	if err != nil {
		return err
	}
	uaPublic, err1 := base64.RawURLEncoding.DecodeString(item.P256dh)
	auth, err2 := base64.RawURLEncoding.DecodeString(item.Auth)
	if err := errors.Join(err1, err2); err != nil {
		return permanent(fmt.Errorf("push keys: %w", err))
	}
	plaintext, err := json.Marshal(p)
	if err != nil {
		return permanent(err)
	}
	body, err := encryptPush(plaintext, uaPublic, auth)
	if err != nil {
		return err
	}
	jwt, err := vapidJWT(key, item.Address, w.vapidSubject(), w.cfg.Now())
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, item.Address, bytes.NewReader(body))
	if err != nil {
		return permanent(fmt.Errorf("push endpoint: %w", err))
	}
	req.Header.Set("Content-Type", "application/octet-stream")
	req.Header.Set("Content-Encoding", "aes128gcm")
	req.Header.Set("TTL", strconv.Itoa(int(pushTTL.Seconds())))
	urgency := "normal"
	if urgent {
		urgency = "high"
	}
	req.Header.Set("Urgency", urgency)
	req.Header.Set("Authorization", "vapid t="+jwt+", k="+public)
	resp, err := w.http.Do(req)
	if err != nil {
		return unreachable("push service", err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	switch {
	case resp.StatusCode < 300:
		return nil
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		return fmt.Errorf("%w: the push service answered %s", errPushGone, resp.Status)
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusRequestTimeout || resp.StatusCode >= 500:
		return fmt.Errorf("push service answered %s", resp.Status)
	}
	return permanent(fmt.Errorf("push service answered %s", resp.Status))
}

// vapidSubject is the contact the push service may use (RFC 8292 §2.1).
func (w *Worker) vapidSubject() string {
	if w.cfg.VAPIDSubject != "" {
		return w.cfg.VAPIDSubject
	}
	if u, err := url.Parse(w.cfg.PublicURL); err == nil && u.Scheme == "https" && u.Host != "" {
		return "https://" + u.Host
	}
	if w.cfg.SMTP.From != "" {
		return "mailto:" + w.cfg.SMTP.From
	}
	return "mailto:lifeline@localhost"
}

// deliverPush sends a push row; a channel its push service ended is
// removed, and the row fails saying so.
func (w *Worker) deliverPush(ctx context.Context, item *lifeline.OutboxItem, m Message) error {
	p := PushPayload{Title: m.Title, Body: m.Body, URL: m.URL, Type: m.Type, Tag: "lifeline-" + m.Key,
		ClaimToken: m.ClaimToken, ClaimURL: m.ClaimURL}
	if item.Alert != nil {
		p.AlertID = item.Alert.ID
		p.Tag = "alert-" + strconv.FormatInt(item.Alert.ID, 10)
	}
	if r := []rune(p.Body); len(r) > 1000 {
		p.Body = string(r[:1000])
	}
	err := w.sendPush(ctx, item, p, m.Priority == "urgent")
	if errors.Is(err, errPushGone) {
		if rmErr := w.cfg.Outbox.RemoveEndedChannel(ctx, item.ChannelID); rmErr != nil {
			return rmErr
		}
		return permanent(fmt.Errorf("this device turned notifications off (%w); its subscription was removed", err))
	}
	return err
}
