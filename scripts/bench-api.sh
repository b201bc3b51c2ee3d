#!/usr/bin/env bash
# make bench-api: the API under load on a large seeded data set, and the web
# app's initial download.
#   1. `lifeline-bench seed-api` fills a fresh private cluster (USERS users,
#      DAYS daily check-ins each, FIXES bracelet fixes each, one session per
#      user; SUPPORTERS supporters of up to MAX_PEOPLE of them each, FULL of
#      them of exactly MAX_PEOPLE, signed in, with open alerts and claims);
#      `lifeline serve` then runs on it.
#   2. `lifeline-bench api` loads each endpoint as random signed-in users
#      (the caseload and People I support as the FULL supporters),
#      CONCURRENCY requests in flight, REPEAT rounds (medians reported),
#      beside GET /healthz through the same stack as the ratio baseline.
#   3. `lifeline-bench explain-api` runs EXPLAIN (ANALYZE, BUFFERS) of every
#      endpoint's queries (full plans to PLANS) and fails on a sequential
#      scan of a big table.
#   4. webapp/scripts/bundle-report.mjs builds the web app, writes its own
#      section and fails when OpenLayers or ApexCharts is in the initial
#      JavaScript or the initial JavaScript is over its budget.
#   5. `lifeline-bench disk` measures the bytes on disk per stored fix, on
#      TimescaleDB before and after compressing every chunk.
# Steps 1-3 and 5 run on each storage engine of ENGINES side by side (plain
# PostgreSQL, the baseline, and TimescaleDB where installed): a data set and a
# server per engine, the engines in turn for every endpoint of every round.
# The sections go to BENCHMARKS.md, keeping its other sections.
#
# Settings (environment): USERS (10000), DAYS (365), FIXES (2000),
# FIX_EVERY (5m), SUPPORTERS (1000), MAX_PEOPLE (200), FULL (20),
# CONCURRENCY (32), DURATION (6s), WARMUP (1s), REPEAT (3),
# ENGINES ("plain timescale"), OUT (BENCHMARKS.md), PLANS
# (docs/api-query-plans.md; TimescaleDB's beside it, .timescaledb.md).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/bench.sh

USERS=${USERS:-10000}
DAYS=${DAYS:-365}
FIXES=${FIXES:-2000}
FIX_EVERY=${FIX_EVERY:-5m}
SUPPORTERS=${SUPPORTERS:-1000}
MAX_PEOPLE=${MAX_PEOPLE:-200}
FULL=${FULL:-20}
CONCURRENCY=${CONCURRENCY:-32}
DURATION=${DURATION:-6s}
WARMUP=${WARMUP:-1s}
REPEAT=${REPEAT:-3}
OUT=${OUT:-BENCHMARKS.md}
PLANS=${PLANS:-docs/api-query-plans.md}
ENDPOINTS=(health user stats checkins locations latest supporting caseload)
engines=$(bench_engines)

say() { printf 'bench-api: %s\n' "$*" >&2; }
began=$(date +%s)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

