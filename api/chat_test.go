package api_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
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
