package chat

import (
	"slices"
	"strings"

	"lifeline"
)

// Crisis kinds, as CrisisReply takes them.
const (
	CrisisOverdose = lifeline.ConcernOverdose
	CrisisSuicide  = lifeline.ConcernSuicide
	CrisisSelfHarm = lifeline.ConcernSelfHarm
	CrisisDanger   = lifeline.ConcernDanger
)

// The lines the fixed replies share.
const (
	line988    = "• Call or text 988, the Suicide & Crisis Lifeline: free, confidential, 24/7."
	line911    = "• If you or someone else is in immediate danger, call 911 now."
	lineCrisis = "• Your crisis page has the hotlines, your personal contacts and your safety plan: /crisis"
	lineDV     = "• The National Domestic Violence Hotline is 1-800-799-7233 (24/7), or text START to 88788."
	lineNUA    = "• Please don't use alone. If you do, call the Never Use Alone hotline, 800-484-3731: someone stays on the line and sends help if you stop answering."
	lineNarcan = "• Keep naloxone (Narcan) within reach, and tell someone where it is."
)

// CrisisReply is the fixed, reviewed answer for a crisis of kind: it always
// holds 988, 911 and a link to /crisis. An overdose is answered as one
// happening now; FixedReply words a risk of overdose differently.
func CrisisReply(kind string) string {
	switch kind {
	case CrisisOverdose:
		return paragraphs(
			"This sounds like a medical emergency. Call 911 now — an overdose can be reversed when help comes in time.",
			lines(
				"• Call 911 now. Say someone may have overdosed and give the address.",
				"• Give naloxone (Narcan) if you have it: one spray in a nostril. If they don't wake within 2 to 3 minutes, give another.",
				"• Stay with them. If they're breathing, roll them onto their side (the recovery position) so they can't choke. If they stop breathing, tell the 911 operator, who will guide you.",
				"• If you are the one who took too much, call 911 now, unlock the door, and don't stay alone.",
				line988, lineCrisis),
			"You did the right thing by saying something. Please stay with them until help arrives.")
	case CrisisSelfHarm:
		return paragraphs(
			"Thank you for telling me. It sounds like you're carrying a lot right now, and you deserve care, not more pain.",
			lines(line988, "• If you're badly hurt or bleeding won't stop, call 911 now.", lineCrisis),
			"If you can, put some distance between yourself and anything you could hurt yourself with, and reach out to someone you trust. I'm still here to talk.")
	case CrisisDanger:
		return paragraphs(
			"Your safety comes first. If you are in danger right now, get somewhere safe if you can, and call 911.",
			lines("• Call 911 if you or someone else is in danger right now.", lineDV, line988, lineCrisis),
			"You don't have to handle this alone. I'm here to keep talking when you are safe.")
	default:
		return paragraphs(
			"I'm really glad you told me. It sounds like you're in a lot of pain right now, and you don't have to get through it alone. "+
				"If you are thinking about ending your life or hurting yourself, please reach out now:",
			lines(line988, line911, lineCrisis),
			"If you can, stay near someone you trust and put distance between yourself and anything you could use to hurt yourself. I'm still here to talk.")
	}
}

// UrgeReply is the fixed answer to an urge happening now: help in the next
// minutes, written for someone standing in a liquor store.
const UrgeReply = "You reached out in the middle of it, and that matters. Let's get you through the next twenty minutes.\n\n" +
	"• Leave now: put it down and walk out — outside, to your car, around the block. Distance first, decisions later.\n" +
	"• Call someone now: your sponsor, or someone in your circle. \"I'm having a craving and I need to talk\" is enough.\n" +
	"• Ride the wave: a craving rises, peaks and passes, usually within 20 to 30 minutes. Set a timer for 20 minutes and breathe slowly while it crests.\n" +
	"• Open your coping plan and do the first thing on it.\n\n" +
	"If you've already used, please don't use alone and keep naloxone near. If you feel unsafe, call or text 988, or call 911 in an emergency."

// riskReasons say plainly, per rule of a risk of overdose, why it is one.
type riskReason struct{ rule, reason, advice string }

var riskReasons = []riskReason{
	{"overdose/using-alone", "Using alone means nobody is there to help if something goes wrong.", ""},
	{"overdose/lost-tolerance", "After time away, your body handles much less than it used to, so an amount that felt normal before can now be too much.",
		"• If you do use, start with a small amount and go slow."},
	{"overdose/mixing-depressants", "Mixing alcohol, benzos or sleeping pills with opioids slows breathing much more than either alone.",
		"• If you can, take one thing at a time, and less of each."},
	{"overdose/mixing-opioids", "Mixing alcohol, benzos or sleeping pills with opioids slows breathing much more than either alone.",
		"• If you can, take one thing at a time, and less of each."},
	{"overdose/fentanyl", "Pills and powders from an unknown source often hold fentanyl, which can stop someone's breathing in a tiny amount.",
		"• Fentanyl test strips can check what you have. Start with a small amount and go slow."},
	{"overdose/big-dose", "A bigger amount than your body is used to raises the risk of overdose.", "• If you do use, start with a small amount and go slow."},
	{"overdose/no-naloxone", "Without naloxone nearby, an overdose is harder to reverse.", ""},
}

// overdoseRiskReply answers a risk of overdose: the reasons the rules heard,
// then what lowers the risk, without a lecture.
func overdoseRiskReply(rules []string) string {
	var reasons, advice []string
	for _, r := range riskReasons {
		if slices.Contains(rules, r.rule) {
			if !slices.Contains(reasons, r.reason) {
				reasons = append(reasons, r.reason)
			}
			if r.advice != "" && !slices.Contains(advice, r.advice) {
				advice = append(advice, r.advice)
			}
		}
	}
	if len(reasons) == 0 {
		reasons = []string{"What you describe carries a real risk of overdose."}
	}
	bullets := append([]string{lineNUA, lineNarcan}, advice...)
	bullets = append(bullets,
		"• If someone is hard to wake, breathing slowly or turning blue, call 911 and give naloxone.",
		"• If you'd like to talk to someone right now, call or text 988. They won't judge you.",
		lineCrisis)
	return paragraphs(
		"Thank you for telling me — I want you to be safe tonight. "+strings.Join(reasons, " "),
		lines(bullets...),
		"You matter, whatever happens tonight. I'm here to keep talking.")
}

// FixedReply is the reviewed reply an assessment leads with: the crisis
// resources of its concern, the overdose-risk reply when a risk rule fired
// (an overdose the rules could not place, heard by the model or a second
// opinion, is answered as an emergency), or UrgeReply; "" for ordinary
// talk.
func FixedReply(a Assessment) string {
	switch {
	case a.Concern == "":
		return ""
	case a.Concern == lifeline.ConcernUrge:
		return UrgeReply
	case a.Concern == lifeline.ConcernOverdose && !a.Now && slices.ContainsFunc(riskReasons, func(r riskReason) bool { return slices.Contains(a.Rules, r.rule) }):
		return overdoseRiskReply(a.Rules)
	}
	return CrisisReply(a.Concern)
}

func lines(ls ...string) string { return strings.Join(ls, "\n") }

func paragraphs(ps ...string) string { return strings.Join(ps, "\n\n") }
