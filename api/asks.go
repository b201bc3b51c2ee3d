package api

import (
	"net/http"
	"strings"

	"lifeline"
	"lifeline/live"
)

// A gentle ask: "I could use a call". The wearer sends one to chosen
// supporters and sees who answered; each supporter sees it on People I
// support and answers "I'll call" or "Can't right now". Every change is a
// live event (live.KindAsk) for the people it concerns.

// getOpenAsk is GET /api/asks/open: the wearer's open ask, or null.
func (s *Server) getOpenAsk(w http.ResponseWriter, r *http.Request) {
	a, err := s.cfg.Asks.OpenAsk(r.Context(), currentUser(r.Context()).ID, s.cfg.Now())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a)
}

// createAsk is POST /api/asks.
func (s *Server) createAsk(w http.ResponseWriter, r *http.Request) {
	var req lifeline.NewAsk
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	req.Note = strings.TrimSpace(req.Note)
	if err := req.Validate(); err != nil {
		writeError(w, r, err)
		return
	}
	me := currentUser(r.Context())
	if !s.allowSend(w, r, perPerson(askLimit, me.ID)) {
		return
	}
	a, err := s.cfg.Asks.CreateAsk(r.Context(), me.ID, req, s.cfg.Now())
	if err != nil {
		writeError(w, r, err)
		return
	}
	s.announceAsk(r, me.ID, a)
	writeJSON(w, http.StatusCreated, a)
}

// closeAsk is POST /api/asks/{id}/close: "Thanks, I'm okay".
func (s *Server) closeAsk(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Ask not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	me := currentUser(r.Context())
	a, err := s.cfg.Asks.CloseAsk(r.Context(), me.ID, id, s.cfg.Now())
	if err != nil {
		writeError(w, r, err)
		return
	}
	s.announceAsk(r, me.ID, a)
	writeJSON(w, http.StatusOK, a)
}

// announceAsk tells the wearer's other pages, and the pages of each
// supporter the ask went to (its recipients are named by care link).
func (s *Server) announceAsk(r *http.Request, wearerID int64, a *lifeline.Ask) {
	events := []live.Event{live.AskChanged(wearerID, a.ID)}
	supporters, err := s.cfg.Care.FindSupporters(r.Context(), wearerID)
	if err == nil {
		asked := map[int64]bool{}
		for _, rc := range a.Recipients {
			asked[rc.SupporterID] = true
		}
		for _, sup := range supporters {
			if asked[sup.ID] && sup.SupporterID != 0 {
				events = append(events, live.SupportedAskChanged(sup.SupporterID, sup.ID))
			}
		}
	}
	if err == nil {
		err = s.cfg.Events.Publish(r.Context(), events...)
	}
	if err != nil { // the pages refetch on their own; the ask itself stands
		s.cfg.Logger.Warn("ask: live event not published", "err", err)
	}
}

// listSupportedAsks is GET /api/supporting/asks: the open asks to me.
func (s *Server) listSupportedAsks(w http.ResponseWriter, r *http.Request) {
	list, err := s.cfg.Asks.AsksOfSupporter(r.Context(), currentUser(r.Context()).ID, s.cfg.Now())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

type askAnswerRequest struct {
	Answer string `json:"answer"`
}

// answerAsk is POST /api/supporting/asks/{id}/answer.
func (s *Server) answerAsk(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "This ask is closed now.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	var req askAnswerRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	a, err := s.cfg.Asks.AnswerAsk(r.Context(), currentUser(r.Context()).ID, id, req.Answer, s.cfg.Now())
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Events.Publish(r.Context(), live.AskChanged(a.WearerID, a.ID)); err != nil {
		s.cfg.Logger.Warn("ask: live event not published", "err", err)
	}
	writeJSON(w, http.StatusOK, a)
}
