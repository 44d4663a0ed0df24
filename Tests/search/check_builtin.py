#!/usr/bin/env python3
"""Loads search.html of a site built with --search-engine builtin (the export of make_export.py,
served on 127.0.0.1 by the caller) in headless Chromium and checks the builtin index's search
exactly: a word finds its messages newest first, a prefix its words, each filter narrows and
clearing widens, two values of one filter widen, the count, "More results", hostile texts shown
as text, and that the page fetched nothing but the site's own files.

    python3 Tests/search/check_builtin.py http://127.0.0.1:PORT/
"""
import sys
import time
from urllib.parse import urlparse

from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from check_search import browser, checker, settled  # noqa: E402

GENERAL = "/conversations/slack-general/index.html#m-"
RANDOM = "/conversations/slack-random/index.html#m-"
# "zebra", newest first.
ZEBRA = [RANDOM + "1773054000.000100", GENERAL + "1773050400.000100", GENERAL + "1772445600.000100"]
# "otter" i is sent at 1772454600 + 12 h × i, in general for even i, else random: newest first.
OTTER = [(GENERAL if i % 2 == 0 else RANDOM) + f"{1772454600 + i * 43200}.000100" for i in reversed(range(25))]

STATE = """
const status = document.getElementById('search-status').textContent;
if (status === 'Searching…' || status === 'Loading the search index…') return null;
return [status, Array.from(document.querySelectorAll('#search-results a')).map(a => new URL(a.href).pathname + new URL(a.href).hash)];
"""


def state(driver):
    return settled(driver, lambda d: d.execute_script(STATE))


def search(driver, words):
    box = driver.find_element(By.ID, "search-words")
    box.clear()
    box.send_keys(words)
    time.sleep(0.3)
    return state(driver)


def choose(driver, kind, labels):
    """Selects exactly the options of the filter `kind` whose text starts with one of `labels`."""
    driver.execute_script("""
        const [kind, labels] = arguments;
        const select = document.getElementById('search-' + kind);
        for (const option of select.options) option.selected = labels.some(label => option.textContent.startsWith(label + ' ('));
        select.dispatchEvent(new Event('change'));
    """, kind, labels)
    return state(driver)


