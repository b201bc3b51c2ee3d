package api

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"lifeline"
)

// OIDCConfig configures sign-in through an OpenID Connect provider.
type OIDCConfig struct {
	Issuer       string
	ClientID     string
	ClientSecret string
	// Name is shown on the sign-in button ("Sign in with Name").
	Name string
}

const oidcCookie = "lifeline_oidc"

type oidcClient struct {
	name     string
	provider *oidc.Provider
	verifier *oidc.IDTokenVerifier
	oauth    oauth2.Config
}

// oidcFlow is what the browser carries from the start of a sign-in to its
// callback, in an HttpOnly cookie scoped to the callback path.
type oidcFlow struct {
	State    string `json:"s"`
	Nonce    string `json:"n"`
	Verifier string `json:"v"`
	Next     string `json:"x"`
}

func newOIDCClient(ctx context.Context, cfg OIDCConfig) (*oidcClient, error) {
	provider, err := oidc.NewProvider(ctx, cfg.Issuer)
	if err != nil {
		return nil, fmt.Errorf("api: discover OpenID Connect provider %s: %w", cfg.Issuer, err)
	}
	name := cfg.Name
	if name == "" {
		name = "single sign-on"
	}
	return &oidcClient{
		name:     name,
		provider: provider,
		verifier: provider.Verifier(&oidc.Config{ClientID: cfg.ClientID}),
		oauth: oauth2.Config{
			ClientID:     cfg.ClientID,
			ClientSecret: cfg.ClientSecret,
			Endpoint:     provider.Endpoint(),
			Scopes:       []string{oidc.ScopeOpenID, "email", "profile"},
		},
	}, nil
}

func (s *Server) redirectURL(r *http.Request) string {
	return s.origin(r) + "/api/auth/oidc/callback"
}

func randomString() string {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// oidcStart sends the browser to the provider with state, nonce and a PKCE
// challenge.
func (s *Server) oidcStart(w http.ResponseWriter, r *http.Request) {
	if s.oidc == nil {
		writeError(w, r, lifeline.Errorf(lifeline.ENOTFOUND, "Single sign-on is not configured."))
		return
	}
	flow := oidcFlow{State: randomString(), Nonce: randomString(), Verifier: oauth2.GenerateVerifier(), Next: safeNext(r.URL.Query().Get("next"))}
	raw, _ := json.Marshal(flow)
	http.SetCookie(w, &http.Cookie{
		Name: oidcCookie, Value: base64.RawURLEncoding.EncodeToString(raw), Path: "/api/auth/oidc",
		MaxAge: 600, HttpOnly: true, Secure: s.secureCookies(), SameSite: http.SameSiteLaxMode,
	})
	cfg := s.oidc.oauth
	cfg.RedirectURL = s.redirectURL(r)
	http.Redirect(w, r, cfg.AuthCodeURL(flow.State, oidc.Nonce(flow.Nonce), oauth2.S256ChallengeOption(flow.Verifier)), http.StatusFound)
}

// oidcCallback finishes the sign-in: checks state, exchanges the code with
// the PKCE verifier, verifies the ID token and its nonce, and signs the
// person in to the account keyed by issuer and subject.
func (s *Server) oidcCallback(w http.ResponseWriter, r *http.Request) {
	if s.oidc == nil {
		writeError(w, r, lifeline.Errorf(lifeline.ENOTFOUND, "Single sign-on is not configured."))
		return
	}
	fail := func(reason string, err error) {
		s.cfg.Logger.Warn("single sign-on failed", "reason", reason, "err", err)
		http.Redirect(w, r, "/login?error=sso", http.StatusFound)
	}
	c, err := r.Cookie(oidcCookie)
	http.SetCookie(w, &http.Cookie{Name: oidcCookie, Value: "", Path: "/api/auth/oidc", MaxAge: -1, HttpOnly: true, Secure: s.secureCookies(), SameSite: http.SameSiteLaxMode})
	if err != nil {
		fail("no sign-in in progress", err)
		return
	}
	var flow oidcFlow
	raw, err := base64.RawURLEncoding.DecodeString(c.Value)
	if err != nil || json.Unmarshal(raw, &flow) != nil || flow.State == "" {
		fail("unreadable sign-in cookie", err)
		return
	}
	q := r.URL.Query()
	if subtle.ConstantTimeCompare([]byte(q.Get("state")), []byte(flow.State)) != 1 {
		fail("state mismatch", nil)
		return
	}
	if e := q.Get("error"); e != "" {
		fail("provider refused", fmt.Errorf("%s: %s", e, q.Get("error_description")))
		return
	}
	cfg := s.oidc.oauth
	cfg.RedirectURL = s.redirectURL(r)
	ctx := r.Context()
	token, err := cfg.Exchange(ctx, q.Get("code"), oauth2.VerifierOption(flow.Verifier))
	if err != nil {
		fail("code exchange", err)
		return
	}
	rawID, ok := token.Extra("id_token").(string)
	if !ok {
		fail("no id_token", nil)
		return
	}
	idToken, err := s.oidc.verifier.Verify(ctx, rawID)
	if err != nil {
		fail("id_token verification", err)
		return
	}
	if subtle.ConstantTimeCompare([]byte(idToken.Nonce), []byte(flow.Nonce)) != 1 {
		fail("nonce mismatch", nil)
		return
	}
	var claims struct {
		Email         string `json:"email"`
		EmailVerified bool   `json:"email_verified"`
		GivenName     string `json:"given_name"`
		FamilyName    string `json:"family_name"`
		Name          string `json:"name"`
	}
	if err := idToken.Claims(&claims); err != nil {
		fail("claims", err)
		return
	}
	identity := lifeline.OIDCIdentity{Issuer: idToken.Issuer, Subject: idToken.Subject, FirstName: claims.GivenName, LastName: claims.FamilyName}
	if identity.FirstName == "" {
		identity.FirstName, identity.LastName, _ = strings.Cut(claims.Name, " ")
	}
	// The provider's names reach supporters like typed ones: plain text.
	identity.FirstName, identity.LastName = lifeline.PlainText(identity.FirstName), lifeline.PlainText(identity.LastName)
	if claims.EmailVerified && validEmail(strings.ToLower(claims.Email)) {
		identity.Email = claims.Email
	}
	user, err := s.cfg.Users.FindOrCreateOIDCUser(ctx, identity)
	if err != nil {
		fail("account", err)
		return
	}
	if err := s.startSession(w, r, user); err != nil {
		fail("session", err)
		return
	}
	http.Redirect(w, r, flow.Next, http.StatusFound)
}
