// Package fhir writes a person's questionnaires as a FHIR R4 Bundle their
// clinician's system can import ("My data for my clinician", GET
// /api/export/fhir). It is pure: the instruments' definitions come from
// package measures, the answers from lifeline.MeasureResponse, and nothing
// here reads a database or the network. docs/fhir.md describes the Bundle.
package fhir

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"lifeline"
	"lifeline/measures"
)

// Code systems and extensions of the resources built here.
const (
	categorySystem = "http://terminology.hl7.org/CodeSystem/observation-category"
	// ordinalValue carries an answer option's score on its Coding (FHIR R4's
	// core extension for exactly this).
	ordinalValue = "http://hl7.org/fhir/StructureDefinition/ordinalValue"
)

var surveyCategory = []CodeableConcept{{Coding: []Coding{{System: categorySystem, Code: "survey", Display: "Survey"}}}}

// Export builds the Bundle of a person's completed questionnaires, oldest
// first as given: a Patient with only what inc allows, a Questionnaire for
// each instrument used, and per response a QuestionnaireResponse, an
// Observation of its score(s) and one of each answered item that has a LOINC
// code. The same input always gives the same Bundle. A response whose
// instrument or answers do not fit the published definition is an error
// (the store holds only scored responses, so that is a bug, not a choice).
func Export(user *lifeline.User, inc Include, responses []lifeline.MeasureResponse) (*Bundle, error) {
	patient := newPatient(user, inc)
	subject := Reference{Reference: fullURL(patient.ID), Type: "Patient"}
	b := &Bundle{ResourceType: "Bundle", Type: "collection"}
	b.add(patient.ID, patient)

	used := map[string]bool{}
	for _, r := range responses {
		used[r.Instrument] = true
	}
	for _, in := range measures.All() {
		if used[in.ID] {
			q := newQuestionnaire(in)
			b.add(q.ID, q)
			delete(used, in.ID)
		}
	}
	for id := range used {
		return nil, fmt.Errorf("fhir: no instrument %q", id)
	}

	for _, r := range responses {
		in, _ := measures.ByID(r.Instrument)
		if err := b.addResponse(in, r, subject); err != nil {
			return nil, fmt.Errorf("fhir: response %d: %w", r.ID, err)
		}
	}
	return b, nil
}

func (b *Bundle) add(id string, resource any) {
	b.Entry = append(b.Entry, Entry{FullURL: fullURL(id), Resource: resource})
}

func newPatient(user *lifeline.User, inc Include) *Patient {
	p := &Patient{ResourceType: "Patient", ID: stableID("Patient/%d", user.ID)}
	if inc.Name && (user.FirstName != "" || user.LastName != "") {
		name := HumanName{Use: "usual", Family: user.LastName}
		if user.FirstName != "" {
			name.Given = []string{user.FirstName}
		}
		p.Name = []HumanName{name}
	}
	if inc.Email && user.Email != "" {
		p.Telecom = append(p.Telecom, ContactPoint{System: "email", Value: user.Email})
	}
	if inc.Phone && user.Phone != "" {
		p.Telecom = append(p.Telecom, ContactPoint{System: "phone", Value: user.Phone})
	}
	return p
}

// questionnaireURL is an instrument's canonical url: the same in every
// person's export, so responses from several people point at one
// Questionnaire.
func questionnaireURL(in *measures.Instrument) string {
	return fullURL(stableID("Questionnaire/%s", in.ID))
}

var notNameChars = regexp.MustCompile(`[^A-Za-z0-9_]`)

func newQuestionnaire(in *measures.Instrument) *Questionnaire {
	q := &Questionnaire{
		ResourceType: "Questionnaire",
		ID:           stableID("Questionnaire/%s", in.ID),
		URL:          questionnaireURL(in),
		Name:         notNameChars.ReplaceAllString(in.Title, ""),
		Title:        in.Title + " (" + in.Name + ")",
		Status:       "active",
		SubjectType:  []string{"Patient"},
		Description:  "Source: " + in.Source.Citation + " " + in.Source.URL,
	}
	if in.Panel.Code != "" {
		q.Code = []Coding{coding(in.Panel)}
	}
	if in.Intro != "" {
		q.Item = append(q.Item, QuestionnaireItem{LinkID: "intro", Text: in.Intro, Type: "display"})
	}
	for _, item := range in.Items {
		qi := QuestionnaireItem{LinkID: item.LinkID, Text: item.Text, Type: "choice", Required: !item.Optional}
		if item.Code.Code != "" {
			qi.Code = []Coding{coding(item.Code)}
		}
		for _, opt := range item.Options {
			qi.AnswerOption = append(qi.AnswerOption, AnswerOption{ValueCoding: answerCoding(opt)})
		}
		q.Item = append(q.Item, qi)
	}
	return q
}

