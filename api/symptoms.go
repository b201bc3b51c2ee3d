package api

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"lifeline"
)

const (
	defaultSymptomPage = 100
	maxSymptomPage     = 1000
	maxSymptomExport   = 100000
	defaultTrendDays   = 30
	maxTrendDays       = 366
)

// field is a JSON member that may be absent: Set tells a PATCH which
// fields were sent; Raw keeps the value for validation with docs/spec.md's
// default messages (a wrong type is a message on the field, not a refusal
// of the whole body).
type field struct {
	Set bool
	Raw json.RawMessage
}

func (f *field) UnmarshalJSON(b []byte) error {
	f.Set, f.Raw = true, append(json.RawMessage(nil), b...)
	return nil
}

func (f field) null() bool { return !f.Set || bytes.Equal(f.Raw, []byte("null")) }

// symptomRequest is a symptom log as the web app sends it (docs/spec.md §7); on
// PATCH only the fields present change, and null clears one.
type symptomRequest struct {
	PhysicalSymptom  field `json:"physicalSymptom"`
	PhysicalSeverity field `json:"physicalSeverity"`
	MentalSymptom    field `json:"mentalSymptom"`
	MentalSeverity   field `json:"mentalSeverity"`
	Duration         field `json:"duration"`
	Notes            field `json:"notes"`
}

// jsonKind names a JSON value's type the way the validation layer does in
// its default messages.
func jsonKind(raw json.RawMessage) string {
	switch raw[0] {
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case '[':
		return "array"
	case '{':
		return "object"
	case 'n':
		return "null"
	}
	return "number"
}

// text reads an optional string field: null or absent is "".
func (f field) text() (string, string) {
	if f.null() {
		return "", ""
	}
	var s string
	if err := json.Unmarshal(f.Raw, &s); err != nil {
		return "", "Expected string, received " + jsonKind(f.Raw)
	}
	return strings.TrimSpace(s), ""
}

// choice reads a string that must be one of choices (or empty when
// optional), with the validation layer's default enum message.
func (f field) choice(choices []string, required bool) (string, string) {
	s, problem := f.text()
	switch {
	case problem != "":
		return "", problem
	case s == "" && required:
		return "", "Required"
	case s == "":
		return "", ""
	case !slices.Contains(choices, s):
		return "", fmt.Sprintf("Invalid enum value. Expected '%s', received '%s'", strings.Join(choices, "' | '"), s)
	}
	return s, ""
}

// severity reads an optional whole number 1..10; null or absent is nil.
func (f field) severity() (*int, string) {
	if f.null() {
		return nil, ""
	}
	var v float64
	if err := json.Unmarshal(f.Raw, &v); err != nil {
		return nil, "Expected number, received " + jsonKind(f.Raw)
	}
	switch {
	case v != math.Trunc(v):
		return nil, "Expected integer, received float"
	case v < 1:
		return nil, "Number must be greater than or equal to 1"
	case v > 10:
		return nil, "Number must be less than or equal to 10"
	}
	n := int(v)
	return &n, ""
}

// apply copies the fields sent onto l and validates the result (docs/spec.md §5:
// duration required and one of the five choices; symptoms from the lists or
// empty; severities optional whole numbers 1..10; notes at most 5,000
// characters).
func (req symptomRequest) apply(l *lifeline.SymptomLog, create bool) error {
	problems := fieldErrors{}
	add := func(name, problem string) {
		if problem != "" {
			problems[name] = problem
		}
	}
	var p string
	if create || req.PhysicalSymptom.Set {
		l.PhysicalSymptom, p = req.PhysicalSymptom.choice(lifeline.PhysicalSymptoms, false)
		add("physicalSymptom", p)
	}
	if create || req.MentalSymptom.Set {
		l.MentalSymptom, p = req.MentalSymptom.choice(lifeline.MentalSymptoms, false)
		add("mentalSymptom", p)
	}
	if create || req.PhysicalSeverity.Set {
		l.PhysicalSeverity, p = req.PhysicalSeverity.severity()
		add("physicalSeverity", p)
	}
	if create || req.MentalSeverity.Set {
		l.MentalSeverity, p = req.MentalSeverity.severity()
		add("mentalSeverity", p)
	}
	if create || req.Duration.Set {
		l.Duration, p = req.Duration.choice(lifeline.SymptomDurations, true)
		add("duration", p)
	}
	if create || req.Notes.Set {
		l.Notes, p = req.Notes.text()
		if p == "" {
			p = textLimit(l.Notes, lifeline.MaxSymptomNotes)
		}
		add("notes", p)
	}
	return problems.err()
}

