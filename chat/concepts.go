package chat

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// A concept is a set of meanings a word or expression carries, as bits: the
// layer's rules speak of concepts ("a wish, then death") rather than of
// phrases, so one rule hears "I want to die", "wanna be dead" and "I hope I
// don't wake up".
type concept uint64

const (
	cSelf       concept = 1 << iota // I, me, myself: the person writing
	cOther                          // someone else who can act: he, my boyfriend, my dealer
	cOtherSelf                      // himself, herself, themselves
	cNeg                            // not, never, don't, nobody
	cSuicide                        // suicide named: suicidal, kms, unalive, kill myself, end my life
	cDie                            // death and dying: die, dead, sleep forever, not wake up, disappear
	cLife                           // life and living: live, alive, exist, go on
	cWish                           // a wish: want, wish, hope, pray, rather, try
	cIntent                         // an intention: going to, gonna, about to, ready, plan, decided
	cBurden                         // burdensomeness: a burden, better off without me
	cHopeless                       // hopelessness and entrapment: no point, no way out, can't go on
	cMeans                          // lethal means: rope, gun, bridge, pills, blade
	cStockpile                      // collecting means: saved up, stockpiling, hoarding
	cPrep                           // preparation: giving things away, a note, a will, affairs in order
	cFarewell                       // goodbyes and absence: goodbye, won't be around, last message
	cTime                           // a time: tonight, tomorrow, Friday, soon
	cHarm                           // hurting oneself: cut, burn, hurt, harm, scratch, carve
	cSelfHarm                       // self-harm named: self harm, sh, selfharm
	cBody                           // the body: arm, wrist, thigh, skin
	cOverdose                       // overdose named: overdose, OD, too much, too many
	cODSign                         // signs of an overdose: not breathing, can't wake, blue lips
	cSubstance                      // any drug or drink
	cOpioid                         // heroin, fentanyl, oxy, methadone
	cDepressant                     // benzodiazepines, sleeping pills, gabapentin
	cAlcohol                        // alcohol and drinks
	cStimulant                      // cocaine, meth
	cFentanyl                       // fentanyl or an unknown supply: pressed pills, blues, laced, a new guy
	cBigDose                        // a big dose: the whole bag, more than usual, my usual amount
	cUse                            // using: use, get high, shoot up, drink, relapse, score
	cAlone                          // alone: by myself, nobody home
	cBreak                          // a break in tolerance: clean for months, out of rehab, first time since
	cNow                            // now: right now, rn, tonight, currently
	cPast                           // a distant past: years ago, used to, back then, at my worst
	cRecent                         // a recent past: yesterday, last night, last week
	cPresent                        // a past that goes on: still, again, lately
	cPlace                          // a place to drink or use: the liquor store, a bar, my dealer's house
	cHold                           // having it at hand: in my hand, in front of me, poured, found
	cDealer                         // a dealer: dealer, plug, my guy
	cCraving                        // craving: craving, urge, tempted, want a drink, about to relapse
	cIntense                        // intensity: so bad, unbearable, can't stop thinking
	cResisted                       // a moment resisted or passed: it passed, didn't drink, kept going
	cUrgeNow                        // an urge about to win: about to relapse, one step away, give in
	cViolence                       // violence: hit, beat, choke, threaten, follow, rape
	cWeapon                         // a weapon: gun, knife, bat
	cFear                           // fear: scared, afraid, terrified
	cUnsafe                         // not safe, in danger
	cFamily                         // people one protects: the kids, my mom, my dog
	cQuestion                       // a question word opening a sentence (set by position, not lexicon)
	cHypo                           // a hypothetical: if, in case, what if
	cAffirm                         // yes, yeah, kind of, maybe
	cRevived                        // an overdose over and survived: everyone lived, she made it
	cMask                           // an everyday expression that hides a rule's word: cutting back, kill it at work
	cServe                          // serving others at work: pouring for customers, bartending
	cCover                          // a cover story given away: "told her I'm moving. I'm not" (set by markCover)
	cRoutine                        // a routine of care: every morning, with breakfast, pill organiser, like the doctor said
	cMood                           // an everyday mood told: feeling down, empty inside, a bad week
	cWork                           // the writer at work: a role named, a shift, a call taken, trainees, clients
	numConcepts = iota
)

var conceptNames = [numConcepts]string{
	"SELF", "OTHER", "OTHER_SELF", "NEG", "SUICIDE", "DIE", "LIFE", "WISH", "INTENT", "BURDEN", "HOPELESS",
	"MEANS", "STOCKPILE", "PREP", "FAREWELL", "TIME", "HARM", "SELF_HARM", "BODY", "OVERDOSE", "OD_SIGN",
	"SUBSTANCE", "OPIOID", "DEPRESSANT", "ALCOHOL", "STIMULANT", "FENTANYL", "BIG_DOSE", "USE", "ALONE",
	"BREAK", "NOW", "PAST", "RECENT", "PRESENT", "PLACE", "HOLD", "DEALER", "CRAVING", "INTENSE", "RESISTED", "URGE_NOW",
	"VIOLENCE", "WEAPON", "FEAR", "UNSAFE", "FAMILY", "QUESTION", "HYPO", "AFFIRM", "REVIVED", "MASK", "SERVE", "COVER",
	"ROUTINE", "MOOD", "WORK",
}

func (c concept) names() []string {
	var out []string
	for c != 0 {
		i := bits.TrailingZeros64(uint64(c))
		out = append(out, conceptNames[i])
		c &^= 1 << i
	}
	return out
}

func conceptByName(name string) (concept, bool) {
	for i, n := range conceptNames {
		if n == name {
			return 1 << i, true
		}
	}
	return 0, false
}

