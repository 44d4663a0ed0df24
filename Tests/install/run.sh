#!/usr/bin/env bash
# The install check (in `make test`): installs the debug program with its shell completions and
# manual page into a temporary DESTDIR by `make install-built` (what `make install` runs after
# building the release program), checks each file, and uninstalls. Run from anywhere; arguments
# are passed on to make (`STRIP=true` shows the check failing).
set -euo pipefail
cd "$(dirname "$0")/../.."

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
prefix=/opt/rr
root="$stage$prefix"
failures=0
fail() { echo "install check: $*" >&2; failures=$((failures + 1)); }

log="$stage.log"
trap 'rm -rf "$stage" "$log"' EXIT
quietly() { "$@" >"$log" 2>&1 || { cat "$log" >&2; echo "install check: '$*' failed" >&2; exit 1; }; }
quietly make --no-print-directory manual
quietly make --no-print-directory install-built PROGRAM=.build/debug/reaction-report DESTDIR="$stage" PREFIX="$prefix" "$@"

program="$root/bin/reaction-report"
completions=("$root/share/bash-completion/completions/reaction-report" "$root/share/zsh/site-functions/_reaction-report"
    "$root/share/fish/vendor_completions.d/reaction-report.fish")
manual="$root/share/man/man1/reaction-report.1"
expected=$(find "$stage" -type f | sort)
[ "$expected" = "$(printf '%s\n' "$program" "${completions[0]}" "$manual" "${completions[2]}" "${completions[1]}" | sort)" ] \
    || fail "installed files differ: $expected"

# The program: stripped (no symbol table), and it runs.
[ -x "$program" ] || fail "$program is not an executable"
if readelf -S --wide "$program" | grep -q '\.symtab'; then fail "$program is not stripped"; fi
version=$(sed -n 's/.*static let current = "\(.*\)"/\1/p' Sources/ReactionReportKit/API/ReactionReportVersion.swift)
[ "$("$program" --version)" = "reaction-report $version" ] || fail "--version printed '$("$program" --version)', not 'reaction-report $version'"

# Each shell's completions name the subcommands.
for script in "${completions[@]}"; do
    grep -q 'inspect' "$script" || fail "$script does not mention inspect"
done
bash -n "${completions[0]}" || fail "the bash completions are not valid bash"

# The manual page renders without a warning and names the subcommands.
warnings=$(groff -mandoc -Tutf8 -ww -z "$manual" 2>&1)
[ -z "$warnings" ] || fail "groff warns about the manual page: $warnings"
page=$(groff -mandoc -Tutf8 -P-cbou "$manual" 2>/dev/null)
grep -q '^NAME' <<<"$page" || fail "the manual page has no NAME section"
grep -q 'inspect' <<<"$page" || fail "the manual page does not mention inspect"
grep -q -- '--version' <<<"$page" || fail "the manual page does not mention --version"

quietly make --no-print-directory uninstall DESTDIR="$stage" PREFIX="$prefix"
left=$(find "$stage" -type f)
[ -z "$left" ] || fail "uninstall left $left"

if [ "$failures" -gt 0 ]; then
    echo "install check: $failures failure(s)" >&2
    exit 1
fi
echo "install check: the program, 3 completion scripts and the manual page installed, checked and uninstalled"
