#!/bin/sh
# The task of a shard, for Spark's RDD.pipe (Benchmarks/spark_pipe.py) or any runner that hands
# out work as lines: reads `K/N` lines on standard input, builds each shard's facts
# (`--shard K/N --format facts`) from INPUT into OUT/sK with REACTION_REPORT, and prints the
# line once the shard is written. A shard that fails stops the task with its exit status.
# OPTIONS: more arguments for every build, split at spaces (the same for every shard).
set -eu
while read -r shard; do
  # shellcheck disable=SC2086
  "$REACTION_REPORT" build "$INPUT" -o "$OUT/s${shard%/*}" --shard "$shard" --format facts --quiet ${OPTIONS:-} >&2
  echo "$shard"
done
