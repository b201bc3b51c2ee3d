package delivery_test

import (
	"bytes"
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
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"lifeline"
	"lifeline/delivery"
)

var b64 = base64.RawURLEncoding

// browser is a browser's side of a push subscription: its ECDH key pair
// and auth secret, which the server only ever sees the public half of.
type browser struct {
	key  *ecdh.PrivateKey
	auth []byte
}

func newBrowser(t *testing.T) *browser {
	t.Helper()
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	_, _ = rand.Read(auth)
	return &browser{key: key, auth: auth}
}

// decrypt is the test's own reading of an RFC 8291 message (RFC 8188
// aes128gcm, one record): written from the RFC, not from webpush.go.
func (b *browser) decrypt(body []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("shorter than the aes128gcm header")
	}
	salt, rs, idlen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if len(body) < 21+idlen || rs < 18 {
		return nil, errors.New("bad header")
	}
	keyID, ciphertext := body[21:21+idlen], body[21+idlen:]
	if len(ciphertext) > int(rs) {
		return nil, errors.New("more than one record")
	}
	senderKey, err := ecdh.P256().NewPublicKey(keyID)
	if err != nil {
		return nil, err
	}
	secret, err := b.key.ECDH(senderKey)
	if err != nil {
		return nil, err
	}
	// RFC 8291 §3.3, 3.4: PRK_key = HMAC(auth, ecdh); IKM = HMAC(PRK_key, key_info || 1).
	prkKey, err := hkdf.Extract(sha256.New, secret, b.auth)
	if err != nil {
		return nil, err
	}
	keyInfo := "WebPush: info\x00" + string(b.key.PublicKey().Bytes()) + string(keyID)
	ikm, err := hkdf.Expand(sha256.New, prkKey, keyInfo, 32)
	if err != nil {
		return nil, err
	}
	prk, err := hkdf.Extract(sha256.New, ikm, salt)
	if err != nil {
		return nil, err
	}
	cek, _ := hkdf.Expand(sha256.New, prk, "Content-Encoding: aes128gcm\x00", 16)
	nonce, _ := hkdf.Expand(sha256.New, prk, "Content-Encoding: nonce\x00", 12)
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	plain, err := gcm.Open(nil, nonce, ciphertext, nil)
	if err != nil {
		return nil, err
	}
	// Strip the padding: zeros, then the last record's delimiter 0x02.
	end := len(plain) - 1
	for end >= 0 && plain[end] == 0 {
		end--
	}
	if end < 0 || plain[end] != 2 {
		return nil, errors.New("no last-record delimiter")
	}
	return plain[:end], nil
}

func (b *browser) subscribe(t *testing.T, c *circle, user int64, endpoint string) *lifeline.Channel {
	t.Helper()
	s := &lifeline.Channel{Kind: lifeline.ChannelPush, Address: endpoint, P256dh: b64.EncodeToString(b.key.PublicKey().Bytes()),
		Auth: b64.EncodeToString(b.auth), Label: "Test browser"}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	if err := c.db.CreateChannel(c.ctx, user, s, confirmBase, time.Now()); err != nil {
		t.Fatal(err)
	}
	return s
}

// pushService stands in for a browser vendor's push service (RFC 8030):
// it records each message and answers with the queued statuses, then 201.
type pushService struct {
	*httptest.Server
	mu       sync.Mutex
	messages []pushed
	answers  []int
}

type pushed struct {
	path   string
	header http.Header
	body   []byte
}

func startPushService(t *testing.T, answers ...int) *pushService {
	p := &pushService{answers: answers}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		p.mu.Lock()
		defer p.mu.Unlock()
		p.messages = append(p.messages, pushed{r.URL.Path, r.Header.Clone(), body})
		status := http.StatusCreated
		if len(p.answers) > 0 {
			status, p.answers = p.answers[0], p.answers[1:]
		}
		w.WriteHeader(status)
	}))
	t.Cleanup(p.Close)
	return p
}

func (p *pushService) got() []pushed {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]pushed(nil), p.messages...)
}

var vapidHeader = regexp.MustCompile(`^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$`)