def main(base):
    driver = browser()
    failures = []

    expect = checker(failures)

    try:
        driver.get(base + "search.html")
        settled(driver, lambda d: d.execute_script("return document.getElementById('search-fields').disabled ? null : true"))
        expect("the notice for pages opened from disk is hidden over http", driver.execute_script(
            "return document.getElementById('search-notice').hidden"), True)
        expect("'zebra' finds its three messages, newest first", search(driver, "zebra"), ["3 messages match, newest first.", ZEBRA])
        expect("the words found are marked", driver.execute_script(
            "return Array.from(document.querySelectorAll('#search-results mark')).map(m => m.textContent)"), ["zebra", "zebra", "zebra"])
        expect("'Noon' finds its one message", search(driver, "Noon"), ["1 message matches, newest first.", [RANDOM + "1772449200.000100"]])
        expect("'zeb' finds the words it starts", search(driver, "zeb"), ["3 messages match, newest first.", ZEBRA])
        expect("'zebra stri' finds the message with both", search(driver, "zebra stri"), ["1 message matches, newest first.", ZEBRA[:1]])
        expect("'stri zebra' needs 'stri' as a whole word", search(driver, "stri zebra"), ["No message matches. Try fewer words, or fewer filters.", []])
        expect("'creme brulee' finds the French text", search(driver, "creme brulee"), ["1 message matches, newest first.", [GENERAL + "1772456400.000100"]])
        expect("its accented words are marked as written", driver.execute_script(
            "return Array.from(document.querySelectorAll('#search-results mark')).map(m => m.textContent)"), ["Crème", "brûlée"])
        expect("'東京' finds the Japanese text", search(driver, "東京"), ["1 message matches, newest first.", [RANDOM + "1772460000.000100"]])
        for kind, labels, want in [("conversation", ["general"], ZEBRA[1:]), ("author", ["Ada"], [ZEBRA[0], ZEBRA[2]]),
                                   ("emoji", ["👍"], [ZEBRA[0], ZEBRA[2]]), ("week", ["2026-W11"], ZEBRA[:2]),
                                   ("author", ["Ben"], ZEBRA[1:2]), ("author", ["Ada", "Ben"], ZEBRA)]:
            search(driver, "zebra")
            got = choose(driver, kind, labels)
            expect(f"the {kind} filter {' or '.join(labels)} gives 'zebra' {len(want)}", got,
                   [f"{len(want)} message{'s match' if len(want) != 1 else ' matches'}, newest first.", want])
            expect(f"clearing the {kind} filter widens 'zebra' again", choose(driver, kind, []), ["3 messages match, newest first.", ZEBRA])
        search(driver, "zebra")
        choose(driver, "author", ["Ada"])
        expect("author Ada and conversation general narrow each other", choose(driver, "conversation", ["general"]),
               ["1 message matches, newest first.", ZEBRA[2:]])
        driver.find_element(By.ID, "search-clear").click()
        expect("'Clear filters' widens again", state(driver), ["3 messages match, newest first.", ZEBRA])
        search(driver, "")
        expect("a filter alone lists its messages", choose(driver, "author", ["<img src=y onerror=alert(2)>Dee"]),
               ["2 messages match, newest first.", [RANDOM + "1773061200.000100", RANDOM + "1773057600.000100"]])
        choose(driver, "author", [])
        got = search(driver, "otter")
        expect("'otter' shows the first 20 of its 25 messages", got, ["25 messages match, newest first.", OTTER[:20]])
        more = driver.find_element(By.ID, "search-more")
        expect("'More results' is shown", more.is_displayed(), True)
        more.click()
        expect("'More results' shows the other 5", state(driver), ["25 messages match, newest first.", OTTER])
        expect("and is hidden then", more.is_displayed(), False)
        expect("'otter' with 👍 narrows to every third", choose(driver, "emoji", ["👍"])[1],
               [link for i, link in zip(reversed(range(25)), OTTER) if i % 3 == 0])
        choose(driver, "emoji", [])
        search(driver, "quokka")
        expect("the hostile title and excerpt show as text", driver.execute_script("""
            const item = document.querySelector('#search-results li');
            return [item.querySelector('a').textContent, item.querySelector('p').textContent];
        """), ["<img src=y onerror=alert(2)>Dee in random, 2026-03-09 12:00 UTC", "img src=x onerror=alert(1) quokka"])
        search(driver, "wombat")
        expect("the escaped hostile excerpt shows as text", driver.execute_script(
            "return document.querySelector('#search-results p').textContent"), "<img src=z onerror=alert(3)> wombat")
        expect("the hostile author's name is an option's text", driver.execute_script(
            "return Array.from(document.querySelectorAll('#search-author option')).map(o => o.textContent)[0]"),
            "<img src=y onerror=alert(2)>Dee (2)")
        expect("no element came from the texts", driver.execute_script(
            "return document.querySelectorAll('#search img, #search script, #search iframe, #search svg').length"), 0)
        try:
            alert = driver.switch_to.alert.text
        except NoAlertPresentException:
            alert = None
        expect("no alert was raised", alert, None)
        origin = urlparse(base)
        fetched = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        foreign = [url for url in fetched if urlparse(url).netloc != origin.netloc
                   or not (urlparse(url).path.startswith("/search/") or urlparse(url).path.startswith("/assets/"))]
        expect("the page fetched only the site's own files", foreign, [])
        expect("it fetched the index, the filters, shards, filter files and document chunks", sorted(
            {urlparse(url).path.split("/")[2] if urlparse(url).path.count("/") > 2 else urlparse(url).path for url in fetched}),
            ["/assets/favicon.svg", "/assets/search-index.css", "/assets/search-index.js", "/assets/search.css", "/assets/style.css",
             "/search/filters.json", "/search/index.json", "docs", "filters", "words"])
    finally:
        driver.quit()
    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1])
