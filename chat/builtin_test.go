package chat

import (
	"strings"
	"testing"

	"lifeline"
)

func TestBuiltinSuggestsTheToolForTheTopic(t *testing.T) {
	tests := []struct {
		topic, message string
		want           []string // each must appear in the reply
	}{
		{"cravings", "I'm having a really strong craving right now", []string{"urge surfing"}},
		{"cravings", "This craving is killing me", []string{"urge surfing"}},
		{"cravings", "I really want to drink tonight", []string{"urge"}},
		{"anxiety", "I feel so anxious about tomorrow", []string{"4-7-8"}},
		{"anxiety", "I feel panicky and I can't calm down", []string{"4-7-8"}},
		{"sleep", "I can't sleep, I keep waking up at 3am", []string{"sleep", "Learn & Grow"}},
		{"loneliness", "I feel so lonely since I stopped going out", []string{"contact"}},
		{"anger", "I'm furious with my brother", []string{"HALT"}},
		{"relapse", "I relapsed last night and I feel terrible", []string{"slip", "safety plan"}},
		{"relapse", "I slipped and drank last night after 40 days", []string{"safety plan"}},
		{"boredom", "I'm so bored, there's nothing to do", []string{"Coping Plan Builder"}},
		{"stress", "Work has me completely overwhelmed", []string{"5-4-3-2-1"}},
		{"medication", "should I stop taking my suboxone?", []string{"doctor", "pharmacist"}},
		{"progress", "I'm 30 days sober today!", []string{"celebrating|glad", "/checkin"}},
		{"greeting", "hi", []string{"How are you|What's on your mind", "/checkin"}},
		{"thanks", "thank you, that helped", []string{"welcome|Anytime"}},
		{"low mood", "I've been feeling really down and empty", []string{"contacts|trust", "doctor or counsellor"}},
		{"shame", "I feel so ashamed of what I did", []string{"sponsor"}},
		{"anything else", "my cat knocked over a plant", []string{"4-7-8", "Learn & Grow"}},
	}
	for _, tt := range tests {
		t.Run(tt.topic+"/"+tt.message, func(t *testing.T) {
			reply, err := NewBuiltin().Reply(t.Context(), nil, tt.message)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range tt.want {
				if !containsAny(reply, strings.Split(want, "|")) {
					t.Errorf("reply lacks %q:\n%s", want, reply)
				}
			}
		})
	}
}

func TestBuiltinReflectsFeelings(t *testing.T) {
	tests := []struct{ message, feeling string }{
		{"I feel so anxious about tomorrow", "anxious"},
		{"I'm so angry at everyone", "angry"},
		{"I feel really lonely", "lonely"},
		{"I'm ashamed of what I did", "ashamed"},
		{"I've been feeling down all week", "low"},
		{"I'm exhausted", "worn out"},
		{"I'm proud of myself today", "hopeful"},
	}
	for _, tt := range tests {
		t.Run(tt.message, func(t *testing.T) {
			reply, _ := NewBuiltin().Reply(t.Context(), nil, tt.message)
			lower := strings.ToLower(reply)
			if !strings.Contains(lower, "feeling "+tt.feeling) && !strings.Contains(lower, "feel "+tt.feeling) {
				t.Errorf("reply does not reflect %q:\n%s", tt.feeling, reply)
			}
		})
	}
	reply, _ := NewBuiltin().Reply(t.Context(), nil, "I don't feel good today")
	if strings.Contains(reply, "good to hear") || strings.Contains(reply, "hopeful") {
		t.Errorf("a negated good feeling read as a good one:\n%s", reply)
	}
}

func TestBuiltinIsDeterministicAndVaried(t *testing.T) {
	b := NewBuiltin()
	history := []lifeline.ChatMessage{{Role: "user", Content: "hi"}, {Role: "assistant", Content: "Hello!"}}
	first, _ := b.Reply(t.Context(), history, "I'm having a strong craving")
	again, _ := b.Reply(t.Context(), history, "I'm having a strong craving")
	if first != again {
		t.Errorf("the same conversation got two replies:\n%s\n%s", first, again)
	}
	seen := map[string]bool{}
	for _, m := range []string{"craving again", "I have cravings", "the urge is strong", "so tempted right now", "I'm triggered", "craving tonight"} {
		reply, _ := b.Reply(t.Context(), history, m)
		seen[reply] = true
	}
	if len(seen) < 2 {
		t.Errorf("six craving messages got %d distinct replies, want varied wording", len(seen))
	}
}

func TestBuiltinNudgesTheCheckInOnAFirstMessage(t *testing.T) {
	reply, _ := NewBuiltin().Reply(t.Context(), nil, "I'm feeling stressed")
	if !strings.Contains(reply, "/checkin") {
		t.Errorf("first reply lacks the check-in nudge:\n%s", reply)
	}
}

func TestBuiltinAnswersACrisisGently(t *testing.T) {
	// The safety layer adds the resources; the assistant's own words follow.
	reply, _ := answerText(Safe(NewBuiltin(), quiet).Answer(t.Context(), nil, "I want to kill myself"))
	requireResources(t, reply)
	if strings.Contains(reply, "urge surfing") || strings.Contains(reply, "/checkin") {
		t.Errorf("a crisis got an everyday suggestion:\n%s", reply)
	}
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
