package chat

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"lifeline"
)

// Crisis kinds, in the order they are checked: an overdose is answered as
// a medical emergency first, whatever else the message says.
const (
	CrisisOverdose = lifeline.ConcernOverdose
	CrisisSuicide  = lifeline.ConcernSuicide
	CrisisSelfHarm = lifeline.ConcernSelfHarm
	CrisisDanger   = lifeline.ConcernDanger
)

// crisisRule is one row of the crisis table: messages containing Pattern
// (see phrase for the syntax) are a crisis of kind Kind.
type crisisRule struct {
	Kind    string
	Pattern string
}

// crisisRules is the table of phrases that suggest suicide, self-harm, an
// overdose or immediate danger. It leans towards catching too much: a false
// alarm costs a few lines of phone numbers, worded "if", in front of the
// ordinary reply; a miss could cost a life. Every row has a test.
var crisisRules = []crisisRule{
	// Overdose and other medical emergencies.
	{CrisisOverdose, "overdose|overdosed|overdosing|overdoses|od|oding|odeing"},
	{CrisisOverdose, "too many|much ... pills|pill|fentanyl|fent|heroin|xanax|bars|benzos|oxy|oxys|oxycodone|opioids|opiates|methadone|meds|medication|tablets|painkillers|tylenol"},
	{CrisisOverdose, "whole|entire bottle|pack|packet|box of pills|tablets|meds|medication|painkillers|tylenol|xanax|sleeping"},
	{CrisisOverdose, "handful|bunch|fistful of pills|tablets|meds|painkillers"},
	{CrisisOverdose, "use|using|drink|drinking|shoot|take|sleep|go ... and not|never wake up"},
	{CrisisOverdose, "hope|wish ... dont|not|never|wouldnt|didnt wake up"},
	{CrisisOverdose, "dont|not want to wake up"},
	{CrisisOverdose, "drink|drinking|drank|use|using|used myself to death"},
	{CrisisOverdose, "not|stopped breathing"},
	{CrisisOverdose, "unresponsive"},
	{CrisisOverdose, "wont|cant|cannot wake him|her|them"},
	{CrisisOverdose, "can|could|will not wake him|her|them"},
	{CrisisOverdose, "he|she|they|hes|shes|theyre ... wont|isnt|not wake|waking up"},
	{CrisisOverdose, "lips|face|skin ... turning|turned|are|is|going blue"},
	{CrisisOverdose, "seizure|seizures|seizing"},
	{CrisisOverdose, "medical emergency"},

	// Suicide.
	{CrisisSuicide, "suicide|suicidal|sucidal|suicidial|suicdal|suacide"},
	{CrisisSuicide, "kill|killing|kil|killed myself"},
	{CrisisSuicide, "kms"},
	{CrisisSuicide, "unalive|unaliving"},
	{CrisisSuicide, "end|ending|take|taking my life"},
	{CrisisSuicide, "end|ending|take|taking my own life"},
	{CrisisSuicide, "end|ending it all"},
	{CrisisSuicide, "want|wanted|ready|deserve|wish to die"},
	{CrisisSuicide, "wanna die"},
	{CrisisSuicide, "wish|rather ... was|were|be dead"},
	{CrisisSuicide, "wish ... could|would ... die"},
	{CrisisSuicide, "better off dead"},
	{CrisisSuicide, "better off without me"},
	{CrisisSuicide, "no|zero reason|point ... live|living|alive"},
	{CrisisSuicide, "nothing to live for"},
	{CrisisSuicide, "not|isnt|nothing|longer|aint worth living"},
	{CrisisSuicide, "dont|not want to live|exist"},
	{CrisisSuicide, "dont|not want to be alive"},
	{CrisisSuicide, "dont|not want to be here anymore"},
	{CrisisSuicide, "tired of living"},
	{CrisisSuicide, "give|giving|gave up on life"},
	{CrisisSuicide, "cant|cannot go on"},
	{CrisisSuicide, "can not go on"},
	{CrisisSuicide, "cant|cannot do this|it anymore"},
	{CrisisSuicide, "can not do this|it anymore"},
	{CrisisSuicide, "no way out"},
	{CrisisSuicide, "hang|hanging|shoot|shooting myself"},
	{CrisisSuicide, "jump|jumping off ... bridge|building|roof|cliff"},
	{CrisisSuicide, "this is goodbye"},

	// Self-harm.
	{CrisisSelfHarm, "hurt|hurting|harm|harming|cut|cutting|burn|burning myself"},
	{CrisisSelfHarm, "self harm|harming|injury|injure|injuring"},
	{CrisisSelfHarm, "selfharm"},
	{CrisisSelfHarm, "cutting"},
	{CrisisSelfHarm, "slit|slitting|cut ... wrist|wrists"},

	// Immediate danger from or to someone else.
	{CrisisDanger, "in danger"},
	{CrisisDanger, "im not safe"},
	{CrisisDanger, "i am not safe"},
	{CrisisDanger, "dont feel safe"},
	{CrisisDanger, "do not feel safe"},
	{CrisisDanger, "feel unsafe"},
	{CrisisDanger, "he|she|they|hes|shes|theyre|someone|partner|boyfriend|girlfriend|husband|wife ... hurting|hitting|beating|choking|attacking|hit|beat|choked|attacked me"},
	{CrisisDanger, "threatened|threatening|threatens|trying|tried to kill|hurt me"},
	{CrisisDanger, "has|got|with a gun|knife"},
	{CrisisDanger, "hurt|kill someone|somebody|people"},
}

