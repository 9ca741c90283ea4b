# Crypto steps (issue 6): replay the upstream Rastrillo vectors through
# rastrillo-vectors (the crypto commands' own executable, so rastrillo-native needs
# no OpenSSL), and replay freshly made vectors with an independent implementation
# (scripts/vectors-independent.py on Python's `cryptography`), so our own
# code never grades itself.
RASTRILLO_VECTORS ?= $(abspath $(CURDIR)/../shared/vectors/rastrillo)
VECTORS_COPY := Tests/RastrilloCryptoTests/Vectors
# The four vector schemas; the assertion payload fixtures (payload.json,
# paired-surrogates.json, refused-*.json) are replayed by RastrilloCryptoTests.
VECTOR_FILES := crypto/golden.json crypto/invites.json keyring/golden.json assertion/golden.json

CI_STEPS += cli-needs-only-swift vectors-upstream vectors-independent

.PHONY: cli-needs-only-swift vectors-upstream vectors-independent vectors-cli

vectors-cli:
	@$(SWIFT) build --product rastrillo-vectors $(STRICT) >/dev/null

# The quick start's first command runs rastrillo-native and RastrilloManifestPlugin runs
# rastrillo-manifest-tool: they must need nothing beyond Swift. Their links (every object file,
# and their direct shared-library needs) must not contain RastrilloCrypto, COpenSSL or OpenSSL.
CLI_SWIFT_ONLY := rastrillo-native rastrillo-manifest-tool

cli-needs-only-swift:
	@echo "== cli-needs-only-swift: $(CLI_SWIFT_ONLY) link no RastrilloCrypto objects and need no libcrypto/libssl (readelf -d)"
	@if [ "$$(uname -s)" = Darwin ]; then echo "SKIPPED: cli-needs-only-swift reads ELF (readelf); Apple platforms use CryptoKit, never OpenSSL"; exit 0; fi; \
	bin="$$($(SWIFT) build --show-bin-path)"; \
	for product in $(CLI_SWIFT_ONLY); do \
		$(SWIFT) build --product "$$product" $(STRICT) >/dev/null; \
		objects="$$bin/$$product.product/Objects.LinkFileList"; \
		[ -s "$$objects" ] || { echo "cli-needs-only-swift: $$objects is missing; cannot see what $$product links"; exit 1; }; \
		grep -q "/RastrilloNativeCLI.build/" "$$objects" || \
			{ echo "cli-needs-only-swift: $$objects does not list RastrilloNativeCLI: the check reads the wrong file"; exit 1; }; \
		if grep -E "/(RastrilloCrypto|COpenSSL)[^/]*\.build/" "$$objects"; then \
			echo "cli-needs-only-swift: $$product links the object files above (RastrilloCrypto): move that code to rastrillo-vectors"; exit 1; fi; \
		needed=$$(readelf -d "$$bin/$$product" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); \
		[ -n "$$needed" ] || { echo "cli-needs-only-swift: readelf -d listed no NEEDED libraries for $$bin/$$product"; exit 1; }; \
		if echo "$$needed" | grep -E "^lib(crypto|ssl)\."; then \
			echo "cli-needs-only-swift: $$product needs OpenSSL directly (above)"; exit 1; fi; \
		echo "$$product: $$(wc -l <"$$objects") object files, none from RastrilloCrypto; needs $$(echo $$needed | tr ' ' ',')"; \
	done

vectors-upstream: vectors-cli
	@echo "== vectors-upstream: upstream vector files are byte-identical to the committed copy and replay through 'rastrillo-vectors check'"
	@bin="$$($(SWIFT) build --show-bin-path)/rastrillo-vectors"; \
	(cd $(VECTORS_COPY) && sha256sum --quiet -c SHA256SUMS); \
	if [ -f "$(RASTRILLO_VECTORS)/SHA256SUMS" ]; then \
		dir="$(RASTRILLO_VECTORS)"; (cd "$$dir" && sha256sum --quiet -c SHA256SUMS); \
		(cd $(VECTORS_COPY) && sha256sum --quiet -c "$$dir/SHA256SUMS"); \
	else \
		dir="$(VECTORS_COPY)"; echo "upstream $(RASTRILLO_VECTORS) not on this machine: replaying the committed byte-identical copy"; \
	fi; \
	"$$bin" check $(addprefix "$$dir"/,$(VECTOR_FILES))

vectors-independent: vectors-cli
	@echo "== vectors-independent: 'rastrillo-vectors make' output (every kind) replays with scripts/vectors-independent.py (Python cryptography), which also agrees with upstream"
	@bin="$$($(SWIFT) build --show-bin-path)/rastrillo-vectors"; \
	out=$$(mktemp -d); trap 'rm -rf "$$out"' EXIT; \
	$(PYTHON) scripts/vectors-independent.py $(addprefix $(VECTORS_COPY)/,$(VECTOR_FILES)) | tail -1; \
	for kind in crypto invites keyring assertion; do "$$bin" make $$kind --out "$$out/$$kind.json"; done; \
	$(PYTHON) scripts/vectors-independent.py "$$out"/*.json
