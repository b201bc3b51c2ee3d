package api

import (
	"net/http"
	"slices"

	"lifeline"
	"lifeline/signals"
)

// ownSignal is a signal as its person reads it: the arithmetic to them and
// a step from their coping plan.
type ownSignal struct {
	Kind        string `json:"kind"`
	Title       string `json:"title"`
	Explanation string `json:"explanation"`
	Step        string `json:"step"`
	FromPlan    bool   `json:"fromPlan"`
}

// sharedSignal is a signal as a supporter with the signals scope reads it:
// the arithmetic without place names, and never the coping plan.
type sharedSignal struct {
	Kind        string `json:"kind"`
	Explanation string `json:"explanation"`
}

// getSignals answers the person's current signals (none set aside with
// "Not now"); an empty list says nothing is unusual.
func (s *Server) getSignals(w http.ResponseWriter, r *http.Request) {
	list, err := s.signalsOf(r, currentUser(r.Context()).ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]ownSignal, len(list))
	for i, sg := range list {
		out[i] = ownSignal{Kind: sg.Kind, Title: sg.Title, Explanation: sg.Explanation, Step: sg.Step, FromPlan: sg.FromPlan}
	}
	writeJSON(w, http.StatusOK, struct {
		Signals []ownSignal `json:"signals"`
	}{out})
}

type notNowRequest struct {
	Kind string `json:"kind"`
}

// notNowSignal sets a kind of signal aside for signals.NotNowDays.
func (s *Server) notNowSignal(w http.ResponseWriter, r *http.Request) {
	var req notNowRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if !slices.Contains(signals.Kinds, req.Kind) {
		writeError(w, r, &lifeline.Error{Code: lifeline.EINVALID, Message: "Please check the highlighted fields.",
			Fields: map[string]string{"kind": "Kind is cravings, mood, checkins, bam_risk, bam_protective or avoid_zone."}})
		return
	}
	if err := s.cfg.Signals.DismissSignal(r.Context(), currentUser(r.Context()).ID, req.Kind, s.cfg.Now()); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// signalsOf evaluates one person's signals now.
func (s *Server) signalsOf(r *http.Request, userID int64) ([]signals.Signal, error) {
	people, err := s.cfg.Signals.SignalPeople(r.Context(), []int64{userID}, s.cfg.Now())
	if err != nil || len(people) == 0 {
		return nil, err
	}
	return signals.Evaluate(&people[0]), nil
}

// sharedSignals is the signals scope of a supporter's view of a person.
func (s *Server) sharedSignals(r *http.Request, p *lifeline.Supported) ([]sharedSignal, error) {
	list, err := s.signalsOf(r, p.WearerID)
	if err != nil {
		return nil, err
	}
	out := make([]sharedSignal, len(list))
	for i, sg := range list {
		out[i] = sharedSignal{Kind: sg.Kind, Explanation: sg.Shared}
	}
	return out, nil
}