func coding(c measures.Coding) Coding {
	return Coding{System: c.System, Code: c.Code, Display: c.Display}
}

// answerCoding is an option as a Coding with its score: the LOINC answer
// code where the instrument has one, otherwise the score as the code (no
// system: the Questionnaire that lists the option is its definition).
func answerCoding(opt measures.Option) Coding {
	score := float64(opt.Value)
	c := Coding{Extension: []Extension{{URL: ordinalValue, ValueDecimal: &score}}, Code: strconv.Itoa(opt.Value), Display: opt.Text}
	if opt.Code.Code != "" {
		c.System, c.Code = opt.Code.System, opt.Code.Code
	}
	return c
}

func (b *Bundle) addResponse(in *measures.Instrument, r lifeline.MeasureResponse, subject Reference) error {
	if len(r.Answers) != len(in.Items) {
		return fmt.Errorf("%d answers for %d items of %s", len(r.Answers), len(in.Items), in.ID)
	}
	when := r.TakenAt.UTC().Truncate(time.Second).Format(time.RFC3339)
	qr := &QuestionnaireResponse{
		ResourceType: "QuestionnaireResponse", ID: stableID("QuestionnaireResponse/%d", r.ID),
		Questionnaire: questionnaireURL(in), Status: "completed",
		Subject: subject, Authored: when, Source: subject,
	}
	fromQR := []Reference{{Reference: fullURL(qr.ID), Type: "QuestionnaireResponse"}}
	var items []*Observation
	for i, item := range in.Items {
		if r.Answers[i] == nil {
			continue // a skipped optional item
		}
		opt, ok := option(item, *r.Answers[i])
		if !ok {
			return fmt.Errorf("item %s has no option %d", item.LinkID, *r.Answers[i])
		}
		answer := answerCoding(opt)
		qr.Item = append(qr.Item, Response{LinkID: item.LinkID, Text: item.Text, Answer: []Answer{{ValueCoding: answer}}})
		if item.Code.Code == "" {
			continue
		}
		items = append(items, &Observation{
			ResourceType: "Observation", ID: stableID("Observation/%d/%s", r.ID, item.LinkID),
			Status: "final", Category: surveyCategory,
			Code:    CodeableConcept{Coding: []Coding{coding(item.Code)}, Text: item.Text},
			Subject: subject, EffectiveDateTime: when,
			ValueCodeableConcept: &CodeableConcept{Coding: []Coding{answer}, Text: opt.Text},
			DerivedFrom:          fromQR,
		})
	}

	score := scoreObservation(in, r)
	score.ID = stableID("Observation/%d", r.ID)
	score.Subject, score.EffectiveDateTime, score.DerivedFrom = subject, when, fromQR
	for _, o := range items {
		score.HasMember = append(score.HasMember, Reference{Reference: fullURL(o.ID), Type: "Observation"})
	}
	b.add(qr.ID, qr)
	b.add(score.ID, score)
	for _, o := range items {
		b.add(o.ID, o)
	}
	return nil
}

// scoreObservation is the instrument's total with its band in words, or,
// for an instrument that has no total and is read by its subscales (BAM),
// each subscale's score and band as a component.
func scoreObservation(in *measures.Instrument, r lifeline.MeasureResponse) *Observation {
	o := &Observation{ResourceType: "Observation", Status: "final", Category: surveyCategory}
	if in.Subscales == nil {
		o.Code = CodeableConcept{Text: in.Title + " total score"}
		if in.TotalCode.Code != "" {
			o.Code.Coding = []Coding{coding(in.TotalCode)}
		}
		total := r.Total
		o.ValueInteger = &total
		if band, ok := measures.BandOf(in.Bands, total); ok {
			o.Interpretation = []CodeableConcept{{Text: band.Label}}
		}
		return o
	}
	o.Code = CodeableConcept{Text: in.Title + " scores"}
	if in.Panel.Code != "" {
		o.Code.Coding = []Coding{coding(in.Panel)}
	}
	for _, sub := range in.Subscales {
		v, ok := r.Subscores[sub.Key]
		if !ok {
			continue
		}
		c := Component{Code: CodeableConcept{Text: in.Title + " " + strings.ToLower(sub.Label)}, ValueInteger: &v}
		if band, ok := measures.BandOf(sub.Bands, v); ok {
			c.Interpretation = []CodeableConcept{{Text: band.Label}}
		}
		o.Component = append(o.Component, c)
	}
	return o
}

func option(item measures.Item, value int) (measures.Option, bool) {
	for _, o := range item.Options {
		if o.Value == value {
			return o, true
		}
	}
	return measures.Option{}, false
}
