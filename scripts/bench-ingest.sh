#!/usr/bin/env bash
# make bench-ingest: bracelet ingest end to end (simulator -> broker -> decoder
# -> writer -> PostgreSQL, QoS 1, PUBACK after commit), beside two baselines
# measured in the same run with the same load generator:
#   - the bare broker: mochi with no Lifeline hooks, nothing stored;
#   - raw PostgreSQL COPY of the same number of rows, batches of 1,000.
# Lifeline and COPY run on each storage engine of ENGINES side by side (plain
# PostgreSQL, the baseline, and TimescaleDB where installed), each on a data
# folder of its own, in turn within every round (reversed every other round).
# Then the same load in each phone protocol (firmware-sim --protocol: OwnTracks
# over MQTT, and OwnTracks, Overland and OsmAnd over HTTP with kept-alive
# connections, each answered only after the commit), on the first engine, one
# row per protocol. Each figure is the median of REPEAT runs. Results go to
# BENCHMARKS.md.
#
# Settings (environment): DEVICES ("1000 10000": one table row group per
# fleet size), DURATION (15s), INFLIGHT (8), REPEAT (3), ENGINES ("plain
# timescale"), PROTOCOLS (all five; "bracelet" alone skips the phone rows),
# OUT (BENCHMARKS.md).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/bench.sh

DEVICES=${DEVICES:-1000 10000}
DURATION=${DURATION:-15s}
INFLIGHT=${INFLIGHT:-8}
REPEAT=${REPEAT:-3}
PROTOCOLS=${PROTOCOLS:-bracelet owntracks-mqtt owntracks-http overland osmand}
OUT=${OUT:-BENCHMARKS.md}
engines=$(bench_engines)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

say() { printf 'bench-ingest: %s\n' "$*" >&2; }

work=$(mktemp -d /tmp/lifeline-bench-XXXXXX)
chmod 755 "$work" # as root, the private PostgreSQL runs as "postgres" and must enter it
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

lifeline=$(binary lifeline ./cmd/lifeline LIFELINE_BIN)
lifeline_bench=$(binary lifeline-bench ./cmd/lifeline-bench LIFELINE_BENCH_BIN)
firmware_sim=$(binary firmware-sim ./firmware-sim)
data="$work/data"

