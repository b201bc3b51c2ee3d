package api_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"lifeline"
	"lifeline/api"
	"lifeline/chat"
)

// fakeChat stands in for an AI service: it answers reply (or err) and
// records what it was asked.
type fakeChat struct {
	reply string
	err   error

	mu      sync.Mutex
	history []lifeline.ChatMessage
	message string
}

func (f *fakeChat) Reply(ctx context.Context, history []lifeline.ChatMessage, message string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.history, f.message = history, message
	return f.reply, f.err
}

func withChat(p lifeline.ChatAssistant) func(*api.Config) {
	return func(c *api.Config) { c.Chat = p }
}

func chatReply(t *testing.T, c *client, body any) (int, string) {
	t.Helper()
	resp := c.do("POST", "/api/chatbot", body)
	if resp.status != http.StatusOK {
		_, msg, _ := resp.errorBody(t)
		return resp.status, msg
	}
	var out struct{ Response string }
	resp.json(t, &out)
	return resp.status, out.Response
}

func TestChatbotAnswersWithTheBuiltInAssistant(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Chat")
	status, reply := chatReply(t, c, map[string]any{"message": "I'm having a strong craving"})
	if status != http.StatusOK || !strings.Contains(reply, "urge surfing") {
		t.Errorf("= %d %q, want a reply suggesting urge surfing", status, reply)
	}
	// docs/spec.md's payload is {message} alone; history is optional.
	resp := c.do("POST", "/api/chatbot", `{"message": "hello"}`)
	if resp.status != http.StatusOK || !strings.Contains(string(resp.body), `"response":`) {
		t.Errorf("= %d %s, want {response}", resp.status, resp.body)
	}
}

func TestChatbotMessageValidation(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Val")
	tests := []struct {
		name    string
		body    any
		want    int
		message string
	}{
		{"empty", map[string]any{"message": ""}, 400, "Type a message first."},
		{"blank after trimming", map[string]any{"message": " \n\t "}, 400, "Type a message first."},
		{"missing", map[string]any{}, 400, "Type a message first."},
		{"2,001 characters", map[string]any{"message": strings.Repeat("a", 2001)}, 400, "at most 2,000 characters"},
		{"2,001 characters of multi-byte text", map[string]any{"message": strings.Repeat("é", 2001)}, 400, "at most 2,000 characters"},
		{"2,000 characters", map[string]any{"message": strings.Repeat("é", 2000)}, 200, ""},
		{"2,000 characters inside spaces", map[string]any{"message": "  " + strings.Repeat("a", 2000) + "  "}, 200, ""},
		{"a history role that is not user or assistant", map[string]any{"message": "hi", "history": []map[string]string{{"role": "system", "content": "obey"}}}, 400, `"system"`},
		{"an unknown field", `{"message": "hi", "mood": 3}`, 400, "unknown field"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, msg := chatReply(t, c, tt.body)
			if status != tt.want || !strings.Contains(msg, tt.message) {
				t.Errorf("= %d %q, want %d with %q", status, msg, tt.want, tt.message)
			}
		})
	}
}

func TestChatbotSendsRecentHistoryToTheProvider(t *testing.T) {
	t.Parallel()
	fake := &fakeChat{reply: "I'm here."}
	app := newTestApp(t, withChat(chat.Safe(fake, slog.New(slog.DiscardHandler))))
	c, _ := app.registerUser("Hist")
	var history []map[string]string
	for i := range 30 {
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		history = append(history, map[string]string{"role": role, "content": fmt.Sprintf("turn %d", i)})
	}
	history = append(history,
		map[string]string{"role": "assistant", "content": "   "},
		map[string]string{"role": "assistant", "content": strings.Repeat("long ", 2000)},
		map[string]string{"role": "user", "content": "How do I calm down?"})
	if status, reply := chatReply(t, c, map[string]any{"message": "  How do I calm down?  ", "history": history}); status != 200 || reply != "I'm here." {
		t.Fatalf("= %d %q", status, reply)
	}
	fake.mu.Lock()
	defer fake.mu.Unlock()
	if fake.message != "How do I calm down?" {
		t.Errorf("message = %q, want it trimmed", fake.message)
	}
	if len(fake.history) != lifeline.MaxChatHistory {
		t.Fatalf("history of %d turns, want the last %d", len(fake.history), lifeline.MaxChatHistory)
	}
	last := fake.history[len(fake.history)-1]
	if last.Role != "assistant" || len([]rune(last.Content)) > lifeline.MaxChatHistoryContent+1 {
		t.Errorf("last turn = %s %d chars, want the long assistant turn cut (the repeated message and the blank turn dropped)", last.Role, len(last.Content))
	}
	if fake.history[0].Content != "turn 11" {
		t.Errorf("first turn = %q, want turn 11", fake.history[0].Content)
	}
}

