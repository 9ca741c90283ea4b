# Every make step runs swift through scripts/swiftpm.sh (SWIFT in the Makefile): SwiftPM's own
# driver killed by SIGSEGV/SIGBUS is run once more, a test's or a compiler's crash is not.
CI_STEPS += swiftpm-check

.PHONY: swiftpm-check

swiftpm-check:
	@echo "== swiftpm-check: scripts/swiftpm.sh reruns only a driver that died of a signal, once"
	scripts/swiftpm-check.sh
