#!/usr/bin/env bash
# Runs every command of the README (issue 27): each line of its ```sh blocks but the first
# block (`make demo` and `make test`, which CI runs itself), in a scratch folder holding a copy
# of Examples/, with the built program first on PATH. Each must exit 0. Blocks of other tools'
# commands (exporters, cron) are ```text and are not run.
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=${REACTION_REPORT:-.build/debug/reaction-report}
[ -x "$binary" ] || { echo "readme: $binary is not built" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin"
ln -s "$PWD/$binary" "$work/bin/reaction-report"
cp -R Examples "$work/Examples"
commands=$(python3 - README.md <<'PY'
import sys
blocks, block, inside = [], [], False
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.rstrip("\n")
    if line.startswith("```"):
        if inside:
            blocks.append((kind, block))
            inside = False
        else:
            kind, block, inside = line[3:].strip(), [], True
        continue
    if inside:
        block.append(line)
for kind, lines in [b for b in blocks if b[0] == "sh"][1:]:
    for line in lines:
        if line.strip() and not line.lstrip().startswith("#"):
            print(line)
PY
)
count=0
while IFS= read -r command; do
  count=$((count + 1))
  if ! (cd "$work" && PATH="$work/bin:$PATH" bash -c "$command" >"$work/out" 2>&1); then
    echo "readme: failed: $command" >&2
    cat "$work/out" >&2
    exit 1
  fi
done <<<"$commands"
[ "$count" -gt 0 ] || { echo "readme: no command found" >&2; exit 1; }
echo "readme: $count commands ran"
