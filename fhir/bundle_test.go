package fhir

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"lifeline"
	"lifeline/measures"
)

var (
	sam   = &lifeline.User{ID: 7, Email: "sam@example.org", FirstName: "Sam", LastName: "Rivera", Phone: "+1 555 0100", Timezone: "America/Chicago"}
	taken = time.Date(2026, 11, 20, 18, 30, 15, 500, time.FixedZone("CST", -6*3600))
)

// answered is a response of in with every item at the option chosen by
// pick (given the item's options), scored by the instrument itself.
func answered(t *testing.T, in *measures.Instrument, id int64, pick func(measures.Item) *int) lifeline.MeasureResponse {
	t.Helper()
	answers := make([]*int, len(in.Items))
	for i, item := range in.Items {
		answers[i] = pick(item)
	}
	res, err := in.Score(answers)
	if err != nil {
		t.Fatalf("score %s: %v", in.ID, err)
	}
	return lifeline.MeasureResponse{ID: id, UserID: sam.ID, Instrument: in.ID, Answers: answers, Total: res.Total,
		Band: res.Band.Key, Subscores: res.Subscores, TakenAt: taken}
}

func highest(item measures.Item) *int { v := item.Options[len(item.Options)-1].Value; return &v }

func lowestOrSkipped(item measures.Item) *int {
	if item.Optional {
		return nil
	}
	v := item.Options[0].Value
	return &v
}

func instrument(t *testing.T, id string) *measures.Instrument {
	t.Helper()
	in, ok := measures.ByID(id)
	if !ok {
		t.Fatalf("no instrument %q", id)
	}
	return in
}