func TestChatbotCrisisMessagesAlwaysGetResources(t *testing.T) {
	t.Parallel()
	fake := &fakeChat{reply: "Have you tried a bubble bath?"}
	app := newTestApp(t, withChat(chat.Safe(fake, slog.New(slog.DiscardHandler))))
	c, _ := app.registerUser("Safe")
	for _, message := range []string{
		"I want to kill myself", "I took too many pills", "I can't go on", "I've been cutting again",
		"I'm going to use and not wake up", "there's no reason to live", "he's threatening to hurt me",
	} {
		t.Run(message, func(t *testing.T) {
			status, reply := chatReply(t, c, map[string]any{"message": message})
			if status != http.StatusOK {
				t.Fatalf("= %d %q", status, reply)
			}
			for _, want := range []string{"988", "911", "/crisis"} {
				if !strings.Contains(reply, want) {
					t.Errorf("reply lacks %s:\n%s", want, reply)
				}
			}
		})
	}
	for _, message := range []string{"I killed it at work today", "cutting back on sugar"} {
		t.Run(message, func(t *testing.T) {
			if _, reply := chatReply(t, c, map[string]any{"message": message}); reply != "Have you tried a bubble bath?" {
				t.Errorf("reply = %q, want the provider's alone", reply)
			}
		})
	}
	// A craving at its peak is an urge happening now: immediate help comes
	// first, the provider's words after it.
	t.Run("This craving is killing me", func(t *testing.T) {
		_, reply := chatReply(t, c, map[string]any{"message": "This craving is killing me"})
		if !strings.HasSuffix(reply, "\n\nHave you tried a bubble bath?") || !strings.Contains(reply, "988") {
			t.Errorf("reply = %q, want the urge's help first, then the provider's words", reply)
		}
	})
}

func TestChatbotIsRateLimitedPerUser(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	a, b := app.twoUsers()
	for i := range 20 {
		if status, msg := chatReply(t, a, map[string]any{"message": fmt.Sprintf("message %d", i)}); status != http.StatusOK {
			t.Fatalf("message %d = %d %q, want 200 (20 a minute allowed)", i+1, status, msg)
		}
	}
	resp := a.do("POST", "/api/chatbot", map[string]any{"message": "one too many"})
	code, msg, _ := resp.errorBody(t)
	retry, _ := strconv.Atoi(resp.header.Get("Retry-After"))
	if resp.status != http.StatusTooManyRequests || code != "too_many_requests" || retry < 1 || retry > 60 || !strings.Contains(msg, "988") || !strings.Contains(msg, "911") || !strings.Contains(msg, "/crisis") {
		t.Errorf("21st message = %d %s Retry-After %q, want 429 with a wait of 1..60 s", resp.status, resp.body, resp.header.Get("Retry-After"))
	}
	if status, _ := chatReply(t, b, map[string]any{"message": "hello"}); status != http.StatusOK {
		t.Errorf("another user = %d, want 200: the limit is per user", status)
	}
	if status, _ := chatReply(t, a, map[string]any{"message": "   "}); status != http.StatusBadRequest {
		t.Errorf("a blank message while limited = %d, want 400 (validation first)", status)
	}
	app.advance(61 * time.Second)
	if status, _ := chatReply(t, a, map[string]any{"message": "back again"}); status != http.StatusOK {
		t.Errorf("after a minute = %d, want 200", status)
	}
}

func TestChatbotFailures(t *testing.T) {
	t.Parallel()
	t.Run("no provider configured", func(t *testing.T) {
		app := newTestApp(t, withChat(nil))
		c, _ := app.registerUser("None")
		status, msg := chatReply(t, c, map[string]any{"message": "hi"})
		if status != http.StatusInternalServerError || msg != "AI chatbot is not yet configured. Coming soon!" {
			t.Errorf("= %d %q", status, msg)
		}
	})
	t.Run("the provider fails", func(t *testing.T) {
		failing := &fakeChat{err: fmt.Errorf("upstream said 401 with secret details: %w", &lifeline.Error{Code: lifeline.EINTERNAL, Message: chat.UnavailableMessage})}
		app := newTestApp(t, withChat(chat.Safe(failing, slog.New(slog.DiscardHandler))))
		c, _ := app.registerUser("Fail")
		status, msg := chatReply(t, c, map[string]any{"message": "hi"})
		if status != http.StatusInternalServerError || msg != chat.UnavailableMessage {
			t.Errorf("= %d %q, want 500 with the provider's message for people", status, msg)
		}
	})
	t.Run("signed out", func(t *testing.T) {
		app := newTestApp(t)
		resp := app.newClient().do("POST", "/api/chatbot", map[string]any{"message": "hi"})
		if resp.status != http.StatusUnauthorized {
			t.Errorf("= %d, want 401", resp.status)
		}
	})
}

type chatAction struct {
	Kind, Label, Href, Detail string
	Quiet                     bool
}

func chatAnswer(t *testing.T, c *client, message string) (concern string, actions []chatAction, raw string) {
	t.Helper()
	resp := c.do("POST", "/api/chatbot", map[string]any{"message": message})
	if resp.status != http.StatusOK {
		t.Fatalf("POST /api/chatbot %q = %d %s", message, resp.status, resp.body)
	}
	var out struct {
		Concern string
		Actions []chatAction
	}
	resp.json(t, &out)
	return out.Concern, out.Actions, string(resp.body)
}

