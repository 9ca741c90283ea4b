# The emitted TypeScript declarations (issues 4 and 5): tsc --strict accepts pages that use the
# generated modules correctly (Tests/TypeScript/*.ts) and rejects each misuse in
# Tests/TypeScript/*.fail.ts with the error its first line names — so the .d.ts files really
# constrain callers. tsc comes from Debian's node-typescript (make setup: scripts/setup.sh); the step
# fails, never skips, when it is missing.
TS_DIR := Tests/TypeScript
TS_GEN := .build/typescript

CI_STEPS += typescript-check

.PHONY: typescript-check

typescript-check: manifest-cli
	@echo "== typescript-check: tsc --strict on the emitted .d.ts files: correct uses compile, each misuse is rejected"
	@command -v tsc >/dev/null || { echo "typescript-check: tsc is required (make setup installs it: apt-get install node-typescript)"; exit 1; }
	rm -rf $(TS_GEN) && mkdir -p $(TS_GEN)
	$(MANIFEST_CLI) manifest build $(MANIFEST_PARITY)/parity-manifest.json --only js --out $(TS_GEN) >/dev/null
	tsc --version
	tsc -p $(TS_DIR)/tsconfig.json
	@for file in $(TS_DIR)/*.fail.ts; do \
		expected=$$(sed -n '1s#^// expect: ##p' "$$file"); \
		[ -n "$$expected" ] || { echo "typescript-check: $$file does not start with '// expect: TSnnnn'"; exit 1; }; \
		if output=$$(tsc --strict --noEmit --target es2022 --module es2022 --moduleResolution node \
			--lib es2022,dom "$$file" 2>&1); then \
			echo "typescript-check: $$file compiled, but the .d.ts should reject it ($$expected)"; exit 1; \
		fi; \
		echo "$$output" | grep -q "error $$expected" \
			|| { echo "typescript-check: $$file failed without $$expected:"; echo "$$output"; exit 1; }; \
		echo "rejected as expected ($$expected): $$file"; \
	done

# The JavaScript and TypeScript runtimes (issue 25) are ordinary files in
# Sources/RastrilloManifestCompiler/Runtime/ (*.js, *.d.ts), embedded into the compiler through
# Sources/RastrilloManifestCompiler/Emitters/RuntimeTemplates+Embedded.swift. `make runtime-embed`
# rewrites that file after a runtime changes or is added; runtime-check fails when it is stale,
# checks every .js with node (as an ES module: `node --check file.js` passes ES module syntax
# errors unseen on node 20, so the file goes through stdin with --input-type=module, and a broken
# copy must fail) and every .ts/.d.ts with tsc --strict, each file on its own (the slots' stand-ins
# keep them whole).
RUNTIME_DIR := Sources/RastrilloManifestCompiler/Runtime
RUNTIME_SWIFT := Sources/RastrilloManifestCompiler/Emitters/RuntimeTemplates+Embedded.swift

CI_STEPS += runtime-check

.PHONY: runtime-embed runtime-check

runtime-embed:
	$(SWIFT) run $(STRICT) runtime-template-embedder $(RUNTIME_DIR) $(RUNTIME_SWIFT)

runtime-check:
	@echo "== runtime-check: $(RUNTIME_SWIFT) is current; each $(RUNTIME_DIR) file passes node --check (ES module) or tsc --strict on its own"
	@command -v node >/dev/null || { echo "runtime-check: node is required (apt-get install nodejs)"; exit 1; }
	@command -v tsc >/dev/null || { echo "runtime-check: tsc is required (make setup installs it: apt-get install node-typescript)"; exit 1; }
	$(SWIFT) run $(STRICT) runtime-template-embedder --check $(RUNTIME_DIR) $(RUNTIME_SWIFT)
	@for file in $(RUNTIME_DIR)/*.js; do \
		node --input-type=module --check <"$$file" || { echo "runtime-check: $$file is not a valid ES module"; exit 1; }; \
		if { cat "$$file"; echo 'function ('; } | node --input-type=module --check 2>/dev/null; then \
			echo "runtime-check: node accepted a broken copy of $$file, so its check proves nothing"; exit 1; fi; \
		echo "node --check (ES module): $$file"; \
	done
	@for file in $(RUNTIME_DIR)/*.ts; do \
		tsc --strict --noEmit --target es2022 --module es2022 --moduleResolution node --lib es2022,dom "$$file" \
			|| { echo "runtime-check: tsc --strict rejects $$file"; exit 1; }; \
		echo "tsc --strict: $$file"; \
	done
