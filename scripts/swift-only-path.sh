#!/usr/bin/env bash
# Prints a PATH on which python3 and node (and the tools that need them) resolve to nothing, so
# `make swift-test` shows that `swift test` needs only Swift (issue 25): <dir> is filled with a
# link to every program on the current PATH except python*, pip*, node*, nodejs, npm*, npx and
# tsc (the first of each name, as PATH lookup finds it), and is the whole PATH printed.
# Usage: PATH="$(scripts/swift-only-path.sh <dir>)" swift test
set -euo pipefail
dir=${1:?usage: scripts/swift-only-path.sh <dir>}
rm -rf "$dir" && mkdir -p "$dir"
IFS=: read -r -a entries <<<"$PATH"
for entry in "${entries[@]}"; do
    [ -d "$entry" ] || continue
    for program in "$entry"/*; do
        name=${program##*/}
        case "$name" in python* | pip* | node* | nodejs | npm* | npx | tsc) continue ;; esac
        [ -x "$program" ] && [ ! -d "$program" ] || continue
        [ -e "$dir/$name" ] || [ -L "$dir/$name" ] || ln -s "$program" "$dir/$name"
    done
done
for absent in python3 python node tsc; do
    if PATH="$dir" command -v "$absent" >/dev/null 2>&1; then
        echo "swift-only-path: $absent is still on the PATH built in $dir" >&2
        exit 1
    fi
done
echo "$dir"
