package api

import (
	"net/http"
	"strconv"
	"time"

	"lifeline"
	"lifeline/measures"
)

// Validated questionnaires (docs/measures.md): the instruments' wording for
// the web app to render, a person's responses scored here, their history,
// notes and schedule, and the scores a supporter with the measures scope
// sees.

const (
	defaultMeasureHistory = 50
	maxMeasureHistory     = 500
	// supporterMeasureHistory is how many of each instrument's newest
	// scores a supporter sees.
	supporterMeasureHistory = 12
)

type codingJSON struct {
	System  string `json:"system"`
	Code    string `json:"code"`
	Display string `json:"display"`
}

func codingOf(c measures.Coding) *codingJSON {
	if c.Code == "" {
		return nil
	}
	return &codingJSON{c.System, c.Code, c.Display}
}

type optionJSON struct {
	Value int         `json:"value"`
	Text  string      `json:"text"`
	Code  *codingJSON `json:"code"`
}

type itemJSON struct {
	LinkID   string       `json:"linkId"`
	Text     string       `json:"text"`
	Code     *codingJSON  `json:"code"`
	Options  []optionJSON `json:"options"`
	Scored   bool         `json:"scored"`
	Optional bool         `json:"optional"`
	Crisis   bool         `json:"crisis"`
}

type bandJSON struct {
	Min   int    `json:"min"`
	Max   int    `json:"max"`
	Key   string `json:"key"`
	Label string `json:"label"`
}

type subscaleJSON struct {
	Key            string     `json:"key"`
	Label          string     `json:"label"`
	Items          []string   `json:"items"`
	Bands          []bandJSON `json:"bands"`
	Max            int        `json:"max"`
	HigherIsBetter bool       `json:"higherIsBetter"`
}

// instrumentJSON is an instrument as the web app renders it.
type instrumentJSON struct {
	ID               string         `json:"id"`
	Title            string         `json:"title"`
	Name             string         `json:"name"`
	Intro            string         `json:"intro"`
	Items            []itemJSON     `json:"items"`
	Bands            []bandJSON     `json:"bands"`
	Subscales        []subscaleJSON `json:"subscales"`
	MaxTotal         int            `json:"maxTotal"`
	DefaultEveryDays int            `json:"defaultEveryDays"`
	Citation         string         `json:"citation"`
	SourceURL        string         `json:"sourceUrl"`
}

func bandsJSON(bands []measures.Band) []bandJSON {
	out := make([]bandJSON, len(bands))
	for i, b := range bands {
		out[i] = bandJSON{b.Min, b.Max, b.Key, b.Label}
	}
	return out
}

func instrumentOf(in *measures.Instrument) instrumentJSON {
	out := instrumentJSON{ID: in.ID, Title: in.Title, Name: in.Name, Intro: in.Intro, Bands: bandsJSON(in.Bands),
		Subscales: []subscaleJSON{}, MaxTotal: in.MaxTotal(), DefaultEveryDays: in.DefaultEveryDays,
		Citation: in.Source.Citation, SourceURL: in.Source.URL}
	for _, it := range in.Items {
		j := itemJSON{LinkID: it.LinkID, Text: it.Text, Code: codingOf(it.Code), Scored: it.Scored, Optional: it.Optional, Crisis: it.Crisis}
		for _, o := range it.Options {
			j.Options = append(j.Options, optionJSON{o.Value, o.Text, codingOf(o.Code)})
		}
		out.Items = append(out.Items, j)
	}
	for i := range in.Subscales {
		s := &in.Subscales[i]
		out.Subscales = append(out.Subscales, subscaleJSON{s.Key, s.Label, s.Items, bandsJSON(s.Bands), in.MaxOf(s), s.HigherIsBetter})
	}
	return out
}

func (s *Server) listInstruments(w http.ResponseWriter, r *http.Request) {
	out := []instrumentJSON{}
	for _, in := range measures.All() {
		out = append(out, instrumentOf(in))
	}
	writeJSON(w, http.StatusOK, out)
}

// instrumentParam reads an instrument id; an unknown one is a field error.
func instrumentParam(id, field string) (*measures.Instrument, error) {
	in, ok := measures.ByID(id)
	if !ok {
		return nil, &lifeline.Error{Code: lifeline.EINVALID, Message: "Choose one of the questionnaires offered.",
			Fields: map[string]string{field: "Choose phq9, gad7, bam or auditc."}}
	}
	return in, nil
}

