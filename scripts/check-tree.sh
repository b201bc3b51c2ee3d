#!/usr/bin/env bash
# Fails when git tracks what must never be committed: a compiled binary
# (ELF or Mach-O), anything under a data/ folder (a database cluster, local
# state), or a file over 1 MB outside the allow-list below.
# Usage: scripts/check-tree.sh [repository root]
set -euo pipefail
cd "${1:-$(dirname "$0")/..}"

max_bytes=$((1024 * 1024))
# Large files that belong in the tree, as shell patterns on the path.
allowed_large=(
  'webapp/package-lock.json'
  'docs/*.png'
)

problems=()
while IFS= read -r -d '' path; do
  [ -f "$path" ] || continue # deleted in the work tree, not yet committed
  case "/$path" in
    */data/*) problems+=("$path: under a data/ folder (local state, never committed)"); continue ;;
  esac
  magic=$(head -c 4 "$path" | od -An -tx1 | tr -d ' \n')
  case "$magic" in
    7f454c46) problems+=("$path: an ELF binary (build output)"); continue ;;
    feedface | feedfacf | cefaedfe | cffaedfe | cafebabe) problems+=("$path: a Mach-O binary (build output)"); continue ;;
  esac
  size=$(stat -c %s "$path")
  if [ "$size" -gt "$max_bytes" ]; then
    ok=false
    for pattern in "${allowed_large[@]}"; do
      # shellcheck disable=SC2053 # the pattern is meant to glob
      [[ $path == $pattern ]] && ok=true
    done
    $ok || problems+=("$path: $((size / 1024)) KiB, over the 1 MB limit (add it to the allow-list in $0 only if it must be tracked)")
  fi
done < <(git ls-files -z)

if [ ${#problems[@]} -gt 0 ]; then
  printf 'check-tree: tracked files that must not be committed:\n' >&2
  printf '  %s\n' "${problems[@]}" >&2
  exit 1
fi
echo "check-tree: no binaries, data/ folders or oversized files are tracked"
