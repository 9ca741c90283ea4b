# RastrilloNative's one gate is `make ci`. `make test` is the quick loop.
# Steps other issues add live in mk/*.mk; each appends its step names to
# CI_STEPS (in the order they should run) and defines their recipes.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
# Project tools (pinned Python packages, the pinned Go) live in a venv that `make setup`
# fills (scripts/setup.sh); its bin comes first, so `python3` in every step is the venv's.
TOOLS_VENV ?= $(CURDIR)/.build/tools/venv
export RASTRILLO_TOOLS_VENV := $(TOOLS_VENV)
export PATH := $(TOOLS_VENV)/bin:/opt/swift/usr/bin:$(PATH)
PYTHON := $(TOOLS_VENV)/bin/python

# swift through scripts/swiftpm.sh: SwiftPM's driver itself dying of SIGSEGV/SIGBUS (a known
# libdispatch crash on Linux) is run once more and named; a test's or compiler's crash still fails.
SWIFT ?= $(CURDIR)/scripts/swiftpm.sh
export SWIFT
# Warnings are errors in CI through a flag, never through unsafeFlags in Package.swift.
STRICT := -Xswiftc -warnings-as-errors
CI_STEPS :=

include $(sort $(wildcard mk/*.mk))

.PHONY: setup ci ci-steps test lint build swift-test examples consumer manifest-plugin docs quickstart apple mutants bench help

help:
	@echo "make setup    install what the checks need (apt-get or brew hints, and the project venv); make ci runs it first"
	@echo "make ci       the one gate: lint, build, tests, examples, docs, README quick start, Apple builds (or SKIPPED)"
	@echo "make test     build and run the Swift tests"
	@echo "make mutants  apply one patch per CoalescedRunner contract point and check the tests kill it"
	@echo "make bench    run every benchmark (release; the Benchmarks/ package)"
	@echo "make install  build release and install rastrillo-native, rastrillo-vectors into \$$(PREFIX)/bin (PREFIX=/usr/local)"
	@echo "make docs-check  run every shell block of the docs in a fresh clone"

# The one setup path: system tools and the project venv (see the tables in scripts/setup.sh).
setup:
	@scripts/setup.sh

# The gate's steps in order. `make ci` runs them in one make (each shared prerequisite builds
# once) through scripts/ci-times.sh, which prints every step's seconds at the end, pass or fail.
# Each step keeps its own target for the quick loop: `make <step>`.
CI_ORDER = setup lint build swift-test examples $(CI_STEPS) docs quickstart apple ci-hygiene
CI_TIMES := $(CURDIR)/.build/ci-step-times.txt

ci:
	@scripts/ci-times.sh $(CI_TIMES) $(MAKE) --no-print-directory ci-steps

ci-steps: $(foreach step,$(CI_ORDER),ci-mark-$(step) $(step)) ci-mark-end
	@echo "make ci: all steps finished (see SKIPPED lines above for steps that could not run here)"

# A mark: the step, the wall clock, and (where /proc exists) the CPU seconds make's finished
# recipes have used so far, so the table shows what each step costs whatever else the machine runs.
ci-mark-%:
	@echo "$* $$(date +%s.%N) $$(awk -v hz=$$(getconf CLK_TCK) '{print ($$16 + $$17) / hz}' /proc/$$PPID/stat 2>/dev/null)" >>$(CI_TIMES)

test:
	$(SWIFT) build --build-tests $(STRICT)
	$(SWIFT) test $(STRICT)

lint:
	@echo "== lint: no API above the iOS 17 / macOS 14 floor"
	scripts/check-availability.sh
	@echo "== lint: swift format lint --strict"
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests $(wildcard Plugins) examples/consumer examples/manifest-plugin

build:
	@echo "== build: warnings as errors"
	$(SWIFT) build --build-tests $(STRICT)

# Without python3 or node on PATH: `swift test` needs only Swift (the cross-language oracle tests
# are skipped here and run by `make swift-oracles`, mk/12-oracles.mk).
swift-test:
	@echo "== tests (PATH without python3 and node: swift test needs only Swift)"
	PATH="$$(scripts/swift-only-path.sh $(SWIFT_ONLY_PATH_DIR))" $(SWIFT) test $(STRICT)

examples: consumer manifest-plugin

manifest-plugin:
	@echo "== example: examples/manifest-plugin compiles its app-manifest.json at build time with RastrilloManifestPlugin"
	$(SWIFT) build --package-path examples/manifest-plugin --build-tests $(STRICT)
	$(SWIFT) test --package-path examples/manifest-plugin $(STRICT)

consumer:
	@echo "== example: examples/consumer adopts the runner through a typealias"
	$(SWIFT) build --package-path examples/consumer --build-tests $(STRICT)
	$(SWIFT) test --package-path examples/consumer $(STRICT)

docs:
	@echo "== docs: DocC with warnings as errors, and every public symbol documented"
	scripts/docs.sh

quickstart:
	@echo "== README quick start, run verbatim"
	scripts/readme-quickstart.sh

apple:
	@echo "== Apple builds"
	scripts/apple-builds.sh

mutants:
	$(PYTHON) scripts/mutants.py

bench:
	$(SWIFT) run --package-path Benchmarks -c release rastrillo-bench all
