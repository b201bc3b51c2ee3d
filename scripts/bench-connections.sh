#!/usr/bin/env bash
# make bench-connections: many connected bracelets on one machine (issue 21).
# For each fleet size of DEVICES, on a fresh data folder: pair the devices
# (`lifeline devices add --count`), connect them all with the lean simulator
# (firmware-sim --lean, dialling from several loopback addresses), and
#   - at 1 fix every INTERVAL (30s): lifeline's RSS (median of 3 samples)
#     and KB per connection over its RSS before the devices connected, the
#     simulator's RSS, lifeline's CPU, publish-to-PUBACK p50/p99 over the
#     second WINDOW after all connected (the first lets the ramp settle),
#     and in the third WINDOW while
#     `lifeline-bench connect-flood` sends FLOOD_RATE wrong-token CONNECTs a
#     second from one other address; fix-to-alert latency all along HOLD
#     (`lifeline-bench alert-probe`, its own user and bracelet); then a
#     reconnect storm after a graceful restart (SIGTERM) and one after a
#     crash (SIGKILL): time from the signal until every device is connected
#     again; finally --verify (every acknowledged fix stored once);
#   - the same at GOGC=COMPARE_GOGC, without flood and storms, for GOGC's cost;
#   - at 1 fix every FAST_INTERVAL (5s): the same figures without flood and storms.
# Results go to BENCHMARKS.md ("Connections").
#
# Settings (environment): DEVICES ("10000"), INTERVAL (30s; empty: skip it and
# the storms), FAST_INTERVAL (5s; empty: skip), HOLD (80s; at least three
# WINDOWs), WINDOW (20s), FLOOD_RATE (1000; 0: no flood), SERVER_GOGC (25:
# the GOGC lifeline runs with; docs/faults.md), COMPARE_GOGC (100; empty:
# skip), CONNECT_CONCURRENCY (500), OUT (BENCHMARKS.md), ROWS_FILE (a file
# that keeps the table's rows and notes across runs, so a 100,000 run can be
# split in two; default: this run's rows only).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/bench.sh

