package lifeline_test

import (
	"fmt"
	"strings"
	"testing"

	"lifeline"
)

func contact(name, relationship, phone string, emergency bool) *lifeline.CrisisContact {
	return &lifeline.CrisisContact{Name: name, Relationship: relationship, Phone: phone, IsEmergency: emergency}
}

func TestSponsor(t *testing.T) {
	sam := contact("Sam", "sponsor", "555-0134 ext. 22", false)
	jo := contact("Jo", "sponsor", "555-0122", true)
	for _, tc := range []struct {
		name     string
		contacts []*lifeline.CrisisContact
		want     string // the sponsor's name, "" for none
	}{
		{"no contacts", nil, ""},
		{"nobody marked as sponsor", []*lifeline.CrisisContact{contact("Mum", "family", "555-0100", true), contact("Dr. Lee", "therapist", "555-0101", false)}, ""},
		{"the contact marked sponsor", []*lifeline.CrisisContact{contact("Mum", "family", "555-0100", true), sam}, "Sam"},
		{"an emergency sponsor before another", []*lifeline.CrisisContact{sam, jo}, "Jo"},
		{"the first of two in the order given", []*lifeline.CrisisContact{sam, contact("Alex", "sponsor", "555-0111", false)}, "Sam"},
		{"a sponsor without a number to dial is passed over", []*lifeline.CrisisContact{contact("Kim", "sponsor", "ask at the meeting", true), sam}, "Sam"},
		{"a hotline is never my sponsor", []*lifeline.CrisisContact{contact("Lifeline", "sponsor", "988", true), contact("Help", "sponsor", "911", false)}, ""},
		{"the relationship is the mark, not the name", []*lifeline.CrisisContact{contact("My sponsor", "friend", "555-0111", false)}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := lifeline.Sponsor(tc.contacts)
			name := ""
			if got != nil {
				name = got.Name
			}
			if name != tc.want {
				t.Errorf("Sponsor = %q, want %q", name, tc.want)
			}
		})
	}
}

