#!/usr/bin/env bash
# make bench-chat: the chat's safety layer measured like a medical test —
# recall per category and false alarms on ordinary talk, with 95% Wilson
# intervals, on the held-out set (chat/crisisset/heldout.jsonl, when it is
# in the tree; trained on the development set only) and on the development
# set by k-fold cross-validation, beside the phrase table it replaced; the
# misses; latency per message. Writes its section of BENCHMARKS.md, keeping
# the others.
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
  say "no held-out set (chat/crisisset/heldout.jsonl): the figures are the development set's cross-validation only"
fi
say "the safety layer, $K-fold cross-validation, $ROUNDS latency passes"
"$bench" chat --k "$K" --rounds "$ROUNDS" >"$work/chat.md"

say "BenchmarkAssess"
go test ./chat -run '^$' -bench '^BenchmarkAssess$' -benchmem -count 3 | tee "$work/go.txt" >&2
ns=$(awk '/^BenchmarkAssess/ { for (i = 2; i <= NF; i++) if ($i == "ns/op") print $(i-1) }' "$work/go.txt" | median)
allocs=$(awk '/^BenchmarkAssess/ { for (i = 2; i <= NF; i++) if ($i == "allocs/op") print $(i-1) }' "$work/go.txt" | median)

section=$(cat <<EOT
## Chat safety layer (\`make bench-chat\`)

$(date -u '+%Y-%m-%d %H:%M UTC') on $(machine). Goals on a held-out set nobody on the team has seen: crisis recall ≥ 97%,
every urge offered immediate help, false alarms on ordinary talk ≤ 7%, at most 5 ms a message.

$(cat "$work/chat.md")
\`go test ./chat -bench Assess\` (median of 3): $(awk -v v="$ns" 'BEGIN { printf "%.1f", v / 1000 }') µs and $(fmt "$allocs") allocations a message
over the development set.
EOT
)
printf '%s\n' "$section"
replace_section "$OUT" "## Chat safety layer" "$section"
say "written to $OUT"
