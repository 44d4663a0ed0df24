#!/usr/bin/env python3
"""Runs axe-core on built sites in headless Chromium; fails on serious or critical violations.

    python3 Scripts/check-pages-axe.py SITE_FOLDER...

Called by Scripts/check-pages.sh, which builds the sites. Needs chromium and chromedriver
(Debian: chromium, chromium-driver) and the PyPI packages selenium and axe-selenium-python
(which ships axe-core; 2.1.6 ships axe-core 3.1.1).

Each page is loaded from its file, every <details> is opened (the "Reacted by" lists are part of
the page a reader sees once they open them, and axe skips what is not rendered), and axe-core
runs with its default rules; then, on the same load with the reader's colour scheme set to dark,
the colour-contrast rule alone runs again (the one rule the dark theme can change). A violation of impact
serious or critical fails the check; minor and moderate ones are printed and do not.

Which pages: one of each set of pages whose HTML is the same once digits are masked. axe takes
0.3 to 1 s for a page here and 35 s for the hostile site's index. The hostile site had 447
pages, 410 of them weeks with no messages that differed only in week numbers and dates; since
a run of empty weeks has no pages (issue 27) it has 30, and the five sites of check-pages.sh are
85 pages, none of them alike once masked (52 s for all, on this shared 2-core machine). The
masking stays for sites of many alike pages. Pages that differ only in digits have the same
elements, attributes and colours, which is what axe's rules look at; a duplicate id that only
digits would tell apart is the Nu checker's to find, and it reads every page. Of the person
pages (people/, a page per person from one template) axe checks the first PEOPLE_PAGES of each
site: the five sites hold 120 of them, and checking all took 7 of the check's 8 minutes.
ALL_PAGES=1 checks every page.
"""
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import sys
import threading
import time

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

FAILING_IMPACTS = ("serious", "critical")
# How many person pages of each site axe checks (the Nu HTML Checker reads every one).
PEOPLE_PAGES = 8


def pages_to_check(roots, every_page):
    """(name, path) of the .html files under the roots, named `site/page.html` and sorted;
    without every_page, only the first of those whose texts are equal with digits masked."""
    pages = sorted((os.path.join(os.path.basename(os.path.normpath(root)), os.path.relpath(os.path.join(folder, name), root)),
                    os.path.join(folder, name))
                   for root in roots for folder, _, names in os.walk(root) for name in names if name.endswith(".html"))
    if every_page:
        return pages, len(pages)
    chosen, seen, people = [], set(), {}
    for name, page in pages:
        site, _, rest = name.partition(os.sep)
        if rest.startswith("people" + os.sep) and rest != os.path.join("people", "index.html"):
            # A page per person, from one template, their names and lists all different: the
            # first PEOPLE_PAGES of each site (the hostile site alone has 42; all took 7 minutes).
            people[site] = people.get(site, 0) + 1
            if people[site] > PEOPLE_PAGES:
                continue
        with open(page, "rb") as handle:
            shape = hashlib.sha256(re.sub(rb"[0-9]+", b"0", handle.read())).digest()
        if shape not in seen:
            seen.add(shape)
            chosen.append((name, page))
    return chosen, len(pages)


def browser():
    """Headless Chromium through the system's chromedriver (nothing is downloaded)."""
    options = Options()
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,2000"):
        options.add_argument(argument)
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    driver = webdriver.Chrome(options=options, service=Service(driver_path))
    driver.set_script_timeout(600)
    driver.set_page_load_timeout(600)
    return driver


def set_scheme(driver, scheme):
    """Sets the reader's colour scheme (prefers-color-scheme) for the pages that follow."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def run_axe(driver, options):
    """axe-core's violations on the loaded page with the given run options."""
    return driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document, " + json.dumps(options) + ").then(function (r) { done(r.violations); },"
        " function (e) { done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]); });")


def check_page(driver, page):
    """(scheme, violation) pairs for one page: every default rule in the light scheme, then
    colour contrast in the dark one, on one load (the scheme applies without a reload)."""
    set_scheme(driver, "light")
    driver.get("file://" + os.path.abspath(page))
    driver.execute_script("document.querySelectorAll('details').forEach(function (d) { d.open = true; });")
    Axe(driver).inject()
    found = [("light", violation) for violation in run_axe(driver, {})]
    set_scheme(driver, "dark")
    found += [("dark", violation) for violation in run_axe(driver, {"runOnly": {"type": "rule", "values": ["color-contrast"]}})]
    return found


def describe(page, scheme, violation):
    """One line for a violation: page, rule, impact, scheme, what it asks, the first element."""
    nodes = violation.get("nodes") or []
    first = nodes[0] if nodes else {}
    target = " ".join(first.get("target", []))
    html = re.sub(r"\s+", " ", first.get("html", ""))[:160]
    return (f"{page}: {violation['id']} ({violation.get('impact')}, {scheme}): {violation.get('help', '')}; "
            f"{len(nodes)} element(s), first {target} {html}")


def check_all(pages, workers):
    """{name: [(scheme, violation)]} for every page, on `workers` browsers at once, the largest
    pages first so that the longest one (the hostile index) does not start last."""
    queue = sorted(pages, key=lambda item: -os.path.getsize(item[1]))
    lock = threading.Lock()
    found, versions = {}, []

    def work():
        driver = browser()
        try:
            while True:
                with lock:
                    if not queue:
                        break
                    name, page = queue.pop(0)
                result = check_page(driver, page)
                with lock:
                    found[name] = result
            versions.append(driver.execute_script("return typeof axe === 'undefined' ? '?' : axe.version"))
        finally:
            driver.quit()

    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        for future in [pool.submit(work) for _ in range(workers)]:
            future.result()
    return found, versions[0] if versions else "?"


def main():
    roots = sys.argv[1:]
    if not roots:
        sys.exit(__doc__)
    pages, total = pages_to_check(roots, os.environ.get("ALL_PAGES") == "1")
    started = time.monotonic()
    # Two browsers: one per core of the machines this runs on; each waits on its page's script.
    found, version = check_all(pages, int(os.environ.get("AXE_BROWSERS", "2")))
    failures, notes = [], []
    failing_elements = 0
    for name, _ in pages:
        for scheme, violation in found[name]:
            line = describe(name, scheme, violation)
            if violation.get("impact") in FAILING_IMPACTS:
                failures.append(line)
                failing_elements += len(violation.get("nodes") or [])
            else:
                notes.append(line)
    for line in notes:
        print("note:", line)
    for line in failures:
        print("error:", line)
    skipped = "" if len(pages) == total else \
        f" (the rest differ from a checked one only in digits, or are person pages past the first {PEOPLE_PAGES})"
    print(f"axe-core {version}: {len(pages)} of {total} pages{skipped}, "
          f"light and dark, {time.monotonic() - started:.0f} s: "
          f"{len(failures)} serious or critical ({failing_elements} elements), {len(notes)} minor or moderate")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