// lexicon lists, per concept, its words and expressions ("|" between them).
// Write lemmas: "cut" covers "cuts", "cutting" and "cuttin". An expression
// of several words gives its concept to each of its words. Sources of the
// wording: chat/crisisset/README.md.
var lexicon = map[concept]string{
	cSelf:      "i|im|ive|id|ill|me|myself|meself",
	cOther:     "customer|customers|passenger|patient|pt|client|stranger|guest|patron|rider|dude|he|she|they|hes|shes|theyre|him|her|boyfriend|girlfriend|bf|gf|husband|wife|partner|ex|dad|father|stepdad|mom|mother|stepmom|brother|sister|son|daughter|friend|roommate|neighbor|neighbour|dealer|guy|guys|someone|somebody|man|uncle|cousin|landlord|coworker|boss|he'll|hed|shed|shell|theyll",
	cOtherSelf: "himself|herself|themselves|themself",
	cNeg:       "not|no|never|dont|didnt|doesnt|isnt|wasnt|arent|werent|wont|wouldnt|cant|cannot|couldnt|shouldnt|aint|havent|hasnt|hadnt|nobody|noone|no one|nothing|without|neither|nor|dnt|forgot|stopped|quit",
	cSuicide: "finish myself|finishing myself|choosing dead|choose dead|chose dead|choosing death|22 a day|22 per day|22aday|the 22|twenty two a day|be 23|sewer slide|sewerslide|self delete|delete myself|checking out for good|check out for good|check out early|log off for good|logging off for good|catch the bus|drown myself|drown herself|drown himself|drowning myself|gas myself|jump to my death|want my life over|want my life to end|my life to be over|ctb|catch the bus|unalive myself|end things for good|do it on purpose|suicide|suicidal|kms|unalive|kill myself|kill my self|killing myself|end my life|end my own life|take my life|take my own life|end it all|ending it all|end myself|off myself|commit suicide|kill himself|kill herself|kill themselves|end her life|end his life|end their life|take his life|take her life|take their own life|take his own life|take her own life|hang myself|shoot myself|hanging myself|" +
		"suicdal|sucidal|suicidial|suacide|sucide|suiside|suicidle|end me|hang herself|hang himself|hang themselves|shoot herself|shoot himself|end his own life|end her own life",
	cDie: "in the ground|no more days|not wake|calling me home|call me home|go home to|rest in peace|gone forever|be with edna|die|dead|death|dying|not wake up|never wake up|dont wake up|didnt wake up|wont wake up|not waking up|not be alive|sleep forever|go to sleep forever|sleep and not wake|disappear|stop existing|cease to exist|not exist|not be here|never been born|never born|not come back|dont come back|never come back|not coming back|gone for good|coffin|grave|six feet under|" +
		"obituaries|obituary|obits|mortuary|morgue|be gone|in my sleep|over for good|no more me|rest forever|forever sleep|eternal sleep|permanent sleep|not be alive anymore|not around anymore|funeral|my funeral|my own funeral",
	cLife:       "live|living|life|alive|exist|existing|existence|here anymore|go on|going on|keep going|be around|here no more|here any more|here nomore|alive no more|alive any more",
	cWish:       "jealous of|envy|envious of|envious|id like|i would like|id love|i would love|want|wanna|wish|hope|pray|rather|try|trying|tempted|would not mind|wouldnt mind|long to|ready to|just want|all i want",
	cIntent:     "booked a cab|booked a taxi|booked an uber|ordered an uber|ordered a cab|ordered a taxi|called a cab|called a taxi|called an uber|getting a cab|getting a taxi|in a cab|in an uber|in a taxi|in the cab|in the taxi|in the uber|cab to|taxi to|uber to|shell|theyll|hed|im doing it|doing it tonight|will be on|ill be on|headed to|heading to|omw|on my way|driving there|walking to|taxis coming|gonna do it|going to do it|about to hit|putting my shoes on|coat on|going to|gonna|about to|ready|plan|planning|decided|decide|made up my mind|will|ill|im going|gunna|finna|bout to|on my way|headed|heading",
	cBurden:     "sparing everyone|spare everyone|sparing them the trouble|sparing everyone the trouble|cheaper for everyone|cheaper for them|cheaper for the family|doing everyone a favour|doing everyone a favor|do everyone a favour|do everyone a favor|doing them all a favour|doing them all a favor|doing the world a favour|doing the world a favor|do the world a favour|do the world a favor|kinder to everyone|kinder on everyone|kinder for everyone|burden|better off without me|better off if i|better off with me dead|better off dead|better without me|happier without me|relieved if i|waste of space|waste of oxygen|waste of air|in everyones way|better off without|better off if|miss me|notice if i|care if i|world would be better|deserve better than me|deserves better than me|fine without me|lighter without me|easier without me",
	cHopeless:   "only one door out|one door out|only one way out|only one exit|one way out of this|one door out of this|only one way this ends|cant think of one reason|cant think of a reason|no reason to get up|nothing to get up for|no reason to get out of bed|not fighting them|not fighting it anymore|stopped fighting|cant live like this|cannot live like this|can not live like this|cant stand being alive|want no more days|dont want another day|cant face another day|cant do another day|no more days|cant see a way forward|no way forward|nothing left|quitting everything|done with all of it|no reason to live|no reason to keep living|nothing to live for|nothing left to live for|not worth living|isnt worth living|no way out|only way out|cant go on|cannot go on|can not go on|cant keep going|cant do this anymore|cant do it anymore|cannot do this anymore|can not do this anymore|cant take it anymore|cant take this anymore|tired of living|tired of being alive|tired of life|done with life|give up on life|gave up on life|give up on everything|no future|never get better|end the pain|done fighting|cant keep going like this|lost cause|made my peace|beyond help|no hope left|no hope|cant see a way|cant see a future|see no future|wont get better|never going to get better|not going to get better|no way things get better|no way it gets better|nothing will ever change|nothing ever changes|nothing will change|no light|nothing matters|nothing matters anymore|dont care what happens to me|dont care if i live|dont care if i die|done trying|done with everything|done with it all|no fight left|cant fight anymore|tired of fighting|see a way out|except dying|except to die|but to die|but dying|dont see a way out|cant see a way out|dont see any way out|cant see any way out|can not do it anymore|cannot do it anymore|cant take this anymore|can not take it anymore|cannot take it anymore",
	cMeans:      "sidearm|service weapon|service pistol|handgun|glock|vial|vials|wasted vials|ampule|ampules|cord|cable|extension cord|carbon monoxide|charcoal|the drop|parking deck|parking garage|multi storey|multistorey|multi story|top of the car park|balcony|9th floor|top floor|cliffs|dam|zopiclone|amitriptyline|insulin|noose|tablet|tablets|paracetamol|sertraline|seroquel|lorazepam|oxys|psych meds|blister pack|sleeping tablets|overpass|platform|crossing|shotgun|rifle|rope|noose|belt|gun|pistol|rifle|shotgun|bullet|bridge|roof|rooftop|ledge|cliff|train|tracks|razor|blade|pill|bottle of pills|tylenol|acetaminophen|med|sleeping pill|exhaust|engine running|antidepressant|antidepressants|insulin|ibuprofen|advil|aspirin|medication|prescription|heroin|fentanyl|helium|helium kit|helium tank",
	cStockpile:  "pocketing|pocketed|squirreling away|squirrelled away|squirreled away|setting aside|set aside|putting aside|put aside|keeping back|kept back|held back|saved|save up|saved up|saving|stockpile|stockpiling|hoard|hoarding|collect|collecting|stash up",
	cPrep:       "death in service|scheduled them|scheduled it for|on a delay|scheduled send|schedule send|my own funeral|policy paying out|policy pays out|policy pay out|suicide clause|suicide exclusion|the exclusion|two year exclusion|exclusion period|contestability|loose ends|my loose ends|scheduled it|scheduled a text|scheduled the text|scheduled a message|scheduled an email|scheduled a post|eulogy|my funeral|funeral songs|the songs for the funeral|life insurance|insurance papers|important papers|where the papers are|passwords|my passwords|rehome|rehomed|rehoming|find a home for|take my dog|take my cat|take him|look after my cat|look after my dog|mind my|mind mum|who gets|which goes to|goes to who|go to who|sold my|sold his|sold her|paid off|deleted my|deleted her|deleted his|squared away|housekeeping|laid out|my good suit|wont need them|wont need it|wont need|sealed letter|to open later|open later|give away|gave away|giving away|wont need|affairs in order|everything in order|in order now|my will|updated my will|wrote my will|paid off|insurance|wont need|dont need them|letter|letters|note",
	cFarewell:   "remember me well|to remember me|remember me by|wont be on this earth|wont be on earth|not be on this earth|nice knowing you|nice knowing them|nice knowing yall|nice knowing everyone|nice knowing all|goodbye texts|goodbye letters|goodbye notes|goodbye messages|goodbye videos|to whoever reads this|to whoever finds this|whoever finds this|whoever finds me|to whoever is reading this|dont worry about me anymore|dont worry about me any more|stop worrying about me|no need to worry about me anymore|the last time we|last time well|last time ill|last time id|never see me again|never talk again|last time we will|last message|last text|my last|wont be around|wont be here|not be around|wont have to worry about me|wont be a problem|not be a problem|none of this will matter|after im gone|when im gone|this is goodbye|goodbye forever|tell my mom i love|tell my kids i love|tell them i love|posted a goodbye",
	cTime:       "tonite|tmrw|this weekend|the weekend|next week|pm|midnight|anniversary|our anniversary|my birthday|before friday|by friday|when its time|when its quieter|tonight|tonite|tomorrow|tmrw|friday|saturday|sunday|monday|tuesday|wednesday|thursday|weekend|soon|the day|the night|a date|this week|after work|in the morning|by tomorrow",
	cHarm:       "dig|digging|scrape|scraping|pinch|pinching|claw|clawing|press|pressing|heat|heating|bit my|bit his|bit her|bite|biting|bites|put out|reopen|reopened|split|bang|banging|scald|cut|cutting|hurt|harm|burn|burning|scratch|carve|carving|bleed|slit|punch|bang|pick|pull|starve|punish|purge|hit|stab|slam|smash|bash",
	cSelfHarm:   "self harm|selfharm|self harming|self injury|self injure|sh|self harmed|self-harm",
	cBody:       "palm|palms|scab|scabs|wrist|ankle|ankles|shoulder|belly|hand|hands|fist|fists|forearm|forearms|knuckle|knuckles|stitches|wound|wounds|upper arm|cheek|lip|neck|arm|arms|wrist|wrists|thigh|thighs|skin|leg|legs|stomach|knuckle|knuckles|head|face|chest|body|scar|scars|vein|veins|hip|hips",
	cOverdose:   "whole pack|whole packet|whole box|whole strip|blister pack|the lot|all of them|all of it|overdose|too much|too many|way too many|way too much|way more than|more than i meant|a lot|a bunch of|handful|whole bottle|entire bottle|all my pills|all of my pills|all my sleeping pills|every pill|every last pill|every tablet|every last tablet|every single pill|every single tablet|the rest of the bottle|the rest of the pills|the rest of my pills",
	cODSign:     "agonal breathing|agonal|man down|woman down|guy collapsed|he collapsed|she collapsed|collapsed and|going back under|going under again|breathing slow|breathing really slow|breathing so slow|breathing very slow|slow breathing|shallow breathing|barely breathing|sleepy and floppy|gone floppy|face is going grey|face going grey|going grey|going gray|lifeless|motionless|limp|out cold|wont come to|not coming to|cant wake|gone limp|not response|no response|not responding|isnt responding|wont respond|one breath|barely a breath|narcan isnt working|narcan not working|narcan didnt work|narcan is not working|naloxone isnt working|naloxone not working|second narcan|lips are blue|cant stay awake|trouble staying awake|very sleepy|so sleepy|hard to wake|wont wake|cant wake my|cant wake|not breathing|isnt breathing|stopped breathing|stop breathing|barely breathing|unresponsive|not responsive|gurgling|gurgle|cant wake him|cant wake her|cant wake them|couldnt wake him|couldnt wake her|cannot wake him|cannot wake her|could not wake him|could not wake her|cant get him to wake|cant get her to wake|nodding out|nodding off|nodding hard|weird snoring|snoring sound|choking on vomit|choking on his vomit|choking on her vomit|turning blue|turned blue|turning purple|going blue|choking sound|making a choking|gasping|gurgling sound|snoring loud|snoring really loud|slumped|slumped over",
	cSubstance:  "hydros|hydro|norco|norcos|percs|roxy|roxies|dilaudid|oramorph|addy|addys|addies|adderall|vyvanse|ritalin|vicodin|tranquilizer|tranquilizers|painkillers|sedative|sedatives|depressants|barbiturates|halcion|whisky|cognac|ale|liqueur|moonshine|methamphetamine|amphetamine|amphetamines|hashish|opium|lsd|shrooms|pinot|merlot|chardonnay|prosecco|ipa|bourbon|scotch|hennessy|margarita|margaritas|mimosa|mimosas|pitcher|pitchers|zopiclone|zolpidem|amitriptyline|quetiapine|trazodone|mirtazapine|diazepam|clonazepam|alprazolam|temazepam|pregabalin|lyrica|oxycontin|hydromorphone|benadryl|nyquil|insulin|gram|half gram|joints|tablet|tablets|paracetamol|sertraline|seroquel|lorazepam|kratom|nips|henny|sherry|brandy|champagne|rum|vape|bong|tar|psych meds|blister pack|sleeping tablets|cocktail|cocktails|pint|pints|lager|cider|30 rack|pills|drug|drugs|pill|pills|med|meds|dope|heroin|fentanyl|coke|cocaine|crack|meth|oxy|oxys|oxycodone|percocet|xanax|bars|benzo|klonopin|valium|ativan|ambien|sleeping pill|gabapentin|suboxone|methadone|morphine|hydrocodone|codeine|opioid|molly|mdma|ketamine|ket|lean|weed|joint|pot|line|bag|stash|pipe|blues|m30|m30s|dab|shard|alcohol|drink|drinks|booze|beer|beers|wine|vodka|whiskey|liquor|tequila|rum|gin|bottle|six pack|fifth|shots|xans",
	cOpioid:     "co codamol|cocodamol|codamol|hydros|hydro|norco|norcos|percs|roxy|roxies|oramorph|vicodin|painkillers|opium|oxymorphone|tapentadol|nucynta|oxycontin|hydromorphone|perks|dope|heroin|fentanyl|oxy|oxys|oxycodone|percocet|perc|methadone|suboxone|morphine|hydrocodone|codeine|opioid|tramadol|dilaudid|h|smack|blues|m30|m30s|painkiller|pain pill|lean",
	cDepressant: "tranquilizer|tranquilizers|sedative|sedatives|depressants|barbiturates|halcion|phenobarbital|zopiclone|zolpidem|quetiapine|trazodone|diazepam|clonazepam|alprazolam|temazepam|pregabalin|lyrica|lorazepam|sleeping tablets|sleeping tablet|seroquel|sleep tablets|xanax|bars|benzo|klonopin|valium|ativan|ambien|sleeping pill|sleeping pills|sleep meds|gabapentin|downers|ghb|lean",
	cAlcohol:    "offy|offie|minibar|mini bar|whisky|cognac|ale|liqueur|moonshine|pinot|merlot|chardonnay|prosecco|ipa|bourbon|scotch|hennessy|margarita|margaritas|mimosa|mimosas|pitcher|pitchers|a 40|forty ounce|brandy|sherry|champagne|henny|nips|lager|cider|pint|pints|cocktail|cocktails|gin and tonic|30 rack|off licence|off-licence|alcohol|drink|drinks|drinking|drunk|booze|beer|beers|wine|vodka|whiskey|liquor|tequila|rum|gin|fifth|shots|glasses of wine|bar|six pack|wasted",
	cStimulant:  "addy|addys|addies|vyvanse|ritalin|methamphetamine|amphetamine|amphetamines|coke|cocaine|crack|meth|adderall",
	cFentanyl:   "look off|looks off|looked off|look a little off|looks a little off|blue ish|blueish|crumbly|off color|off colour|dont look right|doesnt look right|dont look like the ones|not like the ones|stamp is off|stamp looks|look different|looks different|look a bit different|different from the ones|bought online|got online|got them online|off the internet|from online|way stronger|stronger than usual|stronger than what|flea market|blue m|whats in them|whats in it|what is in them|from someone he met|from someone she met|someone he met|someone she met|not real|arent real|fake|fentanyl|carfentanil|pressed|blues|m30|m30s|laced|cut with|new guy|new dealer|new batch|strong batch|different this time|look different|different from usual|not sure whats in|dont know whats in|off snapchat|test strips|fake pills|someone i dont know|guy i dont know|no clue whats in|no idea whats in|dont know what is in|new plug|new connect|random guy|some guy|off the street|street pills|not sure what it is|dont know what it is|unknown|look weird|looks weird|look off|looks off|look fake|supposed to be|off a guy|from a guy|what i thought was|thought it was|buy it on the street|buy them on the street|bought on the street|get it on the street|got them on the street|from the street|from the streets|street pill|street pills|street bar|street bars|street xanax|street perc|street percs|street oxy|street oxys|what he said were|what she said were|what they said were|what he says are|what she says are|m on them|m on it|blue 30s|bought 30s|got 30s|some 30s|couple 30s|counterfeit",
	cBigDose:    "whole bag|the whole thing|way more than usual|more than usual|double|usual amount|same amount|same dose|my usual|same as before|as much as i can|everything i have|full bag|a full|all of it|a big shot|a lot more|way more than i should|more than i should|old dose|my old dose|usual dose|old amount|my old amount|what i used to|half of what i used to|than i used to|as much as i used to",
	cUse:        "do a shot|do a bump|do a line|do a hit|do a bag|do the rest|do the dope|do dope|do some dope|do the half|do the h|take a sip|have a sip|first sip|take a hit|hit the pen|order one|order a drink|order a beer|get one|use|using|get high|getting high|im high|so high|shoot up|shooting up|shot up|smoke|snort|score|cop|copped|relapse|relapsed|relapsing|pick up tonight|pick up again|drink|drinking|drank|get drunk|get wasted|dose|do a line|did a shot|a shot by myself|mix|mixing|speedball|speedballing|hit it|grab one|get one|go get|way to buy|buy a bottle|buy some|buy beer|buy more|meeting my guy|do some|do my|try fent|take them all|take it|get some|pick some up|grab some|score some|buy some|doing a|doing fent|doing dope|doing coke|doing heroin|doing lines|do fent|do dope|trying fent|doing meth|doing pills|to pick up|plan to pick up|going to pick up",
	cAlone:      "on my tod|on me tod|on me own|on me jacks|on my jacks|nobody knows im here|no one knows im here|nobody knows where i am|no one knows where i am|nobody would know|no one would know|nobody would notice|no one would notice|nobody would ever know|alone|by myself|on my own|nobody around|nobody is around|no one around|nobody will know|nobody home|no one home|nobody is home|no one will be here|nobody will be here|nobody sees|no one sees|nobody finds out|nobody will find|no one will know|nobody can see|no one can see|where nobody|where no one|in private|in secret",
	cBreak:      "discharged me|discharged from hospital|out of hospital|home from hospital|discharged from the ward|off the ward|walked out of detox|walked out of rehab|out of the detox|out of the rehab|left the detox|left the detox center|left the rehab|out of the program|residential program|on remand|out this morning|out this afternoon|home from prison|home from jail|months inside|years inside|before i went in|since i went in|first night out|out the gate|home from detox|back from detox|home from the detox|out of detox today|out of rehab today|out of county|got out of county|out of the county|out of county jail|discharged from rehab|discharged from detox|discharged from treatment|discharged from the program|discharged from inpatient|left rehab|left detox|released from rehab|released from detox|out of inpatient|been out|just out|out of the joint|got out today|released today|no drugs for|nothing for|off the methadone|off methadone|months off|years off|weeks off|days off|off the stuff|two years dry|days dry|months dry|after deployment|just back from|first night home|first night out|since january|since february|since march|since april|since may|since june|since july|since august|since september|since october|since november|since december|sober since|clean since|clean for|sober for|months clean|days clean|years clean|weeks clean|month clean|year clean|clean since|first time in|first time since|first time using|out of rehab|out of jail|out of prison|out of detox|out of treatment|got out|just got out|since detox|since rehab|since jail|after a year|after months|after 8 months|after six months|been clean|been sober|haven't used|havent used|same dose i used to|same amount i used to|before i got sober|since my son was born|in six months|months sober|days sober|years sober|weeks sober|year sober|month sober|released|got released|just released|released from|out of prison|parole|since i used|since i last used|years since|months since|since i drank|since my last drink|getting out|get out of jail|got clean in|clean in jail|clean in prison|released tomorrow|out of the pen|out the pen|out of the penitentiary",
	cNow:        "now|right now|rn|tonight|currently|at the moment|atm|this second|as we speak|about to|right here|atm",
	cPast:       "when i first came in|when i first got here|when i first got sober|when i first got clean|my first week sober|my first month sober|in early recovery|early on in recovery|the old me|old me|old self|the old version of me|year ago tonight|years ago tonight|year ago today|years ago today|year ago this week|years ago this week|years ago|year ago|used to|back then|back when|when i was|in high school|last year|last month|as a teen|as a kid|at my worst|before i got sober|before i got clean|a long time ago|long ago|in the past|at one point|in 2010|in 2011|in 2012|in 2013|in 2014|in 2015|in 2016|in 2017|in 2018|in 2019|in 2020|in 2021|in 2022|" + pastYears() + "|months ago|when i was using|back in the day|my old life|as a teenager|when i was a teenager|in my teens|in my twenties|in my 20s|in college|growing up|when i was young|when i was younger|in middle school|as a teen",
	cRecent:     "yesterday|last night|last week|before last|the year before last|last spring|last summer|last autumn|last fall|last winter|last christmas|last easter|last january|last february|last march|last april|last june|last july|last august|last september|last october|last november|last december|days ago|the other day|weeks ago|on sunday|on saturday|on friday|on monday|earlier today|this afternoon|this morning",
	cPresent:    "from before|from back when|from when i was|still|again|lately|these days|right now|tonight|anymore|keep",
	cPlace:      "offy|offie|the offy|the offie|working mens club|the legion|wetherspoons|minibar|mini bar|hotel minibar|wine store|wine shop|beer store|liquor shop|beer tent|beer garden|old corner|my old corner|the old corner|usual corner|my corner|lounge|nightclub|tavern|saloon|sports bar|dive bar|wine bar|hotel bar|where i used to|where we used to|the place i used to|spot where|bowling alley|alley bar|stadium|ballpark|brewery|tailgate|kratom shop|smoke shop|head shop|vape shop|package store|packie|bottle o|bottleo|off licence|offlicence|off-licence|the pub|pub|cocktail party|open bar|happy hour|old spot|the spot|the queue|delivery app|the cart|my cart|old bar|the old spot|where we used to|liquor|liquor store|the bar|a bar|at the bar|beer aisle|wine aisle|liquor aisle|parking lot|casino|open bar|dealers house|gas station|old spot|my spot|trap house|old block|dealers block|the store|a pub|the pub|the club|wine section|liquor section|beer section|alcohol section|beer cave|bottle shop|bodega|corner store|convenience store|dispensary|liquor aisle",
	cHold:       "lined up|set up in front of me|in her trolley|in my trolley|in the trolley|in her cart|in his cart|in my basket|in her basket|in his trolley|passed it to me|passed me|passing me|handed it to me|next to my hand|right next to|my card out|got my card out|pulled up|in hand|in my hand|in her hand|in his hand|cap off|the cap off|taken the cap|in the cart|in my cart|on my lap|on my table|on the table|on her table|right here|next to me|next to my|typed|thumb on|thumb over|finger on|finger over|up on my screen|on my screen|checkout|passing around|going around|almost at me|filled|poured|seal|handed me|just handed|got one|got a|forty quid|40 quid|cash|paycheck|quid|in my hand|in front of me|holding|on the table|poured|found|bought|just bought|got a bottle|have a bottle|full bottle|have a bag|i have a bag|in the fridge|in my pocket|money in my pocket|cash in my pocket|the money|the number|his number|in my car|staring at|ordered|just ordered|ordering|poured myself|opened a|cracked open|cracked a|the money right here|money right here|on the counter|bottle out|got it out|took it out|sitting in front of me",
	cDealer:     "supplier|my supplier|old supplier|my old supplier|weed man|dope man|coke man|pill man|candy man|plug|my guy|old guy|old guys|his number|her number|drinking buddy|hit him up|hit her up|dealer|plug|my guy|connect|old plug|my old dealer|his number",
	cCraving:    "peaking|at its peak|could murder a pint|murder a pint|murder a drink|murder a beer|kill for a drink|kill for a pint|kill for a beer|dying for a drink|dying for a pint|gagging for a drink|gagging for a pint|gasping for a pint|gasping for a drink|itching for a drink|itching to use|itching for a hit|craving peaking|cant stop thinking|all i can think|so strong|want the real thing|want it so bad|want one so bad|feel it in my throat|hand keeps going|nearly say yes|fake it|craving|crave|cravings|urge|urges|tempted|triggered|want a drink|need a drink|want to drink|want to use|need to use|want to get high|need to get high|want to smoke|cant stop thinking about drinking|cant stop thinking about using|all i can think about|want one drink|take the edge off|cant stop thinking about getting high|cant stop thinking about it",
	cIntense:    "so bad|sooo bad|so much|so strong|really strong|unbearable|overwhelming|overwhelmed|killing me|shaking|more than anything|cant stop|huge|hard|af|badly|desperate|so close|pacing|climbing the walls|crawling out of my skin|out of my skin|howling|screaming at me",
	cResisted:   "said no|said no thanks|refused|turned it down|turned him down|turned her down|turned them down|walked off|kept walking|kept driving|walked on|drove on|drove home|went home|got on my bus|left it there|put it down|put it back|then i didnt|didnt have it|didnt have one|didnt drink it|didnt open it|before i opened it|walked out of|bought milk|didnt want a drop|didnt touch a drop|not a drop|never touched a drop|didnt want one|didnt want any|it just passed|then it passed|and it passed|down the sink|down the drain|down the toilet|poured it out|poured them out|poured it all out|poured out|flushed it|flushed them|flushed the|flushed all|its gone|basically gone|gone entirely|went away|wore off|faded|talked it through|talked me down|talked her down|talked him down|it passed|craving passed|urge passed|passed after|didnt drink|didnt use|kept going|drove past|walked out|left early|soda|sparkling water|instead|proud of myself|made it through|got through|resisted|called my sponsor|went to a meeting|didnt give in|poured it out|poured it down|down the sink|threw it away|threw it out|flushed|got rid|blocked|blocked him|blocked his number|deleted his number|deleted the number|ignored|walked past|walked by|feel solid|feel strong|staying in the car|wait in the car|waiting in the car|give it to|give it away|giving it away|give them away|throw out|throw it out|throw away|pour it out|get rid of|careful|be careful",
	cUrgeNow:    "about to relapse|going to relapse|gonna relapse|one step away|so close to using|so close to drinking|so close to|about to give in|give in|giving in|cant hold out|can hold out|circling back|turning around|can taste it|calling me|trying not to|about to use|about to drink|about to grab|cave|caving|about to cave|going to cave|gonna cave|about to slip|going to slip|break my sobriety|throw it all away|throw away my sobriety|lose my sobriety",
	cViolence:   "put me in the ground|put me in the dirt|put me six feet|teach me a lesson|teach you a lesson|teach her a lesson|teach him a lesson|settle it|settle up|harassing me|harasses me|terrorizing me|intimidating me|menacing me|shoot me|stab me|cut me|break my legs|break my arms|break my neck|break my jaw|break your legs|come get|get it out of me|kick my door|kick the door|kicking my door|kicking the door|kick my door in|wont let me go|not allowed to leave|cant leave the|has my id|has my papers|keeps my papers|keep my papers|keep my pay|keeps my pay|took my id|says im dead|said im dead|im a dead man|youre dead|your dead|around my neck|around her neck|around his neck|by the neck|hands around|put something in|something in her drink|something in his drink|something in my drink|someones inside|someone is inside|someones in the house|someone in the house|someone downstairs|someones downstairs|took her passport|took my passport|took his passport|wont let her leave|wont let him leave|wont let them leave|wont stop the car|being held|held at|or else|one way or another|coming to get me|coming to collect|we see you|knows what school|parked outside|parked across|sitting outside|waiting outside|across the road|across the street|found my new|found our new|tracked me|tracking me|broken the|hit me|hit her|hit my|hit us|beat me|beat her|beat my|beat me up|punch me|punch her|slap me|slap her|kick me|kick her|push me|push her|shove me|choke me|choke her|choked me|grab me|grabbed me|attack me|attack us|attacked me|hurt me|hurt her|hurt us|hurt my|kill me|kill her|kill us|kill my|strangle|strangled|stab|stabbed|rape|raping|raped|abuse|abusing|abused me|following me|followed me|follows me|stalk|stalking|stalker|broke into|break in|break into|breaking into|breaking in|broke in|locked me|lock me|locked in|pulled a knife|pulled a gun|coming for me|coming after me|knows where i live|banging on|violent|throwing things|threw things|screaming at me|forces me|force me|trafficked|spiked|drugged me|drugged my|put something in my drink|came at me|burn the house|wont let me leave|wont let me out|took my phone|took my keys|took my car keys|hurt the kids|threatened to kill|threatened to hurt|threatening to kill|threatening to hurt|threatens to kill|threatens to hurt|threaten to kill|threaten to hurt|threatened me|threatening me|threatening everyone|threats|death threats|threatened my life|jumped me|smashed|throwing stuff|threw stuff|slammed me|dragged me|pinned me|cornered me|by the throat|kicking in|kick in the door|kicked in|trying to get in|swinging at|swung at|came after|coming at|attacking|threw me|throws me|throw me|thrown me|slammed me against|against the wall",
	cWeapon:     "gun|knife|bat|weapon|pistol|rifle|machete",
	cFear:       "scared|afraid|terrified|frightened|hiding|fear|panicking",
	cUnsafe:     "not safe|dont feel safe|do not feel safe|feel unsafe|unsafe|in danger|never safe|scared for my life|fear for my life|afraid for my life|fearing for my life|terrified for my life",
	cFamily:     "kids|children|child|baby|my mom|my dad|my son|my daughter|my dog|my cat|my family|the kids|my sister|my brother",
	cHypo:       "if|in case|what if|whether|hypothetically|asking for a friend|so i know|asked about|asked me about|asking about|screening for|screened for",
	cAffirm:     "every single day|every day|all the time|always|constantly|every night|most days|daily|yes|yeah|yea|yep|yup|ya|kind of|kinda|sort of|maybe|i guess|i think so|a little|sometimes|probably|honestly yes|i do|i am|ive thought about it|every day|often|idk|dunno|true|mhm|uh huh",
	cRevived:    "the guy made it|the man made it|the woman made it|the lady made it|the kid made it|the girl made it|the boy made it|the patient made it|the caller made it|pulled through|he pulled through|she pulled through|they pulled through|we got her back|we got him back|we got them back|brought her back|brought him back|brought them back|he lived|she lived|everyone lived|both lived|they lived|he made it|she made it|both made it|they made it|everyone made it|he survived|she survived|both survived|everyone survived",
	// A routine is for the model, which learns from the corpus that a dose
	// "every morning" or "with breakfast" is someone's treatment, and that
	// a goodbye can borrow those words too; one rule (asking for a drug at
	// the counter) stands down for it.
	cRoutine: "every morning|every night|every evening|each morning|each night|each evening|twice a day|once a day|three times a day|with breakfast|with my breakfast|with dinner|with my dinner|with my tea|with food|at bedtime|before bed|on time|as usual|like always|same as always|same time as always|my usual time|pill organiser|pill organizer|pill box|pillbox|dosette|repeat prescription|refill|refilled|my prescription|my script|morning dose|evening dose|night dose|daily dose|morning meds|night meds|evening meds|morning pills|night pills|like the doctor said|like the doctor says|like the doc said|like the doc says|as the doctor said|as the doctor says|as directed|doctors orders|the schedule says",
	// A mood is read as a mood, not by its words, as a routine is: "empty"
	// in "feeling down and empty" is not the "empty" of a pill box emptied
	// for the last time. No rule reads it.
	cMood: moodExpressions(),
	// Work sets the writer at their job, where crisis words are the work's
	// (suicide-watch rounds, a naloxone call talked through, rescue breaths
	// taught): the model may doubt a rule that would state them outright.
	cWork:  workExpressions(),
	cServe: "for customers|for the customers|for a customer|for patrons|for the patrons|for drunk|for drunks|for the table|for a table|for tables|for the bar|behind the bar|bartend|bartending|pour for|pouring for|pours for",
	cMask: "kill myself laughing|killing myself laughing|killed myself laughing|pistol grip|nail gun|nail guns|staple gun|heat gun|grease gun|spray gun|rope rescue|hangman|death certificate|death certificates|letter to my younger self|letter to my future self|letter to my past self|climbing rope|climbing ropes|skipping rope|skipping ropes|jump rope|jump ropes|jumping rope|tow rope|tow ropes|towing rope|rope swing|ropes course|rope course|mooring rope|mooring ropes|bell rope|bell ropes|rope access|waste of money|waste of time|car dealer|car dealers|car dealership|dealership|blackjack dealer|card dealer|casino dealer|antique dealer|antiques dealer|art dealer|used car dealer|gasping for a brew|gasping for a cuppa|gasping for a tea|gasping for a coffee|gasping for a cup|kill me for telling|kill me for saying|kill me for posting|kill me for sharing|sleeping bag|sleeping bags|bottle tops|bottle top|bottle caps|bottle cap|glue gun|glue guns|hands are dead|fingers are dead|feet are dead|toes are dead|legs are dead|arms are dead|hands were dead|feet were dead|gun to my head id|gun to my head i would|gun to your head|if you put a gun to my head|suicide mission|suicide missions|suicide run|suicide runs|suicide sprint|suicide sprints|suicide drill|suicide drills|suicide squeeze|suicide doors|suicide door|suicide lane|suicide knob|suicide shift|suicide shifts|only way out is through|the way out is through|hit me like|hits me like|hit me like a truck|hit like a truck|energy drink|energy drinks|soft drink|soft drinks|sports drink|sports drinks|heart surgery|open heart|one day at a time|one step at a time|take it one|taking it one|4 h|overdose call|overdose calls|od call|od calls|overdose run|overdose runs|overdose training|overdose awareness|overdose prevention|overdose statistics|overdose rates|overdose deaths|new guy at group|new guy at the meeting|new guy in group|new guy at my meeting|new guy at work|new guy at the shelter|like it used to|like they used to|the way it used to|the way they used to|as it used to|as they used to|like it did before|like they did before|panic attack|panic attacks|heart attack|anxiety attack|asthma attack|just shoot me|shoot me now|jumped out of my skin|jump out of my skin|dead to me|dead to her|dead to him|im dead to|suicide risk|risk of suicide|suicide attempts|history of suicide|suicide awareness|suicide statistics|suicide research|about suicide risk|is killing me|is killing her|is killing him|are killing me|its killing me|thats killing me|killing me slowly|literally dying|friends suicide|brothers suicide|sisters suicide|dads suicide|moms suicide|sons suicide|daughters suicide|cousins suicide|cut back|cutting back|cut down|cutting down|cut out|cutting out|cut ties|cutting ties|cut the|cut my hair|cut corners|cutting board|shot myself in the foot|shoot myself in the foot|shooting down|shot down|kms today|killed it|kill it|killing it|to die for|dying to|dying for|dying of laughter|dying laughing|dead tired|dead on my feet|drop dead|phone died|battery died|battery is dying|plants are dying|kill for|kill me when she sees|kill me when he sees|kill me when she finds out|kill me when he finds out|" +
		"suicide squad|suicide prevention|suicide hotline|suicide rates|died by suicide|lost to suicide|her suicide|his suicide|their suicide|warning signs|signs of|drink water|drink coffee|drink tea|cut the cable|hit the gym|hit me up|hit up|hit the road|hit the hay|bar exam|candy bar|chocolate bar|protein bar|hanging by a thread|hanging out|hang out|burned the toast|burn the toast|out of order|bus stop|run out|ran out|end things with|end it with|ending things with|ending it with|live with my|live with them|live with him|live with her|live with you|living with my|drink some water|smoke a cigarette|smoke a cig|use the|use this|use a|use your|use it to|use it for|could use|cut my nails|cut his|cut her|died of an overdose|died from an overdose|died of a|died from|passed from|passed away|lost to an overdose|lost him to|lost her to|who took his own life|who took her own life|who killed himself|who killed herself|who took his life|who took her life|who died by|cutting onions|cut onions|cutting vegetables|killing time|kill time|kill some time|dying of boredom|bored to death|scared to death|dying laughing|im dying lol|dead battery|dead phone|disappear into|disappear for a while|disappear for the weekend|killing me with|die my hair|dye my hair|die her hair|die of boredom|die of embarrassment|died of embarrassment|to court|take me to court|sue me|high on life|cut carbs|cut sugar|cut caffeine|cut coffee|cut soda|cut calories|cut gluten|cut dairy|cut meat|cut hours|cut costs|cut expenses|cut spending|cut class|cut classes|cut corners|cut grass|cut lawn|cut hair|cut nails|cut onions|cut vegetables|cut wood|cut paper|cut coupons|cut cable|cut cord|cut screen time|cut social media|cut junk food|cut fast food|cut back|cut down|cut out|cut ties|cutting carbs|cutting sugar|cutting caffeine|cutting coffee|cutting soda|cutting calories|cutting gluten|cutting dairy|cutting meat|cutting hours|cutting costs|cutting expenses|cutting spending|cutting class|cutting classes|cutting corners|cutting grass|cutting lawn|cutting hair|cutting nails|cutting onions|cutting vegetables|cutting wood|cutting paper|cutting coupons|cutting cable|cutting cord|cutting screen time|cutting social media|cutting junk food|cutting fast food|cutting back|cutting down|cutting out|cutting ties|cuts carbs|cuts sugar|cuts caffeine|cuts coffee|cuts soda|cuts calories|cuts gluten|cuts dairy|cuts meat|cuts hours|cuts costs|cuts expenses|cuts spending|cuts class|cuts classes|cuts corners|cuts grass|cuts lawn|cuts hair|cuts nails|cuts onions|cuts vegetables|cuts wood|cuts paper|cuts coupons|cuts cable|cuts cord|cuts screen time|cuts social media|cuts junk food|cuts fast food|cuts back|cuts down|cuts out|cuts ties|get high on life",
}

