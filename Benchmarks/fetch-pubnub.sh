#!/usr/bin/env bash
# `fetch pubnub` of 100,000 messages with reactions from the PubNub emulator (Tests/emulators)
# set to PubNub's documented limit of 25 requests a second (https://www.pubnub.com/docs/general/setup/limits),
# then a build of the archive. Prints the fetch's requests, bytes, seconds and rate, what the
# emulator saw (requests, the most in any second, requests refused with 429), and checks that
# the rate reached is at least 90 % of the limit and never above it, and that the site holds
# every message and reaction the emulator has.
#
#   REACTION_REPORT=.build/release/reaction-report MESSAGES=100000 CHANNELS=4 LIMIT=25 bash Benchmarks/fetch-pubnub.sh
set -euo pipefail
cd "$(dirname "$0")/.."
REACTION_REPORT=${REACTION_REPORT:-.build/release/reaction-report}
MESSAGES=${MESSAGES:-100000}
CHANNELS=${CHANNELS:-4}
LIMIT=${LIMIT:-25}
work=$(mktemp -d)
python3 Tests/emulators/pubnub_emulator.py --seed 7 --messages "$MESSAGES" --channels "$CHANNELS" --rate-limit "$LIMIT" \
    --subscribe-key sub-c-benchmark >"$work/emulator.out" &
emulator=$!
trap 'kill $emulator 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 600); do grep -q listening "$work/emulator.out" && break; sleep 0.1; done
port=$(sed -n 's/listening on 127.0.0.1://p' "$work/emulator.out")
url="http://127.0.0.1:$port"
channels=$(python3 -c "import json,urllib.request;print('\n'.join(json.load(urllib.request.urlopen('$url/_control/truth'))['channels']))")
arguments=()
while IFS= read -r channel; do arguments+=(--channel "$channel"); done <<<"$channels"
echo "emulator: $MESSAGES messages in $CHANNELS channels, at most $LIMIT requests a second"
start=$(date +%s.%N)
PUBNUB_SUBSCRIBE_KEY=sub-c-benchmark "$REACTION_REPORT" fetch pubnub --into "$work/archive" --api-url "$url" "${arguments[@]}" \
    2>"$work/fetch.err" | tee "$work/fetch.out"
end=$(date +%s.%N)
"$REACTION_REPORT" build "$work/archive" -o "$work/site" --quiet
python3 - "$url" "$work" "$LIMIT" "$start" "$end" <<'PY'
import json, re, sys, urllib.request
url, work, limit, start, end = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
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
print(f"emulator: {stats['requests']} requests, at most {stats['maxInAnySecond']} in any second, {stats['rateLimited']} refused with 429")
print(f"site: {messages} messages, {reactions} reactions; the emulator holds {truth['messages']} and {truth['reactions']}")
failures = []
if float(rate) < 0.9 * limit: failures.append(f"the rate reached is under 90 % of {limit}")
if stats["maxInAnySecond"] > limit or stats["rateLimited"] > 0: failures.append(f"more than {limit} requests in a second")
if (messages, reactions) != (truth["messages"], truth["reactions"]): failures.append("the site does not hold what the emulator has")
print("FAIL: " + "; ".join(failures) if failures else "PASS")
sys.exit(1 if failures else 0)
PY
