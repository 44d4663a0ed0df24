#!/usr/bin/env bash
# Shards at benchmark size (issue 18): the million-message Slack export built as SHARDS shards
# (default 4) with `--format facts`, one after the other, as the tasks of a job array would, and
# again as the tasks of a Spark job (Benchmarks/spark_pipe.py: RDD.pipe, local mode); the
# weekly figures computed from all the shards' facts by Spark (local mode) and by DuckDB and
# compared with a one-machine build's data/weeks.json; the site joined from the shards' facts
# (`build s1/data/facts … sN/data/facts`) compared with the one-machine site (`diff -r`). Prints
# each step's wall time and peak memory (/usr/bin/time -v's maximum resident set, or the
# process tree's PSS sampled, which counts Spark's JVM, when larger), then the sizes.
#
#   INPUT=/path/to/slack-1000000-v2 bash Benchmarks/spark-shards.sh
#
# INPUT: the export (default Benchmarks/.data/slack-1000000-v2, generated with `exportgen large`
# when missing); REACTION_REPORT: the program (default .build/release/reaction-report, build it
# with `swift build -c release --static-swift-stdlib`); SHARDS; SPARK_DRIVER_MEMORY (default
# 4g); KEEP=1 keeps the outputs (a million-message site is about 1.4 GB, and there are two).
# Needs PyPI pyspark and duckdb and Java 17+ (Benchmarks/spark-weeks.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
input=${INPUT:-Benchmarks/.data/slack-1000000-v2}
binary=${REACTION_REPORT:-.build/release/reaction-report}
shards=${SHARDS:-4}
options=(--quiet --include-direct-messages)
export PYSPARK_SUBMIT_ARGS="--driver-memory ${SPARK_DRIVER_MEMORY:-4g} pyspark-shell"

[ -x "$binary" ] || { echo "no $binary: swift build -c release --static-swift-stdlib" >&2; exit 1; }
[ -d "$input" ] || PYTHONPATH=Tests/generators python3 -m exportgen large --platform slack --messages 1000000 --seed 1 --out "$input"

work=$(mktemp -d "${TMPDIR:-/tmp}/spark-shards.XXXXXX")
[ "${KEEP:-0}" = 1 ] && echo "outputs in $work" || trap 'rm -rf "$work"' EXIT
steps=()
status=0

# tree_kb PID: the proportional set size (PSS: shared pages divided among the processes that
# share them, so forked Python workers are not counted twice) of the process and all its
# descendants, in KB.
tree_kb() {
  local pid total=0 pss
  for pid in $(ps -eo pid=,ppid= | awk -v root="$1" '
      { parent[$1] = $2 }
      END { for (pid in parent) for (p = pid; p != "" && p > 1; p = parent[p]) if (p == root) { print pid; break } }'); do
    pss=$(awk '/^Pss:/ { print $2 }' "/proc/$pid/smaps_rollup" 2>/dev/null || true)
    total=$((total + ${pss:-0}))
  done
  echo "$total"
}

# timed NAME COMMAND…: runs the command under /usr/bin/time -v (after `sync`, so that no step
# pays for writing back the one before) and records its wall seconds and peak MB: the larger of
# time's (the process and the children it waited for) and the process tree's PSS, sampled
# every half second (Spark's JVM is not waited for by the Python that starts it).
timed() {
  local name=$1
  shift
  sync
  /usr/bin/time -v "$@" 2>"$work/time.log" >"$work/step.log" &
  local pid=$! sampled=0 now
  while kill -0 "$pid" 2>/dev/null; do
    now=$(tree_kb "$pid")
    [ "$now" -le "$sampled" ] || sampled=$now
    sleep 0.5
  done
  if ! wait "$pid"; then
    echo "$name failed:"; tail -20 "$work/time.log"; exit 1
  fi
  local wall rss
  wall=$(grep "Elapsed (wall clock)" "$work/time.log" | awk '{print $NF}' | awk -F: '{ if (NF == 3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
  rss=$(grep "Maximum resident set size" "$work/time.log" | awk '{print $NF}')
  [ "$rss" -ge "$sampled" ] || rss=$sampled
  rss=$((rss / 1024))
  steps+=("$name|$wall|$rss")
  printf '%-34s %8.1f s %8d MB\n' "$name" "$wall" "$rss"
}

# same WHAT FILE: compares a weeks.json with the one-machine build's.
same() {
  if python3 Tests/sql/first_difference.py "$2" "$work/one/data/weeks.json" >"$work/difference"; then
    echo "$1: identical to the one-machine data/weeks.json"
  else
    echo "$1: differs: $(cat "$work/difference")"; status=1
  fi
}

echo "$(find "$input" -type f | wc -l) files, $(du -sh "$input" | cut -f1) of input; $shards shards; $(nproc) cores"
timed "one machine (html,markdown,json)" "$binary" build "$input" -o "$work/one" "${options[@]}"
facts=()
for k in $(seq 1 "$shards"); do
  timed "shard $k/$shards (facts)" "$binary" build "$input" -o "$work/shard-$k" "${options[@]}" --shard "$k/$shards" --format facts
  facts+=("$work/shard-$k/data/facts")
done
# The same shards as the tasks of a Spark job (RDD.pipe, one partition per shard), which must
# write the same facts.
timed "the shards as Spark tasks (RDD.pipe)" python3 Benchmarks/spark_pipe.py "$binary" "$input" "$work/pipe" "$shards" --include-direct-messages
for k in $(seq 1 "$shards"); do
  diff -r -q "$work/shard-$k" "$work/pipe/s$k" >/dev/null || { echo "shard $k/$shards built by Spark differs from the one built alone"; status=1; }
done
timed "DuckDB weeks.sql over the shards" python3 sql/weeks.py "${facts[@]}" -o "$work/duckdb.json"
timed "Spark weeks.spark.sql over the shards" python3 sql/run_spark.py "${facts[@]}" -o "$work/spark.json"
timed "joined build from the shards' facts" "$binary" build "${facts[@]}" -o "$work/joined" "${options[@]}"
timed "diff -r one joined" sh -c 'diff -r -q "$1" "$2" >"$3" || true' diff "$work/one" "$work/joined" "$work/site.diff"

same DuckDB "$work/duckdb.json"
same Spark "$work/spark.json"
if [ ! -s "$work/site.diff" ]; then
  echo "joined site: identical to the one-machine site ($(find "$work/one" -type f | wc -l) files)"
else
  echo "joined site: differs:"; head -20 "$work/site.diff"; status=1
fi

echo
echo "| step | wall s | peak MB |"
echo "|---|---:|---:|"
for step in "${steps[@]}"; do
  IFS='|' read -r name wall rss <<<"$step"
  echo "| $name | $wall | $rss |"
done
echo
for k in $(seq 1 "$shards"); do
  echo "shard $k/$shards: $(wc -l <"$work/shard-$k/data/facts/messages.jsonl") messages, $(wc -l <"$work/shard-$k/data/facts/conversations.jsonl") conversations, facts $(du -sh "$work/shard-$k/data/facts" | cut -f1)"
done
echo "one-machine site $(du -sh "$work/one" | cut -f1), joined site $(du -sh "$work/joined" | cut -f1)"
exit $status
