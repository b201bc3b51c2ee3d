package api

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"lifeline"
)

const (
	defaultCheckInPage = 30
	maxCheckInPage     = 366
)

// checkInRequest mirrors docs/spec.md §7's payload. Pointers tell a missing
// number from a zero.
type checkInRequest struct {
	Mood               *int     `json:"mood"`
	MoodDescription    string   `json:"moodDescription"`
	CravingIntensity   *int     `json:"cravingIntensity"`
	Triggers           []string `json:"triggers"`
	TriggerDescription string   `json:"triggerDescription"`
	SubstanceUse       *bool    `json:"substanceUse"`
	SubstanceDetails   string   `json:"substanceDetails"`
	CopingStrategies   []string `json:"copingStrategies"`
	Notes              string   `json:"notes"`
}

// scale checks a 1..10 slider value with the validation layer's default
// messages (docs/spec.md §5).
func scale(v *int) string {
	switch {
	case v == nil:
		return "Required"
	case *v < 1:
		return "Number must be greater than or equal to 1"
	case *v > 10:
		return "Number must be less than or equal to 10"
	}
	return ""
}

func textLimit(s string, max int) string {
	if utf8.RuneCountInString(s) > max {
		return fmt.Sprintf("String must contain at most %d character(s)", max)
	}
	return ""
}

