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

.PHONY: setup ci ci-steps ci-beside-steps ci-beside-start ci-beside-join test lint build swift-test examples consumer manifest-plugin docs quickstart apple mutants bench help

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
CI_ALL = setup lint build swift-test examples $(CI_STEPS) docs quickstart apple ci-hygiene
# The beside lane: CPU-bound steps that share nothing with browser-mutants (no browser, no server,
# no file it reads or builds) run in a second make, at a lower priority (nice), while browser-mutants
# mostly waits on its browsers; ci-beside-start starts it once browser-mutants' own prerequisites are
# made, ci-beside-join waits for it, prints its output and fails when it failed. The steps keep
# this order among themselves, and their own targets.
CI_BESIDE := apple-typecheck fuzz-ci fuzz-emit-parse companion-release-gate bench-build docs
CI_ORDER = $(patsubst browser-mutants,ci-beside-start browser-mutants ci-beside-join,$(filter-out $(CI_BESIDE),$(CI_ALL)))
CI_TIMES := $(CURDIR)/.build/ci-step-times.txt
CI_BESIDE_DIR := $(CURDIR)/.build/ci-beside

ci:
	@scripts/ci-times.sh $(CI_TIMES) $(MAKE) --no-print-directory ci-steps

ci-steps: $(foreach step,$(CI_ORDER),ci-mark-$(step) $(step)) ci-mark-end
	@echo "make ci: all steps finished (see SKIPPED lines above for steps that could not run here)"

ci-beside-steps: $(foreach step,$(filter $(CI_BESIDE),$(CI_ALL)),ci-mark-$(step) $(step)) ci-mark-end

# setsid: its own process group, which scripts/ci-times.sh ends if the gate stops before the join.
ci-beside-start: $(BROWSER_MUTANTS_NEEDS)
	@rm -rf $(CI_BESIDE_DIR) && mkdir -p $(CI_BESIDE_DIR)
	@echo "== ci-beside-start: $(filter $(CI_BESIDE),$(CI_ALL)) run beside browser-mutants (nice -n 10; output in $(CI_BESIDE_DIR)/log, printed at ci-beside-join)"
	@setsid bash -c 'echo $$$$ >$(CI_BESIDE_DIR)/pid; nice -n 10 $(MAKE) --no-print-directory ci-beside-steps \
		CI_TIMES=$(CI_BESIDE_DIR)/times >$(CI_BESIDE_DIR)/log 2>&1; echo $$? >$(CI_BESIDE_DIR)/rc.part; \
		mv $(CI_BESIDE_DIR)/rc.part $(CI_BESIDE_DIR)/rc' </dev/null >/dev/null 2>&1 &
	@for tick in $$(seq 100); do [ -s $(CI_BESIDE_DIR)/pid ] && break; sleep 0.1; done; \
		[ -s $(CI_BESIDE_DIR)/pid ] || { echo "ci-beside-start: the beside lane did not start (no $(CI_BESIDE_DIR)/pid after 10 s)"; exit 1; }

ci-beside-join:
	@echo "== ci-beside-join: waiting for the beside lane ($(filter $(CI_BESIDE),$(CI_ALL)))"
	@[ -e $(CI_BESIDE_DIR)/pid ] || { echo "ci-beside-join: the beside lane never started (no $(CI_BESIDE_DIR)/pid)"; exit 1; }
	@while [ ! -e $(CI_BESIDE_DIR)/rc ]; do \
		kill -0 "$$(cat $(CI_BESIDE_DIR)/pid)" 2>/dev/null || [ -e $(CI_BESIDE_DIR)/rc ] || \
			{ echo "ci-beside-join: the beside lane ended without a status; its output:"; cat $(CI_BESIDE_DIR)/log; exit 1; }; \
		sleep 1; done
	@echo "---- the beside lane's output ----"; cat $(CI_BESIDE_DIR)/log; echo "---- end of the beside lane's output ----"
	@rc=$$(cat $(CI_BESIDE_DIR)/rc); [ "$$rc" = 0 ] || { echo "ci-beside-join: the beside lane failed (exit $$rc); the last step it started is the last ci-mark in $(CI_BESIDE_DIR)/times"; exit 1; }

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
	PYTHON=$(PYTHON) $(SWIFT) run --package-path Benchmarks -c release rastrillo-bench all
