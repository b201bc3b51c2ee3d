#!/usr/bin/env bash
# make bench-api: the API under load on a large seeded data set, and the web
# app's initial download.
#   1. `lifeline-bench seed-api` fills a fresh private cluster (USERS users,
#      DAYS daily check-ins each, FIXES bracelet fixes each, one session per
#      user); `lifeline serve` then runs on it.
#   2. `lifeline-bench api` loads each endpoint as random signed-in users,
#      CONCURRENCY requests in flight, REPEAT rounds (medians reported),
#      beside GET /healthz through the same stack as the ratio baseline.
#   3. `lifeline-bench explain-api` runs EXPLAIN (ANALYZE, BUFFERS) of every
#      endpoint's queries (full plans to PLANS) and fails on a sequential
#      scan of a big table.
#   4. webapp/scripts/bundle-report.mjs builds the web app and fails when
#      OpenLayers or ApexCharts is in the initial JavaScript.
# Both sections go to BENCHMARKS.md, keeping its other sections.
#
# Settings (environment): USERS (10000), DAYS (365), FIXES (2000),
# FIX_EVERY (5m), CONCURRENCY (32), DURATION (6s), WARMUP (1s), REPEAT (3),
# OUT (BENCHMARKS.md), PLANS (docs/api-query-plans.md).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/bench.sh

USERS=${USERS:-10000}
DAYS=${DAYS:-365}
FIXES=${FIXES:-2000}
FIX_EVERY=${FIX_EVERY:-5m}
CONCURRENCY=${CONCURRENCY:-32}
DURATION=${DURATION:-6s}
WARMUP=${WARMUP:-1s}
REPEAT=${REPEAT:-3}
OUT=${OUT:-BENCHMARKS.md}
PLANS=${PLANS:-docs/api-query-plans.md}
ENDPOINTS=(health user stats checkins locations latest)

say() { printf 'bench-api: %s\n' "$*" >&2; }
began=$(date +%s)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

work=$(mktemp -d /tmp/lifeline-bench-api-XXXXXX)
chmod 755 "$work" # as root, the private PostgreSQL runs as "postgres" and must enter it
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

lifeline=$(binary lifeline ./cmd/lifeline LIFELINE_BIN)
lifeline_bench=$(binary lifeline-bench ./cmd/lifeline-bench LIFELINE_BENCH_BIN)
data="$work/data"

say "web bundle"
node webapp/scripts/bundle-report.mjs >"$work/bundle.json"

say "seeding $USERS users, $DAYS days of check-ins and $FIXES fixes each"
"$lifeline_bench" seed-api --data-dir "$data" --users "$USERS" --days "$DAYS" --fixes "$FIXES" --fix-every "$FIX_EVERY" \
  --sessions-out "$work/sessions.json" >"$work/seed.json"
say "seeded in $(jq -r '.seconds | floor' "$work/seed.json") s: $(jq -c '[.steps[] | "\(.name) \(.seconds | floor) s"]' "$work/seed.json")"

"$lifeline" serve --data-dir "$data" --http-addr 127.0.0.1:0 --mqtt-addr 127.0.0.1:0 --mqtt-ws-addr 127.0.0.1:0 \
  --log-level warn >"$work/serve.log" 2>"$work/serve.err" &
pid=$!
for _ in $(seq 1 600); do
  grep -q 'running at' "$work/serve.log" && break
  kill -0 "$pid" 2>/dev/null || { say "serve exited:"; cat "$work/serve.err" >&2; exit 1; }
  sleep 0.1
done
url=$(grep -oE 'running at (http://[^ ]+)' "$work/serve.log" | sed 's/running at //')
[ -n "$url" ] || { say "serve did not start"; exit 1; }

# Rounds of every endpoint in turn, so a noisy moment hits all of them.
for i in $(seq 1 "$REPEAT"); do
  for e in "${ENDPOINTS[@]}"; do
    say "round $i/$REPEAT: $e"
    "$lifeline_bench" api --url "$url" --sessions "$work/sessions.json" --endpoint "$e" \
      --concurrency "$CONCURRENCY" --duration "$DURATION" --warmup "$WARMUP" >"$work/$e-$i.json"
  done
done

say "query plans"
mkdir -p "$(dirname "$PLANS")"
"$lifeline_bench" explain-api --data-dir "$data" --sessions "$work/sessions.json" --plans-out "$PLANS" >"$work/plans.json"
kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; pid=""

field() { for i in $(seq 1 "$REPEAT"); do jq -r ".$2" "$work/$1-$i.json"; done | median; }
kib() { awk -v v="$1" 'BEGIN { if (v < 1024) printf "%d B", v; else printf "%.1f KiB", v / 1024 }'; }

