# App manifest steps (issue 4): the generated Swift is fresh, the example
# manifest validates, and the emitted JavaScript and Go reach the corpus's
# decisions (Tests/ManifestParity/corpus.json) under node and on a real
# net/http.ServeMux. Go is the pinned toolchain of scripts/go.sh (fails, never skips).
MANIFEST_CLI = $(shell $(SWIFT) build $(STRICT) --show-bin-path)/rastrillo-native
MANIFEST_PARITY := Tests/ManifestParity
MANIFEST_GEN := .build/manifest-parity
MANIFEST_GO := scripts/go.sh

CI_STEPS += manifest-build-check manifest-schema-check manifest-example-check manifest-parity-js manifest-parity-go \
	manifest-keyword-params

.PHONY: manifest-keyword-params manifest-cli manifest-schema-check manifest-build-check manifest-example-check manifest-emit manifest-parity-js manifest-parity-go

manifest-cli:
	@echo "== manifest-cli: build rastrillo-native (same flags as 'build', so nothing recompiles)"
	$(SWIFT) build $(STRICT) --product rastrillo-native

manifest-build-check: manifest-cli
	@echo "== manifest-build-check: the checked-in generated Swift matches the parity manifest (manifest build --check)"
	$(MANIFEST_CLI) manifest build $(MANIFEST_PARITY)/parity-manifest.json --only swift \
		--out Tests/RastrilloManifestCompilerTests/Generated --check

manifest-schema-check: manifest-cli
	@echo "== manifest-schema-check: docs/app-manifest.schema.json is what 'manifest schema' prints, valid manifests pass it and bad shapes fail it"
	@diff -u docs/app-manifest.schema.json <($(MANIFEST_CLI) manifest schema) || \
		{ echo "docs/app-manifest.schema.json is stale: run rastrillo-native manifest schema > docs/app-manifest.schema.json"; exit 1; }
	$(PYTHON) $(MANIFEST_PARITY)/check-schema.py docs/app-manifest.schema.json examples/companion/Sources/CompanionCore/app-manifest.json \
		$(MANIFEST_PARITY)/parity-manifest.json $(MANIFEST_PARITY)/page-actions-manifest.json examples/notes/Sources/NotesCore/app-manifest.json

manifest-example-check: manifest-cli
	@echo "== manifest-example-check: examples/companion/Sources/CompanionCore/app-manifest.json validates and compiles"
	$(MANIFEST_CLI) manifest check examples/companion/Sources/CompanionCore/app-manifest.json
	@out=$$(mktemp -d); trap 'rm -rf "$$out"' EXIT; \
	$(MANIFEST_CLI) manifest build examples/companion/Sources/CompanionCore/app-manifest.json --out "$$out" >/dev/null && \
	$(MANIFEST_CLI) manifest build examples/companion/Sources/CompanionCore/app-manifest.json --out "$$out" --check

manifest-emit: manifest-cli
	@echo "== manifest-emit: emit JS and Go for the parity manifest into $(MANIFEST_GEN)"
	@rm -rf $(MANIFEST_GEN) && mkdir -p $(MANIFEST_GEN)/go/appmanifest
	$(MANIFEST_CLI) manifest build $(MANIFEST_PARITY)/parity-manifest.json --only js,go --out $(MANIFEST_GEN) >/dev/null
	cp $(MANIFEST_GEN)/app-manifest.js $(MANIFEST_GEN)/app-manifest.mjs
	cp $(MANIFEST_GEN)/app_manifest_gen.go $(MANIFEST_GEN)/go/appmanifest/
	cp $(MANIFEST_PARITY)/go/main.go $(MANIFEST_GEN)/go/
	printf 'module parity\n\ngo 1.22\n' > $(MANIFEST_GEN)/go/go.mod

manifest-parity-js: manifest-emit
	@echo "== manifest-parity-js: the emitted route() under node reaches every corpus decision"
	node $(MANIFEST_PARITY)/parity.mjs $(MANIFEST_GEN)/app-manifest.mjs $(MANIFEST_PARITY)/corpus.json

manifest-parity-go: manifest-emit
	@echo "== manifest-parity-go: emitted Go is gofmt/vet clean, its patterns on net/http.ServeMux answer as the corpus records, and ServeMux panics exactly on the validator's conflicts"
	@unformatted=$$("$$($(MANIFEST_GO) env GOROOT)/bin/gofmt" -l $(MANIFEST_GEN)/go $(MANIFEST_PARITY)/go); \
	if [ -n "$$unformatted" ]; then echo "gofmt: not formatted:"; echo "$$unformatted"; exit 1; fi
	cd $(MANIFEST_GEN)/go && GOWORK=off "$(CURDIR)/scripts/go.sh" vet ./...
	cd $(MANIFEST_GEN)/go && GOWORK=off "$(CURDIR)/scripts/go.sh" build -o parity .
	$(MANIFEST_GEN)/go/parity routes $(MANIFEST_PARITY)/corpus.json
	$(MANIFEST_GEN)/go/parity conflicts $(MANIFEST_PARITY)/conflict-patterns.txt $(MANIFEST_PARITY)/conflicts.txt
	$(MANIFEST_GEN)/go/parity pageactions

# Param names are URL names, keywords of every generated language included (issue 30): the
# generated Swift, JS, TypeScript and Go all take them (scripts/keyword-params-check.py).
manifest-keyword-params: manifest-cli
	@echo "== manifest-keyword-params: every keyword of Swift, JS/TS and Go as a param name: Swift type-checks a caller using every label, node round-trips every name through urlFor and route, tsc --strict takes them, Go vets and builds the query"
	@command -v tsc >/dev/null || { echo "manifest-keyword-params: tsc is required (make setup installs it: apt-get install node-typescript)"; exit 1; }
	$(PYTHON) scripts/keyword-params-check.py $(MANIFEST_CLI) "$$($(SWIFT) build $(STRICT) --show-bin-path)"
