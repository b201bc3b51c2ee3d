#!/usr/bin/env bash
# make bench-scaleout: the scale-out topology through faults, at size. Runs
# faults' TestScaleOutSurvivesEachKill (three NATS nodes with the auth
# callout, two ingest workers, two API nodes, one PostgreSQL, firmware-sim
# --verify walking DEVICES bracelets through a row of avoid zones) with
# LIFELINE_SCALEOUT_REPORT set: it first runs the same walk for STEADY
# through one `lifeline serve` with its embedded broker (the baseline), then
# measures the cluster for STEADY before any fault, then SIGKILLs and
# restarts the stream leader's node, a worker and an API node in turn.
# Writes its section of BENCHMARKS.md, keeping the others.
#
# Then TestFleetAcrossTheCluster at FLEET bracelets (100000; 0: not run):
# lean bracelets in simulators of at most 17,000 across FLEET_NODES (6)
# NATS nodes, a fix every FLEET_INTERVAL (30s), sampled every 30 s; a node
# that leads nothing, then the message stream's leader, SIGKILLed.
#
# Settings (environment): DEVICES (2000), INTERVAL (5s, each bracelet's time
# between fixes), STEADY (30s), FLEET, FLEET_NODES, FLEET_INTERVAL,
# FLEET_CONNECTING (10 a simulator), FLEET_CONNECT_TIMEOUT (60s), FLEET_MQTT
# ("js_api_timeout: 30s"), FLEET_KILLS ("follower,leader": the nodes killed,
# in turn; "leader" kills the stream's leader alone, in a section of its
# own), FLEET_SHARDS (1: the accounts the bracelets are spread over, each
# with its own message stream; more than one is a section of its own),
# FLEET_SETTLE_WITHIN (a storm's limit, a Go duration; the first
# connecting's by default), SKIP_FAULTS=1 (the fleet alone), FLEET_REPORT (a
# kept report, /tmp/lifeline-bench-fleet-*.json, written again), OUT
# (BENCHMARKS.md).
# scripts/bench-scaleout.sh is another benchmark: capacity per ingest
# worker on Mosquitto (docs/scaling.md).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/bench.sh

DEVICES=${DEVICES:-2000}
FLEET=${FLEET:-100000}
FLEET_NODES=${FLEET_NODES:-6}
FLEET_INTERVAL=${FLEET_INTERVAL:-30s}
FLEET_KILLS=${FLEET_KILLS:-follower,leader}
FLEET_SHARDS=${FLEET_SHARDS:-1}
INTERVAL=${INTERVAL:-5s}
STEADY=${STEADY:-30s}
OUT=${OUT:-BENCHMARKS.md}
say() { printf 'bench-scaleout: %s\n' "$*" >&2; }
machine_load=$(loadavg)
work=$(mktemp -d --suffix=-lifeline-bench-scaleout)
trap 'rm -rf "$work"' EXIT

# run_test NAME ENV...: one test of ./faults with the environment given.
# A failure keeps the whole log in /tmp and returns 1.
run_test() {
  local name=$1
  shift
  if ! env "$@" go test -count=1 -run "^$name\$" -timeout 90m -v ./faults/ >"$work/test.log" 2>&1; then
    tail -150 "$work/test.log" >&2
    # The work folder goes at exit; the whole log is what says why.
    kept=/tmp/lifeline-bench-scaleout-failed-$(date -u +%Y%m%dT%H%M%S).log
    cp "$work/test.log" "$kept"
    say "the run failed; the whole log is $kept"
    return 1
  fi
}

if [ "${SKIP_FAULTS:-}" != 1 ]; then
say "$DEVICES bracelets, a fix every $INTERVAL each, through the embedded broker then a three-node NATS cluster with three kills (several minutes)"
run_test TestScaleOutSurvivesEachKill LIFELINE_SCALEOUT_DEVICES="$DEVICES" LIFELINE_SCALEOUT_INTERVAL="$INTERVAL" \
  LIFELINE_SCALEOUT_STEADY="$STEADY" LIFELINE_SCALEOUT_REPORT="$work/report.json" || exit 1
grep -E 'natscluster_test.go:[0-9]+: .*(SIGKILLed|bracelets connected|acknowledged by|alerts stored)' "$work/test.log" >&2 || true
r=$work/report.json
j() { jq -r "$1" "$r"; }
rows=$(jq -r '.faults[] | "| \(.what) | \(.reconnected_s * 10 | round / 10) s (\(.reconnections) reconnections) | \(.alert_s * 10 | round / 10) s | \(.restarted_s * 10 | round / 10) s |"' "$r")
when="$(date -u '+%Y-%m-%d %H:%M UTC') on $(machine), load average $machine_load at the start, $(loadavg) at the end"

