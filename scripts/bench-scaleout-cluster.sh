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
# Settings (environment): DEVICES (2000), INTERVAL (5s, each bracelet's time
# between fixes), STEADY (30s), OUT (BENCHMARKS.md).
# scripts/bench-scaleout.sh is another benchmark: capacity per ingest
# worker on Mosquitto (docs/scaling.md).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/bench.sh

DEVICES=${DEVICES:-2000}
INTERVAL=${INTERVAL:-5s}
STEADY=${STEADY:-30s}
OUT=${OUT:-BENCHMARKS.md}
say() { printf 'bench-scaleout: %s\n' "$*" >&2; }
machine_load=$(loadavg)
work=$(mktemp -d --suffix=-lifeline-bench-scaleout)
trap 'rm -rf "$work"' EXIT

say "$DEVICES bracelets, a fix every $INTERVAL each, through the embedded broker then a three-node NATS cluster with three kills (several minutes)"
if ! LIFELINE_SCALEOUT_DEVICES=$DEVICES LIFELINE_SCALEOUT_INTERVAL=$INTERVAL LIFELINE_SCALEOUT_STEADY=$STEADY \
  LIFELINE_SCALEOUT_REPORT=$work/report.json \
  go test -count=1 -run '^TestScaleOutSurvivesEachKill$' -timeout 60m -v ./faults/ >"$work/test.log" 2>&1; then
  tail -150 "$work/test.log" >&2
  # The work folder goes at exit; the whole log is what says why.
  kept=/tmp/lifeline-bench-scaleout-failed-$(date -u +%Y%m%dT%H%M%S).log
  cp "$work/test.log" "$kept"
  say "the run failed: nothing written; the whole log is $kept"
  exit 1
fi
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
