package main

import (
	"context"
	"io"
	"log/slog"
	"os"

	"lifeline/app"
)

// serve runs the program until ctx ends (SIGINT or SIGTERM): the flags
// become an app.Config, and package app builds and starts every part.
func serve(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := ParseConfig("serve", args, getenv, stderr)
	if err != nil {
		return err
	}
	program, err := app.New(ctx, cfg, app.Options{Logger: newLogger(cfg.LogLevel), Stdout: stdout})
	if err != nil {
		return err
	}
	return program.Run(ctx)
}

// migrate applies the migrations and exits: for deployments that migrate
// before rolling out new nodes.
func migrate(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	cfg, err := ParseConfig("migrate", args, getenv, stderr)
	if err != nil {
		return err
	}
	logger := newLogger(cfg.LogLevel)
	if err := app.Migrate(ctx, cfg, logger); err != nil {
		return err
	}
	logger.Info("migrations applied")
	return nil
}

func newLogger(level slog.Level) *slog.Logger {
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
}
