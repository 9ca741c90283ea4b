#!/bin/sh
# Fails when Swift sources use standard-library or Synchronization APIs that need a newer
# OS than the package's floor (iOS 17 / macOS 14). Linux has no availability checks, so
# such a use compiles here and only breaks on Apple platforms; this list names the ones a
# Linux-first codebase reaches for. A use guarded by `if #available(...)` on the same line
# or the line above, or inside Tests/, is allowed.
set -eu
cd "$(dirname "$0")/.."
patterns='String\(validating:|\bMutex<|\bAtomic<|import Synchronization|\bUInt128\b|\bInt128\b|\bRangeSet\b|\bInlineArray\b|\bUTF8Span\b|\bSpan<|Task\.immediate|\.utf8Span\b'
found=$(grep -rnE "$patterns" --include='*.swift' Sources Plugins examples Benchmarks/Sources 2>/dev/null \
    | grep -v '/\.build/' | grep -v '#available' | grep -vE '^[^:]+:[0-9]+: *//' || true)
if [ -n "$found" ]; then
    echo "$found"
    echo "error: the lines above use APIs that need iOS 18 / macOS 15 or later; the package supports" >&2
    echo "       iOS 17 / macOS 14. Use the package's own helper (for example UTF8Text.string for" >&2
    echo "       String(validating:as:)) or guard the use with if #available." >&2
    exit 1
fi
echo "availability: no API above iOS 17 / macOS 14 used in Sources, Plugins, examples or Benchmarks"