// conceptEntry is one expression of the lexicon: its lemmas and meaning.
type conceptEntry struct {
	lemmas  []string
	meaning concept
}

var (
	// known is every lemma the layer's lexicon and rules know, for the
	// lemmatiser and the spelling correction.
	known = map[string]bool{}
	// single maps one-word expressions to their concepts.
	singleWord = map[string]concept{}
	// multi lists the expressions of several words, by their first lemma.
	multiWord = map[string][]conceptEntry{}
	deletes   map[string][]string
)

func init() {
	// Every word of the lexicon is known as written, before any lemma is
	// taken, so that the lemmatiser maps forms onto them.
	for _, entries := range lexicon {
		for _, e := range strings.Split(entries, "|") {
			for _, w := range strings.Fields(strings.ReplaceAll(e, "'", "")) {
				if w != "~after" {
					known[w] = true
				}
			}
		}
	}
	for _, w := range irregular {
		known[w] = true
	}
	deletes = buildDeletes(known)
	for c, entries := range lexicon {
		for _, e := range strings.Split(entries, "|") {
			var lemmas []string
			for _, w := range strings.Fields(strings.ReplaceAll(e, "'", "")) {
				if w == "~after" {
					continue
				}
				if c == cPast {
					// A tense is its words: "used to", not "to use, to".
					lemmas = append(lemmas, w)
					continue
				}
				lemmas = append(lemmas, lemmaOf(w))
			}
			switch len(lemmas) {
			case 0:
			case 1:
				word := strings.ReplaceAll(strings.Fields(e)[0], "'", "")
				if c != cNeg { // a negation is its word: "stopped", not "stop"
					singleWord[lemmas[0]] |= c
				}
				singleWord[word] |= c
			default:
				multiWord[lemmas[0]] = append(multiWord[lemmas[0]], conceptEntry{lemmas: lemmas, meaning: c})
			}
		}
	}
}

