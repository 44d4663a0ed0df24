# reaction-report — see README.md.
SHELL := /bin/bash
SUDO := $(shell [ "$$(id -u)" = 0 ] || command -v sudo >/dev/null && [ "$$(id -u)" != 0 ] && echo sudo)

.PHONY: deps test-deps demo test fuzz build release clean

# Installs the system packages the build needs when they are missing (Debian/Ubuntu).
deps:
	@if ! pkg-config --exists libcmark zlib 2>/dev/null; then \
		echo "Installing libcmark-dev and zlib1g-dev…"; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y libcmark-dev zlib1g-dev pkg-config; \
	fi
	@command -v python3 >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y python3; }

# The browser test loads every page of a hostile site in headless Chromium.
test-deps:
	@command -v chromium >/dev/null || command -v chromium-browser >/dev/null || { \
		echo "Installing chromium…"; $(SUDO) apt-get update && $(SUDO) apt-get install -y chromium; }

build: deps
	swift build

release: deps
	swift build -c release

# Builds in release mode and writes the demo site for Examples/ into Output/.
demo: release
	.build/release/reaction-report build Examples -o Output
	@echo "Open Output/index.html"

# Unit, golden and CLI tests, the generated-export check of every importer, the inputs the
# fuzzer once crashed on, and a reproducible fuzzing run (20,000 inputs from seed 1, about a
# minute) that must find nothing.
test: deps test-deps
	swift build
	swift test
	bash Tests/generated/run.sh
	.build/debug/reaction-report-fuzz Tests/fuzz-findings
	RUNS=20000 SEED=1 bash Scripts/fuzz.sh

# Fuzzing for longer: make fuzz SECONDS_TO_RUN=3600
fuzz:
	SECONDS_TO_RUN=$${SECONDS_TO_RUN:-600} FUZZ_ARGS="-fork=1 -ignore_crashes=1" bash Scripts/fuzz.sh

clean:
	rm -rf .build Output/*
