#!/usr/bin/env bash
# make bench-delivery: an SOS's way to an email with nothing queued and
# behind 1,000 hanging webhook deliveries from 100 other people, and
# deliveries per second to a local SMTP server (internal/smtptest) and to local
# webhook servers, each beside a baseline sent straight from the same run.
# Runs delivery's BenchmarkDelivery (delivery/bench_test.go) once on a
# private PostgreSQL. Writes its section of BENCHMARKS.md, keeping the
# others.
#
# Settings (environment): OUT (BENCHMARKS.md).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/bench.sh

OUT=${OUT:-BENCHMARKS.md}
say() { printf 'bench-delivery: %s\n' "$*" >&2; }
machine_load=$(loadavg)
work=$(mktemp -d --suffix=-lifeline-bench-delivery)
trap 'rm -rf "$work"' EXIT

say "the delivery worker on a real PostgreSQL, the tests' SMTP server and local webhook servers (about 3 minutes)"
go test ./delivery -run '^$' -bench '^BenchmarkDelivery$' -benchtime 1x -timeout 20m | tee "$work/delivery.txt" >&2
metric() { awk -v unit="$1" '/^BenchmarkDelivery/ { for (i = 2; i <= NF; i++) if ($i == unit) print $(i-1) }' "$work/delivery.txt" | head -1; }

idle50=$(metric sos-idle-p50-ms) idle99=$(metric sos-idle-p99-ms)
load50=$(metric sos-loaded-p50-ms) load99=$(metric sos-loaded-p99-ms)
email=$(metric email-per-s) emailraw=$(metric email-raw-per-s)
hook=$(metric webhook-per-s) hookraw=$(metric webhook-raw-per-s)
verdict=$(awk -v v="$load99" 'BEGIN { print (v <= 5000 ? "met" : "missed") }')
mailgoal=$(awk -v v="$email" 'BEGIN { print (v >= 500 ? "met" : "missed") }')

when="$(date -u '+%Y-%m-%d %H:%M UTC') on $(machine), load average $machine_load at the start"
section=$(cat <<EOT
## Delivery (\`make bench-delivery\`)

$when. The delivery worker as the program configures it (32 slots, a share of 4 per person
and per destination, lanes SOS > alerts > the rest, woken by each SOS as the live bus does, else
a 1 s poll) on a private PostgreSQL, sending to the tests' SMTP server (\`internal/smtptest\`, in the
benchmark's process, keeping each message in memory) and to local HTTP servers, each on a loopback
address of its own. An SOS's latency runs from its commit to its email's arrival at the SMTP server
(the end of its DATA); 30 SOSes, one at a time (each closed, and its "they're safe
now" email sent, before the next); the first, cold, is in the "nothing queued" row.

| SOS to email | p50 | p99 | vs nothing queued (p99) |
| --- | ---: | ---: | ---: |
| nothing queued | $(ms "$idle50") ms | $(ms "$idle99") ms | 1.00 |
| behind 1,000 hanging webhooks from 100 people | $(ms "$load50") ms | $(ms "$load99") ms | $(ratio "$load99" "$idle99") |

The goal, p99 at most 5 s behind the hanging webhooks, is **$verdict**. The hanging deliveries are
"Send a test" rows (the last lane) to servers that accept and never answer: they hold the last
lane's 16 slots, 4 per person, until their 15 s timeout.

| deliveries per second | through the worker | sent straight (same run) | ratio |
| --- | ---: | ---: | ---: |
| email to the tests' SMTP server (8,000 tests from 100 people) | $(fmt "$email") | $(fmt "$emailraw") | $(ratio "$email" "$emailraw") |
| webhook to local servers (4,000 tests from 100 people) | $(fmt "$hook") | $(fmt "$hookraw") | $(ratio "$hook" "$hookraw") |

"Sent straight" is the same count from 16 goroutines (the last lane's slots) with Go's
\`net/smtp\` or \`net/http\`, a connection per message, without the outbox; the worker's email
client (go-mail) keeps a connection per mail server open for the next message. The email goal,
500 per second, is **$mailgoal**. Each delivery
through the worker is also its share of a claim and its own finishing statement in PostgreSQL, on
the same two cores as the SMTP server. On this shared machine the rates vary by up to 3× between
runs (webhooks 353 to 991 per second on the day this section was first written).
EOT
)

replace_section "$OUT" "## Delivery" "$section"
say "written to $OUT"