type measureRequest struct {
	Instrument string `json:"instrument"`
	Answers    []*int `json:"answers"`
	Note       string `json:"note"`
}

// measureResult is a response just taken: what was stored, the band's
// words, and whether an item asks for the crisis layer (PHQ-9 item 9).
type measureResult struct {
	Response  lifeline.MeasureResponse `json:"response"`
	BandLabel string                   `json:"bandLabel"`
	Crisis    bool                     `json:"crisis"`
}

func (s *Server) createMeasureResponse(w http.ResponseWriter, r *http.Request) {
	var req measureRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	in, err := instrumentParam(req.Instrument, "instrument")
	if err != nil {
		writeError(w, r, err)
		return
	}
	note, err := lifeline.NormalizeMeasureNote(req.Note)
	if err != nil {
		writeError(w, r, err)
		return
	}
	res, err := in.Score(req.Answers)
	if err != nil {
		writeError(w, r, err)
		return
	}
	resp := lifeline.MeasureResponse{UserID: currentUser(r.Context()).ID, Instrument: in.ID, Answers: req.Answers,
		Total: res.Total, Band: res.Band.Key, Subscores: res.Subscores, Note: note, TakenAt: s.cfg.Now()}
	if err := s.cfg.Measures.SaveMeasureResponse(r.Context(), &resp); err != nil {
		writeError(w, r, err)
		return
	}
	// The first response starts the instrument's default schedule, which
	// reminders follow; a schedule the person chose stays as it is.
	if err := s.cfg.Measures.EnsureMeasureSchedule(r.Context(), resp.UserID, in.ID, in.DefaultEveryDays); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, measureResult{Response: resp, BandLabel: res.Band.Label, Crisis: res.Crisis})
}

