package measures_test

import (
	"encoding/json"
	"errors"
	"regexp"
	"testing"

	"lifeline"
	"lifeline/measures"
)

// answers builds an answer list: each value, with -1 for an item left
// unanswered.
func answers(vs ...int) []*int {
	out := make([]*int, len(vs))
	for i, v := range vs {
		if v >= 0 {
			v := v
			out[i] = &v
		}
	}
	return out
}

func mustInstrument(t *testing.T, id string) *measures.Instrument {
	t.Helper()
	in, ok := measures.ByID(id)
	if !ok {
		t.Fatalf("no instrument %q", id)
	}
	return in
}

// TestScorePublishedExamples scores the published cut-points of each
// instrument: a total on each side of every band boundary, as the
// instrument's source states them.
func TestScorePublishedExamples(t *testing.T) {
	cases := []struct {
		name       string
		instrument string
		answers    []*int
		total      int
		band       string
		crisis     bool
	}{
		// PHQ-9: Kroenke, Spitzer & Williams 2001, Table 3 and the text:
		// "PHQ-9 scores of 5, 10, 15, and 20 represented mild, moderate,
		// moderately severe, and severe depression". Item 10 is unscored.
		{"phq9 nothing", "phq9", answers(0, 0, 0, 0, 0, 0, 0, 0, 0, -1), 0, "minimal", false},
		{"phq9 4 is minimal", "phq9", answers(1, 1, 1, 1, 0, 0, 0, 0, 0, 0), 4, "minimal", false},
		{"phq9 5 is mild", "phq9", answers(1, 1, 1, 1, 1, 0, 0, 0, 0, 1), 5, "mild", false},
		{"phq9 9 is mild", "phq9", answers(3, 3, 3, 0, 0, 0, 0, 0, 0, 1), 9, "mild", false},
		{"phq9 10 is moderate", "phq9", answers(2, 2, 2, 2, 2, 0, 0, 0, 0, 2), 10, "moderate", false},
		{"phq9 14 is moderate", "phq9", answers(2, 2, 2, 2, 2, 2, 2, 0, 0, 2), 14, "moderate", false},
		{"phq9 15 is moderately severe", "phq9", answers(3, 3, 3, 3, 3, 0, 0, 0, 0, 2), 15, "moderately-severe", false},
		{"phq9 19 is moderately severe", "phq9", answers(3, 3, 3, 3, 3, 2, 2, 0, 0, 3), 19, "moderately-severe", false},
		{"phq9 20 is severe", "phq9", answers(3, 3, 3, 3, 3, 3, 2, 0, 0, 3), 20, "severe", false},
		{"phq9 27 is severe", "phq9", answers(3, 3, 3, 3, 3, 3, 3, 3, 3, 3), 27, "severe", true},
		// Item 9 above "Not at all" is a crisis whatever the total.
		{"phq9 item 9 several days", "phq9", answers(0, 0, 0, 0, 0, 0, 0, 0, 1, -1), 1, "minimal", true},
		{"phq9 item 10 alone is not scored", "phq9", answers(0, 0, 0, 0, 0, 0, 0, 0, 0, 3), 0, "minimal", false},
		// GAD-7: Spitzer et al. 2006: "Cut points of 5, 10, and 15 might
		// be interpreted as representing mild, moderate, and severe levels
		// of anxiety".
		{"gad7 4 is minimal", "gad7", answers(1, 1, 1, 1, 0, 0, 0, -1), 4, "minimal", false},
		{"gad7 5 is mild", "gad7", answers(1, 1, 1, 1, 1, 0, 0, 0), 5, "mild", false},
		{"gad7 9 is mild", "gad7", answers(3, 3, 3, 0, 0, 0, 0, 1), 9, "mild", false},
		{"gad7 10 is moderate", "gad7", answers(2, 2, 2, 2, 2, 0, 0, 2), 10, "moderate", false},
		{"gad7 14 is moderate", "gad7", answers(2, 2, 2, 2, 2, 2, 2, 2), 14, "moderate", false},
		{"gad7 15 is severe", "gad7", answers(3, 3, 3, 3, 3, 0, 0, 3), 15, "severe", false},
		{"gad7 21 is severe", "gad7", answers(3, 3, 3, 3, 3, 3, 3, 3), 21, "severe", false},
		// AUDIT-C: Bush et al. 1998 (0-12, items 0-4); Bradley et al.
		// 2007: positive at 3 or more for women, 4 or more for men. LOINC
		// 75626-2's note: points from question 1 alone still count.
		{"auditc never", "auditc", answers(0, 0, 0), 0, "none", false},
		{"auditc 2 is below both", "auditc", answers(1, 1, 0), 2, "below", false},
		{"auditc 3 monthly, 5 or 6, never: women's cut-off", "auditc", answers(1, 2, 0), 3, "women", false},
		{"auditc 4 from question 1 alone", "auditc", answers(4, 0, 0), 4, "above", false},
		{"auditc 12", "auditc", answers(4, 4, 4), 12, "above", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := mustInstrument(t, c.instrument).Score(c.answers)
			if err != nil {
				t.Fatalf("Score: %v", err)
			}
			if r.Total != c.total || r.Band.Key != c.band || r.Crisis != c.crisis {
				t.Errorf("got total %d band %q crisis %v, want %d %q %v", r.Total, r.Band.Key, r.Crisis, c.total, c.band, c.crisis)
			}
		})
	}
}

