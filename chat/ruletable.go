package chat

import "lifeline"

// Concerns, as the rules name them.
const (
	kSuicide  = lifeline.ConcernSuicide
	kSelfHarm = lifeline.ConcernSelfHarm
	kOverdose = lifeline.ConcernOverdose // a risk of overdose; an overdose now is overdoseNow
	kDanger   = lifeline.ConcernDanger
	kUrge     = lifeline.ConcernUrge
)

// precedence orders the kinds when several rules fire: an overdose now is a
// medical emergency and is answered first; then suicide, self-harm, danger
// from someone else, a risk of overdose, and an urge.
var precedence = []string{overdoseNow, kSuicide, kSelfHarm, kDanger, kOverdose, kUrge}

// everydayCause is what an everyday hurt names after it: a household or
// workshop cause, an accident, its first aid ("burned my hand on the stove
// making pasta", "cut myself shaving", "ice and a plaster").
const everydayCause = "accident|accidentally|accidental|stove|hob|oven|pan|pans|tray|iron|straighteners|kettle|radiator|grill|bbq|barbecue|cooking|making|baking|shaving|glue|soldering|exhaust|toaster|steam|welding|chopping|brambles|gloves|stitches|plaster|ice"

// laughedOff are the words that laugh a threat off after it.
const laughedOff = "lol|lmao|lmfao|haha|hahaha|hehe|jk|joking|kidding|" + laughEmoji

// phq9Answered are the answers to a PHQ-9 item other than "not at all":
// a frequency, a score of 1 to 3, a yes.
const phq9Answered = "several|half|nearly|every|most|daily|often|=1|=2|=3|yes|sometimes"

// insuredThings are what a policy covers that is not a life: a claim on
// them is no death benefit weighed.
const insuredThings = "health|travel|car|pet|dental|contents|renters|preexisting|pre|claim|crash|flood|fire|theft|roof|boiler|phone"

