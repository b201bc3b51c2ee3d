#!/usr/bin/env bash
# Runs every Go fuzz target (func FuzzX in a _test.go file) for FUZZTIME each.
#   scripts/fuzz.sh            FUZZTIME=60s (make fuzz)
#   FUZZTIME=2s scripts/fuzz.sh   the quick pass make test runs (make test-fuzz)
# New crashers are written to the package's testdata/fuzz/ and fail the run;
# commit them so `go test` replays them from then on.
set -euo pipefail
cd "$(dirname "$0")/.."
FUZZTIME="${FUZZTIME:-60s}"

targets=$(grep -rlE --include='*_test.go' '^func Fuzz[A-Za-z0-9_]*\(f \*testing\.F\)' . | grep -v node_modules | sort |
	while read -r file; do
		for name in $(grep -oE '^func Fuzz[A-Za-z0-9_]*' "$file" | cut -d' ' -f2); do
			echo "./$(dirname "${file#./}") $name"
		done
	done)
if [ -z "$targets" ]; then
	echo "fuzz: no targets found" >&2
	exit 1
fi
count=$(wc -l <<<"$targets")
echo "fuzz: $count targets, $FUZZTIME each"
while read -r pkg name; do
	echo "fuzz: $pkg $name"
	go test "$pkg" -run '^$' -fuzz "^${name}\$" -fuzztime "$FUZZTIME" -parallel 2 >/tmp/lifeline-fuzz.$$ 2>&1 || {
		cat /tmp/lifeline-fuzz.$$
		rm -f /tmp/lifeline-fuzz.$$
		echo "fuzz: $pkg $name FAILED (the crasher is in $pkg/testdata/fuzz/$name/)" >&2
		exit 1
	}
done <<<"$targets"
rm -f /tmp/lifeline-fuzz.$$
echo "fuzz: all $count targets passed"
