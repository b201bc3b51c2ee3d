package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"lifeline"
)

// Plan limits: each section holds at most maxPlanItems entries of at most
// maxPlanItem characters, and the whole plan stays under the database's
// 64 KiB check with room to spare.
const (
	maxPlanItems = 25
	maxPlanItem  = 500
	maxPlanBytes = 60000
)

// planCleaner trims a plan's entries, drops the blank ones (an empty input
// row in the form) and collects what is too long or too many.
type planCleaner struct{ problems fieldErrors }

func (pc *planCleaner) list(field string, items []string) []string {
	out := []string{}
	for _, item := range items {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	pc.count(field, len(out))
	for i, item := range out {
		if utf8.RuneCountInString(item) > maxPlanItem {
			pc.add(field, fmt.Sprintf("Entry %d is longer than %d characters.", i+1, maxPlanItem))
		}
	}
	return out
}

func (pc *planCleaner) contacts(field string, items []lifeline.PlanContact) []lifeline.PlanContact {
	out := []lifeline.PlanContact{}
	for _, c := range items {
		c.Name, c.Phone = strings.TrimSpace(c.Name), strings.TrimSpace(c.Phone)
		if c.Name != "" || c.Phone != "" {
			out = append(out, c)
		}
	}
	pc.count(field, len(out))
	for i, c := range out {
		switch {
		case c.Name == "":
			pc.add(field, fmt.Sprintf("Entry %d needs a name.", i+1))
		case utf8.RuneCountInString(c.Name) > maxContactName:
			pc.add(field, fmt.Sprintf("Entry %d: a name can be at most %d characters.", i+1, maxContactName))
		case !lifeline.IsPlainText(c.Name):
			pc.add(field, fmt.Sprintf("Entry %d: %s", i+1, lifeline.PlainTextProblem))
		case utf8.RuneCountInString(c.Phone) > maxContactPhone:
			pc.add(field, fmt.Sprintf("Entry %d: a phone number can be at most %d characters.", i+1, maxContactPhone))
		}
	}
	return out
}

func (pc *planCleaner) count(field string, n int) {
	if n > maxPlanItems {
		pc.add(field, fmt.Sprintf("Keep this section to at most %d entries.", maxPlanItems))
	}
}

func (pc *planCleaner) add(field, problem string) {
	if pc.problems == nil {
		pc.problems = fieldErrors{}
	}
	if _, seen := pc.problems[field]; !seen {
		pc.problems[field] = problem
	}
}

// err also bounds the stored size, which many long non-ASCII entries could
// push past the database's limit.
func (pc *planCleaner) err(plan any) error {
	if err := pc.problems.err(); err != nil {
		return err
	}
	if raw, _ := json.Marshal(plan); len(raw) > maxPlanBytes {
		return lifeline.Errorf(lifeline.EINVALID, "The plan is too long to save. Shorten some of its entries.")
	}
	return nil
}

func (s *Server) getSafetyPlan(w http.ResponseWriter, r *http.Request) {
	p, err := s.cfg.Plans.FindSafetyPlan(r.Context(), currentUser(r.Context()).ID)
	if lifeline.ErrorCode(err) == lifeline.ENOTFOUND {
		p, err = &lifeline.SafetyPlan{}, nil
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p.WithDefaults())
}

// putSafetyPlan replaces the whole plan. updatedAt, if sent back, is
// ignored: the server sets it.
func (s *Server) putSafetyPlan(w http.ResponseWriter, r *http.Request) {
	var req lifeline.SafetyPlan
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	var pc planCleaner
	p := &lifeline.SafetyPlan{
		WarningSigns:            pc.list("warningSigns", req.WarningSigns),
		CopingStrategies:        pc.list("copingStrategies", req.CopingStrategies),
		DistractionPeoplePlaces: pc.list("distractionPeoplePlaces", req.DistractionPeoplePlaces),
		HelpPeople:              pc.list("helpPeople", req.HelpPeople),
		Professionals:           pc.contacts("professionals", req.Professionals),
		EnvironmentSafety:       pc.list("environmentSafety", req.EnvironmentSafety),
		ReasonsForLiving:        pc.list("reasonsForLiving", req.ReasonsForLiving),
	}
	if err := pc.err(p); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Plans.SaveSafetyPlan(r.Context(), currentUser(r.Context()).ID, p); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p.WithDefaults())
}

func (s *Server) getCopingPlan(w http.ResponseWriter, r *http.Request) {
	p, err := s.cfg.Plans.FindCopingPlan(r.Context(), currentUser(r.Context()).ID)
	if lifeline.ErrorCode(err) == lifeline.ENOTFOUND {
		p, err = &lifeline.CopingPlan{}, nil
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p.WithDefaults())
}

// putCopingPlan replaces the whole plan; updatedAt is the server's.
func (s *Server) putCopingPlan(w http.ResponseWriter, r *http.Request) {
	var req lifeline.CopingPlan
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	var pc planCleaner
	p := &lifeline.CopingPlan{
		WarningSigns:    pc.list("warningSigns", req.WarningSigns),
		TriggersToAvoid: pc.list("triggersToAvoid", req.TriggersToAvoid),
		CopingActions:   pc.list("copingActions", req.CopingActions),
		PeopleToCall:    pc.contacts("peopleToCall", req.PeopleToCall),
		SafePlaces:      pc.list("safePlaces", req.SafePlaces),
	}
	if err := pc.err(p); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Plans.SaveCopingPlan(r.Context(), currentUser(r.Context()).ID, p); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p.WithDefaults())
}
