#!/usr/bin/env bash
# A fresh-machine rehearsal of the README's quick start: clones this checkout's
# committed HEAD into a temporary folder, makes the machine as fresh as it can, and
# runs the README's two quick-start commands (the first fenced block between
# <!-- quickstart:begin --> and <!-- quickstart:end -->) exactly as written, printing
# each one and its exit status. Prints what it could not make fresh.
#
#   scripts/fresh-clone-check.sh
#
# Made fresh: the clone (no .build: no SwiftPM build, no project venv, so the pinned
# Python tools and Go are installed again), Go's caches (GOCACHE/GOPATH in the temporary
# folder), pip's cache (PIP_NO_CACHE_DIR), and, when root, the apt packages in
# FRESH_REMOVE_APT (default: node-typescript time), removed so `make ci` must reinstall
# them. Packages other sessions on this machine may be using right now (libssl-dev,
# nodejs, pkg-config, python3-venv) are left alone unless listed there.
# It builds and runs the whole gate: on a shared machine run it under the exclusive
# lock (flock -x /work/heavy.lock scripts/fresh-clone-check.sh). Exit status: 0 when
# every command exited 0.
set -uo pipefail
source_repo=$(cd "$(dirname "$0")/.." && pwd)
remove_apt=${FRESH_REMOVE_APT-node-typescript time}
work=$(mktemp -d "${TMPDIR:-/tmp}/fresh-clone.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "fresh-clone: cloning $source_repo (HEAD $(git -C "$source_repo" rev-parse --short HEAD)) into $work/clone"
git clone -q "$source_repo" "$work/clone" || exit 1
# The project's references sit beside its checkout (../shared: the Apple SDK tool among them), on
# this machine as on CI's; the clone gets the same neighbour, so apple-typecheck runs there too.
if [ -d "$source_repo/../shared" ]; then
    ln -s "$(cd "$source_repo/../shared" && pwd)" "$work/shared"
    echo "fresh-clone: ../shared beside the clone is $(cd "$source_repo/../shared" && pwd), as beside $source_repo"
fi
cd "$work/clone" || exit 1

not_fresh=()
export GOCACHE="$work/go-cache" GOPATH="$work/go-path" PIP_NO_CACHE_DIR=1
echo "fresh-clone: new project venv and Go (the clone has no .build/tools/venv); GOCACHE, GOPATH and pip's cache are new"
if [ -n "$remove_apt" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        for package in $remove_apt; do
            if dpkg -s "$package" >/dev/null 2>&1; then
                echo "fresh-clone: removing $package (apt-get remove) so make ci must install it again"
                DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq -o DPkg::Lock::Timeout=600 "$package" \
                    >/dev/null 2>&1 || not_fresh+=("$package (apt-get remove failed)")
            fi
        done
    else
        not_fresh+=("apt packages $remove_apt (not root, or no apt-get: left installed)")
    fi
fi
not_fresh+=(
    "the Swift toolchain (/opt/swift) and SwiftPM's caches in ~/.cache"
    "apt packages other sessions may be using: libssl-dev, nodejs, pkg-config, python3-venv, binutils"
)

commands=$(awk '/<!-- quickstart:begin -->/{on=1; next} /<!-- quickstart:end -->/{if (on) exit} on && /^[^`#[:space:]]/' README.md)
[ -n "$commands" ] || {
    echo "fresh-clone: README.md has no quick-start block (<!-- quickstart:begin --> … <!-- quickstart:end -->)" >&2
    exit 1
}
failed=0
while IFS= read -r command; do
    echo "fresh-clone\$ $command"
    start=$(date +%s)
    status=0
    bash -euo pipefail -c "$command" </dev/null || status=$?
    echo "fresh-clone: exit $status after $(($(date +%s) - start)) s: $command"
    [ "$status" = 0 ] || failed=1
done <<<"$commands"

echo "fresh-clone: could not make fresh:"
for item in "${not_fresh[@]}"; do echo "  - $item"; done
[ "$failed" = 0 ] && echo "fresh-clone: every quick-start command exited 0" || echo "fresh-clone: a quick-start command failed"
exit "$failed"
