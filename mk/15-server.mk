# The version client (issue 15): while a server floods /api/version, the CLI's peak memory
# stays within 1 MB of its peak on a normal answer, over http and https (GNU time at /usr/bin/time, installed by
# make setup). Linux only: the memory bound comes from the Linux transports (socket, libcurl).
CI_STEPS += version-flood-memory

.PHONY: version-flood-memory

version-flood-memory:
	@echo "== version-flood-memory: rastrillo-native version against a flooding loopback server (http, https): exit 1, peak memory within 1 MB of a normal answer"
	@if [ "$$(uname -s)" = Darwin ]; then echo "SKIPPED: version-flood-memory needs GNU time and the Linux transport"; exit 0; fi; \
	$(SWIFT) build --product rastrillo-native $(STRICT) >/dev/null; \
	$(PYTHON) scripts/version-flood-check.py "$$($(SWIFT) build --show-bin-path)/rastrillo-native" 1024
