#!/usr/bin/env bash
# Search index benchmark (issue 29): builds INPUT twice with the release program, without and
# with --search, and reports both builds' wall time and peak memory, the index's build time
# (the difference), size and file count, and the bytes a search downloads (search_query.py,
# headless Chromium against the site served on 127.0.0.1).
#
#   bash Benchmarks/search.sh Benchmarks/.data/heavy-slack-1000000-v1 [WORD] [ENGINE]
#
# ENGINE is pagefind (the default) or builtin (--search-engine builtin): then the index is
# search/, index.json's size is reported too, and the bytes one search downloads are measured
# for WORD and for a rare word (one of the fewest messages, found in the shards) by
# search_builtin_query.py, each in a fresh browser.
# Needs Pagefind (pagefind[bin]==1.5.2) for pagefind, chromium, chromedriver, selenium and /usr/bin/time.
set -euo pipefail
cd "$(dirname "$0")/.."
input=$1
word=${2:-release}
engine=${3:-pagefind}
binary=${REACTION_REPORT:-.build/release/reaction-report}
[ -n "${REACTION_REPORT:-}" ] || swift build -c release --static-swift-stdlib >/dev/null
out=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$out"' EXIT
run() {  # run FOLDER ARGS...: wall seconds and peak MB of a build into $out/FOLDER
  local folder=$1 log
  shift
  sync
  log=$(mktemp)
  /usr/bin/time -v "$binary" build "$input" -o "$out/$folder" --quiet --include-direct-messages "$@" 2>"$log" >/dev/null
  grep "Elapsed (wall clock)" "$log" | awk '{print $NF}' | awk -F: '{ if (NF == 3) print $1*3600+$2*60+$3; else print $1*60+$2 }' | tr '\n' ' '
  grep "Maximum resident set size" "$log" | awk '{print int($NF/1024)}'
  rm -f "$log"
}
read -r plain_s plain_mb < <(run plain)
echo "without search: ${plain_s} s, peak ${plain_mb} MB, $(find "$out/plain" -type f | wc -l) files, $(du -sb "$out/plain" | cut -f1) bytes"
rm -rf "${out:?}/plain"
read -r search_s search_mb < <(run search --search --search-engine "$engine")
echo "with search:    ${search_s} s, peak ${search_mb} MB (the build's), $(find "$out/search" -type f | wc -l) files, $(du -sb "$out/search" | cut -f1) bytes"
if [ "$engine" = builtin ]; then
  index=$out/search/search
  echo "index: $(python3 -c "print(round($search_s - $plain_s, 1))") s, $(du -sb "$index" | cut -f1) bytes, $(find "$index" -type f | wc -l) files" \
    "($(find "$index/words" -type f | wc -l) word shards, $(find "$index/filters" -type f | wc -l) filter files, $(find "$index/docs" -type f | wc -l) document chunks)," \
    "index.json $(stat -c %s "$index/index.json") bytes, filters.json $(stat -c %s "$index/filters.json") bytes"
  # A rare word: the first (in word order) of those in the fewest messages, at least 4 letters.
  rare=$(python3 - "$index/words" <<'PY'
import os, sys
best = None
for name in sorted(os.listdir(sys.argv[1]), key=lambda n: int(n.split(".")[0])):
    data, at = open(os.path.join(sys.argv[1], name), "rb").read(), 0
    def varint():
        global at
        value, shift = 0, 0
        while True:
            byte = data[at]; at += 1
            value |= (byte & 0x7F) << shift
            if byte < 0x80: return value
            shift += 7
    while at < len(data):
        length = varint(); word = data[at:at + length].decode(); at += length
        count = varint()
        for _ in range(count): varint()
        if len(word) >= 4 and word.isalpha() and (best is None or count < best[0]): best = (count, word)
print(best[1])
PY
)
  python3 -m http.server --bind 127.0.0.1 --directory "$out/search" 0 >"$out/server.log" 2>&1 &
  server=$!
  for _ in $(seq 100); do
    port=$(sed -n 's/.*port \([0-9][0-9]*\).*/\1/p' "$out/server.log" | head -1)
    [ -n "$port" ] && break
    sleep 0.1
  done
  for query in "$word" "$rare"; do python3 Benchmarks/search_builtin_query.py "http://127.0.0.1:$port/" "$query"; done
  exit 0
fi
echo "index: $(python3 -c "print(round($search_s - $plain_s, 1))") s, $(du -sb "$out/search/pagefind" | cut -f1) bytes, $(find "$out/search/pagefind" -type f | wc -l) files ($(find "$out/search/pagefind/fragment" -type f | wc -l) fragments)"
python3 -m http.server --bind 127.0.0.1 --directory "$out/search" 0 >"$out/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do
  port=$(sed -n 's/.*port \([0-9][0-9]*\).*/\1/p' "$out/server.log" | head -1)
  [ -n "$port" ] && break
  sleep 0.1
done
python3 Benchmarks/search_query.py "http://127.0.0.1:$port/" "$word"
# What the browser fetched from pagefind/ (its worker's requests too), as the server logged it.
python3 - "$out/server.log" "$out/search" <<'PY'
import os, re, sys
paths = [m.group(1) for m in re.finditer(r'"GET (/pagefind/[^ ?]*)', open(sys.argv[1]).read())]
sizes = {path: os.path.getsize(sys.argv[2] + path) for path in paths}
kinds = {}
for path, size in sizes.items():
    kind = path.split("/")[2] if path.count("/") > 2 else "scripts, wasm, meta"
    count, total = kinds.get(kind, (0, 0))
    kinds[kind] = (count + 1, total + size)
print(f"a search downloaded {sum(sizes.values())} bytes in {len(sizes)} files: "
      + ", ".join(f"{kind} {count} ({total} bytes)" for kind, (count, total) in sorted(kinds.items())))
PY
