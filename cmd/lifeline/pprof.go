//go:build pprof

// Profiling builds only: `go build -tags pprof ./cmd/lifeline`, then run with
// LIFELINE_PPROF=127.0.0.1:6060 and fetch /debug/pprof/profile. Release
// builds carry no profiler endpoint.
package main

import (
	"net/http"
	_ "net/http/pprof"
	"os"
)

func init() {
	if addr := os.Getenv("LIFELINE_PPROF"); addr != "" {
		go http.ListenAndServe(addr, nil)
	}
}
