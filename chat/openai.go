package chat

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"lifeline"
)

// SystemPrompt sets the tone of an AI provider's answers.
const SystemPrompt = `You are the support assistant inside Lifeline, a recovery-support app for people in recovery from substance use.

How you answer:
- Be warm, calm and non-judgemental. Listen first: reflect back what the person seems to feel before suggesting anything.
- Be practical and brief: a few short paragraphs at most, plain text, no headings. Offer one or two concrete things to try, not a list of ten.
- Use the app's own tools where they fit: 4-7-8 breathing and 5-4-3-2-1 grounding (on the crisis page, /crisis), urge surfing for cravings, a HALT check (Hungry, Angry, Lonely, Tired), their safety plan (/crisis), calling one of their personal contacts, the Coping Plan Builder and the articles in Learn & Grow (/education), and the daily check-in (/checkin).
- Treat a slip or relapse with compassion: it is not a failure, and the next step matters most.
- Encourage professional help and peer support (a doctor, a counsellor, a sponsor, mutual-help groups) whenever it would help.

What you never do:
- Never diagnose, and never give medical or medication advice: no doses, no tapering, no mixing substances, no "safe use" instructions. Say that a doctor or pharmacist should answer, and that withdrawal from alcohol or benzodiazepines can be dangerous.
- Never shame, lecture or moralise, and never claim to be a human or a therapist.

If the person may be in danger — thoughts of suicide or self-harm, an overdose, or someone threatening them — put their safety first: tell them to call or text 988 (Suicide & Crisis Lifeline) or call 911 in an emergency, point them to their crisis page at /crisis, and encourage them to reach someone they trust right now.`

// UnavailableMessage is what a person sees when the AI provider fails.
const UnavailableMessage = "The assistant couldn't answer just now. Please try again in a moment. If you need help right now, call or text 988, or open your crisis page."

// errUnavailable is the error every provider failure wraps: EINTERNAL with
// a message fit for a person; the wrapping text says what happened, for
// the log.
var errUnavailable = &lifeline.Error{Code: lifeline.EINTERNAL, Message: UnavailableMessage}

func unavailable(format string, args ...any) error {
	return fmt.Errorf("chat: %s: %w", fmt.Sprintf(format, args...), errUnavailable)
}

const (
	defaultTimeout    = 30 * time.Second
	defaultRetries    = 2
	defaultRetryDelay = 500 * time.Millisecond
	maxRetryDelay     = 10 * time.Second
	temperature       = 0.7
	maxResponseBody   = 1 << 20
	// maxReply cuts a runaway answer.
	maxReply = 8000
)

// OpenAI is a client of an OpenAI-compatible chat-completions API: OpenAI
// itself, and local servers that speak the same API (Ollama, vLLM,
// llama.cpp, LM Studio).
type OpenAI struct {
	endpoint   string
	model      string
	key        string
	timeout    time.Duration
	retries    int
	retryDelay time.Duration
	prompt     string
	http       *http.Client
	logger     *slog.Logger
}

// NewOpenAI returns a client for cfg.BaseURL, which must be set, as must
// cfg.Model.
func NewOpenAI(cfg Config) (*OpenAI, error) {
	base := strings.TrimRight(strings.TrimSpace(cfg.BaseURL), "/")
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("chat: base URL %q must be an http or https URL such as https://api.openai.com/v1", cfg.BaseURL)
	}
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, errors.New("chat: a model name is required with a base URL")
	}
	c := &OpenAI{
		endpoint:   base + "/chat/completions",
		model:      strings.TrimSpace(cfg.Model),
		key:        strings.TrimSpace(cfg.APIKey),
		timeout:    cfg.Timeout,
		retries:    cfg.MaxRetries,
		retryDelay: cfg.RetryDelay,
		prompt:     cfg.SystemPrompt,
		http:       cfg.HTTPClient,
		logger:     cfg.Logger,
	}
	if c.timeout <= 0 {
		c.timeout = defaultTimeout
	}
	if c.retries == 0 {
		c.retries = defaultRetries
	}
	c.retries = max(c.retries, 0)
	if c.retryDelay <= 0 {
		c.retryDelay = defaultRetryDelay
	}
	if c.prompt == "" {
		c.prompt = SystemPrompt
	}
	if c.http == nil {
		c.http = &http.Client{}
	}
	if c.logger == nil {
		c.logger = slog.Default()
	}
	return c, nil
}

