#!/usr/bin/env bash
# Speed and memory benchmark (issue 5). For each platform: generate a large seeded export
# (`exportgen large`, Tests/generators/exportgen; kept under Benchmarks/.data), time a full
# `reaction-report build` of it (release build, every page, Markdown and data file) with
# /usr/bin/time -v, and compare with the time orjson needs only to parse the same files,
# measured in the same run, and the site's size and file count. `write_s` is the time merely to write the
# build's output files again from memory (Benchmarks/write_floor.py), right after the build: how
# much writing that much costs the kernel here when it takes fresh pages (it costs far less when
# it can reuse pages it has touched; RESULTS.md). Then, on a 20,000-message Slack export, compare with
# `slack-export-viewer --html-only` (PyPI slack-export-viewer 3.5.0), five runs each.
#
#   bash Benchmarks/run.sh                       # 1,000,000 messages: slack, pubnub, telegram
#   MESSAGES=100000 PLATFORMS=slack bash Benchmarks/run.sh
#   TEN_MILLION=1 bash Benchmarks/run.sh         # and the 10,000,000-message Slack, PubNub and Telegram exports
#
# Needs python3 with pip (installs orjson and slack-export-viewer when missing) and
# /usr/bin/time (Debian package `time`).
set -euo pipefail
cd "$(dirname "$0")/.."
messages=${MESSAGES:-1000000}
platforms=${PLATFORMS:-slack pubnub telegram}
data=Benchmarks/.data
mkdir -p "$data"
command -v /usr/bin/time >/dev/null || { apt-get update -qq && apt-get install -y -qq time >/dev/null; }
python3 -c "import orjson" 2>/dev/null || pip install -q orjson
swift build -c release --static-swift-stdlib >/dev/null
binary=.build/release/reaction-report
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

source Benchmarks/timed-build.sh
measure() {  # measure NAME INPUT: wall seconds and peak RSS in MB of a full build (kept in $out/NAME)
  timed_build "$binary" "$2" "$out/$1"
}

printf '%-9s %12s %10s %10s %10s %8s %10s %10s %8s %8s\n' platform messages input_MB build_s orjson_s ratio peak_MB output_MB files write_s
for platform in $platforms; do
  # The suffix names the generator's shape (v2: 320 Slack day files, as issue 5 asks), so that
  # exports made by an earlier generator are not reused.
  input="$data/$platform-$messages-v2"
  if [ ! -d "$input" ]; then
    PYTHONPATH=Tests/generators python3 -m exportgen large --platform "$platform" --messages "$messages" --seed 1 --out "$input"
  fi
  size=$(du -sbL "$input" | awk '{printf "%.0f", $1/1000000}')
  sync
  parse=$(python3 Benchmarks/orjson_parse.py "$input")
  read -r wall rss < <(measure "$platform" "$input")
  output=$(du -sb "$out/$platform" | awk '{printf "%.0f", $1/1000000}')
  files=$(find "$out/$platform" -type f | wc -l)
  floor=$(python3 Benchmarks/write_floor.py "$out/$platform")
  rm -rf "${out:?}/$platform"
  ratio=$(python3 -c "print(f'{$wall / $parse:.1f}')")
  printf '%-9s %12s %10s %10s %10s %8s %10s %10s %8s %8s\n' "$platform" "$messages" "$size" "$wall" "$parse" "$ratio" "$rss" "$output" "$files" "$floor"
done

# Issue 18's targets: peak memory of the 1M builds, and with TEN_MILLION=1 the 10,000,000-message
# Slack export (3,200 day files, the issue 5 shape ten times over; about 2.5 GB, generated once
# into Benchmarks/.data, or taken from TEN_MILLION_INPUT) against the 1M Slack build, then the
# 10,000,000-message single-file exports of TEN_MILLION_PLATFORMS other than Slack (default
# pubnub telegram: one 2.1 GB history.json, one 3.75 GB result.json), whose peak memory has the
# same bound.
if [ -n "${TEN_MILLION:-}" ]; then
  big=${TEN_MILLION_INPUT:-$data/slack-10000000-v2}
  [ -d "$big" ] || PYTHONPATH=Tests/generators python3 -m exportgen large --platform slack --messages 10000000 --seed 1 --out "$big"
  # The 1M build is timed three times, around the 10M one, and the ratio taken to its median:
  # a single 8-second run on this shared machine moves by a fifth, the 90-second one far less.
  small=()
  for run in 1 2 3; do
    read -r wall rss < <(measure slack-1m "$data/slack-1000000-v2")
    rm -rf "${out:?}/slack-1m"
    small+=("$wall" "$rss")
    if [ "$run" = 2 ]; then
      read -r big_wall big_rss < <(measure slack-10m "$big")
      rm -rf "${out:?}/slack-10m"
    fi
  done
  python3 - "$big_wall" "$big_rss" "${small[@]}" <<'PY'
import statistics, sys
bw, br, *small = (float(x) for x in sys.argv[1:])
walls, rsses = small[0::2], small[1::2]
sw = statistics.median(walls)
print(f"slack 1M: {' '.join(f'{w:.1f}' for w in walls)} s (median {sw:.1f}), peak {max(rsses):.0f} MB (target 700 MB); "
      f"slack 10M: {bw:.1f} s, {br:.0f} MB (target 4,000 MB); 10M / 1M time: {bw / sw:.1f}x (target 11x)")
PY
  for platform in ${TEN_MILLION_PLATFORMS:-pubnub telegram}; do
    input="$data/$platform-10000000-v2"
    [ -d "$input" ] || PYTHONPATH=Tests/generators python3 -m exportgen large --platform "$platform" --messages 10000000 --seed 1 --out "$input"
    read -r wall rss < <(measure "$platform-10m" "$input")
    rm -rf "${out:?}/$platform-10m"
    echo "$platform 10M: $wall s, $rss MB (target 4,000 MB)"
  done
fi

# Against slack-export-viewer on 20,000 messages: five runs of each, alternating, each into a
# fresh folder; the ratio is of the medians (single runs on a shared machine move by a quarter).
command -v slack-export-viewer >/dev/null || pip install -q slack-export-viewer==3.5.0
small="$data/slack-20000-v2"
[ -d "$small" ] || PYTHONPATH=Tests/generators python3 -m exportgen large --platform slack --messages 20000 --seed 1 --out "$small"
ours_runs=() theirs_runs=()
for run in 1 2 3 4 5; do
  read -r ours _ < <(measure "slack-small-$run" "$small")
  rm -rf "${out:?}/slack-small-$run"
  sync
  start=$(date +%s.%N)
  slack-export-viewer -z "$small" --html-only -o "$out/sev-$run" --no-browser >/dev/null 2>&1
  theirs=$(python3 -c "import time; print(f'{time.time() - $start:.2f}')")
  rm -rf "${out:?}/sev-$run"
  ours_runs+=("$ours") theirs_runs+=("$theirs")
done
python3 - "${ours_runs[*]}" "${theirs_runs[*]}" <<'PY'
import statistics, sys
ours = [float(x) for x in sys.argv[1].split()]
theirs = [float(x) for x in sys.argv[2].split()]
a, b = statistics.median(ours), statistics.median(theirs)
print(f"slack 20000: reaction-report {' '.join(f'{x:.2f}' for x in ours)} s (median {a:.2f}), "
      f"slack-export-viewer --html-only {' '.join(f'{x:.2f}' for x in theirs)} s (median {b:.2f}), {b / a:.1f}x faster")
PY
