#!/usr/bin/env bash
# Generated-export check: for each platform, generate an export of a few thousand messages with
# its ground truth (`exportgen truth`, Tests/generators/exportgen), build it, and compare every
# message's reactions (key, count, reactor ids, completeness) with `exportgen verify-messages`.
# Then checks every week of data/weeks.json (in Europe/Berlin, so that weeks do not line up with
# UTC) with `exportgen verify-weeks`, and that two builds of the same input are byte-identical.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PYTHONPATH=Tests/generators${PYTHONPATH:+:$PYTHONPATH}
binary=${REACTION_REPORT:-.build/debug/reaction-report}
messages=${MESSAGES:-3000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
platforms=${PLATFORMS:-pubnub stream cometchat slack slack-zip discord telegram matrix}
passed=0
for platform in $platforms; do
  python3 -m exportgen truth --platform "$platform" --messages "$messages" --seed 7 --out "$work/$platform"
  "$binary" build "$work/$platform/input" -o "$work/$platform/out" --quiet --include-direct-messages --timezone Europe/Berlin
  "$binary" build "$work/$platform/input" -o "$work/$platform/again" --quiet --include-direct-messages --timezone Europe/Berlin
  if ! diff -r "$work/$platform/out" "$work/$platform/again" >/dev/null; then
    echo "$platform: two builds of the same input differ"; status=1
  fi
  printf '%s: ' "$platform"
  if python3 -m exportgen verify-messages "$work/$platform/expected.jsonl" "$work/$platform/out/data/messages.jsonl" \
     && printf '%s weeks: ' "$platform" && python3 -m exportgen verify-weeks "$work/$platform/out"; then
    passed=$((passed + 1))
  else
    status=1
  fi
done
total=$(echo $platforms | wc -w)
echo "$passed passed, $((total - passed)) failed"
exit $status
