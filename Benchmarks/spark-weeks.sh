#!/usr/bin/env bash
# Spark check of sql/weeks.spark.sql (issue 18), too slow for make test: runs it in Spark's
# local mode (sql/run_spark.py) on a build's facts tables and compares the weeks.json it writes
# with the build's data/weeks.json byte for byte; runs the DuckDB query (sql/weeks.py) on the
# same facts too, and prints both times.
#
#   bash Benchmarks/spark-weeks.sh OUT     # a build made with --format …,facts
#   bash Benchmarks/spark-weeks.sh         # builds a generated export first
#
# OUT is a build's output folder (OUT/data/facts, OUT/data/weeks.json). Without OUT, a generated export (PLATFORM, default discord; MESSAGES, default
# 3000; seed 7) is built with its settings in TIMEZONE (default Europe/Berlin) with
# REACTION_REPORT (default .build/debug/reaction-report).
# Installs PyPI pyspark and duckdb, and Debian's default-jre-headless, when missing (Spark 4
# needs Java 17 or later).
set -euo pipefail
cd "$(dirname "$0")/.."
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)

pip_install() {
  python3 -m pip install --quiet "$@" 2>/dev/null || python3 -m pip install --quiet --break-system-packages "$@"
}
python3 -c 'import pyspark' 2>/dev/null || { echo "Installing pyspark…"; pip_install pyspark; }
python3 -c 'import duckdb' 2>/dev/null || { echo "Installing duckdb…"; pip_install duckdb; }
command -v java >/dev/null || {
  echo "Installing default-jre-headless…"
  $SUDO apt-get update && $SUDO apt-get install -y default-jre-headless
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ $# -ge 1 ]; then
  out=$1
else
  platform=${PLATFORM:-discord}
  zone=${TIMEZONE:-Europe/Berlin}
  PYTHONPATH=Tests/generators${PYTHONPATH:+:$PYTHONPATH} \
    python3 -m exportgen truth --platform "$platform" --messages "${MESSAGES:-3000}" --seed 7 --out "$work/export" >/dev/null
  out=$work/out
  "${REACTION_REPORT:-.build/debug/reaction-report}" build "$work/export/input" -o "$out" --quiet \
    --include-direct-messages --timezone "$zone" --format json,facts --config "$work/export/reaction-report.toml"
  echo "built a generated $platform export in $zone"
fi

status=0
for engine in duckdb spark; do
  script=sql/weeks.py
  [ "$engine" = duckdb ] || script=sql/run_spark.py
  started=$(date +%s.%N)
  if ! python3 "$script" "$out/data/facts" -o "$work/$engine.json" 2>"$work/$engine.log"; then
    echo "$engine: $script failed"; tail -20 "$work/$engine.log"; status=1; continue
  fi
  seconds=$(echo "$(date +%s.%N) - $started" | bc)
  if difference=$(python3 Tests/sql/first_difference.py "$work/$engine.json" "$out/data/weeks.json"); then
    printf '%s: identical to data/weeks.json (%.1f s)\n' "$engine" "$seconds"
  else
    printf '%s: differs (%.1f s): %s\n' "$engine" "$seconds" "$difference"; status=1
  fi
done
exit $status