// annotate gives each token its lemma and concepts: its own word's, and
// those of every expression it is part of. An expression matches on lemmas
// within one sentence.
func annotate(ts []token) {
	for i := range ts {
		ts[i].lemma = lemmaOf(ts[i].word)
		ts[i].concepts = singleWord[ts[i].lemma] | singleWord[ts[i].word]
	}
	// Everyday expressions first: an expression that shares a word with
	// one ("dead to her" in "she said I'm dead to her") means nothing.
	matchExpressions(ts, func(e conceptEntry) bool { return e.meaning == cMask })
	for i := range ts {
		if i > 0 && (ts[i].word == "kms" || ts[i].word == "km") && isNumber(ts[i-1].word) {
			ts[i].concepts |= cMask // "I ran 5 kms"
		}
		if ts[i].concepts&cMask != 0 {
			ts[i].concepts, ts[i].lemma = cMask, ""
		}
	}
	matchExpressions(ts, func(e conceptEntry) bool { return e.meaning != cMask })
	// "Overdosed on squats", "OD'd on coffee": an overdose of an everyday
	// thing is a figure of speech.
	for i := 0; i+2 < len(ts); i++ {
		if ts[i].lemma == "overdose" || ts[i].lemma == "od" {
			if ts[i+1].word == "on" && everydayExcess[lemmaOf(ts[i+2].word)] && ts[i].sentence == ts[i+2].sentence {
				ts[i].concepts, ts[i].lemma = cMask, ""
			}
		}
	}
	// A count on its own ("90 days.", "Day 140") is time sober: a break in
	// tolerance, as "90 days clean" is.
	markCounts(ts)
	markRoles(ts)
	// A year ("from 2015") is a distant past.
	for i := range ts {
		if n, err := strconv.Atoi(ts[i].word); err == nil && len(ts[i].word) == 4 && n >= 1950 && n <= 2025 {
			ts[i].concepts |= cPast
		}
	}
	// "The guy I used to sell for", "the dealer who used to front me", "the
	// codeine linctus I used to get hooked on", "the bar we used to drink
	// at" name someone or something: the sentence ("...says he'll tell
	// people", "I'm at the counter about to ask for it") is not the past.
	for i := 2; i+1 < len(ts); i++ {
		if ts[i].word == "used" && ts[i+1].word == "to" && relatives[ts[i-1].word] && (ts[i-2].concepts&(cOther|cDealer) != 0 || relatives[ts[i-2].word] || ownHabit(ts[i-1].word) && named(ts[max(i-3, 0):i-1])) {
			ts[i].concepts &^= cPast
			ts[i+1].concepts &^= cPast
		}
	}
	markTrades(ts)
	markAbstinence(ts)
	markRoutineDose(ts)
	markManner(ts)
	markDenied(ts)
	markPast(ts)
	markReported(ts)
	markTold(ts)
	markCover(ts)
	// A sentence that opens with a question word is a question, and so is
	// what follows a colon ("for a school project: what are the signs…").
	for i := range ts {
		if (i == 0 || ts[i-1].sentence != ts[i].sentence || ts[i].opens) && questionWords[ts[i].word] {
			for j := i; j < len(ts) && ts[j].sentence == ts[i].sentence; j++ {
				ts[j].concepts |= cQuestion
			}
		}
	}
}

