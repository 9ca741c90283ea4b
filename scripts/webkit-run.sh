#!/usr/bin/env bash
# scripts/webkit-run.sh SCRIPT [ARGS…]: runs a harness script that embeds real WebKit (Debian's
# WebKitGTK: tools/web-screen-harness/webkit_questions.py, webkit_screenshots.py) headless under
# xvfb-run, with Debian's /usr/bin/python3 (python3-gi is built for it, not for the project
# venv's Python). Fails, never skips, on Linux when WebKitGTK is missing: `make setup` installs
# it. On a Mac there is no WebKitGTK; WKWebView itself is what the device checks show.
set -euo pipefail
cd "$(dirname "$0")/.."
script=${1:?usage: scripts/webkit-run.sh SCRIPT [ARGS…]}
shift
name=$(basename "$script" .py)
if [ "$(uname -s)" != Linux ]; then
    echo "SKIPPED: $name (needs WebKitGTK, Linux only; on a Mac WKWebView is checked by the app builds)"
    exit 0
fi
python=/usr/bin/python3
if ! "$python" -c 'import gi; gi.require_version("WebKit2", "4.1"); gi.require_version("Gtk", "3.0"); from gi.repository import WebKit2' 2>/dev/null \
    || ! "$python" -c 'import cryptography, gi; gi.require_foreign("cairo")' 2>/dev/null || ! command -v xvfb-run >/dev/null; then
    echo "$name: WebKitGTK for Python is missing: run make setup (apt-get install gir1.2-webkit2-4.1 python3-gi python3-gi-cairo python3-cryptography xvfb xauth)" >&2
    exit 1
fi
# Software rendering in a headless X server; no accessibility bus or GPU is wanted.
export WEBKIT_DISABLE_COMPOSITING_MODE=1 NO_AT_BRIDGE=1 LIBGL_ALWAYS_SOFTWARE=1
exec xvfb-run -a -s "-screen 0 1280x1024x24" "$python" -W ignore::DeprecationWarning "$script" "$@"
