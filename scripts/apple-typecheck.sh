#!/usr/bin/env bash
# Type-checks the Apple-only code (every `#if canImport` branch of the package's app-facing
# modules, each examples/*/project.yml app, the Go Mobile sample, the macOS host tools) for
# iOS 17 and macOS 14 against Darwin SDKs, on Linux, with ../shared/tools/apple-sdk/check.sh.
# - On a Mac with Xcode the real builds (`make apple`) compile all of it: this step says so.
# - Without the tool or its prepared SDKs it prints one SKIPPED line (a skip is never a pass);
#   ../shared/tools/apple-sdk/README.md says how to prepare them (two fetches, prepare.sh).
# - Otherwise it runs check.sh, whose last line is the summary, and fails on any error.
set -euo pipefail
cd "$(dirname "$0")/.."
tool=../shared/tools/apple-sdk
if command -v xcodebuild >/dev/null && command -v xcodegen >/dev/null; then
    echo "apple-typecheck: superseded by the Xcode builds (make apple compiles the package and both companions for iOS Simulator and macOS)"
    exit 0
fi
if [ ! -x "$tool/check.sh" ]; then
    echo "SKIPPED: apple-typecheck (no Darwin SDK: see ../shared/tools/apple-sdk/README.md; the tool itself is missing here)"
    exit 0
fi
cache=${RASTRILLO_APPLE_SDK:-${XDG_CACHE_HOME:-$HOME/.cache}/rastrillo-apple-sdk}
if [ ! -d "$cache/sdks/iPhoneOS17.4.sdk/usr" ] || [ ! -d "$cache/sdks/macOS14.0.sdk/usr" ]; then
    echo "SKIPPED: apple-typecheck (no Darwin SDK: see ../shared/tools/apple-sdk/README.md)"
    exit 0
fi
exec "$tool/check.sh" "$@"