// crisisMasks are everyday phrases that contain a rule's words without its
// meaning; they are blanked out before the rules run. The negatives the
// tests pin down:
//   - "cutting back on coffee", "cut down", "cutting board": "cutting"
//     alone is a self-harm rule, so its everyday uses are masked.
//   - "I ran 5 kms": kilometres, not "kill myself".
//   - "I killed it at work today", "my feet are killing me", "I'm dying to
//     see my kids", "dead tired": no rule matches them at all.
//   - "This craving is killing me" is deliberately not a crisis: it is the
//     everyday way to say a craving is strong, and the assistant answers it
//     as a craving (urge surfing, HALT, a contact to call). "Killing
//     myself" is a crisis even when it might be hyperbole ("killing myself
//     at the gym"): the cost of asking is small.
var crisisMasks = []string{
	"cutting|cut|cuts back|down|out|off|up|corners|edge|class|classes|ties|costs|carbs|sugar|caffeine|coffee|alcohol|booze|weed|drinks|drinking|smoking|cigarettes|grass|lawn|hair|board|boards|it|in|school|losses|onions|vegetables|wood|paper|coupons|the",
	"cutting|cut my|his|her|their|the hair|nails|grass|lawn|hours|losses|finger",
	"cutting board|boards|edge|room|tool",
	"# kms|km",
	"shoot|shot|shooting myself in the foot",
	"suicide squad",
}

var (
	compiledRules = func() []phrase {
		out := make([]phrase, len(crisisRules))
		for i, r := range crisisRules {
			out[i] = compile(r.Pattern)
		}
		return out
	}()
	compiledMasks = compileAll(crisisMasks)
)

// Detect reports whether message suggests suicide, self-harm, an overdose
// or immediate danger, and which.
func Detect(message string) (kind string, ok bool) {
	ws := masked(words(message), compiledMasks)
	for i, p := range compiledRules {
		if _, _, found := p.find(ws); found {
			return crisisRules[i].Kind, true
		}
	}
	return "", false
}

// The lines every crisis reply carries.
const (
	line988    = "• Call or text 988, the Suicide & Crisis Lifeline: free, confidential, 24/7."
	line911    = "• If you or someone else is in immediate danger, call 911 now."
	lineCrisis = "• Your crisis page has the hotlines, your personal contacts and your safety plan: /crisis"
)

// CrisisReply is the fixed, reviewed answer for a crisis of kind: it always
// holds 988, 911 and a link to /crisis.
func CrisisReply(kind string) string {
	var opening, closing string
	lines := []string{line988, line911, lineCrisis}
	switch kind {
	case CrisisOverdose:
		opening = "This could be a medical emergency. If someone has taken too much or may have overdosed, call 911 now — " +
			"especially if they are hard to wake, breathing slowly or not at all, or their lips are turning blue. " +
			"Give naloxone (Narcan) if you have it, and stay with them."
		lines = []string{line911, line988, lineCrisis}
		closing = "You did the right thing by saying something. I'm here, but please reach a person who can help right now."
	case CrisisSelfHarm:
		opening = "Thank you for telling me. It sounds like you're carrying a lot right now, and you deserve care, not more pain."
		closing = "If you can, put some distance between yourself and anything you could hurt yourself with, and reach out to someone you trust. I'm still here to talk."
	case CrisisDanger:
		opening = "Your safety comes first. If you are in danger right now, please get somewhere safe and call 911."
		lines = []string{line911, line988, "• The National Domestic Violence Hotline is 1-800-799-7233 (24/7), or text START to 88788.", lineCrisis}
		closing = "You don't have to handle this alone. I'm here to keep talking when you are safe."
	default:
		opening = "I'm really glad you told me. It sounds like you're in a lot of pain right now, and you don't have to get through it alone. " +
			"If you are thinking about ending your life or hurting yourself, please reach out now:"
		closing = "If you can, stay near someone you trust and put distance between yourself and anything you could use to hurt yourself. I'm still here to talk."
	}
	return opening + "\n\n" + strings.Join(lines, "\n") + "\n\n" + closing
}

// crisisWait bounds how long a crisis reply waits for the provider: its
// resources must arrive at once, with or without the provider's words.
const crisisWait = 10 * time.Second

type safeProvider struct {
	next   lifeline.ChatProvider
	logger *slog.Logger
}

// Safe puts the safety layer in front of next: a message that Detect flags
// always gets CrisisReply first, followed by next's reply when next answers
// in time; if next fails or is slow, CrisisReply alone. Other messages go
// to next unchanged. The answer names the concern it heard.
func Safe(next lifeline.ChatProvider, logger *slog.Logger) lifeline.ChatAssistant {
	if logger == nil {
		logger = slog.Default()
	}
	return &safeProvider{next: next, logger: logger}
}

func (s *safeProvider) Answer(ctx context.Context, history []lifeline.ChatMessage, message string) (*lifeline.ChatAnswer, error) {
	kind, crisis := Detect(message)
	if !crisis {
		reply, err := s.next.Reply(ctx, history, message)
		if err != nil {
			return nil, err
		}
		return &lifeline.ChatAnswer{Reply: reply}, nil
	}
	s.logger.InfoContext(ctx, "chat: crisis message answered with resources", "kind", kind)
	waitCtx, cancel := context.WithTimeout(ctx, crisisWait)
	defer cancel()
	answer := &lifeline.ChatAnswer{Reply: CrisisReply(kind), Concern: kind}
	reply, err := s.next.Reply(waitCtx, history, message)
	if err != nil {
		s.logger.WarnContext(ctx, "chat: provider failed on a crisis message; sending resources alone", "err", err)
		return answer, nil
	}
	if reply = strings.TrimSpace(reply); reply != "" {
		answer.Reply += "\n\n" + reply
	}
	return answer, nil
}
