#!/usr/bin/env python3
"""Loads search.html of a site served at URL in headless Chromium, searches WORD and waits for
the results; prints the page's own count of what it fetched from pagefind/ (Pagefind's worker
fetches index chunks and fragments too, which the page does not see: Benchmarks/search.sh
counts those from the server's log).

    python3 Benchmarks/search_query.py http://127.0.0.1:PORT/ WORD
"""
import os
import sys
import time

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "search"))
from check_search import browser  # noqa: E402  (headless Chromium, as the search check runs it)

SUM = """
const entries = performance.getEntriesByType('resource').filter(e => e.name.includes('/pagefind/'));
return [entries.length, entries.reduce((n, e) => n + e.transferSize, 0), entries.filter(e => e.name.includes('fragment')).length];
"""


def main(base, word):
    driver = browser()
    try:
        driver.get(base + "search.html")
        time.sleep(3)
        opened = driver.execute_script(SUM)
        driver.find_element(By.CSS_SELECTOR, ".pagefind-ui__search-input").send_keys(word)
        last = None
        for _ in range(120):
            time.sleep(0.5)
            now = driver.execute_script(SUM)
            message = driver.execute_script("const m = document.querySelector('.pagefind-ui__message'); return m ? m.textContent : ''")
            if message and not message.startswith('Searching') and now == last:
                break
            last = now
        print(f"opening: {opened[0]} files, {opened[1]} bytes; after searching {word!r} ({message}): "
              f"{now[0]} files ({now[2]} fragments), {now[1]} bytes")
    finally:
        driver.quit()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
