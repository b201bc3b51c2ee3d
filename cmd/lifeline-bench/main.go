// Command lifeline-bench holds the benchmarks' tools, kept out of the
// product binary: the baselines the ingest benchmark measures the real path
// against (a bare broker, plain COPY) and the API benchmark's seeder, load
// generator and query-plan capture, the connection benchmark's flood of
// bad CONNECTs and the fix-to-alert probe of a running server. The make
// bench targets drive them.
package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"lifeline/ingest/barebroker"
	"lifeline/migrations"
	"lifeline/pgcluster"
	"lifeline/store"
	"lifeline/store/storebench"
)

const usage = `Usage (make bench-ingest, make bench-api, make bench-connections, make bench-chat and make bench-signals):
  lifeline-bench bare-broker [--mqtt-addr 127.0.0.1:0]
        mochi with no Lifeline hooks: accepts every client, stores nothing;
        prints "Bare broker listening at HOST:PORT" and runs until stopped
  lifeline-bench copy [--rows 200000] [--batch 1000] [--data-dir DIR | --database-url URL]
        COPY synthetic fixes into locations on one connection; prints JSON
  lifeline-bench seed-api --sessions-out FILE [--users 10000] [--days 365]
        [--fixes 2000] [--fix-every 5m] [--data-dir DIR | --database-url URL]
        fill an EMPTY database with users, daily check-ins, bracelet fixes and
        one session per user (tokens in FILE); prints the timings as JSON
  lifeline-bench api --url URL --sessions FILE --endpoint NAME
        [--concurrency 32] [--duration 10s] [--warmup 2s]
        load one endpoint (health, user, stats, checkins, locations, latest)
        as random signed-in users; prints latency and throughput as JSON
  lifeline-bench explain-api --sessions FILE --plans-out FILE.md
        [--data-dir DIR | --database-url URL]
        EXPLAIN (ANALYZE, BUFFERS) of each endpoint's queries; fails when one
        reads a big table whole; prints a summary as JSON
  lifeline-bench disk [--data-dir DIR | --database-url URL]
        bytes on disk per stored fix (locations and its indexes), and on
        TimescaleDB again after compressing every chunk; benchmark data
        only; prints JSON
  lifeline-bench connect-flood --broker HOST:PORT [--rate 1000] [--duration 30s]
        [--local-addr IP] [--device-id ID] [--concurrency 200] [--timeout 2s]
        MQTT 3.1.1 CONNECTs with wrong passwords at a steady rate, each on a
        new connection from --local-addr, as a random brc_ device (or
        --device-id); reads the CONNACK and resets the connection. Prints
        {"sent","connack":{code:count},"errors","duration_s","rate",
        "target_rate","rate_held","note"}; rate_held is false (and note says
        why) below 95% of --rate
  lifeline-bench alert-probe --api URL --broker HOST:PORT
        [--every 2s] [--duration 60s | --count N] [--timeout 10s]
        [--email EMAIL --password PASSWORD (default $LIFELINE_PASSWORD)]
        fix-to-alert latency of a RUNNING lifeline under its load: pairs a
        bracelet, follows the owner's live events, and every --every creates
        an avoid zone at a new place and publishes the 3 fixes (QoS 1) that
        confirm the entry, then one every 0.5 s until the alert (a worker
        may hear of the zone after the first fixes); a sample is the PUBACK
        of the fix the alert's evidence names as confirming to the zone's
        alert event. Each zone is deleted after its sample and
        the bracelet revoked at the end. Without --email it signs up its own
        throwaway user (serve with a high --signup-limit) and erases it at
        the end. Prints {"samples","p50_ms","p99_ms","max_ms","ack_p50_ms",
        "ack_p99_ms","timeouts","first_fix_ms","extra_fixes"}: ack is publish
        to PUBACK of every fix; timeouts are samples with no PUBACK or no
        alert within --timeout; first_fix is the new bracelet's dial to its
        first PUBACK; extra_fixes the fixes beyond three, in all samples
  lifeline-bench nats-memory [--conns 2000] [--clean] [--qos 1] [--mqtt SETTINGS]
        [--env "GOGC=50 GOMEMLIMIT=1GiB"] [--settle 10s] [--close-wait 0]
        memory per bracelet-like connection on a fresh three-node NATS
        cluster (ingest/brokercluster): RSS and live Go heap of every node
        before and after --conns clients connect to node 1 and subscribe to
        their config topic; --mqtt adds settings to every node's mqtt block;
        --close-wait disconnects them and reads again that long after.
        Prints JSON (per node, and summed over the cluster per connection)
  lifeline-bench chat [--dev chat/crisisset/dev]
        [--heldout chat/crisisset/heldout.jsonl] [--k 10] [--rounds 20]
        the chat's safety layer measured like a medical test: recall per
        category and false alarms on ordinary talk with 95% Wilson
        intervals, on the held-out set when present, on each author of the
        development corpus with the model trained on the others, and by
        k-fold cross-validation, beside the old phrase table; the model's
        thresholds swept; the misses; latency per message. Prints the
        BENCHMARKS.md section

  lifeline-bench signals [--cohort 2000] [--seed 1] [--people 10000]
        [--rounds 5] [--load [--data-dir DIR | --database-url URL]]
        the early-warning signals on a SYNTHETIC cohort with injected
        shifts: sensitivity, detection delay and false alarms per
        person-month per rule; the time to compute --people people's
        signals against one pass summing the same inputs; with --load the
        batch load of as many seeded people from an EMPTY database. Prints
        the BENCHMARKS.md section's body

--data-dir (default $LIFELINE_DATA_DIR or ./data) is a lifeline data folder:
its private PostgreSQL is started, or joined when lifeline serve runs on it.
--database-url (default $DATABASE_URL) names any PostgreSQL instead.
--timescale auto|off|require chooses the storage engine of a database the
command migrates first, as lifeline serve's flag does (default auto).
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
	case err != nil:
		fmt.Fprintln(os.Stderr, "lifeline-bench:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "help" {
		fmt.Fprint(stdout, usage)
		return nil
	}
	sub, args := args[0], args[1:]
	if sub == "connect-flood" { // flags of its own: --duration and --concurrency mean other things here
		return connectFlood(ctx, args, stdout, stderr)
	}
	if sub == "chat" { // no database: the chat's safety layer in this process
		return benchChat(args, stdout, stderr)
	}
	if sub == "signals" { // flags of its own; a database only with --load
		logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
		db := database{dataDir: cmp.Or(getenv("LIFELINE_DATA_DIR"), "./data"), url: getenv("DATABASE_URL"), timescale: store.TimescaleAuto, logger: logger}
		return benchSignals(ctx, args, db, stdout, stderr)
	}
	if sub == "nats-memory" { // no database: a NATS cluster of its own
		return natsMemory(ctx, args, stdout, stderr)
	}
	if sub == "alert-probe" { // flags of its own: its --duration differs from api's
		return alertProbe(ctx, args, getenv, stdout, stderr)
	}
	fs := flag.NewFlagSet(sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("mqtt-addr", "127.0.0.1:0", "listen address (bare-broker)")
	rows := fs.Int("rows", 200000, "rows to copy (copy)")
	batch := fs.Int("batch", 1000, "rows per COPY (copy)")
	dataDir := fs.String("data-dir", "", "data folder of lifeline's private cluster (default $LIFELINE_DATA_DIR or ./data)")
	dbURL := fs.String("database-url", getenv("DATABASE_URL"), "PostgreSQL URL")
	engine := fs.String("timescale", "auto", "storage engine of a fresh database: auto, off or require")
	a := apiBenchFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	timescale, err := store.ParseTimescale(*engine)
	if err != nil {
		return err
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	db := database{dataDir: cmp.Or(*dataDir, getenv("LIFELINE_DATA_DIR"), "./data"), url: *dbURL, timescale: timescale, logger: logger}
	switch sub {
	case "seed-api":
		return seedAPI(ctx, a, db, stdout)
	case "api":
		return loadAPI(ctx, a, stdout)
	case "explain-api":
		return explainAPI(ctx, a, db, stdout)
	case "disk":
		return db.with(ctx, func(db *store.DB) error {
			disk, err := storebench.MeasureFixesOnDisk(ctx, db)
			if err != nil {
				return err
			}
			return json.NewEncoder(stdout).Encode(disk)
		})
	case "bare-broker":
		b, err := barebroker.Start(*addr, logger)
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
		return db.with(ctx, func(db *store.DB) error {
			took, err := storebench.CopyBaseline(ctx, db, *rows, *batch)
			if err != nil {
				return err
			}
			return json.NewEncoder(stdout).Encode(map[string]any{
				"rows": *rows, "batch": *batch, "seconds": took.Seconds(), "rows_per_s": float64(*rows) / took.Seconds(),
			})
		})
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", sub)
	}
}

// database is where a command's data lives: url, or else the private
// cluster in dataDir (which preloads TimescaleDB where installed, as lifeline
// serve's does); timescale chooses the engine when it is first migrated.
type database struct {
	dataDir, url string
	timescale    store.Timescale
	logger       *slog.Logger
}

// with opens the database (joining a running lifeline serve's cluster if
// there is one, as lifeline's own commands do), runs f and closes it.
func (d database) with(ctx context.Context, f func(*store.DB) error) error {
	url := d.url
	if url == "" {
		cluster := &pgcluster.Cluster{Dir: filepath.Join(d.dataDir, "pg"), Attach: true, Logger: d.logger}
		if err := cluster.Start(ctx); err != nil {
			return err
		}
		defer cluster.Stop()
		url = cluster.URL("lifeline")
	}
	db, err := store.Open(ctx, url, migrations.FS, d.timescale)
	if err != nil {
		return err
	}
	defer db.Close()
	return f(db)
}