// checkVAPID verifies the RFC 8292 Authorization header against the
// server's public key: ES256 over header.claims, aud the push service's
// origin, exp within 24 h, a sub to contact.
func checkVAPID(t *testing.T, header string, public []byte, origin string) {
	t.Helper()
	m := vapidHeader.FindStringSubmatch(header)
	if m == nil {
		t.Fatalf("Authorization %q is not vapid t=…, k=…", header)
	}
	if m[2] != b64.EncodeToString(public) {
		t.Errorf("k=%s is not the server's public key %s", m[2], b64.EncodeToString(public))
	}
	parts := strings.Split(m[1], ".")
	var head struct{ Alg, Typ string }
	var claims struct {
		Aud string
		Exp int64
		Sub string
	}
	h, _ := b64.DecodeString(parts[0])
	c, _ := b64.DecodeString(parts[1])
	if json.Unmarshal(h, &head) != nil || json.Unmarshal(c, &claims) != nil {
		t.Fatalf("JWT parts: %s / %s", h, c)
	}
	if head.Alg != "ES256" {
		t.Errorf("alg %q", head.Alg)
	}
	if claims.Aud != origin || claims.Exp < time.Now().Unix() || claims.Exp > time.Now().Add(24*time.Hour).Unix() ||
		!(strings.HasPrefix(claims.Sub, "mailto:") || strings.HasPrefix(claims.Sub, "https://")) {
		t.Errorf("claims %+v, want aud %s, exp within 24 h, a mailto: or https: sub", claims, origin)
	}
	sig, _ := b64.DecodeString(parts[2])
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), public)
	if err != nil {
		t.Fatal(err)
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if len(sig) != 64 || !ecdsa.Verify(pub, digest[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		t.Error("the VAPID signature does not verify with the server's public key")
	}
}

func TestWebPush(t *testing.T) {
	type want struct {
		state     string // the row's final state
		requests  int    // messages the push service got
		gone      bool   // the subscription was removed
		errorText string
	}
	for _, tc := range []struct {
		name    string
		answers []int
		private bool // the worker refuses private addresses
		want    want
	}{
		{"delivered", nil, false, want{state: lifeline.DeliverySent, requests: 1}},
		{"410 ends the subscription", []int{http.StatusGone}, false, want{state: lifeline.DeliveryFailed, requests: 1, gone: true, errorText: "turned notifications off"}},
		{"404 ends the subscription", []int{http.StatusNotFound}, false, want{state: lifeline.DeliveryFailed, requests: 1, gone: true, errorText: "404"}},
		{"retried after a 500", []int{http.StatusInternalServerError}, false, want{state: lifeline.DeliverySent, requests: 2}},
		{"retried after a 429", []int{http.StatusTooManyRequests, http.StatusServiceUnavailable}, false, want{state: lifeline.DeliverySent, requests: 3}},
		{"a 400 is final", []int{http.StatusBadRequest}, false, want{state: lifeline.DeliveryFailed, requests: 1, errorText: "400"}},
		{"no private addresses", nil, true, want{state: lifeline.DeliveryFailed, requests: 0, errorText: "public internet addresses"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newCircle(t, zoneGrant)
			service := startPushService(t, tc.answers...)
			b := newBrowser(t)
			sub := b.subscribe(t, c, c.wearer, service.URL+"/push/wearer-device")
			alert := c.enterZone(true)
			w := c.worker("", func(cfg *delivery.Config) { cfg.Push = c.db; cfg.AllowPrivateWebhooks = !tc.private })
			c.run(w, func() bool {
				var n int
				c.scan(`SELECT count(*) FROM outbox WHERE channel = 'push' AND state = 'pending'`, nil, &n)
				return n == 0
			})
			var state, lastError string
			c.scan(`SELECT state, coalesce(last_error, '') FROM outbox WHERE channel = 'push' AND recipient_id = $1`, []any{c.wearer}, &state, &lastError)
			if state != tc.want.state || !strings.Contains(lastError, tc.want.errorText) {
				t.Errorf("push row %s (%q), want %s naming %q", state, lastError, tc.want.state, tc.want.errorText)
			}
			got := service.got()
			if len(got) != tc.want.requests {
				t.Fatalf("the push service got %d messages, want %d", len(got), tc.want.requests)
			}
			subs, err := c.db.FindChannels(c.ctx, c.wearer)
			if err != nil {
				t.Fatal(err)
			}
			if gone := len(subs) == 0; gone != tc.want.gone {
				t.Errorf("subscription removed: %v, want %v", gone, tc.want.gone)
			}
			if !tc.want.gone && (subs[0].LastState == nil || *subs[0].LastState != map[string]string{"sent": "sent", "failed": "failed"}[tc.want.state]) {
				t.Errorf("subscription's last result %v, want %s", subs[0].LastState, tc.want.state)
			}
			if len(got) == 0 {
				return
			}
			keys, err := c.db.VAPIDKeys(c.ctx)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range got {
				if m.path != "/push/wearer-device" || m.header.Get("Content-Encoding") != "aes128gcm" ||
					m.header.Get("TTL") != "86400" || m.header.Get("Urgency") != "normal" {
					t.Errorf("request %s %v", m.path, m.header)
				}
				checkVAPID(t, m.header.Get("Authorization"), keys.Public, service.URL)
				plain, err := b.decrypt(m.body)
				if err != nil {
					t.Fatalf("decrypt: %v", err)
				}
				var p delivery.PushPayload
				if err := json.Unmarshal(plain, &p); err != nil {
					t.Fatalf("payload %s: %v", plain, err)
				}
				if p.AlertID != alert.ID || p.Tag == "" || p.Title != lifeline.WearerSubject(alert.Type) ||
					p.Body != alert.Message || p.URL != "https://lifeline.example.org/gps" || p.Type != lifeline.AlertZoneEntered {
					t.Errorf("payload %+v for alert %+v", p, alert)
				}
			}
			if sub.ID == 0 {
				t.Error("the subscription has no id")
			}
		})
	}
}

// TestWebPushToSupportersFollowsTheGrant: an SOS reaches the supporter's
// browser at high urgency, once per subscription; the wearer's own
// browser gets nothing for it (an SOS is theirs).
func TestWebPushToSupportersFollowsTheGrant(t *testing.T) {
	for _, tc := range []struct {
		name  string
		grant lifeline.Grant
		want  int
	}{
		{"granted sos", lifeline.Grant{Alerts: []string{lifeline.ScopeSOS}, Location: lifeline.LocationNever}, 1},
		{"no sos scope", lifeline.Grant{Alerts: []string{lifeline.ScopeAvoidZone}, Location: lifeline.LocationNever}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newCircle(t, tc.grant)
			service := startPushService(t)
			supporter, wearer := newBrowser(t), newBrowser(t)
			supporter.subscribe(t, c, c.supporter, service.URL+"/sam")
			wearer.subscribe(t, c, c.wearer, service.URL+"/alex")
			alert, _, err := c.db.RaiseSOS(c.ctx, c.wearer, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			c.run(c.worker("", func(cfg *delivery.Config) { cfg.Push = c.db }), func() bool { return c.pending() == 0 })
			got := service.got()
			if len(got) != tc.want {
				t.Fatalf("%d pushes, want %d; outbox %s", len(got), tc.want, c.outbox())
			}
			if tc.want == 0 {
				return
			}
			if got[0].path != "/sam" || got[0].header.Get("Urgency") != "high" {
				t.Errorf("push to %s with Urgency %q, want /sam, high", got[0].path, got[0].header.Get("Urgency"))
			}
			plain, err := supporter.decrypt(got[0].body)
			if err != nil {
				t.Fatal(err)
			}
			var p delivery.PushPayload
			_ = json.Unmarshal(plain, &p)
			if p.AlertID != alert.ID || p.URL != "https://lifeline.example.org/supporting" || strings.Contains(string(plain), "latitude") {
				t.Errorf("supporter's payload %s", plain)
			}
			if _, err := wearer.decrypt(got[0].body); err == nil {
				t.Error("another browser's keys decrypt the supporter's push")
			}
		})
	}
}

// TestRFC8291Example is the known answer of RFC 8291 Appendix A, both ways.
func TestRFC8291Example(t *testing.T) {
	d := func(s string) []byte {
		b, err := b64.DecodeString(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	const plaintext = "When I grow up, I want to be a watermelon"
	asPrivate, err := ecdh.P256().NewPrivateKey(d("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"))
	if err != nil {
		t.Fatal(err)
	}
	uaPrivate, err := ecdh.P256().NewPrivateKey(d("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"))
	if err != nil {
		t.Fatal(err)
	}
	uaPublic := d("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4")
	auth := d("BTBZMqHH6r4Tts7J_aSIgg")
	want := d("DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
	if !bytes.Equal(uaPrivate.PublicKey().Bytes(), uaPublic) {
		t.Fatal("the RFC's user agent key pair does not match")
	}
	got, err := delivery.EncryptPushWith([]byte(plaintext), uaPublic, auth, asPrivate, d("DGv6ra1nlYgDCS1FRnbzlw"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("encrypted\n%s\nwant\n%s", b64.EncodeToString(got), b64.EncodeToString(want))
	}
	plain, err := (&browser{key: uaPrivate, auth: auth}).decrypt(want)
	if err != nil || string(plain) != plaintext {
		t.Errorf("the test's decryption of the RFC's message: %q, %v", plain, err)
	}
}
