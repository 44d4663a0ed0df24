#!/usr/bin/env python3
"""Loads a built site's search.html in headless Chromium over http (the site served on
127.0.0.1 by the caller), searches a word and checks the results and each filter exactly.

    python3 Tests/search/check_search.py http://127.0.0.1:PORT/ [dump]
"""
import shutil
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By


def browser():
    """Headless Chromium through the system's chromedriver."""
    options = Options()
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,2000"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    driver.set_page_load_timeout(120)
    return driver


def settled(driver, read, timeout=30):
    """`read(driver)` once it gives the same non-None value twice 0.3 s apart."""
    deadline, last = time.time() + timeout, None
    while time.time() < deadline:
        value = read(driver)
        if value is not None and value == last:
            return value
        last = value
        time.sleep(0.3)
    raise AssertionError(f"the page did not settle: last {last!r}")


def results(driver):
    """The result links (path and anchor) in order, or None while Pagefind is searching."""
    links = driver.execute_script("""
        const root = document.querySelector('#search');
        if (!root || root.querySelector('.pagefind-ui__loading')) return null;
        const message = root.querySelector('.pagefind-ui__message');
        if (!message || !message.textContent.trim()) return null;
        return Array.from(root.querySelectorAll('.pagefind-ui__result-link')).map(a => new URL(a.href).pathname + new URL(a.href).hash);
    """)
    return None if links is None else sorted(links)


def search(driver, words):
    box = driver.find_element(By.CSS_SELECTOR, ".pagefind-ui__search-input")
    box.clear()
    box.send_keys(words)
    return settled(driver, results)


def toggle(driver, filter_name, value):
    """Clicks the checkbox of `value` in the filter `filter_name`."""
    clicked = driver.execute_script("""
        const [name, value] = arguments;
        for (const block of document.querySelectorAll('.pagefind-ui__filter-block')) {
            const title = block.querySelector('.pagefind-ui__filter-name');
            if (!title || title.textContent.trim().toLowerCase() !== name) continue;
            block.open = true;
            for (const input of block.querySelectorAll('input[type=checkbox]')) {
                if (input.value === value) { input.click(); return true; }
            }
        }
        return false;
    """, filter_name, value)
    assert clicked, f"no {filter_name} filter {value!r}"
    return settled(driver, results)


def checker(failures):
    """`expect(name, got, want)`: prints ok or FAIL for the check `name` and notes a failure."""
    def expect(name, got, want):
        if got != want:
            failures.append(f"{name}: got {got!r}, want {want!r}")
        print(("ok   " if got == want else "FAIL ") + name)
    return expect


def main(base):
    dump = len(sys.argv) > 2
    driver = browser()
    failures = []

    expect = checker(failures)

    try:
        driver.get(base + "search.html")
        settled(driver, lambda d: d.execute_script("return document.querySelector('.pagefind-ui__search-input') ? true : null"))
        expect("the notice for pages opened from disk is hidden over http",
               driver.execute_script("return document.getElementById('search-notice').hidden"), True)
        general = "/conversations/slack-general/index.html#m-"
        random = "/conversations/slack-random/index.html#m-"
        zebra = [general + "1772445600.000100", general + "1773050400.000100", random + "1773054000.000100"]
        got = search(driver, "zebra")
        if dump:
            print(driver.find_element(By.ID, "search").get_attribute("outerHTML"))
        expect("'zebra' finds its three messages", got, zebra)
        expect("'noon' finds its one message", search(driver, "noon"), [random + "1772449200.000100"])
        for name, value, want in [("conversation", "general", zebra[:2]), ("author", "Ada", [zebra[0], zebra[2]]),
                                  ("emoji", "👍", [zebra[0], zebra[2]]), ("week", "2026-W11", zebra[1:])]:
            search(driver, "zebra")
            expect(f"the {name} filter {value} narrows 'zebra'", toggle(driver, name, value), want)
            expect(f"clearing the {name} filter {value} widens it again", toggle(driver, name, value), zebra)
        got = search(driver, "quokka")
        expect("'quokka' finds the message whose text is HTML", got, [random + "1773057600.000100"])
        excerpt = driver.execute_script("""
            const result = document.querySelector('#search .pagefind-ui__result');
            return [result.querySelector('.pagefind-ui__result-link').textContent,
                    result.querySelector('.pagefind-ui__result-excerpt').textContent, result.querySelectorAll('img,script,iframe').length];
        """)
        # Pagefind drops the angle brackets of the text it indexes; the name is shown as text.
        expect("its title and excerpt show the HTML as text, and no element of it", excerpt,
               ["<img src=y onerror=alert(2)>Dee in random, 2026-03-09 12:00 UTC", "img src=x onerror=alert(1) quokka", 0])
        expect("'wombat' finds the message whose text is escaped HTML", search(driver, "wombat"), [random + "1773061200.000100"])
        # Pagefind writes its excerpts as HTML: the entities of the text show as the characters.
        expect("its excerpt shows the escaped HTML as text, and no element of it", driver.execute_script("""
            const result = document.querySelector('#search .pagefind-ui__result');
            return [result.querySelector('.pagefind-ui__result-excerpt').textContent, result.querySelectorAll('img,script,iframe').length];
        """), ["<img src=z onerror=alert(3)> wombat", 0])
        expect("the author filter shows the hostile name as text", driver.execute_script("""
            const label = document.querySelector('label[for^="author-"][for$="Dee"]');
            return label ? [label.textContent, document.querySelectorAll('#search img,#search script').length] : null;
        """), ["<img src=y onerror=alert(2)>Dee (1)", 0])
    finally:
        driver.quit()
    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1])
