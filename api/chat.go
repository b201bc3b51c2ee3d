package api

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"lifeline"
)

// chatWindow is the rate-limit window of the chat: Config.ChatLimit
// messages per user per window, then a wait until it has passed.
const (
	chatWindow       = time.Minute
	defaultChatLimit = 20
)

type chatRequest struct {
	Message string                 `json:"message"`
	History []lifeline.ChatMessage `json:"history"`
}

// chatResponse is the answer; Concern is what the safety layer heard
// (lifeline.Concerns) and Actions what the person can do about it right
// away (lifeline.ChatActions), both absent for ordinary talk.
type chatResponse struct {
	Response string                `json:"response"`
	Concern  string                `json:"concern,omitempty"`
	Actions  []lifeline.ChatAction `json:"actions,omitempty"`
}

// validate trims the message and keeps the most recent turns of history
// that have content, each cut to its limit; the browser holds the whole
// conversation, the provider needs only its end.
func (req chatRequest) validate() (string, []lifeline.ChatMessage, error) {
	message := strings.TrimSpace(req.Message)
	switch n := utf8.RuneCountInString(message); {
	case n == 0:
		return "", nil, &lifeline.Error{Code: lifeline.EINVALID, Message: "Type a message first.",
			Fields: map[string]string{"message": "Type a message first."}}
	case n > lifeline.MaxChatMessage:
		text := fmt.Sprintf("Messages can be at most %s characters (this one has %s). Try splitting it into shorter messages.",
			thousands(lifeline.MaxChatMessage), thousands(n))
		return "", nil, &lifeline.Error{Code: lifeline.EINVALID, Message: text, Fields: map[string]string{"message": text}}
	}
	var history []lifeline.ChatMessage
	for i, m := range req.History {
		if m.Role != lifeline.ChatRoleUser && m.Role != lifeline.ChatRoleAssistant {
			text := fmt.Sprintf(`Turn %d of the history has role %q; use "user" or "assistant".`, i+1, m.Role)
			return "", nil, &lifeline.Error{Code: lifeline.EINVALID, Message: text, Fields: map[string]string{"history": text}}
		}
		if m.Content = strings.TrimSpace(m.Content); m.Content == "" {
			continue
		}
		if utf8.RuneCountInString(m.Content) > lifeline.MaxChatHistoryContent {
			m.Content = string([]rune(m.Content)[:lifeline.MaxChatHistoryContent]) + "…"
		}
		history = append(history, m)
	}
	// The browser may already have appended the message being sent.
	if n := len(history); n > 0 && history[n-1].Role == lifeline.ChatRoleUser && history[n-1].Content == message {
		history = history[:n-1]
	}
	if len(history) > lifeline.MaxChatHistory {
		history = history[len(history)-lifeline.MaxChatHistory:]
	}
	return message, history, nil
}

func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// chatbot answers POST /api/chatbot {message, history?} with {response,
// concern?, actions?}.
func (s *Server) chatbot(w http.ResponseWriter, r *http.Request) {
	var req chatRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	message, history, err := req.validate()
	if err != nil {
		writeError(w, r, err)
		return
	}
	if s.cfg.Chat == nil {
		writeError(w, r, lifeline.Errorf(lifeline.EINTERNAL, "AI chatbot is not yet configured. Coming soon!"))
		return
	}
	ctx := r.Context()
	user := currentUser(ctx)
	key := "chat:" + strconv.FormatInt(user.ID, 10)
	now := s.cfg.Now()
	limit := s.cfg.ChatLimit
	if limit <= 0 {
		limit = defaultChatLimit
	}
	wait, err := s.cfg.Throttle.Blocked(ctx, "client", key, now)
	if err == nil && wait == 0 {
		// Fail counts every message; the one past the limit is refused.
		wait, err = s.cfg.Throttle.Fail(ctx, "client", key, limit+1, chatWindow, chatWindow, now)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	if wait > 0 {
		writeTooManyChat(w, r, wait)
		return
	}
	answer, err := s.cfg.Chat.Answer(ctx, history, message)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := chatResponse{Response: answer.Reply, Concern: answer.Concern}
	if answer.Concern != "" {
		out.Actions = s.chatActions(ctx, user.ID, answer.Concern)
	}
	writeJSON(w, http.StatusOK, out)
}

// chatActions makes the actions for concern from the person's own people
// and plans. A part that cannot be read is left out and logged: the answer
// and its hotlines never wait on it.
func (s *Server) chatActions(ctx context.Context, userID int64, concern string) []lifeline.ChatAction {
	contacts, err := s.cfg.CrisisContacts.FindCrisisContacts(ctx, userID)
	if err != nil {
		s.cfg.Logger.ErrorContext(ctx, "chat: crisis contacts for the actions", "err", err)
	}
	safety, err := s.cfg.Plans.FindSafetyPlan(ctx, userID)
	if err != nil && lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		s.cfg.Logger.ErrorContext(ctx, "chat: safety plan for the actions", "err", err)
	}
	coping, err := s.cfg.Plans.FindCopingPlan(ctx, userID)
	if err != nil && lifeline.ErrorCode(err) != lifeline.ENOTFOUND {
		s.cfg.Logger.ErrorContext(ctx, "chat: coping plan for the actions", "err", err)
	}
	return lifeline.ChatActions(concern, contacts, safety, coping)
}

func writeTooManyChat(w http.ResponseWriter, r *http.Request, wait time.Duration) {
	seconds := max(int((wait+time.Second-1)/time.Second), 1)
	w.Header().Set("Retry-After", strconv.Itoa(seconds))
	unit := "seconds"
	if seconds == 1 {
		unit = "second"
	}
	writeError(w, r, lifeline.Errorf(lifeline.ETOOMANY,
		"You're sending messages faster than the assistant can keep up. Try again in %d %s. "+
			"If you need help right now, call or text 988, call 911 in an emergency, or open your crisis page at /crisis.", seconds, unit))
}
