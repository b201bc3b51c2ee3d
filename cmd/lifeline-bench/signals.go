package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"lifeline/internal/bench/signaleval"
	"lifeline/signals"
	"lifeline/store"
	"lifeline/store/storebench"
)

// benchSignals measures the early-warning signals (make bench-signals) on
// a SYNTHETIC cohort: the rules' sensitivity, detection delay and false
// alarms per person-month; the time to evaluate --people people's signals
// against one pass summing the same inputs; and, with --load, the batch
// load of that many people from PostgreSQL. It prints the BENCHMARKS.md
// section's body as Markdown.
func benchSignals(ctx context.Context, args []string, db database, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("signals", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 1, "the synthetic cohort's seed")
	cohortSize := fs.Int("cohort", 2000, "synthetic people in the evaluation (half with one injected shift)")
	people := fs.Int("people", 10000, "people whose signals are timed")
	rounds := fs.Int("rounds", 5, "timing rounds (the best counts)")
	load := fs.Bool("load", false, "also seed --people people into an EMPTY database and time their batch load")
	dataDir := fs.String("data-dir", db.dataDir, "data folder of lifeline's private cluster (with --load)")
	dbURL := fs.String("database-url", db.url, "PostgreSQL URL (with --load)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	db.dataDir, db.url = *dataDir, *dbURL

	fmt.Fprintf(stderr, "bench-signals: evaluating the rules on %d synthetic people (seed %d)\n", *cohortSize, *seed)
	report := signaleval.Evaluate(signaleval.Cohort(*seed, *cohortSize))
	fmt.Fprintf(stdout, "**Synthetic cohort** (generated, no real person's data): %d people, seed %d, %d days each, the rules evaluated as if\n", report.People, *seed, signaleval.Days)
	fmt.Fprintf(stdout, "each day from day %d were today. %d of them have one shift injected on a day between %d and %d (the kinds in turn);\n", signaleval.FirstEval, report.Shifted, signaleval.ShiftFrom, signaleval.ShiftTo)
	fmt.Fprintf(stdout, "false alarms are counted on the other %d over %.0f person-months (a rule that begins to speak up for someone with no\n", report.People-report.Shifted, report.PersonMonths)
	fmt.Fprintf(stdout, "shift). Delay is days from the shift's first day to the rule's first signal. How the cohort is made: docs/signals.md.\n\n")
	fmt.Fprint(stdout, report.Markdown())

	fmt.Fprintf(stderr, "bench-signals: timing %d people, best of %d\n", *people, *rounds)
	inputs := signaleval.Today(signaleval.Cohort(*seed+1, *people))
	t := signaleval.Time(inputs, *rounds)
	fmt.Fprintf(stdout, "\n**Computing the signals for %d people** (inputs in memory, as loaded: up to %d days of check-ins, the BAMs and\n", t.People, signals.LookbackDays)
	fmt.Fprintf(stdout, "avoid-zone days, best of %d): %.1f ms (%.2f µs a person, %d signals), against %.2f ms for one pass summing the same\n", *rounds,
		ms(t.Evaluate), float64(t.Evaluate.Nanoseconds())/float64(t.People)/1000, t.Signals, ms(t.Baseline))
	fmt.Fprintf(stdout, "inputs: %.1f× the baseline. Goal: under 1 s.\n", float64(t.Evaluate)/float64(max(t.Baseline, 1)))
	if !*load {
		return nil
	}
	return db.with(ctx, func(db *store.DB) error {
		fmt.Fprintf(stderr, "bench-signals: seeding %d people with %d days of check-ins\n", *people, signals.LookbackDays)
		now := time.Now().UTC()
		seeded, err := storebench.SeedAPI(ctx, db, storebench.APISeed{Users: *people, Days: signals.LookbackDays, Now: now})
		if err != nil {
			return err
		}
		ids := make([]int64, len(seeded.Users))
		for i, u := range seeded.Users {
			ids[i] = u.ID
		}
		if err := storebench.SeedSignalInputs(ctx, db, ids, now); err != nil {
			return err
		}
		best, loaded := time.Duration(1<<63-1), 0
		for range max(1, *rounds) {
			start := time.Now()
			loaded = 0
			for from := 0; from < len(ids); from += 1000 {
				batch, err := db.SignalPeople(ctx, ids[from:min(from+1000, len(ids))], now)
				if err != nil {
					return err
				}
				loaded += len(batch)
			}
			best = min(best, time.Since(start))
		}
		fmt.Fprintf(stdout, "\n**Loading them from PostgreSQL** (`store.SignalPeople`, batches of 1,000 people, four statements a batch, best of %d):\n", *rounds)
		fmt.Fprintf(stdout, "%d people in %.0f ms (%.1f µs a person), apart from the evaluation above.\n", loaded, ms(best), float64(best.Nanoseconds())/float64(max(loaded, 1))/1000)
		return nil
	})
}