section=$(cat <<EOT
## Scale-out through faults (\`make bench-scaleout\`)

$when. \`TestScaleOutSurvivesEachKill\` at size: $(j .devices) bracelets
(firmware-sim, paho, QoS 1, 4 in flight each, a fix every $(j .interval_s) s, walking a 9 km route
through an avoid zone every 300 m) given all three nodes of a NATS cluster (JetStream R3, the
auth callout answered by the workers), two \`--role ingest\` workers, two \`--role api\` nodes, one
PostgreSQL; every process on this machine. The baseline is the same walk, the same number of
bracelets and zones, through one \`lifeline serve\` with its embedded broker on the same database,
in the same run. Latency is publish to PUBACK over $STEADY after every bracelet connected, before
any fault. The two PUBACKs do not promise the same thing: the embedded broker sends it after the
fix is committed to PostgreSQL (and checked against the zones); NATS sends it once the fix is on
two of the three nodes, before a worker has read it, so the cluster's figure leaves the commit out.

| publish to PUBACK | p50 | p99 | PUBACKs |
| --- | ---: | ---: | ---: |
| embedded broker (one node) | $(ms "$(j .embedded.p50_ms)") ms | $(ms "$(j .embedded.p99_ms)") ms | $(j .embedded.acked) |
| NATS cluster, R3, through the callout | $(ms "$(j .cluster.p50_ms)") ms | $(ms "$(j .cluster.p99_ms)") ms | $(j .cluster.acked) |
| ratio cluster ÷ embedded | $(ratio "$(j .cluster.p50_ms)" "$(j .embedded.p50_ms)") | $(ratio "$(j .cluster.p99_ms)" "$(j .embedded.p99_ms)") | |

Then, mid-stream, each SIGKILLed in turn and started again; seconds counted from the kill:

| killed | every bracelet connected again | an alert from a fix made after the kill, on the other API node's live stream | the process serving again |
| --- | ---: | ---: | ---: |
$rows

"Connected again" is read from the simulator's progress line, printed every second (so 1 s is
the resolution; a kill that drops no bracelet shows the next line). The alert is the first whose
confirming fix (the newest of its evidence) was made after the kill; the engine confirms an
entry with three fixes, so the fixes before it may be older. In all, $(j .acked) fixes
acknowledged by the cluster, every one stored exactly once (firmware-sim --verify); $(j .alerts)
avoid-zone alerts stored, and $(j .repeated_alerts) (bracelet, zone) pairs alerted more than once, which one
geofence engine's 15-minute cool-down forbids (the test fails on any). The workers' consumer pins
one worker, so every bracelet's fixes meet one engine; after the pinned worker's kill the standby
committed its first fix $(j '.faults[] | select(.takeover_s > 0) | .takeover_s * 10 | round / 10') s later (docs/scaling.md).

After the broker node's restart a bracelet of another account, in a simulator of its own, was revoked
through an API node (\`DELETE /api/devices/{id}\`, as the web app does): node $(j .revocation.node)
closed its connection $(j '.revocation.kick_ms | round') ms after the DELETE (its monitoring's stop
time), the simulator and every node saw it closed within $(j '.revocation.closed_s * 10 | round / 10') s, and
$(j .revocation.refused) of 3 nodes refused its CONNECT afterwards (CONNACK 5). $(j .revocation.stored) of its
fixes are stored, $(j .revocation.in_window) of them taken between the DELETE and the kick, none after the close.
EOT
)
replace_section "$OUT" "## Scale-out through faults" "$section"
say "wrote its section of $OUT"

fi

[ "$FLEET" -gt 0 ] || exit 0
machine_load=$(loadavg)
say "$FLEET bracelets across $FLEET_NODES NATS nodes in $FLEET_SHARDS shard(s), a fix every $FLEET_INTERVAL each, then killed in turn: $FLEET_KILLS (twenty minutes or more)"
fleet_ok=1
if [ -n "${FLEET_REPORT:-}" ]; then # a kept report, rendered again
  cp "$FLEET_REPORT" "$work/fleet.json"
  [ "$(jq -r .connected "$FLEET_REPORT")" = true ] || fleet_ok=0
else
run_test TestFleetAcrossTheCluster LIFELINE_FLEET_DEVICES="$FLEET" LIFELINE_FLEET_NODES="$FLEET_NODES" LIFELINE_FLEET_SHARDS="$FLEET_SHARDS" LIFELINE_FLEET_PER_SIM=17000 \
  LIFELINE_FLEET_INTERVAL="$FLEET_INTERVAL" LIFELINE_FLEET_SAMPLE=30s LIFELINE_FLEET_SAMPLES=3 LIFELINE_FLEET_REPORT="$work/fleet.json" \
  LIFELINE_FLEET_CONNECTING="${FLEET_CONNECTING:-10}" LIFELINE_FLEET_CONNECT_TIMEOUT="${FLEET_CONNECT_TIMEOUT:-60s}" \
  LIFELINE_FLEET_MQTT="${FLEET_MQTT-js_api_timeout: 30s}" LIFELINE_FLEET_KILLS="$FLEET_KILLS" \
  ${FLEET_SETTLE_WITHIN:+LIFELINE_FLEET_SETTLE_WITHIN="$FLEET_SETTLE_WITHIN"} || fleet_ok=0
grep -E 'fleet_test.go:[0-9]+: ' "$work/test.log" >&2 || true
fi
r=$work/fleet.json
[ -s "$r" ] || exit 1
cp "$r" "/tmp/lifeline-bench-fleet-$(date -u +%Y%m%dT%H%M%S).json" # the figures outlive the work folder
# A fleet that never connected whole is reported as far as it got.
outcome="Every bracelet connected $(jq -r '.connect_s | round' "$r") s after the first simulator started."
whole=true
if [ "$(jq -r .connected "$r")" != true ]; then
  whole=false
  outcome="**The fleet did not connect whole**: at most $(jq -r '[.samples[].connected] | max' "$r") of $(jq -r .devices "$r") bracelets were connected at once; the run stopped with $(jq -r '.stopped // "a failure (its log)"' "$r")."
elif [ "$(jq -r '.stopped // empty' "$r")" != "" ]; then
  whole=false
  outcome+=" **The run then stopped** with $(jq -r .stopped "$r"): the samples, the probe before the kills and any storm that settled are below."
fi
when="$(jq -r '.started // empty' "$r") to $(date -u '+%H:%M UTC') on $(machine), load average $machine_load at the start, $(loadavg) at the end"
[ -z "${FLEET_REPORT:-}" ] || when="$(jq -r '.started // "at a time not kept"' "$r") on $(machine) (written again from a kept report)"
# Per sample: memory per connection of each broker node (its RSS over its
# connections) and of each simulator (its RSS over its share), as ranges.
samples=$(jq -r '.samples[] as $s
  | [$s.node_connections | to_entries[] | select(.value > 0) | .key as $k | (($s.rss_mb[$k] * 1024) / .value)] as $node_kb
  | [$s.rss_mb | to_entries[] | select(.key | startswith("sim")) | .value] as $sim_mb
  | (if ($node_kb | length) > 0 then "\($node_kb | min | round)–\($node_kb | max | round) KB" else "—" end) as $node_kb_text
  | "| \($s.at_s | round) s | \($s.phase) | \($s.connected) | \($s.node_connections | [.[]] | min)–\($s.node_connections | [.[]] | max) | \($s.acked_per_s | round) / \($s.committed_per_s | round)\(if (($s.committed_each_per_s // []) | length) > 1 then " (" + ($s.committed_each_per_s | map(round | tostring) | join(" + ")) + ")" else "" end) | \($node_kb_text) | \(if $s.connected > 0 then "\(($sim_mb | add) * 1024 / $s.connected | round) KB" else "—" end) | \([$s.rss_mb | to_entries[] | select(.key | startswith("n")) | .value] | add | round) MB | \($s.rss_mb.worker1 | round) / \($s.rss_mb.worker2 | round) MB | \($s.rss_mb.api | round) MB |"' "$r")
windows=$(jq -r '[.windows[]? | to_entries[]] | group_by(.key)[] | select(length > 0)
  | "| \(.[0].key + 1) | \(map(.value.acked) | add) | \(map(.value.p50_ms) | sort | .[length / 2 | floor] * 10 | round / 10) ms | \(map(.value.p99_ms) | max * 10 | round / 10) ms |"' "$r")
storms=$(jq -r '(.shards // 1) as $shards | .storms[]? | "| \(.what) (\(.node), \(.held) connections\(if $shards > 1 then ", leading \(.led_streams) of \($shards) streams" else "" end)) | \(.reconnected_s * 10 | round / 10) s | \(.reconnections) | \(.closed_elsewhere | if length == 0 then "none" else (to_entries | map("\(.value) (\(.key))") | join(", ")) end) | \(.restarted_s * 10 | round / 10) s |"' "$r")
probe() { jq -r ".$1 | \"| $2 | \(.samples) | \(.p50_ms * 10 | round / 10) ms | \(.p99_ms * 10 | round / 10) ms | \(.max_ms * 10 | round / 10) ms | \(.timeouts) | \(.extra_fixes) |\"" "$r"; }
j() { jq -r "$1" "$r"; }
storms_table=$(cat <<EOT
SIGKILLed in turn, each restarted once the fleet had settled: "connected again" is the last moment a
bracelet was seen disconnected, after which all stayed connected for $(j '.storms[0].quiet_s') s.

| killed | every bracelet connected again | reconnections | connections the other nodes closed | restarted and serving |
| --- | ---: | ---: | --- | ---: |
$storms
EOT
)

# One section a fleet's size, interval and kills: the default kills keep
# the heading they always had.
heading="## A fleet across the cluster, $(j .devices) bracelets, a fix every $(j .interval_s) s"
kills=$(j '.kills // "follower,leader"')
[ "$kills" = follower,leader ] || heading+=", killed: ${kills//,/ then }"
shards=$(j '.shards // 1')
[ "$shards" = 1 ] || heading+=", $shards shards"
spread=""
[ "$shards" = 1 ] || spread=", the bracelets spread over $shards accounts by the callout (\`--nats-shards $shards\`), each with its own message stream and leader"
section=$(cat <<EOT
$heading (\`make bench-scaleout\`)

$when. \`TestFleetAcrossTheCluster\` at size: $(j .devices) lean bracelets (\`firmware-sim --lean\`: a
raw socket each, MQTT 3.1.1, persistent session, the config subscribed at QoS 0 as the wire contract
advises, one QoS 1 fix in flight, a fix every $(j .interval_s) s, a keep-alive of $(j '.keepalive_s // 60') s) in $(j .simulators) simulators of at most 17,000
(the 20,000 descriptors a process may open here), each given every node and its bracelet i starting at
node i mod $(j .nodes); $(j .nodes) NATS nodes (JetStream, the MQTT streams R3, the auth callout answered by two
\`--role ingest\` workers$spread), one \`--role api\` node, one PostgreSQL; every process on this machine.
Nodes' MQTT settings beyond the defaults: $(j '.mqtt_settings | if . == "" then "none" else "`\(.)`" end'); each simulator
opened $(j .connecting) connections at once, a bracelet waiting $(j .connect_timeout_s) s for its CONNACK. $outcome

Every 30 s (rates over the 30 s before; memory is RSS: a node's over its connections, the simulators'
over the fleet):

| at | | connected | connections a node | fixes/s acknowledged / committed | broker node RSS a connection | simulator RSS a bracelet | broker nodes' RSS in all | workers | API node |
| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
$samples

EOT
)
if [ "$whole" = true ]; then
  section+=$'\n\n'$(cat <<EOT
Publish to PUBACK per 30 s window from every bracelet connected (the PUBACK is sent once the fix is
on two of three replicas; the median of the simulators' p50s, the highest of their p99s):

| window | acknowledged | p50 | p99 |
| ---: | ---: | ---: | ---: |
$windows

$storms_table

Fix to alert (\`lifeline-bench alert-probe\` on a node not killed: an avoid zone every 2 s, from the
PUBACK of the fix that confirmed the entry to the alert on the API node's live stream; extra fixes are
those sent after the third because the zone had not yet reached the worker's engine):

| | samples | p50 | p99 | max | timeouts | extra fixes |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
$(probe probe "before the kills")
$(probe probe_after "after the kills")

In all, $(j .acked) fixes acknowledged by the cluster, every one stored exactly once (each simulator's
\`--verify\`, and no (device, time, sequence) stored twice). What the rows mean: docs/scaling.md,
"A fleet across six nodes".
EOT
)
else
  [ "$(j .connected)" != true ] || section+=$'\n\n'"Fix to alert before the kills (as in the sections that ran whole): $(j '.probe | "\(.samples) samples, p50 \(.p50_ms * 10 | round / 10) ms, p99 \(.p99_ms * 10 | round / 10) ms, \(.timeouts) timed out, \(.extra_fixes) extra fixes"')."$'\n'
  [ -z "$storms" ] || section+=$'\n'"$storms_table"$'\n\n'
  section+=$'\n'"What the rows mean: docs/scaling.md, \"A fleet across six nodes\"."
fi
replace_section "$OUT" "$heading (" "$section" # "(": a heading, not the start of a longer one
say "wrote the fleet's section of $OUT"
[ "$fleet_ok" = 1 ]
