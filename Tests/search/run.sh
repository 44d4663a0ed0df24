#!/usr/bin/env bash
# Search check (issue 29): builds a small Slack export (Tests/search/make_export.py) with
# --search, serves the site on 127.0.0.1, loads search.html in headless Chromium and checks that
# a word finds exactly its messages, each linking to its anchor, that each filter (conversation,
# author, emoji, week) narrows them exactly, and that hostile texts and names show as text. Then
# the same with the builtin index (--search-engine builtin, Tests/search/check_builtin.py):
# prefixes, the count, newest first, "More results", two values of one filter, and that the page
# fetches only the site's own files. Last, the token rule of search-index.js against the cases
# the Swift tests read (Tests/search/tokens.json, in Node).
# Needs Pagefind (make test installs it), chromium, chromedriver, selenium and node.
# REACTION_REPORT: the program (default .build/debug/reaction-report).
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=${REACTION_REPORT:-.build/debug/reaction-report}
work=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT

# Serves FOLDER with `reaction-report serve` on 127.0.0.1 at a free port; sets $server (its pid)
# and $port from the line it prints: "Serving DIR at http://127.0.0.1:PORT/ (Ctrl-C to stop)".
serve() {
  "$binary" serve -o "$1" --port 0 >"$work/server.log" 2>&1 &
  server=$!
  for _ in $(seq 100); do
    port=$(sed -n 's|.*http://127\.0\.0\.1:\([0-9][0-9]*\)/.*|\1|p' "$work/server.log" | head -1)
    [ -n "$port" ] && return 0
    sleep 0.1
  done
  echo "the server did not start: $(cat "$work/server.log")" >&2
  return 1
}

python3 Tests/search/make_export.py "$work/export"
"$binary" build "$work/export" -o "$work/site" --search --quiet
serve "$work/site"
python3 Tests/search/check_search.py "http://127.0.0.1:$port/"
kill "$server"
server=

"$binary" build "$work/export" -o "$work/builtin" --search --search-engine builtin --quiet
serve "$work/builtin"
python3 Tests/search/check_builtin.py "http://127.0.0.1:$port/"

node Tests/search/tokens.mjs
echo "search check: ok"
