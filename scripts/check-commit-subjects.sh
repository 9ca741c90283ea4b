#!/usr/bin/env bash
# Commit subjects stay at most 72 characters (issue 25). Older history is grandfathered: only
# commits that are not ancestors of the pinned commit AND were committed after it are checked,
# so commits made on other branches before the rule existed pass when they are merged, and every
# commit made since, on any branch, is held to it. Run by `make commit-subjects` (make ci).
# Usage: scripts/check-commit-subjects.sh [revision, default HEAD]
set -euo pipefail
cd "$(dirname "$0")/.."
# Where the rule begins: main's merge that brought it in ("Merge branch 'h1-truths'"); two
# commits made on other branches before that merge, with longer subjects, are grandfathered.
PIN=${COMMIT_SUBJECTS_PIN:-78ace4022457996492ab5aead78e352c89d02ac3}
LIMIT=72
# Commits made on other branches in the session that introduced the rule, before the rule
# reached them; they are in main's history through merges, so they cannot be reworded without
# rewriting it. No other commit is excused.
EXCUSED="bb1ab7bdc220d750c1662bb6ee31f4edbbd221fa ada09ad583dfb10477a06604cbda0affac977358
a50cbe09adffd07ee13a6cf9b0230cbfbbcc2e69 2f42a834598677d4d8ee4d268725412af608ea9e"
head=${1:-HEAD}
if ! git cat-file -e "$PIN^{commit}" 2>/dev/null; then
    if [ "$(git rev-parse --is-shallow-repository)" = true ]; then
        echo "SKIPPED: commit-subjects: this is a shallow clone without the pinned commit $PIN (git fetch --unshallow to check)"
        exit 0
    fi
    echo "commit-subjects: the pinned commit $PIN is not in this clone's history: fetch the full history"
    exit 1
fi
pin_time=$(git log -1 --format=%ct "$PIN")
checked=0
long=0
while IFS=$'\t' read -r hash time subject; do
    [ "$time" -gt "$pin_time" ] || continue
    checked=$((checked + 1))
    length=$(printf '%s' "$subject" | wc -m)
    if [ "$length" -gt "$LIMIT" ]; then
        long=$((long + 1))
        echo "commit-subjects: $hash's subject has $length characters (at most $LIMIT): $subject"
    fi
done < <(git log --format=$'%H\t%ct\t%s' "$PIN..$head" | grep -v -F -f <(tr ' ' '\n' <<<"$EXCUSED"))
if [ "$long" -gt 0 ]; then
    echo "commit-subjects: $long of $checked commit(s) after $PIN have subjects over $LIMIT characters: reword them (git rebase -i) before merging"
    exit 1
fi
echo "commit-subjects: $checked commit(s) after $PIN, every subject at most $LIMIT characters"
