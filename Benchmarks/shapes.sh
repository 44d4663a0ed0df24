#!/usr/bin/env bash
# Memory on every input shape (issue 31). For each shape: generate a reactor-heavy export of
# MESSAGES messages (`exportgen heavy`, Tests/generators/exportgen/heavy.py: about 6 reactions a
# message, every reactor listed, lists up to 120; kept under Benchmarks/.data), time a full
# `reaction-report build` of it (release build) with /usr/bin/time -v, and the time orjson needs
# only to parse the same files, in the same run. One row per shape: wall, peak, orjson, ratio.
#
#   bash Benchmarks/shapes.sh                         # 1,000,000 messages, every shape
#   SHAPES="matrix pubnub-events" bash Benchmarks/shapes.sh
#   MESSAGES=100000 bash Benchmarks/shapes.sh
#   TEN_MILLION=1 bash Benchmarks/shapes.sh           # then 10,000,000 of TEN_MILLION_SHAPES
#                                                     # (default: slack pubnub-events), and
#                                                     # each one's time against its 1M build's
#   KEEP=DIR bash Benchmarks/shapes.sh                # keeps each build's output in DIR/<shape>
#                                                     # (for diff -r between two versions)
# Needs python3 (installs orjson when missing) and /usr/bin/time (Debian package `time`).
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/timed-build.sh
release_build
messages=${MESSAGES:-1000000}
shapes=${SHAPES:-slack discord stream telegram matrix pubnub-history pubnub-events pubnub-list cometchat}
python3 -c "import orjson" 2>/dev/null || pip install -q orjson
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

row() {  # row SHAPE COUNT: generates (once) and measures one shape
  local input
  input=$(heavy_export "$1" "$2")
  local size parse wall rss
  size=$(du -sbL "$input" | awk '{printf "%.0f", $1/1000000}')
  sync
  parse=$(python3 Benchmarks/orjson_parse.py "$input")
  read -r wall rss < <(timed_build "$binary" "$input" "$out/$1")
  if [ -n "${KEEP:-}" ]; then
    rm -rf "${KEEP:?}/$1-$2" && mkdir -p "$KEEP" && mv "$out/$1" "$KEEP/$1-$2"
  else
    rm -rf "${out:?}/$1"
  fi
  printf '%-15s %10s %9s %8s %9s %9s %6s\n' "$1" "$2" "$size" "$wall" "$rss" "$parse" \
    "$(python3 -c "print(f'{$wall / $parse:.1f}')")"
  row_wall=$wall
}

printf '%-15s %10s %9s %8s %9s %9s %6s\n' shape messages input_MB wall_s peak_MB orjson_s ratio
declare -A small_wall
for shape in $shapes; do
  row "$shape" "$messages"
  small_wall[$shape]=$row_wall
done
if [ -n "${TEN_MILLION:-}" ]; then
  # Each large build's time is set against its shape's build at MESSAGES, timed again just
  # before and just after it, the ratio taken to the median of the three: a single 35-second
  # run on this shared machine moves by a tenth and more from one to the next, the large one less.
  large=${TEN_MILLION_MESSAGES:-10000000}
  pairs=()
  for shape in ${TEN_MILLION_SHAPES:-slack pubnub-events}; do
    small=$(heavy_export "$shape" "$messages")
    read -r before _ < <(timed_build "$binary" "$small" "$out/around")
    rm -rf "${out:?}/around"
    row "$shape" "$large"
    big=$row_wall
    read -r after _ < <(timed_build "$binary" "$small" "$out/around")
    rm -rf "${out:?}/around"
    pairs+=("$shape" "$big" "${small_wall[$shape]:-}" "$before" "$after")
  done
  python3 - "$messages" "$large" "${pairs[@]}" <<'PY'
import statistics, sys
small, large, *pairs = sys.argv[1:]
for at in range(0, len(pairs), 5):
    shape, big, *walls = pairs[at:at + 5]
    walls = [float(w) for w in walls if w]
    median = statistics.median(walls)
    print(f"{shape} {large} against {small}: {float(big) / median:.2f}x the time "
          f"({big} s; at {small}: {', '.join(f'{w:.2f}' for w in walls)} s, median {median:.2f})")
PY
fi
