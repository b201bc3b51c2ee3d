package chat

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"lifeline"
)

// crisisCases are messages that must be answered as a crisis, with the
// kind each must be read as. Every row of crisisRules needs one (checked by
// TestEveryCrisisRuleIsTested).
var crisisCases = []struct {
	message, kind string
}{
	// Overdose and medical emergencies.
	{"I think I'm going to overdose tonight", CrisisOverdose},
	{"my friend OD'd, what do I do", CrisisOverdose},
	{"he's ODing right now", CrisisOverdose},
	{"I took too many pills", CrisisOverdose},
	{"took way too much fentanyl", CrisisOverdose},
	{"I swallowed a whole bottle of tylenol", CrisisOverdose},
	{"I just took a handful of pills", CrisisOverdose},
	{"I'm going to use and not wake up", CrisisOverdose},
	{"I want to go to sleep and never wake up", CrisisOverdose},
	{"I hope I don't wake up tomorrow", CrisisOverdose},
	{"I don't want to wake up anymore", CrisisOverdose},
	{"I'm going to drink myself to death", CrisisOverdose},
	{"she's not breathing", CrisisOverdose},
	{"my brother is unresponsive", CrisisOverdose},
	{"I can't wake him", CrisisOverdose},
	{"I could not wake her up", CrisisOverdose},
	{"he won't wake up!!", CrisisOverdose},
	{"his lips are turning blue", CrisisOverdose},
	{"I think I'm having a seizure from withdrawal", CrisisOverdose},
	{"this is a medical emergency", CrisisOverdose},

	// Suicide.
	{"I feel suicidal", CrisisSuicide},
	{"I've been thinking about suicide", CrisisSuicide},
	{"sometimes I feel sucidal", CrisisSuicide},
	{"I want to kill myself", CrisisSuicide},
	{"I'm going to kill my self", CrisisSuicide},
	{"honestly i might just kms", CrisisSuicide},
	{"I want to unalive myself", CrisisSuicide},
	{"I want to end my life", CrisisSuicide},
	{"I'm thinking of taking my own life", CrisisSuicide},
	{"I'm ready to end it all", CrisisSuicide},
	{"I just want to die", CrisisSuicide},
	{"i wanna die", CrisisSuicide},
	{"I wish I was dead", CrisisSuicide},
	{"I'd rather be dead", CrisisSuicide},
	{"I wish I could just die", CrisisSuicide},
	{"everyone would be better off dead", CrisisSuicide},
	{"they'd be better off without me", CrisisSuicide},
	{"there's no reason to live", CrisisSuicide},
	{"I see no point in living", CrisisSuicide},
	{"I have nothing to live for", CrisisSuicide},
	{"life isn't worth living", CrisisSuicide},
	{"I don't want to live like this", CrisisSuicide},
	{"I don't want to be alive", CrisisSuicide},
	{"I don't want to be here anymore", CrisisSuicide},
	{"I'm so tired of living", CrisisSuicide},
	{"I'm giving up on life", CrisisSuicide},
	{"I can't go on", CrisisSuicide},
	{"I can’t go on like this", CrisisSuicide}, // a typographic apostrophe
	{"I cannot go on", CrisisSuicide},
	{"I can not go on", CrisisSuicide},
	{"I can't do this anymore", CrisisSuicide},
	{"I can not do it anymore", CrisisSuicide},
	{"I feel like there's no way out", CrisisSuicide},
	{"I want to hang myself", CrisisSuicide},
	{"thinking about jumping off the bridge", CrisisSuicide},
	{"this is goodbye", CrisisSuicide},
	{"I KEEP THINKING ABOUT SUICIDE", CrisisSuicide},

	// Self-harm.
	{"I want to hurt myself", CrisisSelfHarm},
	{"I keep harming myself", CrisisSelfHarm},
	{"I've been thinking about self-harm", CrisisSelfHarm},
	{"selfharm again", CrisisSelfHarm},
	{"I started cutting again", CrisisSelfHarm},
	{"I've been cutting", CrisisSelfHarm},
	{"I want to slit my wrists", CrisisSelfHarm},

	// Immediate danger.
	{"I'm in danger", CrisisDanger},
	{"I'm not safe at home", CrisisDanger},
	{"I am not safe", CrisisDanger},
	{"I don't feel safe", CrisisDanger},
	{"I do not feel safe here", CrisisDanger},
	{"I feel unsafe", CrisisDanger},
	{"my boyfriend keeps hitting me", CrisisDanger},
	{"he threatened to kill me", CrisisDanger},
	{"my dealer has a gun", CrisisDanger},
	{"I want to hurt someone", CrisisDanger},
}

// notCrisis are everyday messages that share words with the table and must
// not be read as a crisis. "This craving is killing me" is here on
// purpose: see crisisMasks.
var notCrisis = []string{
	"I killed it at work today",
	"This craving is killing me",
	"my feet are killing me after that walk",
	"I'm dying to see my kids this weekend",
	"I'm dead tired",
	"I'm cutting back on coffee",
	"I've been cutting down on drinking",
	"cutting out alcohol has been hard",
	"I'm cutting ties with my old dealer",
	"I cut my finger on the cutting board",
	"I ran 5 kms today",
	"I didn't wake up on time this morning",
	"I can't wake up in the mornings",
	"I took my pills this morning",
	"I forgot to take all my pills",
	"my phone died",
	"my back is hurting me",
	"my mom is going to kill me when she sees this",
	"I shot myself in the foot at that interview",
	"I drank a whole bottle of wine last night",
	"Can you tell me about my emergency contacts?",
	"I'm studying odd numbers",
	"woodcutting is my new hobby",
	"I killed this craving with a walk",
	"I'm so bored I could scream",
	"I want to get better",
}

