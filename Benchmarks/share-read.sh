#!/usr/bin/env bash
# What a shard that reads only its share would cost (issue 32), measured before it is built:
# for each K of SHARDS (default 8), a folder holding the Slack export's metadata files and only
# the day files of shard K (`Benchmarks/share_tree.py`: the plan from the listing, weighed by
# bytes; hard links, so kept beside the data) is built with `--format facts`, and the shard as
# built today (`--shard K/N --format facts`, reading the whole export) beside it, in the same
# run. The export is `distributed.sh`'s (a third of the messages in #general). Prints each
# row's wall time and peak memory (release build, /usr/bin/time -v) and issue 32's shard targets
# against both. The share's facts are not the shard's (the plans differ, and the input-wide
# values are the share's own): this measures the cost, not the output.
#
#   bash Benchmarks/share-read.sh                    # 1,000,000 messages
#   SHARDS=4 MESSAGES=100000 bash Benchmarks/share-read.sh
#
# Needs python3 and /usr/bin/time (Debian package `time`).
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/timed-build.sh
release_build
messages=${MESSAGES:-1000000}
shards=${SHARDS:-8}
input=$(heavy_export slack-general "$messages")
# Hard links need the data's file system; the builds' output goes to the temporary folder.
shares=$(mktemp -d "$(dirname "$input")/shares.XXXXXX")
work=$(mktemp -d "${TMPDIR:-/tmp}/share-read.XXXXXX")
trap 'rm -rf "$shares" "$work"' EXIT

printf '%-12s %10s %8s %8s %10s %8s\n' step share_MB wall_s peak_MB today_s today_MB
read -r one_wall one_rss < <(timed_build "$binary" "$input" "$work/one")
rm -rf "${work:?}/one"
printf '%-12s %10s %8s %8s\n' one-machine "$(du -sbL "$input" | awk '{printf "%.0f", $1/1000000}')" "$one_wall" "$one_rss"
rows=()
for k in $(seq 1 "$shards"); do
  bytes=$(python3 Benchmarks/share_tree.py "$input" "$k" "$shards" "$shares/s$k")
  read -r wall rss < <(timed_build "$binary" "$shares/s$k" "$work/share" --format facts)
  read -r today_wall today_rss < <(timed_build "$binary" "$input" "$work/today" --shard "$k/$shards" --format facts)
  rm -rf "${work:?}/share" "${work:?}/today" "${shares:?}/s$k"
  printf '%-12s %10s %8s %8s %10s %8s\n' "shard $k/$shards" "$((bytes / 1000000))" "$wall" "$rss" "$today_wall" "$today_rss"
  rows+=("$wall,$rss,$today_wall,$today_rss")
done

python3 - "$shards" "$one_wall" "$one_rss" "${rows[@]}" <<'PY'
import sys
n, one_wall, one_rss = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
rows = [tuple(float(x) for x in row.split(",")) for row in sys.argv[4:]]
print()
print(f"{'target':<20} {'share read':>13} {'today':>13}  bound")
for name, pick, bound, unit in [
    ("largest shard peak", lambda r: (max(x[1] for x in r), max(x[3] for x in r)), one_rss / n + 200, "MB"),
    ("slowest shard", lambda r: (max(x[0] for x in r), max(x[2] for x in r)), one_wall / n + 15, "s"),
    ("all shards", lambda r: (sum(x[0] for x in r), sum(x[2] for x in r)), 1.5 * one_wall, "s"),
]:
    share, today = pick(rows)
    mark = lambda v: f"{v:.1f} {unit}" + ("" if v <= bound else " NO")
    print(f"{name:<20} {mark(share):>13} {mark(today):>13}  <= {bound:.1f} {unit}")
PY
