package api

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"lifeline"
)

// The care circle: a wearer's supporters and their grants, and the
// supporter's "People I support". What a supporter receives is decided
// here from the grant, and every answer is recorded in the wearer's audit
// log.

// pathID reads {id}; a malformed one is notFound, as an unknown one is.
func pathID(r *http.Request, notFound string) (int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil {
		return 0, lifeline.Errorf(lifeline.ENOTFOUND, "%s", notFound)
	}
	return id, nil
}

type inviteRequest struct {
	Label string `json:"label"`
	// Email, when given, is the only account address that may accept.
	Email string `json:"email"`
}

type inviteResponse struct {
	lifeline.Invitation
	// InviteURL is the page that accepts the token; the token rides in the
	// fragment, so it never reaches a server log.
	InviteURL string `json:"inviteUrl"`
}

func (s *Server) listSupporters(w http.ResponseWriter, r *http.Request) {
	list, err := s.cfg.Care.FindSupporters(r.Context(), currentUser(r.Context()).ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

func (s *Server) inviteSupporter(w http.ResponseWriter, r *http.Request) {
	var req inviteRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	req.Label, req.Email = strings.TrimSpace(req.Label), strings.ToLower(strings.TrimSpace(req.Email))
	fields := map[string]string{}
	if len([]rune(req.Label)) > 80 {
		fields["label"] = "Keep the name to 80 characters."
	} else if !lifeline.IsPlainText(req.Label) {
		fields["label"] = lifeline.PlainTextProblem
	}
	if req.Email != "" && !validEmail(req.Email) {
		fields["email"] = "Enter an email address like name@example.org."
	}
	if len(fields) > 0 {
		writeError(w, r, &lifeline.Error{Code: lifeline.EINVALID, Message: "Please check the highlighted fields.", Fields: fields})
		return
	}
	if !s.allowSend(w, r, perPerson(invitationLimit, currentUser(r.Context()).ID)) {
		return
	}
	var inv *lifeline.Invitation
	var err error
	if req.Email != "" { // the server emails it, with a link built as share links' are (share.go)
		inv, err = s.cfg.Care.InviteSupporterByEmail(r.Context(), currentUser(r.Context()).ID, req.Label, req.Email, s.emailLinkBase()+"/care/accept#token=", s.cfg.Now())
	} else {
		inv, err = s.cfg.Care.InviteSupporter(r.Context(), currentUser(r.Context()).ID, req.Label, req.Email, s.cfg.Now())
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	url := s.origin(r) + "/care/accept#token=" + inv.Token
	writeJSON(w, http.StatusCreated, inviteResponse{Invitation: *inv, InviteURL: url})
}

func (s *Server) setGrant(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Supporter not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	var g lifeline.Grant
	if err := decodeJSON(w, r, &g); err != nil {
		writeError(w, r, err)
		return
	}
	if err := g.Validate(); err != nil {
		writeError(w, r, err)
		return
	}
	sup, err := s.cfg.Care.SetGrant(r.Context(), currentUser(r.Context()).ID, id, g)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, sup)
}

type tierRequest struct {
	Tier int `json:"tier"`
}

// setTier is PUT /api/supporters/{id}/tier: when this supporter hears of
// an alert (1 first, then 2, then 3; an SOS reaches every tier at once).
func (s *Server) setTier(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Supporter not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	var req tierRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if err := lifeline.ValidTier(req.Tier); err != nil {
		writeError(w, r, err)
		return
	}
	sup, err := s.cfg.Care.SetTier(r.Context(), currentUser(r.Context()).ID, id, req.Tier)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, sup)
}

func (s *Server) revokeSupporter(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Supporter not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Care.RevokeSupporter(r.Context(), currentUser(r.Context()).ID, id, s.cfg.Now()); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// careViewsLimit is how much of the audit log one answer holds.
const careViewsLimit = 200

func (s *Server) listCareViews(w http.ResponseWriter, r *http.Request) {
	list, err := s.cfg.Care.FindCareViews(r.Context(), currentUser(r.Context()).ID, careViewsLimit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

type acceptRequest struct {
	Token string `json:"token"`
}

func (s *Server) acceptInvitation(w http.ResponseWriter, r *http.Request) {
	var req acceptRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if req.Token == "" || len(req.Token) > 200 {
		writeError(w, r, lifeline.Errorf(lifeline.ENOTFOUND, "This invitation is not valid any more. Ask for a new one."))
		return
	}
	p, err := s.cfg.Care.AcceptInvitation(r.Context(), currentUser(r.Context()), req.Token, s.cfg.Now())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

// previewInvitation tells the accept page who invites the person, before
// they sign in or accept; the token is the credential, as for a share link.
func (s *Server) previewInvitation(w http.ResponseWriter, r *http.Request) {
	gate, ok := s.publicTokenGate(w, r, "invite", "Too many invitations that don't work from this connection. Try again in %s.")
	if !ok {
		return
	}
	var req acceptRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	var p *lifeline.InvitationPreview
	var err error = lifeline.Errorf(lifeline.ENOTFOUND, "This invitation is not valid any more. Ask for a new one.")
	if req.Token != "" && len(req.Token) <= 200 {
		p, err = s.cfg.Care.PreviewInvitation(r.Context(), req.Token, gate.now)
	}
	if err = gate.result(r.Context(), err); err != nil {
		writeError(w, r, err)
		return
	}
	p.ExpiresAt = p.ExpiresAt.UTC()
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	writeJSON(w, http.StatusOK, p)
}

// personView is one person on "People I support": only what the grant
// shares; fields outside it are null.
type personView struct {
	*lifeline.Supported
	CheckIns *checkInSummary `json:"checkIns"`
	// Alerts are the open alerts other than an SOS, which is in SOS.
	Alerts   []supporterAlert    `json:"alerts"`
	SOS      *supporterAlert     `json:"sos"`
	Location *lifeline.StoredFix `json:"location"`
	// Phone is the wearer's number, to call or text them back.
	Phone *string `json:"phone"`
	// Measures are their questionnaires' newest scores and bands (the
	// measures scope), never the answers or notes; nil without the scope.
	Measures []measureScore `json:"measures"`
	// Signals are the wearer's early-warning signals, with the signals
	// scope (nil without it; empty when nothing is unusual).
	Signals []sharedSignal `json:"signals"`
}

// checkInSummary is the check-in scope: whether they checked in today, the
// streak and the week's trend; substance details only with CheckInDetails.
type checkInSummary struct {
	CheckedInToday        bool     `json:"checkedInToday"`
	StreakDays            int      `json:"streakDays"`
	WeeklyCheckins        int      `json:"weeklyCheckins"`
	AvgMood               *float64 `json:"avgMood"`
	AvgCravings           *float64 `json:"avgCravings"`
	DaysSinceSubstanceUse *int     `json:"daysSinceSubstanceUse,omitempty"`
	SubstanceUseReported  *bool    `json:"substanceUseReported,omitempty"`
}

// supporterAlert is an alert in the supporter's words.
type supporterAlert struct {
	ID        int64     `json:"id"`
	Type      string    `json:"type"`
	Title     string    `json:"title"`
	Message   string    `json:"message"`
	CreatedAt time.Time `json:"createdAt"`
	// ResolvedAt is when an SOS's wearer said they're safe.
	ResolvedAt *time.Time `json:"resolvedAt,omitempty"`
	// Claim is who said "I'm on it" (null: nobody yet).
	Claim *alertClaim `json:"claim"`
}

// openAlertWindow is how long an unanswered alert stays on the supporter's
// screen.
const openAlertWindow = 24 * time.Hour

func (s *Server) listSupported(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	me := currentUser(ctx)
	people, err := s.cfg.Care.FindSupported(ctx, me.ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	views := make([]personView, 0, len(people))
	for _, p := range people {
		v, err := s.personView(r, me, p)
		if err != nil {
			writeError(w, r, err)
			return
		}
		views = append(views, v)
	}
	writeJSON(w, http.StatusOK, views)
}

func (s *Server) getSupported(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Person not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	ctx := r.Context()
	me := currentUser(ctx)
	people, err := s.cfg.Care.FindSupported(ctx, me.ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	for _, p := range people {
		if p.LinkID == id {
			v, err := s.personView(r, me, p)
			if err != nil {
				writeError(w, r, err)
				return
			}
			writeJSON(w, http.StatusOK, v)
			return
		}
	}
	writeError(w, r, lifeline.Errorf(lifeline.ENOTFOUND, "Person not found."))
}

// personView gathers what p's grant shares with me, and logs the look.
func (s *Server) personView(r *http.Request, me *lifeline.User, p *lifeline.Supported) (personView, error) {
	ctx := r.Context()
	now := s.cfg.Now()
	v := personView{Supported: p, Alerts: []supporterAlert{}}
	var seen []string
	if p.Grant.CheckIns {
		sum, err := s.checkInSummary(r, p)
		if err != nil {
			return v, err
		}
		v.CheckIns = sum
		seen = append(seen, "checkins")
	}
	var newestOpen time.Time
	if len(p.Grant.Alerts) > 0 {
		alerts, err := s.cfg.Care.SupportedAlerts(ctx, me.ID, p.WearerID, now.Add(-openAlertWindow))
		if err != nil {
			return v, err
		}
		for _, a := range alerts {
			if !p.Grant.Allows(a.Type) || a.Type == lifeline.AlertSOS {
				continue // the wearer narrowed the grant since; an SOS is v.SOS
			}
			at := a.CreatedAt.In(me.Location())
			v.Alerts = append(v.Alerts, supporterAlert{ID: a.ID, Type: a.Type, CreatedAt: a.CreatedAt,
				Title: lifeline.SupporterSubject(p.Name, a.Type), Message: lifeline.SupporterMessage(p.Name, a.Type, a.ZoneName, at),
				Claim: claimOf(a, me.ID)})
			if a.CreatedAt.After(newestOpen) {
				newestOpen = a.CreatedAt
			}
		}
		if v.SOS, err = s.supportedSOS(r, me, p); err != nil {
			return v, err
		}
		if v.SOS != nil && v.SOS.ResolvedAt == nil && v.SOS.CreatedAt.After(newestOpen) {
			newestOpen = v.SOS.CreatedAt
		}
		seen = append(seen, "alerts")
	}
	if p.Grant.Measures {
		m, err := s.supporterMeasures(r, p)
		if err != nil {
			return v, err
		}
		v.Measures = m
		seen = append(seen, "measures")
	}
	if p.Grant.Signals {
		sig, err := s.sharedSignals(r, p)
		if err != nil {
			return v, err
		}
		v.Signals = sig
		seen = append(seen, "signals")
	}
	if p.Grant.Phone && p.Phone != "" {
		v.Phone = &p.Phone
		seen = append(seen, "phone")
	}
	if p.Grant.LocationVisible(now, newestOpen) {
		loc, err := s.cfg.Locations.LatestFix(ctx, p.WearerID)
		switch {
		case lifeline.ErrorCode(err) == lifeline.ENOTFOUND:
		case err != nil:
			return v, err
		default:
			loc.DeviceID, loc.BatteryLevel = "", nil // where, not what they wear
			v.Location = loc
			seen = append(seen, "location")
		}
	}
	return v, s.cfg.Care.RecordViews(ctx, p, me.ID, seen, now)
}

func (s *Server) checkInSummary(r *http.Request, p *lifeline.Supported) (*checkInSummary, error) {
	ctx := r.Context()
	wearer := &lifeline.User{Timezone: p.Timezone}
	today := lifeline.DateOf(s.cfg.Now(), wearer.Location())
	streak, recent, err := s.streakAndRecent(ctx, p.WearerID, today)
	if err != nil {
		return nil, err
	}
	rec, err := s.cfg.CheckIns.FindRecovery(ctx, p.WearerID)
	if err != nil {
		return nil, err
	}
	st := lifeline.ComputeStats(streak, recent, rec, today)
	sum := &checkInSummary{StreakDays: st.StreakDays, WeeklyCheckins: st.WeeklyCheckins, AvgMood: st.AvgMood, AvgCravings: st.AvgCravings}
	sum.CheckedInToday = len(recent) > 0 && recent[0].Date == today
	if p.Grant.CheckInDetails {
		sum.DaysSinceSubstanceUse, sum.SubstanceUseReported = st.DaysSinceSubstanceUse, &st.SubstanceUseReported
	}
	return sum, nil
}

// answerOkay is the wearer's "I'm okay": the alert's escalation stops.
func (s *Server) answerOkay(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Alert not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	a, err := s.cfg.Care.AnswerOkay(r.Context(), currentUser(r.Context()).ID, id, s.cfg.Now())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a)
}
