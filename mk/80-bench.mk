# Benchmarks (issue 18): rastrillo-bench is a package of its own, Benchmarks/ (it depends on this
# one by path), so the library's package graph holds only what apps and the CLI use. `make bench`
# runs them (release, timed, never part of make ci); bench-build, in make ci, keeps them
# format-clean and compiling (debug, warnings as errors) and times nothing.
CI_STEPS += bench-build

.PHONY: bench-build

bench-build:
	@echo "== bench-build: Benchmarks/ (rastrillo-bench) is format-clean and builds with warnings as errors; nothing is timed"
	$(SWIFT) format lint --strict --recursive Benchmarks/Package.swift Benchmarks/Sources/rastrillo-bench
	$(SWIFT) build --package-path Benchmarks $(STRICT)

# A hostile server dripping a 16 KB response head a byte per packet (issue 48): the client's CPU
# for the version check and the manifest fetch over http (the socket transfer) and https
# (libcurl), each against the same head in one write, measured in the same run; goal < 0.5 s.
# Benchmarks/drip-server.py serves it from a process of its own. Timed, so never part of make ci;
# DrippedHeadWorkTests counts the work per byte in swift-test instead.
.PHONY: bench-drip

bench-drip:
	@echo "== bench-drip: a 16 KB head dripped a byte per packet vs one write, http and https, version check and manifest fetch"
	PYTHON=$(PYTHON) $(SWIFT) run --package-path Benchmarks -c release rastrillo-bench drip

# The page-actions script on long, live pages (issue 33): first report, no-op rescan, one-row and
# all-rows swaps on generated notes lists of 10 to 5,000 rows, each as a ratio to the floor
# measured in the same page, in headless Chromium (tools/web-screen-harness/bench_page_actions.py)
# and in WebKitGTK embedded as the adapter embeds WKWebView (webkit_bench_page_actions.py).
# Timed, so never part of make ci; docs/page-actions.md records its figures with this command.
# BENCH_ROWS narrows the sizes (make bench-page-actions BENCH_ROWS=10,100: the short pages of issue 48).
BENCH_ROWS ?= 10,100,1000,5000

.PHONY: bench-page-actions

bench-page-actions: browser-tools notes-page-actions
	@echo "== bench-page-actions: page-actions.js on notes lists of $(BENCH_ROWS) rows, ratios to the floor measured in the same page (Chromium, then WebKitGTK)"
	CHROMIUM=$(CHROMIUM) $(PYTHON) tools/web-screen-harness/bench_page_actions.py --page-actions $(NOTES_PAGE_ACTIONS) --rows $(BENCH_ROWS)
	scripts/webkit-run.sh tools/web-screen-harness/webkit_bench_page_actions.py --page-actions $(NOTES_PAGE_ACTIONS) --rows $(BENCH_ROWS)

# The same two benchmarks run once, small, in make ci so they cannot rot: 10 rows, one sample
# each. Nothing is timed or judged; what fails it is the bench not running, or the script not
# having reported by the end of its own task (the order both benches measure by).
CI_STEPS += bench-page-actions-runs

.PHONY: bench-page-actions-runs

bench-page-actions-runs: browser-tools notes-page-actions
	@echo "== bench-page-actions-runs: both page-actions benchmarks run once on 10 rows (nothing timed or judged: the figures are make bench-page-actions's)"
	CHROMIUM=$(CHROMIUM) $(PYTHON) tools/web-screen-harness/bench_page_actions.py --page-actions $(NOTES_PAGE_ACTIONS) --rows 10 --repeat 1 >/dev/null
	scripts/webkit-run.sh tools/web-screen-harness/webkit_bench_page_actions.py --page-actions $(NOTES_PAGE_ACTIONS) --rows 10 --repeat 1 >/dev/null
	@echo "bench-page-actions-runs: both ran"
