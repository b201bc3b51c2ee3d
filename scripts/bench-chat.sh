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

### Blind measurements so far: what to expect from a new author

Each line below is a set of messages measured **once**, by an author nobody on the team had read, on the layer as it
stood at the end of a round of work (recorded figures, not recomputed by this run). After its measurement each set joined
the development corpus as an author, and a fresh one took its place; the held-out set measured in the table after this
one is the newest, read by nobody who built the layer.

| measured once, blind | after | crisis recall | urges offered help | false alarms |
| --- | --- | ---: | ---: | ---: |
| author d3, held back | round 1 (rules written on a0, d1, d2) | 89.2% (273/306) | 91.7% (77/84) | 13.3% (28/210) |
| held-out set v1 (now author h1) | round 1 | 80.1% (109/136) | 68.6% (24/35) | 11.3% (7/62) |
| held-out set v2 (now author h2) | round 2 (four authors) | 85.4% (117/137) | 97.2% (35/36) | 8.3% (6/72) |
| held-out sets v3 + v4 (now authors h3, h4) | round 3 (ten authors) | 92.7% (241/260) | 95.4% (62/65) | 7.9% (11/140) |
| held-out set v5 (now author h5) | round 4 (twelve authors) | 94.8% (128/135) | 97.1% (34/35) | 2.9% (2/70) |
| held-out set v6 (now author h6) | round 5 (thirteen authors) | 94.1% (127/135) | 97.1% (34/35) | 4.3% (3/70) |
| held-out set v7 (now author h7) | round 6 (sixteen authors) | 94.8% (128/135) | 100.0% (35/35) | 4.3% (3/70) |
| held-out set v8 (now author h8) | round 7 (twenty authors) | 96.3% (130/135) | 94.3% (33/35) | 1.4% (1/70) |
| held-out set v9 (now author h9) | round 8 (twenty-three authors) | 95.6% (129/135) | 94.3% (33/35) | 5.7% (4/70) |
| held-out set v10 (now author h10) | round 9 (twenty-six authors) | 96.3% (130/135) | 100.0% (35/35) | 4.3% (3/70) |
| held-out set v11 (now author h11) | round 10 (twenty-nine authors) | 96.3% (130/135) | 94.3% (33/35) | 4.3% (3/70) |
| held-out set v12 (now author h12) | round 11 (thirty-three authors) | 94.8% (128/135) | 88.6% (31/35) | 10.0% (7/70) |
| held-out set v13 (now author h13) | round 12 (thirty-five authors) | 97.0% (131/135) | 100.0% (35/35) | 11.4% (8/70) |
| held-out set v14 (now author h14) | round 13 (thirty-seven authors) | 97.8% (132/135) | 97.1% (34/35) | 11.4% (8/70) |
| held-out set v15 (now author h15) | round 14 (thirty-nine authors) | 97.8% (132/135) | 100.0% (35/35) | 10.0% (7/70) |
| held-out set v16 (now author h16) | round 15 (forty-one authors) | 96.3% (130/135) | 100.0% (35/35) | 2.9% (2/70) |
| held-out set v17 (now author h17) | round 16 (forty-three authors) | 96.3% (130/135) | 97.1% (34/35) | 4.3% (3/70) |
| held-out set v18 (now author h18) | round 17 (forty-five authors) | 97.8% (132/135) | 97.1% (34/35) | 7.1% (5/70) |
| held-out set v19 (now author h19) | round 18 (forty-seven authors) | 95.6% (129/135) | 100.0% (35/35) | 7.1% (5/70) |
| held-out set v20 (\`heldout.jsonl\`) | round 19 (forty-nine authors) | 98.5% (133/135) | 100.0% (35/35) | 4.3% (3/70) |

The development corpus now has forty-nine authors (\`chat/crisisset/README.md\`). Its figures, each author measured with the
model trained on the other forty-eight, are optimistic for the rules' part: the rules were written looking at forty-seven
of them (not at d17 and d18, which joined in round 10 and have reached only the model and its thresholds).

$(cat "$work/chat.md")
\`go test ./chat -bench Assess\` (median of 3): $(awk -v v="$ns" 'BEGIN { printf "%.1f", v / 1000 }') µs and $(fmt "$allocs") allocations a message
over the development corpus.
EOT
)
printf '%s\n' "$section"
replace_section "$OUT" "## Chat safety layer" "$section"
say "written to $OUT"