// matchExpressions gives the concepts of each multiword expression that
// keep selects to the tokens it spans: on lemmas, within one sentence, never
// over a masked token.
func matchExpressions(ts []token, keep func(conceptEntry) bool) {
	for i := range ts {
		entries := multiWord[ts[i].lemma]
		if ts[i].word != ts[i].lemma {
			entries = append(slices.Clip(entries), multiWord[ts[i].word]...) // a tense's words ("used to")
		}
		for _, e := range entries {
			if i+len(e.lemmas) > len(ts) || !keep(e) {
				continue
			}
			ok := true
			for j, l := range e.lemmas {
				t := ts[i+j]
				if t.sentence != ts[i].sentence || t.concepts == cMask && e.meaning != cMask || t.lemma != l && t.word != l {
					ok = false
					break
				}
			}
			if ok {
				for j := range e.lemmas {
					ts[i+j].concepts |= e.meaning
				}
			}
		}
	}
}

// A story watched, read or heard is told, not lived: "watched a movie where
// a guy ODs in a motel", "saw on the news they busted a guy with 40 pounds
// of fentanyl". A clause is a story's when a verb of watching, reading or
// hearing comes before a kind of story in it, or a kind of story opens what
// it shows ("a scene where", "a documentary about"). "This song makes me
// want to die" is not one; nor is research of a method ("read an article on
// the most painless way").
var (
	storyVerbs = map[string]bool{"watch": true, "watching": true, "watched": true, "see": true, "saw": true, "seen": true, "read": true,
		"reading": true, "hear": true, "heard": true, "listen": true, "listening": true, "listened": true, "binge": true, "binged": true, "stream": true, "streamed": true}
	storyKinds = map[string]bool{"movie": true, "movies": true, "film": true, "films": true, "show": true, "shows": true, "episode": true,
		"episodes": true, "documentary": true, "documentaries": true, "doc": true, "series": true, "novel": true, "book": true, "memoir": true,
		"podcast": true, "news": true, "article": true, "headline": true, "headlines": true, "tv": true, "netflix": true, "scene": true,
		"character": true, "sitcom": true, "drama": true, "thriller": true}
	storyOpens = map[string]bool{"where": true, "about": true, "which": true}
	// A story that speaks tells what it says: "news says another seizure at
	// the port".
	storySays = map[string]bool{"says": true, "said": true, "say": true, "reports": true, "reported": true, "reckons": true, "claims": true}
	// A story's people are in it by name of their part: "the villain poisons
	// the drink", "the narrator's sister takes her own life".
	storyParts = map[string]bool{"villain": true, "villains": true, "narrator": true, "narrators": true, "protagonist": true, "audiobook": true,
		"lyrics": true, "boxset": true, "sitcom": true}
	research = map[string]bool{"how": true, "way": true, "ways": true, "method": true, "methods": true, "painless": true, "painlessly": true, "lethal": true, "dose": true, "quick": true, "quickest": true}
	// Medicine taken as prescribed is the writer's treatment, not a risk:
	// "I take them exactly as written and my wife keeps the bottle".
	prescribed = map[string]bool{"prescribe": true, "prescribed": true, "written": true, "write": true, "directed": true, "direct": true}
)