// crisisRules are the layer's rules (see rule for the syntax). The sources
// of each group are in chat/crisisset/README.md.
var crisisRules = compileRules([]rule{
	// Suicide: 988 Lifeline and AFSP warning signs, the ASQ, the C-SSRS
	// screener and PHQ-9 item 9.
	{kind: kSuicide, name: "named", pattern: "@SUICIDE", topic: true},
	{kind: kSuicide, name: "wish-to-be-dead", pattern: "@WISH|ready|sure|enough|waiting ~4 @DIE"},
	// Sorry to have woken: "every morning I'm sorry I woke up".
	{kind: kSuicide, name: "sorry-to-wake", pattern: "sorry|disappointed|gutted|angry|upset|annoyed|sad ~2 i ~1 woke|woken|wake", without: "you|him|her|them|baby|kids|late|early|everyone|neighbours|neighbors|house"},
	{kind: kSuicide, name: "intent-not-to-wake", pattern: "@INTENT|@WISH|=use|=drink ~5 =not|never|dont|wont ~1 wake|come ~1 up|back"},
	{kind: kSuicide, name: "sleep-not-wake", pattern: "sleep ~4 =not|never|dont|wont|didnt ~1 wake", with: "@WISH|hope|pray|enough|sure"},
	// "I'd like to go to sleep one night and just stay there".
	{kind: kSuicide, name: "sleep-and-stay", pattern: "sleep ~6 stay|stayed ~1 there|asleep|under|forever", with: "@WISH|hope|pray", without: "till|until|noon|alarm|weekend|lie|lay|lunch"},
	{kind: kSuicide, name: "no-wish-to-live", pattern: "@NEG ~2 want|wanna|wish|deserve ~3 @LIFE"},
	{kind: kSuicide, name: "no-wish-to-wake", pattern: "@NEG ~1 want|wanna ~2 wake ~2 anymore|ever|again|tomorrow|up"},
	{kind: kSuicide, name: "burden", pattern: "@BURDEN ~5 me|i|im|dead|gone|myself|around", without: "@OTHER_SELF"},
	// "I'd be doing everyone a favour": the burden said as a kindness.
	{kind: kSuicide, name: "a-favour-to-all", pattern: "id|i ~2 be ~1 doing ~1 everyone|everybody|world|them|family ~2 favour|favor"},
	{kind: kSuicide, name: "burden-self", pattern: "@SELF|such|=just ~3 burden"},
	{kind: kSuicide, name: "unmissed", pattern: "nobody|noone|no|one ~3 miss|notice|care ~3 me|if|gone|disappeared|died|dead"},
	{kind: kSuicide, name: "waste", pattern: "waste ~1 space|oxygen|air"},
	{kind: kSuicide, name: "world-without-me", pattern: "world|everyone|everybody|family|kids ~4 better|happier|easier ~3 without ~3 me"},
	// Not a confinement of the everyday told as one: "trapped in this
	// meeting with no way out", "stuck in traffic, no way out of this hell".
	{kind: kSuicide, name: "hopeless", pattern: "@HOPELESS", firm: true,
		without: "meeting|meetings|traffic|queue|lecture|lesson|seminar|webinar|conference|presentation|spreadsheet|commute|covers|drill|lift|elevator|exam|exams|open plan|budget"},
	{kind: kSuicide, name: "no-future-self", pattern: "@NEG ~3 see|picture|imagine ~1 myself|me ~4 around|alive|here|future|living|older|making|next|year|birthday"},
	{kind: kSuicide, name: "better-if-gone", pattern: "fine|better|easier|happier|relieved|lighter|okay|ok|good ~6 if ~2 i ~2 wasnt|werent|was|were|wasn ~2 here|around|alive|gone|dead|born|there|anymore"},
	{kind: kSuicide, name: "better-without-me", pattern: "better|happier|easier|lighter|fine|relieved ~5 without ~2 me"},
	{kind: kSuicide, name: "deserve-better", pattern: "deserve|deserves ~2 better ~1 than ~1 me"},
	{kind: kSuicide, name: "hate-being-alive", pattern: "hate|sick|tired|done|exhausted ~3 being ~1 alive|here|me"},
	{kind: kSuicide, name: "join-the-dead", pattern: "@WISH|ready ~3 be|join|see ~1 with|them|him|her ~4 @OTHER|@FAMILY|grandma|grandpa|mom|dad|again|heaven", with: "passed|died|heaven|dead|lost|funeral|grave", anyTime: true},
	{kind: kSuicide, name: "method-question", pattern: "what|how ~6 happen|happens|kill|die|do ~6 took|take|swallowed|swallow|drank ~3 all|whole|entire|bottle|every", with: "@SUBSTANCE|@MEANS|pills|meds"},
	{kind: kSuicide, name: "no-point", pattern: "@NEG|whats|what|why|=point ~3 point|reason|bother ~4 @LIFE|anymore|anything|everything|trying|fighting|me|myself|existing|being"},
	{kind: kSuicide, name: "cant-keep-going", pattern: "@NEG ~3 keep ~1 going|living|on"},
	{kind: kSuicide, name: "not-here-for", pattern: "@NEG ~3 think ~1 ill|i|im ~2 be ~1 here|around|alive ~3 for|by|next|at|on|christmas|birthday|tomorrow|long|much"},
	{kind: kSuicide, name: "planned-out", pattern: "planned|plan ~3 out|all", with: "last|goodbye|@DIE|@FAREWELL|@MEANS|@HOPELESS"},
	{kind: kSuicide, name: "want-to-jump", pattern: "@WISH|@INTENT|ready ~2 jump|jumping $"},
	{kind: kSuicide, name: "tell-them-i-loved", pattern: "tell ~4 i ~1 loved|love|am|was|m ~1 sorry|her|him|them|you", with: "sorry|please|everything|goodbye|last|always|@TIME"},
	{kind: kSuicide, name: "vanished", pattern: "better|fine|easier|happier|relieved|lighter|okay|ok|good ~6 if ~3 i ~2 vanished|disappeared|died|vanish|disappear|die|gone|dead"},
	{kind: kSuicide, name: "counting-means", pattern: "count|counting|counted ~3 @MEANS|@SUBSTANCE", with: "enough|@DIE|ready|@TIME|all"},
	{kind: kSuicide, name: "method-ways", pattern: "look|looking|googled|google|search|searched|searching|research|researching|reading ~3 ways|way|methods ~3 die|kill|end|overdose|suicide|painless|painlessly|lethal|quick"},
	{kind: kSuicide, name: "better-not-existing", pattern: "better ~1 off ~3 @NEG ~1 existing|alive|here|born|around|living"},
	{kind: kSuicide, name: "if-i-died", pattern: "if ~2 i ~2 died|die|gone|disappeared|vanished|killed", with: "over|move|fine|better|relieved|care|notice|sad|cry|miss|happier|easier"},
	{kind: kSuicide, name: "farewell-then-silence", pattern: "sorry|love|loves|goodbye ~10 @NEG ~2 answer|answering|respond|responding|pick|picking|reach", other: true},
	{kind: kSuicide, name: "peaceful-to-die", pattern: "peaceful|peace|relief|relieving|nice|easier|better ~6 to ~3 @DIE"},
	{kind: kSuicide, name: "hope-not-to-survive", pattern: "hope|pray|wish ~3 @NEG ~1 make ~1 it"},
	{kind: kSuicide, name: "hope-not-to-wake", pattern: "hope|pray|wish ~3 @NEG ~1 survive|wake"},
	// A wish not to have survived, said now of an attempt or an overdose
	// past ("still wish I hadn't woken up", "wish I'd died back then"): the
	// wish is present, whenever its object was.
	{kind: kSuicide, name: "wish-had-not-survived", pattern: "=wish|=wishes|=wishing ~3 @NEG ~1 wake|woke|woken|waking|survive|survived|made|make|pulled", anyTime: true},
	// A wish that an illness, an accident or a sentence had taken one ("wish
	// the widowmaker had got me", "wish he'd given me the needle").
	{kind: kSuicide, name: "wish-it-had-taken-me", pattern: "=wish|=wishes|=wishing ~6 had|would|wouldve|hadve ~2 got|gotten|taken|killed|finished|given ~1 me", anyTime: true},
	// Asking God to take one now ("God, take me before sunrise").
	{kind: kSuicide, name: "god-take-me", pattern: "god|lord|jesus ~6 take|takes ~1 me",
		with: "sleep|tonight|before|home|already|please|wont|now|sunrise|morning|ready|done"},
	{kind: kSuicide, name: "wish-had-died", pattern: "=wish|=wishes|=wishing ~2 i|id ~1 had|would|have|just ~2 died|die|overdosed|gone|stayed", anyTime: true},
	// Burdensomeness said of a death: "would have been easier on everyone".
	{kind: kSuicide, name: "easier-on-everyone", pattern: "easier|better|simpler|lighter|kinder ~2 on|for|to ~1 everyone|everybody|them|all|family|kids|you", with: "@DIE|gone|dead|@BURDEN|@SUICIDE", anyTime: true},
	// Who will find the body, and when: "nobody has to find me till monday",
	// "left the landlord a key so someone finds me".
	{kind: kSuicide, name: "who-finds-me", pattern: "find|finds ~1 me ~1 till|until|first|before|tomorrow|@TIME|$", with: "nobody|noone|someone|somebody|@FAMILY|@OTHER|landlord|key|door|unlocked|days|week", noNeg: true},
	// Nothing, not even good news, makes one want to live.
	{kind: kSuicide, name: "nothing-makes-me-want-to-live", pattern: "nothing|none|@NEG ~4 make|makes|made ~2 me ~1 want|wanna ~3 @LIFE|alive|live|stay|around|here", topic: true},
	// A question asked "for me", or "because I have" the means: a
	// disclosure in a question's clothes (ASQ: a question about method).
	{kind: kSuicide, name: "asking-for-me", pattern: "asking|ask|asked ~2 for ~1 me|myself", with: "@DIE|@MEANS|@OVERDOSE|@SUICIDE|hanging|hang|jump|jumping|hurt|painful|painless|quick|drown|lethal", topic: true},
	{kind: kSuicide, name: "asking-because-i-have", pattern: "asking|ask ~3 i|ive|im ~1 have|got|keep|own|holding", with: "@MEANS|@OVERDOSE|@SUBSTANCE|pills|bottles|gun|rope", topic: true},
	// An accident welcomed: "a bus could hit me tomorrow and I'd say thank you".
	{kind: kSuicide, name: "accident-welcomed", pattern: "bus|car|truck|train|lorry|semi ~3 hit|hits|run|ran|took ~2 me ~8 thank|thanks|thankful|grateful|relief|relieved|glad|mind|welcome|fine", topic: true},
	{kind: kSuicide, name: "insurance", pattern: "better ~3 off|with ~6 insurance|benefit|payout|policy"},
	{kind: kSuicide, name: "not-much-longer", pattern: "@NEG|=not ~3 be ~2 problem|burden|around|here ~3 much|long|longer|soon|anymore"},
	{kind: kSuicide, name: "life-not-worth-it", pattern: "life|living|existing|existence ~2 @NEG ~1 worth"},
	{kind: kSuicide, name: "drive-off", pattern: "think|thinking|want|wanna|tempted|urge|imagine|@WISH|@INTENT ~4 drive|driving|drove|swerve|swerving|crash|crashing ~4 off|into|car|=in|over"},
	{kind: kSuicide, name: "death-as-relief", pattern: "@DIE ~4 easier|relief|peace|fix|answer|only|solution|nice|appealing|tempting|welcome|sweet"},
	{kind: kSuicide, name: "thinking-of-death", pattern: "think|thinking|thought|thoughts ~2 about|of ~2 @DIE|killing|ending"},
	{kind: kSuicide, name: "ending-it", pattern: "@WISH|@INTENT|think|thinking|keep|feel|for|from|about|of ~3 end|ending ~1 it|things|everything|myself"},
	// Reasons for living named as the last ones (the C-SSRS asks about them).
	{kind: kSuicide, name: "only-thing-stopping-me", pattern: "only ~2 thing|reason|things|reasons|one ~4 stop|stopping|keep|keeping|hold|holding|havent|here",
		with: "end|ending|done|it|alive|here|@DIE|@SUICIDE"},
	{kind: kSuicide, name: "decision-made", pattern: "made|peace|already ~3 decision|decided", with: "@FAREWELL|@DIE|@HOPELESS|@SUICIDE|@MEANS|calm|weight|handled|anymore|worry|plan|safety"},
	// PHQ-9 item 9 (thoughts of being better off dead or of hurting
	// oneself) answered with any frequency but "not at all": an answer
	// stated, not read between the lines, so the model never doubts it.
	{kind: kSuicide, name: "phq9-item9", pattern: "question|item|q|qn ~1 =9|nine ~6 " + phq9Answered, anyTime: true, firm: true},
	{kind: kSuicide, name: "phq9-item9-short", pattern: "=q9|=item9 ~6 " + phq9Answered, anyTime: true, firm: true},
	// A screening answer that names a method: "I've thought about the how. Hanging."
	{kind: kSuicide, name: "the-how", pattern: "thought|thinking|think|figured ~2 about|out ~1 the ~1 how"},
	{kind: kSuicide, name: "how-then-method", pattern: "=how $ hanging|hang|pills|jumping|jump|gun|drowning|drown|overdose|overdosing|rope"},
	{kind: kSuicide, name: "know-how-now", pattern: "know ~1 how ~1 now|$", with: "researched|research|googled|decided|plan|ready|@DIE|@MEANS|@SUICIDE"},
	// Means weighed against each other ("does a rope hold better than a
	// belt"): the C-SSRS's method, asked as a comparison.
	{kind: kSuicide, name: "means-compared", pattern: "rope|belt|cord|noose ~3 better|stronger|hold|holds|safer ~4 than|or ~2 rope|belt|cord|noose"},
	// Oneself as something to delete ("how do you delete your whole self").
	{kind: kSuicide, name: "delete-self", pattern: "delete|erase|uninstall|unalive ~3 myself|yourself|self"},
	// An attempt not finished ("still might finish what I started").
	{kind: kSuicide, name: "finish-what-started", pattern: "finish|finishing ~2 what ~2 started|start",
		with: "@DIE|@MEANS|@HOPELESS|@FAREWELL|tried|attempt|hanging|hang|last|find|found"},
	{kind: kSuicide, name: "rope-and-knots", pattern: "rope|cord|belt|noose ~8 knot|knots|beam|rafter|hook|ceiling"},
	{kind: kSuicide, name: "no-wish-to-surface", pattern: "@NEG ~1 want|wanna ~2 come ~1 up $"},
	{kind: kSuicide, name: "give-up-on-life", pattern: "give ~1 up ~4 on ~1 life|everything|living"},
	{kind: kSuicide, name: "method-research", pattern: "how ~1 many|much ~5 @SUBSTANCE|@MEANS ~8 kill|die|enough|lethal|fatal|overdose|dead|wake|dangerous|painful|drift|work"},
	{kind: kSuicide, name: "researched", pattern: "googling|googled|google|researched|research|researching|searched|searching|looked|looking|reading|read|checking ~6 painless|lethal|dose|how|ways|way|method|methods|which",
		with: "@DIE|@MEANS|@SUICIDE|@OVERDOSE|painless|lethal|wake|know"},
	{kind: kSuicide, name: "dangerous-in-quantity", pattern: "which|what ~4 @MEANS|@SUBSTANCE ~6 dangerous|lethal|fatal|enough|work", with: "@SELF|certain|sure|quantity|many"},
	{kind: kSuicide, name: "noose", pattern: "noose", topic: true},
	{kind: kSuicide, name: "day-picked", pattern: "picked|chose|chosen|set|pick ~2 day|date|time|spot|place|night", with: "@MEANS|@DIE|@FAREWELL|@HOPELESS|@PREP|rope|goodbye|ready"},
	// A time chosen, said after it ("I have a date picked"), beside a
	// preparation, a goodbye or a means, or kept from those who would stop it.
	{kind: kSuicide, name: "day-picked-after", pattern: "day|date|night|time ~1 picked|chosen|set|decided", with: "@MEANS|@DIE|@FAREWELL|@HOPELESS|@PREP|@NEG|rope|goodbye|ready"},
	// A lethal means acquired whose purpose is withheld or denied ("bought
	// rope today. not for anything normal", "a length of hose"): the C-SSRS's
	// preparatory behaviour, without a word of suicide.
	{kind: kSuicide, name: "means-acquired", pattern: "bought|buy|buying|purchased|ordered ~4 rope|hose|handgun|gun|pistol|revolver|rifle|shotgun|noose|bullets|ammo|charcoal",
		with: "@NEG|@FAREWELL|@HOPELESS|=me|say|saying", firm: true},
	// A deadline set for living ("I'm giving it till friday", "I gave myself
	// until my birthday") beside what it waits on or ends.
	{kind: kSuicide, name: "deadline", pattern: "giving|gave|give ~2 it|myself|life|things ~2 till|until|til|to ~3 @TIME|birthday|anniversary|christmas|end|then",
		with: "better|@HOPELESS|@DIE|@LIFE|@FAREWELL|@NEG"},
	// Following the last reason for living: "when she goes, I go".
	{kind: kSuicide, name: "when-they-go-i-go", pattern: "when|once|after ~4 goes|dies|die|gone|passes|dead $ i|im|ill ~1 go|going|follow|following|too|done"},
	// A method worked out and withheld: "I've figured out how".
	{kind: kSuicide, name: "figured-out-how", pattern: "figured|worked ~1 out ~1 how|when|where $"},
	{kind: kSuicide, name: "be-on-the-tracks", pattern: "@INTENT ~3 on|in|at|off ~2 tracks|rails|bridge|ledge|roof|overpass|crossing|platform"},
	{kind: kSuicide, name: "wake-disappointed", pattern: "disappointed|hate|worst|dread|dreading|sad|upset|annoyed|angry ~4 wake|woke|waking|woken|morning"},
	{kind: kSuicide, name: "waking-is-worst", pattern: "wake|woke|waking|woken ~4 worst|disappointed|disappointing|dread"},
	// Waking regretted after it: "every morning I wake up and I'm angry that
	// I did", "woke up again, gutted I'm still here".
	{kind: kSuicide, name: "waking-regretted", pattern: "wake|woke|waking|woken ~6 angry|sorry|disappointed|gutted|annoyed|upset|mad|furious|pissed|raging ~3 =did|=do|woke|woken|survived|here|alive $", without: "alarm|lie|snooze|early|late|noise|neighbours|neighbors|baby|dog|cat", firm: true},
	{kind: kSuicide, name: "preparation", pattern: "@PREP", with: "@DIE|@FAREWELL|@HOPELESS|@SUICIDE|@MEANS|@BURDEN|sorry|decided|goodbye|gone|=last|quiet|weirdly|suddenly|strangely|eerily|oddly"},
	// "I'd use the gun": "use the" is masked as everyday talk ("use the app").
	{kind: kSuicide, name: "means-to-use", pattern: "id|ill|would|gonna|plan ~3 gun|rope|noose|cord|belt|blade|razor|shotgun|pistol|rifle"},
	{kind: kSuicide, name: "hope-for-a-crash", pattern: "hope|wish|pray ~4 crash|crashes|accident|hit|struck", with: "@DIE|over|end"},
	{kind: kSuicide, name: "better-i-die", pattern: "better ~2 @SELF ~2 @DIE|gone"},
	{kind: kSuicide, name: "tried-with", pattern: "tried|attempted|try ~4 with ~2 @MEANS|cord|belt|rope"},
	{kind: kSuicide, name: "jump-off", pattern: "@INTENT|@WISH|think|thinking|thought ~3 jump|jumping ~1 off|from|out|in"},
	{kind: kSuicide, name: "thinking-of-a-method", pattern: "think|thinking|thought|thinkin ~2 about|of|bout ~1 jump|jumping|drowning|hanging|crashing|overdosing|doing ~1 it", with: "@DIE|@MEANS|@SUICIDE|@HOPELESS"},
	{kind: kSuicide, name: "not-survive", pattern: "sure|ensure|enough|certain ~4 @NEG ~1 survive|wake|make"},
	{kind: kSuicide, name: "list-of-ways", pattern: "list ~2 of ~1 ways|methods"},
	{kind: kSuicide, name: "before-i-end-it", pattern: "before|when|after|until ~2 i ~2 end|ending ~1 it|things|everything|myself"},
	{kind: kSuicide, name: "go-to-join", pattern: "go|going|ready ~2 to ~1 join|meet|see", with: "@TIME|goodbye|ready|@DIE|heaven"},
	{kind: kSuicide, name: "called-home", pattern: "calling|call|called ~1 me ~1 home", with: "ready|god|higher|lord|heaven|power|jesus"},
	{kind: kSuicide, name: "method-search", pattern: "look|looking|googled|google|search|searched|searching|research|researching ~3 how ~1 many|much"},
	{kind: kSuicide, name: "easiest-way", pattern: "painless|quickest|quick|easiest|easy|fastest|best ~1 way|ways|method ~3 die|dying|end|kill|suicide|overdose|go|drift"},
	{kind: kSuicide, name: "how-high", pattern: "how ~1 high|far ~5 bridge|building|roof|jump|fall|drop"},
	{kind: kSuicide, name: "means-stockpiled", pattern: "@STOCKPILE ~4 @MEANS|@SUBSTANCE", without: "recycling|recycle|recycled|takeback|incinerated|incinerate|disposal|dispose|disposed"},
	// Medicines kept instead of handed back: "keeping the old blister packs
	// in a shoebox instead of taking them back to the chemist" (AFSP:
	// hoarding medicine). Collected for the recycling or the take-back
	// (means-stockpiled's without), they are on their way out.
	{kind: kSuicide, name: "kept-not-returned", pattern: "@STOCKPILE|keep|keeping|kept|holding|hold ~8 instead|rather ~2 of|than ~3 take|taking|return|returning|hand|handing|bin|binning|flush|flushing|dispose|disposing|give|giving",
		with: "@MEANS|@SUBSTANCE|@OVERDOSE|pills|tablets|packs|patches|meds|medication|medicine|prescription|prescriptions"},
	// Arrangements listed as done beside a means: "my little collection of
	// tablets is complete. cat sorted, will sorted. saturday."
	{kind: kSuicide, name: "arrangements-done", pattern: "cat|cats|dog|dogs|pet|pets|will|kids|bills|passwords|affairs|insurance ~1 sorted|arranged|handled|settled|squared",
		with: "@MEANS|@STOCKPILE|@FAREWELL|@DIE"},
	{kind: kSuicide, name: "means-saved", pattern: "@MEANS|@SUBSTANCE ~3 @STOCKPILE"},
	// Doses kept back instead of taken, put away somewhere ordinary: "stopped
	// taking my antidepressants and started saving them in a jar", "I'll
	// have enough by the end of the month" (the 988 list's stockpiling).
	{kind: kSuicide, name: "doses-put-away", pattern: "@STOCKPILE|hiding|stashing ~4 in|into|under|inside ~3 jar|drawer|sock|socks|tin|envelope|box|bottle|pot|shoebox|pillowcase|it",
		with: "@MEANS|pills|tablets|meds|antidepressants|doses|dose|sleepers|painkillers|instead", firm: true},
	// A lethal means one's work gives, taken for oneself: "nurse. the
	// morphine's in my bag. it's for me", "took it for me".
	{kind: kSuicide, name: "means-for-me", pattern: "its|took|it|kept|keeping|taking ~1 for ~1 me|myself $",
		with: "@MEANS|@OPIOID|euthanasia|morphine|fentanyl|pentobarbital|insulin|ketamine|pills|tablets|gun|rope", without: "prescribed|prescription|script|surgery|doctor|gp|pain|pharmacist|dentist"},
	{kind: kSuicide, name: "enough-by", pattern: "have|got|be|had ~1 enough ~3 by|soon|@TIME", with: "@MEANS|pills|tablets|meds|antidepressants|doses|sleepers|painkillers|@STOCKPILE"},
	// At a height and not wanting to come down: "I'm at the top of the
	// quarry now and I don't want to go back down".
	{kind: kSuicide, name: "not-coming-down", pattern: "@NEG ~1 want|wanna|planning|going ~3 come|go|climb|get|walk ~2 down",
		with: "top|edge|roof|rooftop|bridge|ledge|cliff|cliffs|quarry|height|parapet|railing|overpass|multistorey"},
	{kind: kSuicide, name: "means-at-hand", pattern: "i|ive|im|id ~3 bought|buy|got|get|have|holding|hold|loaded|load ~4 rope|noose|gun|pistol|rifle|shotgun|bullet|bullets"},
	{kind: kSuicide, name: "means-place", pattern: "stand|standing|stood|sit|sitting|sat|drove|drive|driving|walk|walking|went|climb|climbing|parked ~4 bridge|roof|rooftop|ledge|cliff|tracks|edge",
		with: "@DIE|@HOPELESS|@FAREWELL|@SUICIDE|@NOW|think|thinking|calling|hour|hours|jump|staring|down|tonight"},
	// A means taken out and sat with, a while (the C-SSRS's aborted or
	// interrupted attempt, told as a chore: "loaded it and sat with it a
	// while and put it back"); not a hunting trip's "sat in the blind".
	{kind: kSuicide, name: "means-sat-with", pattern: "sat|sit|sitting ~4 with ~1 it", with: "@WEAPON|loaded|shotgun|rope|noose|blade|razor|cord|belt", firm: true},
	// An attempt aborted, said as losing one's nerve ("took my seatbelt off
	// before the curve and sped up. Chickened out at the last second").
	{kind: kSuicide, name: "aborted", pattern: "chickened|chicken|bottled|backed|lost ~1 out|my ~1 nerve|out", with: "@MEANS|@DIE|@SUICIDE|seatbelt|trigger|curve|edge|drop|sped|speed|cliff|jump"},
	// A wish that an accident would fall on one ("praying for the tractor
	// to roll on me").
	{kind: kSuicide, name: "wish-for-accident", pattern: "pray|praying|prayed|hope|hoping|wish|wishing ~6 roll|rolls|fall|falls|crush|crushes|run|runs|land|lands|flip|flips ~1 on|over ~1 me"},
	// Not living to a season, and made sure of it.
	{kind: kSuicide, name: "not-make-it-to", pattern: "@NEG ~2 make ~1 it ~1 to|till|until|through|past ~2 @TIME|spring|summer|winter|fall|autumn|christmas|birthday|thanksgiving|easter|new",
		with: "sure|already|@PREP|@MEANS|@DIE|@FAREWELL|@HOPELESS"},
	// One round is all it takes: "Bought shells. Only need one."
	{kind: kSuicide, name: "only-need-one", pattern: "only|just ~2 need|needs|take|takes ~1 one $", with: "@MEANS|@WEAPON|shells|shell|bullet|bullets|round|rounds|ammo|cartridge"},
	// A method's quality asked about: "would a fall from the 9th floor be
	// quick?"
	{kind: kSuicide, name: "method-quality", pattern: "fall|jump|drop|@MEANS ~8 quick|painless|instant|instantly|fatal|lethal|survivable", with: "@QUESTION"},
	// The next attempt foretold: "I won't be lucky next time", "do it
	// right next time".
	{kind: kSuicide, name: "next-time", pattern: "@NEG ~3 lucky|survive|wake|fail|miss|mess|screw ~3 next ~1 time", anyTime: true},
	// A time chosen, the act withheld: "house is empty at 6 when he leaves
	// for work. thats when".
	{kind: kSuicide, name: "time-withheld", pattern: "thats|thatll|then ~1 when $", with: "@ALONE|empty|leaves|leave|gone|asleep|away|alone"},
	// The same with the time said first and the act left out: "I lied to
	// him. Tuesday, when he's at school."
	{kind: kSuicide, name: "time-alone-withheld", pattern: "@TIME ~1 when|while|once|after ~4 school|work|asleep|sleeping|gone|away|out|leaves|left|empty $",
		with: "lied|lie|lying|pretend|pretending|@FAREWELL|@DIE|@MEANS|@HOPELESS|@PREP|@BURDEN"},
	// A plan a story gave, its content withheld: "that bridge documentary
	// gave me my plan. Saturday."
	{kind: kSuicide, name: "plan-given", pattern: "gave|give|gives|given ~2 my|a|the ~1 plan|idea $", with: "@MEANS|@DIE|@SUICIDE|@HOPELESS"},
	{kind: kSuicide, name: "time-withheld-named", pattern: "thats|thatll ~1 the ~1 time|day|night|window|moment $", with: "@ALONE|empty|leaves|leave|gone|asleep|away|alone"},
	// A method learnt from an attempt survived: "woke up in ICU furious. I
	// know the right dose now", "I know where a taller one is now".
	{kind: kSuicide, name: "method-known", pattern: "know|knew|found|figured ~3 right|exact|lethal|taller|higher ~1 dose|amount|spot|height|one|bridge|building",
		with: "@DIE|@MEANS|@OVERDOSE|icu|attempt|survived|woke|jump|hospital", anyTime: true},
	// A whole supply named as taken or to be taken: "did it. whole bottle.
	// scared", "whole bottle this time."
	{kind: kSuicide, name: "whole-supply", pattern: "whole|entire ~1 bottle|pack|packet|box|strip", with: "did|scared|sorry|goodbye|bye|took|swallowed|time", notRecent: true},
	// A death benefit weighed against oneself: a policy's suicide exclusion
	// checked or passed, a payout as the only way out.
	{kind: kSuicide, name: "policy-pays-out", pattern: "policy|insurance|service ~3 paying|pays|pay|payout", with: "only|exclusion|clause|worth|cause|beneficiary|certain|full", without: insuredThings},
	{kind: kSuicide, name: "past-the-exclusion", pattern: "past|passed|over|after|beyond|through ~4 exclusion|contestability|clause", with: "policy|insurance|checked|year|years|months", without: insuredThings},
	{kind: kSuicide, name: "exclusion-over", pattern: "exclusion|contestability|clause ~4 finished|over|passed|done|expired|ended|gone", with: "policy|insurance|checked|year|years|months", without: insuredThings},
	// A life-sustaining treatment stopped in secret or as a kindness
	// ("skipped dialysis … told the unit I'm on holiday … cheaper for
	// everyone"), which AFSP counts among the ways a plan is told.
	{kind: kSuicide, name: "treatment-stopped", pattern: "stopped|stopping|stop|skipped|skipping|skip|cancelled|canceled|cancelling|missing|quit|quitting ~4 dialysis|insulin|antirejection|rejection|transplant|sessions|machine",
		with: "@BURDEN|@FAREWELL|@PREP|@DIE|@HOPELESS|@COVER|nobody|noone|secret|quietly|tidy|kinder|cheaper|sparing|spare"},
	// Worth more dead: a death benefit weighed against oneself.
	{kind: kSuicide, name: "worth-more-dead", pattern: "worth ~2 more|most ~2 dead|gone|@DIE"},
	// The same told the other way round: "next time I won't screw it up",
	// "next time I'll do it right".
	{kind: kSuicide, name: "next-time-foretold", pattern: "next ~1 time ~3 i|ill|id|im|it|itll ~2 @NEG ~3 lucky|survive|wake|fail|miss|mess|screw|chicken|stop|hesitate|bottle|botch", anyTime: true},
	{kind: kSuicide, name: "next-time-right", pattern: "next ~1 time ~3 i|ill|id|im ~4 right|properly|sure|finish|enough", with: "@OVERDOSE|@SUICIDE|@DIE|@MEANS|tried|attempt|woke|survived|lucky|work|worked", anyTime: true},
	{kind: kSuicide, name: "right-next-time", pattern: "right|properly ~2 next ~1 time", with: "@OVERDOSE|@SUICIDE|@DIE|@MEANS|tried|attempt|woke|survived|lucky", anyTime: true},
	// A rehearsal (the C-SSRS's preparatory behaviour and interrupted
	// attempt): "been practising. got as far as the chair", "rehearsed it
	// with the belt".
	{kind: kSuicide, name: "rehearsal", pattern: "practising|practicing|practised|practiced|rehearsing|rehearse|rehearsed|rehearsal",
		with: "chair|stool|knot|knots|noose|beam|ledge|railing|@MEANS|@DIE|@SUICIDE", without: "sailing|sail|boat|climbing|climb|scouts|scout|course|class|lesson|lessons|bowline|bowlines|hitch|hitches|splice|camping|macrame", firm: true},
	{kind: kSuicide, name: "got-as-far-as", pattern: "got|made|went|go|get ~1 as|so ~1 far ~1 as ~3 chair|stool|knot|knots|noose|beam|ledge|railing|rail|@MEANS", firm: true},
	// A goodbye said "in case": "told both my kids I love them today in
	// case they need to remember it".
	{kind: kSuicide, name: "love-in-case", pattern: "told|tell|telling|said|say|texted|hugged|called ~6 love|loved ~6 in ~1 case", with: "remember|need|last|goodbye|@FAREWELL|@PREP|@HOPELESS|@DIE|@MEANS"},
	// Means checked on coming home, still there: "home from the hospital
	// and the first thing i did was check if the pills were still in the
	// drawer. they missed them."
	{kind: kSuicide, name: "means-still-there", pattern: "check|checked|checking|looked|look ~6 @MEANS|pills|gun|rope|stash ~4 still", with: "hospital|discharged|ward|psych|missed|er|icu|took|search|searched|they", anyTime: true, firm: true},
	{kind: kSuicide, name: "means-in-hand", pattern: "@HOLD|hand ~4 pill|pills|gun|rope|razor|blade|noose", with: "hour|hours|while|long|staring|thinking|count|counting|@DIE|@HOPELESS"},
	{kind: kSuicide, name: "means-calling", pattern: "bridge|roof|tracks|lake|river|gun|pills|rope ~3 calling|call"},
	{kind: kSuicide, name: "means-staring", pattern: "stare|staring|look|looking ~4 @MEANS", with: "think|thinking|it|want|keep|tonight|lately|lot|again|hours|@DIE"},
	{kind: kSuicide, name: "jump", pattern: "jump|jumping|step|stepping|throw ~3 off|from|front|into ~3 bridge|train|building|roof|cliff|traffic|car|tracks|bus|truck"},
	{kind: kSuicide, name: "crash", pattern: "crash|drive|wreck|steer|drove ~4 car|truck ~4 into|purpose|off|tree|wall"},
	{kind: kSuicide, name: "drown", pattern: "walk|walking|drive|swim|swimming ~3 into ~3 lake|river|ocean|sea|traffic|water"},
	{kind: kSuicide, name: "car-exhaust", pattern: "garage ~6 engine|car ~2 running"},
	// Carbon monoxide from a car: a hose to the exhaust, fitted or bought.
	{kind: kSuicide, name: "exhaust-hose", pattern: "hose|tube|tubing|pipe ~5 exhaust|tailpipe", topic: true},
	{kind: kSuicide, name: "exhaust-hose-after", pattern: "exhaust|tailpipe ~5 hose|tube|tubing", topic: true},
	// A means tested: "the beam holds my weight".
	{kind: kSuicide, name: "weight-tested", pattern: "hold|holds|held|take|takes|took|support|supports ~2 my ~1 weight", with: "rope|beam|branch|hook|rail|belt|cord|ceiling|rafter|tree|@MEANS"},
	{kind: kSuicide, name: "overdose-wished", pattern: "@WISH|@INTENT|try|trying ~3 overdose"},
	{kind: kSuicide, name: "take-everything", pattern: "@WISH|@INTENT|think|thinking|considering ~3 take|swallow|use|shoot|drink ~4 all|every|everything|whole|entire|enough|until",
		with: "@DIE|done|end|over|forever|enough|never|back|tonight"},
	{kind: kSuicide, name: "use-to-death", pattern: "drink|use|drank|shoot|smoke ~1 myself ~2 death|dead|die"},
	{kind: kSuicide, name: "plan", pattern: "have|got|made|make ~2 plan ~4 date|time|when|how|tonight|day|way"},
	{kind: kSuicide, name: "how-i-would", pattern: "how ~3 would|could|will|id|ill|to|gonna ~2 do ~1 it", with: "think|thinking|know|figured|planned|@MEANS|@DIE"},
	{kind: kSuicide, name: "decided", pattern: "decided|decide|mind ~8 @TIME|do|ready|time|goodbye|it"},
	{kind: kSuicide, name: "decided-done", pattern: "decided|decide ~3 done", with: "thank|goodbye|sorry|love|@FAREWELL|@DIE"},
	{kind: kSuicide, name: "going-to-do-it", pattern: "@INTENT ~2 do ~1 it", with: "decided|plan|ready|time|finally|really|@MEANS|@DIE|@FAREWELL|@PREP|@SUICIDE|@HOPELESS"},
	{kind: kSuicide, name: "the-night", pattern: "@TIME ~2 the ~1 night|day", with: "decided|mind|ready|@MEANS|@DIE|@FAREWELL|@HOPELESS|calling|hung"},
	{kind: kSuicide, name: "attempt", pattern: "started|tried|try|almost|attempted ~2 to ~1 do ~1 it", with: "stop|stopped|next|again|work|@MEANS|@DIE"},
	{kind: kSuicide, name: "giving-away", pattern: "give|gave|giving ~3 away|my", with: "wont|need|@FAREWELL|@DIE|ready|order|after|care|home", without: clearOutReasons},
	// Possessions given away with no need of them left and no reason told:
	// "gave my xbox and my good trainers to my little cousin today. he was
	// so happy lol. i wont be needing them" (AFSP: giving away prized
	// possessions). With a reason ("won't need it in Spain", "turns out I'm
	// gluten intolerant", a move, a diagnosis) it is an ordinary clear-out.
	{kind: kSuicide, name: "no-need-left", pattern: "wont|=not|never ~2 need|needing|using|playing|wearing|riding ~2 it|them|those|this|that|anymore|again $",
		with: "give|gave|giving|given|pass|passing|passed|selling|sold|rehome|rehoming|rehomed|yours|anyone|away|@PREP", reach: 2,
		without: clearOutReasons},
	// A pet or a child's care settled for a time after: "found a good home
	// for my dog", "I don't want him alone after" (AFSP: putting affairs in
	// order, giving away possessions).
	{kind: kSuicide, name: "pet-rehomed", pattern: "home|homes|owner|owners|family ~2 for ~2 dog|dogs|cat|cats|pet|pets|puppy|kitten|bird|birds|horse",
		with: "@FAREWELL|@DIE|@PREP|@HOPELESS|@BURDEN|@COVER|lie|lied|lying|pretend|pretending|gone|ready"},
	{kind: kSuicide, name: "pet-rehomed-2", pattern: "rehome|rehomed|rehoming|rehomes ~3 dog|dogs|cat|cats|pet|pets|puppy|kitten|bird|birds|horse",
		with: "@FAREWELL|@DIE|@PREP|@HOPELESS|@BURDEN|lie|lied|lying|pretend|pretending|gone|ready"},
	// A pet given a new home, and a cover told for it given away: "found
	// my dog a new home. told them I'm moving. I'm not".
	{kind: kSuicide, name: "pet-new-home", pattern: "dog|dogs|cat|cats|pet|pets|puppy|kitten|bird|birds|horse ~3 a|new ~1 home|owner|owners|family",
		with: "@FAREWELL|@DIE|@PREP|@HOPELESS|@BURDEN|@COVER|lie|lied|lying|pretend|pretending|ready"},
	// A pet left for a stay and not to be collected: "dropped the dog at my
	// ex's 'for the weekend'. I'm not planning on picking him up."
	{kind: kSuicide, name: "pet-not-collected", pattern: "@NEG ~3 picking|pick|collecting|collect|fetching|fetch ~1 him|her|them|it ~1 up|back $",
		with: "dog|dogs|cat|cats|pet|pets|puppy|kitten|bird|birds|horse|rabbit|hamster"},
	// A cover story for going away, given away: "I told her I'm going into a
	// home. I am not going into a home", "told her I got a job out of state.
	// there's no job".
	{kind: kSuicide, name: "cover-story", pattern: "told|tell|telling|said|think|thinks|thought ~6 moving|move|job|work|trip|away|home|vacation|holiday|leaving|going|state|town|visit|visiting|retiring|retire|overseas|abroad|travelling|traveling", with: "@COVER", firm: true},
	{kind: kSuicide, name: "cared-for-after", pattern: "alone|cared|provided|sorted ~2 after $", noNeg: true},
	// Preparation for an "after" left unnamed ("don't want anybody stuck
	// with my loose ends after", "passwords written down for after").
	{kind: kSuicide, name: "prepared-for-after", pattern: "@PREP ~6 after|afterwards|afterward $"},
	// Debts paid and borrowed things returned, "closing up shop for good":
	// affairs put in order without naming them.
	{kind: kSuicide, name: "closing-up", pattern: "closing|close|wrapping|wrap|tying|tie|shutting|shut ~2 up|down|off ~3 for ~1 good"},
	{kind: kSuicide, name: "loose-ends", pattern: "tying|tie|tied|tidying ~2 up ~2 loose ~1 ends", with: "@PREP|@FAREWELL|@DIE|@HOPELESS|returned|paid|gave|given|last|ready"},
	{kind: kSuicide, name: "affairs", pattern: "everything|affairs|things ~2 in ~1 order", with: "sure|ready|@DIE|@FAREWELL|will|dog|cat|paid|now"},
	{kind: kSuicide, name: "will", pattern: "updated|wrote|made|write|update ~2 will", with: "ready|paid|@FAREWELL|@DIE|order"},
	{kind: kSuicide, name: "note", pattern: "wrote|write|writing|left|leave|wrote ~4 note|letter|letters|goodbye",
		with: "sorry|love|goodbye|last|forgive|kids|table|why|explaining|explain|@DIE|@FAREWELL|@SUICIDE|head"},
	{kind: kSuicide, name: "farewell", pattern: "@FAREWELL"},
	{kind: kSuicide, name: "goodbye", pattern: "goodbye|bye ~4 everyone|everybody|kids|family|world|forever|all"},
	{kind: kSuicide, name: "goodbye-for-real", pattern: "goodbye|bye ~2 for ~1 real"},
	{kind: kSuicide, name: "goodbye-thanks", pattern: "thank ~1 you ~1 for ~1 everything ~3 goodbye|bye"},
	{kind: kSuicide, name: "calm-decided", pattern: "calm|peace|peaceful ~5 decided"},
	{kind: kSuicide, name: "unsafe-with-self", pattern: "keep|stay|trust ~1 myself|safe", with: "@NEG|scared|afraid"},
	{kind: kSuicide, name: "scared-of-self", pattern: "scared|afraid|terrified ~2 of ~1 myself|what"},
	{kind: kSuicide, name: "taken-in-sleep", pattern: "pray|hope|wish ~5 take|takes ~1 me"},
	{kind: kSuicide, name: "struck-by", pattern: "hit|hits|struck ~2 by ~2 car|bus|truck|train", with: "relieved|fine|glad|ok|okay|good|mind|better|wish|hope"},
	{kind: kSuicide, name: "wouldnt-mind", pattern: "wouldnt|would|=not ~1 mind|care ~5 car|bus|truck|train|die|dead|wake|gone|hit"},
	{kind: kSuicide, name: "end-pain", pattern: "want|wish|need ~3 everything|it|pain|all|this ~3 over|end|stop", with: "everything|forever|good|permanently|pain|all"},
	{kind: kSuicide, name: "for-good", pattern: "@DIE|end|stop|over ~2 permanently|forever"},
	{kind: kSuicide, name: "for-good-2", pattern: "@DIE|end|stop|over ~2 for ~1 good"},
	{kind: kSuicide, name: "unless-i", pattern: "never ~3 stop ~1 unless"},
	{kind: kSuicide, name: "not-afraid-to-die", pattern: "@NEG ~2 scared|afraid ~2 of ~1 die|dying|death"},
	{kind: kSuicide, name: "out-of-life", pattern: "want|wanna ~1 out ~2 of ~2 life"},
	{kind: kSuicide, name: "grave-soon", pattern: "coffin|grave ~3 soon|tonight|ready|me|waiting"},

	// Self-harm: 988 Lifeline, AFSP.
	{kind: kSelfHarm, name: "named", pattern: "@SELF_HARM", topic: true},
	// An everyday hurt names its cause after it ("burned my hand on the stove
	// making pasta", "cut myself shaving"): a household or workshop cause in
	// the clause or after it silences the two plain rules below.
	{kind: kSelfHarm, name: "hurting-self", pattern: "@HARM ~3 myself|@OTHER_SELF", without: everydayCause},
	{kind: kSelfHarm, name: "hurting-my-body", pattern: "@HARM ~2 my ~1 @BODY", without: everydayCause},
	{kind: kSelfHarm, name: "wall-until-blood", pattern: "@HARM ~4 wall|door ~5 bleed|bled|blood|bruise|broke"},
	{kind: kSelfHarm, name: "make-myself", pattern: "make|making ~1 myself ~2 bleed|throw|hurt|pay|suffer|sick"},
	{kind: kSelfHarm, name: "wish-to-hurt", pattern: "@WISH|@INTENT|urge|urges|need|itch ~3 cut|burn|bleed|hurt|harm|slit|carve", without: "@RESISTED"},
	{kind: kSelfHarm, name: "blade", pattern: "i|ive|im|my|think|thinking|keep ~4 razor|blade|blades", with: "hand|out|drawer|think|thinking|keep|@WISH|@NOW|cut"},
	{kind: kSelfHarm, name: "wounds", pattern: "fresh|deep|deeper|new ~2 cut|cuts|wounds|scars"},
	{kind: kSelfHarm, name: "wounds-worse", pattern: "=cuts|wounds|scars ~4 deep|deeper|worse|bleeding|infected"},
	{kind: kSelfHarm, name: "too-deep", pattern: "cut|cuts ~3 too ~1 deep"},
	{kind: kSelfHarm, name: "reopen", pattern: "open|reopen ~3 them|scars|cuts|wounds ~2 again|up"},
	{kind: kSelfHarm, name: "feel-pain", pattern: "need|want ~3 feel ~1 pain|something"},
	// Harm taken up again: "started again this week. fresh ones every
	// night" (not "the leak started again"), "back to cutting".
	{kind: kSelfHarm, name: "again", pattern: "=cutting|=cut|=burning|=carving|started ~1 again|cutting|burning",
		with: "@HARM|@SELF_HARM|@BODY|fresh|blade|blades|razor|scratch|scratching|marks|blood|bleed|bleeding|scars|wounds|ones", firm: true},
	// Harm again after years: "tonight I cut for the first time since I was
	// a teenager" (the years before it are not its past).
	{kind: kSelfHarm, name: "first-time-since", pattern: "=cut|=cutting|=burned|=burnt|=burning|=harmed|=scratched|@SELF_HARM ~1 for ~1 the ~1 first ~1 time ~1 since|in", without: everydayCause, anyTime: true, firm: true},
	{kind: kSelfHarm, name: "back-to-harm", pattern: "back ~1 to|on ~1 =cutting|=burning|=scratching|=harming|=hurting"},
	{kind: kSelfHarm, name: "harm-to-cope", pattern: "calm|calms|help|helps|relief|relieve|only ~6 =cutting|=burning|hurting|harming"},
	{kind: kSelfHarm, name: "blade-to-body", pattern: "razor|blade|knife|lighter|glass|scissors ~3 to|on|into ~1 my ~1 @BODY"},
	{kind: kSelfHarm, name: "hair", pattern: "pull|pulling ~3 hair ~1 out"},
	{kind: kSelfHarm, name: "blade-out", pattern: "razor|blade|blades|knife ~3 out|ready|hand", with: "cut|cutting|need|urge|@HARM|@SELF_HARM"},
	{kind: kSelfHarm, name: "on-purpose", pattern: "@HARM ~10 on ~1 purpose"},
	{kind: kSelfHarm, name: "until-it-bleeds", pattern: "@HARM ~8 till|until|til ~3 bleed|bled|blood|bleeding|bruise|bruised|burns|blister|blistery|marks|purple"},
	// Harm named as a way of coping ("new coping skill: cigarette burns").
	{kind: kSelfHarm, name: "coping-by-harm", pattern: "coping|cope|copes ~4 burn|burns|burning|cuts|cutting|lighter|blade|razor"},
	{kind: kSelfHarm, name: "burn-to-body", pattern: "cig|cigarette|iron|ice|lighter|match ~4 on|against|to ~2 my|her|his|@BODY"},

	// Danger from someone else: the National Domestic Violence Hotline's signs.
	// "Not safe" carries its own negation; "not in danger" is negated.
	{kind: kDanger, name: "unsafe", pattern: "@UNSAFE"},
	// Violence reported ("news says a man got stabbed outside the station")
	// is someone else's story, not a danger to the writer.
	// A threat laughed off after it ("I'm going to kill her 😂") is a figure
	// of speech; "not joking" is not.
	{kind: kDanger, name: "violence", pattern: "@VIOLENCE", other: true, without: "news|headline|headlines|article|documentary|podcast|episode|journalist|reporter|reported|" + laughedOff},
	{kind: kDanger, name: "violence-named", pattern: "drugged|spiked|strangled|choked|jumped|abusing|raping ~2 me|my"},
	{kind: kDanger, name: "trafficked", pattern: "trafficked|raped|rape|assaulted|kidnapped"},
	{kind: kDanger, name: "weapon", pattern: "@OTHER ~5 has|got|with|pulled|holding|owns|carrying|sent|came ~4 @WEAPON",
		with: "@VIOLENCE|@FEAR|@UNSAFE|me|us|threat|threatening|pointed|waving|loaded|use|kill|shoot|drunk|high|angry|screaming|yelling|outside|door|dealer"},
	{kind: kDanger, name: "weapon-picture", pattern: "picture|photo|pic|video ~6 @WEAPON", other: true},
	{kind: kDanger, name: "weapon-on-me", pattern: "@WEAPON ~3 on|at|to ~1 me|my|head"},
	{kind: kDanger, name: "afraid-of-someone", pattern: "@FEAR ~5 @OTHER|home",
		with: "@VIOLENCE|@WEAPON|drunk|high|angry|screaming|yelling|door|hiding|hurt|kill"},
	{kind: kDanger, name: "harm-to-others", pattern: "@WISH|@INTENT|think|thinking|keep ~3 hurt|hurting|kill|beat|stab|shoot|attack|hit ~4 @OTHER|@FAMILY|someone|somebody|people|face|baby|guy", without: laughedOff},
	{kind: kDanger, name: "at-my-door", pattern: "@OTHER ~4 outside|at|on ~3 door|house|window|work|place|porch|doorstep|driveway", with: "banging|leave|wont|scared|@FEAR|@VIOLENCE|following|won"},
	// Someone forcing a way in now ("high and pounding on the front door").
	{kind: kDanger, name: "forcing-the-door", pattern: "pounding|banging|kicking|hammering|beating ~4 door|doors|window",
		with: "@VIOLENCE|@FEAR|drunk|high|angry|demanding|screaming|yelling|hit|let|threat|threatening"},
	{kind: kDanger, name: "hiding-from", pattern: "locked|hiding|hide ~3 in|from ~6 @OTHER", with: "@VIOLENCE|@FEAR|trying|door|banging|drunk|screaming|yelling"},
	{kind: kDanger, name: "knows-where-i-live", pattern: "knows|has|found|got ~2 my ~1 address|where"},
	{kind: kDanger, name: "debt", pattern: "owe|owes|owed|debt|debts", other: true,
		with: "come|coming|collect|found|knows|outside|door|driveway|hurt|else|threat|threatening|waiting|parked|@VIOLENCE|@WEAPON|@FEAR"},
	{kind: kDanger, name: "watching-me", pattern: "parked|sitting|waiting|watching|standing ~6 outside|across|driveway|road|street|window|door", other: true,
		with: "@FEAR|nights|hours|hrs|again|every|still|lights|keeps|@VIOLENCE|order|ex|owe"},
	{kind: kDanger, name: "photo-of-home", pattern: "pic|pics|photo|photos|picture|pictures|video ~4 my|our|his|her ~2 house|home|window|school|door|car|street|flat|apartment",
		with: "@FEAR|unknown|=number|@DEALER|crew|owe|else|knows|texting|tonight|threat"},
	{kind: kDanger, name: "found-me", pattern: "found|tracked|knows|figured ~3 my|our|her|his ~2 new|address|place|number|house|school|work", other: true},
	{kind: kDanger, name: "drunk-driving", pattern: "drunk|high|wasted ~6 driving|drive ~5 me|kids|us"},
	// Intimidation of a witness or a debtor: a bullet left on the car, "found
	// out I'm talking to the cops" (NDVH: threats; the same for a dealer).
	{kind: kDanger, name: "bullet-left", pattern: "bullet|bullets|shell|shells|casing|casings ~6 on|at|in|under|through|inside ~3 car|hood|door|porch|windshield|windscreen|mailbox|step|steps|window|bed|pillow|seat|desk"},
	{kind: kDanger, name: "snitch-found-out", pattern: "found|finds|find|knows|heard ~2 out|that ~4 talking|talked|talk|told|cooperating|working|snitched ~3 cops|police|da|feds|detective|prosecutor|prosecutors|court"},
	{kind: kDanger, name: "called-a-snitch", pattern: "snitch|snitching|rat|ratting|narc|narcing|informant", with: "@VIOLENCE|@WEAPON|@FEAR|bullet|dead|kill|hurt|found|knows|coming|@DEALER|crew"},

	// An overdose now: SAMHSA's Opioid Overdose Prevention Toolkit (signs of
	// an overdose).
	// Hurt by someone and afraid: "I have a black eye and I'm scared of the
	// morning"; not a hockey puck's black eye told laughing.
	{kind: kDanger, name: "hurt-and-afraid", pattern: "black|bruised|swollen|split|busted|fat ~1 eye|eyes|lip|lips|jaw|nose|ribs|wrist|wrists|neck|face|cheek", with: "@FEAR|@VIOLENCE|@UNSAFE"},
	// A phone read by someone one hides help from (NDVH: control of the
	// phone): "saved the hotline number as Pizza Palace because he goes
	// through my phone". Help hidden from a reader is an act, firm like a
	// cover story: leaving one author out it never raised a false alarm,
	// and at RuleDoubt 0.45 the model overruled "she reads my texts every
	// night so I hid the shelter's number under a fake name" (0.44).
	{kind: kDanger, name: "phone-watched", pattern: "@OTHER ~3 goes|go|going|went|checks|check|checking|reads|read|reading|looks|searches|searched|tracks|tracking ~2 my ~1 phone|texts|messages|calls|location",
		with: "@FEAR|@VIOLENCE|@UNSAFE|hotline|shelter|hide|hid|hiding|secret|delete|deleted|eye|bruise|bruises", other: true, firm: true},
	// Someone back with a weapon: "kicked-out guy back with 3 friends and a
	// bat"; followed by a car: "same car behind me since the bar. 3 turns".
	{kind: kDanger, name: "back-with-weapon", pattern: "back|outside|returned|showed ~5 with ~4 @WEAPON", other: true},
	{kind: kDanger, name: "followed-by-car", pattern: "car|truck|van|suv ~3 behind|following|tailing ~1 me", with: "since|turns|blocks|miles|same|still"},

	{kind: overdoseNow, name: "named", pattern: "=overdosing|=oding|=odeing|=odin|=odding", topic: true, notWished: true, notRecent: true, without: "=died|funeral|anniversary|@REVIVED"},
	// "An overdose", "his OD" name an event: one happening now says so.
	{kind: overdoseNow, name: "named-event", pattern: "=od|=overdose|=ods", topic: true, notWished: true, notRecent: true,
		with: "@NOW|@OD_SIGN|having|think|911|narcan|naloxone", without: "=died|funeral|anniversary|@REVIVED"},
	{kind: overdoseNow, name: "named-past", pattern: "=overdosed|=oded", with: "@NOW|think|help|what|911|narcan|naloxone|wake|breathing", topic: true, notRecent: true, without: "=died|funeral|anniversary|@REVIVED"},
	{kind: overdoseNow, name: "signs", pattern: "@OD_SIGN", noNeg: true, notRecent: true, topic: true},
	{kind: overdoseNow, name: "took-too-much", pattern: "took|swallowed|taken|popped|ate|snorted|injected ~3 @OVERDOSE|@BIG_DOSE", notRecent: true},
	// "did a lot", not "did it tonight, cried a lot".
	{kind: overdoseNow, name: "did-too-much", pattern: "did ~1 @OVERDOSE|@BIG_DOSE", notRecent: true},
	{kind: overdoseNow, name: "took-a-lot", pattern: "took|swallowed|taken|popped|used ~2 lot", with: "@SUBSTANCE|awake|breathe|feel|fading", notRecent: true},
	{kind: overdoseNow, name: "took-many", pattern: "took|swallowed|taken|popped|ate ~2 # ~2 @SUBSTANCE", notRecent: true,
		with: "@SUBSTANCE|@ALONE|spinning|fading|awake|breathe"},
	{kind: overdoseNow, name: "wont-wake", pattern: "cant|cannot|couldnt|wont|not|isnt|still ~2 wake|waking|respond|responding|answer|answering ~2 him|her|them|up|me|my", other: true, notRecent: true},
	{kind: overdoseNow, name: "unresponsive-after-using", pattern: "@NEG ~2 respond|responding|answer|answering|wake|waking|breathing|moving",
		with: "@SUBSTANCE|@USE|@OVERDOSE|took|shot|choking|blue", other: true, noNeg: true, notRecent: true, without: "=died|funeral|anniversary|@REVIVED"},
	{kind: overdoseNow, name: "cant-get-them-to", pattern: "cant|couldnt ~1 get ~1 him|her|them ~1 to ~2 answer|respond|wake|move"},
	{kind: overdoseNow, name: "blue", pattern: "lips|face|skin|fingers|nails|fingernails ~3 blue|purple|grey|gray"},
	// The same said the other way round: "blue lips, eyes half open".
	{kind: overdoseNow, name: "blue-before", pattern: "blue|purple|grey|gray ~1 lips|fingers|nails|fingernails", notRecent: true, topic: true,
		without: "cold|plunge|freezing|swim|swimming|ice|snow|popsicle|slushie"},
	{kind: overdoseNow, name: "blue-now", pattern: "hes|shes|theyre|turning|turned|going ~1 blue|purple"},
	{kind: overdoseNow, name: "pupils", pattern: "pupils ~3 tiny|pinpoint|small|pinned"},
	{kind: overdoseNow, name: "seizure", pattern: "seizure|seizures|seizing", notRecent: true, topic: true},
	// Naloxone given and the person still or again in danger: renarcotisation
	// (SAMHSA: a second dose after 2-3 minutes).
	{kind: overdoseNow, name: "naloxone-given", pattern: "gave|give|given|giving|used|sprayed|hit|grabbing|grabbed|grab ~4 narcan|naloxone|narcans",
		// One revived who walked off is over: "gave naloxone and he came round and walked to the ambulance himself".
		with: "@OD_SIGN|breathing|wake|woke|under|respond|round|around|second|another|again|more|still", without: "@REVIVED|walked|walking", notRecent: true},
	// The body's signs after using; "breathe" is not one ("feels like I can
	// breathe" is relief), "breathing" is.
	{kind: overdoseNow, name: "body-after-using", pattern: "breathing|awake|chest|heart|fading|clammy|pale|legs|eyes|confused|vomiting|throwing|puking|drowsy|twitching",
		with: "@SUBSTANCE|@USE|@OVERDOSE|took|shooting", notRecent: true, topic: true},
	{kind: overdoseNow, name: "short-of-breath-after-using", pattern: "@NEG ~2 get|catch|take ~2 a ~1 full|proper|deep ~1 breath", with: "@SUBSTANCE|@USE|@OVERDOSE|took", notRecent: true},
	{kind: overdoseNow, name: "numb-after-using", pattern: "@NEG ~1 feel ~1 my ~1 face|legs|arms|body|hands|feet", with: "@SUBSTANCE|@USE|@OVERDOSE|took", notRecent: true},
	{kind: overdoseNow, name: "passed-out", pattern: "passed ~1 out", with: "@SUBSTANCE|@USE|@OVERDOSE|took|wake|breathing", notRecent: true},
	{kind: overdoseNow, name: "medical-emergency", pattern: "medical ~1 emergency", topic: true},

	// A risk of overdose: SAMHSA's toolkit (using alone, lost tolerance,
	// mixing depressants) and the CDC on fentanyl.
	{kind: kOverdose, name: "using-alone", pattern: "@USE", with: "@ALONE"},
	// Alone with a dealer's supply: "at my dealer's, this batch is strong,
	// gonna do it at my apartment by myself after".
	{kind: kOverdose, name: "alone-with-supply", pattern: "@ALONE", with: "@DEALER|batch|@FENTANYL", without: "@RESISTED"},
	{kind: kOverdose, name: "using-it-alone", pattern: "do|doing|shoot|smoke|snort|take ~4 @SUBSTANCE|gram|shot|bump|line|hit|rest", with: "@ALONE"},
	// A break in tolerance, unless the moment is resisted or the drink is
	// served to others ("3 years sober, pouring drinks all night … lime and soda").
	{kind: kOverdose, name: "lost-tolerance", pattern: "@BREAK", with: "@USE|@DEALER|@BIG_DOSE|bought|buy|copped|scored|@OPIOID", noNeg: true, without: "@RESISTED|@SERVE"},
	// A supply unlike the last: from someone new, another colour, stronger
	// than before (SAMHSA, CDC: an unknown supply may hold fentanyl).
	{kind: kOverdose, name: "new-supply", pattern: "from|off ~1 someone|somebody|a ~1 new|different|else", with: "@USE|@DEALER|@OPIOID|@FENTANYL|doing|picked|copped|scored", without: "@RESISTED"},
	// A drug from a new source after a break in tolerance is the riskiest
	// supply there is (SAMHSA): an act, firm like a means acquired. The
	// model, reading "ordering from a new one online, 'pharma grade' oxys.
	// First order since I got clean" as an ordinary errand, scored it 0.14.
	{kind: kOverdose, name: "new-supply-after-break", pattern: "from|off ~1 someone|somebody|a ~1 new|different|else ~8 @OPIOID|@FENTANYL|@DEPRESSANT|@STIMULANT", with: "@BREAK", without: "@RESISTED", firm: true},
	// Pills a seller throws in with an order are a supply nobody chose
	// (CDC: counterfeit pills): "the seller threw in a couple of free 30s".
	{kind: kOverdose, name: "thrown-in", pattern: "threw|throws|thrown|chucked|tossed|slipped ~2 in", with: "pills|bars|30s|blues|xans|xanax|@OPIOID|@FENTANYL|@DEPRESSANT", without: "@RESISTED|bin|trash|toilet|binned|flushed"},
	{kind: kOverdose, name: "different-supply", pattern: "different|new|weird|strange|funny|darker ~2 colour|color|batch|stamp|smell|taste|texture",
		with: "@USE|@DEALER|@OPIOID|@FENTANYL|picked|copped|scored|bag|gear", without: "@RESISTED|pharmacist|pharmacy|prescription|script|manufacturer|brand|generic|vet|organiser|organizer"},
	{kind: kOverdose, name: "stronger-supply", pattern: "stronger|harder|heavier ~3 than ~2 last|usual|normal|before|mine", with: "@USE|@DEALER|@OPIOID|@FENTANYL|batch|bag|gear|stuff|pills", without: "@RESISTED"},
	{kind: kOverdose, name: "mixing-depressants", pattern: "@DEPRESSANT", with: "@ALCOHOL|@OPIOID"},
	{kind: kOverdose, name: "mixing-opioids", pattern: "@OPIOID", with: "@ALCOHOL|@STIMULANT|@DEPRESSANT"},
	// One's own medicine washed down with drink: "took my pills and a
	// bottle of vodka" (a routine dose stops being one beside it).
	{kind: kOverdose, name: "pills-with-drink", pattern: "took|swallowed|popped|downed ~3 pill|tablet|med|medication|medicine ~5 @ALCOHOL"},
	{kind: kOverdose, name: "fentanyl", pattern: "@FENTANYL", with: "@USE|@INTENT|@HOLD|@ALONE|bought|got|buy|get|try|using|tonight|@NOW|has|have|think|doing", noNeg: true, topic: true},
	// An unknown supply with a drink or a sedative: "he buy it on the
	// street. I already drink 4 beer" (CDC: counterfeit pills hold
	// fentanyl; SAMHSA: mixing depressants).
	{kind: kOverdose, name: "unknown-pill-with-depressant", pattern: "@FENTANYL ~8 pill|pills|tab|tabs|tablet|tablets|@OPIOID|@DEPRESSANT|@STIMULANT", with: "@ALCOHOL|@DEPRESSANT"},
	{kind: kOverdose, name: "pill-unknown-with-depressant", pattern: "pill|pills|tab|tabs|tablet|tablets|@OPIOID|@DEPRESSANT|@STIMULANT ~8 @FENTANYL", with: "@ALCOHOL|@DEPRESSANT"},
	{kind: kOverdose, name: "big-dose", pattern: "@BIG_DOSE", with: "@USE|@INTENT|@SUBSTANCE|@NOW"},
	{kind: kOverdose, name: "no-naloxone", pattern: "@NEG ~3 narcan|naloxone|strips", with: "@USE|@SUBSTANCE"},
	// Taking more when a dose does not hit: a second bag on top of the first
	// (SAMHSA: taking more than usual; an unknown supply's delayed onset).
	{kind: kOverdose, name: "more-on-top", pattern: "another|more|extra|second|third|again|redose ~4 on ~1 top", with: "@SUBSTANCE|@USE|bag|bags|pill|pills|bar|bars|shot|shots|line|lines|hit|point|dose"},
	{kind: kOverdose, name: "not-hitting-take-more", pattern: "@NEG ~2 hitting|hit|working|kicking|touching|doing ~10 another|more|extra|second|double|redose|again",
		with: "@SUBSTANCE|@USE|bag|bags|pill|pills|bar|bars|shot|shots|line|lines|dose"},

	// An urge happening now: NIAAA's "Handling urges to drink".
	{kind: kUrge, name: "about-to-give-in", pattern: "@URGE_NOW", without: "@RESISTED"},
	{kind: kUrge, name: "at-the-place", pattern: "@PLACE", with: "@NOW|@CRAVING|@HOLD|@INTENT|@SUBSTANCE|im|am|trying|calling|pulling|order|ordered|sitting|standing|outside", without: "@RESISTED"},
	// A drink at hand for others is work ("pouring shots for drunk guys"):
	// serving them is not a drink of one's own.
	{kind: kUrge, name: "at-hand", pattern: "@HOLD ~4 @SUBSTANCE|@ALCOHOL", without: "@RESISTED|@SERVE"},
	{kind: kUrge, name: "at-hand-after", pattern: "@SUBSTANCE|@ALCOHOL ~4 @HOLD", without: "@RESISTED|@SERVE"},
	// A dealer's number kept under another name: "the ones I saved as
	// 'pizza' and 'plumber'". These three are acts, like a cover story, and
	// firm: the model, reading "still have his number saved as 'dentist'.
	// thumb on it" as a few ordinary words, scored it 0.44 and overruled.
	{kind: kUrge, name: "disguised-contact", pattern: "saved|save|listed|named|filed|stored ~1 as|under", with: "contact|contacts|number|numbers|phone|scroll|scrolling|text|texting|call|calling", without: "@RESISTED|deleted|delete|blocked|block", firm: true},
	// A dealer's number put back: "typed it back into my phone", "unblocked him".
	{kind: kUrge, name: "number-restored", pattern: "typed|saved|put|added|entered|restored|undeleted ~4 back|again", with: "@DEALER", without: "@RESISTED", anyTime: true, firm: true},
	{kind: kUrge, name: "dealer-unblocked", pattern: "unblocked|unblock|unblocking|unmuted|unarchived ~4 @DEALER|him|her|them|number|chat", with: "@DEALER", firm: true},
	// The one who would talk one down unreachable, and the shop closing:
	// "sponsor isn't picking up and the offie shuts in 15 min".
	{kind: kUrge, name: "support-unreachable", pattern: "sponsor|sponsors|counsellor|counselor|mentor|keyworker ~4 @NEG|voicemail|busy ~3 picking|pick|answering|answer|replying|reply|responding|full",
		with: "shuts|closes|closing|shut|offie|offy|@PLACE|@CRAVING|@HOLD|@SUBSTANCE|@ALCOHOL", noNeg: true, without: "@RESISTED"},
	{kind: kUrge, name: "dealer", pattern: "@DEALER", with: "text|texted|texting|call|calling|way|coming|meet|meeting|outside|number|house|block|buy|score|money|phone|thumb", without: "@RESISTED"},
	{kind: kUrge, name: "offered", pattern: "offer|offered|offering ~3 me", with: "@SUBSTANCE|@USE|some|it|want|high|hit|bump|shot|pill", without: "@RESISTED"},
	{kind: kUrge, name: "cant-stop-thinking", pattern: "@NEG ~1 stop ~1 thinking ~2 about ~2 @USE|@SUBSTANCE|@ALCOHOL|getting|it", with: "@USE|@SUBSTANCE|@ALCOHOL|@HOLD|high", without: "@RESISTED"},
	{kind: kUrge, name: "money-and-number", pattern: "money|cash ~8 number|call|where"},
	{kind: kUrge, name: "going-to-use", pattern: "@INTENT ~3 @USE", without: "@RESISTED"},
	{kind: kUrge, name: "wish-to-use", pattern: "=want|=wanna|=need|=needs|=craving|=crave ~5 @USE|@ALCOHOL|@SUBSTANCE", without: "@RESISTED"},
	{kind: kUrge, name: "want-it-so-bad", pattern: "=want|=need|=craving ~3 some|it|one|that|them ~3 bad|badly|much", with: "@SUBSTANCE|@ALCOHOL|@USE|@PLACE", without: "@RESISTED"},
	{kind: kUrge, name: "not-yet", pattern: "@NEG ~3 sip|drink|taken|touched|opened|poured|used|had ~3 yet", without: "@RESISTED"},
	{kind: kUrge, name: "about-to-order", pattern: "@INTENT ~3 order|get|grab|buy ~3 one|a|some|@ALCOHOL|@SUBSTANCE", with: "@ALCOHOL|@SUBSTANCE|@PLACE", without: "@RESISTED"},
	// At the counter or the tasting: "about to ask for the codeine
	// linctus", "he's pouring for everyone and I'm next".
	// Asking for the opioid one was hooked on is asking for it after a
	// break: a lost tolerance ("at the chemist about to ask for the codeine
	// I used to be hooked on").
	{kind: kOverdose, name: "ask-for-old-habit", pattern: "@INTENT ~3 ask|asking ~3 for ~4 @OPIOID", with: "hooked|addicted|habit", without: "@RESISTED|@ROUTINE|prescription|prescribed|doctor|gp|nurse|pharmacist"},
	{kind: kUrge, name: "about-to-ask-for", pattern: "@INTENT ~3 ask|asking ~3 for ~4 @OPIOID|@DEPRESSANT|@ALCOHOL", without: "@RESISTED|@ROUTINE|prescription|prescribed|doctor|gp|nurse|pharmacist"},
	{kind: kUrge, name: "my-turn-next", pattern: "im|me ~1 next", with: "@ALCOHOL|pouring|poured|shots|round|tasting|bottle", without: "@RESISTED"},
	{kind: kUrge, name: "heading-there", pattern: "@INTENT|driving|walking|going|headed|heading|omw ~4 @PLACE|@DEALER", without: "@RESISTED"},
	// Alone with it, at work or at home: "alone with a bin of expired hydros
	// for 2 hrs. want them bad".
	{kind: kUrge, name: "alone-with-it", pattern: "@ALONE ~3 with ~4 @SUBSTANCE|@OPIOID|@DEPRESSANT|box|bin|cabinet|stash|supply|safe", with: "=want|=wanna|@CRAVING|@WISH|itch|itching", without: "@RESISTED"},
	// A drink or a drug hidden for later: "stashed the cooking brandy in my
	// locker for after".
	{kind: kUrge, name: "hidden-for-later", pattern: "stashed|stash|stashing|hid|hidden|hide|hiding ~8 for|till|until ~1 after|later|tonight|afterwards", with: "@SUBSTANCE|@ALCOHOL", without: "@RESISTED"},
	// An urge as behaviour: circling the old place ("on the 4th lap now").
	{kind: kUrge, name: "circling", pattern: "lap|laps|loop|loops|circling|circled|circle", with: "@PLACE|@DEALER", without: "@RESISTED"},
	// It, at hand, untouched so far and wanted: "haven't touched it. but I
	// want to."
	{kind: kUrge, name: "untouched-but-wanted", pattern: "@NEG ~2 touched|opened|tasted|cracked|pulled ~1 it|them", with: "=want|=wanna|@CRAVING|itch|itching", without: "@RESISTED"},
	// A dose of methadone or buprenorphine skipped to reach someone else:
	// "screw it. not dosing today. calling J"; not a missed dose told to the
	// clinic or a counsellor.
	{kind: kUrge, name: "dose-skipped", pattern: "skip|skipping|skipped|=not|missed|missing|ditch|ditching ~2 dose|dosing|dosed",
		with: "call|calling|text|texting|=meet|meeting|@DEALER|score", without: "@RESISTED|counselor|counsellor|nurse|doctor|prescriber|pharmacist|clinic|told"},
	// Money sent under a cover the writer gives away: "the zelle to 'Mike
	// Landscaping' is pending. I don't have a lawn", "got $200 out. going to
	// meet 'Jimmy from PT'. there's no Jimmy at PT".
	{kind: kUrge, name: "cover-denied", pattern: "@COVER", with: "zelle|venmo|cashapp|paypal|withdrew|withdrawal|atm|pending|=meet|cash"},
	{kind: kUrge, name: "cover-denied-own", pattern: "dont|=not ~1 have|own|rent ~1 a|any", with: "zelle|venmo|cashapp|paypal|withdrew|withdrawal|atm|pending"},
	// Asking to be talked down now (not "a policeman talked me down").
	{kind: kUrge, name: "talk-me-down", pattern: "=talk ~1 me ~1 down|out"},
	{kind: kUrge, name: "craving-now", pattern: "@CRAVING", with: "@NOW|@INTENSE", without: "@RESISTED", topic: true, notRecent: true},
	// Wanting to buy it: "I am wanting so much to buy" beside the beer.
	{kind: kUrge, name: "wanting-to-buy", pattern: "@WISH|@CRAVING ~4 buy|grab|pick|order|get", with: "@ALCOHOL|@SUBSTANCE", without: "@RESISTED"},
})

func compileRules(rs []rule) []rule {
	names := map[string]bool{}
	for i := range rs {
		rs[i] = compileRule(rs[i])
		name := rs[i].kind + "/" + rs[i].name
		if names[name] {
			panic("chat: two rules named " + name)
		}
		names[name] = true
	}
	return rs
}

// clearOutReasons are the reasons that make things given away an ordinary
// clear-out: a move, a diagnosis, a child outgrowing them, a new one.
const clearOutReasons = "because|bc|cos|coz|since|turns|turned|moving|move|moved|allergic|diagnosis|doctor|outgrew|outgrown|new|job|shift|upgrade|upgraded|replaced"
