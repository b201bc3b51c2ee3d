#!/usr/bin/env bash
# make bench-engine: the geofence engine's checks per second at 10, 10,000
# and 100,000 zones (one core, medians of COUNT runs, ratio to the 10-zone
# case of the same run), and fix-to-alert latency through the real program.
# Writes both sections of BENCHMARKS.md, keeping the others.
#
# Settings (environment): COUNT (3), OUT (BENCHMARKS.md).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/bench.sh

COUNT=${COUNT:-3}
OUT=${OUT:-BENCHMARKS.md}
say() { printf 'bench-engine: %s\n' "$*" >&2; }
work=$(mktemp -d /tmp/lifeline-bench-engine-XXXXXX)
trap 'rm -rf "$work"' EXIT

say "geofence engine, $COUNT runs"
go test ./geofence -run '^$' -bench . -benchmem -cpu 1 -count "$COUNT" | tee "$work/geofence.txt" >&2

# value NAME UNIT: the median of the figure before UNIT on benchmark NAME's lines.
value() {
  awk -v name="$1" -v unit="$2" '$1 == name { for (i = 2; i <= NF; i++) if ($i == unit) print $(i-1) }' "$work/geofence.txt" | median
}
mega() { awk -v v="$1" 'BEGIN { printf "%.2f M", v / 1e6 }'; }

rows=""
for spread in metro world; do
  base=$(value "BenchmarkProcess/$spread/zones=10" fixes/s)
  for n in 10 10000 100000; do
    label=$(echo "$n" | sed -E ':a; s/([0-9])([0-9]{3})($|,)/\1,\2\3/; ta')
    name="BenchmarkProcess/$spread/zones=$n"
    rate=$(value "$name" fixes/s)
    rows+="| $spread | $label | $(fmt "$(value "$name" ns/op)") | $(mega "$rate") | $(ratio "$rate" "$base") | $(ratio "$rate" 1500000) | $(value "$name" allocs/op) |
"
  done
done
heavy=$(value BenchmarkProcessHeavyUser fixes/s)
tick=$(value BenchmarkTick ns/op)

say "fix to alert event through the real program"
go test ./cmd/lifeline -run '^$' -bench FixToAlertEvent -benchtime 20x | tee "$work/alert.txt" >&2
ms2() { awk -v v="$1" 'BEGIN { printf "%.2f", v }'; }
metric() { awk -v unit="$1" '/^BenchmarkFixToAlertEvent/ { for (i = 2; i <= NF; i++) if ($i == unit) print $(i-1) }' "$work/alert.txt" | head -1; }

when="$(date -u '+%Y-%m-%d %H:%M UTC') on $(machine)"
geofence=$(cat <<EOT
## Geofence engine (\`make bench-engine\`)

$when; one core (\`go test ./geofence -bench . -cpu 1 -count $COUNT\`): medians of $COUNT runs of the
no-change path (every state settled), fixes from users with a realistic handful of zones each,
zones spread over a metro area or the whole world. The goal is 1.5 million fixes per second per core
at 10,000 zones with no allocations.

| spread | zones | ns per fix | fixes/s per core | vs 10 zones (same run) | vs the 1.5 M goal | allocs |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
$rows
One user with 2,000 zones (R-tree): $(mega "$heavy") fixes/s. \`Tick\` (dwell and schedule rules
without a fix) over 20,000 devices: $(awk -v v="$tick" 'BEGIN { printf "%.2f", v / 1e6 }') ms.
EOT
)
alert=$(cat <<EOT
## Fix to alert event (\`make bench-engine\`)

$when. The real program on its private PostgreSQL: from the PUBACK of the fix that confirms an
entry into an avoid zone to the alert event on the owner's Server-Sent Events stream (decode,
commit, geofence engine, state and alert rows, NOTIFY, stream), 20 entries:
**p50 $(ms2 "$(metric p50-ms)") ms, p99 $(ms2 "$(metric p99-ms)") ms, max $(ms2 "$(metric max-ms)") ms**. Live location events are coalesced to each
user's newest fix once a second by design, so a moving marker lags its bracelet by up to a second.
EOT
)

replace_section "$OUT" "## Geofence engine" "$geofence"
replace_section "$OUT" "## Fix to alert event" "$alert"
say "written to $OUT"
