#!/usr/bin/env bash
# Two builds of reaction-report against each other on the zipped 1,000,000-message Slack export
# (issue 15): the export of Benchmarks/run.sh (`exportgen large`, seed 1, 267 MB in 320 day
# files, kept in Benchmarks/.data) zipped with Info-ZIP's `zip -qr` (deflate, level 6), then a
# full `build` of the zip with each binary in turn, PAIRS times (A, B, A, B, …; a shared machine
# drifts, so each pair is compared in the same minute), with /usr/bin/time -v.
#
#   bash Benchmarks/zipped.sh A-BINARY B-BINARY [PAIRS]     # PAIRS defaults to 5
#
# Prints every run (wall seconds, peak RSS in MB) and the medians. Needs python3, zip and
# /usr/bin/time (Debian packages `zip` and `time`).
set -euo pipefail
cd "$(dirname "$0")/.."
a=$(realpath "$1") b=$(realpath "$2") pairs=${3:-5}
data=Benchmarks/.data
export_dir="$data/slack-1000000-v2"
archive="$data/slack-1000000-v2.zip"
mkdir -p "$data"
command -v zip >/dev/null || { apt-get update -qq && apt-get install -y -qq zip >/dev/null; }
command -v /usr/bin/time >/dev/null || { apt-get update -qq && apt-get install -y -qq time >/dev/null; }
[ -d "$export_dir" ] || PYTHONPATH=Tests/generators python3 -m exportgen large --platform slack --messages 1000000 --seed 1 --out "$export_dir"
[ -f "$archive" ] || (cd "$export_dir" && zip -qr "../$(basename "$archive")" .)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

run() {  # run NAME BINARY: prints wall seconds, CPU seconds (user + system) and peak RSS in MB of a full build of the archive
  sync
  /usr/bin/time -v "$2" build "$archive" -o "$out/$1" --quiet --include-direct-messages 2> "$out/$1.time" >/dev/null
  rm -rf "${out:?}/$1"
  local wall cpu rss
  wall=$(grep "Elapsed (wall clock)" "$out/$1.time" | awk '{print $NF}' | awk -F: '{ if (NF == 3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
  cpu=$(grep -E "(User|System) time" "$out/$1.time" | awk '{s += $NF} END {printf "%.2f", s}')
  rss=$(grep "Maximum resident set size" "$out/$1.time" | awk '{print int($NF/1024)}')
  echo "$wall $cpu $rss"
}

walls_a=() walls_b=() cpus_a=() cpus_b=() rss_a=() rss_b=()
for pair in $(seq 1 "$pairs"); do
  read -r wa ca ra < <(run a "$a")
  read -r wb cb rb < <(run b "$b")
  echo "pair $pair: A $wa s (CPU $ca s) $ra MB, B $wb s (CPU $cb s) $rb MB"
  walls_a+=("$wa") walls_b+=("$wb") cpus_a+=("$ca") cpus_b+=("$cb") rss_a+=("$ra") rss_b+=("$rb")
done
python3 - "${walls_a[*]}" "${walls_b[*]}" "${cpus_a[*]}" "${cpus_b[*]}" "${rss_a[*]}" "${rss_b[*]}" <<'PY'
import statistics, sys
wa, wb, ca, cb, ra, rb = ([float(x) for x in arg.split()] for arg in sys.argv[1:7])
def line(name, w, c, r):
    return (f"{name}: wall median {statistics.median(w):.2f} s ({min(w):.2f}-{max(w):.2f}), "
            f"CPU median {statistics.median(c):.2f} s ({min(c):.2f}-{max(c):.2f}), "
            f"peak median {statistics.median(r):.0f} MB ({min(r):.0f}-{max(r):.0f})")
print(line("A", wa, ca, ra))
print(line("B", wb, cb, rb))
for what, x, y in (("wall", wa, wb), ("CPU", ca, cb)):
    diffs = [b - a for a, b in zip(x, y)]
    print(f"B - A {what} per pair: {' '.join(f'{d:+.2f}' for d in diffs)} s (median {statistics.median(diffs):+.2f} s)")
PY
