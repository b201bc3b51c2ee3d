package httpload

import (
	"context"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// server answers /fast at once, /slow after 30 ms, /fail with a 500, and
// counts the connections it accepted.
func server(t *testing.T) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var conns atomic.Int64
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/slow":
			time.Sleep(30 * time.Millisecond)
		case "/fail":
			http.Error(w, "no", http.StatusInternalServerError)
			return
		}
		w.Write([]byte(strings.Repeat("x", 100)))
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	return srv, &conns
}

func TestRun(t *testing.T) {
	srv, conns := server(t)
	tests := []struct {
		name        string
		slowOneIn   int // every n-th request (by the worker's rng) goes to /slow; 0: never
		path        string
		maxRequests uint64
		check       func(t *testing.T, r *Result)
	}{
		{name: "fast responses", path: "/fast", check: func(t *testing.T, r *Result) {
			if r.Requests < 50 || r.Errors != 0 {
				t.Errorf("requests %d errors %d (%s)", r.Requests, r.Errors, r.ErrorExample)
			}
			if r.P50 > 20*time.Millisecond || r.P50 > r.P99 || r.P99 > r.Max {
				t.Errorf("p50 %v p99 %v max %v", r.P50, r.P99, r.Max)
			}
			if r.Bytes != int64(r.Requests)*100 {
				t.Errorf("bytes %d for %d requests of 100 bytes", r.Bytes, r.Requests)
			}
		}},
		{name: "a slow half shows in p99", slowOneIn: 2, path: "/fast", check: func(t *testing.T, r *Result) {
			if r.P99 < 29*time.Millisecond || r.Max < 30*time.Millisecond {
				t.Errorf("p99 %v max %v, want both at least 30 ms", r.P99, r.Max)
			}
		}},
		{name: "non-200 answers are errors, not requests", path: "/fail", check: func(t *testing.T, r *Result) {
			if r.Requests != 0 || r.Errors == 0 || !strings.Contains(r.ErrorExample, "status 500") {
				t.Errorf("requests %d errors %d example %q", r.Requests, r.Errors, r.ErrorExample)
			}
		}},
		{name: "stops at MaxRequests", path: "/fast", maxRequests: 20, check: func(t *testing.T, r *Result) {
			if r.Requests < 20 || r.Requests > 20+4 {
				t.Errorf("requests %d, want 20 (plus at most one in flight per worker)", r.Requests)
			}
			if r.Seconds > 1 {
				t.Errorf("took %.2f s, want an early stop", r.Seconds)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Run(context.Background(), Config{
				Concurrency: 4, Warmup: 50 * time.Millisecond, Duration: 300 * time.Millisecond, MaxRequests: tt.maxRequests,
				Request: func(rng *rand.Rand) (*http.Request, error) {
					path := tt.path
					if tt.slowOneIn > 0 && rng.IntN(tt.slowOneIn) == 0 {
						path = "/slow"
					}
					return http.NewRequest(http.MethodGet, srv.URL+path, nil)
				},
			})
			if err != nil {
				t.Fatal(err)
			}
			if r.PerSecond <= 0 && r.Requests > 0 {
				t.Errorf("throughput %g for %d requests", r.PerSecond, r.Requests)
			}
			tt.check(t, r)
		})
	}
	// Keep-alive: the four workers reuse their connections across all runs'
	// hundreds of requests instead of dialling per request.
	if n := conns.Load(); n > 4*int64(len(tests))+4 {
		t.Errorf("%d connections opened, want about one per worker per run", n)
	}
}

func TestRunRefusesBadConfigAndStopsWithContext(t *testing.T) {
	if _, err := Run(context.Background(), Config{Concurrency: 0, Duration: time.Second}); err == nil {
		t.Error("zero concurrency accepted")
	}
	srv, _ := server(t)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Run(ctx, Config{Concurrency: 2, Duration: time.Minute, Request: func(*rand.Rand) (*http.Request, error) {
		return http.NewRequest(http.MethodGet, srv.URL+"/slow", nil)
	}})
	if err == nil || time.Since(start) > 5*time.Second {
		t.Errorf("err %v after %v, want the context's error promptly", err, time.Since(start))
	}
}
