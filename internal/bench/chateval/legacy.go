package chateval

import (
	"lifeline"
	"lifeline/chat"
)

// The phrase table the safety layer replaced (chat/safety.go until
// 2026-11): the baseline the layer is measured against. It caught 10 of 58
// crisis messages of an outside held-out set.
var legacyRules = []struct{ kind, pattern string }{
	{lifeline.ConcernOverdose, "overdose|overdosed|overdosing|overdoses|od|oding|odeing"},
	{lifeline.ConcernOverdose, "too many|much ... pills|pill|fentanyl|fent|heroin|xanax|bars|benzos|oxy|oxys|oxycodone|opioids|opiates|methadone|meds|medication|tablets|painkillers|tylenol"},
	{lifeline.ConcernOverdose, "whole|entire bottle|pack|packet|box of pills|tablets|meds|medication|painkillers|tylenol|xanax|sleeping"},
	{lifeline.ConcernOverdose, "handful|bunch|fistful of pills|tablets|meds|painkillers"},
	{lifeline.ConcernOverdose, "use|using|drink|drinking|shoot|take|sleep|go ... and not|never wake up"},
	{lifeline.ConcernOverdose, "hope|wish ... dont|not|never|wouldnt|didnt wake up"},
	{lifeline.ConcernOverdose, "dont|not want to wake up"},
	{lifeline.ConcernOverdose, "drink|drinking|drank|use|using|used myself to death"},
	{lifeline.ConcernOverdose, "not|stopped breathing"},
	{lifeline.ConcernOverdose, "unresponsive"},
	{lifeline.ConcernOverdose, "wont|cant|cannot wake him|her|them"},
	{lifeline.ConcernOverdose, "can|could|will not wake him|her|them"},
	{lifeline.ConcernOverdose, "he|she|they|hes|shes|theyre ... wont|isnt|not wake|waking up"},
	{lifeline.ConcernOverdose, "lips|face|skin ... turning|turned|are|is|going blue"},
	{lifeline.ConcernOverdose, "seizure|seizures|seizing"},
	{lifeline.ConcernOverdose, "medical emergency"},
	{lifeline.ConcernSuicide, "suicide|suicidal|sucidal|suicidial|suicdal|suacide"},
	{lifeline.ConcernSuicide, "kill|killing|kil|killed myself"},
	{lifeline.ConcernSuicide, "kms"},
	{lifeline.ConcernSuicide, "unalive|unaliving"},
	{lifeline.ConcernSuicide, "end|ending|take|taking my life"},
	{lifeline.ConcernSuicide, "end|ending|take|taking my own life"},
	{lifeline.ConcernSuicide, "end|ending it all"},
	{lifeline.ConcernSuicide, "want|wanted|ready|deserve|wish to die"},
	{lifeline.ConcernSuicide, "wanna die"},
	{lifeline.ConcernSuicide, "wish|rather ... was|were|be dead"},
	{lifeline.ConcernSuicide, "wish ... could|would ... die"},
	{lifeline.ConcernSuicide, "better off dead"},
	{lifeline.ConcernSuicide, "better off without me"},
	{lifeline.ConcernSuicide, "no|zero reason|point ... live|living|alive"},
	{lifeline.ConcernSuicide, "nothing to live for"},
	{lifeline.ConcernSuicide, "not|isnt|nothing|longer|aint worth living"},
	{lifeline.ConcernSuicide, "dont|not want to live|exist"},
	{lifeline.ConcernSuicide, "dont|not want to be alive"},
	{lifeline.ConcernSuicide, "dont|not want to be here anymore"},
	{lifeline.ConcernSuicide, "tired of living"},
	{lifeline.ConcernSuicide, "give|giving|gave up on life"},
	{lifeline.ConcernSuicide, "cant|cannot go on"},
	{lifeline.ConcernSuicide, "can not go on"},
	{lifeline.ConcernSuicide, "cant|cannot do this|it anymore"},
	{lifeline.ConcernSuicide, "can not do this|it anymore"},
	{lifeline.ConcernSuicide, "no way out"},
	{lifeline.ConcernSuicide, "hang|hanging|shoot|shooting myself"},
	{lifeline.ConcernSuicide, "jump|jumping off ... bridge|building|roof|cliff"},
	{lifeline.ConcernSuicide, "this is goodbye"},
	{lifeline.ConcernSelfHarm, "hurt|hurting|harm|harming|cut|cutting|burn|burning myself"},
	{lifeline.ConcernSelfHarm, "self harm|harming|injury|injure|injuring"},
	{lifeline.ConcernSelfHarm, "selfharm"},
	{lifeline.ConcernSelfHarm, "cutting"},
	{lifeline.ConcernSelfHarm, "slit|slitting|cut ... wrist|wrists"},
	{lifeline.ConcernDanger, "in danger"},
	{lifeline.ConcernDanger, "im not safe"},
	{lifeline.ConcernDanger, "i am not safe"},
	{lifeline.ConcernDanger, "dont feel safe"},
	{lifeline.ConcernDanger, "do not feel safe"},
	{lifeline.ConcernDanger, "feel unsafe"},
	{lifeline.ConcernDanger, "he|she|they|hes|shes|theyre|someone|partner|boyfriend|girlfriend|husband|wife ... hurting|hitting|beating|choking|attacking|hit|beat|choked|attacked me"},
	{lifeline.ConcernDanger, "threatened|threatening|threatens|trying|tried to kill|hurt me"},
	{lifeline.ConcernDanger, "has|got|with a gun|knife"},
	{lifeline.ConcernDanger, "hurt|kill someone|somebody|people"},
}

var legacyMasks = []string{
	"cutting|cut|cuts back|down|out|off|up|corners|edge|class|classes|ties|costs|carbs|sugar|caffeine|coffee|alcohol|booze|weed|drinks|drinking|smoking|cigarettes|grass|lawn|hair|board|boards|it|in|school|losses|onions|vegetables|wood|paper|coupons|the",
	"cutting|cut my|his|her|their|the hair|nails|grass|lawn|hours|losses|finger",
	"cutting board|boards|edge|room|tool",
	"# kms|km",
	"shoot|shot|shooting myself in the foot",
	"suicide squad",
}

var legacyTable = func() *chat.PhraseTable {
	patterns := make([]string, len(legacyRules))
	for i, r := range legacyRules {
		patterns[i] = r.pattern
	}
	return chat.NewPhraseTable(patterns, legacyMasks)
}()

// Legacy is the old phrase table's concern for message: a crisis kind, or
// "" (it knew no urges).
func Legacy(message string) string {
	if i, ok := legacyTable.Find(message); ok {
		return legacyRules[i].kind
	}
	return ""
}
