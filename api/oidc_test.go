package api_test

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"lifeline/api"
)

// fakeProvider speaks just enough OpenID Connect (discovery, authorization
// code with PKCE, token, JWKS) to sign people in the way a real one does.
type fakeProvider struct {
	t   *testing.T
	srv *httptest.Server
	key *rsa.PrivateKey

	mu    sync.Mutex
	codes map[string]pendingCode
	// The next person to sign in, and how to misbehave.
	subject, email, given, family string
	emailVerified                 bool
	wrongNonce                    bool
}

type pendingCode struct{ nonce, challenge, redirect string }

const clientID, clientSecret = "lifeline-test", "s3cret"

func newFakeProvider(t *testing.T) *fakeProvider {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	p := &fakeProvider{t: t, key: key, codes: map[string]pendingCode{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/openid-configuration", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{
			"issuer": p.srv.URL, "authorization_endpoint": p.srv.URL + "/authorize", "token_endpoint": p.srv.URL + "/token",
			"jwks_uri": p.srv.URL + "/jwks", "id_token_signing_alg_values_supported": []string{"RS256"},
			"response_types_supported": []string{"code"}, "subject_types_supported": []string{"public"},
		})
	})
	mux.HandleFunc("GET /jwks", func(w http.ResponseWriter, r *http.Request) {
		b64 := base64.RawURLEncoding
		json.NewEncoder(w).Encode(map[string]any{"keys": []map[string]string{{
			"kty": "RSA", "kid": "k1", "use": "sig", "alg": "RS256",
			"n": b64.EncodeToString(key.N.Bytes()), "e": b64.EncodeToString(big.NewInt(int64(key.E)).Bytes()),
		}}})
	})
	mux.HandleFunc("GET /authorize", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if q.Get("client_id") != clientID || q.Get("response_type") != "code" || q.Get("code_challenge_method") != "S256" ||
			q.Get("code_challenge") == "" || q.Get("nonce") == "" || !strings.Contains(q.Get("scope"), "openid") {
			t.Errorf("authorization request lacks PKCE, nonce or scope: %v", q)
			http.Error(w, "bad request", 400)
			return
		}
		code := "code-" + q.Get("state")[:8]
		p.mu.Lock()
		p.codes[code] = pendingCode{nonce: q.Get("nonce"), challenge: q.Get("code_challenge"), redirect: q.Get("redirect_uri")}
		p.mu.Unlock()
		http.Redirect(w, r, q.Get("redirect_uri")+"?code="+code+"&state="+url.QueryEscape(q.Get("state")), http.StatusFound)
	})
	mux.HandleFunc("POST /token", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		user, pass, ok := r.BasicAuth()
		if !ok {
			user, pass = r.Form.Get("client_id"), r.Form.Get("client_secret")
		}
		p.mu.Lock()
		pending, found := p.codes[r.Form.Get("code")]
		delete(p.codes, r.Form.Get("code"))
		p.mu.Unlock()
		sum := sha256.Sum256([]byte(r.Form.Get("code_verifier")))
		switch {
		case user != clientID || pass != clientSecret:
			http.Error(w, `{"error":"invalid_client"}`, 401)
			return
		case !found || r.Form.Get("redirect_uri") != pending.redirect:
			http.Error(w, `{"error":"invalid_grant"}`, 400)
			return
		case base64.RawURLEncoding.EncodeToString(sum[:]) != pending.challenge:
			t.Error("the PKCE verifier does not match the challenge")
			http.Error(w, `{"error":"invalid_grant"}`, 400)
			return
		}
		nonce := pending.nonce
		if p.wrongNonce {
			nonce = "replayed-nonce"
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"access_token": "at", "token_type": "Bearer", "expires_in": 300, "id_token": p.idToken(nonce)})
	})
	p.srv = httptest.NewServer(mux)
	t.Cleanup(p.srv.Close)
	return p
}

func (p *fakeProvider) idToken(nonce string) string {
	b64 := base64.RawURLEncoding
	header, _ := json.Marshal(map[string]string{"alg": "RS256", "kid": "k1", "typ": "JWT"})
	claims, _ := json.Marshal(map[string]any{
		"iss": p.srv.URL, "sub": p.subject, "aud": clientID, "exp": time.Now().Add(5 * time.Minute).Unix(), "iat": time.Now().Unix(),
		"nonce": nonce, "email": p.email, "email_verified": p.emailVerified, "given_name": p.given, "family_name": p.family,
	})
	signing := b64.EncodeToString(header) + "." + b64.EncodeToString(claims)
	sum := sha256.Sum256([]byte(signing))
	sig, err := rsa.SignPKCS1v15(rand.Reader, p.key, crypto.SHA256, sum[:])
	if err != nil {
		p.t.Fatal(err)
	}
	return signing + "." + b64.EncodeToString(sig)
}