# start PATTERN LOG CMD...: runs a server in the background and waits for
# the line matching PATTERN on its stdout; sets $started to the captured
# group. (Not called as $(start ...): a subshell would lose the PID.)
start() {
  local pattern=$1 log=$2; shift 2
  "$@" >"$log" 2>"$log.err" &
  pids+=($!)
  for _ in $(seq 1 600); do
    if grep -qE "$pattern" "$log"; then
      started=$(grep -oE "$pattern" "$log" | head -1 | sed -E "s/$pattern/\\1/")
      return
    fi
    if ! kill -0 "${pids[-1]}" 2>/dev/null; then say "server exited:"; cat "$log.err" >&2; exit 1; fi
    sleep 0.1
  done
  say "server did not start"; exit 1
}
stop_last() { kill -TERM "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null || true; unset 'pids[-1]'; }

serve() { # serve ENGINE
  start 'connect over MQTT to ([0-9.:]+)' "$work/serve.log" "$lifeline" serve --data-dir "$data" --timescale "$(timescale_flag "$1")" \
    --http-addr 127.0.0.1:0 --mqtt-addr 127.0.0.1:0 --mqtt-ws-addr 127.0.0.1:0 \
    --device-rate 0 --signup-limit 100000 --log-level warn --mqtt-conns-per-address 0 # the load generator is one address
}

# Every server and the load generator hold a socket per bracelet.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

load() { # load BROKER_ADDR SUMMARY_FILE DEVICES_CSV [PROTOCOL API_URL]
  "$firmware_sim" --protocol "${4:-bracelet}" --broker "tcp://$1" ${5:+--api "$5"} --devices "$3" --rate max \
    --inflight "$INFLIGHT" --duration "$DURATION" --scenario wander --battery-every 0 --quiet --summary-json "$2" >&2
}

# lifeline_run ENGINE NAME DEVICES_CSV [PROTOCOL]: serves on ENGINE, loads in
# PROTOCOL, and keeps the load's summary in $work/NAME.json, the server's CPU
# in cores in $work/cpu-NAME and its peak memory in KiB in $work/rss-NAME.
lifeline_run() {
  local engine=$1 name=$2 devices=$3 protocol=${4:-bracelet} pid http cpu0 cpu1
  serve "$engine"
  pid=${pids[-1]}
  http=$(grep -oE 'running at (http://[^ ]+)' "$work/serve.log" | sed 's/running at //')
  cpu0=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  load "$started" "$work/$name.json" "$devices" "$protocol" "$http"
  cpu1=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  # CPU seconds per second of load, in cores (clock ticks are 1/100 s).
  awk -v a="$cpu0" -v b="$cpu1" -v d="$(jq '.duration_s' "$work/$name.json")" 'BEGIN { printf "%.2f\n", (b - a) / 100 / d }' >"$work/cpu-$name"
  grep VmHWM "/proc/$pid/status" | awk '{print $2}' >"$work/rss-$name" || echo 0 >"$work/rss-$name"
  stop_last
}

# measure N: per engine, one account and N bracelets on a fresh data folder;
# then REPEAT rounds of the bare broker and, on each engine, lifeline and
# COPY; appends N's rows to $rows.
rows=""
protocol_rows=""
summary=""
declare -A label
first_engine=$(head -1 <<<"$engines")
phones=false
for p in $PROTOCOLS; do [ "$p" = bracelet ] || phones=true; done
measure() {
  local n=$1 e i p
  for e in $engines; do
    data="$work/data-$n-$e"
    say "pairing $n devices on $e"
    serve "$e"
    http=$(grep -oE 'running at (http://[^ ]+)' "$work/serve.log" | sed 's/running at //')
    label[$e]=$(engine_label "$e" "$http" "$work/serve.log")
    curl -fsS -H 'Content-Type: application/json' -H "Origin: $http" -o /dev/null \
      -d '{"email":"bench@bench.invalid","password":"steady load generator 42","firstName":"Bench"}' "$http/api/auth/register"
    "$lifeline" devices add --data-dir "$data" --user bench@bench.invalid --name Bench --count "$n" --out "$work/devices-$e.csv" >/dev/null
    if $phones && [ "$e" = "$first_engine" ]; then
      "$lifeline" devices add --data-dir "$data" --user bench@bench.invalid --name Phone --kind phone --count "$n" --out "$work/phones.csv" >/dev/null
    fi
    stop_last
  done

  for i in $(seq 1 "$REPEAT"); do
    say "$n devices, run $i/$REPEAT: bare broker"
    start 'listening at ([0-9.:]+)' "$work/bare.log" "$lifeline_bench" bare-broker --mqtt-addr 127.0.0.1:0
    load "$started" "$work/bare-$n-$i.json" "$work/devices-$first_engine.csv"
    stop_last

    for e in $(in_turn "$i" $engines); do
      data="$work/data-$n-$e"
      say "$n devices, run $i/$REPEAT: lifeline on ${label[$e]} (ack after commit)"
      lifeline_run "$e" "lifeline-$e-$n-$i" "$work/devices-$e.csv"

      local acked
      acked=$(jq '.acked' "$work/lifeline-$e-$n-$i.json")
      say "$n devices, run $i/$REPEAT: COPY of $acked rows on $e"
      "$lifeline_bench" copy --data-dir "$data" --timescale "$(timescale_flag "$e")" --rows "$acked" --batch 1000 >"$work/copy-$e-$n-$i.json"
    done

    data="$work/data-$n-$first_engine"
    for p in $PROTOCOLS; do
      [ "$p" = bracelet ] && continue
      say "$n devices, run $i/$REPEAT: lifeline on ${label[$first_engine]}, $p"
      lifeline_run "$first_engine" "$p-$n-$i" "$work/phones.csv" "$p"
    done
  done

  field() { for i in $(seq 1 "$REPEAT"); do jq -r ".$2" "$work/$1-$n-$i.json"; done | median; }
  local bare_rate life_rate copy_rate lost rss cores plain_rate plain_p99 p99 vs_plain
  bare_rate=$(field bare fixes_per_s)
  rows+="| $n | bare broker (no hooks, nothing stored) | $(fmt "$bare_rate") | $(ms "$(field bare p50_ms)") ms | $(ms "$(field bare p99_ms)") ms | — | — | 1.00 |
"
  local copies=""
  for e in $engines; do
    life_rate=$(field "lifeline-$e" fixes_per_s)
    p99=$(field "lifeline-$e" p99_ms)
    copy_rate=$(field "copy-$e" rows_per_s)
    lost=$(for i in $(seq 1 "$REPEAT"); do jq '.lost' "$work/lifeline-$e-$n-$i.json"; done | awk '{s += $1} END {print s}')
    rss=$(cat "$work"/rss-lifeline-"$e"-"$n"-* | median)
    cores=$(cat "$work"/cpu-lifeline-"$e"-"$n"-* | median | xargs printf '%.2f')
    summary+="$n devices on ${label[$e]}: lifeline $(fmt "$life_rate") fixes/s = $(ratio "$life_rate" "$bare_rate") of the bare broker, $lost acknowledged fixes lost"
    vs_plain=""
    if [ "$e" = plain ]; then
      plain_rate=$life_rate plain_p99=$p99
    elif [ -n "${plain_rate:-}" ]; then
      vs_plain=", **$(ratio "$life_rate" "$plain_rate")** of plain"
      summary+="; $(ratio "$life_rate" "$plain_rate") × plain PostgreSQL's fixes per second, p99 to acknowledgement $(ratio "$p99" "$plain_p99") × plain's"
    fi
    summary+=". "
    rows+="| $n | **lifeline on ${label[$e]}: decode, geofence, commit, then PUBACK** | **$(fmt "$life_rate")** | $(ms "$(field "lifeline-$e" p50_ms)") ms | $(ms "$p99") ms | $cores | $(( rss / 1024 )) MiB | **$(ratio "$life_rate" "$bare_rate")** of bare$vs_plain |
"
    copies+="| $n | COPY of the same rows into ${label[$e]}, batches of 1,000 | $(fmt "$copy_rate") | — | — | — | — | lifeline = $(ratio "$life_rate" "$copy_rate") of COPY |
"
  done
  rows+=$copies

  local bracelet_rate rate name
  bracelet_rate=$(field "lifeline-$first_engine" fixes_per_s)
  for p in $PROTOCOLS; do
    name=$p
    [ "$p" = bracelet ] && name=lifeline-$first_engine
    rate=$(field "$name" fixes_per_s)
    protocol_rows+="| $n | $p | $(fmt "$rate") | $(ms "$(field "$name" p50_ms)") ms | $(ms "$(field "$name" p99_ms)") ms | $(cat "$work"/cpu-"$name"-"$n"-* | median) | $(ratio "$rate" "$bracelet_rate") |
"
  done
}

for n in $DEVICES; do measure "$n"; done

table=$(cat <<EOF
## Ingest end to end (\`make bench-ingest\`)

$(date -u '+%Y-%m-%d %H:%M UTC') on $(machine); load average before the run: $load_before; the load generator shares the cores.
Command: \`DEVICES="$DEVICES" DURATION=$DURATION INFLIGHT=$INFLIGHT REPEAT=$REPEAT ENGINES="$(echo $engines)" make bench-ingest\`.
Each figure is the median of $REPEAT runs with the same simulated bracelets (firmware-sim, QoS 1,
$INFLIGHT publishes in flight per device, as fast as acknowledgements allow). CPU is the lifeline
process's, in cores; memory is its peak (VmHWM). Each storage engine runs on a data folder of its own,
the engines in turn within every run (reversed every other run); ratios "of plain" compare with plain PostgreSQL in the same runs.

| devices | path | fixes (rows) per second | publish-to-ack p50 | p99 | CPU | memory | ratio |
| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |
$rows
$summary

### Each protocol

The same devices and load in each protocol the server accepts (\`firmware-sim --protocol\`), on
${label[$first_engine]}: the bracelet contract and OwnTracks over the embedded broker (QoS 1, PUBACK
after commit); OwnTracks, Overland (one point per request) and OsmAnd over HTTP, $INFLIGHT requests
in flight per device on kept-alive connections, each answered 200 after commit. Latency is send to
acknowledgement.

| devices | protocol | fixes per second | ack p50 | p99 | CPU | vs bracelet |
| ---: | --- | ---: | ---: | ---: | ---: | ---: |
$protocol_rows
EOF
)

replace_section "$OUT" "## Ingest end to end" "$table"
say "written to $OUT"
printf '%s\n' "$table"
