#!/usr/bin/env bash
# make bench-chat: the chat's safety layer measured like a medical test —
# recall per category and false alarms on ordinary talk, with 95% Wilson
# intervals: on the held-out set (chat/crisisset/heldout.jsonl, when it is
# in the tree; trained on the development corpus only), on each author of
# the development corpus with the model trained on the others (leave one
# author out, the main figure), with the model's threshold swept, and by
# k-fold cross-validation (optimistic), beside the phrase table it
# replaced; the misses; latency per message. Writes its section of
# BENCHMARKS.md, keeping the others.
#
# Settings (environment): K (10 folds), ROUNDS (20), OUT (BENCHMARKS.md).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/bench.sh

K=${K:-10}
ROUNDS=${ROUNDS:-20}
OUT=${OUT:-BENCHMARKS.md}
say() { printf 'bench-chat: %s\n' "$*" >&2; }
work=$(mktemp -d /tmp/lifeline-bench-chat-XXXXXX)
trap 'rm -rf "$work"' EXIT

bench=$(binary lifeline-bench ./cmd/lifeline-bench LIFELINE_BENCH_BIN)
if [ ! -f chat/crisisset/heldout.jsonl ]; then
  say "no held-out set (chat/crisisset/heldout.jsonl): the figures are the development corpus's, one author left out at a time"
fi
say "the safety layer: each author left out, $K-fold cross-validation, $ROUNDS latency passes"
"$bench" chat --k "$K" --rounds "$ROUNDS" >"$work/chat.md"

say "BenchmarkAssess"
go test ./chat -run '^$' -bench '^BenchmarkAssess$' -benchmem -count 3 | tee "$work/go.txt" >&2
ns=$(awk '/^BenchmarkAssess/ { for (i = 2; i <= NF; i++) if ($i == "ns/op") print $(i-1) }' "$work/go.txt" | median)
allocs=$(awk '/^BenchmarkAssess/ { for (i = 2; i <= NF; i++) if ($i == "allocs/op") print $(i-1) }' "$work/go.txt" | median)

section=$(cat <<EOT
## Chat safety layer (\`make bench-chat\`)

$(date -u '+%Y-%m-%d %H:%M UTC') on $(machine). Goals on a held-out set nobody on the team has seen: crisis recall ≥ 97%,
every urge offered immediate help, false alarms on ordinary talk ≤ 7%, at most 5 ms a message.

### Where this started, and what to expect from a new author

The development corpus has four authors (\`chat/crisisset/README.md\`): a0 wrote the first set and the layer's rules were written
looking at it; d1, d2 and d3 are outside authors who write differently. Before the layer was reworked for them (2026-11-26:
model threshold 0.75, the model trained on the other authors), leaving one author out gave:

| author left out | crisis recall | urges offered help | false alarms |
| --- | ---: | ---: | ---: |
| a0 | 99.6% (485/487) | 100.0% (102/102) | 8.7% (34/390) |
| d1 | 87.2% (272/312) | 82.1% (69/84) | 21.5% (47/219) |
| d2 | 84.3% (258/306) | 86.9% (73/84) | 17.1% (36/210) |
| d3 | 89.2% (273/306) | 92.9% (78/84) | 14.8% (31/210) |
| **pooled** | **91.3% (1288/1411)** | **91.0% (322/354)** | **14.4% (148/1029)** |

(10-fold cross-validation over the same 2,794 messages said 92.4% and 12.6%.) d3 was then held back, unread, while a first
round of changes was made looking at a0, d1 and d2 only, and measured once at its end (trained on the other three, rules as
they were): **crisis recall 89.2% (273/306), urges 91.7% (77/84), false alarms 13.3% (28/210)** — no better at catching
crises than before that round: what the rules had gained on d1 and d2 they had learnt from d1 and d2. That is the honest
estimate of how the layer does for a new author. Everything below was written looking at all four authors, so its rules
are not blind to any of them: read the figures below as optimistic for the rules' part, and expect a new author to land
between them and that one measurement.

$(cat "$work/chat.md")
\`go test ./chat -bench Assess\` (median of 3): $(awk -v v="$ns" 'BEGIN { printf "%.1f", v / 1000 }') µs and $(fmt "$allocs") allocations a message
over the development corpus.
EOT
)
printf '%s\n' "$section"
replace_section "$OUT" "## Chat safety layer" "$section"
say "written to $OUT"
