// Package measures holds the validated questionnaires a person may take —
// PHQ-9, GAD-7, the Brief Addiction Monitor (BAM) and AUDIT-C — each as
// published: its wording, answer options, scoring, severity bands, LOINC
// codes and the source it is cited from (docs/measures.md). It is pure:
// no SQL, no HTTP, no clock. The web app renders the wording the API
// serves from here, so each instrument's text lives in one place.
package measures

import (
	"fmt"

	"lifeline"
)

// LOINC is the code system of every Coding here.
const LOINC = "http://loinc.org"

// Coding is a code from a code system (System LOINC for LOINC). The zero
// Coding means LOINC has no term for the thing; it is left empty rather
// than guessed.
type Coding struct{ System, Code, Display string }

// Source is the published source an instrument is taken from, cited.
type Source struct{ Citation, URL string }

// Option is one answer an item offers: Value is what the published scoring
// counts, Code the LOINC answer code when one exists.
type Option struct {
	Value int
	Text  string
	Code  Coding
}

// Item is one question, in the instrument's published order.
type Item struct {
	LinkID   string // "1".."9"; BAM "7a"…; PHQ-9's difficulty question "10"
	Text     string // the published wording
	Code     Coding // the item's LOINC code when one exists
	Options  []Option
	Scored   bool // counts toward the total or a subscale
	Optional bool // may be left unanswered (stored as NULL)
	Crisis   bool // PHQ-9 item 9: any answer above 0 opens the crisis layer
}

// Band is a range of a score, both ends included. Key names it in code
// and storage ("moderate"); Label says it in person-first words.
type Band struct {
	Min, Max int
	Key      string
	Label    string
}

// Subscale is a named part of an instrument: the sum of Items (link IDs),
// read by its Bands. BAM has three; the others none.
type Subscale struct {
	Key, Label string
	Items      []string
	Bands      []Band
	// HigherIsBetter is true for a protective score (BAM's), so a chart
	// or a rule reads a rise as good news.
	HigherIsBetter bool
}

// Instrument is one questionnaire as published.
type Instrument struct {
	ID, Title, Name, Intro string // "phq9", "PHQ-9", "Patient Health Questionnaire-9", the published instruction
	Items                  []Item
	Bands                  []Band     // over the total (nil for BAM, which is read by its subscores)
	Subscales              []Subscale // BAM: use, risk, protective (nil otherwise)
	Panel                  Coding     // the LOINC panel code
	TotalCode              Coding     // the LOINC code of the total score (empty for BAM: it has no total)
	DefaultEveryDays       int        // how often a schedule asks for it unless the person chooses otherwise (0: not scheduled)
	Source                 Source
}

// Result is what scoring one set of answers gives. Total is the sum of
// the scored items (0 for BAM, which has no total and is read by its
// Subscores); Band is the total's band (the zero Band for BAM). Crisis is
// true when an item marked Crisis was answered above 0.
type Result struct {
	Total     int
	Band      Band
	Subscores map[string]int
	Crisis    bool
}

var all = []*Instrument{phq9, gad7, bam, auditC}

// All returns the instruments in the order the app lists them.
func All() []*Instrument { return all }

// ByID returns the instrument with that ID ("phq9", "gad7", "bam", "auditc").
func ByID(id string) (*Instrument, bool) {
	for _, in := range all {
		if in.ID == id {
			return in, true
		}
	}
	return nil, false
}

// Item returns the item with that link ID and its index.
func (in *Instrument) Item(linkID string) (*Item, int, bool) {
	for i := range in.Items {
		if in.Items[i].LinkID == linkID {
			return &in.Items[i], i, true
		}
	}
	return nil, -1, false
}

// Score checks answers (one per item, in item order, nil for an optional
// item left unanswered) against the published options and scores them.
// The error is an EINVALID *lifeline.Error whose Fields name each bad item
// as "answers.<linkID>".
func (in *Instrument) Score(answers []*int) (Result, error) {
	if len(answers) != len(in.Items) {
		return Result{}, &lifeline.Error{Code: lifeline.EINVALID,
			Message: fmt.Sprintf("The %s has %d questions; %d answers came.", in.Title, len(in.Items), len(answers)),
			Fields:  map[string]string{"answers": fmt.Sprintf("Give %d answers, one for each question.", len(in.Items))}}
	}
	fields := map[string]string{}
	values := map[string]int{}
	var r Result
	for i, it := range in.Items {
		a := answers[i]
		if a == nil {
			if !it.Optional {
				fields["answers."+it.LinkID] = "Choose an answer to this question."
			}
			continue
		}
		if !it.allows(*a) {
			fields["answers."+it.LinkID] = "Choose one of the answers offered."
			continue
		}
		values[it.LinkID] = *a
		if it.Crisis && *a > 0 {
			r.Crisis = true
		}
	}
	if len(fields) > 0 {
		msg := "Please answer every question."
		if len(fields) == 1 {
			for k := range fields {
				msg = fmt.Sprintf("Please check question %s.", k[len("answers."):])
			}
		}
		return Result{}, &lifeline.Error{Code: lifeline.EINVALID, Message: msg, Fields: fields}
	}
	if in.Subscales == nil {
		for _, it := range in.Items {
			if it.Scored {
				r.Total += values[it.LinkID]
			}
		}
		r.Band, _ = BandOf(in.Bands, r.Total)
		return r, nil
	}
	r.Subscores = make(map[string]int, len(in.Subscales))
	for _, s := range in.Subscales {
		sum := 0
		for _, id := range s.Items {
			sum += values[id]
		}
		r.Subscores[s.Key] = sum
	}
	return r, nil
}

// BandOf returns the band of bands holding score.
func BandOf(bands []Band, score int) (Band, bool) {
	for _, b := range bands {
		if score >= b.Min && score <= b.Max {
			return b, true
		}
	}
	return Band{}, false
}

// Subscale returns the subscale with that key.
func (in *Instrument) Subscale(key string) (*Subscale, bool) {
	for i := range in.Subscales {
		if in.Subscales[i].Key == key {
			return &in.Subscales[i], true
		}
	}
	return nil, false
}

// MaxTotal is the highest total the scored items allow (0 for BAM).
func (in *Instrument) MaxTotal() int {
	if in.Subscales != nil {
		return 0
	}
	max := 0
	for _, it := range in.Items {
		if it.Scored {
			max += it.maxValue()
		}
	}
	return max
}

// MaxOf is the highest score a subscale allows.
func (in *Instrument) MaxOf(s *Subscale) int {
	max := 0
	for _, id := range s.Items {
		if it, _, ok := in.Item(id); ok {
			max += it.maxValue()
		}
	}
	return max
}

func (it *Item) allows(v int) bool {
	for _, o := range it.Options {
		if o.Value == v {
			return true
		}
	}
	return false
}

func (it *Item) maxValue() int {
	max := 0
	for _, o := range it.Options {
		if o.Value > max {
			max = o.Value
		}
	}
	return max
}
