#!/usr/bin/env bash
# Fails when git tracks what must never be committed: a compiled binary
# (ELF or Mach-O), anything under a data/ folder (a database cluster, local
# state), or a file over 1 MB outside the allow-list below.
# Usage: scripts/check-tree.sh [repository root]
set -euo pipefail
cd "${1:-$(dirname "$0")/..}"

# Large files that belong in the tree, as shell-style patterns on the path.
allowed_large='webapp/package-lock.json docs/*.png'

# One perl process reads every tracked file's first bytes and size: a
# process or two per file took over a minute on a busy machine.
problems=$(git ls-files -z | ALLOWED_LARGE="$allowed_large" perl -0 -ne '
  BEGIN {
    $max = 1024 * 1024;
    @allowed = map { my $p = quotemeta; $p =~ s/\\\*/[^\/]*/g; qr/^$p$/ } split " ", $ENV{ALLOWED_LARGE};
  }
  chomp;
  my $path = $_;
  next unless -f $path; # deleted in the work tree, not yet committed
  if ("/$path" =~ m{/data/}) { print "$path: under a data/ folder (local state, never committed)\n"; next }
  open(my $fh, "<", $path) or do { print "$path: unreadable: $!\n"; next };
  binmode $fh;
  read($fh, my $magic, 4);
  close $fh;
  $magic = unpack("H*", $magic);
  if ($magic eq "7f454c46") { print "$path: an ELF binary (build output)\n"; next }
  if ($magic =~ /^(feedface|feedfacf|cefaedfe|cffaedfe|cafebabe)$/) { print "$path: a Mach-O binary (build output)\n"; next }
  my $size = -s $path;
  if ($size > $max && !grep { $path =~ $_ } @allowed) {
    printf "%s: %d KiB, over the 1 MB limit (add it to the allow-list in scripts/check-tree.sh only if it must be tracked)\n", $path, $size / 1024;
  }
')

if [ -n "$problems" ]; then
  printf 'check-tree: tracked files that must not be committed:\n' >&2
  printf '%s\n' "$problems" | sed 's/^/  /' >&2
  exit 1
fi
echo "check-tree: no binaries, data/ folders or oversized files are tracked"