func symptomID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil {
		return 0, lifeline.Errorf(lifeline.ENOTFOUND, "Symptom log not found.")
	}
	return id, nil
}

func (s *Server) listSymptoms(w http.ResponseWriter, r *http.Request) {
	limit, err := queryLimit(r, defaultSymptomPage, maxSymptomPage)
	if err != nil {
		writeError(w, r, err)
		return
	}
	list, err := s.cfg.Symptoms.FindSymptomLogs(r.Context(), currentUser(r.Context()).ID, lifeline.SymptomFilter{Limit: limit})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

func (s *Server) createSymptom(w http.ResponseWriter, r *http.Request) {
	var req symptomRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	l := &lifeline.SymptomLog{Date: s.cfg.Now()}
	if err := req.apply(l, true); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Symptoms.CreateSymptomLog(r.Context(), currentUser(r.Context()).ID, l); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, l)
}

func (s *Server) getSymptom(w http.ResponseWriter, r *http.Request) {
	id, err := symptomID(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	l, err := s.cfg.Symptoms.FindSymptomLog(r.Context(), currentUser(r.Context()).ID, id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, l)
}

func (s *Server) updateSymptom(w http.ResponseWriter, r *http.Request) {
	id, err := symptomID(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	ctx := r.Context()
	userID := currentUser(ctx).ID
	l, err := s.cfg.Symptoms.FindSymptomLog(ctx, userID, id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	var req symptomRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if err := req.apply(l, false); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Symptoms.UpdateSymptomLog(ctx, userID, l); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, l)
}

func (s *Server) deleteSymptom(w http.ResponseWriter, r *http.Request) {
	id, err := symptomID(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.Symptoms.DeleteSymptomLog(r.Context(), currentUser(r.Context()).ID, id); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// exportSymptoms sends every symptom log of the user, newest first, as a
// CSV (default) or JSON download.
func (s *Server) exportSymptoms(w http.ResponseWriter, r *http.Request) {
	format := r.URL.Query().Get("format")
	if format == "" {
		format = "csv"
	}
	if format != "csv" && format != "json" {
		writeError(w, r, lifeline.Errorf(lifeline.EINVALID, "?format= must be csv or json."))
		return
	}
	ctx := r.Context()
	user := currentUser(ctx)
	list, err := s.cfg.Symptoms.FindSymptomLogs(ctx, user.ID, lifeline.SymptomFilter{Limit: maxSymptomExport})
	if err != nil {
		writeError(w, r, err)
		return
	}
	loc := user.Location()
	name := fmt.Sprintf("lifeline-symptoms-%s.%s", lifeline.DateOf(s.cfg.Now(), loc), format)
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, name))
	w.Header().Set("Cache-Control", "no-store")
	if format == "json" {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		_ = enc.Encode(list)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	out := csv.NewWriter(w)
	out.Write([]string{"date", "physicalSymptom", "physicalSeverity", "mentalSymptom", "mentalSeverity", "duration", "notes"})
	for _, l := range list {
		out.Write(csvSafe(l.Date.In(loc).Format(time.RFC3339), l.PhysicalSymptom, severityCell(l.PhysicalSeverity),
			l.MentalSymptom, severityCell(l.MentalSeverity), l.Duration, l.Notes))
	}
	out.Flush()
}

func severityCell(v *int) string {
	if v == nil {
		return ""
	}
	return strconv.Itoa(*v)
}

// symptomTrend answers the chart's series: one point per local date of the
// last ?days= days (default 30, today included), oldest first.
func (s *Server) symptomTrend(w http.ResponseWriter, r *http.Request) {
	days := defaultTrendDays
	if v := r.URL.Query().Get("days"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxTrendDays {
			writeError(w, r, lifeline.Errorf(lifeline.EINVALID, "?days= must be a whole number from 1 to %d.", maxTrendDays))
			return
		}
		days = n
	}
	ctx := r.Context()
	user := currentUser(ctx)
	loc := user.Location()
	today := lifeline.DateOf(s.cfg.Now(), loc)
	first := today.AddDays(-(days - 1))
	list, err := s.cfg.Symptoms.FindSymptomLogs(ctx, user.ID, lifeline.SymptomFilter{
		From:  lifeline.StartOfDate(first, loc),
		To:    lifeline.StartOfDate(today.AddDays(1), loc),
		Limit: maxSymptomExport,
	})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, lifeline.SymptomTrend(list, loc, today, days))
}
