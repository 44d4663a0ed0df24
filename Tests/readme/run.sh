#!/usr/bin/env bash
# Runs every command of the README (issues 27 and 28): its ```sh blocks but the first
# (`make demo` and `make test`, which CI runs itself), in a scratch folder holding a copy of
# Examples/, with the built program first on PATH. Every command must exit 0. Blocks of other
# tools' commands (exporters, cron) are ```text and are not run.
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=${REACTION_REPORT:-.build/debug/reaction-report}
[ -x "$binary" ] || { echo "readme: $binary is not built" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin"
ln -s "$PWD/$binary" "$work/bin/reaction-report"
cp -R Examples "$work/Examples"
# Each block runs as one script (a line may go on after a backslash, and what one line sets the
# next can use), stopping at the first command that fails; what it starts in the background is
# stopped when it ends. The tests' emulators are there for the `fetch` example.
mkdir -p "$work/Tests"
cp -R Tests/emulators Tests/generators "$work/Tests/"
python3 - README.md "$work/blocks" <<'PY'
import os, sys
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
os.makedirs(sys.argv[2])
for number, (kind, lines) in enumerate([b for b in blocks if b[0] == "sh"][1:]):
    with open(os.path.join(sys.argv[2], "%03d.sh" % number), "w", encoding="utf-8") as out:
        out.write("set -euo pipefail\ntrap 'kill $(jobs -p) 2>/dev/null || true' EXIT\n" + "\n".join(lines) + "\n")
PY
count=0
for block in "$work"/blocks/*.sh; do
  count=$((count + 1))
  if ! (cd "$work" && PATH="$work/bin:$PATH" bash "$block" >"$work/out" 2>&1); then
    echo "readme: failed: the block" >&2
    tail -n +3 "$block" >&2
    echo "readme: it printed:" >&2
    cat "$work/out" >&2
    exit 1
  fi
done
[ "$count" -gt 0 ] || { echo "readme: no command found" >&2; exit 1; }
echo "readme: $count blocks ran"