// knownIDs drops duplicates and reports the first id not in allowed.
func knownIDs(ids, allowed []string) ([]string, string) {
	out := []string{}
	for _, id := range ids {
		if !slices.Contains(allowed, id) {
			return nil, fmt.Sprintf("Unknown option %q", id)
		}
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out, ""
}

func (req checkInRequest) validate() (*lifeline.CheckIn, error) {
	problems := fieldErrors{}
	add := func(field, problem string) {
		if problem != "" {
			problems[field] = problem
		}
	}
	add("mood", scale(req.Mood))
	add("cravingIntensity", scale(req.CravingIntensity))
	if req.SubstanceUse == nil {
		add("substanceUse", "Required")
	}
	triggers, p := knownIDs(req.Triggers, lifeline.TriggerIDs)
	add("triggers", p)
	coping, p := knownIDs(req.CopingStrategies, lifeline.CopingIDs)
	add("copingStrategies", p)
	add("moodDescription", textLimit(req.MoodDescription, 2000))
	add("triggerDescription", textLimit(req.TriggerDescription, 2000))
	add("substanceDetails", textLimit(req.SubstanceDetails, 2000))
	add("notes", textLimit(req.Notes, 5000))
	if err := problems.err(); err != nil {
		return nil, err
	}
	c := &lifeline.CheckIn{
		Mood: *req.Mood, CravingIntensity: *req.CravingIntensity,
		MoodDescription: strings.TrimSpace(req.MoodDescription), Triggers: triggers,
		TriggerDescription: strings.TrimSpace(req.TriggerDescription), SubstanceUse: *req.SubstanceUse,
		CopingStrategies: coping, Notes: strings.TrimSpace(req.Notes),
	}
	if c.SubstanceUse {
		c.SubstanceDetails = strings.TrimSpace(req.SubstanceDetails)
	}
	return c, nil
}

// createCheckIn saves today's check-in (the user's local date) and raises
// the alerts it calls for. The database refuses a second one for the date.
func (s *Server) createCheckIn(w http.ResponseWriter, r *http.Request) {
	var req checkInRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	c, err := req.validate()
	if err != nil {
		writeError(w, r, err)
		return
	}
	ctx := r.Context()
	user := currentUser(ctx)
	today := lifeline.DateOf(s.cfg.Now(), user.Location())
	c.Date = today
	if err := s.cfg.CheckIns.CreateCheckIn(ctx, user.ID, c); err != nil {
		writeError(w, r, err)
		return
	}
	streak, recent, err := s.streakAndRecent(ctx, user.ID, today)
	if err == nil {
		for _, a := range lifeline.CheckInAlerts(streak, recent, today) {
			if _, err = s.cfg.Alerts.RaiseAlert(ctx, user.ID, a); err != nil {
				break
			}
		}
	}
	if err != nil {
		// The check-in is saved; a missing alert must not turn that into a failure.
		s.cfg.Logger.Error("check-in alerts", "user", user.ID, "err", err)
	}
	writeJSON(w, http.StatusCreated, c)
}

// requestOf is a check-in as the request that would save it, so that a
// PATCH decodes over it: fields left out keep their values, and the result
// passes the same validation as a new check-in.
func requestOf(c *lifeline.CheckIn) checkInRequest {
	mood, craving, use := c.Mood, c.CravingIntensity, c.SubstanceUse // copies: decoding writes through pointers
	return checkInRequest{
		Mood: &mood, MoodDescription: c.MoodDescription, CravingIntensity: &craving,
		Triggers: slices.Clone(c.Triggers), TriggerDescription: c.TriggerDescription, SubstanceUse: &use,
		SubstanceDetails: c.SubstanceDetails, CopingStrategies: slices.Clone(c.CopingStrategies), Notes: c.Notes,
	}
}

// updateCheckIn corrects one of the person's check-ins: the fields sent
// replace the saved ones; the date stays.
func (s *Server) updateCheckIn(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Check-in not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	ctx := r.Context()
	user := currentUser(ctx)
	saved, err := s.cfg.CheckIns.FindCheckInByID(ctx, user.ID, id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	req := requestOf(saved)
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	c, err := req.validate()
	if err != nil {
		writeError(w, r, err)
		return
	}
	c.ID, c.Date = saved.ID, saved.Date
	if err := s.cfg.CheckIns.UpdateCheckIn(ctx, user.ID, c); err != nil {
		writeError(w, r, err)
		return
	}
	s.checkInCorrected(ctx, user, c.Date)
	writeJSON(w, http.StatusOK, c)
}

func (s *Server) deleteCheckIn(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Check-in not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	ctx := r.Context()
	user := currentUser(ctx)
	c, err := s.cfg.CheckIns.DeleteCheckIn(ctx, user.ID, id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	s.checkInCorrected(ctx, user, c.Date)
	w.WriteHeader(http.StatusNoContent)
}

// checkInCorrected follows a correction of the check-in of date through
// the alerts check-ins raise: every open concerning-pattern alert from
// that date on that the check-ins no longer call for is resolved (kept in
// the history, its waiting deliveries skipped), and a correction of
// today's check-in raises what a new one would. Milestones stay: they
// were reached. Failures are logged: the correction is saved.
func (s *Server) checkInCorrected(ctx context.Context, user *lifeline.User, date lifeline.Date) {
	err := s.resolveStalePatterns(ctx, user.ID, date)
	today := lifeline.DateOf(s.cfg.Now(), user.Location())
	if err == nil && date.Equal(today.Time) {
		var streak int
		var recent []*lifeline.CheckIn
		streak, recent, err = s.streakAndRecent(ctx, user.ID, today)
		if err == nil && len(recent) > 0 && recent[0].Date.Equal(today.Time) {
			for _, a := range lifeline.CheckInAlerts(streak, recent, today) {
				if _, err = s.cfg.Alerts.RaiseAlert(ctx, user.ID, a); err != nil {
					break
				}
			}
		}
	}
	if err != nil {
		s.cfg.Logger.Error("check-in correction alerts", "user", user.ID, "err", err)
	}
}

func (s *Server) resolveStalePatterns(ctx context.Context, userID int64, from lifeline.Date) error {
	open, err := s.cfg.Alerts.FindOpenPatternAlerts(ctx, userID, from)
	if err != nil {
		return err
	}
	var stale []int64
	for _, a := range open {
		date, ok := lifeline.PatternAlertDate(a.DedupKey)
		if !ok {
			continue
		}
		recent, err := s.cfg.CheckIns.FindCheckIns(ctx, userID, lifeline.CheckInFilter{To: date, Limit: lifeline.RecentCheckIns})
		if err != nil {
			return err
		}
		if !lifeline.PatternStillHolds(a.DedupKey, recent) {
			stale = append(stale, a.ID)
		}
	}
	if len(stale) == 0 {
		return nil
	}
	_, err = s.cfg.Alerts.ResolveAlerts(ctx, userID, stale, lifeline.CheckInCorrectedResolution, s.cfg.Now())
	return err
}

// soberDateRequest sets the sober date; null clears it.
type soberDateRequest struct {
	Date *lifeline.Date `json:"date"`
}

// setSoberDate sets, keeps (the same date again) or clears the person's
// sober date: a local date not after their today.
func (s *Server) setSoberDate(w http.ResponseWriter, r *http.Request) {
	var req soberDateRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	ctx := r.Context()
	user := currentUser(ctx)
	if req.Date != nil {
		if err := lifeline.ValidSoberDate(*req.Date, lifeline.DateOf(s.cfg.Now(), user.Location())); err != nil {
			writeError(w, r, err)
			return
		}
	}
	if err := s.cfg.CheckIns.SetSoberDate(ctx, user.ID, req.Date); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// streakAndRecent is lifeline.StreakAndRecent over this server's check-ins.
func (s *Server) streakAndRecent(ctx context.Context, userID int64, today lifeline.Date) (int, []*lifeline.CheckIn, error) {
	return lifeline.StreakAndRecent(ctx, s.cfg.CheckIns, userID, today)
}

func (s *Server) todayCheckIn(w http.ResponseWriter, r *http.Request) {
	user := currentUser(r.Context())
	c, err := s.cfg.CheckIns.FindCheckIn(r.Context(), user.ID, lifeline.DateOf(s.cfg.Now(), user.Location()))
	if lifeline.ErrorCode(err) == lifeline.ENOTFOUND {
		writeJSON(w, http.StatusOK, nil)
		return
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, c)
}

// checkInFilter reads ?from=&to=&before= (dates) and ?limit=.
func checkInFilter(r *http.Request, defaultLimit, maxLimit int) (lifeline.CheckInFilter, error) {
	q := r.URL.Query()
	var f lifeline.CheckInFilter
	for name, dst := range map[string]*lifeline.Date{"from": &f.From, "to": &f.To, "before": &f.Before} {
		if v := q.Get(name); v != "" {
			d, err := lifeline.ParseDate(v)
			if err != nil {
				return f, lifeline.Errorf(lifeline.EINVALID, "?%s=%s is not a date (want YYYY-MM-DD).", name, v)
			}
			*dst = d
		}
	}
	var err error
	f.Limit, err = queryLimit(r, defaultLimit, maxLimit)
	return f, err
}

func (s *Server) listCheckIns(w http.ResponseWriter, r *http.Request) {
	f, err := checkInFilter(r, defaultCheckInPage, maxCheckInPage)
	if err != nil {
		writeError(w, r, err)
		return
	}
	list, err := s.cfg.CheckIns.FindCheckIns(r.Context(), currentUser(r.Context()).ID, f)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

// exportCheckIns sends the check-ins in the range as a CSV download.
func (s *Server) exportCheckIns(w http.ResponseWriter, r *http.Request) {
	f, err := checkInFilter(r, 100000, 100000)
	if err != nil {
		writeError(w, r, err)
		return
	}
	ctx := r.Context()
	user := currentUser(ctx)
	list, err := s.cfg.CheckIns.FindCheckIns(ctx, user.ID, f)
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="lifeline-checkins-%s.csv"`, lifeline.DateOf(s.cfg.Now(), user.Location())))
	w.Header().Set("Cache-Control", "no-store")
	out := csv.NewWriter(w)
	out.Write([]string{"date", "mood", "cravingIntensity", "moodDescription", "triggers", "triggerDescription",
		"substanceUse", "substanceDetails", "copingStrategies", "notes"})
	for _, c := range list {
		out.Write(csvSafe(c.Date.String(), strconv.Itoa(c.Mood), strconv.Itoa(c.CravingIntensity), c.MoodDescription,
			strings.Join(c.Triggers, ";"), c.TriggerDescription, strconv.FormatBool(c.SubstanceUse), c.SubstanceDetails,
			strings.Join(c.CopingStrategies, ";"), c.Notes))
	}
	out.Flush()
}

// csvSafe defuses cells a spreadsheet would run as a formula.
func csvSafe(cells ...string) []string {
	for i, c := range cells {
		if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
			cells[i] = "'" + c
		}
	}
	return cells
}

func (s *Server) stats(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	user := currentUser(ctx)
	today := lifeline.DateOf(s.cfg.Now(), user.Location())
	streak, recent, err := s.streakAndRecent(ctx, user.ID, today)
	if err != nil {
		writeError(w, r, err)
		return
	}
	rec, err := s.cfg.CheckIns.FindRecovery(ctx, user.ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, lifeline.ComputeStats(streak, recent, rec, today))
}
