# The worst case is gated (issue 15): a manifest of 10,000 destinations whose
# patterns all conflict (50 million pairs) goes through `manifest check`, which
# must refuse it (exit 1), list a bounded number of conflicts, and stay under
# HOSTILE_MAX_RSS_KB of peak resident memory (GNU time, /usr/bin/time -f %M).
# The elapsed time is printed, not gated (the machine may be busy).
HOSTILE_DIR := .build/hostile
HOSTILE_DESTINATIONS := 10000
# 20 conflicts listed + one "more" line + "error: … has N problem(s)".
HOSTILE_MAX_LINES := 22
HOSTILE_MAX_RSS_KB := 102400
GNU_TIME := /usr/bin/time

CI_STEPS += hostile-manifest

.PHONY: hostile-manifest

hostile-manifest: manifest-cli
	@echo "== hostile-manifest: $(HOSTILE_DESTINATIONS) mutually conflicting destinations are refused with bounded output and memory"
	@test -x $(GNU_TIME) || { echo "hostile-manifest: $(GNU_TIME) is missing: install GNU time (Debian package 'time', make setup)"; exit 1; }
	@mkdir -p $(HOSTILE_DIR)
	$(PYTHON) scripts/hostile-manifest.py $(HOSTILE_DIR)/conflicting.json $(HOSTILE_DESTINATIONS)
	@status=0; \
	$(GNU_TIME) -f '%M %e' -o $(HOSTILE_DIR)/time.txt \
		$(MANIFEST_CLI) manifest check $(HOSTILE_DIR)/conflicting.json >$(HOSTILE_DIR)/output.txt 2>&1 || status=$$?; \
	read -r rss seconds <<<"$$(tail -n 1 $(HOSTILE_DIR)/time.txt)"; \
	lines=$$(wc -l <$(HOSTILE_DIR)/output.txt); \
	echo "hostile-manifest: exit $$status, $$lines lines of output, peak RSS $$rss KB, $$seconds s elapsed (time not gated)"; \
	fail=0; \
	if [ "$$status" -ne 1 ]; then echo "FAIL: manifest check exited $$status, expected 1 (refused)"; fail=1; fi; \
	if ! grep -q 'conflicting\|matches' $(HOSTILE_DIR)/output.txt; then echo "FAIL: the output names no conflict"; fail=1; fi; \
	if ! grep -q 'more patterns conflict than the 20 conflicts listed' $(HOSTILE_DIR)/output.txt; then \
		echo "FAIL: the output does not say more conflicts exist"; fail=1; fi; \
	if [ "$$lines" -gt $(HOSTILE_MAX_LINES) ]; then echo "FAIL: $$lines lines of output, cap $(HOSTILE_MAX_LINES)"; fail=1; fi; \
	if [ "$$rss" -gt $(HOSTILE_MAX_RSS_KB) ]; then echo "FAIL: peak RSS $$rss KB above $(HOSTILE_MAX_RSS_KB) KB"; fail=1; fi; \
	if [ "$$fail" -ne 0 ]; then head -n 5 $(HOSTILE_DIR)/output.txt; exit 1; fi
