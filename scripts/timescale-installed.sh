#!/usr/bin/env bash
# Exits 0 when the TimescaleDB extension is installed for the PostgreSQL server
# that the private cluster and the tests use (the same search as
# pgcluster/cluster.go: LIFELINE_PG_BIN, the newest /usr/lib/postgresql/N/bin, PATH);
# otherwise prints why not and exits 1.
set -euo pipefail
bin=${LIFELINE_PG_BIN:-}
if [[ -z $bin ]]; then
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5 -n | tail -1)
fi
if [[ -z $bin ]] && command -v initdb >/dev/null; then bin=$(dirname "$(command -v initdb)"); fi
[[ -n $bin ]] || { echo "no PostgreSQL server binaries found"; exit 1; }
if [[ -x $bin/pg_config ]]; then
  share=$("$bin/pg_config" --sharedir)
else
  share=/usr/share/postgresql/$(basename "$(dirname "$bin")")
fi
[[ -f $share/extension/timescaledb.control ]] || { echo "the timescaledb extension is not installed for $bin ($share/extension/timescaledb.control missing)"; exit 1; }
