package lifeline

import (
	"context"
	"time"
)

// Relationships are the contact relationship choices of docs/spec.md §3. A
// contact may also have none ("").
var Relationships = []string{"therapist", "sponsor", "family", "friend", "doctor", "other"}

// CrisisContact is one of the user's personal emergency contacts, shown on
// the crisis page; emergency contacts are listed first.
type CrisisContact struct {
	ID           int64     `json:"id"`
	Name         string    `json:"name"`
	Phone        string    `json:"phone"`
	Relationship string    `json:"relationship"`
	IsEmergency  bool      `json:"isEmergency"`
	CreatedAt    time.Time `json:"createdAt"`
}

// MaxCrisisContacts is how many personal contacts one user may keep.
const MaxCrisisContacts = 50

// CrisisContactService stores crisis contacts; every method is scoped to
// one user and returns ENOTFOUND for another user's contact.
type CrisisContactService interface {
	// CreateCrisisContact stores c and sets its ID and CreatedAt; EINVALID
	// once the user has MaxCrisisContacts.
	CreateCrisisContact(ctx context.Context, userID int64, c *CrisisContact) error
	// UpdateCrisisContact overwrites the contact with c.ID.
	UpdateCrisisContact(ctx context.Context, userID int64, c *CrisisContact) error
	DeleteCrisisContact(ctx context.Context, userID, contactID int64) error
	FindCrisisContact(ctx context.Context, userID, contactID int64) (*CrisisContact, error)
	// FindCrisisContacts lists emergency contacts first, then by name.
	FindCrisisContacts(ctx context.Context, userID int64) ([]*CrisisContact, error)
}

// RelationshipSponsor is the relationship that makes a contact the
// person's sponsor (see Sponsor).
const RelationshipSponsor = "sponsor"

// Sponsor is who "my sponsor" is, wherever Lifeline offers to call them:
// the first crisis contact marked with the relationship sponsor that has a
// number to dial (TelHref), an emergency contact before any other, and
// otherwise in the order given (FindCrisisContacts': by name). Nil when
// there is none: a hotline (isHotline) is never called "my sponsor", and
// the safety plan's people are free text that carries no such mark.
func Sponsor(contacts []*CrisisContact) *CrisisContact {
	var found *CrisisContact
	for _, c := range contacts {
		if href := TelHref(c.Phone); c.Relationship != RelationshipSponsor || href == "" || isHotline(href) {
			continue
		}
		if c.IsEmergency {
			return c
		}
		if found == nil {
			found = c
		}
	}
	return found
}

// isHotline reports whether href (a TelHref) dials 988 or 911: lines
// offered under their own names, never as one of the person's people.
func isHotline(href string) bool {
	return href == "tel:988" || href == "tel:911"
}

// PlanContact is a person or service in a plan, with the number to call.
type PlanContact struct {
	Name  string `json:"name"`
	Phone string `json:"phone"`
}

// Lifeline988 is the professional line every safety plan starts with.
var Lifeline988 = PlanContact{Name: "988 Suicide & Crisis Lifeline", Phone: "988"}

// SafetyPlan is a Stanley-Brown safety plan, the crisis page's "Safety
// Plan": the steps a person works through, in order, when a crisis builds.
// UpdatedAt is when it was last saved, nil while it never was.
type SafetyPlan struct {
	// 1. Warning signs that a crisis may be developing.
	WarningSigns []string `json:"warningSigns"`
	// 2. Internal coping strategies: things to do alone to take the mind off problems.
	CopingStrategies []string `json:"copingStrategies"`
	// 3. People and social settings that provide distraction.
	DistractionPeoplePlaces []string `json:"distractionPeoplePlaces"`
	// 4. People whom I can ask for help.
	HelpPeople []string `json:"helpPeople"`
	// 5. Professionals or agencies to contact during a crisis.
	Professionals []PlanContact `json:"professionals"`
	// 6. Making the environment safe.
	EnvironmentSafety []string `json:"environmentSafety"`
	// The one thing most important to me and worth living for.
	ReasonsForLiving []string   `json:"reasonsForLiving"`
	UpdatedAt        *time.Time `json:"updatedAt"`
}

// WithDefaults makes every section a list (never null in JSON) and puts the
// 988 line in an empty professionals section: a safety plan always has a
// number to call.
func (p SafetyPlan) WithDefaults() SafetyPlan {
	for _, list := range []*[]string{&p.WarningSigns, &p.CopingStrategies, &p.DistractionPeoplePlaces,
		&p.HelpPeople, &p.EnvironmentSafety, &p.ReasonsForLiving} {
		if *list == nil {
			*list = []string{}
		}
	}
	if len(p.Professionals) == 0 {
		p.Professionals = []PlanContact{Lifeline988}
	}
	return p
}

// CopingPlan is Learn & Grow's Coping Plan Builder: a personal action plan
// for hard moments. UpdatedAt is nil while it was never saved.
type CopingPlan struct {
	WarningSigns    []string      `json:"warningSigns"`
	TriggersToAvoid []string      `json:"triggersToAvoid"`
	CopingActions   []string      `json:"copingActions"`
	PeopleToCall    []PlanContact `json:"peopleToCall"`
	SafePlaces      []string      `json:"safePlaces"`
	UpdatedAt       *time.Time    `json:"updatedAt"`
}

// WithDefaults makes every section a list (never null in JSON).
func (p CopingPlan) WithDefaults() CopingPlan {
	for _, list := range []*[]string{&p.WarningSigns, &p.TriggersToAvoid, &p.CopingActions, &p.SafePlaces} {
		if *list == nil {
			*list = []string{}
		}
	}
	if p.PeopleToCall == nil {
		p.PeopleToCall = []PlanContact{}
	}
	return p
}

// PlanService stores each user's one safety plan and one coping plan.
type PlanService interface {
	// FindSafetyPlan returns the user's saved plan, ENOTFOUND if none.
	FindSafetyPlan(ctx context.Context, userID int64) (*SafetyPlan, error)
	// SaveSafetyPlan replaces the user's plan with p and sets p.UpdatedAt.
	SaveSafetyPlan(ctx context.Context, userID int64, p *SafetyPlan) error
	// FindCopingPlan returns the user's saved plan, ENOTFOUND if none.
	FindCopingPlan(ctx context.Context, userID int64) (*CopingPlan, error)
	// SaveCopingPlan replaces the user's plan with p and sets p.UpdatedAt.
	SaveCopingPlan(ctx context.Context, userID int64, p *CopingPlan) error
}