func export(t *testing.T, inc Include, responses ...lifeline.MeasureResponse) *Bundle {
	t.Helper()
	b, err := Export(sam, inc, responses)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestParseInclude(t *testing.T) {
	tests := []struct {
		name    string
		values  []string
		want    Include
		wantErr bool
	}{
		{name: "nothing by default", values: nil},
		{name: "an empty value", values: []string{""}},
		{name: "one field", values: []string{"email"}, want: Include{Email: true}},
		{name: "a list with spaces and repeats", values: []string{"name, phone,name"}, want: Include{Name: true, Phone: true}},
		{name: "repeated parameters", values: []string{"name", "email"}, want: Include{Name: true, Email: true}},
		{name: "location is never a choice", values: []string{"name,location"}, wantErr: true},
		{name: "case matters", values: []string{"Name"}, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseInclude(tt.values)
			if tt.wantErr {
				if lifeline.ErrorCode(err) != lifeline.EINVALID {
					t.Fatalf("err = %v, want EINVALID", err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("ParseInclude(%q) = %+v, %v; want %+v", tt.values, got, err, tt.want)
			}
		})
	}
}

func FuzzParseInclude(f *testing.F) {
	for _, seed := range []string{"", "name", "name,email,phone", " phone , ", "location", ",,,", "name,\x00"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		inc, err := ParseInclude([]string{raw})
		if err != nil {
			if lifeline.ErrorCode(err) != lifeline.EINVALID || inc != (Include{}) {
				t.Fatalf("ParseInclude(%q) = %+v, %v", raw, inc, err)
			}
			return
		}
		for _, word := range strings.Split(raw, ",") {
			if w := strings.Trim(word, " "); w != "" && w != "name" && w != "email" && w != "phone" {
				t.Fatalf("ParseInclude(%q) accepted %q", raw, w)
			}
		}
	})
}

func TestExportPatientHoldsOnlyWhatWasChosen(t *testing.T) {
	tests := []struct {
		name        string
		user        *lifeline.User
		inc         Include
		wantName    []HumanName
		wantTelecom []ContactPoint
	}{
		{name: "nothing by default", user: sam},
		{name: "name", user: sam, inc: Include{Name: true}, wantName: []HumanName{{Use: "usual", Family: "Rivera", Given: []string{"Sam"}}}},
		{name: "email and phone", user: sam, inc: Include{Email: true, Phone: true},
			wantTelecom: []ContactPoint{{System: "email", Value: "sam@example.org"}, {System: "phone", Value: "+1 555 0100"}}},
		{name: "a chosen phone the person never gave", user: &lifeline.User{ID: 8, Email: "jo@example.org", FirstName: "Jo"}, inc: Include{Name: true, Phone: true},
			wantName: []HumanName{{Use: "usual", Given: []string{"Jo"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := Export(tt.user, tt.inc, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(b.Entry) != 1 {
				t.Fatalf("%d entries, want the Patient alone", len(b.Entry))
			}
			p := b.Entry[0].Resource.(*Patient)
			if !reflect.DeepEqual(p.Name, tt.wantName) || !reflect.DeepEqual(p.Telecom, tt.wantTelecom) {
				t.Fatalf("Patient name %+v telecom %+v; want %+v %+v", p.Name, p.Telecom, tt.wantName, tt.wantTelecom)
			}
			raw, _ := json.Marshal(b)
			for _, f := range []struct {
				value  string
				chosen bool
			}{{tt.user.Email, tt.inc.Email}, {tt.user.LastName, tt.inc.Name}, {tt.user.Phone, tt.inc.Phone}, {tt.user.Timezone, false}} {
				if f.value != "" && !f.chosen && bytes.Contains(raw, []byte(f.value)) {
					t.Errorf("the Bundle holds %q, which was not chosen: %s", f.value, raw)
				}
			}
		})
	}
}

func TestExportEveryInstrument(t *testing.T) {
	for _, in := range measures.All() {
		for name, pick := range map[string]func(measures.Item) *int{"highest": highest, "lowest, optional skipped": lowestOrSkipped} {
			t.Run(in.ID+"/"+name, func(t *testing.T) {
				r := answered(t, in, 41, pick)
				b := export(t, Include{}, r)
				byURL := map[string]any{}
				for _, e := range b.Entry {
					if _, dup := byURL[e.FullURL]; dup {
						t.Fatalf("fullUrl %s twice", e.FullURL)
					}
					byURL[e.FullURL] = e.Resource
				}
				q := b.Entry[1].Resource.(*Questionnaire)
				qr := b.Entry[2].Resource.(*QuestionnaireResponse)
				score := b.Entry[3].Resource.(*Observation)
				if qr.Questionnaire != q.URL || qr.Authored != "2026-11-21T00:30:15Z" || qr.Subject.Reference != b.Entry[0].FullURL {
					t.Errorf("QuestionnaireResponse %+v does not point at its Questionnaire and Patient", qr)
				}
				if in.Panel.Code != "" && (len(q.Code) != 1 || q.Code[0].Code != in.Panel.Code) {
					t.Errorf("Questionnaire code %+v, want %s", q.Code, in.Panel.Code)
				}
				switch {
				case in.Subscales == nil && (score.ValueInteger == nil || *score.ValueInteger != r.Total || score.Code.Coding[0].Code != in.TotalCode.Code):
					t.Errorf("score %+v, want %d coded %s", score, r.Total, in.TotalCode.Code)
				case in.Subscales != nil && score.ValueInteger != nil:
					t.Errorf("%s has no total, yet the score says %d", in.ID, *score.ValueInteger)
				}
				for i, c := range score.Component {
					if sub := in.Subscales[i]; *c.ValueInteger != r.Subscores[sub.Key] || len(c.Interpretation) != 1 {
						t.Errorf("component %+v, want %s = %d with its band", c, sub.Key, r.Subscores[sub.Key])
					}
				}
				if score.Category[0].Coding[0].Code != "survey" || score.EffectiveDateTime != qr.Authored {
					t.Errorf("score category %+v at %s", score.Category, score.EffectiveDateTime)
				}
				if len(in.Subscales) != len(score.Component) {
					t.Errorf("%d components for %d subscales", len(score.Component), len(in.Subscales))
				}
				wantItems, wantAnswers := 0, 0
				for i, item := range in.Items {
					if r.Answers[i] != nil {
						wantAnswers++
						if item.Code.Code != "" {
							wantItems++
						}
					}
				}
				if len(qr.Item) != wantAnswers || len(score.HasMember) != wantItems || len(b.Entry) != 4+wantItems {
					t.Fatalf("%d answers, %d members, %d entries; want %d, %d, %d", len(qr.Item), len(score.HasMember), len(b.Entry), wantAnswers, wantItems, 4+wantItems)
				}
				for _, m := range score.HasMember {
					o, ok := byURL[m.Reference].(*Observation)
					if !ok || o.ValueCodeableConcept == nil || o.DerivedFrom[0].Reference != score.DerivedFrom[0].Reference {
						t.Errorf("member %s is %+v", m.Reference, byURL[m.Reference])
					}
				}
				for _, a := range qr.Item {
					c := a.Answer[0].ValueCoding
					if len(c.Extension) != 1 || c.Extension[0].URL != ordinalValue || c.Display == "" {
						t.Errorf("answer %s is %+v, want a coding with its score", a.LinkID, c)
					}
				}
			})
		}
	}
}

func TestExportLOINCCodes(t *testing.T) {
	// The published LOINC codes of PHQ-9 (https://loinc.org/44249-1/),
	// independent of the measures package's own table.
	phq9 := instrument(t, "phq9")
	r := answered(t, phq9, 5, highest)
	b := export(t, Include{}, r)
	score := b.Entry[3].Resource.(*Observation)
	if got := score.Code.Coding[0]; got.System != "http://loinc.org" || got.Code != "44261-6" {
		t.Errorf("PHQ-9 total coded %+v, want LOINC 44261-6", got)
	}
	if *score.ValueInteger != 27 || len(score.Interpretation) != 1 || score.Interpretation[0].Text == "" {
		t.Errorf("PHQ-9 all highest: %d %+v, want 27 with its band", *score.ValueInteger, score.Interpretation)
	}
	item9 := b.Entry[4+8].Resource.(*Observation)
	if item9.Code.Coding[0].Code != "44260-8" || item9.ValueCodeableConcept.Coding[0].Code != "LA6571-9" {
		t.Errorf("PHQ-9 item 9 = %+v, want 44260-8 answered LA6571-9 (nearly every day)", item9)
	}
}

func TestExportIsStable(t *testing.T) {
	phq9, gad7 := instrument(t, "phq9"), instrument(t, "gad7")
	responses := []lifeline.MeasureResponse{answered(t, phq9, 1, highest), answered(t, gad7, 2, lowestOrSkipped), answered(t, phq9, 3, lowestOrSkipped)}
	first, _ := json.Marshal(export(t, Include{Name: true}, responses...))
	again, _ := json.Marshal(export(t, Include{Name: true}, responses...))
	if !bytes.Equal(first, again) {
		t.Fatal("the same export twice differs")
	}
	b := export(t, Include{}, responses...)
	if n := strings.Count(string(first), `"resourceType":"Questionnaire"`); n != 2 {
		t.Errorf("%d Questionnaires for two instruments used", n)
	}
	// Another person's export of the same instrument names the same Questionnaire.
	other, err := Export(&lifeline.User{ID: 99}, Include{}, responses[:1])
	if err != nil {
		t.Fatal(err)
	}
	if other.Entry[1].FullURL != b.Entry[1].FullURL || other.Entry[0].FullURL == b.Entry[0].FullURL {
		t.Error("the Questionnaire should be shared and the Patient not")
	}
}

func TestExportRefusesRowsThatDoNotFit(t *testing.T) {
	phq9 := instrument(t, "phq9")
	good := answered(t, phq9, 1, highest)
	tests := map[string]func(r *lifeline.MeasureResponse){
		"an unknown instrument":  func(r *lifeline.MeasureResponse) { r.Instrument = "beck" },
		"an answer missing":      func(r *lifeline.MeasureResponse) { r.Answers = r.Answers[:3] },
		"an answer off the list": func(r *lifeline.MeasureResponse) { v := 9; r.Answers[0] = &v },
	}
	for name, spoil := range tests {
		t.Run(name, func(t *testing.T) {
			r := good
			r.Answers = append([]*int(nil), good.Answers...)
			spoil(&r)
			if _, err := Export(sam, Include{}, []lifeline.MeasureResponse{r}); err == nil {
				t.Fatal("exported a row that does not fit its instrument")
			}
		})
	}
}
