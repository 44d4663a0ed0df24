#!/usr/bin/env bash
# Generated-export check. First the verifiers' own test (`exportgen selftest`, hand-made builds).
# Then, for each platform: generate an export of a few thousand messages with its ground truth
# and its settings (`exportgen truth`, Tests/generators/exportgen), build it twice with those
# settings (--config DIR/reaction-report.toml: [groups], excludePeople, supportConversations,
# responseWindow on some platforms) in Europe/Berlin, so that
# weeks do not line up with UTC, check that the two builds are byte-identical, and run three
# checks, each reported on its own line and counted apart in the summary:
#   messages  every message's reactions (key, count, reactor ids, completeness) against the
#             truth (`exportgen verify-messages`)
#   weeks     every week's figures from before issue 17 against data/messages.jsonl
#             (`exportgen verify-weeks`)
#   figures   issue 17's figures: replies and median time to first reply, top reactors,
#             receivers and pairs, groups, and data/people.csv; issue 30's responsiveness and
#             question figures (weeks and groups), participation figures (weeks), each
#             person's engagement level (people.csv) and data/cohorts.json and .csv;
#             against data/messages.jsonl, the truth
#             (reply targets, bots) and the settings (`exportgen verify-figures`);
#             each figure that differs is named with its first difference
# WITHOUT_SETTINGS=1 builds without the settings (a binary from before issue 17 refuses their
# keys) and checks the figures against the defaults.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PYTHONPATH=Tests/generators${PYTHONPATH:+:$PYTHONPATH}
binary=${REACTION_REPORT:-.build/debug/reaction-report}
messages=${MESSAGES:-3000}
platforms=${PLATFORMS:-pubnub stream cometchat slack slack-zip discord telegram matrix}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! python3 -m exportgen selftest 2>"$work/selftest.log"; then
  cat "$work/selftest.log"
  echo "the verifiers' self-test failed"
  exit 1
fi
echo "verifiers' self-test: passed"

declare -A passed=([builds]=0 [messages]=0 [weeks]=0 [figures]=0)
declare -A label=([builds]="builds (two, byte-identical)" [messages]="messages" \
                  [weeks]="weeks (figures from before issue 17)" [figures]="figures (issue 17)")
indent() { sed 's/^/    /'; }
for platform in $platforms; do
  dir=$work/$platform
  python3 -m exportgen truth --platform "$platform" --messages "$messages" --seed 7 --out "$dir"
  settings=(--config "$dir/reaction-report.toml")
  figures=()
  if [ -n "${WITHOUT_SETTINGS:-}" ]; then settings=(); figures=(--no-config); fi
  echo "$platform:"
  built=yes
  for out in out again; do
    if ! "$binary" build "$dir/input" -o "$dir/$out" --quiet --include-direct-messages \
         --timezone Europe/Berlin "${settings[@]}" 2>"$dir/build.log"; then
      echo "  build failed:"; indent <"$dir/build.log"; built=no
      [ -n "${WITHOUT_SETTINGS:-}" ] || echo "    (a binary from before issue 17? WITHOUT_SETTINGS=1 builds without the settings)"
      break
    fi
  done
  [ "$built" = yes ] || continue
  if diff -r "$dir/out" "$dir/again" >/dev/null; then
    passed[builds]=$((passed[builds] + 1))
  else
    echo "  two builds of the same input differ"
  fi
  echo "  messages:"
  if python3 -m exportgen verify-messages "$dir/expected.jsonl" "$dir/out/data/messages.jsonl" | indent; then
    passed[messages]=$((passed[messages] + 1))
  fi
  echo "  ${label[weeks]}:"
  if python3 -m exportgen verify-weeks "$dir/out" | indent; then
    passed[weeks]=$((passed[weeks] + 1))
  fi
  echo "  ${label[figures]}: replies, people, pairs, groups, people.csv:"
  if python3 -m exportgen verify-figures "$dir/out" "$dir" "${figures[@]}" | indent; then
    passed[figures]=$((passed[figures] + 1))
  fi
done

total=$(echo $platforms | wc -w)
status=0
echo "summary of $total platforms:"
for check in builds messages weeks figures; do
  echo "  ${label[$check]}: ${passed[$check]} passed, $((total - passed[$check])) failed"
  [ "${passed[$check]}" = "$total" ] || status=1
done
exit $status
