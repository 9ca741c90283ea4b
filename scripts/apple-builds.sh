#!/usr/bin/env bash
# Apple builds of the companion: `companion new` into a temporary folder,
# `xcodegen generate`, then unsigned iOS Simulator and macOS builds; then the
# same for the notes companion (examples/notes, its project generated in place
# and removed afterwards).
# Without Xcode and XcodeGen (Linux), each step prints one SKIPPED line:
# a skip is never reported as a pass.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v xcodebuild >/dev/null || ! command -v xcodegen >/dev/null; then
    echo "SKIPPED: xcodegen generate (needs Xcode)"
    echo "SKIPPED: Apple builds, iOS Simulator (needs Xcode)"
    echo "SKIPPED: Apple builds, macOS (needs Xcode)"
    echo "SKIPPED: notes: xcodegen generate (needs Xcode)"
    echo "SKIPPED: notes: Apple builds, iOS Simulator (needs Xcode)"
    echo "SKIPPED: notes: Apple builds, macOS (needs Xcode)"
    exit 0
fi
SWIFT=${SWIFT:-swift}
$SWIFT build --product rastrillo-native
tool="$($SWIFT build --show-bin-path)/rastrillo-native"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
app=MyCompanion
"$tool" companion new "$work/$app" --name "$app" --bundle-id com.example.mycompanion
"$tool" companion check "$work/$app"

echo "== xcodegen generate"
xcodegen generate --spec "$work/$app/project.yml"

echo "== Apple builds, iOS Simulator (unsigned)"
xcodebuild -project "$work/$app/$app.xcodeproj" -scheme "$app" \
    -destination 'generic/platform=iOS Simulator' CODE_SIGNING_ALLOWED=NO build

echo "== Apple builds, macOS (unsigned)"
xcodebuild -project "$work/$app/$app.xcodeproj" -scheme "$app" \
    -destination 'platform=macOS' CODE_SIGNING_ALLOWED=NO build

# The notes companion's project is generated in place (its paths, the package at ../.., are
# relative to examples/notes); the project is removed afterwards.
trap 'rm -rf "$work" examples/notes/Notes.xcodeproj' EXIT
echo "== notes: xcodegen generate"
xcodegen generate --spec examples/notes/project.yml

echo "== notes: Apple builds, iOS Simulator (unsigned)"
xcodebuild -project examples/notes/Notes.xcodeproj -scheme Notes \
    -destination 'generic/platform=iOS Simulator' CODE_SIGNING_ALLOWED=NO build

echo "== notes: Apple builds, macOS (unsigned)"
xcodebuild -project examples/notes/Notes.xcodeproj -scheme Notes \
    -destination 'platform=macOS' CODE_SIGNING_ALLOWED=NO build
