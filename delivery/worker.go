// Package delivery sends what the outbox holds: emails over SMTP, JSON
// webhooks and ntfy messages. Workers on any number of nodes claim due rows
// (the store's FOR UPDATE SKIP LOCKED and a lease), so each row is sent by
// one of them; a failed attempt is retried with exponential backoff until a
// final failed state. The store decides what a row may say (the
// recipient's grant) and whether an escalation still stands; this package
// words it with the domain's builders and sends it.
package delivery

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"net"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"lifeline"
	"lifeline/internal/netguard"
)

// Config is what a Worker needs.
type Config struct {
	Outbox lifeline.Outbox
	// Invitations are the invitation emails (invitation.go); nil: none.
	Invitations lifeline.InvitationOutbox
	SMTP        SMTP
	// PublicURL makes links in messages absolute.
	PublicURL string
	// Poll is how often the worker looks for due rows (default 2 s).
	Poll time.Duration
	// Batch is how many rows one claim takes (default 20).
	Batch int
	// Lease is how long a claim keeps a row from other workers (default
	// 2 min, longer than any send's timeouts).
	Lease time.Duration
	// Backoff is the wait after the first failed attempt, doubled after
	// each further one up to MaxBackoff (defaults 30 s and 1 h);
	// MaxAttempts ends in the failed state (default 8).
	Backoff, MaxBackoff time.Duration
	MaxAttempts         int
	// AllowPrivateWebhooks lets webhooks reach loopback and private
	// addresses (tests, or a self-hosted ntfy on the same network). Off,
	// a person's webhook cannot probe the server's own network.
	AllowPrivateWebhooks bool
	Metrics              prometheus.Registerer
	Logger               *slog.Logger
	// Now is the clock (time.Now when nil).
	Now func() time.Time
	// Push holds the VAPID keys for web push (nil: push rows fail);
	// VAPIDSubject is the contact in its JWTs (default: the public URL
	// when https, else mailto: the SMTP sender). Push endpoints are
	// outside URLs like webhooks and follow AllowPrivateWebhooks.
	Push         lifeline.PushKeys
	VAPIDSubject string
}

// Worker drains the outbox.
type Worker struct {
	cfg     Config
	http    *http.Client
	metrics *metrics
	vapid   vapid
}

