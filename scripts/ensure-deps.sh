#!/usr/bin/env bash
# Installs what `make run` or `make test` needs and is missing, from Debian's
# packages. Usage: scripts/ensure-deps.sh run|test|bench
set -euo pipefail
purpose=${1:-run}

say() { printf 'ensure-deps: %s\n' "$*" >&2; }

missing=()
need() { missing+=("$1"); }

# PostgreSQL server binaries for the private cluster (run and test).
if [ -z "${LIFELINE_PG_BIN:-}" ] && ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null && ! command -v initdb >/dev/null; then
  need postgresql
fi
if [ "$purpose" = bench ]; then
  command -v jq >/dev/null || need jq
fi
if [ "$purpose" = test ]; then
  [ -x /usr/bin/chromium ] || need chromium
  command -v mosquitto >/dev/null || [ -x /usr/sbin/mosquitto ] || need mosquitto
  command -v mosquitto_pub >/dev/null || need mosquitto-clients
  # The broker cluster of the scale-out tests (ingest/brokercluster) is NATS,
  # built from the module go.mod pins: nothing to install.
fi

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then sudo=""; elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo="sudo"; else
    say "missing: ${missing[*]}. Install them as root: apt-get install -y ${missing[*]}"
    exit 1
  fi
  say "installing ${missing[*]} with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Toolchains cannot be installed from here in a usable version: say so clearly.
command -v go >/dev/null || { say "Go is not installed (need 1.26 or newer): https://go.dev/doc/install"; exit 1; }
command -v node >/dev/null && command -v npm >/dev/null || { say "Node.js 20 or newer with npm is required"; exit 1; }
node_major=$(node -p 'process.versions.node.split(".")[0]')
[ "$node_major" -ge 20 ] || { say "Node.js $(node --version) is too old: need 20 or newer"; exit 1; }
