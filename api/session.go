package api

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"time"

	"lifeline"
)

const sessionCookie = "lifeline_session"

// touchEvery limits how often a session's last-seen time is written: once a
// minute is plenty for an idle timeout measured in hours.
const touchEvery = time.Minute

type ctxKey int

const sessionKey ctxKey = iota

// signedIn is the session of the request, if any.
type signedIn struct {
	user      *lifeline.User
	tokenHash []byte
}

func currentUser(ctx context.Context) *lifeline.User {
	if s, ok := ctx.Value(sessionKey).(*signedIn); ok {
		return s.user
	}
	return nil
}

func currentTokenHash(ctx context.Context) []byte {
	if s, ok := ctx.Value(sessionKey).(*signedIn); ok {
		return s.tokenHash
	}
	return nil
}

func hashToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// loadSession finds the signed-in user from the session cookie. An expired
// or unknown session is removed and its cookie cleared.
func (s *Server) loadSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(sessionCookie)
		if err != nil || c.Value == "" {
			next.ServeHTTP(w, r)
			return
		}
		hash := hashToken(c.Value)
		now := s.cfg.Now()
		ctx := r.Context()
		sess, err := s.cfg.Sessions.FindSession(ctx, hash)
		switch {
		case lifeline.ErrorCode(err) == lifeline.ENOTFOUND:
			s.clearSessionCookie(w)
			next.ServeHTTP(w, r)
			return
		case err != nil:
			writeError(w, r, err)
			return
		}
		if !now.Before(sess.ExpiresAt) || now.Sub(sess.LastSeenAt) >= s.cfg.SessionIdle {
			_ = s.cfg.Sessions.DeleteSession(ctx, hash)
			s.clearSessionCookie(w)
			next.ServeHTTP(w, r)
			return
		}
		user, err := s.cfg.Users.FindUserByID(ctx, sess.UserID)
		if err != nil {
			writeError(w, r, err)
			return
		}
		if now.Sub(sess.LastSeenAt) >= touchEvery {
			_ = s.cfg.Sessions.TouchSession(ctx, hash, now)
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(ctx, sessionKey, &signedIn{user: user, tokenHash: hash})))
	})
}

// requireUser answers 401 for requests without a session. The body says
// "Unauthorized", which the web app reads as "signed out".
func requireUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if currentUser(r.Context()) == nil {
			writeError(w, r, lifeline.Errorf(lifeline.EUNAUTHORIZED, "Unauthorized"))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// startSession signs user in with a new token. Any session the browser had
// is ended first, so a token planted before sign-in never becomes valid.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, user *lifeline.User) error {
	ctx := r.Context()
	if c, err := r.Cookie(sessionCookie); err == nil && c.Value != "" {
		_ = s.cfg.Sessions.DeleteSession(ctx, hashToken(c.Value))
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return err
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	now := s.cfg.Now()
	err := s.cfg.Sessions.CreateSession(ctx, &lifeline.Session{
		TokenHash: hashToken(token),
		UserID:    user.ID,
		CreatedAt: now,
		ExpiresAt: now.Add(s.cfg.SessionMax),
		UserAgent: r.UserAgent(),
		IP:        s.clientIP(r),
	})
	if err != nil {
		return err
	}
	http.SetCookie(w, &http.Cookie{
		Name:     sessionCookie,
		Value:    token,
		Path:     "/",
		MaxAge:   int(s.cfg.SessionMax.Seconds()),
		HttpOnly: true,
		Secure:   s.secureCookies(),
		SameSite: http.SameSiteLaxMode,
	})
	return nil
}

// signIn starts a session for user and signs this browser's device cookie
// for the account's password hash (device: the id the browser already has,
// "" for a new one). A cookie that could not be signed only costs the
// browser its place past the sign-in ceilings, so it is logged, not failed.
func (s *Server) signIn(w http.ResponseWriter, r *http.Request, user *lifeline.User, passwordHash, device string) error {
	if err := s.startSession(w, r, user); err != nil {
		return err
	}
	if err := s.rememberDevice(w, r, user, passwordHash, device); err != nil {
		s.cfg.Logger.Error("remember device", "err", err)
	}
	return nil
}

func (s *Server) endSession(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(sessionCookie); err == nil && c.Value != "" {
		_ = s.cfg.Sessions.DeleteSession(r.Context(), hashToken(c.Value))
	}
	s.clearSessionCookie(w)
}

func (s *Server) clearSessionCookie(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, Secure: s.secureCookies(), SameSite: http.SameSiteLaxMode})
}

func (s *Server) secureCookies() bool { return urlScheme(s.cfg.PublicURL) == "https" }
