package delivery_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/smtp"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"lifeline"
	"lifeline/delivery"
	"lifeline/internal/smtptest"
)

// BenchmarkDelivery holds make bench-delivery's figures
// (scripts/bench-delivery.sh runs it once, -benchtime 1x): the worker as
// the program configures it, on a real PostgreSQL, sending to the test SMTP
// server (internal/smtptest, in this process) and to local HTTP servers.
//
//   - sos-idle-p50-ms, sos-idle-p99-ms: an SOS raised (committed) to its
//     email received by the SMTP server, nothing else queued;
//   - sos-loaded-p50-ms, sos-loaded-p99-ms: the same behind 1,000 webhook
//     deliveries from 100 other people to servers that accept and never
//     answer;
//   - email-per-s, email-raw-per-s: test emails through the worker, and the
//     same count sent straight with net/smtp at the lane's concurrency (the
//     baseline of the same run);
//   - webhook-per-s, webhook-raw-per-s: the same to webhook servers.
func BenchmarkDelivery(b *testing.B) {
	for range b.N {
		smtp := smtptest.Start(b)
		c := newCircle(b, lifeline.Grant{Alerts: []string{lifeline.ScopeSOS}, Location: lifeline.LocationNever})
		c.channel(c.supporter, lifeline.ChannelEmail, "sam@example.org", false)
		cfg := func(cfg *delivery.Config) {
			cfg.Poll, cfg.Backoff, cfg.MaxBackoff, cfg.Slots, cfg.Share = 0, 0, 0, 0, 0 // the program's defaults
			cfg.SMTP.Timeout = 0
		}
		samples := 30

		w := c.worker(smtp.Addr, cfg)
		stop := c.runInBackground(w)
		idle := c.sosLatencies(smtp, samples, w.Wake)
		stop()

		for i := range 100 {
			hang := hangingServerOn(b, fmt.Sprintf("127.0.1.%d", i+1))
			person := c.user(fmt.Sprintf("p%d@example.org", i), fmt.Sprintf("P%d", i))
			c.queue(person, c.channelAt(person, lifeline.ChannelWebhook, hang.URL+"/hook"), 10)
		}
		w = c.worker(smtp.Addr, cfg)
		stop = c.runInBackground(w)
		loaded := c.sosLatencies(smtp, samples, w.Wake)
		stop()
		c.exec(`DELETE FROM outbox`)

		b.ReportMetric(percentile(idle, 50), "sos-idle-p50-ms")
		b.ReportMetric(percentile(idle, 99), "sos-idle-p99-ms")
		b.ReportMetric(percentile(loaded, 50), "sos-loaded-p50-ms")
		b.ReportMetric(percentile(loaded, 99), "sos-loaded-p99-ms")

		const emails = 8000
		b.ReportMetric(c.emailRate(smtp, cfg, emails), "email-per-s")
		b.ReportMetric(rawEmailRate(b, smtp.Addr, emails, 16), "email-raw-per-s")
		through, raw := c.webhookRates(cfg, 4000)
		b.ReportMetric(through, "webhook-per-s")
		b.ReportMetric(raw, "webhook-raw-per-s")
		b.ReportMetric(0, "ns/op")
	}
}

// runInBackground runs w until the returned stop is called.
func (c *circle) runInBackground(w *delivery.Worker) (stop func()) {
	ctx, cancel := context.WithCancel(c.ctx)
	done := make(chan struct{})
	go func() { defer close(done); w.Run(ctx) }()
	return func() { cancel(); <-done }
}

// sosLatencies raises and closes n SOSes, one at a time, and returns the
// time from each raise to its email's arrival at the SMTP server, in ms.
// wake is what the program's bus calls when an SOS is raised.
func (c *circle) sosLatencies(smtp *smtptest.Server, n int, wake func()) []float64 {
	var out []float64
	for range n {
		before := smtp.Len()
		start := time.Now()
		alert, _, err := c.db.RaiseSOS(c.ctx, c.wearer, start)
		if err != nil {
			c.t.Fatal(err)
		}
		wake()
		received := c.waitForMail(smtp, before+1)
		out = append(out, float64(received[before].Received.Sub(start).Microseconds())/1000)
		if _, err := c.db.ResolveSOS(c.ctx, c.wearer, alert.ID, time.Now()); err != nil {
			c.t.Fatal(err)
		}
		c.waitForMail(smtp, before+2) // "they're safe now"
		// Presses a moment apart are one SOS: let the next be a new one.
		c.exec(`UPDATE alerts SET dedup_key = dedup_key || ':' || id WHERE id = $1`, alert.ID)
	}
	return out
}

