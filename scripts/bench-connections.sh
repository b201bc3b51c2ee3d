#!/usr/bin/env bash
# make bench-connections: many connected bracelets on one machine (issue 21).
# For each fleet size of DEVICES, on a fresh data folder: pair the devices
# (`lifeline devices add --count`), connect them all with the lean simulator
# (firmware-sim --lean, dialling from several loopback addresses), and
#   - at 1 fix every INTERVAL (30s): lifeline's RSS (median of 3 samples)
#     and KB per connection over its RSS before the devices connected, the
#     simulator's RSS, publish-to-PUBACK p50/p99 over the first HOLD; then a
#     reconnect storm after a graceful restart (SIGTERM) and one after a
#     crash (SIGKILL): time from the signal until every device is connected
#     again; finally --verify (every acknowledged fix stored once);
#   - at 1 fix every FAST_INTERVAL (5s): the same figures without storms.
# Results go to BENCHMARKS.md ("Connections").
#
# Settings (environment): DEVICES ("10000"), INTERVAL (30s; empty: skip it and
# the storms), FAST_INTERVAL (5s; empty: skip), HOLD (45s), SERVER_GOGC (25:
# the GOGC lifeline runs with; docs/faults.md), CONNECT_CONCURRENCY (500),
# OUT (BENCHMARKS.md), ROWS_FILE (a file that keeps the table's rows and
# notes across runs, so a 100,000 run can be split in two; default: this
# run's rows only).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/bench.sh

DEVICES=${DEVICES:-10000}
INTERVAL=${INTERVAL:-30s}
FAST_INTERVAL=${FAST_INTERVAL-5s}
HOLD=${HOLD:-45s}
SERVER_GOGC=${SERVER_GOGC:-25}
CONNECT_CONCURRENCY=${CONNECT_CONCURRENCY:-500}
OUT=${OUT:-BENCHMARKS.md}
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
started_at=$(date -u '+%Y-%m-%d %H:%M UTC')

say() { printf 'bench-connections: %s\n' "$*" >&2; }

