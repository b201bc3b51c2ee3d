#!/usr/bin/env bash
# Runs every Go fuzz target (func FuzzX in a _test.go file) for FUZZTIME each.
#   scripts/fuzz.sh            FUZZTIME=60s (make fuzz)
#   FUZZTIME=1s scripts/fuzz.sh   the quick pass make test runs (make test-fuzz)
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
log=$(mktemp /tmp/lifeline-fuzz-XXXXXX)
trap 'rm -f "$log"' EXIT
while read -r pkg name; do
	echo "fuzz: $pkg $name"
	for attempt in 1 2; do
		if go test "$pkg" -run '^$' -fuzz "^${name}\$" -fuzztime "$FUZZTIME" -parallel 2 >"$log" 2>&1; then
			break
		fi
		# Go before 1.27 can end a run with a bare "context deadline exceeded"
		# as -fuzztime expires (go.dev/issue/75804): no input failed and none
		# is written, which a finding always is. Such a run is tried once more,
		# then let be; anything else is a finding.
		if grep -q 'context deadline exceeded' "$log" && ! grep -qE 'Failing input written to|panic:' "$log"; then
			if [ "$attempt" = 1 ]; then
				echo "fuzz: $pkg $name stopped at its deadline without a finding (go.dev/issue/75804); once more"
				continue
			fi
			echo "fuzz: $pkg $name stopped at its deadline again, still without a finding; counted as passed"
			break
		fi
		cat "$log"
		echo "fuzz: $pkg $name FAILED (a failing input is written to $pkg/testdata/fuzz/$name/)" >&2
		exit 1
	done
done <<<"$targets"
echo "fuzz: all $count targets passed"
