# Fuzzing (issue 15): coverage-guided libFuzzer targets for every parser and decoder, in the
# separate package Fuzz/ (the library's package graph is untouched). See docs/security.md.
#
#   make fuzz          every target for FUZZ_SECONDS (default 60) each: exec/s and coverage per
#                      target, a line per target appended to Fuzz/Logs/<target>.log (commit them)
#   make fuzz-corpus   re-merge seeds and found inputs into minimized Fuzz/Corpus/<target>
#   make fuzz-mutants  reintroduce known defects one at a time; the right target must find each
#
# make ci runs fuzz-replay (swift test of Fuzz/: every corpus entry and regression through the
# same checks, on any platform), fuzz-ci (the libFuzzer builds replay them too, then a fixed
# -runs/-seed per target; SKIPPED where libFuzzer cannot link), fuzz-differential (Swift router
# vs the emitted JS router and WHATWG URL, and the page-actions look vs no look, node),
# fuzz-emit-parse (node, tsc, gofmt and go vet, swiftc -parse over what fuzz-emit generates,
# strings read back) and security-doc
# (docs/security.md cites only names that exist).
FUZZ_SECONDS ?= 60
FUZZ_RUNS ?= 5000
FUZZ_SEED ?= 1
export FUZZ_SECONDS FUZZ_RUNS FUZZ_SEED

CI_STEPS += fuzz-replay fuzz-ci fuzz-differential fuzz-emit-parse security-doc

.PHONY: fuzz fuzz-corpus fuzz-mutants fuzz-replay fuzz-ci fuzz-differential fuzz-emit-parse security-doc

fuzz:
	@echo "== fuzz: each target $(FUZZ_SECONDS) s (logs in Fuzz/Logs/)"
	scripts/fuzz-run.sh fuzz $(FUZZ_TARGETS)

fuzz-corpus:
	scripts/fuzz-run.sh corpus $(FUZZ_TARGETS)

fuzz-mutants:
	scripts/fuzz-mutants.sh

fuzz-replay:
	@echo "== fuzz-replay: Fuzz/ is format-clean; swift test replays every Fuzz/Corpus and Fuzz/Regressions input through FuzzChecks"
	$(SWIFT) format lint --strict --recursive Fuzz/Package.swift Fuzz/Sources/FuzzChecks Fuzz/Sources/fuzz-* Fuzz/Tests
	$(SWIFT) test --package-path Fuzz $(STRICT)

fuzz-ci:
	@echo "== fuzz-ci: libFuzzer builds replay the corpora and regressions, then -runs=$(FUZZ_RUNS) -seed=$(FUZZ_SEED) per target"
	scripts/fuzz-run.sh ci

fuzz-differential:
	@echo "== fuzz-differential: Swift router, emitted JS router and WHATWG URL on every url corpus entry and seeded mutations; the page-actions script's look before routing against the script without it"
	scripts/fuzz-differential.sh

# Issue 31: every generated language's own parser over the manifests fuzz-emit generates.
FUZZ_EMIT_PARSE_RUNS ?= 1500
fuzz-emit-parse:
	@echo "== fuzz-emit-parse: fuzz-emit's corpus and $(FUZZ_EMIT_PARSE_RUNS) mutated inputs (seed $(FUZZ_SEED)) compiled; node, tsc, gofmt, go vet and swiftc -parse take every file and the strings read back"
	@command -v tsc >/dev/null || { echo "fuzz-emit-parse: tsc is required (make setup installs it: apt-get install node-typescript)"; exit 1; }
	GO="$(CURDIR)/scripts/go.sh" FUZZ_EMIT_PARSE_RUNS=$(FUZZ_EMIT_PARSE_RUNS) PYTHON=$(PYTHON) scripts/fuzz-emit-parse.sh

security-doc:
	@echo "== security-doc: every test, suite, fuzz target and make step docs/security.md cites exists"
	$(PYTHON) scripts/fuzz-check-security-doc.py
