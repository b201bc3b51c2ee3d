// Command lifeline is the whole Lifeline product in one binary. It only
// wires the parts together: see serve.go for the order of things.
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
	"time"
	_ "time/tzdata" // users' time zones must load even where the system has no zoneinfo

	"lifeline/migrations"
	"lifeline/store"
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

func serve(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := ParseConfig("serve", args, getenv, stderr)
	if err != nil {
		return err
	}
	m := &Main{Config: cfg, Logger: newLogger(cfg.LogLevel), Stdout: stdout}
	runErr := m.Run(ctx)
	if runErr == nil {
		<-ctx.Done()
		m.Logger.Info("shutting down")
	}
	closeCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return errors.Join(runErr, m.Close(closeCtx))
}

// migrate applies the migrations and exits: for deployments that migrate
// before rolling out new nodes.
func migrate(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	cfg, err := ParseConfig("migrate", args, getenv, stderr)
	if err != nil {
		return err
	}
	m := &Main{Config: cfg, Logger: newLogger(cfg.LogLevel), Stdout: io.Discard}
	defer m.Close(context.Background())
	url, err := m.openDatabaseServer(ctx)
	if err != nil {
		return err
	}
	db, err := store.Open(ctx, url, migrations.FS, cfg.Timescale)
	if err != nil {
		return err
	}
	db.Close()
	m.Logger.Info("migrations applied")
	return nil
}
