# Every documented command runs as written (issue 19): scripts/docs-check.py runs each shell
# block of README.md, SKILL.md and docs/*.md in a fresh clone of HEAD, with `make install` into
# a temporary PREFIX on PATH. Blocks that cannot run here are listed as SKIPPED with their reason
# (the convention is in docs/contributing.md). Its self-test first shows it fails on each kind of
# break (a failing command, a contradicted expectation, a stray file, a bad directive).
CI_STEPS += docs-check

.PHONY: docs-check

docs-check:
	@echo "== docs-check: every shell block in README.md, SKILL.md and docs/*.md runs as written in a fresh clone (SKIPPED ones listed with their reason)"
	$(PYTHON) scripts/docs-check-selftest.py
	$(PYTHON) scripts/docs-check.py
