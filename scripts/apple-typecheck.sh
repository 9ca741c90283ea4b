#!/usr/bin/env bash
# Type-checks the Apple-only code (every `#if canImport` branch of the package's app-facing
# modules, each examples/*/project.yml app, the Go Mobile sample, the macOS host tools) for
# iOS 17 and macOS 14 against Darwin SDKs, on Linux, with ../shared/tools/apple-sdk/check.sh.
# - On a Mac with Xcode the real builds (`make apple`) compile all of it: this step says so.
# - Without the tool or its prepared SDKs it prints one SKIPPED line (a skip is never a pass);
#   ../shared/tools/apple-sdk/README.md says how to prepare them (two fetches, prepare.sh).
# - Otherwise it runs check.sh, whose last line is the summary, and fails on any error: for iOS
#   and macOS side by side (two check.sh runs, APPLE_TYPECHECK_JOBS=1 for one after the other),
#   then one summary over both.
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
if [ $# -gt 0 ] || [ "${APPLE_TYPECHECK_JOBS:-2}" -lt 2 ]; then
    exec "$tool/check.sh" "$@"
fi
# Both platforms side by side (APPLE_TYPECHECK_JOBS=1: one after the other, as check.sh runs them):
# each check.sh types-checks its own copy of the tree, one swiftc at a time. Their outputs are
# printed whole, iOS first, then one summary over both, in check.sh's words.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for platform in ios macos; do
    "$tool/check.sh" "$platform" >"$work/$platform.out" 2>&1 &
    echo $! >"$work/$platform.pid"
done
status=0
for platform in ios macos; do
    wait "$(cat "$work/$platform.pid")" || status=1
    echo "-- apple-typecheck: $platform"
    cat "$work/$platform.out"
done
ok=$(cat "$work/ios.out" "$work/macos.out" | grep -c ': ok' || true)
failed=$(cat "$work/ios.out" "$work/macos.out" | grep -c ': FAILED' || true)
errors=$(cat "$work/ios.out" "$work/macos.out" | grep -E ': error:' | sort -u | grep -c . || true)
summaries=$(cat "$work/ios.out" "$work/macos.out" | grep -c '^apple-sdk: [0-9]* checks ok' || true)
if [ "$summaries" -ne 2 ]; then
    echo "apple-typecheck: a platform's check.sh ended without its summary line (see its output above)"
    status=1
fi
echo "apple-sdk: $ok checks ok, $failed failed (over all platforms); $errors distinct error(s)"
exit "$status"
