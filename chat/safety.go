package chat

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"lifeline"
)

// crisisWait bounds how long a crisis or urge answer waits for the
// provider: its fixed reply must arrive at once, with or without the
// provider's words.
const crisisWait = 10 * time.Second

// secondOpinionWait bounds the second opinion: it runs beside the
// provider's reply and may hold an ordinary answer back this long at most.
const secondOpinionWait = 4 * time.Second

// A Classifier gives a second opinion on a message: the concern it hears
// ("" for none). Its answers can only add alarms to the layer's.
type Classifier interface {
	Classify(ctx context.Context, history []lifeline.ChatMessage, message string) (string, error)
}

// A SafeOption configures Safe.
type SafeOption func(*safeProvider)

// WithSecondOpinion asks c about every message the layer did not find a
// crisis in, beside the provider's reply.
func WithSecondOpinion(c Classifier) SafeOption {
	return func(s *safeProvider) { s.second = c }
}

// WithLayer assesses messages with l instead of DefaultLayer.
func WithLayer(l *Layer) SafeOption {
	return func(s *safeProvider) { s.layer = func() *Layer { return l } }
}

type safeProvider struct {
	next       lifeline.ChatProvider
	second     Classifier
	secondWait time.Duration
	layer      func() *Layer
	logger     *slog.Logger
}

// Safe puts the safety layer in front of next. Each message is assessed
// (Layer.Assess, with the conversation); a crisis or an urge is answered
// with its fixed reply (FixedReply) first, followed by next's reply when it
// comes in time; if next fails or is slow, the fixed reply alone. Other
// messages go to next, and, with WithSecondOpinion, to the classifier at
// the same time: if it hears a crisis or an urge the layer did not, the
// answer gains that concern and its fixed reply. The answer names the
// concern. The layer's model starts training here, in the background (a
// few seconds: the program starts meanwhile); a message that comes before
// it is ready waits for it.
func Safe(next lifeline.ChatProvider, logger *slog.Logger, opts ...SafeOption) lifeline.ChatAssistant {
	if logger == nil {
		logger = slog.Default()
	}
	s := &safeProvider{next: next, logger: logger, secondWait: secondOpinionWait}
	for _, o := range opts {
		o(s)
	}
	if s.layer == nil {
		go DefaultLayer()
		s.layer = DefaultLayer
	}
	return s
}

func (s *safeProvider) Answer(ctx context.Context, history []lifeline.ChatMessage, message string) (*lifeline.ChatAnswer, error) {
	a := s.layer().Assess(history, message)
	var second <-chan string
	if s.second != nil && !lifeline.IsCrisis(a.Concern) {
		second = s.secondOpinion(ctx, history, message)
	}
	if a.Concern != "" {
		s.logger.InfoContext(ctx, "chat: answered with the fixed reply first", "concern", a.Concern, "now", a.Now, "why", a.Explain())
		reply := s.reply(ctx, history, message)
		if c := <-orNone(second); rank(c) < rank(a.Concern) && c != "" {
			a = a.raise(c, "second opinion")
			s.logger.InfoContext(ctx, "chat: the second opinion raised the concern", "concern", c)
		}
		return leading(a, reply), nil
	}
	reply, err := s.next.Reply(ctx, history, message)
	if c := <-orNone(second); c != "" {
		s.logger.InfoContext(ctx, "chat: the second opinion heard what the layer did not", "concern", c, "why", a.Explain())
		if err != nil {
			s.logger.WarnContext(ctx, "chat: provider failed; sending the fixed reply alone", "err", err)
			reply = ""
		}
		return leading(a.raise(c, "second opinion"), reply), nil
	}
	if err != nil {
		return nil, err
	}
	return &lifeline.ChatAnswer{Reply: reply}, nil
}

// reply is next's reply within crisisWait, or "" when it fails or is late.
func (s *safeProvider) reply(ctx context.Context, history []lifeline.ChatMessage, message string) string {
	waitCtx, cancel := context.WithTimeout(ctx, crisisWait)
	defer cancel()
	reply, err := s.next.Reply(waitCtx, history, message)
	if err != nil {
		s.logger.WarnContext(ctx, "chat: provider failed on a message that needs help; sending the fixed reply alone", "err", err)
		return ""
	}
	return reply
}

// secondOpinion asks the classifier in the background; the channel gets
// its concern, or "" when it fails or is late.
func (s *safeProvider) secondOpinion(ctx context.Context, history []lifeline.ChatMessage, message string) <-chan string {
	out := make(chan string, 1)
	go func() {
		ctx, cancel := context.WithTimeout(ctx, s.secondWait)
		defer cancel()
		c, err := s.second.Classify(ctx, history, message)
		if err != nil {
			s.logger.WarnContext(ctx, "chat: no second opinion", "err", err)
			c = ""
		}
		out <- c
	}()
	return out
}

// orNone reads as "" when there is no second opinion.
func orNone(c <-chan string) <-chan string {
	if c != nil {
		return c
	}
	none := make(chan string, 1)
	none <- ""
	return none
}

// leading puts a's fixed reply in front of the provider's words.
func leading(a Assessment, reply string) *lifeline.ChatAnswer {
	answer := &lifeline.ChatAnswer{Reply: FixedReply(a), Concern: a.Concern}
	if reply = strings.TrimSpace(reply); reply != "" {
		answer.Reply += "\n\n" + reply
	}
	return answer
}
