#!/usr/bin/env bash
# Scale-out ingest: a real Mosquitto, the firmware simulator at full speed,
# and ONE then TWO `lifeline serve --role ingest` workers sharing its packets
# through a shared subscription, on one PostgreSQL. Reports fixes committed
# per second during the load window (read from the workers' /metrics).
# Everything runs on this machine, so workers, broker, database and load
# generator compete for the same cores.
# Settings: DEVICES (500), DURATION (20s), INFLIGHT (8, per simulated bracelet),
# BROKER_INFLIGHT (200, Mosquitto's max_inflight_messages towards a worker).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/bench.sh
DEVICES=${DEVICES:-500}
DURATION=${DURATION:-20s}
INFLIGHT=${INFLIGHT:-8}
say() { printf 'bench-scaleout: %s\n' "$*" >&2; }

work=$(mktemp -d /tmp/lifeline-scaleout-XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

lifeline=$(binary lifeline ./cmd/lifeline LIFELINE_BIN)
firmware_sim=$(binary firmware-sim ./firmware-sim)
data="$work/data"
export LIFELINE_MQTT_EXTERNAL_PASSWORD=bench-worker

wait_for() { # wait_for FILE PATTERN
  for _ in $(seq 1 600); do grep -qE "$2" "$1" 2>/dev/null && return; sleep 0.1; done
  say "timed out waiting for $2 in $1"; cat "$1" "$1.err" >&2 || true; exit 1
}

# The API node owns the private PostgreSQL; the workers use its URL.
"$lifeline" serve --role api --data-dir "$data" --http-addr 127.0.0.1:0 --signup-limit 100000 >"$work/api.log" 2>"$work/api.log.err" &
pids+=($!)
wait_for "$work/api.log" 'running at'
http=$(grep -oE 'running at (http://[^ ]+)' "$work/api.log" | sed 's/running at //')
pgport=$(grep -oE '@127\.0\.0\.1:[0-9]+/' "$work/api.log.err" | head -1 | grep -oE '[0-9]+/$' | tr -d /)
dburl="postgres://lifeline:$(cat "$data/pg/password")@127.0.0.1:$pgport/lifeline?sslmode=disable"

curl -fsS -H 'Content-Type: application/json' -H "Origin: $http" -o /dev/null \
  -d '{"email":"bench@bench.invalid","password":"steady load generator 42","firstName":"Bench"}' "$http/api/auth/register"
"$lifeline" devices add --database-url "$dburl" --user bench@bench.invalid --name Bench --count "$DEVICES" --out /dev/null >/dev/null
"$lifeline" devices export-mosquitto --database-url "$dburl" --passwd "$work/passwd" --acl "$work/acl" --out "$work/devices.csv" >/dev/null
chmod 644 "$work/passwd" "$work/acl"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
cat >"$work/mosquitto.conf" <<CONF
listener $port 127.0.0.1
allow_anonymous false
password_file $work/passwd
acl_file $work/acl
use_username_as_clientid true
persistence false
max_inflight_messages ${BROKER_INFLIGHT:-200}
max_queued_messages 1000000
CONF
mosquitto=$(command -v mosquitto || echo /usr/sbin/mosquitto)
"$mosquitto" -c "$work/mosquitto.conf" >"$work/mosquitto.log" 2>&1 &
pids+=($!)
sleep 0.5

fixes() { # total lifeline_ingest_fixes_total over the given worker URLs
  for u in "$@"; do curl -fsS "$u/metrics" | awk '/^lifeline_ingest_fixes_total / {print $2}'; done | awk '{s += $1} END {printf "%.0f", s}'
}

run() { # run N: N workers, one load window; prints fixes committed per second
  local n=$1 urls=() wpids=()
  for i in $(seq 1 "$n"); do
    "$lifeline" serve --role ingest --database-url "$dburl" --data-dir "$data" --http-addr 127.0.0.1:0 \
      --mqtt-external "tcp://127.0.0.1:$port" --mqtt-external-username "lifeline-ingest-$i" --log-level warn >"$work/w$n-$i.log" 2>"$work/w$n-$i.log.err" &
    wpids+=($!); pids+=($!)
    wait_for "$work/w$n-$i.log" 'Ingesting bracelet packets'
    urls+=("$(grep -oE 'at (http://[^ ]+)' "$work/w$n-$i.log" | head -1 | sed 's/^at //')")
  done
  local before start end after
  before=$(fixes "${urls[@]}"); start=$(date +%s.%N)
  "$firmware_sim" --broker "tcp://127.0.0.1:$port" --devices "$work/devices.csv" --rate max --inflight "$INFLIGHT" \
    --duration "$DURATION" --scenario wander --battery-every 0 --quiet --summary-json "$work/sim-$n.json" >&2
  after=$(fixes "${urls[@]}"); end=$(date +%s.%N)
  for p in "${wpids[@]}"; do kill -TERM "$p"; wait "$p" 2>/dev/null || true; done
  awk -v a="$after" -v b="$before" -v s="$start" -v e="$end" 'BEGIN { printf "%.0f", (a - b) / (e - s) }'
}

say "one worker, $DEVICES devices, $DURATION"
one=$(run 1)
# A fresh broker queue for the second run: what one worker left unread is
# drained by restarting Mosquitto (its sessions are in memory only).
kill -TERM "${pids[1]}"; wait "${pids[1]}" 2>/dev/null || true
"$mosquitto" -c "$work/mosquitto.conf" >>"$work/mosquitto.log" 2>&1 &
pids[1]=$!
sleep 0.5
say "two workers"
two=$(run 2)
published1=$(grep -oE '"acked": *[0-9]+' "$work/sim-1.json" | grep -oE '[0-9]+$')
published2=$(grep -oE '"acked": *[0-9]+' "$work/sim-2.json" | grep -oE '[0-9]+$')
echo "date=$(date -u '+%Y-%m-%d %H:%M UTC') cores=$(nproc) devices=$DEVICES duration=$DURATION inflight=$INFLIGHT"
echo "one_worker_fixes_per_s=$one two_workers_fixes_per_s=$two ratio=$(awk -v a="$two" -v b="$one" 'BEGIN { printf "%.2f", a / b }')"
echo "broker_acked_one=$published1 broker_acked_two=$published2"
