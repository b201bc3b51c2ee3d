package chat

import (
	"context"
	"hash/fnv"
	"strings"

	"lifeline"
)

// Builtin is the supportive assistant that answers when no AI provider is
// configured, so the chat works out of the box. It listens reflectively
// (names a feeling it recognises), offers one of the product's own tools for
// the topic it recognises, asks a gentle question, and now and then suggests
// the daily check-in. Its wording varies with the message but is the same
// for the same conversation, so tests are stable. It never gives medical or
// medication advice.
type Builtin struct{}

// NewBuiltin returns the built-in assistant.
func NewBuiltin() *Builtin { return &Builtin{} }

// feeling is a row of the reflective-listening table: words that name a
// feeling, and how to say it back.
type feeling struct {
	name     string
	positive bool
	patterns []string
}

var feelings = []feeling{
	{"anxious", false, []string{"anxious|anxiety|nervous|panic|panicking|panicky|worried|worrying|scared|afraid|uneasy|jittery", "on edge", "freaking out"}},
	{"overwhelmed", false, []string{"overwhelmed|stressed|swamped|pressured", "too much on my plate", "so much pressure"}},
	{"angry", false, []string{"angry|mad|furious|pissed|rage|raging|irritated|annoyed|frustrated|resentful|livid"}},
	{"lonely", false, []string{"lonely|isolated|alone", "no one to talk to", "nobody to talk to", "no friends"}},
	{"ashamed", false, []string{"ashamed|shame|guilty|guilt|embarrassed|worthless", "like a failure", "disappointed in myself", "let everyone down"}},
	{"low", false, []string{"sad|depressed|empty|miserable|crying|heartbroken|grieving|hopeless|numb", "feel|feeling|felt|so|really|pretty|very down|low|blue"}},
	{"worn out", false, []string{"tired|exhausted|drained|fatigued|wiped", "worn out", "burnt|burned out"}},
	{"restless", false, []string{"bored|boring|restless|fidgety", "nothing to do"}},
	{"hopeful", true, []string{"proud|hopeful|happy|grateful|thankful|excited|motivated|optimistic|relieved", "doing well|better|good|great|okay|ok", "feel|feeling good|great|better|strong"}},
}

var compiledFeelings = func() [][]phrase {
	out := make([][]phrase, len(feelings))
	for i, f := range feelings {
		out[i] = compileAll(f.patterns)
	}
	return out
}()

var reflections = []string{
	"It sounds like you're feeling %s right now, and that makes sense.",
	"I hear that you're feeling %s. Thank you for putting it into words.",
	"Feeling %s is hard, and it's okay to say so.",
	"That sounds like a lot — feeling %s takes energy to carry.",
}

var positiveReflections = []string{
	"It's really good to hear you're feeling %s.",
	"I love hearing that you feel %s — that matters.",
	"Feeling %s is worth noticing. Thank you for sharing it.",
}

// topic is a row of the suggestions table: what a message is about and
// what the product offers for it. replies are variations on one
// suggestion; the tests hold each topic to its tool's keyword.
type topic struct {
	name     string
	patterns []string
	replies  []string
	// checkIn: a reply on this topic always suggests the daily check-in.
	checkIn bool
}

