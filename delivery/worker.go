// Package delivery sends what the outbox holds: emails over SMTP, JSON
// webhooks and ntfy messages. Workers on any number of nodes claim due rows
// (the store's FOR UPDATE SKIP LOCKED and a lease), so each row is sent by
// one of them; each worker sends many at once, in lanes by urgency, with a
// share per person and per destination (dispatch.go). A failed attempt is
// retried with exponential backoff and jitter until a final failed state. The store decides what a row may say (the
// recipient's grant) and whether an escalation still stands; this package
// words it with the domain's builders and sends it.
package delivery

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"math/rand/v2"
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
	SMTP   SMTP
	// PublicURL makes links in messages absolute.
	PublicURL string
	// Poll is how often the worker looks for due rows when nothing wakes
	// it (default 1 s).
	Poll time.Duration
	// Batch is the most rows one claim takes (default 20).
	Batch int
	// Slots is how many sends may be in flight at once (default 32);
	// Share how many of them one person's or one destination's rows may
	// hold (default 4). dispatch.go says how they are shared.
	Slots, Share int
	// Lease is how long a claim keeps a row from other workers: a worker
	// that dies mid-send leaves its rows to the others once it runs out.
	// At least, and by default, the longest a send may take (SMTP.Timeout
	// or a webhook's 15 s) and 30 s to record it: 50 s with the defaults.
	Lease time.Duration
	// Backoff is the wait after the first failed attempt, doubled after
	// each further one up to MaxBackoff (defaults 30 s and 1 h), less up
	// to half of it at random so retries do not come in waves;
	// MaxAttempts ends in the failed state (default 8).
	Backoff, MaxBackoff time.Duration
	MaxAttempts         int
	// Destinations records failures per destination and Pause says when
	// one is paused (default lifeline.DefaultPausePolicy); nil: no pauses.
	Destinations lifeline.Destinations
	Pause        lifeline.PausePolicy
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
	d       *dispatcher
	http    *http.Client
	metrics *metrics
	vapid   vapid
}

// NewWorker applies the defaults.
func NewWorker(cfg Config) *Worker {
	if cfg.Poll == 0 {
		cfg.Poll = time.Second
	}
	if cfg.Slots == 0 {
		cfg.Slots = 32
	}
	if cfg.Share == 0 {
		cfg.Share = 4
	}
	if cfg.Pause == (lifeline.PausePolicy{}) {
		cfg.Pause = lifeline.DefaultPausePolicy
	}
	if cfg.Batch == 0 {
		cfg.Batch = 20
	}
	if cfg.SMTP.Timeout == 0 {
		cfg.SMTP.Timeout = 20 * time.Second
	}
	cfg.Lease = max(cfg.Lease, max(cfg.SMTP.Timeout, sendTimeout)+30*time.Second)
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
	dialer := &net.Dialer{Timeout: connectTimeout}
	if !cfg.AllowPrivateWebhooks {
		dialer.Control = netguard.Control
	}
	transport := &http.Transport{DialContext: dialer.DialContext, TLSHandshakeTimeout: connectTimeout,
		ResponseHeaderTimeout: sendTimeout, MaxIdleConnsPerHost: 4}
	return &Worker{
		cfg:     cfg,
		d:       newDispatcher(),
		http:    &http.Client{Transport: transport, Timeout: sendTimeout, CheckRedirect: noRedirects},
		metrics: newMetrics(cfg.Metrics),
		vapid:   vapid{keys: cfg.Push},
	}
}

// A webhook or push send may take connectTimeout to connect and
// sendTimeout in all; an email its SMTP.Timeout.
const (
	connectTimeout = 5 * time.Second
	sendTimeout    = 15 * time.Second
)

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
	if item.Alert != nil && item.Alert.Type != lifeline.AlertSOS && item.Purpose == lifeline.PurposeAlert || item.Purpose == lifeline.PurposeAsk ||
		item.Purpose == lifeline.PurposeMeasureReminder || item.Purpose == lifeline.PurposeSignalNudge {
		if until := item.Quiet.Until(now, item.RecipientLocation); !until.IsZero() {
			w.metrics.postponed.Inc()
			return w.cfg.Outbox.Postpone(ctx, item.ID, until)
		}
	}
	start := time.Now()
	err := w.send(ctx, item, w.withClaimLink(ctx, item, compose(item, w.cfg.PublicURL, now), now))
	w.metrics.seconds.WithLabelValues(item.Channel).Observe(time.Since(start).Seconds())
	w.recordOutcome(ctx, item, err)
	var perm *permanentError
	switch {
	case err == nil:
		w.metrics.outcome(item.Channel, lifeline.DeliverySent)
		if err := w.cfg.Outbox.MarkSent(ctx, item.ID, w.cfg.Now()); err != nil || item.Purpose != lifeline.PurposeClaimReminder {
			return err
		}
		return w.cfg.Outbox.RecordReminded(ctx, item.ID, w.cfg.Now())
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

// backoff is the wait after the attempts-th failure: Backoff doubled per
// attempt up to MaxBackoff, less a random part of up to half, so the
// retries of many rows that failed together spread out.
func (w *Worker) backoff(attempts int) time.Duration {
	d := time.Duration(float64(w.cfg.Backoff) * math.Pow(2, float64(max(attempts-1, 0))))
	if d <= 0 || d > w.cfg.MaxBackoff {
		d = w.cfg.MaxBackoff
	}
	return d - rand.N(d/2+1)
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
