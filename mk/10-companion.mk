# Companion scaffold (issue 3): the example's own package, the template
# embedded in rastrillo-native, and `companion new` / `companion check`.
# The unsigned Xcode builds are in scripts/apple-builds.sh (the `apple` step).
CI_STEPS += companion-lint companion-template-current companion-example companion-new-check

.PHONY: companion-lint companion-template-current companion-example companion-new-check

companion-lint:
	@echo "== companion: swift format lint --strict on examples/companion (SwiftUI files included)"
	$(SWIFT) format lint --strict --recursive --parallel examples/companion/Package.swift examples/companion/Sources examples/companion/Tests

companion-template-current:
	@echo "== companion: the template embedded in rastrillo-native is examples/companion, byte for byte"
	python3 scripts/embed-companion-template.py --check

companion-example:
	@echo "== companion: examples/companion builds (warnings as errors) and its model tests pass"
	$(SWIFT) build --package-path examples/companion --build-tests $(STRICT)
	$(SWIFT) test --package-path examples/companion $(STRICT)

companion-new-check:
	@echo "== companion: 'companion new' output passes 'companion check' and builds; examples/companion passes check"
	SWIFT="$(SWIFT)" STRICT="$(STRICT)" scripts/companion-new-check.sh
