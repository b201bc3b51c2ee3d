# Shared by the scripts/bench-*.sh scripts (sourced, not run).

# median: the median of the numbers on stdin, one per line.
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
fmt() { awk -v v="$1" 'BEGIN { printf "%.0f", v }'; }
ms() { awk -v v="$1" 'BEGIN { printf "%.1f", v }'; }

# machine: "N cores (CPU model), M GiB" for a section's first line.
# loadavg: the machine's 1-minute load average, for figures taken while
# other work ran.
loadavg() { cut -d' ' -f1 /proc/loadavg; }

machine() {
  printf '%s cores (%s), %s' "$(nproc)" "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')" \
    "$(free -g | awk '/Mem:/ {print $2" GiB"}')"
}

# replace_section FILE HEADING-PREFIX CONTENT: swaps the "## " section whose
# heading starts with HEADING-PREFIX for CONTENT (or appends it), keeping
# every other section of FILE.
replace_section() {
  local file=$1
  touch "$file"
  grep -q '^# Benchmarks' "$file" ||
    printf '# Benchmarks\n\nFigures measured on this project'"'"'s development machines; every ratio compares paths measured in the same run.\n\n' >"$file"
  # The new section goes through a file: a long one (the chat's misses)
  # is past what one argument may hold.
  printf '%s\n' "$3" >"$file.section"
  awk -v head="$2" -v newfile="$file.section" '
    function put() { while ((getline line < newfile) > 0) print line; close(newfile) }
    index($0, head) == 1 { skip = 1; put(); print ""; printed = 1; next }
    /^## / && skip { skip = 0 }
    !skip { print }
    END { if (!printed) { print ""; put() } }
  ' "$file" >"$file.tmp"
  rm "$file.section"
  # No run of blank lines where a section was replaced.
  cat -s "$file.tmp" >"$file" && rm "$file.tmp"
}

# binary NAME PACKAGE [VAR]: prints the path of a program the benchmark
# runs: $VAR when make built it (make bench-* pass LIFELINE_BIN and
# LIFELINE_BENCH_BIN, bin/lifeline and bin/lifeline-bench), else a fresh
# build into $work, so a script also runs on its own.
binary() {
  local path=${3:+${!3:-}}
  if [ -z "$path" ]; then
    path="$work/$1"
    go build -o "$path" "$2" || return 1
  fi
  printf '%s\n' "$path"
}

# bench_engines: the storage engines of $ENGINES (default "plain timescale")
# to measure side by side, plain first (the baseline of every engine ratio);
# TimescaleDB only where the extension is installed, else one line says why.
bench_engines() {
  local e why
  for e in ${ENGINES:-plain timescale}; do
    case $e in
      plain) echo plain ;;
      timescale)
        if why=$(scripts/timescale-installed.sh); then echo timescale; else printf 'TimescaleDB side skipped: %s\n' "$why" >&2; fi ;;
      *) printf 'ENGINES: unknown engine %s (want plain, timescale)\n' "$e" >&2; return 1 ;;
    esac
  done | sort -u # plain before timescale
}

# timescale_flag ENGINE: the --timescale value that puts a fresh data folder
# on ENGINE (lifeline serve and lifeline-bench take it).
timescale_flag() { if [ "$1" = timescale ]; then echo require; else echo off; fi; }

# engine_label ENGINE URL LOG: checks that the server at URL runs on ENGINE
# (its /readyz names the engine) and prints the engine's name and version
# from the "Storage:" line the server wrote to LOG at start.
engine_label() {
  local want=postgresql ready storage
  [ "$1" = timescale ] && want=timescaledb
  ready=$(curl -fsS "$2/readyz")
  if [ "$(jq -r '.storage.engine' <<<"$ready")" != "$want" ]; then
    printf 'asked for %s, the server runs on: %s\n' "$1" "$ready" >&2
    return 1
  fi
  storage=$(sed -n 's/^Storage: //p' "$3" | head -1)
  if [ "$want" = timescaledb ]; then
    sed -E 's/^(TimescaleDB [^ ]+).*/\1/' <<<"$storage"
  else
    sed -E 's/^(PostgreSQL [^ ]+).*/plain \1/' <<<"$storage"
  fi
}

# in_turn ROUND ENGINE...: the engines in order in odd rounds, reversed in
# even ones, so going first (or second) favours none of them.
in_turn() {
  local round=$1; shift
  if (( round % 2 )); then printf '%s\n' "$@"; else printf '%s\n' "$@" | tac; fi
}
