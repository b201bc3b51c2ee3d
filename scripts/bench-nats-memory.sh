#!/usr/bin/env bash
# The memory question of docs/scaling.md: what one bracelet-like MQTT
# connection costs the nodes of a three-node NATS cluster, per
# configuration, one run at a time (each on a fresh cluster). Prints one
# JSON file per run (lifeline-bench nats-memory) and a line of summary; not
# part of make test. make bench-scaleout may call it later.
#
# The QoS 1 configurations did not reach 10,000 on a shared 2-core machine
# (docs/scaling.md): there, SIZES=2000.
#
# Settings (environment): SIZES ("2000 10000"), OUT (a folder for the
# runs' JSON; default a temporary one), ONLY (run only the configurations
# whose name contains it).
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=${SIZES:-2000 10000}
OUT=${OUT:-$(mktemp -d --suffix=-lifeline-nats-memory)}
ONLY=${ONLY:-}
mkdir -p "$OUT"
go build -o "$OUT/lifeline-bench" ./cmd/lifeline-bench
say() { printf 'bench-nats-memory: %s\n' "$*" >&2; }

# run NAME SIZE FLAGS...: one fresh cluster, one line of summary.
run() {
  local name=$1 size=$2
  shift 2
  [[ -n $ONLY && $name != *$ONLY* ]] && return 0
  say "$name, $size connections"
  "$OUT/lifeline-bench" nats-memory --conns "$size" "$@" >"$OUT/$name-$size.json"
  jq -c --arg name "$name" '{name: $name, conns: .connections, subscribed, connect_s: (.connect_s*10|round/10), failed, consumers,
    rss_kb: [.nodes[].rss_per_conn_kb], heap_kb: [.nodes[].heap_per_conn_kb], cluster_rss_kb: .cluster_rss_per_conn_kb,
    after_close_rss_kb: ([.after_close[]?.rss_per_conn_kb]), after_close_heap_kb: ([.after_close[]?.heap_per_conn_kb])}' "$OUT/$name-$size.json"
}

for size in $SIZES; do
  run today "$size"                                   # the firmware: persistent session, QoS 1 config subscription
  run memory-consumers "$size" --mqtt "consumer_replicas: 1, consumer_memory_storage: true"
  run clean-qos1 "$size" --clean
  run clean-qos0 "$size" --clean --qos 0
  run persistent-qos0 "$size" --qos 0
done
# What a disconnected session keeps, and what the inactive threshold frees.
run today-offline 2000 --close-wait 45s
run inactive-30s 2000 --mqtt "consumer_inactive_threshold: 30s" --close-wait 45s
# Go's own settings on the nodes.
run today-gogc50 2000 --env GOGC=50
run today-memlimit 2000 --env GOMEMLIMIT=256MiB
say "runs in $OUT"
