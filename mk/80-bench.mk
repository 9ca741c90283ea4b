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
