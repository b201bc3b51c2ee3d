// Command firmware-sim simulates Lifeline bracelets over MQTT: a few for a
// tester who has no hardware, thousands as the load generator of the
// benchmarks. It speaks the bracelet wire contract v1 (lifeline/ingest/wire),
// through paho, exactly as a real bracelet would, or (--protocol) one of the
// phone apps' protocols. Run it with --help.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"lifeline/internal/fdlimit"
)

func main() {
	fdlimit.Raise() // a socket per device
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop() // a second Ctrl-C ends the drain at once
	}()
	code := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run is the command: its exit status is 0 done, 1 failed (a --verify that
// found fixes missing), 2 bad input.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	cfg, err := parseFlags(args, getenv, stdout)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err == nil {
		_, err = Run(ctx, cfg, stdout, stderr)
	}
	var ue *usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		fmt.Fprintln(stderr, "firmware-sim:", err)
		return 2
	default:
		fmt.Fprintln(stderr, "firmware-sim:", err)
		return 1
	}
}
