#!/usr/bin/env bash
# make bench-signals: the early-warning signals (docs/signals.md) on a
# SYNTHETIC cohort with known injected shifts — sensitivity, detection
# delay and false alarms per person-month, per rule and overall — then the
# time to compute 10,000 people's signals against one pass summing the same
# inputs, and their batch load from a private PostgreSQL seeded for the
# run. Writes its section of BENCHMARKS.md, keeping the others.
#
# Settings (environment): COHORT (2000), PEOPLE (10000), SEED (1), OUT (BENCHMARKS.md).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/bench.sh

COHORT=${COHORT:-2000}
PEOPLE=${PEOPLE:-10000}
SEED=${SEED:-1}
OUT=${OUT:-BENCHMARKS.md}
say() { printf 'bench-signals: %s\n' "$*" >&2; }
work=$(mktemp -d /tmp/lifeline-bench-signals-XXXXXX)
chmod 755 "$work" # the private cluster runs as postgres when we are root
trap 'rm -rf "$work"' EXIT

bench=$(binary lifeline-bench ./cmd/lifeline-bench LIFELINE_BENCH_BIN)
"$bench" signals --cohort "$COHORT" --people "$PEOPLE" --seed "$SEED" --load --data-dir "$work/data" >"$work/signals.md"

say "BenchmarkEvaluate"
go test ./signals -run '^$' -bench '^BenchmarkEvaluate$' -benchmem -count 3 | tee "$work/go.txt" >&2
ns=$(awk '/^BenchmarkEvaluate/ { for (i = 2; i <= NF; i++) if ($i == "ns/op") print $(i-1) }' "$work/go.txt" | median)
allocs=$(awk '/^BenchmarkEvaluate/ { for (i = 2; i <= NF; i++) if ($i == "allocs/op") print $(i-1) }' "$work/go.txt" | median)

section=$(cat <<EOT
## Early-warning signals (\`make bench-signals\`)

$(date -u '+%Y-%m-%d %H:%M UTC') on $(machine), load $(loadavg). The figures below come from a **synthetic cohort**
(\`internal/bench/signaleval\`): generated people with day-to-day noise, weekly patterns and missed days, never real
data. They say how the rules behave on the shifts we injected, not how they behave for real people.

$(cat "$work/signals.md")

\`go test ./signals -bench Evaluate\` (median of 3): $(awk -v v="$ns" 'BEGIN { printf "%.2f", v / 1000 }') µs and $(fmt "$allocs") allocations for one
person with five weeks of data and nothing unusual.
EOT
)
printf '%s\n' "$section"
replace_section "$OUT" "## Early-warning signals" "$section"
say "written to $OUT"