func TestDetectCrisis(t *testing.T) {
	for _, tc := range crisisCases {
		t.Run(tc.message, func(t *testing.T) {
			kind, ok := Detect(tc.message)
			if !ok || kind != tc.kind {
				t.Errorf("Detect(%q) = %q, %v; want %q", tc.message, kind, ok, tc.kind)
			}
		})
	}
}

func TestDetectLeavesEverydayMessagesAlone(t *testing.T) {
	for _, message := range notCrisis {
		t.Run(message, func(t *testing.T) {
			if kind, ok := Detect(message); ok {
				t.Errorf("Detect(%q) = %q, want no crisis", message, kind)
			}
		})
	}
}

func TestEveryCrisisRuleIsTested(t *testing.T) {
	for i, rule := range crisisRules {
		hit := false
		for _, tc := range crisisCases {
			if _, _, ok := compiledRules[i].find(masked(words(tc.message), compiledMasks)); ok {
				hit = true
				break
			}
		}
		if !hit {
			t.Errorf("rule %q (%s) has no case in crisisCases", rule.Pattern, rule.Kind)
		}
	}
}

// replier is a fake provider: it answers reply, or fails with err.
type replier struct {
	reply string
	err   error
	delay time.Duration
	calls int
}

func (r *replier) Reply(ctx context.Context, history []lifeline.ChatMessage, message string) (string, error) {
	r.calls++
	if r.delay > 0 {
		select {
		case <-time.After(r.delay):
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
	return r.reply, r.err
}

var quiet = slog.New(slog.DiscardHandler)

func requireResources(t *testing.T, reply string) {
	t.Helper()
	for _, want := range []string{"988", "911", "/crisis"} {
		if !strings.Contains(reply, want) {
			t.Errorf("crisis reply lacks %q:\n%s", want, reply)
		}
	}
}

func TestSafeAlwaysGivesCrisisResources(t *testing.T) {
	providers := []struct {
		name     string
		provider *replier
		keeps    string // the provider's words that should follow the resources
	}{
		{"provider answers something else", &replier{reply: "Have you tried a nice cup of tea?"}, "Have you tried a nice cup of tea?"},
		{"provider fails", &replier{err: errors.New("boom")}, ""},
		{"provider answers nothing", &replier{reply: "  "}, ""},
	}
	for _, p := range providers {
		for _, tc := range crisisCases {
			t.Run(p.name+"/"+tc.message, func(t *testing.T) {
				reply, err := answerText(Safe(p.provider, quiet).Answer(t.Context(), nil, tc.message))
				if err != nil {
					t.Fatalf("Reply error %v: a crisis message must always be answered", err)
				}
				requireResources(t, reply)
				if !strings.HasPrefix(reply, CrisisReply(tc.kind)) {
					t.Errorf("the resources do not come first:\n%s", reply)
				}
				if p.keeps != "" && !strings.HasSuffix(reply, p.keeps) {
					t.Errorf("the provider's reply is missing after the resources:\n%s", reply)
				}
			})
		}
	}
}

func TestSafeDoesNotWaitForASlowProviderInACrisis(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	slow := &replier{reply: "late", delay: time.Minute}
	reply, err := answerText(Safe(slow, quiet).Answer(ctx, nil, "I want to end my life"))
	if err != nil {
		t.Fatal(err)
	}
	requireResources(t, reply)
}

func TestSafePassesOtherMessagesThrough(t *testing.T) {
	fake := &replier{reply: "Try urge surfing."}
	for _, message := range notCrisis {
		reply, err := answerText(Safe(fake, quiet).Answer(t.Context(), nil, message))
		if err != nil || reply != "Try urge surfing." {
			t.Errorf("Reply(%q) = %q, %v; want the provider's reply unchanged", message, reply, err)
		}
	}
	fake.err = errors.New("down")
	if _, err := answerText(Safe(fake, quiet).Answer(t.Context(), nil, "hello")); err == nil {
		t.Error("a provider failure on an ordinary message was swallowed")
	}
}

func TestCrisisReplyOfEveryKind(t *testing.T) {
	for _, kind := range []string{CrisisOverdose, CrisisSuicide, CrisisSelfHarm, CrisisDanger} {
		t.Run(kind, func(t *testing.T) { requireResources(t, CrisisReply(kind)) })
	}
}

func FuzzDetect(f *testing.F) {
	for _, tc := range crisisCases {
		f.Add(tc.message)
	}
	for _, m := range notCrisis {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, message string) {
		kind, ok := Detect(message)
		if ok != (kind != "") {
			t.Errorf("Detect(%q) = %q, %v", message, kind, ok)
		}
	})
}

// answerText is an answer's words, for tests that look only at them.
func answerText(a *lifeline.ChatAnswer, err error) (string, error) {
	if err != nil {
		return "", err
	}
	return a.Reply, nil
}