type completionRequest struct {
	Model       string                 `json:"model"`
	Messages    []lifeline.ChatMessage `json:"messages"`
	Temperature float64                `json:"temperature"`
}

type completionResponse struct {
	Choices []struct {
		Message struct {
			Content string `json:"content"`
		} `json:"message"`
	} `json:"choices"`
}

// Reply sends the system prompt, the history and message. 429s, 5xx
// answers and failed connections are retried with backoff (honouring
// Retry-After); a timed-out attempt is not, as the person is waiting.
func (c *OpenAI) Reply(ctx context.Context, history []lifeline.ChatMessage, message string) (string, error) {
	messages := make([]lifeline.ChatMessage, 0, len(history)+2)
	messages = append(messages, lifeline.ChatMessage{Role: "system", Content: c.prompt})
	messages = append(messages, history...)
	messages = append(messages, lifeline.ChatMessage{Role: lifeline.ChatRoleUser, Content: message})
	body, err := json.Marshal(completionRequest{Model: c.model, Messages: messages, Temperature: temperature})
	if err != nil {
		return "", fmt.Errorf("chat: encode request: %w", err)
	}
	delay := c.retryDelay
	for attempt := 0; ; attempt++ {
		reply, wait, err := c.attempt(ctx, body)
		if err == nil {
			return reply, nil
		}
		if wait < 0 || attempt >= c.retries {
			return "", err
		}
		if wait == 0 {
			wait = delay
		}
		delay *= 2
		c.logger.WarnContext(ctx, "chat: provider failed; retrying", "attempt", attempt+1, "wait", wait, "err", err)
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return "", unavailable("gave up waiting to retry: %v", ctx.Err())
		}
	}
}

// attempt makes one request. On failure wait says what to do: negative
// means do not retry, 0 retry after the usual backoff, more retry after it.
func (c *OpenAI) attempt(ctx context.Context, body []byte) (reply string, wait time.Duration, err error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint, bytes.NewReader(body))
	if err != nil {
		return "", -1, unavailable("build request: %v", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if c.key != "" {
		req.Header.Set("Authorization", "Bearer "+c.key)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		var netErr net.Error
		if ctx.Err() != nil || errors.As(err, &netErr) && netErr.Timeout() {
			return "", -1, unavailable("no answer from %s within %s: %v", c.endpoint, c.timeout, err)
		}
		return "", 0, unavailable("request to %s failed: %v", c.endpoint, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBody))
	if err != nil {
		if ctx.Err() != nil {
			return "", -1, unavailable("no answer from %s within %s: %v", c.endpoint, c.timeout, err)
		}
		return "", 0, unavailable("read answer from %s: %v", c.endpoint, err)
	}
	switch {
	case resp.StatusCode == http.StatusOK:
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
		return "", retryAfter(resp.Header.Get("Retry-After")), unavailable("%s answered %d: %s", c.endpoint, resp.StatusCode, snippet(raw))
	case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden:
		return "", -1, unavailable("%s refused the API key (%d): %s", c.endpoint, resp.StatusCode, snippet(raw))
	default:
		return "", -1, unavailable("%s answered %d: %s", c.endpoint, resp.StatusCode, snippet(raw))
	}
	var out completionResponse
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", -1, unavailable("%s answered something other than a chat completion: %v", c.endpoint, err)
	}
	if len(out.Choices) == 0 {
		return "", -1, unavailable("%s answered with no choices", c.endpoint)
	}
	reply = cleanReply(out.Choices[0].Message.Content)
	if reply == "" {
		return "", -1, unavailable("%s answered with an empty message", c.endpoint)
	}
	return reply, 0, nil
}

// thinking is the reasoning some local models print before their answer.
var thinking = regexp.MustCompile(`(?s)^\s*<think>.*?</think>`)

func cleanReply(s string) string {
	s = strings.TrimSpace(thinking.ReplaceAllString(s, ""))
	if utf8.RuneCountInString(s) > maxReply {
		s = string([]rune(s)[:maxReply]) + "…"
	}
	return s
}

// retryAfter reads a Retry-After header in seconds, capped; 0 when absent.
func retryAfter(v string) time.Duration {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n <= 0 {
		return 0
	}
	return min(time.Duration(n)*time.Second, maxRetryDelay)
}

func snippet(raw []byte) string {
	s := strings.TrimSpace(string(raw))
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}