func (s *Server) listMeasureResponses(w http.ResponseWriter, r *http.Request) {
	in, err := instrumentParam(r.URL.Query().Get("instrument"), "instrument")
	if err != nil {
		writeError(w, r, err)
		return
	}
	limit := defaultMeasureHistory
	if q := r.URL.Query().Get("limit"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 1 || n > maxMeasureHistory {
			writeError(w, r, &lifeline.Error{Code: lifeline.EINVALID, Message: "Ask for 1 to 500 responses.",
				Fields: map[string]string{"limit": "Use a whole number from 1 to 500."}})
			return
		}
		limit = n
	}
	list, err := s.cfg.Measures.MeasureHistory(r.Context(), currentUser(r.Context()).ID, in.ID, limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if list == nil {
		list = []lifeline.MeasureResponse{}
	}
	writeJSON(w, http.StatusOK, list)
}

type measureNoteRequest struct {
	Note *string `json:"note"`
}

func (s *Server) updateMeasureResponse(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Response not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	var req measureNoteRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if req.Note == nil {
		writeError(w, r, &lifeline.Error{Code: lifeline.EINVALID, Message: "Send the note (an empty one clears it).",
			Fields: map[string]string{"note": "Required."}})
		return
	}
	note, err := lifeline.NormalizeMeasureNote(*req.Note)
	if err != nil {
		writeError(w, r, err)
		return
	}
	resp, err := s.cfg.Measures.SetMeasureNote(r.Context(), currentUser(r.Context()).ID, id, note)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

func (s *Server) deleteMeasureResponse(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "Response not found.")
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Measures.DeleteMeasureResponse(r.Context(), currentUser(r.Context()).ID, id); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// measureSchedule is one instrument's schedule as the API serves and takes it.
type measureSchedule struct {
	Instrument string `json:"instrument"`
	EveryDays  int    `json:"everyDays"`
}

// measureStatus is one instrument on the person's list: its schedule, the
// newest response's scores, and when it is next due.
type measureStatus struct {
	Instrument string `json:"instrument"`
	EveryDays  int    `json:"everyDays"`
	// Latest is the newest response (answers and note left out), nil if none.
	Latest    *measureScore `json:"latest"`
	NextDueAt *time.Time    `json:"nextDueAt"`
	Due       bool          `json:"due"`
}

// measureScore is a response's scores without its answers or note: what
// lists and supporters see.
type measureScore struct {
	ID         int64          `json:"id"`
	Instrument string         `json:"instrument"`
	Total      int            `json:"total"`
	Band       string         `json:"band"`
	BandLabel  string         `json:"bandLabel"`
	Subscores  map[string]int `json:"subscores"`
	TakenAt    time.Time      `json:"takenAt"`
}

func scoreOf(r lifeline.MeasureResponse) measureScore {
	label := ""
	if in, ok := measures.ByID(r.Instrument); ok {
		if b, ok := measures.BandOf(in.Bands, r.Total); ok && b.Key == r.Band {
			label = b.Label
		}
	}
	return measureScore{ID: r.ID, Instrument: r.Instrument, Total: r.Total, Band: r.Band, BandLabel: label, Subscores: r.Subscores, TakenAt: r.TakenAt}
}

// everyDays is the person's choice for in, else its default.
func everyDays(in *measures.Instrument, chosen map[string]lifeline.MeasureSchedule) int {
	if s, ok := chosen[in.ID]; ok {
		return s.EveryDays
	}
	return in.DefaultEveryDays
}

func (s *Server) measureStatuses(r *http.Request, userID int64) ([]measureStatus, error) {
	ctx := r.Context()
	chosen, _, err := s.cfg.Measures.MeasureSchedules(ctx, userID)
	if err != nil {
		return nil, err
	}
	now := s.cfg.Now()
	out := []measureStatus{}
	for _, in := range measures.All() {
		st := measureStatus{Instrument: in.ID, EveryDays: everyDays(in, chosen)}
		latest, err := s.cfg.Measures.MeasureHistory(ctx, userID, in.ID, 1)
		if err != nil {
			return nil, err
		}
		var last *time.Time
		if len(latest) > 0 {
			sc := scoreOf(latest[0])
			st.Latest, last = &sc, &latest[0].TakenAt
		}
		if due := lifeline.NextDue(st.EveryDays, last, now); !due.IsZero() {
			st.NextDueAt, st.Due = &due, !due.After(now)
		}
		out = append(out, st)
	}
	return out, nil
}

func (s *Server) listMeasures(w http.ResponseWriter, r *http.Request) {
	out, err := s.measureStatuses(r, currentUser(r.Context()).ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) getMeasureSchedule(w http.ResponseWriter, r *http.Request) {
	chosen, _, err := s.cfg.Measures.MeasureSchedules(r.Context(), currentUser(r.Context()).ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := []measureSchedule{}
	for _, in := range measures.All() {
		out = append(out, measureSchedule{in.ID, everyDays(in, chosen)})
	}
	writeJSON(w, http.StatusOK, out)
}

type measureScheduleRequest struct {
	Schedules []measureSchedule `json:"schedules"`
}

func (s *Server) putMeasureSchedule(w http.ResponseWriter, r *http.Request) {
	var req measureScheduleRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	fields := map[string]string{}
	for i, sc := range req.Schedules {
		if _, ok := measures.ByID(sc.Instrument); !ok {
			fields["schedules."+strconv.Itoa(i)+".instrument"] = "Choose phq9, gad7, bam or auditc."
		}
		if sc.EveryDays < 0 || sc.EveryDays > lifeline.MeasureScheduleMaxDays {
			fields["schedules."+strconv.Itoa(i)+".everyDays"] = "Choose 0 (off) to 90 days."
		}
	}
	if len(req.Schedules) == 0 {
		fields["schedules"] = "Send at least one schedule."
	}
	if len(fields) > 0 {
		writeError(w, r, &lifeline.Error{Code: lifeline.EINVALID, Message: "Please check the highlighted fields.", Fields: fields})
		return
	}
	me := currentUser(r.Context()).ID
	for _, sc := range req.Schedules {
		if err := s.cfg.Measures.SetMeasureSchedule(r.Context(), me, sc.Instrument, sc.EveryDays); err != nil {
			writeError(w, r, err)
			return
		}
	}
	s.getMeasureSchedule(w, r)
}

// supporterMeasures is the measures scope: each instrument's newest scores
// and bands, never the answers to items or the person's notes.
func (s *Server) supporterMeasures(r *http.Request, p *lifeline.Supported) ([]measureScore, error) {
	out := []measureScore{}
	for _, in := range measures.All() {
		list, err := s.cfg.Measures.MeasureHistory(r.Context(), p.WearerID, in.ID, supporterMeasureHistory)
		if err != nil {
			return nil, err
		}
		for _, m := range list {
			out = append(out, scoreOf(m))
		}
	}
	return out, nil
}
