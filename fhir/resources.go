package fhir

// The FHIR R4 data types and resources Lifeline emits, with only the
// elements it fills (https://hl7.org/fhir/R4/). Field names are FHIR's;
// empty elements are left out, as FHIR JSON requires.

// Bundle is a collection of resources (https://hl7.org/fhir/R4/bundle.html).
type Bundle struct {
	ResourceType string  `json:"resourceType"` // "Bundle"
	Type         string  `json:"type"`         // "collection"
	Entry        []Entry `json:"entry,omitempty"`
}

// Entry is one resource of a Bundle; FullURL is "urn:uuid:" + its id.
type Entry struct {
	FullURL  string `json:"fullUrl"`
	Resource any    `json:"resource"`
}

// Coding is a code from a code system (LOINC: System "http://loinc.org").
type Coding struct {
	Extension []Extension `json:"extension,omitempty"`
	System    string      `json:"system,omitempty"`
	Code      string      `json:"code,omitempty"`
	Display   string      `json:"display,omitempty"`
}

// Extension carries the one extension Lifeline uses: an answer's score.
type Extension struct {
	URL          string   `json:"url"`
	ValueDecimal *float64 `json:"valueDecimal,omitempty"`
}

// CodeableConcept is codings and, or instead, words.
type CodeableConcept struct {
	Coding []Coding `json:"coding,omitempty"`
	Text   string   `json:"text,omitempty"`
}

// Reference points at another entry of the Bundle by its fullUrl; Type
// names the resource there, which a urn:uuid cannot say itself.
type Reference struct {
	Reference string `json:"reference"`
	Type      string `json:"type"`
}

// HumanName is a person's name as they gave it.
type HumanName struct {
	Use    string   `json:"use,omitempty"`
	Text   string   `json:"text,omitempty"`
	Family string   `json:"family,omitempty"`
	Given  []string `json:"given,omitempty"`
}

// ContactPoint is an email address or a phone number.
type ContactPoint struct {
	System string `json:"system"` // "email" or "phone"
	Value  string `json:"value"`
}

// Patient holds only what the person chose to include (Include).
type Patient struct {
	ResourceType string         `json:"resourceType"` // "Patient"
	ID           string         `json:"id"`
	Name         []HumanName    `json:"name,omitempty"`
	Telecom      []ContactPoint `json:"telecom,omitempty"`
}

// Questionnaire is one instrument as published
// (https://hl7.org/fhir/R4/questionnaire.html).
type Questionnaire struct {
	ResourceType string              `json:"resourceType"` // "Questionnaire"
	ID           string              `json:"id"`
	URL          string              `json:"url"`
	Name         string              `json:"name"`
	Title        string              `json:"title"`
	Status       string              `json:"status"` // "active"
	SubjectType  []string            `json:"subjectType"`
	Description  string              `json:"description,omitempty"`
	Code         []Coding            `json:"code,omitempty"`
	Item         []QuestionnaireItem `json:"item"`
}

// QuestionnaireItem is one question with its answer options.
type QuestionnaireItem struct {
	LinkID       string         `json:"linkId"`
	Code         []Coding       `json:"code,omitempty"`
	Text         string         `json:"text"`
	Type         string         `json:"type"` // "choice"
	Required     bool           `json:"required,omitempty"`
	AnswerOption []AnswerOption `json:"answerOption,omitempty"`
}

// AnswerOption is one permitted answer.
type AnswerOption struct {
	ValueCoding Coding `json:"valueCoding"`
}

// QuestionnaireResponse is one completed questionnaire
// (https://hl7.org/fhir/R4/questionnaireresponse.html).
type QuestionnaireResponse struct {
	ResourceType  string     `json:"resourceType"` // "QuestionnaireResponse"
	ID            string     `json:"id"`
	Questionnaire string     `json:"questionnaire"` // the Questionnaire's url
	Status        string     `json:"status"`        // "completed"
	Subject       Reference  `json:"subject"`
	Authored      string     `json:"authored"`
	Source        Reference  `json:"source"` // the person answered for themself
	Item          []Response `json:"item,omitempty"`
}

// Response is the answer to one item; a skipped optional item has none.
type Response struct {
	LinkID string   `json:"linkId"`
	Text   string   `json:"text,omitempty"`
	Answer []Answer `json:"answer,omitempty"`
}

// Answer is one chosen option.
type Answer struct {
	ValueCoding Coding `json:"valueCoding"`
}

// Observation is a score or one item's answer
// (https://hl7.org/fhir/R4/observation.html).
type Observation struct {
	ResourceType         string            `json:"resourceType"` // "Observation"
	ID                   string            `json:"id"`
	Status               string            `json:"status"` // "final"
	Category             []CodeableConcept `json:"category"`
	Code                 CodeableConcept   `json:"code"`
	Subject              Reference         `json:"subject"`
	EffectiveDateTime    string            `json:"effectiveDateTime"`
	ValueInteger         *int              `json:"valueInteger,omitempty"`
	ValueCodeableConcept *CodeableConcept  `json:"valueCodeableConcept,omitempty"`
	Interpretation       []CodeableConcept `json:"interpretation,omitempty"`
	HasMember            []Reference       `json:"hasMember,omitempty"`
	DerivedFrom          []Reference       `json:"derivedFrom,omitempty"`
	Component            []Component       `json:"component,omitempty"`
}

// Component is one part of an Observation (a BAM subscale score).
type Component struct {
	Code           CodeableConcept   `json:"code"`
	ValueInteger   *int              `json:"valueInteger,omitempty"`
	Interpretation []CodeableConcept `json:"interpretation,omitempty"`
}