// markTold marks the clauses of a story watched, read or heard, and of
// medicine taken as prescribed: their words name a scene, not the writer's
// now, and no rule counts them (the model reads the whole message as it
// is). A negation in the clause before "as prescribed" keeps it the
// writer's ("haven't been taking them as prescribed"); the writer's own turn after it, in another clause, is theirs
// ("watched a movie about it and now I want to use"), and so is a story
// the writer makes their own (madeOwn).
func markTold(ts []token) {
	for i := 0; i < len(ts); {
		end := i
		for end < len(ts) && ts[end].clause == ts[i].clause {
			end++
		}
		if storyClause(ts[i:end]) && !madeOwn(ts, end) || prescribedClause(ts, i, end) {
			for j := i; j < end; j++ {
				ts[j].told = true
			}
		}
		i = end
	}
}

// madeOwn reports whether the writer makes the story theirs in the rest of
// its sentence or the next ("listened to a podcast episode about suicide
// notes. started mine tonight", "that's me. same gun, same barn", "it made
// me want to do it").
func madeOwn(ts []token, from int) bool {
	if from >= len(ts) {
		return false
	}
	last := ts[from-1].sentence + 1
	for j := from; j < len(ts) && ts[j].sentence <= last; j++ {
		w, next := ts[j].word, ""
		if j+1 < len(ts) {
			next = ts[j+1].word
		}
		switch {
		case w == "mine" || w == "same" || w == "exactly":
			return true
		case w == "me" && next == "too", w == "thats" && next == "me", w == "like" && (next == "him" || next == "her" || next == "them"),
			w == "me" && (next == "want" || next == "wanna"), w == "i" && (next == "want" || next == "wanna"),
			w == "know" && next == "how", w == "id" && next == "do":
			return true
		}
	}
	return false
}

func storyClause(c []token) bool {
	verb, story := false, false
	for j, t := range c {
		if research[t.word] || research[t.lemma] {
			return false
		}
		switch {
		case storyVerbs[t.word] || storyVerbs[t.lemma]:
			verb = true
		case storyKinds[t.word] && (verb || j+1 < len(c) && (storyOpens[c[j+1].word] || storySays[c[j+1].word]) || inTheStory(c, j)), storyParts[t.word]:
			story = true
		}
	}
	return story
}

// inTheStory reports whether the kind of story at j is where the clause
// happens: "in the film he jumps", "on the news they said".
func inTheStory(c []token, j int) bool {
	if j < 2 {
		return false
	}
	det, prep := c[j-1].word, c[j-2].word
	return (det == "the" || det == "this" || det == "that") && (prep == "in" || prep == "on")
}

func prescribedClause(ts []token, from, to int) bool {
	for j := from; j+1 < to; j++ {
		if ts[j].concepts&cNeg != 0 {
			return false
		}
		if ts[j].word == "as" && (prescribed[ts[j+1].word] || prescribed[ts[j+1].lemma]) {
			return true
		}
	}
	return false
}

