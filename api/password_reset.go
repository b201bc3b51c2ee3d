package api

import (
	"net/http"
	"strings"

	"lifeline"
)

// A forgotten password (lifeline.PasswordResetService): the person asks for
// a link at their address, then sends the link's token with a new password.

type passwordResetRequest struct {
	Email string `json:"email"`
}

type passwordResetConfirmRequest struct {
	Token    string `json:"token"`
	Password string `json:"password"`
}

// passwordResetByEmail: local accounts, and a mail server to send the link.
func (s *Server) passwordResetByEmail() bool {
	return !s.cfg.DisableLocalAccounts && s.cfg.EmailEnabled && s.cfg.PasswordResets != nil
}

// errNoResetEmail answers every address alike on a server that cannot send
// email: the person running it resets passwords (lifeline users
// reset-password).
var errNoResetEmail = lifeline.Errorf(lifeline.ECONFLICT,
	"This server can't send email, so it can't send a reset link. Please ask the person who runs it to set a new password for you.")

// requestPasswordReset answers 202 and nothing else for every well-formed
// address, with an account or not, so the answer tells nobody who has one;
// the limits count every address alike for the same reason.
func (s *Server) requestPasswordReset(w http.ResponseWriter, r *http.Request) {
	var req passwordResetRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	email := strings.ToLower(strings.TrimSpace(req.Email))
	if !validEmail(email) {
		writeError(w, r, fieldErrors{"email": "Enter a valid email address."}.err())
		return
	}
	if !s.passwordResetByEmail() {
		writeError(w, r, errNoResetEmail)
		return
	}
	if !s.allowSend(w, r, sendCount{clientResetLimit, s.clientKey(r)}, sendCount{addressResetLimit, email}) {
		return
	}
	queued, err := s.cfg.PasswordResets.RequestPasswordReset(r.Context(), email, s.emailLinkBase()+"/reset-password#token=", s.cfg.Now())
	if err != nil {
		writeError(w, r, err)
		return
	}
	s.cfg.Logger.Info("password reset asked for", "emailed", queued)
	w.WriteHeader(http.StatusAccepted)
}

// confirmPasswordReset sets the new password (registration's rules) with a
// link's token, once: every session of the account ends, and this browser
// is signed in afresh. A link that does not work is counted against the
// client address, as other public tokens are.
func (s *Server) confirmPasswordReset(w http.ResponseWriter, r *http.Request) {
	g, ok := s.publicTokenGate(w, r, "password-reset", "Too many links that did not work. Try again in %s.")
	if !ok {
		return
	}
	var req passwordResetConfirmRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	ctx := r.Context()
	user, err := s.cfg.PasswordResets.PasswordResetUser(ctx, req.Token, g.now)
	if err = g.result(ctx, err); err != nil {
		writeError(w, r, err)
		return
	}
	if p := PasswordProblem(req.Password, user.Email); p != "" {
		writeError(w, r, fieldErrors{"password": p}.err())
		return
	}
	hash := HashPassword(req.Password)
	if user, err = s.cfg.PasswordResets.ResetPassword(ctx, req.Token, hash, s.cfg.Now()); err != nil {
		writeError(w, r, err) // used meanwhile, by a request racing this one
		return
	}
	if err := s.signIn(w, r, user, hash, ""); err != nil {
		writeError(w, r, err)
		return
	}
	s.cfg.Logger.Info("password reset", "user", user.ID)
	writeJSON(w, http.StatusOK, user)
}