// NewWorker applies the defaults.
func NewWorker(cfg Config) *Worker {
	if cfg.Poll == 0 {
		cfg.Poll = 2 * time.Second
	}
	if cfg.Batch == 0 {
		cfg.Batch = 20
	}
	if cfg.Lease == 0 {
		cfg.Lease = 2 * time.Minute
	}
	if cfg.Backoff == 0 {
		cfg.Backoff = 30 * time.Second
	}
	if cfg.MaxBackoff == 0 {
		cfg.MaxBackoff = time.Hour
	}
	if cfg.MaxAttempts == 0 {
		cfg.MaxAttempts = 8
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	dialer := &net.Dialer{Timeout: 10 * time.Second}
	if !cfg.AllowPrivateWebhooks {
		dialer.Control = netguard.Control
	}
	transport := &http.Transport{DialContext: dialer.DialContext, TLSHandshakeTimeout: 10 * time.Second, ResponseHeaderTimeout: 15 * time.Second}
	return &Worker{
		cfg:     cfg,
		http:    &http.Client{Transport: transport, Timeout: 20 * time.Second, CheckRedirect: noRedirects},
		metrics: newMetrics(cfg.Metrics),
		vapid:   vapid{keys: cfg.Push},
	}
}

// Run works until ctx ends.
func (w *Worker) Run(ctx context.Context) {
	tick := time.NewTicker(w.cfg.Poll)
	defer tick.Stop()
	for {
		for w.RunOnce(ctx) == w.cfg.Batch && ctx.Err() == nil {
			// a full batch: more are probably due
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// RunOnce claims one batch of due rows and settles each; it returns how
// many it claimed.
func (w *Worker) RunOnce(ctx context.Context) int {
	if w.cfg.Invitations != nil {
		w.sendInvitations(ctx)
	}
	items, err := w.cfg.Outbox.ClaimDue(ctx, w.cfg.Now(), w.cfg.Batch, w.cfg.Lease)
	if err != nil {
		if ctx.Err() == nil {
			w.cfg.Logger.Warn("claim outbox", "err", err)
		}
		return 0
	}
	for _, item := range items {
		if err := w.settle(ctx, item); err != nil && ctx.Err() == nil {
			// The claim runs out and another attempt comes then.
			w.cfg.Logger.Warn("settle outbox row", "id", item.ID, "err", err)
		}
	}
	return len(items)
}

// settle decides one claimed row: skip it, wait for quiet hours to end,
// record an in-app step, or send it.
func (w *Worker) settle(ctx context.Context, item *lifeline.OutboxItem) error {
	now := w.cfg.Now()
	if item.Hold != "" {
		w.metrics.outcome(item.Channel, lifeline.DeliverySkipped)
		return w.cfg.Outbox.MarkSkipped(ctx, item.ID, item.Hold)
	}
	if item.Channel == lifeline.ChannelApp {
		w.metrics.outcome(item.Channel, lifeline.DeliverySent)
		return w.cfg.Outbox.MarkSent(ctx, item.ID, now)
	}
	if item.Alert != nil && item.Alert.Type != lifeline.AlertSOS {
		if until := item.Quiet.Until(now, item.RecipientLocation); !until.IsZero() {
			w.metrics.postponed.Inc()
			return w.cfg.Outbox.Postpone(ctx, item.ID, until)
		}
	}
	start := time.Now()
	err := w.send(ctx, item, compose(item, w.cfg.PublicURL, now))
	w.metrics.seconds.WithLabelValues(item.Channel).Observe(time.Since(start).Seconds())
	var perm *permanentError
	switch {
	case err == nil:
		w.metrics.outcome(item.Channel, lifeline.DeliverySent)
		return w.cfg.Outbox.MarkSent(ctx, item.ID, w.cfg.Now())
	case errors.As(err, &perm) || item.Attempts >= w.cfg.MaxAttempts:
		w.metrics.outcome(item.Channel, lifeline.DeliveryFailed)
		w.cfg.Logger.Warn("delivery failed for good", "id", item.ID, "channel", item.Channel, "attempts", item.Attempts, "err", err)
		return w.cfg.Outbox.MarkFailed(ctx, item.ID, err.Error())
	default:
		w.metrics.outcome(item.Channel, "retry")
		return w.cfg.Outbox.MarkRetry(ctx, item.ID, now.Add(w.backoff(item.Attempts)), err.Error())
	}
}

func (w *Worker) send(ctx context.Context, item *lifeline.OutboxItem, m Message) error {
	switch item.Channel {
	case lifeline.ChannelEmail:
		return w.cfg.SMTP.sendEmail(ctx, item.Address, m)
	case lifeline.ChannelWebhook:
		return sendWebhook(ctx, w.http, item.Address, item.Ntfy, m)
	case lifeline.ChannelPush:
		return w.deliverPush(ctx, item, m)
	}
	return permanent(errors.New("unknown channel " + item.Channel))
}

// backoff is the wait after the attempts-th failure.
func (w *Worker) backoff(attempts int) time.Duration {
	d := time.Duration(float64(w.cfg.Backoff) * math.Pow(2, float64(max(attempts-1, 0))))
	if d <= 0 || d > w.cfg.MaxBackoff {
		return w.cfg.MaxBackoff
	}
	return d
}

// permanentError is a failure no retry can fix.
type permanentError struct{ err error }

func (e *permanentError) Error() string { return e.err.Error() }
func (e *permanentError) Unwrap() error { return e.err }

func permanent(err error) error { return &permanentError{err} }

// noRedirects: a webhook answers where it is; following a redirect could
// lead to an address the guard would not have allowed by name.
func noRedirects(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

// unreachable words a request that got no answer for the person who reads
// it as their channel's last error (netguard.Describe: no internal
// addresses). An address the guard refused is permanent; the rest are
// retried.
func unreachable(what string, err error) error {
	text := netguard.Describe(err)
	if text == "" {
		text = "the request failed"
	}
	e := &reachError{text: what + ": " + text, err: err}
	if errors.Is(err, netguard.ErrNotPublic) {
		return permanent(e)
	}
	return e
}

// reachError shows its text and keeps the cause for errors.Is.
type reachError struct {
	text string
	err  error
}

func (e *reachError) Error() string { return e.text }
func (e *reachError) Unwrap() error { return e.err }
