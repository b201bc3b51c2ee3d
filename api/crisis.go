package api

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"

	"lifeline"
)

// Crisis contact limits (the database checks them too).
const (
	maxContactName  = 100
	maxContactPhone = 40
)

// contactRequest is a contact as the web app sends it (docs/spec.md §7); on
// PATCH only the fields present change.
type contactRequest struct {
	Name         *string `json:"name"`
	Phone        *string `json:"phone"`
	Relationship *string `json:"relationship"`
	IsEmergency  *bool   `json:"isEmergency"`
}

// apply copies the request onto c and validates the result with docs/spec.md
// §5's messages: 'Name is required', 'Phone number is required'; no phone
// format check.
func (req contactRequest) apply(c *lifeline.CrisisContact) error {
	if req.Name != nil {
		c.Name = strings.TrimSpace(*req.Name)
	}
	if req.Phone != nil {
		c.Phone = strings.TrimSpace(*req.Phone)
	}
	if req.Relationship != nil {
		c.Relationship = strings.ToLower(strings.TrimSpace(*req.Relationship))
	}
	if req.IsEmergency != nil {
		c.IsEmergency = *req.IsEmergency
	}
	problems := fieldErrors{}
	switch {
	case c.Name == "":
		problems["name"] = "Name is required"
	case utf8.RuneCountInString(c.Name) > maxContactName:
		problems["name"] = fmt.Sprintf("Name can be at most %d characters", maxContactName)
	case !lifeline.IsPlainText(c.Name):
		problems["name"] = lifeline.PlainTextProblem
	}
	switch {
	case c.Phone == "":
		problems["phone"] = "Phone number is required"
	case utf8.RuneCountInString(c.Phone) > maxContactPhone:
		problems["phone"] = fmt.Sprintf("Phone number can be at most %d characters", maxContactPhone)
	}
	if c.Relationship != "" && !slices.Contains(lifeline.Relationships, c.Relationship) {
		problems["relationship"] = "Choose one of: " + strings.Join(lifeline.Relationships, ", ")
	}
	return problems.err()
}

func (s *Server) listCrisisContacts(w http.ResponseWriter, r *http.Request) {
	list, err := s.cfg.CrisisContacts.FindCrisisContacts(r.Context(), currentUser(r.Context()).ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

func (s *Server) createCrisisContact(w http.ResponseWriter, r *http.Request) {
	var req contactRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	c := &lifeline.CrisisContact{}
	if err := req.apply(c); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.CrisisContacts.CreateCrisisContact(r.Context(), currentUser(r.Context()).ID, c); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, c)
}

// contactID reads the {id} in the path; anything but a number is a contact
// that does not exist.
func contactID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil {
		return 0, lifeline.Errorf(lifeline.ENOTFOUND, "Contact not found.")
	}
	return id, nil
}

func (s *Server) updateCrisisContact(w http.ResponseWriter, r *http.Request) {
	id, err := contactID(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	ctx := r.Context()
	userID := currentUser(ctx).ID
	c, err := s.cfg.CrisisContacts.FindCrisisContact(ctx, userID, id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	var req contactRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if err := req.apply(c); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.CrisisContacts.UpdateCrisisContact(ctx, userID, c); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, c)
}

func (s *Server) deleteCrisisContact(w http.ResponseWriter, r *http.Request) {
	id, err := contactID(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.cfg.CrisisContacts.DeleteCrisisContact(r.Context(), currentUser(r.Context()).ID, id); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// sponsorResponse is who "my sponsor" is (lifeline.Sponsor), with the tel:
// link that dials them; Sponsor is null while there is none.
type sponsorResponse struct {
	Sponsor *sponsorBody `json:"sponsor"`
}

type sponsorBody struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Phone string `json:"phone"`
	Href  string `json:"href"`
}

func (s *Server) getSponsor(w http.ResponseWriter, r *http.Request) {
	list, err := s.cfg.CrisisContacts.FindCrisisContacts(r.Context(), currentUser(r.Context()).ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	var out sponsorResponse
	if c := lifeline.Sponsor(list); c != nil {
		out.Sponsor = &sponsorBody{ID: c.ID, Name: c.Name, Phone: c.Phone, Href: lifeline.TelHref(c.Phone)}
	}
	writeJSON(w, http.StatusOK, out)
}
