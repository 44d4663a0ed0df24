#!/usr/bin/env bash
# Shard check (issue 18): a report built in shards equals the report built on one machine.
# For the generated export of every platform (`exportgen truth`, 3,000 messages, seed 7, built
# with its settings as Tests/generated/run.sh builds it: --config, --include-direct-messages,
# --timezone Europe/Berlin):
#   one      one build with every format (html,markdown,json,facts)
#   shards   SHARDS builds (default 4), `--shard K/N --format facts`, each of the whole input
#   weeks    sql/weeks.py over the facts of all the shards together must write the one build's
#            data/weeks.json byte for byte
#   joined   a build from the facts of all the shards (`build s1/data/facts … sN/data/facts`,
#            the same options, every format) must write the one build's site: `diff -r` of the
#            two output folders, facts included
#   anonymized  the same three with --anonymize (the shards' facts keep the real names, the
#            join replaces them): the joined site must equal the anonymized one-machine site
# Each platform prints one line, with what differs when something does; the exit status is
# non-zero when any platform differs or fails.
# REACTION_REPORT: the program (default .build/debug/reaction-report); PLATFORMS, MESSAGES,
# SHARDS narrow or widen the run. Needs PyPI duckdb (Tests/sql/run.sh installs it).
set -euo pipefail
cd "$(dirname "$0")/../.."
export PYTHONPATH=Tests/generators${PYTHONPATH:+:$PYTHONPATH}
binary=${REACTION_REPORT:-.build/debug/reaction-report}
messages=${MESSAGES:-3000}
shards=${SHARDS:-4}
platforms=${PLATFORMS:-pubnub stream cometchat slack slack-zip discord telegram matrix}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
started=$SECONDS
passed=0
failed=0

# fail LABEL WHAT LOG: prints what failed, with the log indented.
fail() {
  echo "$1: $2"
  sed 's/^/    /' "$3" | head -20
  failed=$((failed + 1))
}

for platform in $platforms; do
  dir=$work/$platform
  python3 -m exportgen truth --platform "$platform" --messages "$messages" --seed 7 --out "$dir/export" >/dev/null
  options=(--quiet --config "$dir/export/reaction-report.toml" --include-direct-messages --timezone Europe/Berlin)
  if ! "$binary" build "$dir/export/input" -o "$dir/one" "${options[@]}" --format html,markdown,json,facts 2>"$work/log"; then
    fail "$platform" "one-machine build failed" "$work/log"; continue
  fi
  facts=()
  split=()
  for k in $(seq 1 "$shards"); do
    if ! "$binary" build "$dir/export/input" -o "$dir/shard-$k" "${options[@]}" --shard "$k/$shards" --format facts 2>"$work/log"; then
      fail "$platform" "shard $k/$shards failed" "$work/log"; continue 2
    fi
    facts+=("$dir/shard-$k/data/facts")
    split+=("$(wc -l <"$dir/shard-$k/data/facts/messages.jsonl")")
  done
  if ! python3 sql/weeks.py "${facts[@]}" -o "$dir/sql-weeks.json" 2>"$work/log"; then
    fail "$platform" "sql/weeks.py over the $shards shards failed" "$work/log"; continue
  fi
  if ! difference=$(python3 Tests/sql/first_difference.py "$dir/sql-weeks.json" "$dir/one/data/weeks.json"); then
    echo "$platform: sql/weeks.py over the $shards shards differs from data/weeks.json: $difference"
    failed=$((failed + 1)); continue
  fi
  if ! "$binary" build "${facts[@]}" -o "$dir/joined" "${options[@]}" --format html,markdown,json,facts 2>"$work/log"; then
    fail "$platform" "joined build failed" "$work/log"; continue
  fi
  if ! diff -r -q "$dir/one" "$dir/joined" >"$work/log" 2>&1; then
    fail "$platform" "the joined site differs from the one-machine site" "$work/log"; continue
  fi
  # Anonymized: the shards keep the real names in their facts, the join replaces them.
  if ! "$binary" build "$dir/export/input" -o "$dir/one-anon" "${options[@]}" --anonymize --format html,markdown,json,facts 2>"$work/log"; then
    fail "$platform" "anonymized one-machine build failed" "$work/log"; continue
  fi
  anonymous=()
  for k in $(seq 1 "$shards"); do
    if ! "$binary" build "$dir/export/input" -o "$dir/anon-$k" "${options[@]}" --anonymize --shard "$k/$shards" --format facts 2>"$work/log"; then
      fail "$platform" "anonymized shard $k/$shards failed" "$work/log"; continue 2
    fi
    anonymous+=("$dir/anon-$k/data/facts")
  done
  if ! "$binary" build "${anonymous[@]}" -o "$dir/joined-anon" "${options[@]}" --anonymize --format html,markdown,json,facts 2>"$work/log"; then
    fail "$platform" "anonymized joined build failed" "$work/log"; continue
  fi
  if ! diff -r -q "$dir/one-anon" "$dir/joined-anon" >"$work/log" 2>&1; then
    fail "$platform" "the anonymized joined site differs from the anonymized one-machine site" "$work/log"; continue
  fi
  collisions=$(grep -c '"name":"[A-Za-z]* [A-Za-z]* [0-9]*"' "$dir/one-anon/data/facts/people.jsonl" || true)
  echo "$platform: identical (messages of the shards: $(IFS=+; echo "${split[*]}"); weeks.json and $(find "$dir/one" -type f | wc -l) files; anonymized too, $collisions numbered pseudonyms)"
  passed=$((passed + 1))
done

echo "shards: $passed passed, $failed failed ($((SECONDS - started)) s)"
[ "$failed" = 0 ]