declare -A what=(
  [health]='`GET /healthz` (no session, no query): baseline'
  [user]='`GET /api/auth/user`: the session and user lookup every signed-in request makes'
  [stats]='`GET /api/stats`: streak over a year of check-ins, week averages'
  [checkins]='`GET /api/checkins?from=&to=&limit=31`: a calendar month'
  [locations]='`GET /api/gps/locations?from=&to=&limit=1000`: one day'"'"'s track (288 fixes)'
  [latest]='`GET /api/gps/latest`: the newest fix'
)
base=$(field health requests_per_s)
rows=""
for e in "${ENDPOINTS[@]}"; do
  rps=$(field "$e" requests_per_s)
  body=$(for i in $(seq 1 "$REPEAT"); do jq -r '.bytes / ([.requests, 1] | max)' "$work/$e-$i.json"; done | median)
  rows+="| ${what[$e]} | $(fmt "$rps") | $(ms "$(field "$e" p50_ms)") ms | $(ms "$(field "$e" p99_ms)") ms | $(kib "$body") | $(ratio "$rps" "$base") |"$'\n'
done
plans=$(jq -r '.[] | "| \(.endpoint) | \(.query) | \(.indexes | join(", ")) | \(.buffers) | \(.execution_ms) ms | \(.generic_execution_ms) ms |"' "$work/plans.json")
seed_steps=$(jq -r '[.steps[] | "\(.name) \(.seconds | floor) s"] | join(", ")' "$work/seed.json")

took=$(( $(date +%s) - began ))
stamp="$(date -u '+%Y-%m-%d %H:%M UTC') on $(machine); load average before the run: $load_before"
api_section=$(cat <<EOF
## API under load (\`make bench-api\`)

$stamp; the load generator shares the cores.
Command: \`USERS=$USERS DAYS=$DAYS FIXES=$FIXES CONCURRENCY=$CONCURRENCY DURATION=$DURATION REPEAT=$REPEAT make bench-api\` ($took s in all, with the web bundle below).

Data set, written by \`lifeline-bench seed-api\` through \`store/storebench\` (server-side \`INSERT … SELECT generate_series\`, in time order across users as real traffic leaves it): $(jq -r '.users' "$work/seed.json") users (one shared password hash: bench only), $(jq -r '.check_ins' "$work/seed.json") daily check-ins ($DAYS days each), $(jq -r '.locations' "$work/seed.json") bracelet fixes ($FIXES per user, every $FIX_EVERY up to now), one session per user. Seeding took $(jq -r '.seconds | floor' "$work/seed.json") s ($seed_steps).

Each request is from a user picked at random, with that user's session cookie, over kept-alive connections, $CONCURRENCY in flight; latency is to the last byte of the body. Each figure is the median of $REPEAT rounds of $DURATION (after $WARMUP of warm-up); no request failed.

| endpoint | requests/s | p50 | p99 | body | ratio to /healthz |
| --- | ---: | ---: | ---: | ---: | ---: |
${rows%$'\n'}

Main queries under \`EXPLAIN (ANALYZE, BUFFERS)\` for one random user after the runs (full plans in [\`$PLANS\`]($PLANS)); the run fails on a sequential scan of a big table:

| endpoint | query | index | buffers | time | generic plan |
| --- | --- | --- | --- | ---: | ---: |
$plans
EOF
)

initial_rows=$(jq -r '.initial.files | sort_by(-.gzip)[] | "| `\(.file)` | \(.bytes / 1024 * 10 | round / 10) KiB | \(.gzip / 1024 * 10 | round / 10) KiB |"' "$work/bundle.json")
largest_rows=$(jq -r '.largest[] | "| `\(.file)` | \(.bytes / 1024 * 10 | round / 10) KiB | \(.gzip / 1024 * 10 | round / 10) KiB | \(if .initial then "initial" else "lazy" end) | \(.holds | join(", ")) |"' "$work/bundle.json")
web_section=$(cat <<EOF
## Web bundle (\`make bench-api\`)

$stamp. \`webapp/scripts/bundle-report.mjs\` builds the app with a Vite manifest into a temporary folder and counts what
the first page loads before anything else: the entry chunk, the chunks it imports statically and the scripts
index.html names. gzip at Node's default level.

**Initial JavaScript: $(jq -r '.initial.js_gzip / 1024 * 10 | round / 10' "$work/bundle.json") KiB gzip** ($(jq -r '.initial.js_bytes / 1024 * 10 | round / 10' "$work/bundle.json") KiB raw, $(jq -r '.initial.files | length' "$work/bundle.json") files), plus $(jq -r '.initial.css_gzip / 1024 * 10 | round / 10' "$work/bundle.json") KiB gzip of CSS. OpenLayers is only in $(jq -r '.libraries.ol.chunks | map("`" + . + "`") | join(", ")' "$work/bundle.json") and ApexCharts only in $(jq -r '.libraries.apexcharts.chunks | map("`" + . + "`") | join(", ")' "$work/bundle.json"), both lazy (the run fails otherwise).

| initial file | raw | gzip |
| --- | ---: | ---: |
$initial_rows

Largest of the $(jq -r '.chunks' "$work/bundle.json") chunks:

| chunk | raw | gzip | loaded | holds |
| --- | ---: | ---: | --- | --- |
$largest_rows
EOF
)

replace_section "$OUT" '## API under load' "$api_section"
replace_section "$OUT" '## Web bundle' "$web_section"
say "written to $OUT and $PLANS in $took s"
printf '%s\n\n%s\n' "$api_section" "$web_section"
