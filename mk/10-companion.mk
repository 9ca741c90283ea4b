# Companion scaffold (issue 3): the example's own package and `companion new` /
# `companion check`. The template is embedded in rastrillo-native at build time
# (CompanionTemplatePlugin); the Swift tests compare a copied binary's output
# with examples/companion.
# The unsigned Xcode builds are in scripts/apple-builds.sh (the `apple` step).
CI_STEPS += companion-lint companion-example companion-new-check companion-release-gate

.PHONY: companion-lint companion-example companion-new-check companion-release-gate

companion-lint:
	@echo "== companion: swift format lint --strict on examples/companion (SwiftUI files included)"
	$(SWIFT) format lint --strict --recursive --parallel examples/companion/Package.swift examples/companion/Sources examples/companion/Tests

companion-example:
	@echo "== companion: examples/companion builds (warnings as errors) and its model tests pass"
	$(SWIFT) build --package-path examples/companion --build-tests $(STRICT)
	$(SWIFT) test --package-path examples/companion $(STRICT)

companion-new-check:
	@echo "== companion: 'companion new' output passes 'companion check' and builds; examples/companion passes check"
	SWIFT="$(SWIFT)" STRICT="$(STRICT)" scripts/companion-new-check.sh

companion-release-gate:
	@echo "== companion: a release build has no insecure local-network opt-in (the flag is a usage error)"
	$(SWIFT) build -c release --product rastrillo-native $(STRICT)
	status=0; "$$($(SWIFT) build -c release --show-bin-path)/rastrillo-native" version http://192.168.1.2 \
		--allow-insecure-local-network >/dev/null 2>&1 || status=$$?; \
	if [ "$$status" -ne 2 ]; then echo "error: release rastrillo-native accepted --allow-insecure-local-network (exit $$status)" >&2; exit 1; fi