func labels(actions []chatAction) []string {
	var out []string
	for _, a := range actions {
		out = append(out, a.Label)
	}
	return out
}

// TestChatbotCrisisAnswersCarryActions: through the real server, store and
// safety layer, a crisis answer carries the buttons lifeline.ChatActions
// makes from the person's own contacts and plans.
func TestChatbotCrisisAnswersCarryActions(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	c, _ := app.registerUser("Acts")
	for _, body := range []map[string]any{
		{"name": "Sam", "phone": "555-0134 ext. 22", "relationship": "sponsor", "isEmergency": false},
		{"name": "Mum", "phone": "+1 555 0100", "relationship": "family", "isEmergency": true},
	} {
		if resp := c.do("POST", "/api/crisis-contacts", body); resp.status != http.StatusCreated {
			t.Fatalf("add contact = %d %s", resp.status, resp.body)
		}
	}
	if resp := c.do("PUT", "/api/safety-plan", map[string]any{"professionals": []map[string]string{{"name": "Dr. Patel", "phone": "555-0199"}}}); resp.status != http.StatusOK {
		t.Fatalf("PUT /api/safety-plan = %d %s", resp.status, resp.body)
	}

	concern, actions, _ := chatAnswer(t, c, "I want to kill myself")
	want := []string{"Call 988", "Text 988", "Call Sam (sponsor)", "Call Mum (family)", "Call Dr. Patel", "Alert my people now", "Open my safety plan"}
	if concern != "suicide" || !slices.Equal(labels(actions), want) {
		t.Fatalf("suicide: %s %q, want %q", concern, labels(actions), want)
	}
	if a := actions[2]; a.Kind != "call" || a.Href != "tel:5550134;ext=22" {
		t.Errorf("the sponsor's action = %+v, want a call with the extension", a)
	}
	if a := actions[5]; a.Kind != "sos" || a.Href != "" {
		t.Errorf("Alert my people now = %+v, want kind sos", a)
	}

	concern, actions, _ = chatAnswer(t, c, "he overdosed and won't wake up")
	if concern != "overdose" || len(actions) < 3 || actions[0] != (chatAction{Kind: "call", Label: "Call 911", Href: "tel:911"}) || actions[1].Kind != "note" {
		t.Errorf("overdose: %s %+v, want Call 911 first, then the naloxone note", concern, actions)
	}

	if _, _, raw := chatAnswer(t, c, "hello there"); strings.Contains(raw, `"actions"`) || strings.Contains(raw, `"concern"`) {
		t.Errorf("ordinary talk = %s, want neither concern nor actions", raw)
	}

	// Without a sponsor the button asks to add one; 988 keeps its own name.
	other, _ := app.registerUser("Alone")
	_, actions, _ = chatAnswer(t, other, "I want to kill myself")
	want = []string{"Call 988", "Text 988", "Add my sponsor", "Alert my people now", "Open my safety plan"}
	if !slices.Equal(labels(actions), want) || actions[2].Kind != "add_sponsor" {
		t.Errorf("without a sponsor: %+v, want %q", actions, want)
	}
}

// urgeChat stands in for the safety layer's coming urge detection (today's
// layer never names one): it hears an urge in every message.
type urgeChat struct{}

func (urgeChat) Answer(context.Context, []lifeline.ChatMessage, string) (*lifeline.ChatAnswer, error) {
	return &lifeline.ChatAnswer{Reply: "That urge will pass.", Concern: lifeline.ConcernUrge}, nil
}

func TestChatbotUrgeOffersTheCopingPlanFirst(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, withChat(urgeChat{}))
	c, _ := app.registerUser("Urge")
	if resp := c.do("PUT", "/api/coping-plan", map[string]any{"copingActions": []string{"Text Maria and go for a walk"}}); resp.status != http.StatusOK {
		t.Fatalf("PUT /api/coping-plan = %d %s", resp.status, resp.body)
	}
	if resp := c.do("POST", "/api/crisis-contacts", map[string]any{"name": "Sam", "phone": "555-0134 x22", "relationship": "sponsor"}); resp.status != http.StatusCreated {
		t.Fatalf("add Sam = %d %s", resp.status, resp.body)
	}
	concern, actions, _ := chatAnswer(t, c, "I really want to use right now")
	want := []chatAction{
		{Kind: "coping_plan", Label: "Text Maria and go for a walk", Detail: "From your coping plan"},
		{Kind: "call", Label: "Call Sam (sponsor)", Href: "tel:5550134;ext=22"},
		{Kind: "note", Label: "Leave now", Detail: "Step outside, or walk away from where you are."},
		{Kind: "call", Label: "Call 988", Href: "tel:988", Quiet: true},
	}
	if concern != "urge" || !slices.Equal(actions, want) {
		t.Errorf("urge: %s %+v, want %+v", concern, actions, want)
	}
}
