#!/usr/bin/env bash
# Builds the package in Examples/LibraryUse, which depends on ReactionReportKit as any Swift
# package would, and checks what it prints for the bundled Slack export, and that the site it
# builds through the library is the one the command line builds.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --package-path Examples/LibraryUse --scratch-path .build/examples >/dev/null
program=.build/examples/debug/weekly-reactions
diff -u Examples/LibraryUse/expected-output.txt <("$program" Examples/slack)
sites=$(mktemp -d)
trap 'rm -rf "$sites"' EXIT
"$program" Examples --site "$sites/library" >/dev/null
.build/debug/reaction-report build Examples -o "$sites/cli" --quiet --timezone Europe/Berlin --include-direct-messages
diff -r "$sites/library" "$sites/cli"
echo "check-library-use: the library package builds, prints the expected weeks and the same site as the command line"
