package chat

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"lifeline"
)

// fakeAPI is a small OpenAI-compatible server: it answers each request
// with the next of its answers (the last one repeats) and records requests.
type fakeAPI struct {
	t        *testing.T
	srv      *httptest.Server
	answers  []fakeAnswer
	calls    atomic.Int32
	mu       sync.Mutex
	lastBody completionRequest
	lastReq  *http.Request
	// classify answers the requests that carry ClassifierPrompt (the
	// second opinion), which are counted and recorded apart.
	classify      *fakeAnswer
	classifyCalls atomic.Int32
	classifyBody  completionRequest
}

type fakeAnswer struct {
	status int
	body   string
	delay  time.Duration
	header map[string]string
}

func completion(content string) fakeAnswer {
	raw, _ := json.Marshal(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion",
		"choices": []map[string]any{{"index": 0, "message": map[string]string{"role": "assistant", "content": content}, "finish_reason": "stop"}},
	})
	return fakeAnswer{status: http.StatusOK, body: string(raw)}
}

func newFakeAPI(t *testing.T, answers ...fakeAnswer) *fakeAPI {
	f := &fakeAPI{t: t, answers: answers}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var body completionRequest
		if err := json.Unmarshal(raw, &body); err != nil {
			t.Errorf("request body is not JSON: %v\n%s", err, raw)
		}
		var a fakeAnswer
		f.mu.Lock()
		if len(body.Messages) > 0 && body.Messages[0].Content == ClassifierPrompt {
			f.classifyCalls.Add(1)
			f.classifyBody = body
			a = completion(`{"concern": "none"}`)
			if f.classify != nil {
				a = *f.classify
			}
		} else {
			n := int(f.calls.Add(1))
			f.lastReq = r.Clone(context.Background())
			f.lastBody = body
			a = f.answers[min(n, len(f.answers))-1]
		}
		f.mu.Unlock()
		if a.delay > 0 {
			select {
			case <-time.After(a.delay):
			case <-r.Context().Done():
				return
			}
		}
		for k, v := range a.header {
			w.Header().Set(k, v)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(a.status)
		io.WriteString(w, a.body)
	}))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeAPI) client(t *testing.T, cfg Config) *OpenAI {
	t.Helper()
	cfg.BaseURL = f.srv.URL + "/v1/"
	if cfg.Model == "" {
		cfg.Model = "recovery-model"
	}
	if cfg.RetryDelay == 0 {
		cfg.RetryDelay = time.Millisecond
	}
	cfg.Logger = quiet
	c, err := NewOpenAI(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestOpenAIRequestShape(t *testing.T) {
	api := newFakeAPI(t, completion("  Let's breathe together.  "))
	c := api.client(t, Config{APIKey: "sk-test"})
	history := []lifeline.ChatMessage{
		{Role: "user", Content: "I had a rough day"},
		{Role: "assistant", Content: "I'm sorry to hear that."},
	}
	reply, err := c.Reply(t.Context(), history, "I'm craving now")
	if err != nil {
		t.Fatal(err)
	}
	if reply != "Let's breathe together." {
		t.Errorf("reply = %q", reply)
	}
	api.mu.Lock()
	defer api.mu.Unlock()
	r := api.lastReq
	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		t.Errorf("request = %s %s, want POST /v1/chat/completions", r.Method, r.URL.Path)
	}
	if got := r.Header.Get("Authorization"); got != "Bearer sk-test" {
		t.Errorf("Authorization = %q", got)
	}
	if got := r.Header.Get("Content-Type"); got != "application/json" {
		t.Errorf("Content-Type = %q", got)
	}
	body := api.lastBody
	if body.Model != "recovery-model" || body.Temperature <= 0 || body.Temperature > 1 {
		t.Errorf("model %q, temperature %v", body.Model, body.Temperature)
	}
	want := []lifeline.ChatMessage{
		{Role: "system", Content: SystemPrompt},
		history[0], history[1],
		{Role: "user", Content: "I'm craving now"},
	}
	if len(body.Messages) != len(want) {
		t.Fatalf("messages = %+v, want %+v", body.Messages, want)
	}
	for i := range want {
		if body.Messages[i] != want[i] {
			t.Errorf("message %d = %+v, want %+v", i, body.Messages[i], want[i])
		}
	}
	for _, rule := range []string{"988", "911", "/crisis", "medication", "diagnose"} {
		if !strings.Contains(SystemPrompt, rule) {
			t.Errorf("the system prompt does not mention %q", rule)
		}
	}
}

func TestOpenAIWithoutKeySendsNoAuthorization(t *testing.T) {
	api := newFakeAPI(t, completion("ok"))
	if _, err := api.client(t, Config{}).Reply(t.Context(), nil, "hi"); err != nil {
		t.Fatal(err)
	}
	api.mu.Lock()
	defer api.mu.Unlock()
	if got := api.lastReq.Header.Get("Authorization"); got != "" {
		t.Errorf("Authorization = %q, want none for a local server", got)
	}
}

func TestOpenAIRetriesAndErrors(t *testing.T) {
	tests := []struct {
		name      string
		answers   []fakeAnswer
		cfg       Config
		wantReply string
		wantErr   string // in the error's text, for the log
		wantCalls int32
	}{
		{name: "500 then 200 is retried", answers: []fakeAnswer{{status: 500, body: `{"error":"busy"}`}, completion("Better now.")},
			wantReply: "Better now.", wantCalls: 2},
		{name: "429 with Retry-After is retried", answers: []fakeAnswer{{status: 429, body: `{}`, header: map[string]string{"Retry-After": "0"}}, completion("ok")},
			wantReply: "ok", wantCalls: 2},
		{name: "503 every time gives up after the retries", answers: []fakeAnswer{{status: 503, body: "down"}},
			wantErr: "503", wantCalls: 3},
		{name: "no retries when told so", answers: []fakeAnswer{{status: 502, body: "bad gateway"}}, cfg: Config{MaxRetries: -1},
			wantErr: "502", wantCalls: 1},
		{name: "401 is not retried", answers: []fakeAnswer{{status: 401, body: `{"error":{"message":"Incorrect API key"}}`}},
			wantErr: "refused the API key (401)", wantCalls: 1},
		{name: "404 (unknown model) is not retried", answers: []fakeAnswer{{status: 404, body: `{"error":"model not found"}`}},
			wantErr: "404", wantCalls: 1},
		{name: "a timeout is an error, not retried", answers: []fakeAnswer{{status: 200, body: `{}`, delay: 2 * time.Second}}, cfg: Config{Timeout: 50 * time.Millisecond},
			wantErr: "no answer", wantCalls: 1},
		{name: "no choices", answers: []fakeAnswer{{status: 200, body: `{"choices":[]}`}},
			wantErr: "no choices", wantCalls: 1},
		{name: "not JSON", answers: []fakeAnswer{{status: 200, body: `<html>`}},
			wantErr: "other than a chat completion", wantCalls: 1},
		{name: "an empty message", answers: []fakeAnswer{completion("   ")},
			wantErr: "empty message", wantCalls: 1},
		{name: "a reasoning block is dropped", answers: []fakeAnswer{completion("<think>They seem sad.</think>\nI'm here for you.")},
			wantReply: "I'm here for you.", wantCalls: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			api := newFakeAPI(t, tt.answers...)
			reply, err := api.client(t, tt.cfg).Reply(t.Context(), nil, "hello")
			if got := api.calls.Load(); got != tt.wantCalls {
				t.Errorf("%d calls, want %d", got, tt.wantCalls)
			}
			if tt.wantErr == "" {
				if err != nil || reply != tt.wantReply {
					t.Errorf("Reply = %q, %v; want %q", reply, err, tt.wantReply)
				}
				return
			}
			if err == nil {
				t.Fatalf("Reply = %q, want an error", reply)
			}
			if !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("error %q does not say %q", err, tt.wantErr)
			}
			if lifeline.ErrorCode(err) != lifeline.EINTERNAL || lifeline.ErrorMessage(err) != UnavailableMessage {
				t.Errorf("error maps to %s %q, want internal with UnavailableMessage", lifeline.ErrorCode(err), lifeline.ErrorMessage(err))
			}
		})
	}
}

