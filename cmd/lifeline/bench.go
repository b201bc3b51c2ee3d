package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"

	"lifeline/ingest"
)

const benchUsage = `Usage (make bench-ingest and make bench-api):
  lifeline bench bare-broker [--mqtt-addr 127.0.0.1:0]
        mochi with no Lifeline hooks: accepts every client, stores nothing;
        prints "Bare broker listening at HOST:PORT" and runs until stopped
  lifeline bench copy [--rows 200000] [--batch 1000] [--data-dir DIR | --database-url URL]
        COPY synthetic fixes into locations on one connection; prints JSON
  lifeline bench seed-api --sessions-out FILE [--users 10000] [--days 365]
        [--fixes 2000] [--fix-every 5m] [--data-dir DIR | --database-url URL]
        fill an EMPTY database with users, daily check-ins, bracelet fixes and
        one session per user (tokens in FILE); prints the timings as JSON
  lifeline bench api --url URL --sessions FILE --endpoint NAME
        [--concurrency 32] [--duration 10s] [--warmup 2s]
        load one endpoint (health, user, stats, checkins, locations, latest)
        as random signed-in users; prints latency and throughput as JSON
  lifeline bench explain-api --sessions FILE --plans-out FILE.md
        [--data-dir DIR | --database-url URL]
        EXPLAIN (ANALYZE, BUFFERS) of each endpoint's queries; fails when one
        reads a big table whole; prints a summary as JSON
`

// benchCommand runs the baselines the ingest benchmark measures the real
// path against.
func benchCommand(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stdout, benchUsage)
		return nil
	}
	sub, args := args[0], args[1:]
	fs := flag.NewFlagSet("bench "+sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("mqtt-addr", "127.0.0.1:0", "listen address (bare-broker)")
	rows := fs.Int("rows", 200000, "rows to copy (copy)")
	batch := fs.Int("batch", 1000, "rows per COPY (copy)")
	dataDir := fs.String("data-dir", envOr(getenv, "LIFELINE_DATA_DIR", "./data"), "data folder of the private cluster (copy)")
	dbURL := fs.String("database-url", getenv("DATABASE_URL"), "PostgreSQL URL (copy)")
	a := apiBenchFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch sub {
	case "seed-api":
		return seedAPI(ctx, a, *dataDir, *dbURL, stdout)
	case "api":
		return loadAPI(ctx, a, stdout)
	case "explain-api":
		return explainAPI(ctx, a, *dataDir, *dbURL, stdout)
	case "bare-broker":
		b, err := ingest.StartBareBroker(*addr, slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
		if err != nil {
			return err
		}
		defer b.Close()
		fmt.Fprintf(stdout, "Bare broker listening at %s\n", b.Addr())
		<-ctx.Done()
		return nil
	case "copy":
		if *rows < 1 || *batch < 1 {
			return fmt.Errorf("--rows and --batch must be positive")
		}
		db, closeDB, err := openForCommand(ctx, *dataDir, *dbURL)
		if err != nil {
			return err
		}
		defer closeDB()
		took, err := db.CopyBaseline(ctx, *rows, *batch)
		if err != nil {
			return err
		}
		return json.NewEncoder(stdout).Encode(map[string]any{
			"rows": *rows, "batch": *batch, "seconds": took.Seconds(), "rows_per_s": float64(*rows) / took.Seconds(),
		})
	default:
		fmt.Fprint(stderr, benchUsage)
		return fmt.Errorf("unknown bench command %q", sub)
	}
}