// topics are checked in order; the first that matches answers.
var topics = []topic{
	{
		name: "relapse",
		patterns: []string{
			"relapse|relapsed|relapsing|slip|slipped|slipping",
			"used|drank|drinking|using|smoked|relapsed again",
			"picked up again",
			"fell|falling off the wagon",
			"broke|lost|ruined|reset my sobriety|streak|clean time|sober time",
		},
		replies: []string{
			"A slip doesn't erase the progress you've made — it's information, not a verdict on you. " +
				"Right now, the most helpful next step is usually to tell someone you trust, like your sponsor or one of the contacts on your crisis page (/crisis). " +
				"Your safety plan is there too, for the next few hours.",
			"Recovery often isn't a straight line, and a slip is something many people go through on the way. " +
				"What matters most is what you do next: reaching out to a contact or your sponsor, and looking at your safety plan on the crisis page (/crisis), can help you get back on track. " +
				"Being honest in today's check-in helps you spot what led up to it.",
		},
		checkIn: true,
	},
	{
		name: "medication",
		patterns: []string{
			"withdrawal|withdrawals|withdrawing|detox|detoxing|dts|shakes",
			"dope sick|dopesick",
			"medication|medications|meds|suboxone|methadone|naltrexone|buprenorphine|antabuse|vivitrol|dose|dosage|prescription|prescribed",
		},
		replies: []string{
			"I can't give advice about medication or withdrawal — that needs a doctor or pharmacist who knows your situation, so please check with them before changing anything. " +
				"Withdrawal from alcohol or benzodiazepines in particular can be dangerous; if you have severe symptoms such as seizures, confusion or hallucinations, call 911.",
			"Questions about medication and withdrawal are really important, and they deserve an answer from a doctor or pharmacist who knows your history — I'm not able to advise on them. " +
				"Please don't stop or change a medication on your own, and call 911 if withdrawal symptoms become severe.",
		},
	},
	{
		name: "cravings",
		patterns: []string{
			"crave|craving|cravings|craved|urge|urges|tempted|temptation|triggered",
			"want|wanna|need|gonna ... drink|drunk|high|smoke|score",
			"want|wanna|gonna to use",
			"want|wanna|gonna use",
			"thinking about drinking|using|getting high",
		},
		replies: []string{
			"Cravings rise, peak and pass — usually within 20 to 30 minutes. You could try urge surfing: notice where you feel the craving in your body, breathe into it, and watch it crest like a wave without acting on it. " +
				"A quick HALT check can help too: are you Hungry, Angry, Lonely or Tired?",
			"A craving is uncomfortable, but it is not a command. Try urge surfing: set a timer for 15 minutes, describe the urge to yourself (where it sits, how strong it is from 1 to 10), and notice how it changes. " +
				"Calling one of your contacts while you ride it out can make it easier.",
			"You noticed the craving before acting on it, and that's a real skill. One thing that helps is urge surfing — observe the urge like a wave, breathing slowly, until it passes. " +
				"If it helps, step away from the trigger and do a HALT check: Hungry, Angry, Lonely, Tired.",
		},
	},
	{
		name: "anxiety",
		patterns: []string{
			"anxious|anxiety|panic|panicking|nervous|worried|worrying|worry|scared|afraid",
			"on edge",
			"heart|thoughts racing|pounding",
			"racing thoughts|heart",
		},
		replies: []string{
			"When anxiety rises, your breath is a quick way to tell your body it's safe. Try 4-7-8 breathing: in through your nose for 4, hold for 7, and out slowly through your mouth for 8 — three or four rounds. " +
				"If your thoughts are racing, the 5-4-3-2-1 grounding exercise on the crisis page can bring you back to the present.",
			"Let's slow things down together. Try 4-7-8 breathing — breathe in for 4, hold for 7, breathe out for 8 — and repeat it a few times. " +
				"You'll find it, along with 5-4-3-2-1 grounding, on your crisis page (/crisis).",
		},
	},
	{
		name: "anger",
		patterns: []string{
			"angry|anger|mad|furious|pissed|rage|raging|irritated|resentful|resentment|livid|frustrated|frustrating",
		},
		replies: []string{
			"Anger is a normal feeling, and it's a signal worth listening to. Before you respond to anyone, try a HALT check — are you also Hungry, Lonely or Tired? — and a few rounds of 4-7-8 breathing to let the first wave pass.",
			"It's okay to feel angry; what matters is what you do with it. Stepping away for a few minutes, doing a HALT check (Hungry, Angry, Lonely, Tired) and breathing slowly can give you room to choose your response.",
		},
	},
	{
		name: "loneliness",
		patterns: []string{
			"lonely|loneliness|isolated|isolating|alone",
			"no one|nobody to talk to",
			"no friends",
			"miss my",
		},
		replies: []string{
			"Loneliness can be one of the hardest parts of recovery. Reaching out is one of the strongest things you can do — even a short text to one of the contacts on your crisis page counts. " +
				"Mutual-help meetings, in person or online, are another place people find connection; Learn & Grow has an article on community.",
			"You don't have to carry this by yourself. Could you call or message one person today — a friend, your sponsor, or a contact from your crisis page (/crisis)? " +
				"Peer support groups can also help; Learn & Grow has ideas for finding your people.",
		},
	},
	{
		name: "low mood",
		patterns: []string{
			"sad|depressed|depression|miserable|hopeless|empty|numb|crying|heartbroken|grieving",
			"feel|feeling|felt|so|really|pretty|very down|low|blue",
		},
		replies: []string{
			"Low days are part of recovery too, and they don't cancel out your progress. Sometimes the smallest step helps most: a glass of water, a short walk outside, or a message to one of your contacts. " +
				"If this heaviness has lasted two weeks or more, it's worth talking to a doctor or counsellor — you deserve support with it.",
			"Thank you for telling me how heavy things feel. You don't have to fix it all today. Could you reach out to one person you trust, or do one small, kind thing for yourself in the next hour? " +
				"If low feelings have been hanging around for weeks, a doctor or counsellor can really help.",
		},
	},
	{
		name: "shame",
		patterns: []string{
			"ashamed|shame|guilty|guilt|embarrassed|worthless",
			"like a failure",
			"let everyone down",
			"disappointed in myself",
		},
		replies: []string{
			"Shame tells us we are the problem; recovery teaches that we are people who made choices we can learn from. Try speaking to yourself the way you would to a good friend in the same spot. " +
				"Sharing it with someone safe — a sponsor, a counsellor, a contact on your crisis page — often takes away much of its weight.",
			"Guilt can be a sign that your values are alive and well. What matters now is the next right step, not punishing yourself. " +
				"Is there one small thing you could do today that fits the person you want to be? Talking it through with your sponsor or a trusted contact can help too.",
		},
	},
	{
		name: "sleep",
		patterns: []string{
			"sleep|sleeping|slept|insomnia|nightmares|nightmare",
			"cant|cannot|couldnt fall asleep",
			"up all night",
			"lying awake",
		},
		replies: []string{
			"Sleep is often rough in early recovery, and it usually improves with time. A steady wind-down routine — same bedtime, screens away, lights low — helps, and 4-7-8 breathing in bed can calm your body. " +
				"The Learn & Grow article on sleep in early recovery has more ideas.",
			"Poor sleep makes everything harder, so it's worth being gentle with yourself. Try keeping the same wake-up time every day, skipping caffeine after noon, and a few rounds of 4-7-8 breathing when you lie down. " +
				"There's an article on sleep in early recovery in Learn & Grow.",
		},
	},
	{
		name: "stress",
		patterns: []string{
			"stress|stressed|stressful|overwhelmed|overwhelming|pressure|swamped",
			"too much on my plate",
		},
		replies: []string{
			"When everything piles up, grounding can help you find your feet. Try the 5-4-3-2-1 exercise: name 5 things you can see, 4 you can touch, 3 you can hear, 2 you can smell and 1 you can taste. " +
				"Then pick just one small next step.",
			"Stress has a way of making everything feel urgent at once. The 5-4-3-2-1 grounding exercise on your crisis page can bring you back to the present, and a HALT check (Hungry, Angry, Lonely, Tired) can show what you need first.",
		},
	},
	{
		name: "boredom",
		patterns: []string{
			"bored|boring|boredom|restless",
			"nothing to do",
		},
		replies: []string{
			"Boredom is a common trigger, so it's good that you noticed it. Having a list of go-to activities ready helps — the Coping Plan Builder in Learn & Grow is a good place to keep one. " +
				"Even a 10-minute walk, some music, cooking something or calling a friend can shift the moment.",
			"Empty time can be tricky in recovery. What's something small you used to enjoy, or always wanted to try? Writing a few ideas into your coping plan (Learn & Grow's Coping Plan Builder) means they're ready next time boredom hits.",
		},
	},
	{
		name: "progress",
		patterns: []string{
			"sober|sobriety|milestone|anniversary|proud",
			"stayed|staying|been|still|am|im clean",
			"clean for|since",
			"good|great|better day|week",
			"# days|weeks|months|years",
		},
		replies: []string{
			"That's worth celebrating — every day you show up for yourself counts. What helped most? Noticing what works makes it easier to lean on next time.",
			"I'm really glad to hear that. Progress in recovery is built from days like this one. What do you want to remember about today?",
		},
		checkIn: true,
	},
	{
		name:     "thanks",
		patterns: []string{"thanks|thank|thx|ty|appreciate|appreciated"},
		replies: []string{
			"You're very welcome. I'm here whenever you want to talk.",
			"Anytime. Reaching out is a strength, not a weakness — come back whenever you need.",
		},
	},
	{
		name:     "greeting",
		patterns: []string{"hi|hello|hey|hiya|howdy|morning|evening|afternoon"},
		replies: []string{
			"Hi, I'm glad you're here. How are you feeling today?",
			"Hello! It's good to hear from you. What's on your mind today?",
		},
		checkIn: true,
	},
}