work=$(mktemp -d /tmp/lifeline-bench-api-XXXXXX)
chmod 755 "$work" # as root, the private PostgreSQL runs as "postgres" and must enter it
declare -A pid url label plans
cleanup() {
  for p in "${pid[@]}"; do kill -TERM "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

lifeline=$(binary lifeline ./cmd/lifeline LIFELINE_BIN)
lifeline_bench=$(binary lifeline-bench ./cmd/lifeline-bench LIFELINE_BENCH_BIN)

say "web bundle"
OUT=$OUT node webapp/scripts/bundle-report.mjs --write

for e in $engines; do
  say "seeding $USERS users, $DAYS days of check-ins and $FIXES fixes each on $e"
  "$lifeline_bench" seed-api --data-dir "$work/data-$e" --timescale "$(timescale_flag "$e")" --users "$USERS" --days "$DAYS" \
    --fixes "$FIXES" --fix-every "$FIX_EVERY" --supporters "$SUPPORTERS" --max-people "$MAX_PEOPLE" --full "$FULL" --sessions-out "$work/sessions-$e.json" >"$work/seed-$e.json"
  say "seeded in $(jq -r '.seconds | floor' "$work/seed-$e.json") s: $(jq -c '[.steps[] | "\(.name) \(.seconds | floor) s"]' "$work/seed-$e.json")"

  "$lifeline" serve --data-dir "$work/data-$e" --timescale "$(timescale_flag "$e")" --http-addr 127.0.0.1:0 --mqtt-addr 127.0.0.1:0 \
    --mqtt-ws-addr 127.0.0.1:0 --log-level warn >"$work/serve-$e.log" 2>"$work/serve-$e.err" &
  pid[$e]=$!
  for _ in $(seq 1 600); do
    grep -q 'running at' "$work/serve-$e.log" && break
    kill -0 "${pid[$e]}" 2>/dev/null || { say "serve exited:"; cat "$work/serve-$e.err" >&2; exit 1; }
    sleep 0.1
  done
  url[$e]=$(grep -oE 'running at (http://[^ ]+)' "$work/serve-$e.log" | sed 's/running at //')
  [ -n "${url[$e]}" ] || { say "serve did not start"; exit 1; }
  label[$e]=$(engine_label "$e" "${url[$e]}" "$work/serve-$e.log")
done

# Rounds of every endpoint in turn, on each engine in turn (the engines'
# order reversed every other round), so a noisy moment hits all of them.
for i in $(seq 1 "$REPEAT"); do
  for ep in "${ENDPOINTS[@]}"; do
    for e in $(in_turn "$i" $engines); do
      say "round $i/$REPEAT: $ep on $e"
      # People I support takes seconds for 200 people: it runs on until two
      # requests per connection finished, so its figures are never empty.
      least=0
      [ "$ep" = supporting ] && least=$((CONCURRENCY * 2))
      "$lifeline_bench" api --url "${url[$e]}" --sessions "$work/sessions-$e.json" --endpoint "$ep" \
        --concurrency "$CONCURRENCY" --duration "$DURATION" --warmup "$WARMUP" --min-requests "$least" >"$work/$e-$ep-$i.json"
    done
  done
  # The caseload as one supporter meets it: their request alone in flight
  # (above, 32 at once on two cores measure mostly the queue).
  for e in $(in_turn "$i" $engines); do
    say "round $i/$REPEAT: caseload alone on $e"
    "$lifeline_bench" api --url "${url[$e]}" --sessions "$work/sessions-$e.json" --endpoint caseload \
      --concurrency 1 --duration "$DURATION" --warmup "$WARMUP" >"$work/$e-caseload1-$i.json"
  done
done

# Query plans while the servers run, then (servers stopped) the bytes on
# disk, which compresses every chunk.
mkdir -p "$(dirname "$PLANS")"
for e in $engines; do
  plans[$e]=$PLANS
  [ "$e" = plain ] || plans[$e]=${PLANS%.md}.timescaledb.md
  say "query plans on $e"
  "$lifeline_bench" explain-api --data-dir "$work/data-$e" --sessions "$work/sessions-$e.json" --plans-out "${plans[$e]}" >"$work/plans-$e.json"
  kill -TERM "${pid[$e]}"; wait "${pid[$e]}" 2>/dev/null || true; unset "pid[$e]"
  say "bytes on disk per fix on $e"
  "$lifeline_bench" disk --data-dir "$work/data-$e" --timescale "$(timescale_flag "$e")" >"$work/disk-$e.json"
done

field() { for i in $(seq 1 "$REPEAT"); do jq -r ".$2" "$work/$1-$i.json"; done | median; }
kib() { awk -v v="$1" 'BEGIN { if (v < 1024) printf "%d B", v; else printf "%.1f KiB", v / 1024 }'; }
mib() { awk -v v="$1" 'BEGIN { printf "%.1f MiB", v / 1048576 }'; }
base=$(head -1 <<<"$engines")

declare -A what=(
  [health]='`GET /healthz` (no session, no query): baseline'
  [user]='`GET /api/auth/user`: the session and user lookup every signed-in request makes'
  [stats]='`GET /api/stats`: streak over a year of check-ins, week averages'
  [checkins]='`GET /api/checkins?from=&to=&limit=31`: a calendar month'
  [locations]='`GET /api/gps/locations?from=&to=&limit=1000`: one day'"'"'s track (288 fixes)'
  [latest]='`GET /api/gps/latest`: the newest fix'
  [supporting]="\`GET /api/supporting\`: People I support, for a supporter of $MAX_PEOPLE people (a few queries per person)"
  [caseload]="\`GET /api/caseload\`: the caseload, for a supporter of $MAX_PEOPLE people (one query, one audit-log write)"
)
# Per endpoint: each engine's requests/s, p50 and p99, then each other
# engine's ratios to the baseline's (plain PostgreSQL), in the same rounds.
header="| endpoint |" rule="| --- |"
for e in $engines; do header+=" ${label[$e]}: requests/s | p50 | p99 |"; rule+=" ---: | ---: | ---: |"; done
for e in $engines; do
  [ "$e" = "$base" ] && continue
  header+=" ${label[$e]} ÷ ${label[$base]}: requests/s | p99 |"; rule+=" ---: | ---: |"
done
header+=" body |" rule+=" ---: |"
rows=""
for ep in "${ENDPOINTS[@]}"; do
  row="| ${what[$ep]} |"
  for e in $engines; do
    row+=" $(fmt "$(field "$e-$ep" requests_per_s)") | $(ms "$(field "$e-$ep" p50_ms)") ms | $(ms "$(field "$e-$ep" p99_ms)") ms |"
  done
  for e in $engines; do
    [ "$e" = "$base" ] && continue
    row+=" **$(ratio "$(field "$e-$ep" requests_per_s)" "$(field "$base-$ep" requests_per_s)")** | $(ratio "$(field "$e-$ep" p99_ms)" "$(field "$base-$ep" p99_ms)") |"
  done
  body=$(for i in $(seq 1 "$REPEAT"); do jq -r '.bytes / ([.requests, 1] | max)' "$work/$base-$ep-$i.json"; done | median)
  rows+="$row $(kib "$body") |"$'\n'
done

# The caseload against its budget (p99 <= 50 ms for a supporter of
# MAX_PEOPLE), and against People I support for the same supporters.
caseload_rows=""
for e in $engines; do
  ap50=$(field "$e-caseload1" p50_ms) ap99=$(field "$e-caseload1" p99_ms)
  cp50=$(field "$e-caseload" p50_ms) cp99=$(field "$e-caseload" p99_ms)
  sp50=$(field "$e-supporting" p50_ms) sp99=$(field "$e-supporting" p99_ms)
  verdict=$(awk -v v="$ap99" 'BEGIN { print (v <= 50 ? "within" : "**over**") }')
  caseload_rows+="| ${label[$e]} | $(ms "$ap50") ms | **$(ms "$ap99") ms** ($verdict 50 ms) | $(ms "$cp50") ms | $(ms "$cp99") ms | $(ms "$sp50") ms | $(ms "$sp99") ms | $(ratio "$cp50" "$sp50") | $(ratio "$cp99" "$sp99") |"$'\n'
done

plans_rows="" plan_links="" seeded="" disk_rows=""
for e in $engines; do
  plans_rows+=$(jq -r --arg engine "${label[$e]}" '.[] | "| \($engine) | \(.endpoint) | \(.query) | \(.indexes // [] | join(", ")) | \(.buffers) | \(.execution_ms) ms | \(.generic_execution_ms) ms |"' "$work/plans-$e.json")$'\n'
  plan_links+="${plan_links:+, }[\`${plans[$e]}\`](${plans[$e]})"
  seeded+="on ${label[$e]} $(jq -r '.seconds | floor' "$work/seed-$e.json") s ($(jq -r '[.steps[] | "\(.name) \(.seconds | floor) s"] | join(", ")' "$work/seed-$e.json")); "
  d="$work/disk-$e.json"
  per=$(jq -r '.before.bytes_per_fix' "$d")
  [ "$e" = "$base" ] && base_per=$per
  disk_rows+="| ${label[$e]} | $(jq -r '.fixes' "$d") | $(mib "$(jq -r '.before.table_bytes' "$d")") | $(mib "$(jq -r '.before.index_bytes' "$d")") | **$(fmt "$per") B** | $(ratio "$per" "$base_per") |"
  if jq -e '.after' "$d" >/dev/null; then
    after=$(jq -r '.after.bytes_per_fix' "$d")
    disk_rows+=" $(jq -r '.chunks' "$d") | $(mib "$(jq -r '.after.table_bytes' "$d")") | $(mib "$(jq -r '.after.index_bytes' "$d")") | **$(fmt "$after") B** | $(ratio "$after" "$per") | $(ratio "$after" "$base_per") |"$'\n'
  else
    disk_rows+=" — | — | — | — (no compression) | — | — |"$'\n'
  fi
done
fixes=$(jq -r '.locations' "$work/seed-$base.json")

took=$(( $(date +%s) - began ))
stamp="$(date -u '+%Y-%m-%d %H:%M UTC') on $(machine); load average before the run: $load_before"
api_section=$(cat <<EOF
## API under load (\`make bench-api\`)

$stamp; the load generator shares the cores.
Command: \`USERS=$USERS DAYS=$DAYS FIXES=$FIXES SUPPORTERS=$SUPPORTERS MAX_PEOPLE=$MAX_PEOPLE FULL=$FULL CONCURRENCY=$CONCURRENCY DURATION=$DURATION REPEAT=$REPEAT ENGINES="$(echo $engines)" make bench-api\` ($took s in all, with the web bundle and the bytes on disk below).

Data set, written by \`lifeline-bench seed-api\` through \`store/storebench\` (server-side \`INSERT … SELECT generate_series\`, in time order across users as real traffic leaves it), once per storage engine, each served by a lifeline of its own: $(jq -r '.users' "$work/seed-$base.json") users (one shared password hash: bench only), $(jq -r '.check_ins' "$work/seed-$base.json") daily check-ins ($DAYS days each), $fixes bracelet fixes ($FIXES per user, every $FIX_EVERY up to now), one session per user. Seeding took ${seeded%; }.

Supporters: $SUPPORTERS accounts, each supporting 1 to $MAX_PEOPLE of the users ($FULL of exactly $MAX_PEOPLE, whose sessions ask for the caseload and People I support), with grants that vary (most share check-ins and every alert, some nothing), and an open alert told in the app to every supporter of one user in twenty (an SOS for one in a hundred), a third of them claimed.

Each request is from a user picked at random, with that user's session cookie, over kept-alive connections, $CONCURRENCY in flight; latency is to the last byte of the body. Each figure is the median of $REPEAT rounds of $DURATION (after $WARMUP of warm-up), every endpoint on each engine in turn within a round (reversed every other round); no request failed. The ratios compare with ${label[$base]} in the same rounds (above 1: more requests per second, or a longer p99).

$header
$rule
${rows%$'\n'}

The caseload of a supporter of $MAX_PEOPLE people (\`GET /api/caseload\`, budget: p99 ≤ 50 ms for a supporter's request, measured alone in flight, as one of the $FULL supporters picked at random each time), then with $CONCURRENCY in flight beside People I support for the same supporters in the same rounds, the baseline (ratios below 1: the caseload is faster). On two cores, $CONCURRENCY requests at once measure mostly their queue: p99 there is about $CONCURRENCY ÷ 2 requests' work.

| engine | alone: p50 | alone: p99 | $CONCURRENCY in flight: p50 | p99 | People I support p50 | People I support p99 | caseload ÷ People I support: p50 | p99 |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${caseload_rows%$'\n'}

Main queries under \`EXPLAIN (ANALYZE, BUFFERS)\` for one random user after the runs (full plans in $plan_links); the run fails on a sequential scan of a big table:

| engine | endpoint | query | index | buffers | time | generic plan |
| --- | --- | --- | --- | --- | ---: | ---: |
${plans_rows%$'\n'}
EOF
)

disk_section=$(cat <<EOF
## Bytes on disk per stored fix (\`make bench-api\`)

$stamp. The $fixes fixes of the API data set above, in \`locations\` with its indexes, measured by \`lifeline-bench disk\`
(\`store/storebench\`) after the load: first \`REINDEX\` (so the figure does not depend on how the rows were loaded), then the
table (heap, TOAST, free-space and visibility maps) and its indexes (\`pg_table_size\`, \`pg_indexes_size\`; on TimescaleDB
\`hypertable_detailed_size\`, every chunk), then on TimescaleDB \`compress_chunk\` on every chunk (segmented by user and
device, ordered by time, as the policy does after 7 days) and the sizes again. Plain PostgreSQL has no compression for
rows this small.

| engine | fixes | table | indexes | per fix | ÷ plain | chunks compressed | table | indexes | per fix compressed | ÷ uncompressed | ÷ plain |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${disk_rows%$'\n'}
EOF
)

replace_section "$OUT" '## API under load' "$api_section"
replace_section "$OUT" '## Bytes on disk per stored fix' "$disk_section"
say "written to $OUT and $PLANS in $took s"
printf '%s\n\n%s\n' "$api_section" "$disk_section"
