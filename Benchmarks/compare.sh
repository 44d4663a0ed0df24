#!/usr/bin/env bash
# Compares two release binaries of reaction-report on the benchmark exports: full builds,
# interleaved (old, new, old, new, …) so that the machine's mood falls on both alike, the
# median wall time and peak memory of each, and `diff -r` of their output folders.
#
#   bash Benchmarks/compare.sh OLD_BINARY NEW_BINARY [EXPORT…]
#
# The exports default to the runner's 1,000,000-message Slack, PubNub and Telegram exports
# (Benchmarks/.data, made by Benchmarks/run.sh). RUNS=3 by default. Needs /usr/bin/time.
set -euo pipefail
cd "$(dirname "$0")/.."
old=$1 new=$2
shift 2
exports=("$@")
[ ${#exports[@]} -gt 0 ] || exports=(Benchmarks/.data/slack-1000000-v2 Benchmarks/.data/pubnub-1000000-v2 Benchmarks/.data/telegram-1000000-v2)
runs=${RUNS:-3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

source Benchmarks/timed-build.sh

printf '%-32s %10s %10s %9s %10s %10s %s\n' export old_s new_s change old_MB new_MB output
for input in "${exports[@]}"; do
  old_walls=() new_walls=() old_rss=() new_rss=()
  for ((i = 1; i <= runs; i++)); do
    rm -rf "$out/old" "$out/new"
    read -r wall rss < <(timed_build "$old" "$input" "$out/old"); old_walls+=("$wall"); old_rss+=("$rss")
    read -r wall rss < <(timed_build "$new" "$input" "$out/new"); new_walls+=("$wall"); new_rss+=("$rss")
  done
  if diff -r "$out/old" "$out/new" >/dev/null; then same=identical; else same=DIFFERENT; fi
  python3 - "$(basename "$input")" "${old_walls[*]}" "${new_walls[*]}" "${old_rss[*]}" "${new_rss[*]}" "$same" <<'PY'
import statistics, sys
name, ow, nw, orss, nrss, same = sys.argv[1:]
ow, nw = [float(x) for x in ow.split()], [float(x) for x in nw.split()]
orss, nrss = [int(x) for x in orss.split()], [int(x) for x in nrss.split()]
a, b = statistics.median(ow), statistics.median(nw)
print(f"{name:<32} {a:>10.2f} {b:>10.2f} {100 * (b - a) / a:>+8.1f}% {max(orss):>10} {max(nrss):>10} {same}")
print(f"{'':<32} runs: old {' '.join(f'{x:.2f}' for x in ow)}; new {' '.join(f'{x:.2f}' for x in nw)}")
PY
  rm -rf "$out/old" "$out/new"
done