DEVICES=${DEVICES:-10000}
INTERVAL=${INTERVAL:-30s}
FAST_INTERVAL=${FAST_INTERVAL-5s}
HOLD=${HOLD:-80s}
WINDOW=${WINDOW:-20s}
FLOOD_RATE=${FLOOD_RATE:-1000}
SERVER_GOGC=${SERVER_GOGC:-25}
COMPARE_GOGC=${COMPARE_GOGC-100}
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
probe_pid=""
cleanup() {
  [ -n "$probe_pid" ] && kill -TERM "$probe_pid" 2>/dev/null || true
  [ -n "$sim_pid" ] && kill -TERM "$sim_pid" 2>/dev/null || true
  [ -n "$server_pid" ] && kill -TERM "$server_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

lifeline=$(binary lifeline ./cmd/lifeline LIFELINE_BIN)
lifeline_bench=$(binary lifeline-bench ./cmd/lifeline-bench LIFELINE_BENCH_BIN)
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
  GOGC=${1:-$SERVER_GOGC} "$lifeline" serve --data-dir "$data" --http-addr "127.0.0.1:$http_port" \
    --mqtt-addr "127.0.0.1:$mqtt_port" --mqtt-ws-addr "127.0.0.1:$ws_port" \
    --device-rate 0 --signup-limit 100000 --map-tile-url '' --log-level warn \
    --mqtt-conns-per-address 0 >"$work/serve.log" 2>>"$work/serve.err" & # the horde shares a few loopback addresses
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
# cpu_s PID: the process's CPU time so far (user + system), in seconds.
cpu_s() { awk -v hz="$(getconf CLK_TCK)" '{ printf "%.2f\n", ($14 + $15) / hz }' "/proc/$1/stat"; }
now_s() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now_s)" 'BEGIN { printf "%.1f\n", b - a }'; }
# children_cpu_s FILE: CPU seconds of this shell's finished children, from
# bash's `times >FILE` (which must run in this shell, not in a $(...)
# subshell: that would count the subshell's own children).
children_cpu_s() { awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); t += p[1] * 60 + p[2] }; printf "%.2f\n", t }' "$1"; }

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
    --keepalive 120s --connect-timeout 30s --connect-concurrency "$CONNECT_CONCURRENCY" --duration "$3" \
    --latency-for "$HOLD" --latency-windows "$WINDOW" \
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
touch "$ROWS_FILE" "$ROWS_FILE.flood" "$NOTES_FILE"
for n in $DEVICES; do
  # The server and the simulator each need a socket per bracelet. Both
  # raise their soft limit to the hard one, and the hard one to fs.nr_open
  # where the process may (CAP_SYS_RESOURCE); a container without it keeps
  # its hard limit, and then N does not fit in one process.
  if [ $((n + 1000)) -gt "$(ulimit -Hn)" ] && ! (ulimit -Hn $((n + 1000))) 2>/dev/null; then
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

  # Each run: interval, GOGC, and whether it has the flood and the storms.
  runs=()
  [ -n "$INTERVAL" ] && runs+=("$INTERVAL $SERVER_GOGC full")
  [ -n "$INTERVAL" ] && [ -n "$COMPARE_GOGC" ] && runs+=("$INTERVAL $COMPARE_GOGC plain")
  [ -n "$FAST_INTERVAL" ] && runs+=("$FAST_INTERVAL $SERVER_GOGC plain")
  for run in "${runs[@]}"; do
    read -r iv gogc kind <<<"$run"
    full=false
    [ "$kind" = full ] && full=true
    stop_server; serve "$gogc"; sleep 3
    base=$(rss_median "$server_pid")
    hold=$(secs "$HOLD")
    window=$(secs "$WINDOW")
    say "$n devices, a fix every $iv, GOGC=$gogc: connecting"
    simulate "$n" "$iv" 0 "$work/sim-$n-$iv-$gogc.json" # until SIGINT
    ramp=$(wait_connected "$n" 900)
    [ "$ramp" = timeout ] && { say "not all $n connected after 15 minutes"; tail -5 "$work/sim.err" >&2; exit 1; }
    say "$n devices, a fix every $iv, GOGC=$gogc: all connected in ${ramp} s; holding $HOLD"
    held_from=$(now_s)
    cpu0=$(cpu_s "$server_pid")
    "$lifeline_bench" alert-probe --api "$http" --broker "127.0.0.1:$mqtt_port" --every 1s --duration "$((hold - 5))s" \
      >"$work/probe.json" 2>"$work/probe.err" &
    probe_pid=$!
    if $full && [ "$FLOOD_RATE" -gt 0 ]; then
      sleep "$window"
      cpu_w1=$(cpu_s "$server_pid")
      sleep "$window"
      say "$n devices: $FLOOD_RATE wrong-token CONNECTs a second from 127.0.0.250 for $WINDOW"
      refused0=$(refused)
      cpu_f0=$(cpu_s "$server_pid"); flood_from=$(now_s); times >"$work/times0"
      "$lifeline_bench" connect-flood --broker "127.0.0.1:$mqtt_port" --local-addr 127.0.0.250 --rate "$FLOOD_RATE" \
        --duration "$WINDOW" >"$work/flood.json" 2>"$work/flood.err" || { say "connect-flood failed:"; cat "$work/flood.err" >&2; exit 1; }
      flood_s=$(elapsed "$flood_from")
      times >"$work/times1"
      flood_cpu=$(awk -v a="$(children_cpu_s "$work/times0")" -v b="$(children_cpu_s "$work/times1")" -v t="$flood_s" 'BEGIN { printf "%.0f", (b - a) / t * 100 }')
      cpu_before=$(awk -v a="$cpu_w1" -v b="$cpu_f0" -v t="$window" 'BEGIN { printf "%.0f", (b - a) / t * 100 }')
      cpu_during=$(awk -v a="$cpu_f0" -v b="$(cpu_s "$server_pid")" -v t="$flood_s" 'BEGIN { printf "%.0f", (b - a) / t * 100 }')
      flood_refused=$(($(refused) - refused0))
      throttled=$(metric 'lifeline_mqtt_refused_total{reason="auth_throttled"}')
    fi
    sleep "$(awk -v h="$hold" -v t="$(elapsed "$held_from")" 'BEGIN { d = h - t - 6; print (d > 0 ? d : 0) }')"
    cpu=$(awk -v a="$cpu0" -v b="$(cpu_s "$server_pid")" -v t="$(elapsed "$held_from")" 'BEGIN { printf "%.0f", (b - a) / t * 100 }')
    rss=$(rss_median "$server_pid")
    simrss=$(sim_rss_kb)
    wait "$probe_pid" || { say "alert-probe failed:"; cat "$work/probe.err" >&2; exit 1; }
    probe_pid=""
    restart="—"; crash="—"
    if $full; then
      say "$n devices: graceful restart (SIGTERM)"
      t0=$(now_s); stop_server TERM; serve
      restart=$(wait_connected "$n" 300)
      restart=$(awk -v a="$t0" -v b="$(now_s)" -v r="$restart" 'BEGIN { if (r == "timeout") print "over 300 s"; else printf "%.1f s\n", b - a }')
      refused_restart=$(refused)
      sleep 10
      say "$n devices: crash (SIGKILL)"
      t0=$(now_s); stop_server KILL; serve
      crash=$(wait_connected "$n" 300)
      crash=$(awk -v a="$t0" -v b="$(now_s)" -v r="$crash" 'BEGIN { if (r == "timeout") print "over 300 s"; else printf "%.1f s\n", b - a }')
      refused_crash=$(refused)
      echo "$n devices: refused during the storms: $refused_restart connects after the restart, $refused_crash after the crash (the counter starts at 0 with each process)." >>"$NOTES_FILE"
    fi
    say "$n devices, a fix every $iv, GOGC=$gogc: stopping the simulator (then --verify)"
    kill -INT "$sim_pid"
    wait_sim
    j="$work/sim-$n-$iv-$gogc.json"
    lost=$(jq '.verify.missing // "n/a"' "$j")
    dup=$(jq '.verify.duplicates // "n/a"' "$j")
    per=$(awk -v a="$rss" -v b="$base" -v n="$n" 'BEGIN { printf "%.1f", (a - b) / n }')
    # Publish to PUBACK: the second window (settled, before any flood), else the whole hold.
    p50=$(jq 'if (.latency_windows | length) > 1 then .latency_windows[1].p50_ms else .p50_ms end' "$j")
    p99=$(jq 'if (.latency_windows | length) > 1 then .latency_windows[1].p99_ms else .p99_ms end' "$j")
    alert="$(ms "$(jq '.p99_ms' "$work/probe.json")") ms ($(jq '.samples' "$work/probe.json"), $(jq '.timeouts' "$work/probe.json") late)"
    first_fix="$(ms "$(jq '.first_fix_ms' "$work/probe.json")") ms"
    echo "| $n | $iv | $gogc | $((rss / 1024)) MiB (from $((base / 1024))) | **$per KB** | $cpu % | $((simrss / 1024)) MiB ($(awk -v a="$simrss" -v n="$n" 'BEGIN { printf "%.1f", a / n }') KB each) | $(ms "$p50") ms | $(ms "$p99") ms | $alert | $first_fix | $(jq '.fixes_per_s | floor' "$j") | ${ramp} s | $restart | $crash | $(jq '.acked' "$j") | $lost (dup. $dup) |" >>"$ROWS_FILE"
    if $full && [ "$FLOOD_RATE" -gt 0 ]; then
      w1=$(jq '.latency_windows[2]' "$j")
      echo "| $n | $iv | $(ms "$p50") / $(ms "$p99") ms | $(ms "$(jq '.p50_ms' <<<"$w1")") / $(ms "$(jq '.p99_ms' <<<"$w1")") ms | $(ratio "$(jq '.p50_ms' <<<"$w1")" "$p50") / $(ratio "$(jq '.p99_ms' <<<"$w1")" "$p99") | $(jq '.sent' "$work/flood.json") at $(jq '.rate | floor' "$work/flood.json")/s | $flood_refused ($throttled without a database lookup) | $cpu_before % → $cpu_during % | $flood_cpu % |" >>"$ROWS_FILE.flood"
    fi
    say "$n devices, a fix every $iv, GOGC=$gogc: done"
    tail -4 "$work/sim.out" >&2
  done
  stop_server
  echo "Pairing $n devices with \`lifeline devices add --count $n\`: $pair_s s." >>"$NOTES_FILE"