// markCover marks a cover story the writer gives away: a sentence that
// denies what an earlier one of the message said, in its words and nothing
// more ("found my dog a new home. told them I'm moving. I'm not", "told her
// I got a job out of state. there's no job", "going to meet 'Jimmy from
// PT'. there's no Jimmy at PT"). A denial that says something new ("I'm
// not, I'm going to an interview") is not one.
func markCover(ts []token) {
	for i := 0; i < len(ts); i++ {
		if i == 0 || ts[i-1].sentence == ts[i].sentence {
			continue
		}
		n := denialAt(ts, i)
		if n == 0 {
			continue
		}
		end := i
		for end < len(ts) && ts[end].sentence == ts[i].sentence {
			end++
		}
		if end-i-n > coverEcho || !echoes(ts[:i], ts[i+n:end]) {
			continue
		}
		for j := i; j < end; j++ {
			ts[j].concepts |= cCover
		}
	}
}

// coverEcho is how many words a cover's denial may repeat after itself.
const coverEcho = 5

// denialAt is the length of the denial that opens the sentence at i ("im
// not", "i am not", "theres no", "there is no"), or 0.
func denialAt(ts []token, i int) int {
	for _, d := range denials {
		if i+len(d) > len(ts) {
			continue
		}
		ok := true
		for j, w := range d {
			if ts[i+j].word != w || ts[i+j].sentence != ts[i].sentence {
				ok = false
				break
			}
		}
		if ok {
			return len(d)
		}
	}
	return 0
}

var denials = [][]string{{"im", "not"}, {"i", "am", "not"}, {"i", "havent", "got"}, {"i", "have", "not", "got"}, {"i", "dont", "have"}, {"i", "do", "not", "have"}, {"theres", "no"}, {"there", "is", "no"}, {"there", "isnt", "a"}, {"thats", "a", "lie"}, {"not", "true"}}

// echoes reports whether every word of rest that carries meaning (not a
// small word) stands in before.
func echoes(before, rest []token) bool {
	seen := map[string]bool{}
	for _, t := range before {
		seen[t.word] = true
	}
	for _, t := range rest {
		if !smallWords[t.word] && !seen[t.word] {
			return false
		}
	}
	return true
}

var smallWords = map[string]bool{"a": true, "an": true, "the": true, "any": true, "at": true, "to": true, "in": true, "into": true, "of": true, "from": true, "on": true, "really": true, "actually": true}

// pastYears are a year or a decade long gone ("back in the 90s", "in 1987"):
// a mother's overdose "back in the 90s" is family history, not tonight.
// Not "the 80s" alone: pills are called that.
func pastYears() string {
	var b strings.Builder
	for y := 1950; y < 2010; y++ {
		b.WriteString("in " + strconv.Itoa(y) + "|")
	}
	for _, d := range []string{"50s", "60s", "70s", "80s", "90s", "fifties", "sixties", "seventies", "eighties", "nineties"} {
		b.WriteString("in the " + d + "|")
	}
	return strings.TrimSuffix(b.String(), "|")
}

// moodExpressions are the ways a mood is told ("feeling really down",
// "felt a bit flat", "been feeling low"), for cMood, and a few set phrases,
// sleep trouble among them ("I keep waking up at 3am").
func moodExpressions() string {
	var out []string
	for _, verb := range []string{"feel", "feeling", "felt", "been feeling"} {
		for _, degree := range []string{"", "really ", "so ", "a bit ", "pretty ", "kind of ", "kinda ", "very "} {
			for _, mood := range strings.Fields("down low flat empty numb sad lonely anxious blue meh rubbish rough off crap tired drained heavy grey gray") {
				out = append(out, verb+" "+degree+mood)
			}
		}
	}
	return strings.Join(out, "|") + "|down and empty|down and out|empty inside|low mood|a bad day|bad day|a bad week|bad week|rough day|rough week|" +
		"down in the dumps|a bit down|a bit low|a bit flat|kind of down|kinda down|pretty low|pretty down|so down|really down|really low|" +
		// Sleep trouble told as such: the writer wakes, and too early.
		"keep waking up|keeps waking up|kept waking up|waking up at 2am|waking up at 3am|waking up at 4am|waking up at 5am|cant sleep|cannot sleep|" +
		"couldnt sleep|cant get to sleep|cant stay asleep|up all night|awake all night|bad sleep|poor sleep"
}

// workRoles are jobs whose everyday words are a crisis's. A role counts
// when the writer claims it ("I'm a dispatcher", "nurse here", "as a
// lifeguard"): "my nurse" or "the pharmacist" is someone's care.
var workRoles = strings.Split("officer|prison officer|custody officer|police officer|corrections officer|detention officer|dispatcher|"+
	"call handler|funeral director|undertaker|mortician|embalmer|lifeguard|instructor|first aid instructor|cpr instructor|paramedic|medic|emt|"+
	"nurse|er nurse|icu nurse|doctor|firefighter|glazier|locksmith|pharmacist|coroner|pathologist|toxicologist|lab tech|lab technician|"+
	"technician|outreach worker|support worker|social worker|caseworker|case worker|crisis worker|counsellor|counselor|therapist|chaplain|"+
	"security guard|bouncer|bartender|bar manager|barman|barmaid|butcher|carpenter|woodcarver|negotiator|volunteer|carer|care worker|"+
	"mechanic|driver|delivery driver|coach|tutor|teacher|sergeant|custody sergeant|pcso|store detective|dog handler|call taker|"+
	"crisis line volunteer|climbing instructor|swimming coach|ranger|porter|cleaner|housekeeper|croupier|casino dealer|card dealer|blackjack dealer|dealer at the casino", "|")

// markRoles marks a sentence or its first clause that is only a role
// ("Prison officer.", "Funeral director:", "Dispatcher, 9 years.") as
// work: the writer introducing themself.
func markRoles(ts []token) {
	for i := 0; i < len(ts); {
		j := i
		for j < len(ts) && ts[j].clause == ts[i].clause {
			j++
		}
		if j-i <= 3 {
			var words []string
			for _, t := range ts[i:j] {
				words = append(words, t.word)
			}
			if slices.Contains(workRoles, strings.Join(words, " ")) {
				for k := i; k < j; k++ {
					ts[k].concepts |= cWork
				}
			}
		}
		for j < len(ts) && ts[j].sentence == ts[i].sentence {
			j++
		}
		i = j
	}
}

// workExpressions are the ways the writer is at work: a role claimed, and
// work's own words (a shift, a call taken, trainees, clients, the job).
func workExpressions() string {
	var out []string
	for _, r := range workRoles {
		for _, f := range []string{"im a %s", "i am a %s", "im an %s", "as a %s", "as an %s", "%s here", "work as a %s", "work as an %s", "%s by trade", "%s update", "i work as a %s"} {
			out = append(out, strings.Replace(f, "%s", r, 1))
		}
	}
	return strings.Join(out, "|") + "|on shift|my shift|the shift|night shift|day shift|on duty|clocked in|clocked off|clocked out|part of the job|" +
		"my job|this job|on the job|at work|took a call|take a call|taking calls|took calls|callout|my trainees|trainees|trainee|my students|" +
		"my class|teaching|taught|training session|training day|a training|in training|cpr training|first aid training|the dummy|dummies|" +
		"mannequin|manikin|obs|obs rounds|ward rounds|cell checks|did the rounds|doing the rounds|services today|our firm|my firm|clients|" +
		"my patients|colleague|colleagues|supervision|debrief|debriefed|insurance job"
}

// everydayExcess is what people say they overdosed on in jest.
var everydayExcess = map[string]bool{}

func init() {
	for _, w := range strings.Fields("squat lunge burpee cardio leg gym workout sugar chocolate candy cake cookie biscuit coffee caffeine " +
		"cheese pizza carb chip netflix tv telly sun sunshine christmas festive work overtime love nostalgia meme tiktok youtube " +
		"anime music drama study studying homework revision screen sleep nap tea espresso latte cuteness kindness") {
		everydayExcess[w] = true
		everydayExcess[lemmaOf(w)] = true
	}
}

// markCounts marks a sentence that is only a count of days, weeks, months
// or years ("140 days.", "day 90", "14 months in") as a break.
func markCounts(ts []token) {
	for i := 0; i < len(ts); {
		j := i
		for j < len(ts) && ts[j].sentence == ts[i].sentence {
			j++
		}
		if n := j - i; n >= 2 && n <= 3 {
			number, unit := false, false
			for _, t := range ts[i:j] {
				number = number || isNumber(t.word)
				unit = unit || soberUnits[t.word]
			}
			if number && unit {
				for k := i; k < j; k++ {
					ts[k].concepts |= cBreak
				}
			}
		}
		i = j
	}
}

var soberUnits = map[string]bool{"day": true, "days": true, "week": true, "weeks": true, "month": true, "months": true, "year": true, "years": true}

// ownHabit reports whether a relative clause tells the writer's own past
// ("the bar we used to drink at"); another's ("the pub he used to go in")
// stays the past.
func ownHabit(w string) bool { return w == "i" || w == "we" }

// named reports whether ts name a substance or a place to use it, which a
// relative clause may follow ("the codeine linctus I used to").
func named(ts []token) bool {
	for _, t := range ts {
		if t.concepts&(cSubstance|cAlcohol|cPlace) != 0 {
			return true
		}
	}
	return false
}

// relatives open a relative clause after a person: "the guy I used to".
var relatives = map[string]bool{"i": true, "we": true, "who": true, "that": true, "he": true, "she": true, "they": true}

var questionWords = map[string]bool{
	"what": true, "whats": true, "how": true, "where": true, "why": true, "when": true, "who": true, "which": true,
	"is": true, "are": true, "does": true, "do": true, "can": true, "could": true, "should": true, "would": true,
}