// TestScoreBAM checks the VA's composite scores of the BAM-R: Use =
// 4+5+6, Risk = 1+2+3+8+11+15, Protective = 9+10+12+13+14+16; items 7a-7g
// and 17 count toward none; item 14 is No 0, Yes 4.
func TestScoreBAM(t *testing.T) {
	in := mustInstrument(t, "bam")
	//                 1  2  3  4  5  6 7a 7b 7c 7d 7e 7f 7g  8  9 10 11 12 13 14 15 16 17
	cases := []struct {
		name                  string
		answers               []*int
		use, risk, protective int
		bands                 [3]string
	}{
		{"nothing at all", answers(0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
			0, 0, 0, [3]string{"none", "lower", "low"}},
		{"every item at its highest", answers(4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4),
			12, 24, 24, [3]string{"some", "elevated", "strong"}},
		{"drug days elaborated by 7, which is not scored", answers(1, 0, 0, 0, 0, 2, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
			2, 1, 0, [3]string{"some", "lower", "low"}},
		{"risk at the VA's 12", answers(2, 2, 2, 0, 0, 0, -1, -1, -1, -1, -1, -1, -1, 2, 3, 0, 2, 0, 0, 0, 2, 0, 1),
			0, 12, 3, [3]string{"none", "elevated", "low"}},
		{"protective at 12 is still low, 13 is not", answers(0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1, -1, 0, 3, 2, 0, 1, 3, 4, 0, 0, 4),
			0, 0, 13, [3]string{"none", "lower", "strong"}},
		{"income yes counts 4", answers(0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1, -1, 0, 2, 2, 0, 1, 3, 4, 0, 0, 4),
			0, 0, 12, [3]string{"none", "lower", "low"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := in.Score(c.answers)
			if err != nil {
				t.Fatalf("Score: %v", err)
			}
			if r.Total != 0 || r.Band.Key != "" || r.Crisis {
				t.Errorf("BAM has no total or band: got %d %q %v", r.Total, r.Band.Key, r.Crisis)
			}
			want := map[string]int{"use": c.use, "risk": c.risk, "protective": c.protective}
			for i, key := range []string{"use", "risk", "protective"} {
				if r.Subscores[key] != want[key] {
					t.Errorf("%s = %d, want %d", key, r.Subscores[key], want[key])
				}
				s, _ := in.Subscale(key)
				if b, _ := measures.BandOf(s.Bands, r.Subscores[key]); b.Key != c.bands[i] {
					t.Errorf("%s band %q, want %q", key, b.Key, c.bands[i])
				}
			}
		})
	}
}

func TestScoreRefusesBadAnswers(t *testing.T) {
	cases := []struct {
		name       string
		instrument string
		answers    []*int
		fields     []string
	}{
		{"too few", "phq9", answers(0, 0, 0), []string{"answers"}},
		{"too many", "auditc", answers(0, 0, 0, 0), []string{"answers"}},
		{"none", "gad7", nil, []string{"answers"}},
		{"a required item left out", "phq9", answers(0, 0, 0, 0, 0, 0, 0, 0, -1, -1), []string{"answers.9"}},
		{"above the scale", "gad7", answers(0, 4, 0, 0, 0, 0, 0, 0), []string{"answers.2"}},
		{"below the scale", "auditc", answers(0, 0, -2), []string{"answers.3"}},
		{"between the options of BAM's yes/no", "bam", answers(0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0), []string{"answers.14"}},
		{"an optional item out of range", "bam", answers(0, 0, 0, 0, 0, 1, 5, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), []string{"answers.7a"}},
		{"two at once", "auditc", answers(9, -1, 0), []string{"answers.1", "answers.2"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := mustInstrument(t, c.instrument).Score(c.answers)
			var e *lifeline.Error
			if !errors.As(err, &e) || e.Code != lifeline.EINVALID {
				t.Fatalf("got %v, want EINVALID", err)
			}
			if len(e.Fields) != len(c.fields) {
				t.Errorf("fields %v, want %v", e.Fields, c.fields)
			}
			for _, f := range c.fields {
				if e.Fields[f] == "" {
					t.Errorf("no field %s in %v", f, e.Fields)
				}
			}
		})
	}
}

var loincCode = regexp.MustCompile(`^(LA)?[0-9]{1,6}-[0-9]$`)

// TestInstrumentsAreWellFormed checks what every consumer relies on: ids
// unique, bands contiguous over every reachable score, option values
// unique, codes either empty or LOINC-shaped, a cited source.
func TestInstrumentsAreWellFormed(t *testing.T) {
	seen := map[string]bool{}
	for _, in := range measures.All() {
		t.Run(in.ID, func(t *testing.T) {
			if seen[in.ID] {
				t.Fatalf("duplicate id")
			}
			seen[in.ID] = true
			if in.Title == "" || in.Name == "" || in.Intro == "" || in.Source.Citation == "" || in.Source.URL == "" {
				t.Errorf("missing title, name, intro or source")
			}
			checkCoding(t, "panel", in.Panel)
			checkCoding(t, "total", in.TotalCode)
			links := map[string]bool{}
			crisis := 0
			for _, it := range in.Items {
				if links[it.LinkID] || it.LinkID == "" {
					t.Errorf("link id %q empty or repeated", it.LinkID)
				}
				links[it.LinkID] = true
				checkCoding(t, "item "+it.LinkID, it.Code)
				values := map[int]bool{}
				for _, o := range it.Options {
					if values[o.Value] || o.Text == "" {
						t.Errorf("item %s: option %d repeated or without text", it.LinkID, o.Value)
					}
					values[o.Value] = true
					checkCoding(t, "option", o.Code)
				}
				if it.Crisis {
					crisis++
				}
			}
			if want := map[bool]int{true: 1, false: 0}[in.ID == "phq9"]; crisis != want {
				t.Errorf("%d crisis items, want %d", crisis, want)
			}
			if in.Subscales == nil {
				checkBands(t, "total", in.Bands, in.MaxTotal())
			} else if in.Bands != nil {
				t.Errorf("an instrument read by subscales has no total bands")
			}
			for _, s := range in.Subscales {
				for _, id := range s.Items {
					if it, _, ok := in.Item(id); !ok || !it.Scored {
						t.Errorf("subscale %s counts item %s, which is not a scored item", s.Key, id)
					}
				}
				checkBands(t, s.Key, s.Bands, in.MaxOf(&s))
			}
		})
	}
	for _, id := range []string{"phq9", "gad7", "bam", "auditc"} {
		if !seen[id] {
			t.Errorf("instrument %s missing (migration 0042 allows it)", id)
		}
	}
}

func checkCoding(t *testing.T, what string, c measures.Coding) {
	t.Helper()
	if c == (measures.Coding{}) {
		return
	}
	if c.System != measures.LOINC || !loincCode.MatchString(c.Code) || c.Display == "" {
		t.Errorf("%s: coding %+v is not a LOINC code with a display", what, c)
	}
}

func checkBands(t *testing.T, what string, bands []measures.Band, max int) {
	t.Helper()
	next := 0
	for _, b := range bands {
		if b.Min != next || b.Max < b.Min || b.Key == "" || b.Label == "" {
			t.Errorf("%s: band %+v does not follow on from %d", what, b, next)
		}
		next = b.Max + 1
	}
	if next != max+1 {
		t.Errorf("%s: bands end at %d, the highest score is %d", what, next-1, max)
	}
}

// FuzzScore feeds Score what a request body could carry: whatever it
// accepts must have a total and band within the instrument's range.
func FuzzScore(f *testing.F) {
	f.Add("phq9", []byte(`[0,0,0,0,0,0,0,0,1,null]`))
	f.Add("gad7", []byte(`[3,3,3,3,3,3,3,3]`))
	f.Add("auditc", []byte(`[1,2,0]`))
	f.Add("bam", []byte(`[0,0,0,0,0,1,1,null,null,null,null,null,null,0,4,0,0,0,0,4,0,0,2]`))
	f.Add("phq9", []byte(`[32768,-1]`))
	f.Fuzz(func(t *testing.T, id string, body []byte) {
		in, ok := measures.ByID(id)
		if !ok {
			return
		}
		var a []*int
		if json.Unmarshal(body, &a) != nil {
			return
		}
		r, err := in.Score(a)
		if err != nil {
			var e *lifeline.Error
			if !errors.As(err, &e) || e.Code != lifeline.EINVALID || len(e.Fields) == 0 {
				t.Fatalf("error %v is not EINVALID with fields", err)
			}
			return
		}
		if in.Subscales == nil && (r.Total < 0 || r.Total > in.MaxTotal() || r.Band.Key == "") {
			t.Fatalf("total %d band %q out of range", r.Total, r.Band.Key)
		}
		for _, s := range in.Subscales {
			if v := r.Subscores[s.Key]; v < 0 || v > in.MaxOf(&s) {
				t.Fatalf("%s = %d out of range", s.Key, v)
			}
		}
	})
}
