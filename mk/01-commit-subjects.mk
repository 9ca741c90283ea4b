# Commit subjects stay at most 72 characters (issue 25): every commit made after the pinned one
# (scripts/check-commit-subjects.sh names it; older history is grandfathered) is checked.
CI_STEPS += commit-subjects

.PHONY: commit-subjects

commit-subjects:
	@echo "== commit-subjects: every commit subject since the rule began is at most 72 characters"
	scripts/check-commit-subjects.sh
