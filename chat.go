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

// ChatProvider writes the words of the AI support chat's answers: a
// language model or the built-in assistant. It never sees a message without
// the safety layer (ChatAssistant) in front of it.
type ChatProvider interface {
	// Reply answers message, given the earlier turns oldest first. message
	// is trimmed, non-empty and at most MaxChatMessage characters. Errors
	// carry a message fit for a person (an *Error, usually EINTERNAL).
	Reply(ctx context.Context, history []ChatMessage, message string) (string, error)
}

// Concerns the chat's safety layer hears in a message: the kind of help it
// needs before anything else. The empty concern is ordinary talk.
const (
	ConcernSuicide  = "suicide"   // thoughts of suicide: wishes, hopelessness, burdensomeness, a plan, means, goodbyes
	ConcernSelfHarm = "self_harm" // hurting oneself without intent to die
	ConcernOverdose = "overdose"  // an overdose now, or a high risk of one (using alone, after a break, mixing depressants, fentanyl)
	ConcernDanger   = "danger"    // danger from someone else
	ConcernUrge     = "urge"      // an urge to use that is happening now
)

// Concerns lists every concern, the crisis ones first.
var Concerns = []string{ConcernSuicide, ConcernSelfHarm, ConcernOverdose, ConcernDanger, ConcernUrge}

// IsCrisis reports whether concern is a crisis (anything but an urge or
// ordinary talk): its answer leads with people who can help right now.
func IsCrisis(concern string) bool {
	return concern != "" && concern != ConcernUrge
}

// ChatAnswer is the assistant's answer to one message: its words, and the
// concern the safety layer heard ("" for none), which decides the actions
// the person is offered beside the words.
type ChatAnswer struct {
	Reply   string
	Concern string
}

// ChatAssistant answers the chat: the safety layer in front of a
// ChatProvider. It takes the same arguments as ChatProvider.Reply.
type ChatAssistant interface {
	Answer(ctx context.Context, history []ChatMessage, message string) (*ChatAnswer, error)
}
