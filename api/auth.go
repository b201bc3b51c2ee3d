package api

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"net/mail"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"lifeline"
)

// Sign-ups count per client address (Config.SignupLimit) in a fixed
// window; sign-ins follow lifeline.DefaultSignInLimits.
const (
	throttleWindow = 15 * time.Minute
	throttleBlock  = 15 * time.Minute
)

type registerRequest struct {
	Email     string `json:"email"`
	Password  string `json:"password"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Timezone  string `json:"timezone"`
}

type loginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

type updateUserRequest struct {
	FirstName *string `json:"firstName"`
	LastName  *string `json:"lastName"`
	Timezone  *string `json:"timezone"`
	// HistoryDays: how long location and battery history is kept.
	HistoryDays *int `json:"historyDays"`
	// Phone: their own number, for supporters they let call back; "" removes it.
	Phone *string `json:"phone"`
	// Advanced: show the developer tools.
	Advanced *bool `json:"advanced"`
}

type changePasswordRequest struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

// fieldErrors collects per-field validation messages.
type fieldErrors map[string]string

func (f fieldErrors) err() error {
	if len(f) == 0 {
		return nil
	}
	return &lifeline.Error{Code: lifeline.EINVALID, Message: "Please check the highlighted fields.", Fields: f}
}

func validEmail(email string) bool {
	addr, err := mail.ParseAddress(email)
	return err == nil && addr.Address == email && len(email) <= 254 && strings.Contains(email[strings.LastIndex(email, "@"):], ".")
}

// validName trims a name and checks its length; required names may not be empty.
func validName(name string, required bool) (string, string) {
	name = strings.TrimSpace(name)
	switch {
	case required && name == "":
		return name, "First name is required."
	case utf8.RuneCountInString(name) > 100:
		return name, "Use at most 100 characters."
	case !lifeline.IsPlainText(name):
		return name, lifeline.PlainTextProblem
	}
	return name, ""
}

// validOwnPhone checks a person's own number as loosely as a crisis
// contact's (trimmed, at most maxContactPhone characters, any format), and
// a supporter must be able to dial it: it needs a digit. "" removes it.
func validOwnPhone(phone string) (string, string) {
	phone = strings.TrimSpace(phone)
	switch {
	case phone == "":
		return phone, ""
	case utf8.RuneCountInString(phone) > maxContactPhone:
		return phone, fmt.Sprintf("Phone number can be at most %d characters", maxContactPhone)
	case !strings.ContainsAny(phone, "0123456789"):
		return phone, "Write the number with its digits, such as +1 555 010 2000."
	}
	return phone, ""
}

// validTimezone accepts IANA zone names; empty means UTC.
func validTimezone(tz string) (string, bool) {
	tz = strings.TrimSpace(tz)
	if tz == "" {
		return "UTC", true
	}
	if tz == "Local" {
		return tz, false
	}
	_, err := time.LoadLocation(tz)
	return tz, err == nil
}

func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	var req registerRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	ctx := r.Context()
	if wait, err := s.cfg.Throttle.Fail(ctx, "client", "register:"+s.clientKey(r), s.cfg.SignupLimit, throttleWindow, throttleBlock, s.cfg.Now()); err != nil {
		writeError(w, r, err)
		return
	} else if wait > 0 {
		writeTooMany(w, r, wait, "Too many new accounts from this connection. Try again in %s.")
		return
	}
	email := strings.ToLower(strings.TrimSpace(req.Email))
	problems := fieldErrors{}
	if !validEmail(email) {
		problems["email"] = "Enter a valid email address."
	}
	if p := PasswordProblem(req.Password, email); p != "" {
		problems["password"] = p
	}
	first, p := validName(req.FirstName, true)
	if p != "" {
		problems["firstName"] = p
	}
	last, p := validName(req.LastName, false)
	if p != "" {
		problems["lastName"] = p
	}
	tz, ok := validTimezone(req.Timezone)
	if !ok {
		problems["timezone"] = "Unknown time zone."
	}
	if err := problems.err(); err != nil {
		writeError(w, r, err)
		return
	}
	user := &lifeline.User{Email: email, FirstName: first, LastName: last, Timezone: tz}
	hash := HashPassword(req.Password)
	if err := s.cfg.Users.CreateUser(ctx, user, hash); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.signIn(w, r, user, hash, ""); err != nil {
		writeError(w, r, err)
		return
	}
	s.cfg.Logger.Info("account created", "user", user.ID)
	writeJSON(w, http.StatusCreated, user)
}

// login checks a password under the sign-in limits (see
// lifeline.SignInLimits): the attempt is reserved before the password is
// checked, so a guess costs the same whether it is right or not.
func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	var req loginRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	ctx := r.Context()
	email := strings.ToLower(strings.TrimSpace(req.Email))
	user, hash, err := s.cfg.Users.FindUserByEmail(ctx, email)
	if err != nil && lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		writeError(w, r, err)
		return
	}
	device, err := s.knownDevice(r, user, hash)
	if err != nil {
		writeError(w, r, err)
		return
	}
	attempt := lifeline.SignInAttempt{Client: s.clientKey(r), Device: device}
	if validEmail(email) {
		attempt.Email = email // no account can have any other: nothing to count per account
	}
	wait, err := s.cfg.Throttle.TrySignIn(ctx, attempt, lifeline.DefaultSignInLimits, s.cfg.Now())
	if err != nil {
		writeError(w, r, err)
		return
	}
	if wait > 0 {
		writeTooMany(w, r, wait, "Too many sign-in attempts. Try again in %s.")
		return
	}

	if hash == "" {
		hash = dummyHash // same work for unknown emails and password-less accounts
	}
	ok, err := checkPassword(req.Password, hash)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if !ok || user == nil || !user.HasPassword {
		writeError(w, r, lifeline.Errorf(lifeline.EUNAUTHORIZED, "Email or password is incorrect."))
		return
	}
	if err := s.cfg.Throttle.SignInSucceeded(ctx, attempt); err != nil {
		s.cfg.Logger.Error("forget sign-in failures", "err", err)
	}
	if err := s.signIn(w, r, user, hash, device); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, user)
}

// writeTooMany answers 429 with Retry-After and format's %s filled with
// the wait in words ("30 seconds", "15 minutes").
func writeTooMany(w http.ResponseWriter, r *http.Request, wait time.Duration, format string) {
	seconds := max(int(math.Ceil(wait.Seconds())), 1)
	w.Header().Set("Retry-After", strconv.Itoa(seconds))
	writeError(w, r, lifeline.Errorf(lifeline.ETOOMANY, format, waitInWords(seconds)))
}

func waitInWords(seconds int) string {
	n, unit := seconds, "second"
	if seconds >= 60 {
		n, unit = (seconds+59)/60, "minute"
	}
	if n != 1 {
		unit += "s"
	}
	return fmt.Sprintf("%d %s", n, unit)
}

func (s *Server) getUser(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, currentUser(r.Context()))
}

// getSession answers "who am I" without treating signed out as an error:
// the user, or null. The web app asks it on every page load, where a 401
// would log a console error for every visitor who is not signed in.
func (s *Server) getSession(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, currentUser(r.Context()))
}

func (s *Server) updateUser(w http.ResponseWriter, r *http.Request) {
	var req updateUserRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	problems := fieldErrors{}
	var upd lifeline.UserUpdate
	if req.FirstName != nil {
		name, p := validName(*req.FirstName, true)
		if p != "" {
			problems["firstName"] = p
		}
		upd.FirstName = &name
	}
	if req.LastName != nil {
		name, p := validName(*req.LastName, false)
		if p != "" {
			problems["lastName"] = p
		}
		upd.LastName = &name
	}
	if req.Timezone != nil {
		tz, ok := validTimezone(*req.Timezone)
		if !ok {
			problems["timezone"] = "Unknown time zone."
		}
		upd.Timezone = &tz
	}
	if req.HistoryDays != nil {
		if !slices.Contains(lifeline.HistoryChoices, *req.HistoryDays) {
			problems["historyDays"] = "Choose 7, 30, 90 or 400 days."
		}
		upd.HistoryDays = req.HistoryDays
	}
	if req.Phone != nil {
		phone, p := validOwnPhone(*req.Phone)
		if p != "" {
			problems["phone"] = p
		}
		upd.Phone = &phone
	}
	upd.Advanced = req.Advanced
	if err := problems.err(); err != nil {
		writeError(w, r, err)
		return
	}
	user, err := s.cfg.Users.UpdateUser(r.Context(), currentUser(r.Context()).ID, upd)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, user)
}

// changePassword sets a new password and signs out every other session:
// whoever knew the old password is out, and other browsers are no longer
// known devices.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) {
	var req changePasswordRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	ctx := r.Context()
	user := currentUser(ctx)
	hasPassword, ok, err := s.confirmPassword(ctx, user.ID, req.CurrentPassword)
	if err != nil {
		writeError(w, r, err)
		return
	}
	problems := fieldErrors{}
	if hasPassword && !ok {
		problems["currentPassword"] = "Current password is incorrect."
	}
	if p := PasswordProblem(req.NewPassword, user.Email); p != "" {
		problems["newPassword"] = p
	}
	if err := problems.err(); err != nil {
		writeError(w, r, err)
		return
	}
	hash := HashPassword(req.NewPassword)
	if err := s.cfg.Users.SetPasswordHash(ctx, user.ID, hash); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Sessions.DeleteUserSessions(ctx, user.ID, currentTokenHash(ctx)); err != nil {
		writeError(w, r, err)
		return
	}
	// Every browser's device cookie was signed with the old hash; this one
	// stays known.
	if err := s.rememberDevice(w, r, user, hash, ""); err != nil {
		s.cfg.Logger.Error("remember device", "err", err)
	}
	w.WriteHeader(http.StatusNoContent)
}

// confirmPassword checks password against the user's own. Accounts that
// sign in only through OpenID Connect have none (hasPassword false).
func (s *Server) confirmPassword(ctx context.Context, userID int64, password string) (hasPassword, ok bool, err error) {
	hash, err := s.cfg.Users.PasswordHash(ctx, userID)
	if err != nil || hash == "" {
		return false, false, err
	}
	ok, err = checkPassword(password, hash)
	return true, ok, err
}

type authConfig struct {
	LocalAccounts bool        `json:"localAccounts"`
	OIDC          *oidcPublic `json:"oidc"`
	// PasswordReset: a forgotten password can be reset by email here.
	PasswordReset bool `json:"passwordReset"`
}

type oidcPublic struct {
	Name string `json:"name"`
}

func (s *Server) authConfig(w http.ResponseWriter, r *http.Request) {
	cfg := authConfig{LocalAccounts: !s.cfg.DisableLocalAccounts, PasswordReset: s.passwordResetByEmail()}
	if s.oidc != nil {
		cfg.OIDC = &oidcPublic{Name: s.oidc.name}
	}
	writeJSON(w, http.StatusOK, cfg)
}

// loginRedirect is the browser's way in (SPEC: a navigation to /api/login):
// the sign-in page, or the identity provider when it is the only way.
func (s *Server) loginRedirect(w http.ResponseWriter, r *http.Request) {
	next := safeNext(r.URL.Query().Get("next"))
	target := "/login"
	if s.oidc != nil && s.cfg.DisableLocalAccounts {
		target = "/api/auth/oidc/start"
	}
	if next != "/" {
		target += "?next=" + url.QueryEscape(next)
	}
	http.Redirect(w, r, target, http.StatusFound)
}

// logout is a GET navigation, which the cross-origin check lets through:
// a link or redirect from another site (Sec-Fetch-Site cross-site or
// same-site) must not sign the user out, so it only goes home.
func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "cross-site" && site != "same-site" {
		s.endSession(w, r)
	}
	http.Redirect(w, r, "/", http.StatusFound)
}

// safeNext keeps a post-sign-in destination only when it is a path on this
// site; anything else (another host, a scheme, "//host", "/\host") is "/".
func safeNext(next string) string {
	if next == "" || !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.HasPrefix(next, `/\`) {
		return "/"
	}
	if strings.ContainsAny(next, "\\\r\n\t") || strings.ContainsRune(next, 0) {
		return "/"
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil {
		return "/"
	}
	// Re-encoding can turn an escaped slash into a real one ("/%2F%20x"
	// becomes "//%20x", another host): check the result too.
	if out := u.RequestURI(); !strings.HasPrefix(out, "//") && !strings.HasPrefix(out, `/\`) {
		return out
	}
	return "/"
}

func urlScheme(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return u.Scheme
}
