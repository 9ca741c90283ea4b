#!/usr/bin/env bash
# Runs the README's quick-start commands exactly as written. They live in the
# fenced blocks between <!-- quickstart:begin --> and <!-- quickstart:end -->
# (the quick start itself, and the manifest commands).
# `make ci` itself is the run in progress, so it is not started again.
set -euo pipefail
cd "$(dirname "$0")/.."
commands=$(awk '/<!-- quickstart:begin -->/{on=1; next} /<!-- quickstart:end -->/{on=0} on && /^[^`#[:space:]]/' README.md)
[ -n "$commands" ] || { echo "error: README.md has no quick-start block (<!-- quickstart:begin --> … <!-- quickstart:end -->)" >&2; exit 1; }
cleanup=$(awk '/<!-- quickstart:cleanup /{sub(/.*<!-- quickstart:cleanup /, ""); sub(/ -->.*/, ""); print}' README.md)
ran=0
while IFS= read -r command; do
    if [ "$command" = "make ci" ]; then
        echo "quickstart: 'make ci' is this very run"
        continue
    fi
    [ -n "$cleanup" ] && rm -rf -- $cleanup
    echo "quickstart\$ $command"
    bash -euo pipefail -c "$command"
    ran=$((ran + 1))
done <<<"$commands"
[ -n "$cleanup" ] && rm -rf -- $cleanup
[ "$ran" -gt 0 ] || { echo "error: no quick-start command ran" >&2; exit 1; }
echo "quickstart: $ran command(s) ran as written"
