#!/usr/bin/env bash
# SQL check (issue 18): sql/weeks.sql, run by sql/weeks.py in DuckDB on a build's facts tables
# (data/facts), must give data/weeks.json byte for byte, and its lines naming the figures must be
# as Scripts/generate-weeks-sql.py writes them from sql/figures.json. The builds (--format
# html,markdown,json,facts, each in UTC and in Europe/Berlin):
#   fixtures  the golden tests' inputs (Tests/ReactionReportKitTests/Fixtures: the mixed
#             fixture of GoldenSiteTests, the weekly fixture with topN 3, the gaps fixture
#             (in America/New_York too), the people and bots
#             fixture, the Discord, Telegram, Matrix, Mattermost and Slack fixtures, the health
#             fixture with its settings (supportConversations: every response and question
#             rule has a case), the hostile inputs of the page check) and Examples/
#   generated the generated export of every platform (`exportgen truth`, 3,000 messages, seed
#             7), built with its settings (--config: [groups], excludePeople,
#             supportConversations, responseWindow on some platforms) as
#             Tests/generated/run.sh builds it
# sql/weeks.py reads every setting from the facts (report.jsonl), never the configuration.
# Each case prints one line, with the first difference when there is one; the exit status is
# non-zero when any case differs or fails.
# REACTION_REPORT: the program (default .build/debug/reaction-report); PLATFORMS, MESSAGES,
# TIMEZONES narrow the run.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PYTHONPATH=Tests/generators${PYTHONPATH:+:$PYTHONPATH}
binary=${REACTION_REPORT:-.build/debug/reaction-report}
messages=${MESSAGES:-3000}
platforms=${PLATFORMS:-pubnub stream cometchat slack slack-zip discord telegram matrix}
timezones=${TIMEZONES:-UTC Europe/Berlin}
duckdb_package=${DUCKDB_PACKAGE:-duckdb==2.0.1}
fixtures=Tests/ReactionReportKitTests/Fixtures

# DuckDB from PyPI when it is missing (--break-system-packages where the system's Python
# refuses installs, PEP 668).
python3 -c 'import duckdb' 2>/dev/null || {
  echo "Installing $duckdb_package…"
  python3 -m pip install --quiet "$duckdb_package" 2>/dev/null \
    || python3 -m pip install --quiet --break-system-packages "$duckdb_package"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
started=$SECONDS
passed=0
failed=0

# The figures the queries name are sql/figures.json's (the tool's WeekFigure.all as data), written
# into them by Scripts/generate-weeks-sql.py: they must be as it writes them.
if python3 Scripts/generate-weeks-sql.py --check >"$work/generated.log"; then
  echo "sql figures: as Scripts/generate-weeks-sql.py writes them from sql/figures.json"
  passed=$((passed + 1))
else
  cat "$work/generated.log"
  failed=$((failed + 1))
fi

# check NAME CONFIG INPUT…: builds the inputs in each time zone (with CONFIG unless it is -)
# and compares sql/weeks.py's weeks.json with the tool's.
check() {
  local name=$1 config=$2
  shift 2
  local settings=()
  [ "$config" = - ] || settings=(--config "$config")
  for zone in $timezones; do
    local out=$work/out/$name/${zone//\//-}
    local label="$name ($zone)"
    if ! "$binary" build "$@" -o "$out" --quiet --include-direct-messages --timezone "$zone" \
         --format html,markdown,json,facts "${settings[@]}" 2>"$work/build.log"; then
      echo "$label: build failed"; sed 's/^/    /' "$work/build.log"
      failed=$((failed + 1)); continue
    fi
    if ! python3 sql/weeks.py "$out/data/facts" -o "$out/sql-weeks.json" 2>"$work/sql.log"; then
      echo "$label: sql/weeks.py failed"; sed 's/^/    /' "$work/sql.log"
      failed=$((failed + 1)); continue
    fi
    local difference
    if difference=$(python3 Tests/sql/first_difference.py "$out/sql-weeks.json" "$out/data/weeks.json"); then
      echo "$label: identical ($(grep -c '^{"week"' "$out/data/weeks.json") weeks)"
      passed=$((passed + 1))
    else
      echo "$label: differs: $difference"
      failed=$((failed + 1))
    fi
  done
}

printf 'topN = 3\n' >"$work/weekly.toml"
check golden - "$fixtures/pubnub/chat-history.json" "$fixtures/pubnub/events.jsonl" "$fixtures/stream/export.json" \
  "$fixtures/cometchat/messages.json" "$fixtures/cometchat/reactions.json" "$fixtures/cometchat/events.json"
check weekly "$work/weekly.toml" "$fixtures/weekly/team.json" "$fixtures/weekly/ops.json"
# The gaps fixture also in America/New_York, where its weeks were written: partial first and
# last weeks, empty weeks, both daylight-saving changes.
timezones="$timezones America/New_York" check gaps - "$fixtures/gaps"
check people - "$fixtures/people"
check discord - "$fixtures/discord"
check telegram - "$fixtures/telegram"
check matrix - "$fixtures/matrix"
check mattermost - "$fixtures/mattermost"
check health "$fixtures/health/reaction-report.toml" "$fixtures/health"
check slack - "$fixtures/slack"
check hostile - "$fixtures/hostile"
check examples - Examples

for platform in $platforms; do
  dir=$work/export/$platform
  python3 -m exportgen truth --platform "$platform" --messages "$messages" --seed 7 --out "$dir" >/dev/null
  check "generated-$platform" "$dir/reaction-report.toml" "$dir/input"
done

echo "sql weeks: $passed passed, $failed failed ($((SECONDS - started)) s)"
[ "$failed" = 0 ]
