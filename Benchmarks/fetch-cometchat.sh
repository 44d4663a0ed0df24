#!/usr/bin/env bash
# `fetch cometchat` of 100,000 messages with reactions from the CometChat emulator
# (Tests/emulators) held to CometChat's documented limit for listing messages and reactions,
# 20,000 requests a minute for standard operations (https://www.cometchat.com/docs/rest-api/rate-limits),
# then a build of the archive. Prints the fetch's requests, bytes, seconds and rate, what the
# emulator saw (requests, the most in any window, requests refused with 429), and checks that the
# rate reached is at least 90 % of the limit and never above it, and that the site holds every
# message and reaction the emulator has.
#
# The emulator counts a sliding window of WINDOW seconds. By default it is CometChat's own minute
# and LIMIT 20,000; the rate asked of the fetch is LIMIT / WINDOW a second either way.
#
#   REACTION_REPORT=.build/release/reaction-report MESSAGES=100000 CONVERSATIONS=8 LIMIT=20000 WINDOW=60 bash Benchmarks/fetch-cometchat.sh
set -euo pipefail
cd "$(dirname "$0")/.."
REACTION_REPORT=${REACTION_REPORT:-.build/release/reaction-report}
MESSAGES=${MESSAGES:-100000}
CONVERSATIONS=${CONVERSATIONS:-8}
LIMIT=${LIMIT:-20000}
WINDOW=${WINDOW:-60}
work=$(mktemp -d)
python3 Tests/emulators/cometchat_emulator.py --seed 7 --messages "$MESSAGES" --conversations "$CONVERSATIONS" \
    --rate-limit "$LIMIT" --rate-window "$WINDOW" --api-key benchmark-key >"$work/emulator.out" &
emulator=$!
trap 'kill $emulator 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 600); do grep -q listening "$work/emulator.out" && break; sleep 0.1; done
port=$(sed -n 's/listening on 127.0.0.1://p' "$work/emulator.out")
url="http://127.0.0.1:$port"
channels=$(python3 -c "import json,urllib.request;print('\n'.join(json.load(urllib.request.urlopen('$url/_control/truth'))['channels']))")
arguments=()
while IFS= read -r channel; do arguments+=(--channel "$channel"); done <<<"$channels"
rate=$(python3 -c "print($LIMIT / $WINDOW)")
echo "emulator: $MESSAGES messages in $CONVERSATIONS conversations, at most $LIMIT requests in any $WINDOW s ($rate a second)"
start=$(date +%s.%N)
COMETCHAT_APP_ID=benchmark COMETCHAT_REGION=us COMETCHAT_API_KEY=benchmark-key "$REACTION_REPORT" fetch cometchat --into "$work/archive" \
    --api-url "$url" --requests-per-second "$rate" --concurrency "$CONVERSATIONS" "${arguments[@]}" 2>"$work/fetch.err" | tee "$work/fetch.out"
end=$(date +%s.%N)
"$REACTION_REPORT" build "$work/archive" -o "$work/site" --quiet --include-direct-messages
python3 - "$url" "$work" "$rate" "$start" "$end" <<'PY'
import json, re, sys, urllib.request
url, work, limit, start, end = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
stats = json.load(urllib.request.urlopen(url + "/_control/stats"))
truth = json.load(urllib.request.urlopen(url + "/_control/truth"))
summary = open(work + "/fetch.out").read()
requests, bytes_, seconds, rate = re.search(r"; (\d+) requests, (\d+) bytes, ([\d.]+) s, ([\d.]+) requests/s", summary).groups()
messages = reactions = 0
for line in open(work + "/site/data/messages.jsonl"):
    messages += 1
    reactions += json.loads(line)["reactionCount"]
print(f"fetch: {requests} requests, {int(bytes_) / 1e6:.1f} MB, {seconds} s, {rate} requests/s "
      f"({float(rate) / limit:.1%} of the limit); the whole command {end - start:.1f} s")
print(f"emulator: {stats['requests']} requests, at most {stats['maxInAnyWindow']} in any window, {stats['rateLimited']} refused with 429")
print(f"site: {messages} messages, {reactions} reactions; the emulator holds {truth['messages']} and {truth['reactions']}")
failures = []
if float(rate) < 0.9 * limit: failures.append(f"the rate reached is under 90 % of {limit:g} a second")
if stats["rateLimited"] > 0: failures.append("more requests in a window than the limit")
if (messages, reactions) != (truth["messages"], truth["reactions"]): failures.append("the site does not hold what the emulator has")
print("FAIL: " + "; ".join(failures) if failures else "PASS")
sys.exit(1 if failures else 0)
PY
