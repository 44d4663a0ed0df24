#!/usr/bin/env bash
# `fetch stream` of 100,000 messages with reactions from the Stream emulator (Tests/emulators),
# every channel of the app, with the emulator refusing more than Stream's documented 60 requests a
# minute of any endpoint ("Export Channel 60", getstream.io chat docs, Rate Limits by Endpoint),
# then a build of the archive. fetch paces every request at that limit, one a second. Prints the
# fetch's requests, bytes, seconds and rate, what the emulator saw (requests, the most of one
# endpoint in any minute, requests refused with 429), and checks that the rate reached is at
# least 90 % of the limit and never above it, and that the site holds every message and reaction
# the emulator has.
#
#   REACTION_REPORT=.build/release/reaction-report MESSAGES=100000 CHANNELS=50 bash Benchmarks/fetch-stream.sh
set -euo pipefail
cd "$(dirname "$0")/.."
REACTION_REPORT=${REACTION_REPORT:-.build/release/reaction-report}
MESSAGES=${MESSAGES:-100000}
CHANNELS=${CHANNELS:-50}
PER_MINUTE=60
work=$(mktemp -d)
python3 Tests/emulators/stream_emulator.py --seed 7 --messages "$MESSAGES" --channels "$CHANNELS" --rate-limit "$PER_MINUTE" \
    --api-key benchmark-key --api-secret benchmark-secret >"$work/emulator.out" &
emulator=$!
trap 'kill $emulator 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 600); do grep -q listening "$work/emulator.out" && break; sleep 0.1; done
port=$(sed -n 's/listening on 127.0.0.1://p' "$work/emulator.out")
url="http://127.0.0.1:$port"
echo "emulator: $MESSAGES messages in $CHANNELS channels, at most $PER_MINUTE requests a minute of each endpoint"
start=$(date +%s.%N)
STREAM_API_KEY=benchmark-key STREAM_API_SECRET=benchmark-secret "$REACTION_REPORT" fetch stream --into "$work/archive" --api-url "$url" \
    2>"$work/fetch.err" | tee "$work/fetch.out"
end=$(date +%s.%N)
"$REACTION_REPORT" build "$work/archive" -o "$work/site" --quiet
python3 - "$url" "$work" "$PER_MINUTE" "$start" "$end" <<'PY'
import json, re, sys, urllib.request
url, work, per_minute, start, end = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
limit = per_minute / 60
stats = json.load(urllib.request.urlopen(url + "/_control/stats"))
truth = json.load(urllib.request.urlopen(url + "/_control/truth"))
summary = open(work + "/fetch.out").read()
requests, bytes_, seconds, rate = re.search(r"; (\d+) requests, (\d+) bytes, ([\d.]+) s, ([\d.]+) requests/s", summary).groups()
rate = int(requests) / float(seconds)   # the summary rounds to 0.1
messages = reactions = 0
for line in open(work + "/site/data/messages.jsonl"):
    messages += 1
    reactions += json.loads(line)["reactionCount"]
print(f"fetch: {requests} requests, {int(bytes_) / 1e6:.1f} MB, {seconds} s, {rate:.3f} requests/s "
      f"({rate / limit:.1%} of the limit); the whole command {end - start:.1f} s")
print(f"emulator: {stats['requests']} requests ({stats['downloads']} downloads), at most {stats['maxInAnyMinute']} of one endpoint "
      f"in any minute, {stats['rateLimited']} refused with 429")
print(f"site: {messages} messages, {reactions} reactions; the emulator holds {truth['messages']} and {truth['reactions']}")
failures = []
if rate < 0.9 * limit: failures.append(f"the rate reached is under 90 % of {limit:g} a second")
if rate > limit or stats["maxInAnyMinute"] > per_minute or stats["rateLimited"] > 0: failures.append(f"more than {per_minute} requests in a minute")
if (messages, reactions) != (truth["messages"], truth["reactions"]): failures.append("the site does not hold what the emulator has")
print("FAIL: " + "; ".join(failures) if failures else "PASS")
sys.exit(1 if failures else 0)
PY