# A fresh folder per run (mkdir fails if one is left from a run with this pid);
# 755: as root, the private PostgreSQL runs as "postgres" and must enter it.
work=/tmp/lifeline-bench-conns-$$
mkdir -m 755 "$work"
server_pid=""
sim_pid=""
cleanup() {
  [ -n "$sim_pid" ] && kill -TERM "$sim_pid" 2>/dev/null || true
  [ -n "$server_pid" ] && kill -TERM "$server_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

lifeline=$(binary lifeline ./cmd/lifeline LIFELINE_BIN)
firmware_sim=$(binary firmware-sim ./firmware-sim)

# Each server and the simulator hold a socket per bracelet (both binaries
# also raise their own limit to fs.nr_open).
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

free_port() { /usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
http_port=$(free_port)
mqtt_port=$(free_port)
ws_port=$(free_port)
http="http://127.0.0.1:$http_port"

# serve: lifeline on the fixed ports (bracelets reconnect to the same
# address after a restart); waits until it is ready.
serve() {
  GOGC=$SERVER_GOGC "$lifeline" serve --data-dir "$data" --http-addr "127.0.0.1:$http_port" \
    --mqtt-addr "127.0.0.1:$mqtt_port" --mqtt-ws-addr "127.0.0.1:$ws_port" \
    --device-rate 0 --signup-limit 100000 --map-tile-url '' --log-level warn >"$work/serve.log" 2>>"$work/serve.err" &
  server_pid=$!
  for _ in $(seq 1 1200); do
    grep -q 'connect over MQTT' "$work/serve.log" 2>/dev/null && return
    kill -0 "$server_pid" 2>/dev/null || { say "server exited:"; tail -20 "$work/serve.err" >&2; exit 1; }
    sleep 0.1
  done
  say "server did not start"; exit 1
}
stop_server() { kill -"${1:-TERM}" "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; server_pid=""; }
metric() { curl -fsS "$http/metrics" 2>/dev/null | awk -v m="$1" '$1 == m { printf "%.0f\n", $2; found = 1 } END { if (!found) print 0 }'; }
refused() { curl -fsS "$http/metrics" 2>/dev/null | awk '/^lifeline_mqtt_refused_total/ { n += $2 } END { printf "%.0f\n", n }'; }
rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }
rss_median() { for _ in 1 2 3; do rss_kb "$1"; sleep 2; done | median; }

# wait_connected N LIMIT_S: seconds until the server counts N bracelets
# (or "timeout").
wait_connected() {
  local t0 now
  t0=$(date +%s.%N)
  while :; do
    [ "$(metric lifeline_mqtt_connected_devices)" -ge "$1" ] && break
    now=$(date +%s.%N)
    if awk -v a="$t0" -v b="$now" -v l="$2" 'BEGIN { exit !(b - a > l) }'; then echo timeout; return; fi
    sleep 0.2
  done
  awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f\n", b - a }'
}

# local_addrs N: enough loopback source addresses for N connections at
# 20,000 each (each address has its own ~28,000 ephemeral ports).
local_addrs() { seq 2 $((2 + ($1 - 1) / 20000)) | sed 's/^/127.0.0./' | paste -sd,; }

# simulate N INTERVAL DURATION SUMMARY: the lean horde, in the background
# (DURATION 0: until SIGINT, which ends the run; then it drains and verifies).
simulate() {
  LIFELINE_PASSWORD="steady load generator 42" "$firmware_sim" --lean --devices "$work/devices.csv" \
    --broker "tcp://127.0.0.1:$mqtt_port" --local-addrs "$(local_addrs "$1")" --interval "$2" --jitter 0.2 \
    --keepalive 120s --connect-timeout 30s --connect-concurrency "$CONNECT_CONCURRENCY" --duration "$3" --latency-for "$HOLD" \
    --drain-timeout 60s --api "$http" --email bench@bench.invalid --verify --summary-json "$4" --quiet \
    >"$work/sim.out" 2>"$work/sim.err" &
  sim_pid=$!
}
sim_rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$sim_pid/status" 2>/dev/null || echo 0; }
wait_sim() {
  local rc=0
  wait "$sim_pid" || rc=$?
  sim_pid=""
  [ "$rc" -le 1 ] || { say "firmware-sim failed:"; tail -20 "$work/sim.err" "$work/sim.out" >&2; exit 1; }
}
secs() { awk -v d="$1" 'BEGIN { sub(/s$/, "", d); print d + 0 }'; }

ROWS_FILE=${ROWS_FILE:-$work/rows}
NOTES_FILE=$ROWS_FILE.notes
touch "$ROWS_FILE" "$NOTES_FILE"
for n in $DEVICES; do
  # The server and the simulator each need a socket per bracelet. Both
  # raise their soft limit to the hard one, and the hard one to fs.nr_open
  # where the process may (CAP_SYS_RESOURCE); a container without it keeps
  # its hard limit, and then N does not fit in one process.
  if ! (ulimit -Hn $((n + 1000))) 2>/dev/null; then
    why="$n devices not run: the open-file hard limit here is $(ulimit -Hn) per process and cannot be raised (no CAP_SYS_RESOURCE), so one lifeline holds at most about $(( $(ulimit -Hn) - 50 )) connections."
    say "$why"
    echo "$why" >>"$NOTES_FILE"
    continue
  fi
  data="$work/data-$n"
  say "$n devices: pairing"
  serve
  curl -fsS -H 'Content-Type: application/json' -H "Origin: $http" -o /dev/null \
    -d '{"email":"bench@bench.invalid","password":"steady load generator 42","firstName":"Bench"}' "$http/api/auth/register"
  t0=$(date +%s.%N)
  "$lifeline" devices add --data-dir "$data" --user bench@bench.invalid --name Bench --count "$n" --out "$work/devices.csv" >/dev/null
  pair_s=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')

  for iv in $INTERVAL $FAST_INTERVAL; do
    storm=false
    [ "$iv" = "$INTERVAL" ] && storm=true
    stop_server; serve; sleep 3
    base=$(rss_median "$server_pid")
    hold=$(secs "$HOLD")
    say "$n devices, a fix every $iv: connecting"
    simulate "$n" "$iv" 0 "$work/sim-$n-$iv.json" # until SIGINT
    ramp=$(wait_connected "$n" 900)
    [ "$ramp" = timeout ] && { say "not all $n connected after 15 minutes"; tail -5 "$work/sim.err" >&2; exit 1; }
    say "$n devices, a fix every $iv: all connected in ${ramp} s; holding $HOLD"
    sleep $((hold - 8))
    rss=$(rss_median "$server_pid")
    simrss=$(sim_rss_kb)
    fixes=$(metric lifeline_ingest_fixes_total)
    restart="—"; crash="—"
    if $storm; then
      refused0=$(refused)
      say "$n devices: graceful restart (SIGTERM)"
      t0=$(date +%s.%N); stop_server TERM; serve
      restart=$(wait_connected "$n" 300)
      restart=$(awk -v a="$t0" -v b="$(date +%s.%N)" -v r="$restart" 'BEGIN { if (r == "timeout") print "over 300 s"; else printf "%.1f s\n", b - a }')
      refused_restart=$(refused)
      sleep 10
      say "$n devices: crash (SIGKILL)"
      t0=$(date +%s.%N); stop_server KILL; serve
      crash=$(wait_connected "$n" 300)
      crash=$(awk -v a="$t0" -v b="$(date +%s.%N)" -v r="$crash" 'BEGIN { if (r == "timeout") print "over 300 s"; else printf "%.1f s\n", b - a }')
      refused_crash=$(refused)
      echo "$n devices: refused during the storms: $refused_restart connects after the restart, $refused_crash after the crash (the counter starts at 0 with each process)." >>"$NOTES_FILE"
    fi
    say "$n devices, a fix every $iv: stopping the simulator (then --verify)"
    kill -INT "$sim_pid"
    wait_sim
    j="$work/sim-$n-$iv.json"
    lost=$(jq '.verify.missing // "n/a"' "$j")
    dup=$(jq '.verify.duplicates // "n/a"' "$j")
    per=$(awk -v a="$rss" -v b="$base" -v n="$n" 'BEGIN { printf "%.1f", (a - b) / n }')
    echo "| $n | $iv | $((rss / 1024)) MiB (from $((base / 1024))) | **$per KB** | $((simrss / 1024)) MiB ($(awk -v a="$simrss" -v n="$n" 'BEGIN { printf "%.1f", a / n }') KB each) | $(ms "$(jq '.p50_ms' "$j")") ms | $(ms "$(jq '.p99_ms' "$j")") ms | $(jq '.fixes_per_s | floor' "$j") | ${ramp} s | $restart | $crash | $(jq '.acked' "$j") | $lost (dup. $dup) |" >>"$ROWS_FILE"
    say "$n devices, a fix every $iv: done"
    tail -4 "$work/sim.out" >&2
  done
  stop_server
  echo "Pairing $n devices with \`lifeline devices add --count $n\`: $pair_s s." >>"$NOTES_FILE"
done

section="## Connections (\`make bench-connections\`)

$started_at on $(machine); load average before the run: $load_before; the load generator and four other jobs share the cores.
Command: \`DEVICES=\"$DEVICES\" INTERVAL=$INTERVAL FAST_INTERVAL=$FAST_INTERVAL HOLD=$HOLD SERVER_GOGC=$SERVER_GOGC make bench-connections\`.

Every bracelet is a lean simulated device (\`firmware-sim --lean\`: its own TCP connection from one of several loopback
addresses, MQTT 3.1.1, persistent session, subscribed to its config, one QoS 1 fix in flight, wire contract v1 through
\`ingest/wire\`). lifeline runs with \`GOGC=$SERVER_GOGC\` on its private PostgreSQL. RSS is the median of 3 samples
of VmRSS after every device has connected and reported for a while; KB per connection is over lifeline's RSS before
they connected. Latency is publish to PUBACK (after commit) over the first $HOLD after all connected. The storms:
lifeline stopped (SIGTERM) or killed (SIGKILL) and started again on the same data and ports with every bracelet
connected; the time runs from the signal until the server counts them all again (each device reconnects with its own
back-off: 0.5 s doubling to 15 s, 50 to 150 % jitter). Lost: acknowledged fixes not stored (\`--verify\`, through the API).

| devices | interval | lifeline RSS | per connection | load generator RSS | p50 | p99 | fixes/s | all connected | restart storm | crash storm | acked fixes | lost |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
$(cat "$ROWS_FILE")

$(sort -u "$NOTES_FILE" | paste -sd' ')"
replace_section "$OUT" "## Connections" "$section"
say "written to $OUT"
