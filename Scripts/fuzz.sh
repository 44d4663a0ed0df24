#!/usr/bin/env bash
# Fuzzes, with libFuzzer (target: Sources/reaction-report-fuzz), four kinds of input, picked by
# the first byte: exports (format detection, the zip reader, every importer, the ledger and the
# site renderer), configuration files (0x01), command-line flags over a configuration (0x02) and
# templates folders (0x03), each of the last three built or rendered against a small site. The
# seed corpus is every JSON, JSON-lines and zip fixture and example, the seeds of the other kinds
# in Tests/fuzz-seeds, and every built-in template; inputs the fuzzer finds are kept in
# .fuzz/corpus, findings in .fuzz/findings/<run>.
#
#   bash Scripts/fuzz.sh            # 60 seconds
#   SECONDS_TO_RUN=3600 FUZZ_ARGS="-fork=1 -ignore_crashes=1" bash Scripts/fuzz.sh   # go on after a crash
#   RUNS=20000 SEED=1 bash Scripts/fuzz.sh   # a reproducible run: what `make test` and CI run
#
# With RUNS, the run is the same on every machine: a fixed number of inputs from a fixed seed,
# starting from the seeds alone (a fresh corpus, not .fuzz/corpus), so that a finding in CI is
# found again here by the same command, and a run that passes here passes there. It stops
# early only at the time cap (SECONDS_TO_RUN, 900 s by default with RUNS).
#
# A finding is replayed with a normal build: swift run reaction-report-fuzz .fuzz/findings/<run>/<file>
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${RUNS:-}" ]; then
  duration=${SECONDS_TO_RUN:-900}
else
  duration=${SECONDS_TO_RUN:-60}
fi
build=.build/fuzz
# lld links it (gold stops with an internal error on the sanitizer runtime).
swift build -c release --build-path "$build" --product reaction-report-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld >/dev/null
run=$(date +%Y%m%d-%H%M%S)
findings=.fuzz/findings/$run
mkdir -p .fuzz/corpus "$findings"
# Swift's own crash backtracer waits on the sanitizer; libFuzzer reports the crash itself.
export SWIFT_BACKTRACE=enable=no
# AddressSanitizer keeps freed memory out of use for a while to catch use after free; its
# default of 256 MB, on top of inputs that legitimately build thousands of week pages (two
# messages two centuries apart), made the resident set of one process pass the 2 GB limit.
export ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=64}
seeds=$(mktemp -d)
# The target writes its small site, zip inputs and templates folders under TMPDIR.
scratch=$(mktemp -d)
export TMPDIR=$scratch
corpus=.fuzz/corpus
runs=()
if [ -n "${RUNS:-}" ]; then
  corpus=$(mktemp -d)
  runs=(-runs="$RUNS" -seed="${SEED:-1}")
  # Swift seeds its hashing at random in every process, which changes the order of dictionary
  # walks, hence the coverage the fuzzer sees and the inputs it keeps.
  export SWIFT_DETERMINISTIC_HASHING=1
fi
trap 'rm -rf "$seeds" "$scratch"; [ "$corpus" = .fuzz/corpus ] || rm -rf "$corpus"' EXIT
n=0
while IFS= read -r -d '' file; do
  n=$((n + 1))
  cp "$file" "$seeds/seed-$n"
done < <(find Tests/ReactionReportKitTests/Fixtures Examples -type f \( -name '*.json' -o -name '*.jsonl' -o -name '*.zip' \) -size -64k -print0 | LC_ALL=C sort -z)
# The other kinds: the kind's byte, then the seed's text.
for kind in configuration:'\x01' flags:'\x02' templates:'\x03'; do
  for file in Tests/fuzz-seeds/"${kind%%:*}"/*; do
    n=$((n + 1))
    { printf "${kind#*:}"; cat "$file"; } > "$seeds/seed-$n"
  done
done
while IFS= read -r -d '' file; do
  n=$((n + 1))
  name=${file#Templates/}
  { printf '\x03@@ %s\n' "${name%.mustache}"; cat "$file"; } > "$seeds/seed-$n"
done < <(find Templates -type f -name '*.mustache' -print0 | LC_ALL=C sort -z)
# The inputs the fuzzer once crashed on, so that every run replays them under the sanitizer
# (`make test` replays them in the debug build too, where a leak does not show).
for file in Tests/fuzz-findings/*; do
  [ "$file" = Tests/fuzz-findings/README.md ] && continue
  n=$((n + 1))
  cp "$file" "$seeds/seed-$n"
done
"$build/release/reaction-report-fuzz" "$corpus" "$seeds" \
  -dict=Scripts/fuzz.dict -max_len=16384 -timeout=60 -rss_limit_mb=2048 "${runs[@]}" \
  -max_total_time="$duration" -print_final_stats=1 ${FUZZ_ARGS:-} -artifact_prefix="$findings/" > "$findings/fuzz.log" 2>&1 || true
grep -E '^(#[0-9]+ +(INITED|DONE)|#[0-9]+: cov|stat::|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written|Done|INFO: fuzzed)' "$findings/fuzz.log" || true
# Crashes, leaks, timeouts (60 s) and memory blow-ups fail; slow units (over 10 s under the
# sanitizer) are kept but do not. (A report of more than ten years of weeks, which a date
# decades away makes, is not rendered by the target: FuzzTarget.weekLimit.)
if ls "$findings" | grep -qE '^(crash|leak|timeout|oom)-'; then
  echo "fuzzing found a crash: see $findings/" >&2
  exit 1
fi
# A fuzzer that stopped before fuzzing (a dictionary it cannot read, a seed that does not load)
# found nothing either: its log says why.
if ! grep -qE '^(Done [0-9]+ runs|INFO: exiting: 0 )' "$findings/fuzz.log"; then
  echo "the fuzzer did not run to its end: see $findings/fuzz.log" >&2
  exit 1
fi
if [ -n "${RUNS:-}" ]; then
  echo "fuzzing: no crash in $RUNS runs from seed ${SEED:-1}"
else
  echo "fuzzing: no crash in ${duration} s"
fi
