#!/usr/bin/env python3
"""Loads search.html of a site built with the builtin search index (served at URL), searches
WORD and waits for the results; prints what the page fetched from search/ to open and then to
search (files and body bytes by kind: index.json and filters.json, words, filters, docs).

    python3 Benchmarks/search_builtin_query.py http://127.0.0.1:PORT/ WORD
"""
import os
import sys
import time

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "search"))
from check_search import browser  # noqa: E402  (headless Chromium, as the search check runs it)

FETCHED = """
return performance.getEntriesByType('resource').filter(e => new URL(e.name).pathname.startsWith('/search/'))
  .map(e => [new URL(e.name).pathname, e.encodedBodySize]);
"""
STATUS = "return document.getElementById('search-status').textContent"


def kinds(entries):
    out = {}
    for path, size in entries:
        kind = path.split("/")[2] if path.count("/") > 2 else "index and filters"
        count, total = out.get(kind, (0, 0))
        out[kind] = (count + 1, total + size)
    return ", ".join(f"{kind} {count} ({total:,} bytes)" for kind, (count, total) in sorted(out.items()))


def main(base, word):
    driver = browser()
    try:
        driver.get(base + "search.html")
        for _ in range(240):
            if not driver.find_element(By.ID, "search-fields").get_attribute("disabled"):
                break
            time.sleep(0.25)
        opened = driver.execute_script(FETCHED)
        started = time.time()
        driver.find_element(By.ID, "search-words").send_keys(word)
        time.sleep(0.2)
        for _ in range(1200):
            status = driver.execute_script(STATUS)
            if "match" in status or "could not" in status:
                break
            time.sleep(0.05)
        took = time.time() - started - 0.15
        after = driver.execute_script(FETCHED)[len(opened):]
        print(f"opening: {sum(s for _, s in opened):,} bytes ({kinds(opened)}); searching {word!r} ({status}, "
              f"about {took:.2f} s with the page's 0.15 s pause): {sum(s for _, s in after):,} bytes in {len(after)} files ({kinds(after)})")
    finally:
        driver.quit()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