// markRoutineDose reads one's own medicine taken by oneself, told plainly
// ("I took my pills this morning", "had my meds"), as the routine of care
// it is, unless its sentence holds what makes a dose a risk: drink, another
// drug, a quantity, a dealer ("took my pills and a bottle of vodka"). When
// someone else is the one who took them ("Brother took my pills and my
// check"), it is no routine.
func markRoutineDose(ts []token) {
	for i := 0; i+2 < len(ts); i++ {
		if !doseVerbs[ts[i].word] || ts[i+1].word != "my" || !ownMedicine[ts[i+2].word] || sentenceHas(ts, i, doseRisks) || takenByOther(ts, i) {
			continue
		}
		for j := i; j <= i+2; j++ {
			ts[j].concepts |= cRoutine
		}
	}
}

// markManner reads "the way I used to", "like I used to" as a manner, and
// "what I'm used to" as a habit, not as a time: "I'm going to use the way I
// used to" is said of now.
func markManner(ts []token) {
	for i := 1; i+1 < len(ts); i++ {
		if ts[i].word != "used" || ts[i+1].word != "to" {
			continue
		}
		if beUsedTo[ts[i-1].word] || i >= 2 && subjects[ts[i-1].word] && mannerWords[ts[i-2].word] {
			ts[i].concepts &^= cPast
			ts[i+1].concepts &^= cPast
		}
	}
}

var mannerWords = map[string]bool{"way": true, "like": true, "as": true, "same": true}

// beUsedTo are the words before "used to" that make it "accustomed to":
// "stronger than what I'm used to" is said of now.
var beUsedTo = map[string]bool{"im": true, "were": true, "was": true, "is": true, "are": true, "get": true, "got": true, "getting": true, "youre": true, "hes": true, "shes": true}

// markDenied reads a form's item answered no after a colon ("better off
// dead: not at all", "Suicidal thoughts: none") as denied: the item's
// clause is negated. An answer labelled as one ("Q: any thoughts of ending
// your life? A: no") denies the question before it, the sentence it asks.
func markDenied(ts []token) {
	for i := 1; i < len(ts); i++ {
		if !ts[i].opens || ts[i].sentence != ts[i-1].sentence || !deniesItem(ts, i) {
			continue
		}
		from := clauseStart(ts, i-1)
		if i >= 2 && answerLabels[ts[i-1].word] && from == i-1 && ts[i-2].sentence != ts[i-1].sentence {
			from = sentenceStart(ts, i-2)
			if questionLabels[ts[from].word] && from+1 < i-1 && ts[from+1].opens {
				from++
			}
		}
		for j := from; j < i; j++ {
			ts[j].denied = true
		}
	}
}

var (
	answerLabels   = map[string]bool{"a": true, "answer": true, "ans": true, "me": true}
	questionLabels = map[string]bool{"q": true, "question": true, "qu": true}
)

// sentenceStart is the index of the first token of i's sentence.
func sentenceStart(ts []token, i int) int {
	for i > 0 && ts[i-1].sentence == ts[i].sentence {
		i--
	}
	return i
}

// deniesItem reports whether the answer that opens at i says no.
func deniesItem(ts []token, i int) bool {
	if noAnswers[ts[i].word] {
		return true
	}
	return ts[i].word == "not" && i+1 < len(ts) && ts[i+1].sentence == ts[i].sentence && notAnswers[ts[i+1].word]
}

var (
	noAnswers  = map[string]bool{"no": true, "nope": true, "nah": true, "none": true, "never": true, "zero": true, "0": true, "nil": true, "n": true, "nothing": true}
	notAnswers = map[string]bool{"at": true, "really": true, "this": true, "once": true, "lately": true, "anymore": true, "any": true, "since": true, "now": true, "today": true}
)

// takenByOther reports whether the nearest person named before the verb at
// i, in its sentence, is someone other than the writer: someone the
// lexicon knows, or anyone owned just before it ("my flatmate took").
func takenByOther(ts []token, i int) bool {
	if i >= 2 && ts[i-2].sentence == ts[i].sentence && possessives[ts[i-2].word] && ts[i-1].concepts&cSelf == 0 {
		return true
	}
	for j := i - 1; j >= 0 && ts[j].sentence == ts[i].sentence; j-- {
		switch {
		case ts[j].concepts&cSelf != 0:
			return false
		case ts[j].concepts&cOther != 0:
			return true
		}
	}
	return false
}

var possessives = map[string]bool{"my": true, "his": true, "her": true, "their": true, "our": true, "your": true}

var (
	doseVerbs   = map[string]bool{"took": true, "taken": true, "had": true, "take": true, "takes": true, "taking": true}
	ownMedicine = map[string]bool{"pills": true, "meds": true, "tablets": true, "tablet": true, "medication": true, "medicine": true, "dose": true, "medications": true, "medicines": true}
	// doseRisks make a dose more than a routine.
	doseRisks = cAlcohol | cBigDose | cOpioid | cDepressant | cStimulant | cFentanyl | cDealer | cStockpile | cOverdose | cODSign
)

// markTrades masks the crisis words of other trades: a dealer of cards, cars
// or antiques ("I'm a croupier, a dealer on the blackjack tables") and a
// seizure of drugs by the police ("another big fentanyl seizure at the
// port"), with the drug it seized: nobody is taking it.
func markTrades(ts []token) {
	for i := range ts {
		switch ts[i].word {
		case "dealer", "dealers":
			if i > 0 && possessives[ts[i-1].word] {
				continue // "my dealer" is one's own
			}
			for j := max(i-6, 0); j < min(i+7, len(ts)); j++ {
				if ts[j].sentence == ts[i].sentence && dealerTrades[ts[j].word] {
					ts[i].concepts, ts[i].lemma = cMask, ""
					break
				}
			}
		case "seizure", "seizures":
			// "fentanyl seizure", "seizure of 40 kilos"
			goods := func(j int) bool {
				return j >= 0 && j < len(ts) && ts[j].clause == ts[i].clause && (seizedGoods[ts[j].word] || ts[j].concepts&drugs != 0)
			}
			if !goods(i-1) && !(i+1 < len(ts) && ts[i+1].word == "of" && (goods(i+2) || i+2 < len(ts) && isNumber(ts[i+2].word))) {
				continue
			}
			ts[i].concepts, ts[i].lemma = cMask, ""
			for _, j := range []int{i - 1, i + 2} {
				if goods(j) && ts[j].concepts&drugs != 0 {
					ts[j].concepts, ts[j].lemma = cMask, ""
				}
			}
		}
	}
}

// drugs are the concepts of a drug named.
const drugs = cSubstance | cOpioid | cFentanyl | cStimulant | cDepressant

var (
	// Not a car, a bike or a card: a drug dealer waits in a car and takes
	// cards (car dealers are masked as such).
	dealerTrades = set("croupier", "casino", "blackjack", "poker", "roulette", "baccarat", "cards", "dealership", "antique", "antiques",
		"coin", "coins", "stamp", "stamps", "vintage", "auction", "guitar", "guitars", "tractor", "tractors", "furniture", "scrap",
		"forecourt", "showroom")
	seizedGoods = set("drug", "drugs", "police", "customs", "border", "port", "record", "cash", "gun", "guns", "weapons", "cargo", "shipment", "kilo", "kilos", "tonne", "tonnes", "kg")
)

// markAbstinence reads a time without using, told by its negation ("I was
// not using for two years", "haven't touched it in 18 months", "didn't
// drink for a year"), as the break it is: tolerance is gone (SAMHSA), as
// after "two years clean".
func markAbstinence(ts []token) {
	for i, t := range ts {
		if t.concepts&cNeg == 0 || t.concepts&cMask != 0 {
			continue
		}
		j := i + 1
		for j < len(ts) && j <= i+3 && !abstained[ts[j].word] {
			j++
		}
		if j >= len(ts) || j > i+3 || ts[j].clause != t.clause {
			continue
		}
		span := j + 1 // "for", or after what was not used: "touched heroin in"
		for span < len(ts) && span <= j+3 && ts[span].clause == t.clause && !spanWords[ts[span].word] {
			span++
		}
		if span >= len(ts) || span > j+3 || ts[span].clause != t.clause {
			continue
		}
		// "Haven't had a holiday in years" is no break: a verb of any
		// object needs a drink or a drug for one.
		if takenObject[ts[j].word] && !slices.ContainsFunc(ts[j+1:span], func(o token) bool { return o.concepts&(drugs|cAlcohol) != 0 || usedThing[o.word] }) {
			continue
		}
		for k := span + 1; k < len(ts) && k <= span+3 && ts[k].clause == t.clause; k++ {
			if soberUnits[ts[k].word] || ts[k].word == "ages" {
				for m := span; m <= k; m++ {
					ts[m].concepts |= cBreak
				}
				break
			}
		}
	}
}

var (
	abstained = set("use", "using", "used", "touch", "touched", "touching", "drink", "drank", "drunk", "drinking", "take", "taking", "taken",
		"took", "smoke", "smoked", "smoking", "shoot", "shot", "shooting", "score", "scored", "had", "have")
	spanWords = set("for", "in", "since")
	// takenObject are the verbs of abstained that take any object.
	takenObject = set("had", "have", "take", "taking", "taken", "took", "touch", "touched", "touching")
	usedThing   = set("it", "any", "anything", "drop", "drink", "one", "gear", "stuff", "some")
)
