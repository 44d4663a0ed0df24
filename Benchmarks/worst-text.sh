#!/usr/bin/env bash
# What rendering the worst texts costs (issue 26): for every platform and every pattern of
# Benchmarks/worst_text.py, a build of one message of SIZE bytes (4 MiB by default), its peak
# memory above the same platform's build of a one-word message, per byte of the text. Exits 1
# when any is above LIMIT bytes a byte (20 by default). Then one large export: MESSAGES messages
# of the worst pattern (64 × 4 MiB, 256 MiB by default), its peak and the same ratio.
#
#   bash Benchmarks/worst-text.sh                      # release build, 4 MiB, limit 20
#   SIZE=1048576 LIMIT=20 bash Benchmarks/worst-text.sh
set -euo pipefail
cd "$(dirname "$0")/.."
size=${SIZE:-4194304}
limit=${LIMIT:-20}
messages=${MESSAGES:-64}
binary=${REACTION_REPORT:-.build/release/reaction-report}
[ -x "$binary" ] || swift build -c release --static-swift-stdlib >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

peak() { # peak resident kilobytes of a build of $1
  rm -rf "$work/out"
  /usr/bin/time -f "%M" "$binary" build "$work/in/$1" -o "$work/out" --quiet 2>"$work/time" >/dev/null || { cat "$work/time" >&2; exit 2; }
  tail -1 "$work/time"
}

python3 Benchmarks/worst_text.py "$work/in" "$size" >"$work/names"
printf '%-22s %10s %10s %10s\n' "export" "peak MB" "above MB" "B/byte"
worst=0
declare -A baseline
while read -r name; do
  platform=${name%%-*}
  kb=$(peak "$name")
  if [ "${name#*-}" = baseline ]; then
    baseline[$platform]=$kb
    printf '%-22s %10.1f\n' "$name" "$(awk "BEGIN { print $kb / 1024 }")"
    continue
  fi
  above=$((kb - ${baseline[$platform]}))
  ratio=$(awk "BEGIN { print $above * 1024 / $size }")
  printf '%-22s %10.1f %10.1f %10.2f\n' "$name" "$(awk "BEGIN { print $kb / 1024 }")" "$(awk "BEGIN { print $above / 1024 }")" "$ratio"
  worst=$(awk "BEGIN { print ($ratio > $worst) ? $ratio : $worst }")
done <"$work/names"
printf 'worst: %.2f bytes a byte (limit %s)\n' "$worst" "$limit"

rm -rf "$work/in"
python3 Benchmarks/worst_text.py "$work/in" "$size" --messages "$messages" >/dev/null
for name in slack-lt slack-brackets discord-emphasis; do
  kb=$(peak "$name")
  input=$((size * messages))
  printf '%s × %s: peak %.1f MB for %.1f MB of text: %.2f bytes a byte\n' "$messages" "$name" "$(awk "BEGIN { print $kb / 1024 }")" \
    "$(awk "BEGIN { print $input / 1048576 }")" "$(awk "BEGIN { print $kb * 1024 / $input }")"
done
awk "BEGIN { exit !($worst <= $limit) }"
