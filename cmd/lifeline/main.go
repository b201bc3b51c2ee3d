// Command lifeline is the whole Lifeline product in one binary: the flags
// and the subcommands. Package app builds the running program (serve.go).
package main

import (
	"lifeline/internal/fdlimit"

	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	_ "time/tzdata" // users' time zones must load even where the system has no zoneinfo
)

const usage = `Lifeline: a recovery-support companion with a GPS bracelet.

Usage:
  lifeline [serve] [flags]   run the product (the default)
  lifeline migrate [flags]   apply database migrations and exit
  lifeline devices ...       pair, list and revoke bracelets (lifeline devices help)
  lifeline content ...       publish articles, blog posts and statistics (lifeline content help)
  lifeline users ...         set a new password for someone (lifeline users help)
  lifeline help              show this text

Run "lifeline serve --help" for the flags and their environment variables.
`

func main() {
	fdlimit.Raise() // a socket per connected bracelet
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
	case err != nil:
		fmt.Fprintln(os.Stderr, "lifeline:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	command := "serve"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		command, args = args[0], args[1:]
	}
	switch command {
	case "serve":
		return serve(ctx, args, getenv, stdout, stderr)
	case "migrate":
		return migrate(ctx, args, getenv, stderr)
	case "devices":
		return devicesCommand(ctx, args, getenv, stdout, stderr)
	case "content":
		return contentCommand(ctx, args, getenv, stdout, stderr)
	case "users":
		return usersCommand(ctx, args, getenv, os.Stdin, stdout, stderr)
	case "help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", command)
	}
}
