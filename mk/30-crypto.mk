# Crypto steps (issue 6): replay the upstream Rastrillo vectors through the
# CLI, and replay freshly made vectors with an independent implementation
# (scripts/vectors-independent.py on Python's `cryptography`), so our own
# code never grades itself.
RASTRILLO_VECTORS ?= $(abspath $(CURDIR)/../shared/vectors/rastrillo)
VECTORS_COPY := Tests/RastrilloCryptoTests/Vectors
# The four vector schemas; the assertion payload fixtures (payload.json,
# paired-surrogates.json, refused-*.json) are replayed by RastrilloCryptoTests.
VECTOR_FILES := crypto/golden.json crypto/invites.json keyring/golden.json assertion/golden.json

CI_STEPS += vectors-upstream vectors-independent

.PHONY: vectors-upstream vectors-independent vectors-cli

vectors-cli:
	@$(SWIFT) build --product rastrillo-native $(STRICT) >/dev/null

vectors-upstream: vectors-cli
	@echo "== vectors-upstream: upstream vector files are byte-identical to the committed copy and replay through 'rastrillo-native vectors check'"
	@bin="$$($(SWIFT) build --show-bin-path)/rastrillo-native"; \
	(cd $(VECTORS_COPY) && sha256sum --quiet -c SHA256SUMS); \
	if [ -f "$(RASTRILLO_VECTORS)/SHA256SUMS" ]; then \
		dir="$(RASTRILLO_VECTORS)"; (cd "$$dir" && sha256sum --quiet -c SHA256SUMS); \
		(cd $(VECTORS_COPY) && sha256sum --quiet -c "$$dir/SHA256SUMS"); \
	else \
		dir="$(VECTORS_COPY)"; echo "upstream $(RASTRILLO_VECTORS) not on this machine: replaying the committed byte-identical copy"; \
	fi; \
	"$$bin" vectors check $(addprefix "$$dir"/,$(VECTOR_FILES))

vectors-independent: vectors-cli
	@echo "== vectors-independent: 'vectors make' output (every kind) replays with scripts/vectors-independent.py (Python cryptography), which also agrees with upstream"
	@bin="$$($(SWIFT) build --show-bin-path)/rastrillo-native"; \
	out=$$(mktemp -d); trap 'rm -rf "$$out"' EXIT; \
	$(PYTHON) scripts/vectors-independent.py $(addprefix $(VECTORS_COPY)/,$(VECTOR_FILES)) | tail -1; \
	for kind in crypto invites keyring assertion; do "$$bin" vectors make $$kind --out "$$out/$$kind.json"; done; \
	$(PYTHON) scripts/vectors-independent.py "$$out"/*.json