var compiledTopics = func() [][]phrase {
	out := make([][]phrase, len(topics))
	for i, t := range topics {
		out[i] = compileAll(t.patterns)
	}
	return out
}()

var fallbacks = []string{
	"Thank you for sharing that with me. I'm here to listen — can you tell me a bit more about what's going on?",
	"I'm listening. What feels most important to talk about right now?",
	"That sounds like it matters to you. Would you like to tell me more about it?",
}

// fallbackTools follow a fallback reply, so even an unrecognised message
// gets something to try.
var fallbackTools = []string{
	"If it helps, a few things on hand: 4-7-8 breathing and 5-4-3-2-1 grounding on your crisis page, your safety plan, calling one of your contacts, or the articles in Learn & Grow.",
	"Whenever you want, you can try 4-7-8 breathing or 5-4-3-2-1 grounding (on the crisis page), reach out to a contact, or read something in Learn & Grow.",
}

var questions = []string{
	"What do you think would help most right now?",
	"How are you feeling as you read this?",
	"Would you like to talk more about what's behind it?",
	"What's one small thing you could do for yourself in the next hour?",
}

var checkInNudges = []string{
	"If you haven't done today's check-in yet, it only takes a minute at /checkin and helps you spot patterns over time.",
	"When you have a moment, today's check-in (/checkin) is a good way to notice how you're doing — if you haven't done it already.",
}

