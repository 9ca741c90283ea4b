# The Apple-only code, type-checked on Linux against iOS 17.4 and macOS 14.0 SDKs (issue 28):
# scripts/apple-typecheck.sh runs ../shared/tools/apple-sdk/check.sh when its SDKs are prepared,
# prints `SKIPPED: apple-typecheck (no Darwin SDK: …)` when they are not, and on a Mac with
# Xcode defers to the real builds (`make apple`). docs/contributing.md says how to prepare it.
CI_STEPS += apple-typecheck

.PHONY: apple-typecheck

apple-typecheck:
	@echo "== apple-typecheck: the package's Apple-only branches and every example app, type-checked for iOS 17 and macOS 14"
	scripts/apple-typecheck.sh
