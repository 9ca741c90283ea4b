# The gate leaves nothing behind (issue 19). When the goals include `ci` or `ci-hygiene`, every
# process this make starts inherits RASTRILLO_CI_RUN=<run dir> and TMPDIR=<run dir>/tmp (a fresh
# folder under the caller's TMPDIR). `ci-hygiene`, the last prerequisite of `ci`, then fails if a
# process with the marker still runs, if anything is left in that TMPDIR, or if `git status
# --porcelain` changed (scripts/ci-hygiene.py). A nested make keeps the outer run's folder.
ifneq ($(filter ci ci-hygiene,$(MAKECMDGOALS)),)
ifeq ($(RASTRILLO_CI_RUN),)
RASTRILLO_CI_RUN := $(shell dir=$$(mktemp -d "$${TMPDIR:-/tmp}/rastrillo-ci-XXXXXX") && mkdir "$$dir/tmp" \
	&& git status --porcelain >"$$dir/git-status-before" && echo "$$dir")
ifeq ($(RASTRILLO_CI_RUN),)
$(error could not make the run folder for ci-hygiene under $${TMPDIR:-/tmp})
endif
export RASTRILLO_CI_RUN
export TMPDIR := $(RASTRILLO_CI_RUN)/tmp
endif
endif

.PHONY: ci-hygiene

ci-hygiene:
	@echo "== ci-hygiene: no process started by this run is left, its TMPDIR ($(TMPDIR)) is empty, git status is unchanged"
	python3 scripts/ci-hygiene.py
