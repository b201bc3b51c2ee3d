package lifeline

import (
	"strings"
	"unicode/utf8"
)

// Kinds of ChatAction: what a button under the assistant's answer does.
const (
	ChatActionCall       = "call"        // dials Href, a tel: link
	ChatActionText       = "text"        // opens a text message, Href an sms: link
	ChatActionSOS        = "sos"         // "Alert my people now": the SOS confirmation
	ChatActionSafetyPlan = "safety_plan" // opens the person's safety plan
	ChatActionCopingPlan = "coping_plan" // opens the person's coping plan; Label is its first step when it has one
	ChatActionAddSponsor = "add_sponsor" // adds a crisis contact with the relationship sponsor
	ChatActionNote       = "note"        // a short instruction to read, not a link: Label, then Detail
)

// ChatAction is one thing the person can do right away, offered beside the
// assistant's words when the safety layer heard a concern. Label is what
// the button says; Quiet marks a choice offered below the main ones.
type ChatAction struct {
	Kind   string `json:"kind"`
	Label  string `json:"label"`
	Href   string `json:"href,omitempty"`
	Detail string `json:"detail,omitempty"`
	Quiet  bool   `json:"quiet,omitempty"`
}

// maxChatActionPeople is how many of the person's own people an answer
// offers to call: a few names to choose from, not the whole address book.
const maxChatActionPeople = 3

// maxChatActionLabel bounds a label taken from the person's own words (a
// coping plan step may be a paragraph).
const maxChatActionLabel = 80

// The fixed actions, in the words people read.
var (
	call988        = ChatAction{Kind: ChatActionCall, Label: "Call 988", Href: "tel:988"}
	text988        = ChatAction{Kind: ChatActionText, Label: "Text 988", Href: "sms:988"}
	call911        = ChatAction{Kind: ChatActionCall, Label: "Call 911", Href: "tel:911"}
	alertMyPeople  = ChatAction{Kind: ChatActionSOS, Label: "Alert my people now"}
	openSafetyPlan = ChatAction{Kind: ChatActionSafetyPlan, Label: "Open my safety plan"}
	addSponsor     = ChatAction{Kind: ChatActionAddSponsor, Label: "Add my sponsor"}
	naloxone       = ChatAction{Kind: ChatActionNote, Label: "Give naloxone if you have it", Detail: "Then lay them on their side and stay with them until help arrives."}
	leaveNow       = ChatAction{Kind: ChatActionNote, Label: "Leave now", Detail: "Step outside, or walk away from where you are."}
	callDVHotline  = ChatAction{Kind: ChatActionCall, Label: "Call the Domestic Violence Hotline", Href: "tel:18007997233"}
	textDVHotline  = ChatAction{Kind: ChatActionText, Label: "Text START to 88788", Href: "sms:88788?&body=START"}
	openCopingPlan = ChatAction{Kind: ChatActionCopingPlan, Label: "Open my coping plan"}
)

// ChatActions are the actions an answer offers for concern (one of
// Concerns; none for ordinary talk), most urgent first, made from the
// person's crisis contacts (as FindCrisisContacts lists them), safety plan
// and coping plan, any of which may be nil.
//
//   - suicide, self-harm: 988 by call and text, their sponsor (Sponsor; or
//     "Add my sponsor") and a few more of their people by name, Alert my
//     people now, their safety plan.
//   - overdose: 911, naloxone, 988, their people, Alert my people now.
//   - danger: 911, the Domestic Violence Hotline by call and text, Alert
//     my people now, their people.
//   - urge: the first step of their coping plan, their sponsor (or "Add my
//     sponsor"), leave now, and 988 as a quieter choice.
func ChatActions(concern string, contacts []*CrisisContact, safety *SafetyPlan, coping *CopingPlan) []ChatAction {
	sponsor := Sponsor(contacts)
	switch concern {
	case ConcernSuicide, ConcernSelfHarm:
		actions := []ChatAction{call988, text988}
		if sponsor == nil {
			actions = append(actions, addSponsor)
		}
		actions = append(actions, peopleToCall(sponsor, contacts, planProfessionals(safety))...)
		return append(actions, alertMyPeople, openSafetyPlan)
	case ConcernOverdose:
		actions := []ChatAction{call911, naloxone, call988}
		actions = append(actions, peopleToCall(sponsor, contacts, nil)...)
		return append(actions, alertMyPeople)
	case ConcernDanger:
		actions := []ChatAction{call911, callDVHotline, textDVHotline, alertMyPeople}
		return append(actions, peopleToCall(sponsor, contacts, nil)...)
	case ConcernUrge:
		actions := []ChatAction{copingStep(coping)}
		if sponsor != nil {
			actions = append(actions, callPerson(sponsor.Name, sponsor.Relationship, TelHref(sponsor.Phone)))
		} else {
			actions = append(actions, addSponsor)
		}
		quiet988 := call988
		quiet988.Quiet = true
		return append(actions, leaveNow, quiet988)
	}
	return nil
}

// peopleToCall offers the sponsor first, then the other contacts
// (emergency contacts first, as listed), then more, each once per number,
// at most maxChatActionPeople and never a hotline under a person's name.
func peopleToCall(sponsor *CrisisContact, contacts []*CrisisContact, more []PlanContact) []ChatAction {
	var out []ChatAction
	seen := map[string]bool{}
	add := func(name, relationship, phone string) {
		href := TelHref(phone)
		if href == "" || isHotline(href) || seen[href] || len(out) == maxChatActionPeople {
			return
		}
		seen[href] = true
		out = append(out, callPerson(name, relationship, href))
	}
	if sponsor != nil {
		add(sponsor.Name, sponsor.Relationship, sponsor.Phone)
	}
	for _, emergency := range []bool{true, false} {
		for _, c := range contacts {
			if c.IsEmergency == emergency {
				add(c.Name, c.Relationship, c.Phone)
			}
		}
	}
	for _, c := range more {
		add(c.Name, "", c.Phone)
	}
	return out
}

// callPerson is "Call Sam (sponsor)", or "Call Sam" without a relationship.
func callPerson(name, relationship, href string) ChatAction {
	label := "Call " + name
	if relationship != "" {
		label += " (" + relationship + ")"
	}
	return ChatAction{Kind: ChatActionCall, Label: label, Href: href}
}

// planProfessionals are the safety plan's own professionals (step 5),
// without the 988 line every plan shows.
func planProfessionals(p *SafetyPlan) []PlanContact {
	if p == nil {
		return nil
	}
	var out []PlanContact
	for _, c := range p.Professionals {
		if c != Lifeline988 {
			out = append(out, c)
		}
	}
	return out
}

// copingStep is the first coping action of the person's coping plan, as a
// link to the plan, or the plan itself while it has none.
func copingStep(p *CopingPlan) ChatAction {
	if p == nil {
		return openCopingPlan
	}
	for _, step := range p.CopingActions {
		if step = strings.TrimSpace(step); step != "" {
			return ChatAction{Kind: ChatActionCopingPlan, Label: shorten(step, maxChatActionLabel), Detail: "From your coping plan"}
		}
	}
	return openCopingPlan
}

// shorten cuts s to at most n characters, at the end of a word where there
// is one in its second half, ending with "…" when it cut.
func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	cut := string([]rune(s)[:n-1])
	if next := []rune(s)[n-1]; next != ' ' {
		if space := strings.LastIndexByte(cut, ' '); space > len(cut)/2 {
			cut = cut[:space]
		}
	}
	return strings.TrimRight(cut, " ,;:") + "…"
}
