// Package httpload is the API benchmark's load generator: a fixed number of
// workers, each sending one request at a time over a kept-alive
// connection for a fixed duration, recording every response's latency (to
// the last byte of the body) in a histogram.
package httpload

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"lifeline/internal/bench/latency"
)

// Config is one run against one endpoint.
type Config struct {
	// Concurrency is the number of workers, each with at most one request
	// in flight.
	Concurrency int
	// Warmup runs before the measured window; its responses are checked but
	// not recorded.
	Warmup time.Duration
	// Duration is the measured window.
	Duration time.Duration
	// MaxRequests stops the run early once this many measured requests
	// finished (0: no cap besides the duration).
	MaxRequests uint64
	// MinRequests keeps the measured window open past Duration until this
	// many measured requests finished: a run on a busy machine still
	// measures something (a test waits on them, not on the clock).
	MinRequests uint64
	// Request builds the next request of a worker; rng is that worker's own.
	Request func(rng *rand.Rand) (*http.Request, error)
	// Client defaults to one with keep-alive connections for every worker.
	Client *http.Client
	// Seed makes the workers' random choices repeatable.
	Seed uint64
}

// Result is what a run measured. Only responses with status 200 whose body
// was read to the end count as requests; anything else is an error.
type Result struct {
	Requests     uint64        `json:"requests"`
	Errors       uint64        `json:"errors"`
	ErrorExample string        `json:"error_example,omitempty"`
	Bytes        int64         `json:"bytes"`
	Seconds      float64       `json:"seconds"`
	PerSecond    float64       `json:"requests_per_s"`
	P50          time.Duration `json:"-"`
	P90          time.Duration `json:"-"`
	P99          time.Duration `json:"-"`
	Max          time.Duration `json:"-"`
	P50ms        float64       `json:"p50_ms"`
	P90ms        float64       `json:"p90_ms"`
	P99ms        float64       `json:"p99_ms"`
	MaxMs        float64       `json:"max_ms"`
}

// Run sends requests until the warmup and the measured window are over,
// ctx ends, or MaxRequests is reached.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if cfg.Concurrency < 1 || cfg.Duration <= 0 || cfg.Request == nil {
		return nil, errors.New("httpload: need a positive concurrency and duration and a request builder")
	}
	client := cfg.Client
	if client == nil {
		client = &http.Client{
			Timeout: 30 * time.Second,
			Transport: &http.Transport{
				MaxIdleConns: cfg.Concurrency, MaxIdleConnsPerHost: cfg.Concurrency,
				MaxConnsPerHost: cfg.Concurrency, IdleConnTimeout: time.Minute,
			},
		}
		defer client.CloseIdleConnections()
	}

	var (
		hist     latency.Histogram
		errCount atomic.Uint64
		bytes    atomic.Int64
		firstErr sync.Once
		example  string
		measured atomic.Bool
		done     atomic.Uint64
		enough   = make(chan struct{})
		reached  sync.Once
	)
	if cfg.MinRequests == 0 {
		close(enough)
	}
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	fail := func(err error) {
		errCount.Add(1)
		firstErr.Do(func() { example = err.Error() })
	}

	var wg sync.WaitGroup
	for w := range cfg.Concurrency {
		rng := rand.New(rand.NewPCG(cfg.Seed, uint64(w)))
		wg.Go(func() {
			for runCtx.Err() == nil {
				req, err := cfg.Request(rng)
				if err != nil {
					fail(err)
					cancel()
					return
				}
				start := time.Now()
				n, err := do(client, req.WithContext(runCtx))
				took := time.Since(start)
				if runCtx.Err() != nil {
					return // cut off by the end of the run: neither a result nor an error
				}
				if !measured.Load() {
					if err != nil {
						fail(err)
					}
					continue
				}
				if err != nil {
					fail(err)
					continue
				}
				hist.Record(took)
				bytes.Add(n)
				c := done.Add(1)
				if cfg.MinRequests > 0 && c >= cfg.MinRequests {
					reached.Do(func() { close(enough) })
				}
				if cfg.MaxRequests > 0 && c >= cfg.MaxRequests {
					cancel()
				}
			}
		})
	}

	var start time.Time
	select {
	case <-time.After(cfg.Warmup):
	case <-runCtx.Done():
	}
	start = time.Now()
	measured.Store(true)
	select {
	case <-time.After(cfg.Duration):
	case <-runCtx.Done():
	}
	select {
	case <-enough:
	case <-runCtx.Done():
	}
	elapsed := time.Since(start)
	cancel()
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	r := &Result{
		Requests: hist.Count(), Errors: errCount.Load(), ErrorExample: example, Bytes: bytes.Load(),
		Seconds: elapsed.Seconds(),
		P50:     hist.Percentile(0.50), P90: hist.Percentile(0.90), P99: hist.Percentile(0.99), Max: hist.Max(),
	}
	r.PerSecond = float64(r.Requests) / elapsed.Seconds()
	r.P50ms, r.P90ms, r.P99ms, r.MaxMs = ms(r.P50), ms(r.P90), ms(r.P99), ms(r.Max)
	return r, nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// do sends req and reads the whole body; anything but a 200 is an error.
func do(client *http.Client, req *http.Request) (int64, error) {
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	n, err := io.Copy(io.Discard, resp.Body)
	if err != nil {
		return n, fmt.Errorf("%s %s: reading the body: %w", req.Method, req.URL.Path, err)
	}
	if resp.StatusCode != http.StatusOK {
		return n, fmt.Errorf("%s %s: status %d", req.Method, req.URL.Path, resp.StatusCode)
	}
	return n, nil
}
