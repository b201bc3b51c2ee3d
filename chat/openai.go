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
	"slices"
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

People in danger rarely say it outright. Listen for what it sounds like in real life:
- Suicide: wishing to be dead or to not wake up, feeling like a burden ("they'd be better off without me", "nobody would miss me"), hopelessness about living ("what's the point"), feeling trapped, saying goodbye, giving things away, a note, a plan, a time, or means at hand (pills saved up, a gun, a rope, a bridge).
- Self-harm: cutting, burning or hurting themselves, or the urge to.
- Overdose: someone hard to wake, breathing slowly or not at all, blue lips — or a high risk of one: using alone, using again after time clean or out of rehab or jail (their tolerance is lower), mixing alcohol, benzos or sleeping pills with opioids, pills or powder from an unknown source that may hold fentanyl.
- Danger from someone else: being hit, threatened, followed, locked in, or afraid to go home.
- An urge happening now: at the liquor store or a bar, a bottle in hand, texting a dealer.
Take a hint seriously even when it is joked about or buried in a long message, and ask directly and kindly ("Are you thinking about ending your life?") when you are unsure.

If the person may be in danger, put their safety first: tell them to call or text 988 (Suicide & Crisis Lifeline) or call 911 in an emergency, point them to their crisis page at /crisis, and encourage them to reach someone they trust right now. For an overdose, 911 comes first, then naloxone (Narcan) and staying with the person. For a risk of overdose, be plain and kind: don't use alone (the Never Use Alone hotline is 800-484-3731), keep naloxone near, fentanyl test strips, start low and go slow. For danger from someone else, getting somewhere safe, 911 and the National Domestic Violence Hotline (1-800-799-7233). For an urge now: leave the place, call their sponsor or someone now, ride the wave for 20 minutes, open their coping plan.`

// ClassifierPrompt asks a provider for a second opinion on one message: a
// separate, short request whose answer can only add an alarm to the safety
// layer's.
const ClassifierPrompt = `You are a safety classifier for a recovery-support chat used by people in recovery from substance use. Read the conversation and classify ONLY the person's last message, using the earlier turns as context.

Answer with one JSON object and nothing else: {"concern": "<label>"}, where <label> is one of:
- "suicide": thoughts of suicide or of being dead, said directly or indirectly (a wish to not wake up, being a burden, no point in living, feeling trapped, goodbyes, giving things away, a plan, a time, or means such as saved-up pills, a gun, a rope, a bridge), including a short answer ("yes", "tonight") to a question about it, or a friend describing someone in this danger now.
- "self_harm": hurting oneself without intent to die (cutting, burning, hitting oneself), or a strong urge to now.
- "overdose": an overdose happening now (hard to wake, slow or no breathing, blue lips, took too much), or a high risk of one now: using alone, using after a break in use (after rehab, jail, detox, months clean), mixing alcohol, benzodiazepines or sleeping pills with opioids, or drugs that may hold fentanyl.
- "danger": danger from someone else now (violence, threats, stalking, being locked in, a weapon), or a wish to hurt someone.
- "urge": an urge to drink or use happening now (at a liquor store or bar, a bottle or drugs at hand, contacting a dealer, about to relapse).
- "none": anything else, including figures of speech ("this job is killing me", "my phone died"), struggles told as past and over, other people's history, questions for information, clearly denied feelings ("I'm not suicidal"), and cravings that passed.
When unsure between "none" and a concern, choose the concern.`

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
	MaxTokens   int                    `json:"max_tokens,omitempty"`
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
	return c.complete(ctx, completionRequest{Model: c.model, Messages: messages, Temperature: temperature}, c.retries)
}

// complete sends one chat-completions request, retrying up to retries times.
func (c *OpenAI) complete(ctx context.Context, request completionRequest, retries int) (string, error) {
	body, err := json.Marshal(request)
	if err != nil {
		return "", fmt.Errorf("chat: encode request: %w", err)
	}
	delay := c.retryDelay
	for attempt := 0; ; attempt++ {
		reply, wait, err := c.attempt(ctx, body)
		if err == nil {
			return reply, nil
		}
		if wait < 0 || attempt >= retries {
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

// classifierTurns is how many earlier turns a second opinion sees.
const classifierTurns = 6

// Classify asks the provider for a second opinion on message (after the
// last few turns of history): the concern it hears, "" for none. It makes
// one attempt, at temperature 0; ctx bounds it. The safety layer calls it
// beside the reply (WithSecondOpinion), and its errors change nothing.
func (c *OpenAI) Classify(ctx context.Context, history []lifeline.ChatMessage, message string) (string, error) {
	history = history[max(0, len(history)-classifierTurns):]
	messages := make([]lifeline.ChatMessage, 0, len(history)+2)
	messages = append(messages, lifeline.ChatMessage{Role: "system", Content: ClassifierPrompt})
	messages = append(messages, history...)
	messages = append(messages, lifeline.ChatMessage{Role: lifeline.ChatRoleUser, Content: message})
	answer, err := c.complete(ctx, completionRequest{Model: c.model, Messages: messages, MaxTokens: classifierTokens}, 0)
	if err != nil {
		return "", err
	}
	return ParseConcern(answer)
}

// classifierTokens bounds a second opinion's answer: a short JSON object
// (reasoning models may think first, so not too short).
const classifierTokens = 400

// ParseConcern reads a classifier's answer: a JSON object {"concern": ...}
// (in a code fence or after some words, as models sometimes write), with
// a concern or "none". Anything else is an error.
func ParseConcern(answer string) (string, error) {
	start, end := strings.Index(answer, "{"), strings.LastIndex(answer, "}")
	if start < 0 || end < start {
		return "", fmt.Errorf("chat: the second opinion is not a JSON object: %q", snippet([]byte(answer)))
	}
	var out struct {
		Concern string `json:"concern"`
	}
	if err := json.Unmarshal([]byte(answer[start:end+1]), &out); err != nil {
		return "", fmt.Errorf("chat: the second opinion is not a JSON object: %w", err)
	}
	concern := strings.ToLower(strings.TrimSpace(out.Concern))
	switch {
	case concern == "none" || concern == "":
		return "", nil
	case slices.Contains(lifeline.Concerns, concern):
		return concern, nil
	}
	return "", fmt.Errorf("chat: the second opinion names no concern: %q", out.Concern)
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