done

flood_table=""
if [ -s "$ROWS_FILE.flood" ]; then
  flood_table="A flood of wrong-token CONNECTs (\`lifeline-bench connect-flood\`, $FLOOD_RATE a second asked for, from 127.0.0.250 while the
bracelets dial from 127.0.0.2 and up) during the third $WINDOW after all connected, against the second $WINDOW without it
(publish to PUBACK of the good bracelets; the ratio is with the flood over without; the issue asks for at most 1.10):

| devices | interval | p50 / p99 without | p50 / p99 with the flood | ratio p50 / p99 | CONNECTs sent | refused (of them throttled) | lifeline CPU without → with | flood generator CPU |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
$(cat "$ROWS_FILE.flood")
"
fi

section="## Connections (\`make bench-connections\`)

$started_at on $(machine); load average before the run: $load_before.
Command: \`DEVICES=\"$DEVICES\" INTERVAL=$INTERVAL FAST_INTERVAL=$FAST_INTERVAL HOLD=$HOLD WINDOW=$WINDOW FLOOD_RATE=$FLOOD_RATE SERVER_GOGC=$SERVER_GOGC COMPARE_GOGC=$COMPARE_GOGC make bench-connections\`.

Every bracelet is a lean simulated device (\`firmware-sim --lean\`: its own TCP connection from one of several loopback
addresses, MQTT 3.1.1, persistent session, subscribed to its config, one QoS 1 fix in flight, wire contract v1 through
\`ingest/wire\`). lifeline runs with the GOGC of the row on its private PostgreSQL. RSS is the median of 3 samples
of VmRSS after every device has connected and reported for a while; KB per connection is over lifeline's RSS before
they connected. CPU is lifeline's user + system time over the $HOLD hold (100 % is one of the cores). Latency is
publish to PUBACK (after commit) over the second $WINDOW after all connected (the first lets the ramp settle). Fix to alert: \`lifeline-bench
alert-probe\` during the hold, its own user and bracelet, every second a new avoid zone and the fixes that confirm the
entry, from the PUBACK of the confirming fix to the alert on the owner's event stream (p99 of the samples; late: none
within 10 s); its bracelet is paired as the hold starts, and the new bracelet's first ack is from dialling the broker
to the PUBACK of its first fix. The storms: lifeline stopped (SIGTERM) or killed (SIGKILL) and started again on the same data and ports
with every bracelet connected; the time runs from the signal until the server counts them all again (each device
reconnects with its own back-off: 0.5 s doubling to 15 s, 50 to 150 % jitter). Lost: acknowledged fixes not stored
(\`--verify\`, through the API).

| devices | interval | GOGC | lifeline RSS | per connection | lifeline CPU | load generator RSS | p50 | p99 | fix to alert p99 | new bracelet's first ack | fixes/s | all connected | restart storm | crash storm | acked fixes | lost |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
$(cat "$ROWS_FILE")

$flood_table
$(sort -u "$NOTES_FILE" | paste -sd' ')

What the rows mean (the GOGC trade, the flood's cost, what 100,000 bracelets need and why this machine cannot hold
them): docs/faults.md, \"Memory per connection\"."
replace_section "$OUT" "## Connections" "$section"
say "written to $OUT"