// signIn follows the browser's redirects from /api/auth/oidc/start to the
// end and returns where it lands.
func (c *client) signInWithProvider(next string) string {
	c.t.Helper()
	resp := c.do("GET", "/api/auth/oidc/start?next="+url.QueryEscape(next), nil)
	for hops := 0; resp.status == http.StatusFound && hops < 5; hops++ {
		loc := resp.header.Get("Location")
		if strings.HasPrefix(loc, c.app.url) || strings.HasPrefix(loc, "/") {
			if !strings.HasPrefix(loc, "/api/") && !strings.Contains(loc, "/api/auth/oidc/callback") {
				return strings.TrimPrefix(loc, c.app.url)
			}
		}
		req, _ := http.NewRequest("GET", resolve(c.app.url, loc), nil)
		r, err := c.http.Do(req)
		if err != nil {
			c.t.Fatal(err)
		}
		r.Body.Close()
		resp = response{status: r.StatusCode, header: r.Header}
	}
	c.t.Fatalf("sign-in did not end in a redirect to the app: %d", resp.status)
	return ""
}

func resolve(base, loc string) string {
	if strings.HasPrefix(loc, "/") {
		return base + loc
	}
	return loc
}

func TestOpenIDConnectSignIn(t *testing.T) {
	t.Parallel()
	provider := newFakeProvider(t)
	app := newTestApp(t, func(c *api.Config) {
		c.OIDC = &api.OIDCConfig{Issuer: provider.srv.URL, ClientID: clientID, ClientSecret: clientSecret, Name: "Clinic SSO"}
	})
	provider.subject, provider.email, provider.emailVerified, provider.given, provider.family = "sub-123", "Oona@Clinic.example", true, "Oona", "Okafor"

	var cfg struct {
		LocalAccounts bool
		OIDC          *struct{ Name string }
	}
	app.newClient().do("GET", "/api/auth/config", nil).json(t, &cfg)
	if !cfg.LocalAccounts || cfg.OIDC == nil || cfg.OIDC.Name != "Clinic SSO" {
		t.Errorf("/api/auth/config = %+v", cfg)
	}

	first := app.newClient()
	if landed := first.signInWithProvider("/settings"); landed != "/settings" {
		t.Fatalf("landed on %q, want the next page /settings", landed)
	}
	var me struct {
		ID                         int64
		Email, FirstName, LastName string
		HasPassword                bool
	}
	first.do("GET", "/api/auth/user", nil).json(t, &me)
	if me.Email != "oona@clinic.example" || me.FirstName != "Oona" || me.LastName != "Okafor" || me.HasPassword {
		t.Errorf("signed in as %+v", me)
	}

	t.Run("the same subject is the same account", func(t *testing.T) {
		again := app.newClient()
		again.signInWithProvider("/")
		var u struct{ ID int64 }
		again.do("GET", "/api/auth/user", nil).json(t, &u)
		if u.ID != me.ID {
			t.Errorf("second sign-in made account %d, want %d", u.ID, me.ID)
		}
	})

	t.Run("an email owned by a local account is not taken over", func(t *testing.T) {
		_, localEmail := app.registerUser("Lou")
		provider.subject, provider.email = "sub-456", localEmail
		c := app.newClient()
		c.signInWithProvider("/")
		var u struct {
			Email       string
			HasPassword bool
		}
		c.do("GET", "/api/auth/user", nil).json(t, &u)
		if u.Email != "" || u.HasPassword {
			t.Errorf("the provider's account got %+v; want a separate account without that email", u)
		}
	})

	t.Run("a replayed nonce is refused", func(t *testing.T) {
		provider.subject, provider.wrongNonce = "sub-789", true
		defer func() { provider.wrongNonce = false }()
		c := app.newClient()
		if landed := c.signInWithProvider("/"); landed != "/login?error=sso" {
			t.Errorf("landed on %q, want /login?error=sso", landed)
		}
		if got := c.do("GET", "/api/auth/user", nil).status; got != http.StatusUnauthorized {
			t.Errorf("signed in despite the wrong nonce: %d", got)
		}
	})

	t.Run("a forged state is refused", func(t *testing.T) {
		c := app.newClient()
		c.do("GET", "/api/auth/oidc/start", nil) // sets the flow cookie
		resp := c.do("GET", "/api/auth/oidc/callback?code=x&state=forged", nil)
		if resp.header.Get("Location") != "/login?error=sso" {
			t.Errorf("forged state = %d to %q", resp.status, resp.header.Get("Location"))
		}
	})
}

func TestOIDCOnlySendsLoginToTheProvider(t *testing.T) {
	t.Parallel()
	provider := newFakeProvider(t)
	app := newTestApp(t, func(c *api.Config) {
		c.OIDC = &api.OIDCConfig{Issuer: provider.srv.URL, ClientID: clientID, ClientSecret: clientSecret}
		c.DisableLocalAccounts = true
	})
	c := app.newClient()
	if loc := c.do("GET", "/api/login?next=/gps", nil).header.Get("Location"); loc != "/api/auth/oidc/start?next=%2Fgps" {
		t.Errorf("/api/login goes to %q, want the provider's start", loc)
	}
	if got := c.do("POST", "/api/auth/register", map[string]string{"email": "x@y.zz"}).status; got != http.StatusNotFound {
		t.Errorf("register with local accounts off = %d, want 404", got)
	}
}
