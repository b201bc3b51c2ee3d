// Command lifeline-smtptest is the test SMTP server (internal/smtptest)
// as a process, for the browser suite: it receives mail on one port and
// serves what it received as JSON over HTTP on another. make test-e2e
// builds it into bin/ beside lifeline, which never links it.
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"lifeline/internal/smtptest"
)

const usage = `Usage: lifeline-smtptest [--smtp-addr 127.0.0.1:0] [--http-addr 127.0.0.1:0]
  Receives mail on --smtp-addr and serves it on --http-addr (GET /messages,
  GET /messages?count=N&timeout=30s; see internal/smtptest's Handler).
  Prints "SMTP listening at HOST:PORT" and "HTTP listening at URL", then
  runs until SIGINT or SIGTERM.
`

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "lifeline-smtptest:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	flags := flag.NewFlagSet("lifeline-smtptest", flag.ContinueOnError)
	flags.Usage = func() { fmt.Fprint(flags.Output(), usage) }
	smtpAddr := flags.String("smtp-addr", "127.0.0.1:0", "where to receive mail")
	httpAddr := flags.String("http-addr", "127.0.0.1:0", "where to serve the received messages")
	if err := flags.Parse(args); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	smtp, err := smtptest.Listen(*smtpAddr)
	if err != nil {
		return err
	}
	defer smtp.Stop()
	l, err := net.Listen("tcp", *httpAddr)
	if err != nil {
		return err
	}
	api := &http.Server{Handler: smtp.Handler(), ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- api.Serve(l) }()
	fmt.Printf("SMTP listening at %s\nHTTP listening at http://%s\n", smtp.Addr, l.Addr())

	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	return api.Close() // a test waiting for mail is over too
}
