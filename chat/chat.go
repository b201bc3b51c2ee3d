// Package chat answers Lifeline's AI support chat. It holds the providers
// of lifeline.ChatProvider — a client of any OpenAI-compatible
// chat-completions API and a built-in supportive assistant that needs no
// outside service — and the safety layer that goes in front of every one
// of them. cmd/lifeline builds the provider with New.
package chat

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"lifeline"
)

// Config chooses and configures the provider.
type Config struct {
	// BaseURL of an OpenAI-compatible API, without /chat/completions:
	// https://api.openai.com/v1, http://localhost:11434/v1 (Ollama),
	// http://localhost:8000/v1 (vLLM). Empty: the built-in assistant.
	BaseURL string
	// Model is the model name the API knows, e.g. gpt-4o-mini or llama3.1.
	Model string
	// APIKey is sent as a bearer token; local servers often need none.
	APIKey string
	// Timeout bounds each attempt (default 30s).
	Timeout time.Duration
	// MaxRetries is how many times a 429, a 5xx or a failed connection is
	// retried (default 2; negative: never).
	MaxRetries int
	// RetryDelay is the first wait before a retry, doubled each time
	// (default 500ms); a Retry-After header (up to 10s) wins.
	RetryDelay time.Duration
	// SystemPrompt replaces the default SystemPrompt.
	SystemPrompt string
	HTTPClient   *http.Client
	Logger       *slog.Logger
}

// New returns the chat provider for cfg, always behind the safety layer
// (Safe): the OpenAI-compatible client when cfg.BaseURL is set, falling
// back to the built-in assistant whenever the API fails and asked for a
// second opinion on every message (WithSecondOpinion), or the built-in
// assistant alone when it is not.
func New(cfg Config) (lifeline.ChatAssistant, error) {
	logger := cfg.Logger
	if logger == nil {
		logger = slog.Default()
	}
	builtin := NewBuiltin()
	if strings.TrimSpace(cfg.BaseURL) == "" {
		return Safe(builtin, logger), nil
	}
	client, err := NewOpenAI(cfg)
	if err != nil {
		return nil, err
	}
	return Safe(&fallback{primary: client, backup: builtin, logger: logger}, logger, WithSecondOpinion(client)), nil
}

// fallback answers with backup when primary fails, so a provider outage
// degrades the chat instead of breaking it. The failure is logged.
type fallback struct {
	primary, backup lifeline.ChatProvider
	logger          *slog.Logger
}

func (f *fallback) Reply(ctx context.Context, history []lifeline.ChatMessage, message string) (string, error) {
	reply, err := f.primary.Reply(ctx, history, message)
	if err == nil {
		return reply, nil
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		return "", err // the person left; nobody is waiting for an answer
	}
	f.logger.ErrorContext(ctx, "chat: AI provider failed; the built-in assistant answers instead", "err", err)
	return f.backup.Reply(ctx, history, message)
}
