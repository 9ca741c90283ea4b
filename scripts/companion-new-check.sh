#!/usr/bin/env bash
# CI step companion-new-check: runs the real `rastrillo-native companion new`
# into a temporary folder and `companion check` on the result (and on
# examples/companion), then builds and tests the new companion's package.
# Every expectation is an exit status, so each line can fail.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
STRICT=${STRICT:--Xswiftc -warnings-as-errors}
# shellcheck disable=SC2086
$SWIFT build --product rastrillo-native $STRICT
tool="$($SWIFT build --show-bin-path)/rastrillo-native"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "-- companion new (local checkout) + check"
"$tool" companion new "$work/MyCompanion" --name MyCompanion --bundle-id com.example.mycompanion
"$tool" companion check "$work/MyCompanion"
if "$tool" companion check "$work/MyCompanion" --release >/dev/null 2>&1; then
    echo "error: check --release accepted placeholder bundle IDs and a local package path" >&2
    exit 1
fi

echo "-- companion new (pinned url + revision) + check --release"
"$tool" companion new "$work/Pinned" --name Pinned --bundle-id org.acme.pinned \
    --package-url https://github.com/rastrilloorg/rastrillo-native.git \
    --revision 0123456789abcdef0123456789abcdef01234567 --server https://example.org
"$tool" companion check "$work/Pinned" --release

echo "-- companion new --from notes (pinned) + check --release"
"$tool" companion new "$work/MyNotes" --from notes --name MyNotes --bundle-id org.acme.mynotes \
    --package-url https://github.com/rastrilloorg/rastrillo-native.git \
    --revision 0123456789abcdef0123456789abcdef01234567
"$tool" companion check "$work/MyNotes" --release
if [ -e "$work/MyNotes/web" ]; then
    echo "error: companion new --from notes copied the example's Go web app (web/)" >&2
    exit 1
fi

echo "-- companion new --from-app (the notes Rastrillo app fixture, pinned) + check --release"
app=Tests/Fixtures/RastrilloApps/notes
if [ -d "$app/gen" ]; then
    "$tool" companion new "$work/FromApp" --from-app "$app" --origin https://notes.example.com \
        --name FromApp --bundle-id org.acme.fromapp \
        --package-url https://github.com/rastrilloorg/rastrillo-native.git \
        --revision 0123456789abcdef0123456789abcdef01234567
    "$tool" companion check "$work/FromApp" --release
    for notes_only in NotesStackTests NotesPresentationTests NotesSignInLinkTests; do
        if [ -e "$work/FromApp/Tests/NotesCoreTests/$notes_only.swift" ]; then
            echo "error: companion new --from-app kept the notes-only test $notes_only.swift" >&2
            exit 1
        fi
    done
    if "$tool" companion new "$work/NoOrigin" --from-app "$app" --name NoOrigin --bundle-id org.acme.no \
        >/dev/null 2>&1 || [ -e "$work/NoOrigin" ]; then
        echo "error: companion new --from-app without --origin was accepted" >&2
        exit 1
    fi
    # The model's tests (the walk of every destination and command) of a local-path copy, which
    # builds against this checkout.
    "$tool" companion new "$work/FromAppLocal" --from-app "$app" --origin https://notes.example.com \
        --name FromAppLocal --bundle-id org.acme.fromapplocal >/dev/null
    # shellcheck disable=SC2086
    $SWIFT build --package-path "$work/FromAppLocal" --build-tests $STRICT
    # shellcheck disable=SC2086
    $SWIFT test --package-path "$work/FromAppLocal" $STRICT
else
    echo "error: $app/gen is missing (the Rastrillo app fixture companion new --from-app is checked with)" >&2
    exit 1
fi

echo "-- companion check examples/companion"
"$tool" companion check examples/companion

echo "-- the new companion's package builds and its tests pass"
# shellcheck disable=SC2086
$SWIFT build --package-path "$work/MyCompanion" --build-tests $STRICT
# shellcheck disable=SC2086
$SWIFT test --package-path "$work/MyCompanion" $STRICT
