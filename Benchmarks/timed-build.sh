# Sourced by the benchmark scripts. timed_build BINARY INPUT FOLDER [ARGUMENT…]: a full build of
# INPUT into FOLDER (with the arguments given after, such as more inputs or `--shard 1/8`);
# prints its wall seconds and peak resident memory in MB. Every timed run starts with the
# page cache's dirty pages written out (`sync`), so that no run pays for writing back the output
# of the one before (a million-message build writes 1.4 GB). Needs /usr/bin/time.
timed_build() {
  sync
  local log
  log=$(mktemp)
  /usr/bin/time -v "$1" build "$2" -o "$3" --quiet --include-direct-messages "${@:4}" 2> "$log" >/dev/null
  local wall rss
  wall=$(grep "Elapsed (wall clock)" "$log" | awk '{print $NF}' | awk -F: '{ if (NF == 3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
  rss=$(grep "Maximum resident set size" "$log" | awk '{print int($NF/1024)}')
  rm -f "$log"
  echo "$wall $rss"
}

# heavy_export PLATFORM MESSAGES: the folder of the reactor-heavy export of PLATFORM's shape
# with MESSAGES messages (`exportgen heavy`, seed 1) under Benchmarks/.data, generated the first
# time it is asked for (into a `.partial` folder, renamed once whole). Prints its path.
heavy_export() {
  local input="Benchmarks/.data/heavy-$1-$2-v1"
  if [ ! -d "$input" ]; then
    mkdir -p Benchmarks/.data
    PYTHONPATH=Tests/generators python3 -m exportgen heavy --platform "$1" --messages "$2" --seed 1 --out "$input.partial" >&2
    mv "$input.partial" "$input"
  fi
  echo "$input"
}

# release_build: installs /usr/bin/time when missing, builds the release program as the
# benchmarks time it (the Swift runtime linked in) and sets `binary` to it.
release_build() {
  command -v /usr/bin/time >/dev/null || { apt-get update -qq && apt-get install -y -qq time >/dev/null; }
  swift build -c release --static-swift-stdlib >/dev/null
  binary=.build/release/reaction-report
}
