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