// urgeFollowUps follow the safety layer's UrgeReply.
var urgeFollowUps = []string{
	"I'm right here while you ride it out. Try urge surfing: notice where the craving sits in your body, breathe into it, and watch it crest and fall. Where are you right now — can you step outside?",
	"You don't have to decide anything in the next twenty minutes except to wait. Try urge surfing with me: rate the craving from 1 to 10 now, and again in five minutes. Who could you call while you wait?",
}

// crisisFollowUps follow the safety layer's crisis resources.
var crisisFollowUps = []string{
	"Are you safe right now? If you want to, tell me what's happening — I'm listening.",
	"I'm here with you. Is there someone nearby you could be with right now?",
}

// Reply answers without any outside service.
func (b *Builtin) Reply(ctx context.Context, history []lifeline.ChatMessage, message string) (string, error) {
	ws := words(message)
	userTurns := 0
	for _, m := range history {
		if m.Role == lifeline.ChatRoleUser {
			userTurns++
		}
	}
	h := fnv.New32a()
	h.Write([]byte(strings.Join(ws, " ")))
	seed := int(h.Sum32()%10007) + userTurns
	pick := func(list []string, salt int) string { return list[(seed+salt)%len(list)] }

	switch concern := Assess(history, message).Concern; {
	case lifeline.IsCrisis(concern):
		return pick(crisisFollowUps, 0), nil
	case concern == lifeline.ConcernUrge:
		return pick(urgeFollowUps, 0), nil
	}
	var parts []string
	f, hasFeeling := matchFeeling(ws)
	t, hasTopic := matchTopic(ws)
	if hasTopic && t.name == "greeting" && len(ws) > 6 {
		hasTopic = false // "hey, so today was hard…" is not just a greeting
	}
	if hasFeeling && (!hasTopic || t.name != "thanks" && t.name != "greeting") {
		list := reflections
		if f.positive {
			list = positiveReflections
		}
		parts = append(parts, strings.Replace(pick(list, 1), "%s", f.name, 1))
	}
	nudge := userTurns == 0 || seed%4 == 0
	switch {
	case hasTopic:
		parts = append(parts, pick(t.replies, 2))
		if t.name != "thanks" && t.name != "greeting" && t.name != "progress" {
			parts = append(parts, pick(questions, 3))
		}
		nudge = nudge || t.checkIn
		if t.name == "thanks" {
			nudge = false
		}
	default:
		parts = append(parts, pick(fallbacks, 2), pick(fallbackTools, 3))
	}
	if nudge {
		parts = append(parts, pick(checkInNudges, 4))
	}
	return strings.Join(parts, " "), nil
}

// negations keep "I don't feel good" from reading as a good feeling.
var negations = compileAll([]string{"not|dont|didnt|doesnt|isnt|wasnt|never|cant|cannot|no|nothing|hardly"})

func matchFeeling(ws []string) (feeling, bool) {
	negated := anyMatch(ws, negations)
	for i, ps := range compiledFeelings {
		if feelings[i].positive && negated {
			continue
		}
		if anyMatch(ws, ps) {
			return feelings[i], true
		}
	}
	return feeling{}, false
}

func matchTopic(ws []string) (topic, bool) {
	for i, ps := range compiledTopics {
		if anyMatch(ws, ps) {
			return topics[i], true
		}
	}
	return topic{}, false
}
