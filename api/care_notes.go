package api

import (
	"net/http"

	"lifeline"
	"lifeline/live"
)

// Care notes: a supporter sends a person they support a few kind words;
// the wearer reads them on the dashboard and may mute anyone.

type noteRequest struct {
	// Body is the supporter's own words; Preset names one of
	// lifeline.NotePresets instead.
	Body   string `json:"body"`
	Preset string `json:"preset"`
}

// notesLimit is how many notes one answer lists.
const notesLimit = 50

func (s *Server) sendNote(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Person not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	var req noteRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	body, problem := req.Body, ""
	switch {
	case req.Preset != "" && req.Body != "":
		problem = "Send a preset or your own words, not both."
	case req.Preset != "":
		if body = lifeline.PresetBody(req.Preset); body == "" {
			problem = "Pick one of the notes shown."
		}
	default:
		body, problem = lifeline.NormalizeNote(req.Body)
	}
	if problem != "" {
		writeError(w, r, &lifeline.Error{Code: lifeline.EINVALID, Message: problem, Fields: map[string]string{"body": problem}})
		return
	}
	me := currentUser(r.Context())
	if !s.allowSend(w, r, perNote(me.ID, id)) {
		return
	}
	n, err := s.cfg.Notes.SendNote(r.Context(), me.ID, id, body, req.Preset, s.cfg.Now())
	if err != nil {
		writeError(w, r, err)
		return
	}
	if n.Reaches != 0 {
		// An open dashboard shows the note now; a muted one is stored
		// quietly, with no event that would tell it arrived.
		if err := s.cfg.Events.Publish(r.Context(), live.NoteArrived(n.Reaches, n.ID)); err != nil {
			s.cfg.Logger.Warn("note: live event not published", "err", err) // the dashboard refetches on its own
		}
	}
	writeJSON(w, http.StatusCreated, n)
}

func (s *Server) listSentNotes(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Person not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	list, err := s.cfg.Notes.SentNotes(r.Context(), currentUser(r.Context()).ID, id, notesLimit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

func (s *Server) listNotes(w http.ResponseWriter, r *http.Request) {
	list, err := s.cfg.Notes.FindNotes(r.Context(), currentUser(r.Context()).ID, notesLimit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

func (s *Server) markNoteRead(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Note not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	n, err := s.cfg.Notes.MarkNoteRead(r.Context(), currentUser(r.Context()).ID, id, s.cfg.Now())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, n)
}

type muteRequest struct {
	Muted *bool `json:"muted"`
}

func (s *Server) muteNotes(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Supporter not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	var req muteRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if req.Muted == nil {
		writeError(w, r, &lifeline.Error{Code: lifeline.EINVALID, Message: "Say whether this supporter's notes are muted.", Fields: map[string]string{"muted": "Required."}})
		return
	}
	sup, err := s.cfg.Notes.MuteNotes(r.Context(), currentUser(r.Context()).ID, id, *req.Muted)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, sup)
}

// notePresets lets the supporter's screen offer the presets in the
// server's words.
func (s *Server) notePresets(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, lifeline.NotePresets)
}