// waitForMail waits up to 30 s for the n-th message.
func (c *circle) waitForMail(smtp *smtptest.Server, n int) []*smtptest.Message {
	ctx, cancel := context.WithTimeout(c.ctx, 30*time.Second)
	defer cancel()
	msgs, err := smtp.Wait(ctx, n)
	if err != nil {
		c.t.Fatal(err)
	}
	return msgs
}

// emailRate queues n test emails from 100 people to their own domains and
// returns how many per second the worker sends to smtp.
func (c *circle) emailRate(smtp *smtptest.Server, cfg func(*delivery.Config), n int) float64 {
	before := smtp.Len()
	for i := range 100 {
		person := c.user(fmt.Sprintf("e%d-%d@example.org", before, i), fmt.Sprintf("E%d", i))
		c.queue(person, c.channelAt(person, lifeline.ChannelEmail, fmt.Sprintf("e%d@d%d.example", i, i)), n/100)
	}
	start := time.Now()
	stop := c.runInBackground(c.worker(smtp.Addr, cfg))
	defer stop()
	ctx, cancel := context.WithTimeout(c.ctx, 5*time.Minute)
	defer cancel()
	if _, err := smtp.Wait(ctx, before+n); err != nil {
		c.t.Fatalf("%d of %d emails in 5 minutes", smtp.Len()-before, n)
	}
	return float64(n) / time.Since(start).Seconds()
}

// rawEmailRate sends n emails straight to the SMTP server from workers
// goroutines, one connection each, as the worker's SMTP client does.
func rawEmailRate(tb testing.TB, addr string, n, workers int) float64 {
	msg := []byte("From: lifeline@example.org\r\nTo: x@example.org\r\nSubject: A test\r\n\r\nThis is a test from Lifeline.\r\n")
	var next atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for range workers {
		wg.Go(func() {
			for next.Add(1) <= int64(n) {
				if err := smtp.SendMail(addr, nil, "lifeline@example.org", []string{"x@example.org"}, msg); err != nil {
					tb.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	return float64(n) / time.Since(start).Seconds()
}

// webhookRates queues n test webhooks from 100 people to their own hosts
// and returns how many per second the worker sends, and the same sent
// straight with net/http at the lane's concurrency.
func (c *circle) webhookRates(cfg func(*delivery.Config), n int) (through, raw float64) {
	var got atomic.Int64
	var urls []string
	for i := range 100 {
		s := serverOn(c.t, fmt.Sprintf("127.0.2.%d", i+1), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			_, _ = io.Copy(io.Discard, r.Body)
			got.Add(1)
		}))
		urls = append(urls, s.URL+"/hook")
		person := c.user(fmt.Sprintf("w%d@example.org", i), fmt.Sprintf("W%d", i))
		c.queue(person, c.channelAt(person, lifeline.ChannelWebhook, s.URL+"/hook"), n/100)
	}
	start := time.Now()
	stop := c.runInBackground(c.worker("", cfg))
	for got.Load() < int64(n) {
		if time.Since(start) > 5*time.Minute {
			c.t.Fatalf("%d of %d webhooks in 5 minutes", got.Load(), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
	through = float64(n) / time.Since(start).Seconds()
	stop()

	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
	var next atomic.Int64
	var wg sync.WaitGroup
	start = time.Now()
	for range 16 {
		wg.Go(func() {
			for i := next.Add(1); i <= int64(n); i = next.Add(1) {
				resp, err := client.Post(urls[i%int64(len(urls))], "application/json", nil)
				if err != nil {
					c.t.Error(err)
					return
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		})
	}
	wg.Wait()
	return through, float64(n) / time.Since(start).Seconds()
}

// hangingServerOn accepts webhooks on ip and never answers, until the
// benchmark ends.
func hangingServerOn(tb testing.TB, ip string) *httptest.Server {
	done := make(chan struct{})
	s := serverOn(tb, ip, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-done:
		case <-r.Context().Done():
		}
	}))
	tb.Cleanup(func() { close(done) }) // before Close, which waits for the handlers
	return s
}

// serverOn is an httptest server on a loopback address of its own, so
// each is a destination of its own.
func serverOn(tb testing.TB, ip string, h http.Handler) *httptest.Server {
	l, err := net.Listen("tcp", ip+":0")
	if err != nil {
		tb.Fatal(err)
	}
	s := &httptest.Server{Listener: l, Config: &http.Server{Handler: h, ErrorLog: nil}}
	s.Start()
	tb.Cleanup(s.Close)
	return s
}

// percentile is the p-th percentile of ms (nearest rank).
func percentile(ms []float64, p float64) float64 {
	s := slices.Clone(ms)
	slices.Sort(s)
	i := int(float64(len(s))*p/100+0.5) - 1
	return s[min(max(i, 0), len(s)-1)]
}
