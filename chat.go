package lifeline

import "context"

// Chat roles of the support assistant's conversation.
const (
	ChatRoleUser      = "user"
	ChatRoleAssistant = "assistant"
)

// Chat limits: a message holds at most MaxChatMessage characters; the
// browser sends at most MaxChatHistory recent turns as context, each cut to
// MaxChatHistoryContent characters.
const (
	MaxChatMessage        = 2000
	MaxChatHistory        = 20
	MaxChatHistoryContent = 4000
)

// ChatMessage is one earlier turn of a conversation. The conversation lives
// in the browser; the server keeps none of it.
type ChatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// ChatProvider answers the AI support chat.
type ChatProvider interface {
	// Reply answers message, given the earlier turns oldest first. message
	// is trimmed, non-empty and at most MaxChatMessage characters. Errors
	// carry a message fit for a person (an *Error, usually EINTERNAL).
	Reply(ctx context.Context, history []ChatMessage, message string) (string, error)
}
