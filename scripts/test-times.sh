#!/usr/bin/env bash
# Measures the Go tests' cost per package and per test, as
# docs/performance.md "Test times" reports it: each package's test binary
# is built first (so compiling is not counted), then run from its
# directory under /usr/bin/time, whose user and system time include the
# processes a test starts. On a shared machine compare CPU time; wall
# time swings with the load.
#
# Usage: scripts/test-times.sh [-n N] [PKG...]   (default: every package)
# Prints "package user sys wall load" per package, then the N (15)
# slowest tests by wall time. Keeps the logs in a directory it names.
set -euo pipefail
cd "$(dirname "$0")/.."
n=15
if [ "${1:-}" = -n ]; then n=$2; shift 2; fi
[ -x /usr/bin/time ] || { echo "test-times: /usr/bin/time is missing: apt-get install time" >&2; exit 2; }
if [ $# -eq 0 ]; then
  mapfile -t pkgs < <(go list -f '{{.Dir}}' ./... | grep -v /node_modules/ | sed "s|^$PWD/\?||; s|^$|.|")
else
  pkgs=("$@")
fi
out=$(mktemp -d "${TMPDIR:-/tmp}/mdscheck-test-times.XXXXXX")
for p in "${pkgs[@]}"; do
  p=${p#./}
  name=$(echo "$p" | tr / _)
  go test -c -o "$out/$name.test" "./$p" >/dev/null
  [ -f "$out/$name.test" ] || continue # no tests
  status=0
  (cd "$p" && /usr/bin/time -o "$out/$name.time" -f '%U %S %e' "$out/$name.test" \
    -test.count=1 -test.timeout 30m -test.v >"$out/$name.log" 2>&1) || status=$?
  [ "$status" -eq 0 ] || echo "test-times: $p failed (exit $status), see $out/$name.log" >&2
  echo "$p $(tail -1 "$out/$name.time") load=$(cut -d' ' -f1 /proc/loadavg)"
done
echo
echo "slowest tests (wall s):"
for f in "$out"/*.log; do
  p=$(basename "$f" .log | tr _ /)
  grep -E '^--- (PASS|FAIL|SKIP): ' "$f" | awk -v p="$p" '{gsub(/[()s]/, "", $4); print $4, p, $3}' || true
done | sort -rn | head -"$n"
echo "logs: $out"