func TestOpenAIConnectionRefusedIsRetriedThenMapped(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	base := srv.URL
	srv.Close()
	c, err := NewOpenAI(Config{BaseURL: base, Model: "m", RetryDelay: time.Millisecond, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Reply(t.Context(), nil, "hello")
	if lifeline.ErrorCode(err) != lifeline.EINTERNAL || !strings.Contains(err.Error(), "failed") {
		t.Errorf("err = %v", err)
	}
}

func TestNewOpenAIValidatesConfig(t *testing.T) {
	for _, cfg := range []Config{
		{BaseURL: "api.openai.com/v1", Model: "m"},
		{BaseURL: "ftp://example.org", Model: "m"},
		{BaseURL: "https://api.openai.com/v1"},
	} {
		if _, err := NewOpenAI(cfg); err == nil {
			t.Errorf("NewOpenAI(%+v) accepted", cfg)
		}
	}
}

func TestNewChoosesTheProvider(t *testing.T) {
	t.Run("no base URL: the built-in assistant, behind the safety layer", func(t *testing.T) {
		p, err := New(Config{Logger: quiet})
		if err != nil {
			t.Fatal(err)
		}
		reply, err := answerText(p.Answer(t.Context(), nil, "I have a craving"))
		if err != nil || !strings.Contains(reply, "urge") {
			t.Errorf("Reply = %q, %v", reply, err)
		}
		reply, _ = answerText(p.Answer(t.Context(), nil, "I want to die"))
		requireResources(t, reply)
	})
	t.Run("a provider answering something else still gives crisis resources", func(t *testing.T) {
		api := newFakeAPI(t, completion("Have you tried journaling?"))
		p, err := New(Config{BaseURL: api.srv.URL, Model: "m", Logger: quiet})
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range crisisSamples {
			reply, err := answerText(p.Answer(t.Context(), nil, tc.message))
			if err != nil {
				t.Fatal(err)
			}
			requireResources(t, reply)
			if !strings.HasSuffix(reply, "Have you tried journaling?") {
				t.Errorf("%q: the provider's reply is missing:\n%s", tc.message, reply)
			}
		}
		reply, _ := answerText(p.Answer(t.Context(), nil, "I killed it at work today"))
		if reply != "Have you tried journaling?" {
			t.Errorf("an everyday message = %q, want the provider's reply alone", reply)
		}
	})
	t.Run("a failing provider falls back to the built-in assistant", func(t *testing.T) {
		api := newFakeAPI(t, fakeAnswer{status: 401, body: "no"})
		p, err := New(Config{BaseURL: api.srv.URL, Model: "m", Logger: quiet})
		if err != nil {
			t.Fatal(err)
		}
		reply, err := answerText(p.Answer(t.Context(), nil, "I'm so anxious"))
		if err != nil || !strings.Contains(reply, "4-7-8") {
			t.Errorf("Reply = %q, %v; want the built-in assistant's answer", reply, err)
		}
	})
	t.Run("a bad configuration fails at start", func(t *testing.T) {
		if _, err := New(Config{BaseURL: "http://localhost:11434/v1"}); err == nil {
			t.Error("a base URL without a model was accepted")
		}
	})
}

func TestSecondOpinion(t *testing.T) {
	const heardNothing = "it has been a long week" // the layer alone hears nothing in it; the fake classifier decides
	if a := Assess(nil, heardNothing); a.Concern != "" {
		t.Fatalf("the layer alone heard %q in %q: pick another message", a.Concern, heardNothing)
	}
	history := []lifeline.ChatMessage{{Role: "user", Content: "rough week"}, {Role: "assistant", Content: "I'm sorry. What happened?"}}
	tests := []struct {
		name      string
		message   string
		classify  fakeAnswer
		wait      time.Duration
		want      string // the answer's concern
		lead      string // what the reply starts with
		wantAsked bool
	}{
		{"it adds a crisis the layer missed", heardNothing, completion("```json\n{\"concern\": \"suicide\"}\n```"), 0,
			lifeline.ConcernSuicide, CrisisReply(CrisisSuicide), true},
		{"it adds an urge", heardNothing, completion(`{"concern":"urge"}`), 0, lifeline.ConcernUrge, UrgeReply, true},
		{"it raises an urge to a crisis", "I'm at the liquor store right now", completion(`{"concern":"overdose"}`), 0,
			lifeline.ConcernOverdose, CrisisReply(CrisisOverdose), true},
		{"it never lowers an urge", "I'm at the liquor store right now", completion(`{"concern":"none"}`), 0, lifeline.ConcernUrge, UrgeReply, true},
		{"it is not asked about a crisis", "I want to end my life", completion(`{"concern":"none"}`), 0,
			lifeline.ConcernSuicide, CrisisReply(CrisisSuicide), false},
		{"its failure changes nothing", heardNothing, fakeAnswer{status: 500, body: "down"}, 0, "", "Let's talk.", true},
		{"its nonsense changes nothing", heardNothing, completion("I think they are fine"), 0, "", "Let's talk.", true},
		{"an unknown concern changes nothing", heardNothing, completion(`{"concern":"sadness"}`), 0, "", "Let's talk.", true},
		{"it is not waited for beyond its bound", heardNothing, fakeAnswer{status: 200, body: `{}`, delay: time.Minute}, 50 * time.Millisecond, "", "Let's talk.", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			api := newFakeAPI(t, completion("Let's talk."))
			api.classify = &tt.classify
			p, err := New(Config{BaseURL: api.srv.URL, Model: "m", Logger: quiet})
			if err != nil {
				t.Fatal(err)
			}
			if tt.wait > 0 {
				p.(*safeProvider).secondWait = tt.wait
			}
			answer, err := p.Answer(t.Context(), history, tt.message)
			if err != nil {
				t.Fatal(err)
			}
			if answer.Concern != tt.want || !strings.HasPrefix(answer.Reply, tt.lead) || !strings.HasSuffix(answer.Reply, "Let's talk.") {
				t.Errorf("answer = %q, %q; want concern %q, leading with %q and ending with the provider's words", answer.Concern, answer.Reply, tt.want, tt.lead)
			}
			if asked := api.classifyCalls.Load() == 1; asked != tt.wantAsked {
				t.Fatalf("second opinion asked: %v, want %v", asked, tt.wantAsked)
			}
			if !tt.wantAsked {
				return
			}
			api.mu.Lock()
			defer api.mu.Unlock()
			body := api.classifyBody
			want := append([]lifeline.ChatMessage{{Role: "system", Content: ClassifierPrompt}}, history...)
			want = append(want, lifeline.ChatMessage{Role: "user", Content: tt.message})
			if !slices.Equal(body.Messages, want) || body.Temperature != 0 || body.MaxTokens <= 0 || body.Model != "m" {
				t.Errorf("the classifier received %+v", body)
			}
		})
	}
}

func TestParseConcern(t *testing.T) {
	tests := []struct {
		answer, want string
		ok           bool
	}{
		{`{"concern": "suicide"}`, lifeline.ConcernSuicide, true},
		{`{"concern": "NONE"}`, "", true},
		{`{"concern": ""}`, "", true},
		{"Sure! {\"concern\": \"self_harm\"} hope that helps", lifeline.ConcernSelfHarm, true},
		{"<think>hmm</think>{\"concern\":\"danger\"}", lifeline.ConcernDanger, true},
		{`{"concern": "sad"}`, "", false},
		{`concern: suicide`, "", false},
		{`{"concern": 3}`, "", false},
		{`}{`, "", false},
	}
	for _, tt := range tests {
		got, err := ParseConcern(tt.answer)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("ParseConcern(%q) = %q, %v; want %q, ok %v", tt.answer, got, err, tt.want, tt.ok)
		}
	}
}

func FuzzParseConcern(f *testing.F) {
	for _, s := range []string{`{"concern": "suicide"}`, "```json\n{\"concern\":\"urge\"}\n```", `{}`, `}{`, `{"concern": null}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, answer string) {
		c, err := ParseConcern(answer)
		if err == nil && c != "" && !slices.Contains(lifeline.Concerns, c) {
			t.Errorf("ParseConcern(%q) = %q", answer, c)
		}
		if err != nil && c != "" {
			t.Errorf("ParseConcern(%q) = %q with an error", answer, c)
		}
	})
}