// show writes actions one a line, "kind label -> href (detail) quiet", so
// a case reads as the buttons appear.
func show(actions []lifeline.ChatAction) string {
	var lines []string
	for _, a := range actions {
		line := a.Kind + " " + a.Label
		if a.Href != "" {
			line += " -> " + a.Href
		}
		if a.Detail != "" {
			line += fmt.Sprintf(" (%s)", a.Detail)
		}
		if a.Quiet {
			line += " quiet"
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

func TestChatActions(t *testing.T) {
	people := []*lifeline.CrisisContact{ // as FindCrisisContacts lists them: emergency first, then by name
		contact("Mum", "family", "+1 555 0100", true),
		contact("Alex", "friend", "555-0111", false),
		contact("Desk", "other", "ask at the desk", false),
		contact("Jo", "", "555-0122", false),
		contact("Sam", "sponsor", "555-0134 ext. 22", false),
	}
	noSponsor := people[:4]
	plan := &lifeline.SafetyPlan{Professionals: []lifeline.PlanContact{lifeline.Lifeline988, {Name: "Dr. Patel", Phone: "555-0199"}, {Name: "Mum again", Phone: "+1 (555) 0100"}}}
	coping := &lifeline.CopingPlan{CopingActions: []string{"  ", "Go for a run with the dog"}}
	long := &lifeline.CopingPlan{CopingActions: []string{strings.Repeat("Breathe in for four, hold for seven. ", 5)}}

	for _, tc := range []struct {
		name     string
		concern  string
		contacts []*lifeline.CrisisContact
		safety   *lifeline.SafetyPlan
		coping   *lifeline.CopingPlan
		want     string
	}{
		{"ordinary talk offers nothing", "", people, plan, coping, ""},
		{"suicide: 988, the sponsor by name, a few people, SOS, the plan", lifeline.ConcernSuicide, people, plan, coping, `
call Call 988 -> tel:988
text Text 988 -> sms:988
call Call Sam (sponsor) -> tel:5550134;ext=22
call Call Mum (family) -> tel:+15550100
call Call Alex (friend) -> tel:5550111
sos Alert my people now
safety_plan Open my safety plan`},
		{"self-harm without a sponsor: Add my sponsor, and the plan's own professional", lifeline.ConcernSelfHarm, nil, plan, nil, `
call Call 988 -> tel:988
text Text 988 -> sms:988
add_sponsor Add my sponsor
call Call Dr. Patel -> tel:5550199
call Call Mum again -> tel:+15550100
sos Alert my people now
safety_plan Open my safety plan`},
		{"suicide with nothing saved yet", lifeline.ConcernSuicide, nil, nil, nil, `
call Call 988 -> tel:988
text Text 988 -> sms:988
add_sponsor Add my sponsor
sos Alert my people now
safety_plan Open my safety plan`},
		{"a number once, under the first name it has", lifeline.ConcernSelfHarm, people[:2], plan, nil, `
call Call 988 -> tel:988
text Text 988 -> sms:988
add_sponsor Add my sponsor
call Call Mum (family) -> tel:+15550100
call Call Alex (friend) -> tel:5550111
call Call Dr. Patel -> tel:5550199
sos Alert my people now
safety_plan Open my safety plan`},
		{"overdose: 911 first, naloxone, 988, their people, SOS", lifeline.ConcernOverdose, people, plan, coping, `
call Call 911 -> tel:911
note Give naloxone if you have it (Then lay them on their side and stay with them until help arrives.)
call Call 988 -> tel:988
call Call Sam (sponsor) -> tel:5550134;ext=22
call Call Mum (family) -> tel:+15550100
call Call Alex (friend) -> tel:5550111
sos Alert my people now`},
		{"overdose without a sponsor asks for none", lifeline.ConcernOverdose, noSponsor, nil, nil, `
call Call 911 -> tel:911
note Give naloxone if you have it (Then lay them on their side and stay with them until help arrives.)
call Call 988 -> tel:988
call Call Mum (family) -> tel:+15550100
call Call Alex (friend) -> tel:5550111
call Call Jo -> tel:5550122
sos Alert my people now`},
		{"danger: 911, the Domestic Violence Hotline, SOS, their people", lifeline.ConcernDanger, people, plan, coping, `
call Call 911 -> tel:911
call Call the Domestic Violence Hotline -> tel:18007997233
text Text START to 88788 -> sms:88788?&body=START
sos Alert my people now
call Call Sam (sponsor) -> tel:5550134;ext=22
call Call Mum (family) -> tel:+15550100
call Call Alex (friend) -> tel:5550111`},
		{"urge: their own coping step, the sponsor, leave now, 988 quietly", lifeline.ConcernUrge, people, plan, coping, `
coping_plan Go for a run with the dog (From your coping plan)
call Call Sam (sponsor) -> tel:5550134;ext=22
note Leave now (Step outside, or walk away from where you are.)
call Call 988 -> tel:988 quiet`},
		{"urge without a coping plan or a sponsor", lifeline.ConcernUrge, noSponsor, nil, &lifeline.CopingPlan{}, `
coping_plan Open my coping plan
add_sponsor Add my sponsor
note Leave now (Step outside, or walk away from where you are.)
call Call 988 -> tel:988 quiet`},
		{"urge with a long coping step", lifeline.ConcernUrge, people, nil, long, `
coping_plan Breathe in for four, hold for seven. Breathe in for four, hold for seven.… (From your coping plan)
call Call Sam (sponsor) -> tel:5550134;ext=22
note Leave now (Step outside, or walk away from where you are.)
call Call 988 -> tel:988 quiet`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := show(lifeline.ChatActions(tc.concern, tc.contacts, tc.safety, tc.coping))
			if want := strings.TrimPrefix(tc.want, "\n"); got != want {
				t.Errorf("ChatActions:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// TestChatActionsForEveryConcern: every concern the safety layer can name
// gets actions, and every crisis leads with a line to call.
func TestChatActionsForEveryConcern(t *testing.T) {
	for _, concern := range lifeline.Concerns {
		actions := lifeline.ChatActions(concern, nil, nil, nil)
		if len(actions) == 0 {
			t.Errorf("%s: no actions", concern)
			continue
		}
		if lifeline.IsCrisis(concern) && (actions[0].Kind != lifeline.ChatActionCall || actions[0].Quiet) {
			t.Errorf("%s: starts with %+v, want a line to call", concern, actions[0])
		}
	}
}
