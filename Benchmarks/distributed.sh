#!/usr/bin/env bash
# Past one machine (issue 32): the reactor-heavy Slack export whose #general holds a third of the
# messages (`exportgen heavy --platform slack-general`, kept under Benchmarks/.data), built on one
# machine and in SHARDS shards (default 8) one after the other, as the tasks of a job array would
# run (`--shard K/N --format facts`), then joined (`build s1/data/facts … sN/data/facts`). Prints
# each step's wall time and peak memory (release build, /usr/bin/time -v), the targets of issue
# 32 against them, and whether the joined site equals the one-machine site (`diff -r`).
#
#   bash Benchmarks/distributed.sh                   # 1,000,000 messages
#   MESSAGES=10000000 bash Benchmarks/distributed.sh
#   SHARDS=4 MESSAGES=100000 bash Benchmarks/distributed.sh
#
# Needs /usr/bin/time (Debian package `time`).
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/timed-build.sh
release_build
messages=${MESSAGES:-1000000}
shards=${SHARDS:-8}
input=$(heavy_export slack-general "$messages")
work=$(mktemp -d "${TMPDIR:-/tmp}/distributed.XXXXXX")
trap 'rm -rf "$work"' EXIT

printf '%-12s %8s %8s\n' step wall_s peak_MB
read -r one_wall one_rss < <(timed_build "$binary" "$input" "$work/one")
printf '%-12s %8s %8s\n' one-machine "$one_wall" "$one_rss"
facts=()
sum=0 worst_wall=0 worst_rss=0
for k in $(seq 1 "$shards"); do
  read -r wall rss < <(timed_build "$binary" "$input" "$work/s$k" --shard "$k/$shards" --format facts)
  printf '%-12s %8s %8s\n' "shard $k/$shards" "$wall" "$rss"
  facts+=("$work/s$k/data/facts")
  sum=$(python3 -c "print($sum + $wall)")
  worst_wall=$(python3 -c "print(max($worst_wall, $wall))")
  worst_rss=$(( rss > worst_rss ? rss : worst_rss ))
done
read -r join_wall join_rss < <(timed_build "$binary" "${facts[0]}" "$work/joined" "${facts[@]:1}")
printf '%-12s %8s %8s\n' join "$join_wall" "$join_rss"
if diff -r -q "$work/one" "$work/joined" >"$work/diff" 2>&1; then same="identical"; else same="DIFFERENT ($(wc -l <"$work/diff") entries)"; fi

python3 - "$shards" "$one_wall" "$one_rss" "$worst_wall" "$worst_rss" "$sum" "$join_rss" "$same" <<'PY'
import sys
n, one_wall, one_rss, worst_wall, worst_rss, total, join_rss, same = sys.argv[1:]
n, one_wall, one_rss, worst_wall, worst_rss, total, join_rss = int(n), float(one_wall), int(one_rss), float(worst_wall), int(worst_rss), float(total), int(join_rss)
rows = [
    ("largest shard peak", f"{worst_rss} MB", f"<= {one_rss / n + 200:.0f} MB (1/{n} + 200)", worst_rss <= one_rss / n + 200),
    ("slowest shard", f"{worst_wall:.1f} s", f"<= {one_wall / n + 15:.1f} s (1/{n} + 15)", worst_wall <= one_wall / n + 15),
    ("all shards", f"{total:.1f} s", f"<= {1.5 * one_wall:.1f} s (1.5x)", total <= 1.5 * one_wall),
    ("join peak", f"{join_rss} MB", "<= 500 MB", join_rss <= 500),
]
print()
print(f"{'target':<20} {'measured':>10}  {'bound':<26} holds")
for name, measured, bound, holds in rows:
    print(f"{name:<20} {measured:>10}  {bound:<26} {'yes' if holds else 'NO'}")
print(f"joined site vs one-machine site: {same}")
PY
